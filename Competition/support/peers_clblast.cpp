// CLBlast's SGEMM on the same OpenCL device (compiled only when CMake finds CLBlast).
#include <clblast.h>

#include "hoc/common/errors.hpp"
#include "hoc/common/timing.hpp"
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
               " on the same device (its own kernels, tuning database and padding); device time from "
               "OpenCL profiling events, all its kernels of a call";
    }
    void upload(const std::vector<float>& a, const std::vector<float>& b, matmul::Dims d) override
    {
        d_ = d;
        gapped_ = runs_ = 0;
        a_ = cl::Buffer(queue_, a.begin(), a.end(), true);
        b_ = cl::Buffer(queue_, b.begin(), b.end(), true);
        c_ = cl::Buffer(context_, CL_MEM_READ_WRITE, sizeof(float) * d.m * d.n);
        // CLBlast's scratch memory (transposed and padded copies of A and B), made once here: made and
        // released inside every call, its release waits for the call's kernels on some drivers.
        cl_command_queue queue = queue_();
        std::size_t bytes = 0;
        const auto status = clblast::GemmTempBufferSize<float>(clblast::Layout::kRowMajor, clblast::Transpose::kNo,
                                                               clblast::Transpose::kNo, d_.m, d_.n, d_.k, 0, d_.k, 0,
                                                               d_.n, 0, d_.n, &queue, bytes);
        temp_ = status == clblast::StatusCode::kSuccess && bytes > 0 ? cl::Buffer(context_, CL_MEM_READ_WRITE, bytes)
                                                                     : cl::Buffer();
    }
    // Host clock: one call on an idle queue, until it is finished. Device clock: CLBlast may run
    // several kernels per call (it transposes or pads A and B first when its GEMM kernel wants them
    // so) and hands back the event of the last one only. So a lead call is enqueued first, and the
    // timed call behind it while the lead still runs: on the in-order queue the timed call's first
    // kernel starts when the lead's last one ends, and END(timed) - END(lead) is the device time of
    // all its kernels, without the host's enqueueing. When the lead was already finished by then, the
    // span would include idle time: such runs are counted (gapped()) and reported.
    PeerTiming run() override
    {
        PeerTiming t;
        const Timer timer;
        gemm(false);
        queue_.finish();
        t.host_s = timer.seconds();

        cl::Event lead = gemm(true), timed = gemm(true);
        if (lead.getInfo<CL_EVENT_COMMAND_EXECUTION_STATUS>() == CL_COMPLETE)
            ++gapped_;
        timed.wait();
        t.device_s = (timed.getProfilingInfo<CL_PROFILING_COMMAND_END>() -
                      lead.getProfilingInfo<CL_PROFILING_COMMAND_END>()) *
                     1e-9;
        ++runs_;
        return t;
    }
    std::string timingNote() const override
    {
        return gapped_ == 0 ? ""
                            : std::to_string(gapped_) + " of " + std::to_string(runs_) +
                                  " device timings may include idle time (the lead call ended before the timed one was "
                                  "enqueued)";
    }
    std::vector<float> download() override
    {
        std::vector<float> c(d_.m * d_.n);
        cl::copy(queue_, c_, c.begin(), c.end());
        return c;
    }

private:
    // One clblast::Gemm; with `withEvent`, the event of its last kernel (the queue flushed).
    cl::Event gemm(bool withEvent)
    {
        cl_command_queue queue = queue_();
        cl_event event = nullptr;
        const auto status = clblast::Gemm<float>(clblast::Layout::kRowMajor, clblast::Transpose::kNo,
                                                 clblast::Transpose::kNo, d_.m, d_.n, d_.k, 1.0f, a_(), 0, d_.k, b_(),
                                                 0, d_.n, 0.0f, c_(), 0, d_.n, &queue, withEvent ? &event : nullptr,
                                                 temp_() ? temp_() : nullptr);
        if (status != clblast::StatusCode::kSuccess)
            throw Failure("CLBlast SGEMM failed with status " + std::to_string(static_cast<int>(status)) +
                          " (CLBlast's StatusCode; negative values are OpenCL error codes)");
        queue_.flush();
        return withEvent ? cl::Event(event) : cl::Event();
    }

    int gapped_ = 0, runs_ = 0;
    cl::Device device_;
    cl::Context context_;
    cl::CommandQueue queue_;
    cl::Buffer a_, b_, c_, temp_;
    matmul::Dims d_;
};

}  // namespace

std::unique_ptr<Peer> clblast(const cl::Device& device, std::string& note)
{
    note.clear();
    return std::make_unique<ClBlast>(device);
}

}  // namespace hoc::peers
