// Exercise 18: the host program. It zeroes the bins, launches the chosen design, and can launch the
// work-groups one at a time in an order it picks (a global offset per launch), which is how the
// program shows that step 3's answer depends on the order of work-groups and the others' does not.
#include "histogram.hpp"

#include <algorithm>

#include "hoc/common/device.hpp"
#include "hoc/common/errors.hpp"
#include "hoc/common/limits.hpp"
#include "hoc/common/names.hpp"
#include "hoc/common/program.hpp"

const std::vector<HistogramKernel>& histogramKernels()
{
    static const std::vector<HistogramKernel> all = {HistogramKernel::Global, HistogramKernel::Local,
                                                     HistogramKernel::LastGroup, HistogramKernel::TwoKernels};
    return all;
}

std::string optionName(HistogramKernel kernel)
{
    static const hoc::Names<HistogramKernel> names{
        {HistogramKernel::Global, "global"},
        {HistogramKernel::Local, "local"},
        {HistogramKernel::LastGroup, "last-group"},
        {HistogramKernel::TwoKernels, "two-kernels"},
    };
    return names(kernel);
}

std::string kernelNames(HistogramKernel kernel)
{
    static const hoc::Names<HistogramKernel> names{
        {HistogramKernel::Global, "histogram_global"},
        {HistogramKernel::Local, "histogram_local"},
        {HistogramKernel::LastGroup, "histogram_last_group"},
        {HistogramKernel::TwoKernels, "histogram_partial + histogram_merge"},
    };
    return names(kernel);
}

bool dependsOnGroupOrder(HistogramKernel kernel) { return kernel == HistogramKernel::LastGroup; }

std::string orderName(GroupOrder order)
{
    static const hoc::Names<GroupOrder> names{
        {GroupOrder::OneLaunch, "one launch"},
        {GroupOrder::InOrder, "one group at a time, first to last"},
        {GroupOrder::Reversed, "one group at a time, last to first"},
    };
    return names(order);
}

namespace {

// How the bytes are shared out, into result's workGroupSize, groups and chunk: work-groups of 64
// work-items (or the device's maximum, if less; step 4 checks the kernel's own limit), 16
// work-groups per compute unit (enough to fill a GPU), but no more than one per `local` bytes. Each
// work-group counts one chunk of consecutive bytes.
void splitWork(const cl::Device& device, std::size_t bytes, const HistogramOptions& options, HistogramResult& result)
{
    const std::size_t deviceMax = device.getInfo<CL_DEVICE_MAX_WORK_GROUP_SIZE>();
    const std::size_t local = options.workGroupSize ? options.workGroupSize : std::min<std::size_t>(64, deviceMax);
    const std::size_t units = device.getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>();
    const std::size_t wanted = options.groups ? options.groups : 16 * units;
    const std::size_t planned = std::min(wanted, (bytes + local - 1) / local);
    const std::size_t chunk = (bytes + planned - 1) / planned;
    result.workGroupSize = local;
    result.groups = (bytes + chunk - 1) / chunk;  // rounding the chunk up can leave fewer groups
    result.chunk = chunk;
}

}  // namespace

Histogram::Histogram(const cl::Device& device)
    : device_(device),
      // 1. Platform: a context for the device and a queue that records when commands run.
      context_(device), queue_(context_, device, CL_QUEUE_PROFILING_ENABLE),
      // 2. Program: every design of histogram.cl.
      program_(hoc::buildProgram(context_, device, "histogram.cl"))
{
}

unsigned Histogram::stepFourAnswer()
{
    cl::Kernel kernel(program_, "step4_answer");
    std::vector<cl_uint> answer(1, 0);
    cl::Buffer d_answer(queue_, answer.begin(), answer.end(), /*readOnly=*/false);
    kernel.setArg(0, d_answer);
    queue_.enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(1), cl::NDRange(1));
    cl::copy(queue_, d_answer, answer.begin(), answer.end());
    return answer[0];
}

