#include "hoc/pi/run.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <vector>

#include "hoc/common/errors.hpp"
#include "hoc/common/device.hpp"
#include "hoc/common/limits.hpp"
#include "hoc/pi/reference.hpp"

namespace hoc::pi {

Run runTree(const cl::CommandQueue& queue, const cl::Kernel& kernel, std::uint64_t steps, std::size_t workGroupSize,
            std::uint64_t stepMultiple, const hoc::Repeats& repeats)
{
    if (steps == 0)
        throw hoc::Failure("pi needs at least one step");
    const hoc::Timer timer;
    const cl::Device device = queue.getInfo<CL_QUEUE_DEVICE>();
    const cl::Context context = queue.getInfo<CL_QUEUE_CONTEXT>();

    // 3. Memory: one float per work-group for its sum; the work-groups fill the device, as far as
    //    the kernel allows.
    const auto ceilDiv = [](std::uint64_t a, std::uint64_t b) { return (a + b - 1) / b; };
    Run run;
    run.maxWorkGroupSize = kernel.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(device);
    const std::uint64_t units = device.getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>();
    const std::uint64_t local = workGroupSize ? workGroupSize : std::min<std::uint64_t>(run.maxWorkGroupSize, 256);
    std::uint64_t groups = std::min(units * 32, ceilDiv(steps, local * 64));
    groups = std::max(groups, ceilDiv(steps, local << 23));  // at most 2^23 steps per work-item
    const std::uint64_t niters = hoc::roundUp(ceilDiv(steps, groups * local), stepMultiple);
    groups = ceilDiv(steps, niters * local);  // rounding niters up may leave work-groups idle
    hoc::requireWorkGroupSize(kernel, device, local, "pi work-group size");
    hoc::requireLocalMemory(kernel, device, local * sizeof(float), "pi work-group size " + std::to_string(local));
    cl::Buffer d_sums(context, CL_MEM_WRITE_ONLY, sizeof(float) * groups);

    // 4. Kernel: groups * local work-items, a float of local memory for each, the step width as a float.
    cl::KernelFunctor<cl_ulong, cl_uint, float, cl::LocalSpaceArg, cl::Buffer> pi_kernel(kernel);
    const float step = static_cast<float>(1.0 / static_cast<double>(steps));
    cl::CommandQueue q = queue;
    const cl::EnqueueArgs range(q, cl::NDRange(groups * local), cl::NDRange(local));

    // 5. Commands: run it, read the work-groups' sums back and add them in double on the host.
    run.timing.kernel_s = hoc::medianSeconds(repeats, [&] {
        cl::Event done = pi_kernel(range, steps, static_cast<cl_uint>(niters), step, cl::Local(sizeof(float) * local),
                                   d_sums);
        return hoc::EventSpan{done, done};
    });
    std::vector<float> h_sums(groups);
    cl::copy(q, d_sums, h_sums.begin(), h_sums.end());
    double sum = 0.0;
    for (const float group_sum : h_sums)
        sum += group_sum;
    run.pi = sum / static_cast<double>(steps);
    run.workGroups = groups;
    run.workGroupSize = local;
    run.stepsPerItem = niters;
    run.timing.wall_s = timer.seconds();
    return run;
}

hoc::Result row(const std::string& name, const Run& run, std::uint64_t steps, double flopsPerStep)
{
    return checkedRow(name, {run.pi, run.workGroups, run.workGroupSize, run.stepsPerItem, run.timing.kernel_s}, steps,
                      kTarget, flopsPerStep);
}

void compareWidths(hoc::Report& report, const std::vector<std::string>& widths, std::uint64_t steps,
                   const std::function<Run(int width)>& run)
{
    const std::string scalar = "scalar (pi)";
    double scalarRate = 0;  // steps/s of the scalar kernel, when it ran
    std::vector<hoc::Result> rows;
    for (const std::string& w : widths) {
        const int width = std::stoi(w);
        rows.push_back(row(width == 1 ? scalar : "float" + w + " (pi_vector)", run(width), steps, 7.0));
        rows.back().extra.push_back({"width", static_cast<double>(width)});
        report.add(rows.back());
        if (width == 1)
            scalarRate = rows.back().rate;
    }
    for (const hoc::Result& r : rows)  // "float4 (pi_vector): 2.10x the steps/s of the scalar kernel"
        if (r.name != scalar && scalarRate > 0) {
            char line[120];
            std::snprintf(line, sizeof line, "%s: %.2fx the steps/s of the scalar kernel\n", r.name.c_str(),
                          r.rate / scalarRate);
            std::cout << line;
        }
}

}  // namespace hoc::pi
