#include "table.hpp"

#include <iomanip>
#include <ostream>
#include <unistd.h>

#include "hoc/common/report.hpp"
#include "hoc/common/sizes.hpp"
#include "hoc/measure/bandwidth.hpp"

namespace {

// This machine's memory (the host level's size), from the system; 0 when it cannot tell.
double hostMemoryBytes()
{
    const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
    return pages > 0 && page > 0 ? static_cast<double>(pages) * static_cast<double>(page) : 0;
}

std::string times(double rate, double global)
{
    return global > 0 && rate > 0 ? hoc::fixedText(rate / global, rate / global >= 10 ? 0 : 2) : "-";
}

// A rate, or what a level not measured in this run shows.
std::string measured(double rate, const std::string& text) { return rate > 0 ? text : "not measured (--kernels-only)"; }

}  // namespace

void printLevels(std::ostream& out, const cl::Device& device, const Levels& l)
{
    const double host = hostMemoryBytes();
    const double global = static_cast<double>(device.getInfo<CL_DEVICE_GLOBAL_MEM_SIZE>());
    const double local = static_cast<double>(device.getInfo<CL_DEVICE_LOCAL_MEM_SIZE>());
    out << "\nthe hierarchy on this device: each level's size, its bandwidth measured above, and that bandwidth "
           "over global memory's read\n";
    out << std::left << std::setw(9) << "level" << std::setw(52) << "size" << std::setw(44) << "measured"
        << "x global\n";
    const auto row = [&](const std::string& level, const std::string& size, const std::string& measured,
                         const std::string& ratio) {
        out << std::left << std::setw(9) << level << std::setw(52) << size << std::setw(44) << measured << ratio
            << "\n";
    };
    const bool copies = l.pageableWriteGbps > 0;
    row("host", host > 0 ? hoc::memoryText(host) + " (this machine)" : "not known",
        measured(l.pageableWriteGbps, "pageable: write " + hoc::rateText(l.pageableWriteGbps) + ", read " +
                                          hoc::rateText(l.pageableReadGbps) + " GB/s"),
        copies ? times(l.pageableWriteGbps, l.globalGbps) + ", " + times(l.pageableReadGbps, l.globalGbps) : "-");
    if (copies)
        row("", "",
            "pinned: write " + hoc::rateText(l.pinnedWriteGbps) + ", read " + hoc::rateText(l.pinnedReadGbps) + " GB/s",
            times(l.pinnedWriteGbps, l.globalGbps) + ", " + times(l.pinnedReadGbps, l.globalGbps));
    row("global", hoc::memoryText(global) + " (CL_DEVICE_GLOBAL_MEM_SIZE)",
        measured(l.globalGbps, "read " + hoc::rateText(l.globalGbps) + " GB/s (" + l.globalKernel + ")"),
        l.globalGbps > 0 ? "1.00" : "-");
    row("local", hoc::memoryText(local) + " per work-group (CL_DEVICE_LOCAL_MEM_SIZE)",
        "read " + hoc::rateText(l.localGbps) + " GB/s (local_read, " + std::to_string(l.rounds) + " rounds)",
        times(l.localGbps, l.globalGbps));
    // An fma reads three floats from registers: the rate at which private memory feeds the arithmetic.
    const double operandGbps = l.fmaGflops / 2 * 3 * sizeof(float);
    row("private", "not reported (registers)",
        measured(l.fmaGflops,
                 "fma " + hoc::rateText(l.fmaGflops) + " GFLOP/s: " + hoc::rateText(operandGbps) + " GB/s of operands"),
        times(operandGbps, l.globalGbps));
}

void printStrides(std::ostream& out, std::size_t floats, const std::vector<StrideRow>& rows, double yardstickGbps)
{
    if (rows.empty() || rows.front().stride != 1)
        return;
    const bool probe = yardstickGbps > 0;
    const double yardstick =  // bytes per second
        probe ? yardstickGbps * 1e9 : static_cast<double>(rows.front().reads) * sizeof(float) / rows.front().seconds;
    out << "\nglobal memory read at a stride, one float in every `stride` of " << hoc::sizeText(floats)
        << " floats; bytes per float: what global memory delivers in the time of one float read, at "
        << (probe ? "the read probe's " : "stride 1's ") << hoc::rateText(yardstick * 1e-9) << " GB/s\n";
    out << std::right << std::setw(8) << "stride" << std::setw(14) << "floats read" << std::setw(14) << "time"
        << std::setw(14) << "useful GB/s" << std::setw(18) << "bytes per float" << "\n";
    for (const StrideRow& r : rows) {
        const double useful = static_cast<double>(r.reads) * sizeof(float) / r.seconds * 1e-9;
        const double perFloat = r.seconds * yardstick / static_cast<double>(r.reads);
        out << std::setw(8) << r.stride << std::setw(14) << r.reads << std::setw(14) << hoc::formatTime(r.seconds)
            << std::setw(14) << hoc::rateText(useful) << std::setw(18) << hoc::fixedText(perFloat, 1) << "\n";
    }
}
