// A correct Exercise 02 written differently from the course's (checker: it must PASS Exercise
// 02's tests of chainedVadd): the inputs copied in at creation (CL_MEM_COPY_HOST_PTR), one cl::Kernel
// whose arguments are set again before each of the three launches (a lambda), the global range
// rounded up by hand, and F read back with enqueueReadBuffer.
#include "chained_vadd.hpp"

#include "hoc/common/device.hpp"
#include "hoc/common/program.hpp"

ChainResult chainedVadd(const cl::Device& device, const std::vector<float>& h_a, const std::vector<float>& h_b,
                        const std::vector<float>& h_e, const std::vector<float>& h_g)
{
    const std::size_t n = h_a.size();
    const std::size_t bytes = n * sizeof(float);
    ChainResult out;
    out.f.assign(n, 0.0f);

    cl::Context context(device);
    cl::CommandQueue queue(context, device, CL_QUEUE_PROFILING_ENABLE);
    cl::Program program = hoc::buildProgram(context, device, "vadd.cl");
    const auto input = [&](const std::vector<float>& v) {
        return cl::Buffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes, const_cast<float*>(v.data()));
    };
    cl::Buffer a = input(h_a), b = input(h_b), e = input(h_e), g = input(h_g);
    cl::Buffer c(context, CL_MEM_READ_WRITE, bytes), d(context, CL_MEM_READ_WRITE, bytes);
    cl::Buffer f(context, CL_MEM_WRITE_ONLY, bytes);

    cl::Kernel vadd(program, "vadd");
    const std::size_t local = hoc::localSize(vadd, device, 64);
    const std::size_t global = (n + local - 1) / local * local;
    const auto add = [&](const cl::Buffer& x, const cl::Buffer& y, const cl::Buffer& sum) {
        vadd.setArg(0, x);
        vadd.setArg(1, y);
        vadd.setArg(2, sum);
        vadd.setArg(3, static_cast<int>(n));
        cl::Event done;
        queue.enqueueNDRangeKernel(vadd, cl::NullRange, cl::NDRange(global), cl::NDRange(local), nullptr, &done);
        return done;
    };
    const hoc::Timer timer;
    const cl::Event first = add(a, b, c);
    add(c, e, d);
    const cl::Event last = add(d, g, f);
    queue.enqueueReadBuffer(f, CL_TRUE, 0, bytes, out.f.data());
    out.timing.wall_s = timer.seconds();
    out.timing.kernel_s = hoc::eventSpanSeconds(first, last);
    return out;
}
