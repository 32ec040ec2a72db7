// Exercise 16b: the driver. Scales the same elements with every coarsening factor (elements per
// work-item) after the plain kernel (one element per work-item, no loop), checks each result against
// the serial reference (exactly), and prints each launch's work-items and work-groups, its time, its
// GB/s and its speed against the plain kernel's.
#include <iomanip>
#include <iostream>
#include <sstream>

#include "coarsening.hpp"
#include "hoc/cli/main.hpp"
#include "hoc/common/data.hpp"
#include "hoc/common/errors.hpp"

int main(int argc, char** argv)
try {
    hoc::CommandLine cli("Exercise16b_Coarsening",
                         "Exercise 16b: coarsening, the same elements scaled with 1, 2, 4, ... elements per work-item");
    std::size_t n = std::size_t{1} << 24;
    std::size_t local = 0;
    std::vector<std::size_t> factors = {1, 2, 4, 16, 64, 256, 1024, 4096, 16384, 65536, 1048576, 16777216};
    long runs = 5;
    cli.sizeOption("-n,--size", n, "Elements (at most 2^30)", kMaxElements);
    cli.sizeOption("--local", local, "Work-group size (default 256, or less where the kernel allows less)", 1u << 16);
    cli.sizesOption("--factors", factors, "Elements per work-item, one launch each", kMaxElements);
    cli.option("--runs", runs, "Timed runs after one warm-up; the median is reported", 1, 1000);
    if (const auto stop = cli.parse(argc, argv))  // --help, --list or a bad command line
        return *stop;

    const cl::Device device = cli.device();
    hoc::Report report = cli.report(device);
    hoc::requireBuffers(device, sizeof(float) * static_cast<double>(n), 2, std::to_string(n) + " elements");
    // The input, the reference and the result read back; on a device in host memory its two buffers too.
    const double vector = sizeof(float) * static_cast<double>(n);
    hoc::requireHostMemory(hoc::hostBytes(device, 3 * vector, 2 * vector), std::to_string(n) + " elements");

    const float scale = 3.0f;
    const std::vector<float> in = hoc::randomFloats(n, 16);
    const std::vector<float> expected = referenceScale(in, scale);
    Coarsening coarsening(device);
    const hoc::Repeats repeats{1, static_cast<int>(runs)};
    const double bytes = 2.0 * sizeof(float) * static_cast<double>(n);  // each element read once, written once
    const std::string size = "N = " + hoc::sizeText(n);
    const auto units = device.getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>();

    struct Row {
        std::size_t factor;  // 0: the plain kernel
        ScaleResult r;
    };
    std::vector<Row> rows;
    {
        ScaleResult r = coarsening.runPlain(in, scale, local, repeats);
        report.bandwidth("scale, 1 per work-item", size, hoc::compare(expected, r.out), {r.seconds, 0}, bytes);
        r.out = std::vector<float>();  // checked and freed
        rows.push_back({0, std::move(r)});
    }
    for (const std::size_t factor : factors) {
        ScaleResult r = coarsening.run(in, scale, factor, local, repeats);
        report.bandwidth("scale_coarse, " + std::to_string(factor) + " per work-item", size,
                         hoc::compare(expected, r.out), {r.seconds, 0}, bytes);
        r.out = std::vector<float>();  // checked and freed; only the launch and the time are kept
        rows.push_back({factor, std::move(r)});
    }

    std::cout << "work-groups of " << rows.front().r.local << ", " << units << " compute units; groups/CU: "
              << "work-groups per compute unit; x plain: the plain kernel's time over this one's\n";
    std::cout << std::left << std::setw(15) << "kernel" << std::right << std::setw(8) << "factor" << std::setw(12)
              << "work-items" << std::setw(12) << "work-groups" << std::setw(11) << "groups/CU" << std::setw(13)
              << "time" << std::setw(10) << "GB/s" << std::setw(9) << "x plain" << "\n";
    for (const auto& [factor, r] : rows) {
        std::ostringstream perUnit, gbs, speed;
        perUnit << std::fixed << std::setprecision(r.launch.groups >= 10 * units ? 0 : 2)
                << static_cast<double>(r.launch.groups) / units;
        gbs << std::fixed << std::setprecision(1) << bytes / r.seconds * 1e-9;
        speed << std::fixed << std::setprecision(2) << rows.front().r.seconds / r.seconds;
        std::cout << std::left << std::setw(15) << (factor == 0 ? "scale" : "scale_coarse") << std::right
                  << std::setw(8) << (factor == 0 ? 1 : factor) << std::setw(12) << r.launch.workItems << std::setw(12)
                  << r.launch.groups << std::setw(11) << perUnit.str() << std::setw(13) << hoc::formatTime(r.seconds)
                  << std::setw(10) << gbs.str() << std::setw(9) << speed.str() << "\n";
    }
    return cli.finish(report);  // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
