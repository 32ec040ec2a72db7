#include "designs.hpp"

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

void runCorrectDesign(hoc::Report& report, Histogram& histogram, HistogramKernel k,
                      const std::vector<std::uint8_t>& data, const std::vector<std::uint64_t>& expected,
                      const HistogramOptions& options, bool oneLaunchOnly)
{
    const std::string name = optionName(k) + " (" + kernelNames(k) + ")";
    const std::string size = "N = " + std::to_string(data.size());
    HistogramOptions once = options;
    once.order = GroupOrder::OneLaunch;
    const HistogramResult r = histogram.count(data, k, once);
    const hoc::CheckResult check = hoc::checkHistogram(expected, r.bins);
    report.bandwidth(name + ", " + std::to_string(r.groups) + " work-groups of " + std::to_string(r.workGroupSize),
                     size, check, {r.seconds, 0}, static_cast<double>(data.size()));
    if (oneLaunchOnly)
        return;
    const HistogramResult back = histogram.count(data, k,
                                                 {options.workGroupSize, options.groups, GroupOrder::Reversed});
    const hoc::CheckResult reversed = hoc::checkHistogram(expected, back.bins);
    report.add({name + ", " + orderName(GroupOrder::Reversed), size, reversed.ok, reversed.message(), 0, 0, "", {}});
}

void runOrderDependentDesign(hoc::Report& report, Histogram& histogram, HistogramKernel k,
                             const std::vector<std::uint8_t>& data, const std::vector<std::uint64_t>& expected,
                             const HistogramOptions& options)
{
    const std::string name = optionName(k) + " (" + kernelNames(k) + ")";
    const std::string size = "N = " + std::to_string(data.size());
    const HistogramResult forward = histogram.count(data, k,
                                                    {options.workGroupSize, options.groups, GroupOrder::InOrder});
    const HistogramResult back = histogram.count(data, k,
                                                 {options.workGroupSize, options.groups, GroupOrder::Reversed});
    const hoc::CheckResult inOrder = hoc::checkHistogram(expected, forward.bins);
    const hoc::CheckResult reversed = hoc::checkHistogram(expected, back.bins);
    report.add({name + ", " + orderName(GroupOrder::InOrder), size, inOrder.ok, inOrder.message(), 0, 0, "", {}});
    if (back.groups < 2) {
        std::cout << "  (one work-group only: no other order to try; use a larger --size or --groups)\n";
        return;
    }
    const std::string count = std::to_string(reversed.wrong) + " of " + std::to_string(kBins) + " bins wrong";
    report.add({name + ", " + orderName(GroupOrder::Reversed),
                size,
                !reversed.ok,
                reversed.ok ? "the bins came out right: expected them wrong, the last group ran first"
                            : "wrong, as expected (" + count + "): this design depends on the order of work-groups",
                0,
                0,
                "",
                {}});
}
