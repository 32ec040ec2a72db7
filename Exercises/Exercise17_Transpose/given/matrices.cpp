#include "matrices.hpp"

#include <algorithm>

#include "hoc/common/device.hpp"
#include "hoc/common/host_memory.hpp"

std::vector<Matrix> matrices(const std::vector<std::vector<std::size_t>>& values)
{
    std::vector<Matrix> shapes;
    for (const auto& v : values)
        shapes.push_back({v[0], v[1]});
    return shapes;
}

const Matrix& largestOf(const std::vector<Matrix>& matrices)
{
    return *std::max_element(matrices.begin(), matrices.end(),
                             [](const Matrix& a, const Matrix& b) { return a.count() < b.count(); });
}

std::vector<TransposeKernel> chosenTransposes(const std::vector<std::string>& names)
{
    std::vector<TransposeKernel> kernels;
    for (const TransposeKernel k : transposeKernels())
        if (std::find(names.begin(), names.end(), kernelName(k)) != names.end())
            kernels.push_back(k);
    return kernels;
}

std::vector<std::string> kernelNames(const std::vector<TransposeKernel>& kernels)
{
    std::vector<std::string> names;
    for (const TransposeKernel k : kernels)
        names.push_back(kernelName(k));
    return names;
}

std::vector<std::string> shortNames(const std::vector<TransposeKernel>& kernels)
{
    std::vector<std::string> names;
    for (const TransposeKernel k : kernels)
        names.push_back(shortName(k));
    return names;
}

void requireMemory(const cl::Device& device, const Matrix& largest)
{
    hoc::requireBuffers(device, sizeof(float) * static_cast<double>(largest.count()), 4,
                        "a " + largest.text() + " matrix");
    hoc::requireHostMemory(3.0 * sizeof(float) * static_cast<double>(largest.count()),
                           "a " + largest.text() + " matrix");
}
