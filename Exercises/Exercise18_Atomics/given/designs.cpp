#include "designs.hpp"

#include <functional>
#include <iostream>
#include <string>

#include "hoc/common/device.hpp"
#include "hoc/common/host_memory.hpp"
#include "hoc/measure/histogram_reference.hpp"

void requireMemory(const cl::Device& device, std::size_t n)
{
    hoc::requireBuffers(device, static_cast<double>(n), 1, "N = " + std::to_string(n));
    hoc::requireHostMemory(hoc::hostBytes(device, static_cast<double>(n), static_cast<double>(n)),
                           "N = " + std::to_string(n));
}

namespace {

hoc::HistogramRun run(Histogram& histogram, const std::vector<std::uint8_t>& data, HistogramKernel k,
                      const HistogramOptions& options, GroupOrder order)
{
    const HistogramResult r = histogram.count(data, k, {options.workGroupSize, options.groups, order, options.repeats});
    return {r.bins, r.groups, r.workGroupSize, r.seconds};
}

}  // namespace

void runCorrectDesign(hoc::Report& report, Histogram& histogram, HistogramKernel k,
                      const std::vector<std::uint8_t>& data, const std::vector<std::uint64_t>& expected,
                      const HistogramOptions& options, bool oneLaunchOnly)
{
    const auto once = [&] { return run(histogram, data, k, options, GroupOrder::OneLaunch); };
    const auto back = [&] {
        return run(histogram, data, k, {options.workGroupSize, options.groups}, GroupOrder::Reversed);
    };
    hoc::reportOrderIndependent(
        report, optionName(k) + " (" + kernelNames(k) + ")", "N = " + std::to_string(data.size()), expected, once,
        oneLaunchOnly ? std::function<hoc::HistogramRun()>() : back, orderName(GroupOrder::Reversed));
}

void runOrderDependentDesign(hoc::Report& report, Histogram& histogram, HistogramKernel k,
                             const std::vector<std::uint8_t>& data, const std::vector<std::uint64_t>& expected,
                             const HistogramOptions& options)
{
    const HistogramOptions plain{options.workGroupSize, options.groups};  // one run each, untimed
    const hoc::HistogramRun forward = run(histogram, data, k, plain, GroupOrder::InOrder);
    const hoc::HistogramRun back = run(histogram, data, k, plain, GroupOrder::Reversed);
    hoc::reportOrderDependent(report, std::cout, optionName(k) + " (" + kernelNames(k) + ")",
                              "N = " + std::to_string(data.size()), expected, forward, orderName(GroupOrder::InOrder),
                              back, orderName(GroupOrder::Reversed));
}
