// The BLAS libraries a matmul benchmark races against: CLBlast (OpenCL, on the same device),
// OpenBLAS (the CPU's vendor-class BLAS, when the OpenCL device is the CPU) and cuBLAS (when the
// OpenCL device is an NVIDIA GPU). Each is optional: the library `hoc::competition` is built with
// those that CMake finds, and a peer that is missing or has no device to run on is skipped with a note.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "hoc/matmul.hpp"
#include "hoc/opencl.hpp"

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
    virtual PeerTiming run() = 0;            // one C = A * B, timed on both clocks
    // Anything that makes the device times less certain than they look ("" when nothing).
    virtual std::string timingNote() const { return ""; }
    // How long to wait after a run before anything else runs on the CPU (threads that keep spinning).
    virtual double settleSeconds() const { return 0; }
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

// The exact product (in double) and, per element, the error bound of any float computation of it
// (hoc::matmul::errorBounds), computed with OpenBLAS's multithreaded DGEMM: fast enough for
// N = 4096. Returns false when the build has no OpenBLAS (then use hoc::matmul::check on small sizes).
// OpenBLAS's threads may still be spinning when it returns (kOpenBlasSettleSeconds).
bool fastReference(const std::vector<float>& a, const std::vector<float>& b, matmul::Dims d,
                   std::vector<double>& product, std::vector<double>& bound);

// hoc::matmul::check, with fastReference when it is available (seconds instead of minutes at N = 4096).
CheckResult check(const std::vector<float>& a, const std::vector<float>& b, const std::vector<float>& c, matmul::Dims d);

}  // namespace hoc::peers
