// What every MPI program of the course needs besides its lesson (Exercise 15b's collectives): starting
// and ending MPI, who this rank is and where it runs, its OpenCL device, errors that every rank hears
// about, and each rank's row of the tables, collected on rank 0.
#pragma once

#include <mpi.h>

#include <exception>
#include <string>
#include <vector>

#include "hoc/cli/main.hpp"
#include "hoc/common/opencl.hpp"

namespace hoc::mpi {

// Who this process is.
struct Ranks {
    int rank = 0, size = 1;            // in MPI_COMM_WORLD
    int localRank = 0, localSize = 1;  // among the ranks on this machine (MPI_COMM_TYPE_SHARED)
    std::string host;                  // MPI_Get_processor_name
    std::string prefix() const;        // "[rank 1 on node7] "
};

// MPI_Init when made, MPI_Finalize when main returns. Ranks other than 0 print nothing on standard
// output (rank 0 prints the tables for everyone); every rank prints its errors.
class MpiSession {
public:
    MpiSession(int& argc, char**& argv);
    ~MpiSession();
    MpiSession(const MpiSession&) = delete;
    MpiSession& operator=(const MpiSession&) = delete;

    const Ranks& ranks() const { return ranks_; }

    // For main()'s `catch (...)`: the exit status. An error the ranks agreed on (Stopped) was
    // printed already. Any other error is printed with this rank's name; with several ranks the
    // others may be waiting for this one in a collective, so it ends them all (MPI_Abort).
    int exitCode(std::exception_ptr error) const;

private:
    Ranks ranks_;
    std::streambuf* cout_ = nullptr;  // standard output's buffer, set aside on ranks other than 0
};

// Thrown on every rank once the ranks have agreed that one of them failed.
struct Stopped {
    int status;  // the exit status every rank returns: the largest of the failed ranks' (2 or 3)
};

// Runs `step` on this rank, then asks every rank whether its step succeeded (MPI_Allreduce of the
// exit status): a rank that failed prints its error, the others say which rank stopped them, and
// every rank throws Stopped. Call it before every collective a failed rank would not reach, so that
// no rank waits forever for one that has given up.
void agreeOn(const Ranks& ranks, int status);
// Prints the error as every program of the course does (hoc::exitCode), after this rank's name, in
// one piece (so that the ranks' lines do not mix), and returns its exit status (2 or 3).
int printError(const Ranks& ranks, std::exception_ptr error);
template <class Step> void together(const Ranks& ranks, Step&& step)
{
    int status = 0;
    try {
        step();
    } catch (...) {
        status = printError(ranks, std::current_exception());
    }
    agreeOn(ranks, status);
}

// This rank's device. With `devices` (the --devices list) local rank i takes entry i (the list
// repeats when there are more ranks than entries): an index from --list, or text contained in a
// platform's or device's name, of which the ranks that take it get the matching devices in turn.
// Without it, every rank takes the device `cli` chooses (--device, --platform, HOC_DEVICE, ...).
cl::Device rankDevice(const Ranks& ranks, const std::vector<std::string>& devices, const hoc::CommandLine& cli);

// What each rank did, collected on rank 0 for its tables (MPI_Gather; empty on other ranks).
struct RankRow {
    char host[64] = {};
    char device[192] = {};
    double first = 0, count = 0;  // its share: steps or rows first .. first + count - 1
    double part = 0;              // its part of pi: its steps' sum times the step width (part 1)
    double speed = 0;             // rows/s measured before the split (part 2)
    double kernel_s = 0;          // its kernel time (profiling events)
    double busy_s = 0;            // from its first write to the end of its read (part 2)
};
RankRow rankRow(const Ranks& ranks, const cl::Device& device);

// Rank 0's `status`, on every rank (MPI_Bcast): what each returns from main.
int rankZeroStatus(int status);
std::vector<RankRow> gatherRows(const RankRow& mine);

}  // namespace hoc::mpi
