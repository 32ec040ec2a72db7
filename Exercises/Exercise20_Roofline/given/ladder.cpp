// The ladder's names and work-item counts: given, not the exercise (that is traffic.cpp).
#include "traffic.hpp"

#include "hoc/common/names.hpp"

const std::vector<LadderKernel>& ladderKernels()
{
    static const std::vector<LadderKernel> all = {LadderKernel::Element, LadderKernel::Row, LadderKernel::PrivateRow,
                                                  LadderKernel::LocalColumn, LadderKernel::Blocked};
    return all;
}

std::string keyOf(LadderKernel kernel)
{
    static const hoc::Names<LadderKernel> names{
        {LadderKernel::Element, "element"},        {LadderKernel::Row, "row"},
        {LadderKernel::PrivateRow, "private_row"}, {LadderKernel::LocalColumn, "local_column"},
        {LadderKernel::Blocked, "blocked"},
    };
    return names(kernel);
}

std::string labelOf(LadderKernel kernel)
{
    static const hoc::Names<LadderKernel> names{
        {LadderKernel::Element, "C(i,j) per work-item, all global (Ex. 05)"},
        {LadderKernel::Row, "C row per work-item, all global (Ex. 06)"},
        {LadderKernel::PrivateRow, "C row per work-item, A row private (Ex. 07)"},
        {LadderKernel::LocalColumn, "C row per work-item, A private, B local (Ex. 08)"},
        {LadderKernel::Blocked, "Blocked, tiles in local memory (Ex. 09)"},
    };
    return names(kernel);
}

double workItems(LadderKernel kernel, hoc::matmul::Dims d)
{
    const double rows = static_cast<double>(d.m), cols = static_cast<double>(d.n);
    return kernel == LadderKernel::Element || kernel == LadderKernel::Blocked ? rows * cols : rows;
}
