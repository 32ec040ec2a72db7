// Exercise 15b: the ranks, their devices and the two parts. The MPI lesson is in mpi_split.cpp, each
// rank's OpenCL work in rank_work.cpp; MPI's start and end, the command line, checks and tables are the
// MPI library's (hoc/mpi/ranks.hpp, hoc/mpi/tables.hpp). Run it with mpirun (see the README).
#include <iostream>
#include <set>

#include "hoc/cli/main.hpp"
#include "hoc/common/data.hpp"
#include "hoc/matmul/shares.hpp"
#include "mpi_split.hpp"
#include "hoc/mpi/tables.hpp"

int main(int argc, char** argv)
{
    // Checked before MPI_Init, which opens descriptors of its own (Open MPI 5, started without mpirun):
    // with standard output closed, the first would take its number and receive what this program prints.
    if (hoc::refuseClosedOutput())
        return hoc::kError;
    const hoc::mpi::MpiSession mpi(argc, argv);  // MPI_Init now, MPI_Finalize when main returns
    const Ranks& ranks = mpi.ranks();
    try {
        hoc::CommandLine cli(HOC_FOLDER, HOC_TITLE);
        hoc::mpi::SplitOptions o;
        hoc::mpi::addOptions(cli, o);                 // --steps, --dims, --devices, --parts, --runs
        if (const auto stop = cli.parse(argc, argv))  // --help, --list or a bad command line (on every rank)
            return *stop;

        // Check what every rank can check before any rank waits for another.
        const auto d = hoc::matmul::dimsFrom(o.dims);
        cl::Device device;
        hoc::mpi::together(ranks, [&] {
            hoc::mpi::requireSplittable(ranks.size, o.parts, d);
            device = hoc::mpi::rankDevice(ranks, o.devices, cli);
            if (o.parts != "pi")  // rank 0 holds A, B, the whole C and the check's reference
                hoc::matmul::requireRowSharesHostMemory(device, d, "--dims " + d.text());
        });
        hoc::Report report = cli.report(device);
        std::set<std::string> hosts;
        std::cout << "Ranks: " << ranks.size << "\n";

        if (o.parts != "matmul") {
            const PiOverRanks r = piOverRanks(ranks, device, o.steps, {1, static_cast<int>(o.runs)});
            if (ranks.rank == 0)
                hoc::mpi::reportPi(report, ranks.size, r, o.steps, hosts);
        }
        if (o.parts != "pi") {  // rank 0 makes the inputs and checks C
            const std::vector<float> a = ranks.rank == 0 ? hoc::randomFloats(d.m * d.k, 1, -1, 1)
                                                         : std::vector<float>{};
            const std::vector<float> b = ranks.rank == 0 ? hoc::randomFloats(d.k * d.n, 2, -1, 1)
                                                         : std::vector<float>{};
            const MatmulOverRanks r = matmulOverRanks(ranks, device, a, b, d);
            if (ranks.rank == 0)
                hoc::mpi::reportMatmul(report, ranks.size, r, a, b, d, hosts);
        }
        if (ranks.rank == 0)
            hoc::mpi::printHosts(hosts);
        // Every rank returns rank 0's verdict (0 all correct, 1 a result was wrong).
        return hoc::mpi::rankZeroStatus(ranks.rank == 0 ? cli.finish(report) : 0);
    } catch (...) {
        return mpi.exitCode(std::current_exception());  // the error by name and rank; exit status 2 or 3
    }
}