HistogramResult Histogram::count(const std::vector<std::uint8_t>& h_data, HistogramKernel which,
                                 const HistogramOptions& options)
{
    if (h_data.empty())
        throw hoc::Failure("histogram: there is nothing to count (0 bytes)");
    if (h_data.size() > 0xFFFFFFFFu)
        throw hoc::Failure("histogram: at most 2^32 - 1 bytes (the kernels count with 32-bit indices)");
    const cl_uint n = static_cast<cl_uint>(h_data.size());
    HistogramResult result;

    splitWork(device_, h_data.size(), options, result);
    const std::size_t local = result.workGroupSize, chunk = result.chunk;
    const cl_uint used = static_cast<cl_uint>(result.groups);

    // 3. Memory: the bytes, the bins, and one row of bins per work-group for steps 3 and 4.
    cl::Buffer d_in(queue_, h_data.begin(), h_data.end(), /*readOnly=*/true);
    cl::Buffer d_bins(context_, CL_MEM_READ_WRITE, sizeof(cl_uint) * kBins);
    const bool rows = which == HistogramKernel::LastGroup || which == HistogramKernel::TwoKernels;
    cl::Buffer d_partial(context_, CL_MEM_READ_WRITE, sizeof(cl_uint) * kBins * (rows ? used : 1));

    // 4. Kernels: the design's first kernel (its work-group and local-memory limits checked), and
    //    step 4's merge.
    const std::string first = which == HistogramKernel::TwoKernels ? "histogram_partial" : kernelNames(which);
    cl::Kernel kernel(program_, first.c_str());
    cl::Kernel merge(program_, "histogram_merge");
    result.maxWorkGroupSize = kernel.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(device_);
    hoc::requireWorkGroupSize(kernel, device_, local, first);
    hoc::requireLocalMemory(kernel, device_, 0, first);  // the kernel's own __local bins (1 KiB)
    kernel.setArg(0, d_in);
    kernel.setArg(1, n);
    kernel.setArg(2, static_cast<cl_uint>(chunk));
    if (which == HistogramKernel::LastGroup) {
        kernel.setArg(3, used);
        kernel.setArg(4, d_partial);
        kernel.setArg(5, d_bins);
    } else {
        kernel.setArg(3, rows ? d_partial : d_bins);
    }
    merge.setArg(0, d_partial);
    merge.setArg(1, used);
    merge.setArg(2, d_bins);

    // 5. Commands: clear the bins, which steps 1 and 2 add to, and for step 3 the rows too (a row
    //    read before its group has run then reads 0, not what an earlier histogram left in that
    //    memory); then the work-groups, in one launch or one at a time (each launch one work-group,
    //    placed by its global offset); then step 4's merge. The clearing is a write of zeros:
    //    oclgrind 21.10 does not count what enqueueFillBuffer writes as initialized; `zeros`
    //    outlives every non-blocking write of it.
    const std::vector<cl_uint> zeros(kBins * (which == HistogramKernel::LastGroup ? used : 1), 0);
    result.seconds = hoc::medianSeconds(options.repeats, [&] {
        hoc::EventSpan span;
        queue_.enqueueWriteBuffer(d_bins, CL_FALSE, 0, sizeof(cl_uint) * kBins, zeros.data(), nullptr, &span.first);
        if (which == HistogramKernel::LastGroup)  // rows read before their group ran hold 0, not old data
            queue_.enqueueWriteBuffer(d_partial, CL_FALSE, 0, sizeof(cl_uint) * zeros.size(), zeros.data());
        if (options.order == GroupOrder::OneLaunch) {
            queue_.enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(used * local), cl::NDRange(local), nullptr,
                                        &span.second);
        } else {
            for (std::size_t k = 0; k < used; ++k) {
                const std::size_t g = options.order == GroupOrder::InOrder ? k : used - 1 - k;
                queue_.enqueueNDRangeKernel(kernel, cl::NDRange(g * local), cl::NDRange(local), cl::NDRange(local),
                                            nullptr, &span.second);
            }
        }
        if (which == HistogramKernel::TwoKernels) {
            const std::size_t mergeLocal = hoc::localSize(merge, device_, 64);
            queue_.enqueueNDRangeKernel(merge, cl::NullRange, cl::NDRange(hoc::roundUp(kBins, mergeLocal)),
                                        cl::NDRange(mergeLocal), nullptr, &span.second);
        }
        return span;
    });
    result.bins.resize(kBins);
    queue_.enqueueReadBuffer(d_bins, CL_TRUE, 0, sizeof(cl_uint) * kBins, result.bins.data());
    return result;
}
