// Exercise 15: command line, inputs and the check. The OpenCL work is in multi_device.cpp; choosing
// the devices and the table of shares in devices.cpp.
#include "devices.hpp"
#include "hoc/cli/main.hpp"
#include "hoc/common/data.hpp"
#include "hoc/matmul/dims.hpp"
#include "hoc/matmul/matmul_host.hpp"
#include "hoc/matmul/matmul.hpp"
#include "multi_device.hpp"

int main(int argc, char** argv)
try {
    hoc::CommandLine cli(HOC_FOLDER, HOC_TITLE);
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
    // A, B, C and the check's reference on the host (and the buffers, where the device's memory is the
    // host's), before any of them is made.
    hoc::matmul::requireHostMemory(device, d, "--dims " + d.text());
    const std::vector<cl::Device> devices = chooseDevices(device, split, parts);

    const auto a = hoc::randomFloats(d.m * d.k, 1, -1, 1), b = hoc::randomFloats(d.k * d.n, 2, -1, 1);
    const SplitResult r = splitMatmul(devices, a, b, d);

    printShares(r, devices, d);
    // "devices": how many whole devices did the work (sub-devices of one device count as one), so
    // that script/run does not report a split over several devices against one device's roof.
    const double wholeDevices = split == "subdevices" ? 1.0 : static_cast<double>(devices.size());
    report.flops("C = A * B over " + std::to_string(devices.size()) + (devices.size() == 1 ? " device" : " devices"),
                 d.text(), hoc::matmul::check(a, b, r.c, d), {0, r.wall_s}, d.flops(), {{"devices", wholeDevices}});
    return cli.finish(report);  // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
