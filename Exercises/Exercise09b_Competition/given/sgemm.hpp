// Exercise 9b: the C = A * B competition - as fast as you can make it, and correct.
#pragma once

#include <cstddef>
#include <iosfwd>
#include <string>
#include <vector>

#include "hoc/matmul/contender.hpp"
#include "hoc/matmul/matmul.hpp"
#include "hoc/common/opencl.hpp"
#include "hoc/common/timing.hpp"
#include "hoc/matmul/tuning.hpp"

// A variant: one kernel of matmul_competition.cl and its compile-time parameters.
using Variant = hoc::tuning::Candidate;

// The variants worth trying on `device` (the tuner's search space); `quick`: a few cheap ones (tests).
std::vector<Variant> sgemmVariants(const cl::Device& device, bool quick = false);

// C = A * B on one device with one variant, the steps of a host program spread over the calls:
// the constructor makes the context and queue and builds the program (steps 1, 2), upload() puts A
// and B into device buffers padded with zeros to whole tiles (3), run() sets the arguments and
// launches the kernel (4, 5), download() reads C back. It is what the room enters in the race
// (hoc::matmul::Contender; given/entrant.cpp).
class Sgemm : public hoc::matmul::Contender {
public:
    Sgemm(const cl::Device& device, const Variant& variant);

    void upload(const std::vector<float>& a, const std::vector<float>& b, hoc::matmul::Dims d) override;
    hoc::EventSpan run() override;           // one multiplication: its first and last command's events
    std::vector<float> download() override;  // C (M x N), without the padding

    const cl::CommandQueue& queue() const override { return queue_; }

    // The text of matmul_competition.cl (part of the tuning cache's key).
    static std::string source();

private:
    cl::Device device_;
    Variant variant_;
    cl::Context context_;
    cl::CommandQueue queue_;
    cl::Kernel kernel_;
    std::size_t tileM_ = 1, tileN_ = 1, tileK_ = 1;  // the padded sizes are multiples of these
    std::size_t ks_ = 1, kc_ = 0;                    // split K: into ks_ slices, or slices of at most kc_
    std::size_t slices_ = 1, sliceK_ = 0;            // ... for the uploaded size
    cl::Kernel sum_;                                 // adds the slices' partial sums
    std::size_t rb_ = 0;                             // sgemm_panel: blocks of rows per work-item
    bool packA_ = false, packB_ = false;             // sgemm_panel: A and B packed first ...
    cl::Kernel packAKernel_, packBKernel_;           // ... by these kernels
    cl::Buffer packedA_, packedB_;                   // ... into these buffers
    cl::NDRange local_;
    bool columnsFirst_ = false;  // dimension 0 runs down the rows of C
    hoc::matmul::Dims dims_, padded_;
    std::size_t lda_ = 0, ldb_ = 0;  // row pitches of A, and of B and C
    cl::Buffer a_, b_, c_;
};

struct SgemmResult {
    std::vector<float> c;  // C = A * B
    hoc::Timing timing;    // kernel_s: median over the timed runs; wall_s: upload to download
};

// Upload, repeats.warmups untimed runs, repeats.runs timed runs, download.
SgemmResult sgemm(const cl::Device& device, const std::vector<float>& a, const std::vector<float>& b,
                  hoc::matmul::Dims d, const Variant& variant, const hoc::Repeats& repeats = {1, 1});

// The fastest of `variants` on `device` for problems like `d`: remembered in `cacheFile`, measured
// (and remembered) when the cache has no valid choice or `force` is set. `log` gets the measurements.
hoc::tuning::Outcome tuneSgemm(const cl::Device& device, const std::vector<Variant>& variants, hoc::matmul::Dims d,
                               const std::string& cacheFile, bool force = false, std::ostream* log = nullptr);

// The problem size the tuner measures for problems like `d` on `device` (a small set of classes,
// so that one tuning serves many sizes).
hoc::matmul::Dims tuningSize(const cl::Device& device, hoc::matmul::Dims d);
