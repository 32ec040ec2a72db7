// MPI start and end, this rank's device, agreeing on errors, collecting the tables' rows.
#include "hoc/mpi/ranks.hpp"

#include <cstdlib>
#include <cstring>
#include <iostream>
#include <sstream>

#include "hoc/common/device.hpp"
#include "hoc/common/errors.hpp"

namespace {

// A stream buffer that drops what it is given: standard output of ranks other than 0.
class NullBuffer : public std::streambuf {
protected:
    int overflow(int c) override { return c == traits_type::eof() ? 0 : c; }
};
NullBuffer nullBuffer;

}  // namespace

#if defined(__SANITIZE_ADDRESS__)
// Built with AddressSanitizer (the asan preset): Open MPI keeps memory until the process ends, which
// LeakSanitizer would report as this program's leaks. These hooks (read by the sanitizer at start)
// name Open MPI's libraries as known to do so; the full unwinder lets it see those libraries in the
// allocation stacks (the fast one stops at their first frame). Leaks of this program still count.
extern "C" const char* __asan_default_options() { return "fast_unwind_on_malloc=0"; }
extern "C" const char* __lsan_default_options() { return "print_suppressions=0"; }  // output as without ASan
extern "C" const char* __lsan_default_suppressions()
{
    return "leak:libmpi.so\nleak:libopen-pal.so\nleak:libopen-rte.so\nleak:libhwloc.so\nleak:libpmix.so\n"
           "leak:libevent\nleak:mca_\n";
}
#endif

namespace hoc::mpi {

std::string Ranks::prefix() const { return "[rank " + std::to_string(rank) + " on " + host + "] "; }

MpiSession::MpiSession(int& argc, char**& argv)
{
    // Open MPI's hardware discovery (hwloc) would otherwise open every OpenCL platform inside MPI_Init,
    // before this program chooses its device, and ask each for other vendors' properties (errors
    // that oclgrind reports). A value the user set is kept.
    setenv("HWLOC_COMPONENTS", "-opencl", 0);
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &ranks_.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks_.size);
    // The ranks that share this machine's memory: one communicator per machine.
    MPI_Comm local;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, ranks_.rank, MPI_INFO_NULL, &local);
    MPI_Comm_rank(local, &ranks_.localRank);
    MPI_Comm_size(local, &ranks_.localSize);
    MPI_Comm_free(&local);
    char name[MPI_MAX_PROCESSOR_NAME] = {};
    int length = 0;
    MPI_Get_processor_name(name, &length);
    ranks_.host.assign(name, static_cast<std::size_t>(length));
    if (ranks_.rank != 0)
        cout_ = std::cout.rdbuf(&nullBuffer);
}

MpiSession::~MpiSession()
{
    std::cout.flush();
    if (cout_)
        std::cout.rdbuf(cout_);
    MPI_Finalize();
}

int MpiSession::exitCode(std::exception_ptr error) const
{
    try {
        std::rethrow_exception(error);
    } catch (const Stopped& stopped) {
        return stopped.status;
    } catch (...) {
    }
    const int status = printError(ranks_, error);
    if (ranks_.size > 1) {
        std::cerr << ranks_.prefix() + "this error was not agreed on with the other ranks: ending all of them "
                                       "(MPI_Abort)\n";
        MPI_Abort(MPI_COMM_WORLD, status);
    }
    return status;
}

int printError(const Ranks& ranks, std::exception_ptr error)
{
    std::ostringstream text;
    std::streambuf* const stderrBuffer = std::cerr.rdbuf(text.rdbuf());
    const int status = hoc::exitCode(error);
    std::cerr.rdbuf(stderrBuffer);
    std::cerr << ranks.prefix() + text.str() << std::flush;
    return status;
}

void agreeOn(const Ranks& ranks, int status)
{
    int worst = 0, first = status ? ranks.rank : ranks.size;
    MPI_Allreduce(MPI_IN_PLACE, &first, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    MPI_Allreduce(&status, &worst, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (worst == 0)
        return;
    if (status == 0)
        std::cerr << ranks.prefix() + "error: rank " + std::to_string(first) +
                         " failed (see its message); this rank "
                         "stops too\n"
                  << std::flush;
    throw Stopped{worst};
}

cl::Device rankDevice(const Ranks& ranks, const std::vector<std::string>& devices, const hoc::CommandLine& cli)
{
    if (devices.empty())
        return cli.device();  // the course's usual choice (prints "Device: ..." on rank 0)
    cli.checkDeviceOptions();
    const auto entries = static_cast<int>(devices.size());
    const std::string& entry = devices[static_cast<std::size_t>(ranks.localRank % entries)];
    const int turn = ranks.localRank / entries;  // earlier local ranks that took the same entry
    const std::string which = "--devices entry '" + entry + "' (local rank " + std::to_string(ranks.localRank) + ")";
    const std::vector<cl::Device> named = hoc::devicesNamed(entry, which);
    const cl::Device device = named[static_cast<std::size_t>(turn) % named.size()];
    std::cout << "Device: " << hoc::deviceLabel(device) << "\n";  // rank 0's, as every program prints it
    return device;
}

RankRow rankRow(const Ranks& ranks, const cl::Device& device)
{
    RankRow row;
    std::strncpy(row.host, ranks.host.c_str(), sizeof row.host - 1);
    std::strncpy(row.device, hoc::deviceLabel(device).c_str(), sizeof row.device - 1);
    return row;
}

std::vector<RankRow> gatherRows(const RankRow& mine)
{
    int rank = 0, size = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    std::vector<RankRow> rows(rank == 0 ? static_cast<std::size_t>(size) : 0);
    // A RankRow is plain data: sent as bytes (every rank runs the same program on the same kind of machine).
    MPI_Gather(&mine, sizeof(RankRow), MPI_BYTE, rows.data(), sizeof(RankRow), MPI_BYTE, 0, MPI_COMM_WORLD);
    return rows;
}

int rankZeroStatus(int status)
{
    MPI_Bcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD);
    return status;
}

}  // namespace hoc::mpi
