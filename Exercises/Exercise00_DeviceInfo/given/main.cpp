// Exercise 0: print every platform and device. The queries are in device_info.cpp; how a device is
// printed in print.cpp.
#include <iostream>

#include "device_info.hpp"
#include "hoc/cli/main.hpp"
#include "hoc/common/device.hpp"
#include "print.hpp"

int main(int argc, char** argv)
try {
    hoc::CommandLine cli(HOC_FOLDER, HOC_TITLE);

    if (const auto stop = cli.parse(argc, argv))  // --help, --list or a bad command line
        return *stop;

    cli.checkDeviceOptions();
    hoc::Report report = cli.report();

    hoc::allDevices();  // no platform at all: stops here with install advice
    const auto platforms = describeAll();
    for (std::size_t p = 0; p < platforms.size(); ++p) {
        std::cout << "Platform " << p << ": " << platforms[p].name << "\n"
                  << "  Vendor:  " << platforms[p].vendor << "\n"
                  << "  Version: " << platforms[p].version << "\n";
        for (std::size_t d = 0; d < platforms[p].devices.size(); ++d) {
            const DeviceFacts& facts = platforms[p].devices[d];
            print(facts, d);
            const bool read = complete(facts);  // a device whose queries came back empty is wrong
            report.add({"Platform " + std::to_string(p) + ", device " + std::to_string(d),
                        "",
                        read,
                        read ? "every fact read" : "some facts are missing (see the TODOs)",
                        0,
                        0,
                        "",
                        {}});
        }
    }
    return cli.finish(report);  // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
