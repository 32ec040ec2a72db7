#include "print.hpp"

#include <iomanip>
#include <iostream>
#include <sstream>

#include "hoc/common/device.hpp"

namespace {

std::string bytes(cl_ulong n)
{
    std::ostringstream s;
    s << std::fixed << std::setprecision(1);
    if (n >= (cl_ulong{1} << 30))
        s << n / double(1 << 30) << " GiB";
    else
        s << n / 1024.0 << " KiB";
    return s.str();
}

}  // namespace

void print(const DeviceFacts& d, std::size_t index)
{
    auto row = [](const char* label) -> std::ostream& {
        return std::cout << "    " << std::left << std::setw(24) << label;
    };
    std::cout << "  Device " << index << ": " << d.name << "\n";
    row("Type:") << hoc::deviceTypeName(d.type) << "\n";
    row("Vendor:") << d.vendor << "\n";
    row("Version:") << d.version << "\n";
    row("OpenCL C version:") << d.openclCVersion << "\n";
    row("Compute units:") << d.computeUnits << "\n";
    row("Max clock:") << d.clockMHz << " MHz\n";
    row("Global memory:") << bytes(d.globalMemBytes) << "\n";
    row("Local memory:") << bytes(d.localMemBytes) << "\n";
    row("Max work-group size:") << d.maxWorkGroupSize << "\n";
    row("Max work-item sizes:");
    for (std::size_t i = 0; i < d.maxWorkItemSizes.size(); ++i)
        std::cout << (i ? " x " : "") << d.maxWorkItemSizes[i];
    std::cout << "\n";
    row("Preferred float vector:") << d.preferredFloatWidth << "\n";
}

bool complete(const DeviceFacts& facts)
{
    return !facts.name.empty() && facts.computeUnits > 0 && facts.maxWorkGroupSize > 0 &&
           !facts.maxWorkItemSizes.empty() && facts.globalMemBytes > 0;
}
