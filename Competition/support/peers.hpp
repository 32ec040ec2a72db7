// The BLAS libraries a matmul benchmark races against: CLBlast (OpenCL, on the same device),
// OpenBLAS (the CPU's vendor-class BLAS, when the OpenCL device is the CPU) and cuBLAS (when the
// OpenCL device is an NVIDIA GPU). Each is optional: the library `hoc::competition` is built with
// those that CMake finds, and a peer that is missing or has no device to run on is skipped with a note.
#pragma once

#include <memory>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "hoc/matmul/matmul.hpp"
#include "hoc/common/opencl.hpp"

namespace hoc::peers {

// The time of one multiplication, on two clocks.
struct PeerTiming {
    double host_s = 0;    // host clock, from the call until the result is complete in device memory
    double device_s = 0;  // the device's own clock, the multiplication alone (OpenCL profiling events,
                          // CUDA events; for a CPU library the host clock, the CPU being its device)
};

// How long OpenBLAS's worker threads keep a CPU busy after a call: they spin for
// 2^OPENBLAS_THREAD_TIMEOUT cycles (default 2^28, about 0.1 s) before they sleep, so whatever is
// timed on the CPU in that time shares it with them. Wait this long after an OpenBLAS call.
constexpr double kOpenBlasSettleSeconds = 0.25;

// One library's SGEMM: C = A * B, row-major, single precision, in its own memory on its device.
class Peer {
public:
    virtual ~Peer() = default;
    virtual std::string name() const = 0;    // e.g. "CLBlast 1.5.3"
    virtual std::string detail() const = 0;  // how it runs and how it is timed
    virtual void upload(const std::vector<float>& a, const std::vector<float>& b, matmul::Dims d) = 0;
    virtual PeerTiming run() = 0;  // one C = A * B, timed on both clocks
    // Anything that makes the device times less certain than they look ("" when nothing).
    virtual std::string timingNote() const { return ""; }
    // How long to wait after a run before anything else runs on the CPU (threads that keep spinning).
    virtual double settleSeconds() const { return 0; }
    // False for a peer that does not promise FP32 accuracy (cuBLAS with TF32 tensor cores): its
    // result is not held to the FP32 error bound, only its errors are reported.
    virtual bool fp32Accurate() const { return true; }
    virtual std::vector<float> download() = 0;
};

// The OPENBLAS_CORETYPE that gives OpenBLAS its own kernels for this CPU when it fell back to a
// generic core without AVX (a DYNAMIC_ARCH build that does not know a virtual CPU's model), or ""
// when it needs none: it runs a core of its own choosing, or the user chose one (`coreTypeSet`).
std::string fairOpenBlasCore(const std::string& core, bool coreTypeSet, bool avx2, bool avx512);

// For sgemm_benchmark's main, before anything else runs: when fairOpenBlasCore() names a core for
// the OpenBLAS linked in, sets OPENBLAS_CORETYPE and starts the program again (OpenBLAS reads it
// only as it loads), saying so; returns only when no restart is needed or exec failed.
void restartForFairOpenBlas(char** argv);

// Each returns the peer, or nullptr with `note` saying why it cannot run here.
std::unique_ptr<Peer> clblast(const cl::Device& device, std::string& note);
std::unique_ptr<Peer> openblas(const cl::Device& device, std::string& note);
std::unique_ptr<Peer> cublas(const cl::Device& device, std::string& note);
// cuBLAS with TF32 tensor cores (CUBLAS_TF32_TENSOR_OP_MATH): a separate, less accurate peer.
std::unique_ptr<Peer> cublasTf32(const cl::Device& device, std::string& note);

// The exact product (in double) and, per element, the error bound of any float computation of it
// (hoc::matmul::errorBounds), computed with OpenBLAS's multithreaded DGEMM: fast enough for
// N = 4096. Returns false when the build has no OpenBLAS (then use hoc::matmul::check on small sizes).
// OpenBLAS's threads may still be spinning when it returns (kOpenBlasSettleSeconds).
bool fastReference(const std::vector<float>& a, const std::vector<float>& b, matmul::Dims d,
                   std::vector<double>& product, std::vector<double>& bound);

// hoc::matmul::check, with fastReference when it is available (seconds instead of minutes at N = 4096).
CheckResult check(const std::vector<float>& a, const std::vector<float>& b, const std::vector<float>& c,
                  matmul::Dims d);

// ---------------------------------------------------------------------------------------------------
// Accuracy, measured: the double reference for some rows of C (all of them up to `maxRows`, else
// `maxRows` rows spread evenly over C) and, per element, the rigorous FP32 bound of fastReference.
struct SampledReference {
    matmul::Dims d;
    std::vector<std::size_t> rows;
    std::vector<double> product, bound;  // rows.size() x d.n
};
SampledReference sampledReference(const std::vector<float>& a, const std::vector<float>& b, matmul::Dims d,
                                  std::size_t maxRows = 64);

struct Accuracy {
    double worst = 0;          // the largest |c - exact| / (rigorous FP32 bound): at most 1 for any FP32 summation
    double normwise = 0;       // ||c - exact|| / ||exact|| (Frobenius norms over the sampled rows)
    std::string text() const;  // "largest error 0.0123 of the FP32 bound, norm-wise 4.1e-07"
};
Accuracy accuracy(const SampledReference& ref, const std::vector<float>& c);

// C = A * B by cuBLAS in FP32 on the OpenCL device, or nothing when cuBLAS cannot run there.
std::optional<std::vector<float>> cublasProduct(const cl::Device& device, const std::vector<float>& a,
                                                const std::vector<float>& b, matmul::Dims d);

// A product of the tensor cores' 3xTF32 (a b as a_hi b_hi + a_hi b_lo + a_lo b_hi, TF32 parts of 11
// significant bits, the high part rounded to nearest) against the double reference, for any K: the
// parts leave out a_lo b_lo and their own rounding, at most 3 x 2^-22 |a| |b| per product (bounded
// here by 2^-20), and the tensor cores' additions round toward zero (an error below one unit in the
// last place instead of half: twice the FP32 bound). A wrong index is still far outside it.
// truncatedParts 1: the kernel passes lo unrounded (sgemm_tc's LOTRUNC=1) and the tensor cores
// truncate it, up to 2^-10 of lo instead of 2^-11: at most 2 x 2^-21 + 2^-22 = 5 x 2^-22 per product
// (bounded by 1.5 x 2^-20). 2: hi too (HITRUNC=1): hi is x truncated, lo up to 2^-10 of x and its
// truncation up to 2^-20 of x, at most 3 x 2^-20 per product (bounded by 2^-18).
CheckResult checkTf32Split(const std::vector<float>& a, const std::vector<float>& b, const std::vector<float>& c,
                           matmul::Dims d, int truncatedParts = 0);

// How many of a tensor-core variant's TF32 parts the tensor cores truncate instead of being rounded
// first, from its parameters: 0, 1 (LOTRUNC=1) or 2 (HITRUNC=1 too); checkTf32Split's truncatedParts.
int truncatedTf32Parts(const std::map<std::string, int>& values);

// The rule for a less-than-FP32 method (the tensor cores): offered only where its error is within
// the rigorous FP32 bound and at most twice (kFp32PeerFactor) that of cuBLAS's FP32 SGEMM on the same
// inputs. "" when `ours` passes, else why not; `fp32Peer` null (no cuBLAS): not offered.
constexpr double kFp32PeerFactor = 2.0;
std::string fp32AccuracyRule(const Accuracy& ours, const Accuracy* fp32Peer);

}  // namespace hoc::peers
