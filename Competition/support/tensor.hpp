// The competition module's kernels for NVIDIA GPUs of compute capability 8.0 and newer (inline PTX,
// kernels/sgemm_tensor.cl): sgemm_async (Exercise 9b's sgemm_tiles with its tiles copied by cp.async)
// and sgemm_tc (the tensor cores at FP32 accuracy, 3xTF32); for compute capability 9.0 (sm_90a,
// sm90a.hpp) sgemm_wgmma (the same on the warpgroup MMA) and sgemm_ws (kernels/sgemm_ws.cl: B split
// and packed once before the multiplication, bulk copies into a ring of stages with transaction
// barriers, a producer warpgroup and consumer warpgroups). TensorSgemm runs them with the host steps
// of Exercise 9b's Sgemm (padding to whole tiles, split K); the contestant (contestant.hpp) picks it
// or Exercise 9b's Sgemm by the variant's kernel.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "hoc/matmul/matmul.hpp"
#include "hoc/common/opencl.hpp"
#include "hoc/common/timing.hpp"
#include "hoc/matmul/tuning.hpp"

namespace hoc::competition {

using Variant = hoc::tuning::Candidate;

// True on an NVIDIA GPU of compute capability 8.0 or newer, which has cp.async and the TF32 tensor
// cores (and whose OpenCL compiler takes inline PTX): its compute capability comes from
// cl_nv_device_attribute_query.
bool hasCpAsync(const cl::Device& device);

// True for the kernels TensorSgemm runs (sgemm_async, sgemm_tc, sgemm_wgmma, sgemm_ws).
bool isTensorKernel(const std::string& kernel);

// True for those that multiply on the tensor cores in 3xTF32 (sgemm_tc, sgemm_wgmma, sgemm_ws): checked against
// the bound of that arithmetic, and offered only where as accurate as FP32.
bool isTf32Kernel(const std::string& kernel);

// The variants of those kernels worth trying on `device`: none unless hasCpAsync(device); sgemm_wgmma's
// and sgemm_ws's only where the two-stage sm_90a build is available.
std::vector<Variant> tensorVariants(const cl::Device& device);

// sgemm_ws's packing kernels alone, ws_pack_b and ws_pack_a of kernels/sgemm_ws.cl for BM x BN tiles
// and stages of BK (plain OpenCL C: any device builds them, so that their order is tested without a
// GPU).
cl::Program wsPackingProgram(const cl::Context& context, const cl::Device& device, int bm, int bn, int bk);

class TensorSgemm {
public:
    // Checks the variant's parameters against its kernel's rules (hoc::UsageError naming the rule,
    // on any device), then refuses a device without cp.async (hoc::Failure) and builds the kernel.
    TensorSgemm(const cl::Device& device, const Variant& variant);

    void upload(const std::vector<float>& a, const std::vector<float>& b, hoc::matmul::Dims d);
    hoc::EventSpan run();           // one multiplication: its first and last command's events (with
                                    // sgemm_ws, from the packing of B or A on)
    std::vector<float> download();  // C (M x N), without the padding

    const cl::CommandQueue& queue() const { return queue_; }

    // The text of kernels/sgemm_tensor.cl and kernels/sgemm_ws.cl with the files they include (part of
    // the tuning cache's key).
    static std::string source();

private:
    cl::Device device_;
    Variant variant_;
    cl::Context context_;
    cl::CommandQueue queue_;
    cl::Kernel kernel_, sum_;  // the multiplication; with KS, the kernel that adds the slices
    std::size_t tileM_ = 1, tileN_ = 1, tileK_ = 1, ks_ = 1;
    std::size_t slices_ = 1, sliceK_ = 0;
    bool sm90a_ = false;  // (sgemm_wgmma, sgemm_ws) built by the two-stage sm_90a route (sm90a.hpp)
    bool ws_ = false;     // (sgemm_ws) B split and packed into pb_ by packBKernel_ before each
    bool packA_ = false;  // multiplication, and with ASRC=0 (packA_) A into pa_ by packAKernel_
    cl::Kernel packBKernel_, packAKernel_;
    cl::Buffer pb_, pa_;
    bool transposeA_ = false;  // (AT=1) the kernel reads A^T, which transpose_ (Exercise 17's
    cl::Kernel transpose_;     // padded transpose) puts into at_ before each multiplication
    cl::Buffer at_;
    cl::NDRange local_;
    hoc::matmul::Dims dims_, padded_;
    std::size_t lda_ = 0, ldb_ = 0;
    cl::Buffer a_, b_, c_;
};

}  // namespace hoc::competition
