// Exercise 15, part 2: command line, choosing the two devices, checking, and what the events say.
// The OpenCL work is in shared_context.cpp.
#include <climits>
#include <cstdio>
#include <iostream>

#include "hoc/common/data.hpp"
#include "hoc/common/device.hpp"
#include "hoc/common/host_memory.hpp"
#include "hoc/common/limits.hpp"
#include "hoc/cli/main.hpp"
#include "hoc/measure/timeline.hpp"
#include "shared_context.hpp"

int main(int argc, char** argv)
try {
    hoc::CommandLine cli(HOC_FOLDER, HOC_TITLE);
    std::size_t n = 1 << 20;
    std::string want = "auto";
    long hold_ms = 20;
    cli.sizeOption("-n,--size", n, "Vector length", INT_MAX);
    cli.choice("--pair", want,
               "Where the two devices come from: 'auto' (another device of the platform, else two sub-devices, "
               "else two queues on the device), 'platform', 'subdevices' or 'queues'",
               {"auto", "platform", "subdevices", "queues"});
    cli.option("--hold", hold_ms,
               "Milliseconds the host holds device 0's kernel back, both queues flushed (0: no hold, for oclgrind)", 0,
               60000);

    if (const auto stop = cli.parse(argc, argv))  // --help, --list or a bad command line
        return *stop;

    const cl::Device device = cli.device();
    hoc::Report report = cli.report(device);

    const DevicePair pair = pickPair(device, want);
    std::cout << "Devices: " << pair.how << "\n"
              << "  device 0: " << hoc::deviceLabel(pair.devices[0]) << hoc::subDeviceNote(pair.devices[0]) << "\n"
              << "  device 1: " << hoc::deviceLabel(pair.devices[1]) << hoc::subDeviceNote(pair.devices[1]) << "\n";
    requireChainMemory(pair, n);
    // Six vectors of N on the host, with X, Y and Z where the device's memory is the host's.
    const double vector = sizeof(float) * static_cast<double>(n);
    hoc::requireHostMemory(hoc::hostBytes(device, 6 * vector, 3 * vector), "N = " + std::to_string(n));
    const std::string size = "N = " + std::to_string(n);
    std::cout << (pair.kind == PairKind::OneDevice ? "One context, two queues on the device"
                                                   : "One context over both devices, a queue on each")
              << "; X, Y and Z made once in the context, " << size << "\n"
              << "  device 0: Y = X * X (square); device 1, after square's event: Z[i] = Y[i] + Y[i + 1] "
                 "(neighbour_sum)\n";

    const auto x = hoc::randomFloats(n, 1, -1, 1);
    const ChainReference expected = chainReference(x);
    ChainOptions options;
    options.hold_s = static_cast<double>(hold_ms) * 1e-3;
    const ChainResult r = squareThenSum(pair, x, options);

    if (r.held)
        std::printf("\nHeld %ld ms behind a user event, both queues flushed:\n"
                    "  square        on device 0: %s (held back by the user event)\n"
                    "  neighbour_sum on device 1: %s (should be waiting for square's event)\n",
                    hold_ms, hoc::eventStatusName(r.square_held).c_str(), hoc::eventStatusName(r.sum_held).c_str());
    else
        std::cout << "\nNot held (--hold 0): the statuses during a hold were not looked at\n";
    std::printf("The gate opened; the host waited once, for the read of Z. From the profiling events:\n"
                "  kernel          device   queued to start    running   (ms, each on its device's clock)\n"
                "  square               0   %15.3f %10.3f\n"
                "  neighbour_sum        1   %15.3f %10.3f\n",
                static_cast<double>(r.square.start - r.square.queued) * 1e-6, r.square.runSeconds() * 1e3,
                static_cast<double>(r.sum.start - r.sum.queued) * 1e-6, r.sum.runSeconds() * 1e3);
    if (sameClock(pair))
        std::printf("  one device, one clock: neighbour_sum started %.3f ms after square ended\n",
                    (static_cast<double>(r.sum.start) - static_cast<double>(r.square.end)) * 1e-6);
    else
        std::cout << "  two devices, two clocks (a timestamp is its own device's time counter): the order is\n"
                     "  shown by the hold, not by comparing the two devices' timestamps\n";

    report.add({"Y = X * X on device 0",
                size,
                hoc::compare(expected.y, r.y).ok,
                hoc::compare(expected.y, r.y).message(),
                0,
                0,
                "",
                {}});
    const hoc::CheckResult zCheck = hoc::compare(expected.z, r.z);
    report.add({"Z[i] = Y[i] + Y[i + 1] on device 1", size, zCheck.ok, zCheck.message(), r.wall_s, 0, "", {}});
    const std::string problem = orderProblem(pair, r);
    report.add({"neighbour_sum waited for square's event",
                "",
                problem.empty(),
                problem.empty() ? (r.held ? "neither kernel had started when the hold ended"
                                          : "not held: only the results are checked")
                                : problem,
                0,
                0,
                "",
                {}});
    return cli.finish(report);  // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
