#include "reduce_report.hpp"

#include <climits>

#include "hoc/common/data.hpp"
#include "hoc/common/device.hpp"
#include "hoc/common/float_sum.hpp"
#include "hoc/common/host_memory.hpp"
#include "hoc/common/names.hpp"
#include "hoc/measure/bandwidth.hpp"

void addOptions(hoc::CommandLine& cli, DriverOptions& o)
{
    for (int p = 12; p <= 26; ++p)
        o.sizes.push_back(std::size_t{1} << p);
    const std::vector<std::string> names = hoc::namesOf(reduceKernels(), kernelName);
    o.kernels = names;
    cli.sizesOption("--sizes", o.sizes, "Numbers of floats to sum (default 2^12 to 2^26)");
    cli.listOption("--kernels", o.kernels, "Kernels to run (default all)", names);
    cli.sizeOption("--local", o.local,
                   "Work-group size (default 256, 64 for reduce_float4, 1 for reduce_cpu, or the "
                   "kernel's maximum if less)",
                   1 << 20);
    cli.option("--runs", o.runs, "Timed runs after one warm-up; the median is reported", 1, 1000);
    cli.sizeOption("--read-size", o.readFloats,
                   "Floats the read kernel reads (default: four times the largest size, at least " +
                       std::to_string(hoc::ReadBenchmark::kMinFloats) + ", at most what fits)",
                   INT_MAX);
}

void requireMemory(const cl::Device& device, std::size_t largest)
{
    const double floats = sizeof(float) * static_cast<double>(largest);
    hoc::requireBuffers(device, floats, 3, "N = " + std::to_string(largest));
    hoc::requireHostMemory(hoc::hostBytes(device, 3 * floats, 2 * floats), "N = " + std::to_string(largest));
}

void requireDecisiveSums(Reduction& reduction, const std::vector<std::size_t>& sizes,
                         const std::vector<ReduceKernel>& kernels, std::size_t local)
{
    for (const std::size_t n : sizes) {
        const hoc::SumReference expected = hoc::sumReference(
            hoc::randomFloats(n, static_cast<std::uint32_t>(n), -1.0f, 1.0f));
        for (const ReduceKernel k : kernels)
            hoc::requireDecisiveSum(expected, reduction.additions(n, k, {local}),
                                    "the sum of N = " + hoc::sizeText(n) + " floats with " + kernelName(k),
                                    "a kernel whose elements go through fewer additions (--kernels, --local) or "
                                    "another size (--sizes) narrows it or changes the sum");
    }
}
