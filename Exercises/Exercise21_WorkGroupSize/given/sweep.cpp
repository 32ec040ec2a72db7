// Exercise 21's runs: the host code of Exercises 10, 16 and 17 at each work-group size. Measure's
// sweeps (hoc/measure/sweep.hpp) make the inputs, check each result and fill the column.
#include "sweep.hpp"

#include <optional>

#include "hoc/pi/reference.hpp"
#include "pi.hpp"
#include "reduce.hpp"
#include "transpose.hpp"

hoc::SweepColumn sweep(const cl::Device& device, hoc::SweptKernel kernel, const hoc::SweepOptions& o)
{
    if (kernel == hoc::SweptKernel::Pi)
        return hoc::sweepPi(o.piSteps, hoc::pi::reference(o.piSteps), hoc::pi::kTarget, o.repeats, workGroupSizes,
                            [&](std::size_t size, const hoc::Repeats& repeats) {
                                const PiResult r = pi(device, PiOptions{o.piSteps, PiDesign::Tree, size, 0, repeats});
                                return hoc::SweptValue{r.pi, r.timing.kernel_s, r.maxWorkGroupSize};
                            });
    if (kernel == hoc::SweptKernel::Reduce) {
        std::optional<Reduction> reduction;  // built at the first run, after Measure's check of the memory
        return hoc::sweepSum(device, o, workGroupSizes,
                             [&](const std::vector<float>& data, std::size_t size, const hoc::Repeats& repeats) {
                                 const ReduceResult r = (reduction ? *reduction : reduction.emplace(device))
                                                            .sum(data, ReduceKernel::TwoPass, {size, repeats});
                                 return hoc::SweptSum{r.sum, r.additions, r.seconds, r.maxWorkGroupSize};
                             });
    }
    const auto limit = [&] { return Transposer(device).maxWorkGroupSize(TransposeKernel::Naive); };
    return hoc::sweepTranspose(
        device, o, limit, workGroupSizes, [&](const std::vector<float>& in, std::size_t x, std::size_t y) {
            const TransposeResult r = Transposer(device, TransposeShape{64, 4, x, y})
                                          .transpose(in, o.rows, o.cols, TransposeKernel::Naive, o.repeats);
            return hoc::SweptMatrix{r.out, r.seconds, r.localX, r.localY};
        });
}
