// Exercise 12: command line, inputs, checks and the timing table. The OpenCL work is in memory_objects.cpp.
#include <algorithm>
#include <climits>
#include <cstdio>
#include <iostream>

#include "hoc/common/data.hpp"
#include "hoc/cli/main.hpp"
#include "hoc/common/reference.hpp"
#include "hoc/measure/timeline.hpp"
#include "memory_objects.hpp"
#include "short_lived_vector.hpp"

int main(int argc, char** argv)
try {
    hoc::CommandLine cli("Exercise12_MemoryObjects", "Exercise 12: buffer flags, maps and non-blocking commands");
    std::size_t n = 1 << 22;
    long runs = 5;
    std::vector<std::string> flags = {"copy", "use", "alloc"};
    cli.sizeOption("-n,--size", n, "Vector length", INT_MAX);
    cli.option("--repeats", runs, "Timed runs per flag (the median is shown), after one warm-up", 1, 1000);
    cli.listOption("--flags", flags, "Buffer flags to compare", {"copy", "use", "alloc"});

    if (const auto stop = cli.parse(argc, argv))  // --help, --list or a bad command line
        return *stop;

    const cl::Device device = cli.device();
    hoc::Report report = cli.report(device);

    hoc::requireBuffers(device, n * sizeof(float), 3, "N = " + std::to_string(n));
    // Held at once on the host: A, B, the reference, C of each of the three flags, and during the
    // later runs a fourth C, the short-lived vector and the two copies the device sent back (and on a
    // CPU device the three buffers).
    hoc::requireHostMemory(hoc::hostBytes(device, 10.0 * sizeof(float) * static_cast<double>(n),
                                          3.0 * sizeof(float) * static_cast<double>(n)),
                           "N = " + std::to_string(n));
    const auto a = hoc::randomFloats(n, 1), b = hoc::randomFloats(n, 2);
    const auto expected = hoc::ref::vadd(a, b);
    const std::string size = "N = " + std::to_string(n);
    const double bytes = 3.0 * sizeof(float) * n;

    std::vector<HostMemory> which;
    for (const auto& f : flags)
        which.push_back(f == "copy" ? HostMemory::Copy : f == "use" ? HostMemory::Use : HostMemory::Alloc);
    const hoc::Repeats repeats{1, static_cast<int>(runs)};  // one warm-up
    const auto results = vaddWithFlags(device, a, b, which, repeats);

    for (const auto& r : results) {
        const auto check = hoc::compare(expected, r.c);
        // The rate counts the whole round trip, buffers to results, as a user of the answer sees it.
        report.add({"C = A + B with " + flagName(r.flag),
                    size,
                    check.ok,
                    check.message(),
                    r.times.total_s,
                    hoc::gbps(bytes, r.times.total_s),
                    "GB/s (round trip)",
                    {{"setup_s", r.times.setup_s}, {"kernel_s", r.times.kernel_s}, {"results_s", r.times.results_s}}});
    }
    std::printf("\nmilliseconds, median of %d runs     setup    kernel   results     total\n", repeats.runs);
    for (const auto& r : results)
        std::printf("  %-30s %9.3f %9.3f %9.3f %9.3f\n", flagName(r.flag).c_str(), r.times.setup_s * 1e3,
                    r.times.kernel_s * 1e3, r.times.results_s * 1e3, r.times.total_s * 1e3);

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
    const auto poisoned = static_cast<std::size_t>(
        std::count(early.device_copy.begin(), early.device_copy.end(), poisonValue()));
    std::cout << "  " << lifetimeName(HostLifetime::DiesTooEarly) << ": the device got ";
    if (poisoned == n)
        std::cout << "the poison in all " << n
                  << " elements: the write read the vector's memory after the vector was gone\n";
    else if (hoc::compare(a, early.device_copy).ok)
        std::cout << "A: this implementation copied the vector when the write was enqueued (allowed, not promised)\n";
    else
        std::cout << poisoned << " elements of poison and " << n - poisoned << " others\n";
    const LifetimeRun waited = writeFromShortLivedVector(device, a, HostLifetime::WaitThenDie);
    const auto copied = hoc::compare(a, waited.device_copy);
    report.add({"A in the buffer when " + lifetimeName(HostLifetime::WaitThenDie),
                size,
                copied.ok,
                copied.message(),
                0,
                0,
                "",
                {}});
    return cli.finish(report);  // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
