// Exercise 24: the host side. The AoS kernel gets one buffer of Particles; the SoA kernel one buffer
// per field the step uses (the mass and charge arrays never go to the device: the step does not
// need them). One work-item per particle; every launch is one step.
#include "layout.hpp"

#include <string>

#include "hoc/common/device.hpp"
#include "hoc/common/errors.hpp"
#include "hoc/common/limits.hpp"
#include "hoc/common/program.hpp"

namespace {

void requireCount(std::size_t n)
{
    if (n == 0 || n > kMaxParticles)
        throw hoc::Failure("memory layout: " + std::to_string(n) + " particles; need 1 to 2^28");
}

}  // namespace

Layout::Layout(const cl::Device& device)
    : device_(device),
      // 1. Platform: a context for the device and a queue that records when commands run.
      context_(device), queue_(context_, device, CL_QUEUE_PROFILING_ENABLE),
      // 2. Program: the three kernels.
      program_(hoc::buildProgram(context_, device, "particles.cl"))
{
}

std::size_t Layout::maxWorkGroupSize(bool soa, AosLoads loads) const
{
    const char* name = soa                              ? "update_soa"
                       : loads == AosLoads::float4s     ? "update_aos4"
                       : loads == AosLoads::sevenFloats ? "update_aos7"
                                                        : "update_aos";
    return cl::Kernel(program_, name).getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(device_);
}

namespace {

// Sizes, then step 5 for either kernel: launch it warm-ups + runs times (one step each), timing the
// runs by their profiling events.
LayoutResult launch(cl::CommandQueue& queue, const cl::Device& device, cl::Kernel& kernel, std::size_t n,
                    std::size_t local, const hoc::Repeats& repeats)
{
    LayoutResult result;
    result.local = local != 0 ? local : hoc::localSize(kernel, device, 256);
    hoc::requireWorkGroupSize(kernel, device, result.local, "--local " + std::to_string(result.local));
    result.global = hoc::roundUp(n, result.local);
    result.seconds = hoc::medianSeconds(repeats, [&] {
        cl::Event done;
        queue.enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(result.global), cl::NDRange(result.local),
                                   nullptr, &done);
        ++result.steps;
        return hoc::EventSpan{done, done};
    });
    return result;
}

}  // namespace

LayoutResult Layout::runAos(const std::vector<Particle>& in, float dt, float g, std::size_t local,
                            const hoc::Repeats& repeats, AosLoads loads)
{
    requireCount(in.size());
    if (loads == AosLoads::sevenFloats)
        return runSevenFloats(in, dt, g, local, repeats);
    cl::Kernel kernel(program_, loads == AosLoads::float4s ? "update_aos4" : "update_aos");
    // 3. Memory: the particles as they lie on the host, eight floats each.
    cl::Buffer d_p(queue_, in.begin(), in.end(), /*readOnly=*/false);
    // 4. Kernel arguments.
    kernel.setArg(0, d_p);
    kernel.setArg(1, static_cast<cl_uint>(in.size()));
    kernel.setArg(2, dt);
    kernel.setArg(3, g);
    // 5. Commands: the steps, timed, then the particles back.
    LayoutResult result = launch(queue_, device_, kernel, in.size(), local, repeats);
    result.out.resize(in.size());
    cl::copy(queue_, d_p, result.out.begin(), result.out.end());
    return result;
}

LayoutResult Layout::runSevenFloats(const std::vector<Particle>& in, float dt, float g, std::size_t local,
                                    const hoc::Repeats& repeats)
{
    cl::Kernel kernel(program_, "update_aos7");
    // 3. Memory: the particles without their charge, seven floats each, side by side.
    std::vector<float> seven;
    seven.reserve(7 * in.size());
    for (const Particle& p : in)
        seven.insert(seven.end(), {p.x, p.y, p.z, p.vx, p.vy, p.vz, p.m});
    cl::Buffer d_p(queue_, seven.begin(), seven.end(), /*readOnly=*/false);
    // 4. Kernel arguments.
    kernel.setArg(0, d_p);
    kernel.setArg(1, static_cast<cl_uint>(in.size()));
    kernel.setArg(2, dt);
    kernel.setArg(3, g);
    // 5. Commands: the steps, timed, then the particles back, each with the charge it went in with.
    LayoutResult result = launch(queue_, device_, kernel, in.size(), local, repeats);
    cl::copy(queue_, d_p, seven.begin(), seven.end());
    result.out.resize(in.size());
    for (std::size_t i = 0; i < in.size(); ++i) {
        const float* f = &seven[7 * i];
        result.out[i] = {f[0], f[1], f[2], f[3], f[4], f[5], f[6], in[i].q};
    }
    return result;
}

LayoutResult Layout::runSoa(const std::vector<Particle>& in, float dt, float g, std::size_t local,
                            const hoc::Repeats& repeats)
{
    requireCount(in.size());
    cl::Kernel kernel(program_, "update_soa");
    // 3. Memory: one buffer per field the step reads or writes, in update_soa's argument order.
    Particles s = toSoa(in);
    std::vector<std::vector<float>*> fields = {&s.x, &s.y, &s.z, &s.vx, &s.vy, &s.vz};
    for (const std::vector<float>* f : {&s.x, &s.y, &s.z, &s.vx, &s.vy, &s.vz, &s.m, &s.q})
        if (f->size() != in.size())
            throw hoc::Failure("toSoa (soa.cpp) gave an array of " + std::to_string(f->size()) + " elements for " +
                               std::to_string(in.size()) + " particles: every field needs one element per particle");
    std::vector<cl::Buffer> buffers;
    for (std::vector<float>* f : fields)
        buffers.emplace_back(queue_, f->begin(), f->end(), /*readOnly=*/false);
    // 4. Kernel arguments.
    for (cl_uint a = 0; a < buffers.size(); ++a)
        kernel.setArg(a, buffers[a]);
    kernel.setArg(6, static_cast<cl_uint>(in.size()));
    kernel.setArg(7, dt);
    kernel.setArg(8, g);
    // 5. Commands: the steps, timed, then every field back.
    LayoutResult result = launch(queue_, device_, kernel, in.size(), local, repeats);
    for (std::size_t f = 0; f < fields.size(); ++f)
        cl::copy(queue_, buffers[f], fields[f]->begin(), fields[f]->end());
    result.out = toAos(s);
    return result;
}
