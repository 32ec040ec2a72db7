// The ladder's names and work-item counts: given, not the exercise (that is traffic.cpp).
#include "traffic.hpp"

const std::vector<LadderKernel>& ladderKernels()
{
    static const std::vector<LadderKernel> all = {LadderKernel::Element, LadderKernel::Row, LadderKernel::PrivateRow,
                                                  LadderKernel::LocalColumn, LadderKernel::Blocked};
    return all;
}

std::string keyOf(LadderKernel kernel)
{
    switch (kernel) {
    case LadderKernel::Element: return "element";
    case LadderKernel::Row: return "row";
    case LadderKernel::PrivateRow: return "private_row";
    case LadderKernel::LocalColumn: return "local_column";
    case LadderKernel::Blocked: return "blocked";
    }
    return "?";
}

std::string labelOf(LadderKernel kernel)
{
    switch (kernel) {
    case LadderKernel::Element: return "C(i,j) per work-item, all global (Ex. 05)";
    case LadderKernel::Row: return "C row per work-item, all global (Ex. 06)";
    case LadderKernel::PrivateRow: return "C row per work-item, A row private (Ex. 07)";
    case LadderKernel::LocalColumn: return "C row per work-item, A private, B local (Ex. 08)";
    case LadderKernel::Blocked: return "Blocked, tiles in local memory (Ex. 09)";
    }
    return "?";
}

double workItems(LadderKernel kernel, hoc::matmul::Dims d)
{
    const double rows = static_cast<double>(d.m), cols = static_cast<double>(d.n);
    return kernel == LadderKernel::Element || kernel == LadderKernel::Blocked ? rows * cols : rows;
}
