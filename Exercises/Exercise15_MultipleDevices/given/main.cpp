// Exercise 15: command line, choosing the devices, checking and the table of shares.
// The OpenCL work is in multi_device.cpp.
#include <cstdio>
#include <iostream>

#include "hoc/common/data.hpp"
#include "hoc/matmul/dims.hpp"
#include "hoc/cli/main.hpp"
#include "multi_device.hpp"

int main(int argc, char** argv)
try {
    hoc::CommandLine cli("Exercise15_MultipleDevices", "Exercise 15: one matrix multiplication over several devices");
    std::vector<std::size_t> dims = {256};
    std::string split = "subdevices";
    std::size_t parts = 2;
    cli.sizesOption("--dims", dims, "Matrix sizes: N (square) or M,N,K");
    cli.choice("--split", split,
               "Devices to use: 'subdevices' (the chosen device in parts), 'platform' (every device of its "
               "platform), 'all' (every device), 'one' (the chosen device alone)",
               {"subdevices", "platform", "all", "one"});
    cli.sizeOption("--parts", parts, "How many sub-devices for --split subdevices", 1024);

    if (const auto stop = cli.parse(argc, argv))  // --help, --list or a bad command line
        return *stop;

    const auto d = hoc::matmul::dimsFrom(dims);  // sizes the kernels cannot index: exit 2
    const cl::Device device = cli.device();
    hoc::Report report = cli.report(device);
    // A, B, C and the check's reference on the host, before any of them is made.
    hoc::matmul::requireHostMemory(d, "--dims " + d.text());
    std::vector<cl::Device> devices;
    if (split == "subdevices") {
        DeviceSet set = subDevices(device, parts);
        if (!set.note.empty())
            std::cout << "note: " << set.note << "\n";
        devices = std::move(set.devices);
    } else if (split == "platform") {
        cl::Platform(device.getInfo<CL_DEVICE_PLATFORM>()).getDevices(CL_DEVICE_TYPE_ALL, &devices);
    } else if (split == "all") {
        for (const auto& entry : hoc::allDevices())
            devices.push_back(entry.device);
    } else {
        devices = {device};
    }
    std::cout << "Splitting over " << devices.size() << (devices.size() == 1 ? " device\n" : " devices\n");

    const auto a = hoc::randomFloats(d.m * d.k, 1, -1, 1), b = hoc::randomFloats(d.k * d.n, 2, -1, 1);
    const SplitResult r = splitMatmul(devices, a, b, d);

    std::printf("  %-3s %13s %7s %15s %11s %11s   %s\n", "#", "rows of C", "share", "speed (rows/s)", "kernel ms",
                "busy ms", "device");
    for (std::size_t i = 0; i < r.shares.size(); ++i) {
        const auto& s = r.shares[i];
        const std::string range = s.rows ? std::to_string(s.first_row) + "-" + std::to_string(s.first_row + s.rows - 1)
                                         : "none";
        std::string what = s.device;
        if (devices[i].getInfo<CL_DEVICE_PARENT_DEVICE>()() != nullptr) {
            const auto units = devices[i].getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>();
            what += ", sub-device with " + std::to_string(units) + (units == 1 ? " compute unit" : " compute units");
        }
        std::printf("  %-3zu %13s %6.1f%% %15.1f %11.3f %11.3f   %s\n", i, range.c_str(),
                    100.0 * static_cast<double>(s.rows) / static_cast<double>(d.m), s.speed, s.kernel_s * 1e3,
                    s.busy_s * 1e3, what.c_str());
    }
    // "devices": how many whole devices did the work (sub-devices of one device count as one), so
    // that script/run does not report a split over several devices against one device's roof.
    const double wholeDevices = split == "subdevices" ? 1.0 : static_cast<double>(devices.size());
    report.flops("C = A * B over " + std::to_string(devices.size()) + (devices.size() == 1 ? " device" : " devices"),
                 d.text(), hoc::matmul::check(a, b, r.c, d), {0, r.wall_s}, d.flops(), {{"devices", wholeDevices}});
    return cli.finish(report);  // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
