// Exercise 12: command line, inputs and the three parts. The OpenCL work is in memory_objects.cpp;
// the refusals, the timing table and the lifetime lines in report.cpp.
#include <climits>
#include <iostream>

#include "hoc/cli/main.hpp"
#include "hoc/common/data.hpp"
#include "hoc/common/reference.hpp"
#include "hoc/measure/timeline.hpp"
#include "memory_objects.hpp"
#include "report.hpp"

int main(int argc, char** argv)
try {
    hoc::CommandLine cli(HOC_FOLDER, HOC_TITLE);
    std::size_t n = 1 << 22;
    hoc::Repeats repeats;  // one warm-up, then the timed runs
    std::vector<std::string> flags = {"copy", "use", "alloc"};
    cli.sizeOption("-n,--size", n, "Vector length", INT_MAX);
    cli.option("--repeats", repeats.runs, "Timed runs per flag (the median is shown), after one warm-up", 1, 1000);
    cli.listOption("--flags", flags, "Buffer flags to compare", {"copy", "use", "alloc"});

    if (const auto stop = cli.parse(argc, argv))  // --help, --list or a bad command line
        return *stop;

    const cl::Device device = cli.device();
    hoc::Report report = cli.report(device);

    requireMemory(device, n);  // exit status 2 where the device or the host cannot hold them
    const auto a = hoc::randomFloats(n, 1), b = hoc::randomFloats(n, 2);
    const auto expected = hoc::ref::vadd(a, b);
    const std::string size = "N = " + std::to_string(n);

    const auto results = vaddWithFlags(device, a, b, hostMemories(flags), repeats);
    reportFlags(report, results, expected, repeats.runs);

    std::cout << "\nNon-blocking commands:\n";
    for (const WaitBy how : {WaitBy::Finish, WaitBy::Event, WaitBy::BlockingRead}) {
        const NonBlockingRun r = vaddNonBlocking(device, a, b, how);
        std::cout << "  kernel status right after its enqueue returned: " << hoc::eventStatusName(r.kernel_status)
                  << "\n";
        const auto check = hoc::compare(expected, r.c);
        report.add({"C after waiting by " + waitName(how), size, check.ok, check.message(), 0, 0, "", {}});
    }
    // Host memory lifetime: what a non-blocking write sends when its host vector is gone too early.
    std::cout << "\nHost memory lifetime (a non-blocking write from a vector that goes out of scope):\n";
    const LifetimeRun early = writeFromShortLivedVector(device, a, HostLifetime::DiesTooEarly);
    printTooEarly(early, a);
    const LifetimeRun waited = writeFromShortLivedVector(device, a, HostLifetime::WaitThenDie);
    const auto copied = hoc::compare(a, waited.device_copy);
    const std::string name = "A in the buffer when " + lifetimeName(HostLifetime::WaitThenDie);
    report.add({name, size, copied.ok, copied.message(), 0, 0, "", {}});
    return cli.finish(report);  // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
