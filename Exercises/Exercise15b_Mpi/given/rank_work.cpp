// Exercise 15b: one rank's OpenCL work, in the five steps of every host program.
#include "rank_work.hpp"

#include <algorithm>

#include "hoc/common/device.hpp"
#include "hoc/common/errors.hpp"
#include "hoc/common/limits.hpp"
#include "hoc/matmul/matmul_host.hpp"
#include "hoc/common/program.hpp"

namespace {
std::uint64_t ceilDiv(std::uint64_t a, std::uint64_t b) { return (a + b - 1) / b; }
}  // namespace

PiLayout piLayout(std::uint64_t steps)
{
    if (steps == 0)
        throw hoc::UsageError("pi needs at least one step");
    // About a million work-items in all, whatever the number of ranks: enough to fill a GPU's share,
    // and at most 2^23 steps per work-item (the kernel counts its steps in a float, exactly).
    PiLayout layout;
    layout.steps = steps;
    layout.niters = std::clamp<std::uint64_t>(ceilDiv(steps, std::uint64_t{1} << 20), 1, std::uint64_t{1} << 23);
    layout.items = ceilDiv(steps, layout.niters);
    return layout;
}

PiPart piPart(const cl::Device& device, const PiLayout& layout, std::uint64_t first, std::uint64_t count,
              hoc::Repeats repeats)
{
    PiPart part;
    if (count == 0)
        return part;  // more ranks than work-items: nothing to add

    // 1. Platform: a context for this rank's device, a queue that times its commands.
    cl::Context context(device);
    cl::CommandQueue queue(context, device, CL_QUEUE_PROFILING_ENABLE);

    // 2. Program: Exercise 10's kernels; step 3, `pi`, is the one that meets the course's 1e-6.
    cl::Program program = hoc::buildProgram(context, device, "pi.cl");

    // 3. Memory: one float per work-group for its sum; the work-group size is what the kernel
    //    prefers on this device, within its local memory.
    const cl::Kernel kernel(program, "pi");
    part.local = hoc::localSize(kernel, device, 256);
    hoc::requireLocalMemory(kernel, device, part.local * sizeof(float),
                            "pi work-group size " + std::to_string(part.local));
    const std::uint64_t groups = ceilDiv(count, part.local);
    cl::Buffer d_sums(context, CL_MEM_WRITE_ONLY, sizeof(float) * groups);

    // 4. Kernel. The global offset makes get_global_id(0) start at `first`, so work-item g still
    //    integrates steps g * niters ...; the kernel's step count is where this rank's steps end, so
    //    the work-items that round the range up to whole work-groups add nothing. The step width is
    //    the whole integral's.
    cl::KernelFunctor<cl_ulong, cl_uint, float, cl::LocalSpaceArg, cl::Buffer> pi_kernel(kernel);
    const std::uint64_t end = std::min(layout.steps, (first + count) * layout.niters);
    const float step = static_cast<float>(1.0 / static_cast<double>(layout.steps));
    const cl::EnqueueArgs range(queue, cl::NDRange(first), cl::NDRange(groups * part.local), cl::NDRange(part.local));

    // 5. Commands: run it (the median of the repeats), read the work-groups' sums back and add them.
    part.kernel_s = hoc::medianSeconds(repeats, [&] {
        cl::Event done = pi_kernel(range, end, static_cast<cl_uint>(layout.niters), step,
                                   cl::Local(sizeof(float) * part.local), d_sums);
        return hoc::EventSpan{done, done};
    });
    std::vector<float> sums(groups);
    cl::copy(queue, d_sums, sums.begin(), sums.end());
    for (const float s : sums)
        part.sum += s;  // in double, as Exercise 10's host does
    return part;
}

MatmulRows::MatmulRows(const cl::Device& device, const std::vector<float>& b, hoc::matmul::Dims d) : d_(d)
{
    hoc::requireBuffers(device, sizeof(float) * std::max(d.m * d.k, std::max(d.k * d.n, d.m * d.n)), 3,
                        hoc::deviceLabel(device) + ", " + d.text());
    // 1. Platform: this rank's device, its own context and a queue that times its commands.
    context_ = cl::Context(device);
    queue_ = cl::CommandQueue(context_, device, CL_QUEUE_PROFILING_ENABLE);
    // 2. Program: Exercise 11's kernel, one work-item per element of C (as in Exercise 15).
    cl::Program program = hoc::buildProgram(context_, device, "matmul_element.cl");
    // 3. Memory: every rank needs all of B; its rows of A and C come with each run.
    b_ = cl::Buffer(queue_, b.begin(), b.end(), true);
    // 4. Kernel, in square work-groups of up to 16 x 16.
    kernel_ = cl::Kernel(program, "mmul_element");
    side_ = hoc::matmul::elementGroupSide(kernel_, device);
}

MatmulRows::Timing MatmulRows::run(const float* a_rows, std::size_t rows, float* c_rows)
{
    // 5. Commands: write this rank's rows of A, multiply them by B, read its rows of C.
    const std::size_t a_bytes = sizeof(float) * rows * d_.k, c_bytes = sizeof(float) * rows * d_.n;
    cl::Buffer a(context_, CL_MEM_READ_ONLY, a_bytes), c(context_, CL_MEM_WRITE_ONLY, c_bytes);
    cl::Event write, kernel, read;
    queue_.enqueueWriteBuffer(a, CL_FALSE, 0, a_bytes, a_rows, nullptr, &write);
    const cl::EnqueueArgs range(queue_, cl::NDRange(hoc::roundUp(d_.n, side_), hoc::roundUp(rows, side_)),
                                cl::NDRange(side_, side_));
    kernel = Mmul(kernel_)(range, static_cast<int>(rows), static_cast<int>(d_.n), static_cast<int>(d_.k), a, b_, c);
    queue_.enqueueReadBuffer(c, CL_TRUE, 0, c_bytes, c_rows, nullptr, &read);
    return {hoc::eventSeconds(kernel), hoc::eventSpanSeconds(write, read)};
}

double MatmulRows::speed(std::size_t probe)
{
    const std::vector<float> a(probe * d_.k, 0.0f);
    std::vector<float> c(probe * d_.n);
    run(a.data(), probe, c.data());  // the first run may include one-off costs
    return static_cast<double>(probe) / std::max(run(a.data(), probe, c.data()).kernel_s, 1e-9);
}
