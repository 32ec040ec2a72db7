// Exercise 15b: command line, the ranks and their devices, checks and tables. The MPI lesson is in
// mpi_split.cpp, each rank's OpenCL work in rank_work.cpp. Run it with mpirun (see the README).
#include <climits>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <set>

#include "../../Exercise10_Pi/given/pi_reference.hpp"  // Exercise 10's references (see CMakeLists.txt)
#include "hoc/common/data.hpp"
#include "hoc/matmul/dims.hpp"
#include "hoc/common/errors.hpp"
#include "hoc/cli/main.hpp"
#include "mpi_split.hpp"

namespace {

std::string number(const char* format, double value)
{
    char text[48];
    std::snprintf(text, sizeof text, format, value);
    return text;
}

std::string range(double first, double count)
{
    return count > 0 ? number("%.0f", first) + "-" + number("%.0f", first + count - 1) : "none";
}

std::string ranksText(int size) { return std::to_string(size) + (size == 1 ? " rank" : " ranks"); }

}  // namespace

int main(int argc, char** argv)
{
    // Checked before MPI_Init, which opens descriptors of its own (Open MPI 5, started without mpirun):
    // with standard output closed, the first would take its number and receive what this program prints.
    if (hoc::refuseClosedOutput())
        return hoc::kError;
    const MpiSession mpi(argc, argv);  // MPI_Init now, MPI_Finalize when main returns
    const Ranks& ranks = mpi.ranks();
    try {
        hoc::CommandLine cli("Exercise15b_Mpi",
                             "Exercise 15b: pi and C = A * B over MPI ranks, one OpenCL device each");
        std::size_t steps = std::size_t{1} << 24;
        std::vector<std::size_t> dims = {256};
        std::vector<std::string> devices;
        std::string parts = "both";
        long runs = 3;
        cli.sizeOption("-n,--steps", steps, "Part 1: integration steps for pi", std::size_t{1} << 40);
        cli.sizesOption("--dims", dims, "Part 2: matrix sizes, N (square) or M,N,K");
        cli.listOption("--devices", devices,
                       "Device of each rank of a machine: local rank i takes entry i (an index from --list, or "
                       "text in a platform or device name: the ranks taking it get its devices in turn); "
                       "the list repeats for more ranks. Default: every rank takes the usual device");
        cli.choice("--parts", parts, "Which parts to run: pi, matmul or both", {"pi", "matmul", "both"});
        cli.option("--runs", runs, "Part 1: timed kernel runs after one warm-up; the median is kept", 1, 1000);

        if (const auto stop = cli.parse(argc, argv))  // --help, --list or a bad command line (on every rank)
            return *stop;

        // Check what every rank can check before any rank waits for another.
        const auto d = hoc::matmul::dimsFrom(dims);
        cl::Device device;
        together(ranks, [&] {
            if (parts != "pi" && d.m < static_cast<std::size_t>(ranks.size))
                throw hoc::UsageError("--dims: M = " + std::to_string(d.m) + " rows of C for " + ranksText(ranks.size) +
                                      ": every rank needs at least one row; give M >= " + std::to_string(ranks.size) +
                                      " or start fewer ranks");
            if (std::max({d.m * d.k, d.k * d.n, d.m * d.n}) > static_cast<std::size_t>(INT_MAX))
                throw hoc::UsageError("--dims: " + d.text() +
                                      " has matrices of more than INT_MAX elements, "
                                      "which MPI's int counts cannot send in one message");
            device = rankDevice(ranks, devices, cli);
        });
        hoc::Report report = cli.report(device);
        std::set<std::string> hosts;
        std::cout << "Ranks: " << ranks.size << "\n";

        if (parts != "matmul") {
            const PiOverRanks r = piOverRanks(ranks, device, steps, {1, static_cast<int>(runs)});
            if (ranks.rank == 0) {
                std::cout << "Part 1: pi, " << hoc::pi::stepsText(steps) << " in work-items of " << r.niters
                          << (r.niters == 1 ? " step" : " steps") << ", shared equally\n";
                std::printf("  %-4s %-16s %23s %7s %13s %11s   %s\n", "rank", "host", "steps", "share", "part of pi",
                            "kernel ms", "device");
                double slowest = 0;
                for (std::size_t i = 0; i < r.rows.size(); ++i) {
                    const RankRow& row = r.rows[i];
                    hosts.insert(row.host);
                    slowest = std::max(slowest, row.kernel_s);
                    std::printf("  %-4zu %-16s %23s %6.1f%% %13.9f %11.3f   %s\n", i, row.host,
                                range(row.first, row.count).c_str(), 100.0 * row.count / static_cast<double>(steps),
                                row.part, row.kernel_s * 1e3, row.device);
                }
                // The course's target for pi (Exercise 10's step 3), against the exact midpoint-rule value.
                const double expected = hoc::pi::reference(steps);
                const hoc::CheckResult check = hoc::compareValue(expected, r.pi, hoc::pi::kTarget);
                hoc::Result result;
                result.name = "pi over " + ranksText(ranks.size);
                result.size = hoc::pi::stepsText(steps);
                result.correct = check.ok;
                result.detail = "pi = " + number("%.12f", r.pi) + ", error " + number("%.2e", r.pi - M_PI) +
                                " = midpoint rule " + number("%.2e", expected - M_PI) + " + rounding " +
                                number("%.2e", r.pi - expected) + " (allowed " + number("%.1e", hoc::pi::kTarget) + ")";
                result.seconds = slowest;  // the ranks run at the same time: done when the slowest is
                result.rate = slowest > 0 ? static_cast<double>(steps) / slowest : 0;
                result.unit = "steps/s";
                result.extra = {{"ranks", static_cast<double>(ranks.size)}};
                report.add(result);
            }
        }

        if (parts != "pi") {
            std::vector<float> a, b;
            if (ranks.rank == 0) {  // rank 0 makes the inputs and checks C
                a = hoc::randomFloats(d.m * d.k, 1, -1, 1);
                b = hoc::randomFloats(d.k * d.n, 2, -1, 1);
            }
            const MatmulOverRanks r = matmulOverRanks(ranks, device, a, b, d);
            if (ranks.rank == 0) {
                std::cout << "Part 2: C = A * B, " << d.text() << ", rows of C in proportion to each rank's speed\n";
                std::printf("  %-4s %-16s %13s %7s %15s %11s %11s   %s\n", "rank", "host", "rows of C", "share",
                            "speed (rows/s)", "kernel ms", "busy ms", "device");
                for (std::size_t i = 0; i < r.rows.size(); ++i) {
                    const RankRow& row = r.rows[i];
                    hosts.insert(row.host);
                    std::printf("  %-4zu %-16s %13s %6.1f%% %15.1f %11.3f %11.3f   %s\n", i, row.host,
                                range(row.first, row.count).c_str(), 100.0 * row.count / static_cast<double>(d.m),
                                row.speed, row.kernel_s * 1e3, row.busy_s * 1e3, row.device);
                }
                double sum = 0;  // the same C gives the same sum, bit for bit: the tests compare runs with it
                for (const float x : r.c)
                    sum += x;
                std::cout << "  sum of C: " << number("%.17g", sum) << "\n";
                // "devices": the ranks' devices together (script/run shows such a result on a row of its own).
                report.flops("C = A * B over " + ranksText(ranks.size), d.text(), hoc::matmul::check(a, b, r.c, d),
                             {0, r.wall_s}, d.flops(), {{"devices", static_cast<double>(ranks.size)}});
            }
        }
        if (ranks.rank == 0) {
            std::string list;
            for (const auto& host : hosts)
                list += (list.empty() ? "" : ", ") + host;
            std::cout << "Hosts: " << list << "\n";
        }

        // Every rank returns rank 0's verdict (0 all correct, 1 a result was wrong).
        int status = ranks.rank == 0 ? cli.finish(report) : 0;
        MPI_Bcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD);
        return status;
    } catch (...) {
        return mpi.exitCode(std::current_exception());  // the error by name and rank; exit status 2 or 3
    }
}
