// Exercise 0: print every platform and device. The queries are in device_info.cpp.
#include <iomanip>
#include <iostream>

#include "device_info.hpp"
#include "hoc/common/device.hpp"
#include "hoc/cli/main.hpp"

namespace {

std::string bytes(cl_ulong n)
{
    std::ostringstream s;
    s << std::fixed << std::setprecision(1);
    if (n >= (cl_ulong{1} << 30))
        s << n / double(1 << 30) << " GiB";
    else
        s << n / 1024.0 << " KiB";
    return s.str();
}

void print(const DeviceFacts& d, std::size_t index)
{
    auto row = [](const char* label) -> std::ostream& {
        return std::cout << "    " << std::left << std::setw(24) << label;
    };
    std::cout << "  Device " << index << ": " << d.name << "\n";
    row("Type:") << hoc::deviceTypeName(d.type) << "\n";
    row("Vendor:") << d.vendor << "\n";
    row("Version:") << d.version << "\n";
    row("OpenCL C version:") << d.openclCVersion << "\n";
    row("Compute units:") << d.computeUnits << "\n";
    row("Max clock:") << d.clockMHz << " MHz\n";
    row("Global memory:") << bytes(d.globalMemBytes) << "\n";
    row("Local memory:") << bytes(d.localMemBytes) << "\n";
    row("Max work-group size:") << d.maxWorkGroupSize << "\n";
    row("Max work-item sizes:");
    for (std::size_t i = 0; i < d.maxWorkItemSizes.size(); ++i)
        std::cout << (i ? " x " : "") << d.maxWorkItemSizes[i];
    std::cout << "\n";
    row("Preferred float vector:") << d.preferredFloatWidth << "\n";
}

}  // namespace

int main(int argc, char** argv)
try {
    hoc::CommandLine cli("Exercise00_DeviceInfo", "Exercise 0: the OpenCL platforms and devices on this machine");

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
            // A device whose queries came back empty is reported as wrong.
            const bool complete = !facts.name.empty() && facts.computeUnits > 0 && facts.maxWorkGroupSize > 0 &&
                                  !facts.maxWorkItemSizes.empty() && facts.globalMemBytes > 0;
            report.add({"Platform " + std::to_string(p) + ", device " + std::to_string(d),
                        "",
                        complete,
                        complete ? "every fact read" : "some facts are missing (see the TODOs)",
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
