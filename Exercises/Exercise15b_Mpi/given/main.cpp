// Exercise 15b: command line, the ranks and their devices. The MPI lesson is in mpi_split.cpp, each
// rank's OpenCL work in rank_work.cpp, the checks and tables in tables.cpp. Run it with mpirun (see
// the README).
#include <iostream>
#include <set>

#include "hoc/cli/main.hpp"
#include "hoc/common/data.hpp"
#include "hoc/matmul/dims.hpp"
#include "mpi_split.hpp"
#include "tables.hpp"

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
            requireSplittable(ranks.size, parts, d);
            device = rankDevice(ranks, devices, cli);
        });
        hoc::Report report = cli.report(device);
        std::set<std::string> hosts;
        std::cout << "Ranks: " << ranks.size << "\n";

        if (parts != "matmul") {
            const PiOverRanks r = piOverRanks(ranks, device, steps, {1, static_cast<int>(runs)});
            if (ranks.rank == 0)
                reportPi(report, ranks.size, r, steps, hosts);
        }

        if (parts != "pi") {
            std::vector<float> a, b;
            if (ranks.rank == 0) {  // rank 0 makes the inputs and checks C
                a = hoc::randomFloats(d.m * d.k, 1, -1, 1);
                b = hoc::randomFloats(d.k * d.n, 2, -1, 1);
            }
            const MatmulOverRanks r = matmulOverRanks(ranks, device, a, b, d);
            if (ranks.rank == 0)
                reportMatmul(report, ranks.size, r, a, b, d, hosts);
        }
        if (ranks.rank == 0)
            printHosts(hosts);

        // Every rank returns rank 0's verdict (0 all correct, 1 a result was wrong).
        int status = ranks.rank == 0 ? cli.finish(report) : 0;
        MPI_Bcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD);
        return status;
    } catch (...) {
        return mpi.exitCode(std::current_exception());  // the error by name and rank; exit status 2 or 3
    }
}
