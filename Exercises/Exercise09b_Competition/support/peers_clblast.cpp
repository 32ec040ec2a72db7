// CLBlast's SGEMM on the same OpenCL device (compiled only when CMake finds CLBlast).
#include <clblast.h>

#include "hoc/errors.hpp"
#include "hoc/timing.hpp"
#include "peers.hpp"

#ifndef HOC_CLBLAST_VERSION
#define HOC_CLBLAST_VERSION ""
#endif

namespace hoc::peers {
namespace {

class ClBlast : public Peer {
public:
    explicit ClBlast(const cl::Device& device)
        : device_(device), context_(device), queue_(context_, device, CL_QUEUE_PROFILING_ENABLE)
    {
    }
    std::string name() const override { return "CLBlast"; }
    std::string detail() const override
    {
        return std::string("CLBlast ") + HOC_CLBLAST_VERSION +
               " on the same device (its own kernels, tuning database and padding)";
    }
    void upload(const std::vector<float>& a, const std::vector<float>& b, matmul::Dims d) override
    {
        d_ = d;
        a_ = cl::Buffer(queue_, a.begin(), a.end(), true);
        b_ = cl::Buffer(queue_, b.begin(), b.end(), true);
        c_ = cl::Buffer(context_, CL_MEM_READ_WRITE, sizeof(float) * d.m * d.n);
    }
    double run() override
    {
        cl_command_queue queue = queue_();
        const Timer timer;
        const auto status = clblast::Gemm<float>(clblast::Layout::kRowMajor, clblast::Transpose::kNo,
                                                 clblast::Transpose::kNo, d_.m, d_.n, d_.k, 1.0f, a_(), 0, d_.k,
                                                 b_(), 0, d_.n, 0.0f, c_(), 0, d_.n, &queue, nullptr);
        if (status != clblast::StatusCode::kSuccess)
            throw Failure("CLBlast SGEMM failed with status " + std::to_string(static_cast<int>(status)) +
                          " (CLBlast's StatusCode; negative values are OpenCL error codes)");
        queue_.finish();
        return timer.seconds();
    }
    std::vector<float> download() override
    {
        std::vector<float> c(d_.m * d_.n);
        cl::copy(queue_, c_, c.begin(), c.end());
        return c;
    }

private:
    cl::Device device_;
    cl::Context context_;
    cl::CommandQueue queue_;
    cl::Buffer a_, b_, c_;
    matmul::Dims d_;
};

}  // namespace

std::unique_ptr<Peer> clblast(const cl::Device& device, std::string& note)
{
    note.clear();
    return std::make_unique<ClBlast>(device);
}

}  // namespace hoc::peers
