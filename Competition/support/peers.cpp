// OpenBLAS (built in when CMake finds it), the fast reference, and the notes for peers not built in.
// CLBlast and cuBLAS live in peers_clblast.cpp and peers_cublas.cpp, compiled only when found.
#include "peers.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <limits>
#include <sstream>
#include <thread>
#include <unistd.h>

#include "hoc/common/errors.hpp"
#include "hoc/common/timing.hpp"

#ifdef HOC_HAVE_OPENBLAS
#include <cblas.h>
#endif

namespace hoc::peers {

#ifndef HOC_HAVE_CLBLAST
std::unique_ptr<Peer> clblast(const cl::Device&, std::string& note)
{
    note = "CLBlast: skipped, not built in (install libclblast-dev and configure again)";
    return nullptr;
}
#endif

#ifndef HOC_HAVE_CUBLAS
std::unique_ptr<Peer> cublas(const cl::Device&, std::string& note)
{
    note = "cuBLAS: skipped, not built in (needs the CUDA toolkit at configure time)";
    return nullptr;
}
std::unique_ptr<Peer> cublasTf32(const cl::Device&, std::string& note)
{
    note = "cuBLAS TF32: skipped, not built in (needs the CUDA toolkit at configure time)";
    return nullptr;
}
#endif

std::string fairOpenBlasCore(const std::string& core, bool coreTypeSet, bool avx2, bool avx512)
{
    const bool generic = core == "Prescott" || core == "Core2" || core == "Penryn" || core == "Dunnington" ||
                         core == "Nehalem" || core == "Atom" || core == "Katmai" || core == "Banias";
    if (!generic || coreTypeSet || !avx2)
        return "";
    return avx512 ? "SkylakeX" : "Haswell";
}

void restartForFairOpenBlas(char** argv)
{
#ifdef HOC_HAVE_OPENBLAS
    const std::string core = openblas_get_corename();
    const std::string fair = fairOpenBlasCore(core, std::getenv("OPENBLAS_CORETYPE") != nullptr,
                                              __builtin_cpu_supports("avx2"), __builtin_cpu_supports("avx512f"));
    if (fair.empty())
        return;
    std::cout << "OpenBLAS did not recognise this CPU and chose its " << core
              << " kernels, without AVX: starting again with OPENBLAS_CORETYPE=" << fair << " for a fair race"
              << std::endl;
    ::setenv("OPENBLAS_CORETYPE", fair.c_str(), 1);
    ::execv("/proc/self/exe", argv);
    std::cout << "(could not start again: " << std::strerror(errno) << "; OpenBLAS keeps its " << core << " kernels)"
              << std::endl;
#else
    (void)argv;
#endif
}

#ifdef HOC_HAVE_OPENBLAS
namespace {

class OpenBlas : public Peer {
public:
    explicit OpenBlas(int threads) : threads_(threads) {}
    std::string name() const override { return "OpenBLAS"; }
    std::string detail() const override
    {
        const std::string core = openblas_get_corename();
        std::string text =
            std::string(openblas_get_config()) + ", core " + core + ", " + std::to_string(threads_) +
            " threads (the OpenCL device's compute units); timed on the host clock, the CPU being its device";
        // A DYNAMIC_ARCH OpenBLAS that does not know the CPU's model (common in virtual machines)
        // falls back to a generic core without AVX: the race would be unfair to it. (sgemm_benchmark
        // starts again with the fair core; this warns when that could not happen.)
        const std::string fair = fairOpenBlasCore(core, false, __builtin_cpu_supports("avx2"),
                                                  __builtin_cpu_supports("avx512f"));
        if (!fair.empty())
            text += "\n  WARNING: OpenBLAS did not recognise this CPU and runs its " + core +
                    " kernels, without AVX; set OPENBLAS_CORETYPE=" + fair + " for a fair race";
        return text;
    }
    void upload(const std::vector<float>& a, const std::vector<float>& b, matmul::Dims d) override
    {
        a_ = a;
        b_ = b;
        d_ = d;
        c_.assign(d.m * d.n, 0.0f);
    }
    PeerTiming run() override
    {
        openblas_set_num_threads(threads_);
        const Timer timer;
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, static_cast<int>(d_.m), static_cast<int>(d_.n),
                    static_cast<int>(d_.k), 1.0f, a_.data(), static_cast<int>(d_.k), b_.data(), static_cast<int>(d_.n),
                    0.0f, c_.data(), static_cast<int>(d_.n));
        const double s = timer.seconds();
        return {s, s};  // the CPU is OpenBLAS's device: its clock is the host's
    }
    std::vector<float> download() override { return c_; }
    double settleSeconds() const override { return kOpenBlasSettleSeconds; }  // its threads spin after a call

private:
    int threads_;
    std::vector<float> a_, b_, c_;
    matmul::Dims d_;
};

}  // namespace
#endif

std::unique_ptr<Peer> openblas(const cl::Device& device, std::string& note)
{
#ifdef HOC_HAVE_OPENBLAS
    if (!(device.getInfo<CL_DEVICE_TYPE>() & CL_DEVICE_TYPE_CPU)) {
        note = "OpenBLAS: skipped, it runs on the CPU and the OpenCL device is not the CPU";
        return nullptr;
    }
    return std::make_unique<OpenBlas>(static_cast<int>(device.getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>()));
#else
    (void)device;
    note = "OpenBLAS: skipped, not built in (install libopenblas-dev and configure again)";
    return nullptr;
#endif
}

bool fastReference(const std::vector<float>& a, const std::vector<float>& b, matmul::Dims d,
                   std::vector<double>& product, std::vector<double>& bound)
{
#ifdef HOC_HAVE_OPENBLAS
    const int m = static_cast<int>(d.m), n = static_cast<int>(d.n), k = static_cast<int>(d.k);
    std::vector<double> x(a.begin(), a.end()), y(b.begin(), b.end());
    openblas_set_num_threads(static_cast<int>(std::max(1u, std::thread::hardware_concurrency())));
    product.assign(d.m * d.n, 0.0);
    cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m, n, k, 1.0, x.data(), k, y.data(), n, 0.0, product.data(),
                n);
    // |A| |B|, and from it the bound of hoc::matmul::errorBounds: (1 + u)^K - 1 (roundingFactor, for
    // every K) in float for the float result, in double for this reference, u for rounding the exact
    // value to float.
    for (auto& v : x)
        v = std::fabs(v);
    for (auto& v : y)
        v = std::fabs(v);
    bound.assign(d.m * d.n, 0.0);
    cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m, n, k, 1.0, x.data(), k, y.data(), n, 0.0, bound.data(),
                n);
    const auto gamma = [&](double u) { return hoc::matmul::roundingFactor(d.k, u); };  // valid for every K
    const double uFloat = std::ldexp(1.0, -24), uDouble = std::ldexp(1.0, -53);
    // One more factor in double: this |A||B| is itself a double sum of positive terms.
    const double g = (gamma(uFloat) + gamma(uDouble) + uFloat) * (1.0 + gamma(uDouble));
    for (auto& v : bound)
        v = g * v + std::numeric_limits<float>::denorm_min();
    return true;
#else
    (void)a, (void)b, (void)d, (void)product, (void)bound;
    return false;
#endif
}

SampledReference sampledReference(const std::vector<float>& a, const std::vector<float>& b, matmul::Dims d,
                                  std::size_t maxRows)
{
    SampledReference ref;
    ref.d = d;
    const std::size_t count = std::min(d.m, std::max<std::size_t>(maxRows, 1));
    for (std::size_t s = 0; s < count; ++s)
        ref.rows.push_back(s * d.m / count);
    ref.product.assign(count * d.n, 0.0);
    ref.bound.assign(count * d.n, 0.0);
    // The factor of fastReference: (1 + u)^K - 1 in float and in double, u for the rounding to float,
    // and one more factor in double for the sum of |a| |b|.
    const auto gamma = [&](double u) { return hoc::matmul::roundingFactor(d.k, u); };
    const double uFloat = std::ldexp(1.0, -24), uDouble = std::ldexp(1.0, -53);
    const double g = (gamma(uFloat) + gamma(uDouble) + uFloat) * (1.0 + gamma(uDouble));
    const auto rows = [&](std::size_t first, std::size_t step) {
        std::vector<double> abs(d.n);
        for (std::size_t s = first; s < count; s += step) {
            double* exact = &ref.product[s * d.n];
            std::fill(abs.begin(), abs.end(), 0.0);
            const std::size_t i = ref.rows[s];
            for (std::size_t k = 0; k < d.k; ++k) {
                const double x = a[i * d.k + k], ax = std::fabs(x);
                const float* row = &b[k * d.n];
                for (std::size_t j = 0; j < d.n; ++j) {
                    exact[j] += x * row[j];
                    abs[j] += ax * std::fabs(row[j]);
                }
            }
            for (std::size_t j = 0; j < d.n; ++j)
                ref.bound[s * d.n + j] = g * abs[j] + std::numeric_limits<float>::denorm_min();
        }
    };
    const std::size_t threads = std::min<std::size_t>(count, std::max(1u, std::thread::hardware_concurrency()));
    std::vector<std::thread> pool;
    for (std::size_t t = 1; t < threads; ++t)
        pool.emplace_back(rows, t, threads);
    rows(0, threads);
    for (auto& t : pool)
        t.join();
    return ref;
}

std::string Accuracy::text() const
{
    std::ostringstream s;
    s.precision(3);
    s << "largest error " << worst << " of the FP32 bound, norm-wise " << normwise;
    return s.str();
}

Accuracy accuracy(const SampledReference& ref, const std::vector<float>& c)
{
    Accuracy result;
    double error = 0, size = 0;
    const std::size_t n = ref.d.n;
    for (std::size_t s = 0; s < ref.rows.size(); ++s)
        for (std::size_t j = 0; j < n; ++j) {
            const double exact = ref.product[s * n + j], diff = std::fabs(c[ref.rows[s] * n + j] - exact);
            // NaN (an element never written, or a NaN result) counts as infinitely wrong.
            const double ratio = diff == diff ? diff / ref.bound[s * n + j] : std::numeric_limits<double>::infinity();
            result.worst = std::max(result.worst, ratio);
            error += diff == diff ? diff * diff : std::numeric_limits<double>::infinity();
            size += exact * exact;
        }
    result.normwise = size > 0 ? std::sqrt(error / size) : std::sqrt(error);
    return result;
}

std::optional<std::vector<float>> cublasProduct(const cl::Device& device, const std::vector<float>& a,
                                                const std::vector<float>& b, matmul::Dims d)
{
    std::string note;
    const auto peer = cublas(device, note);
    if (!peer)
        return std::nullopt;
    peer->upload(a, b, d);
    peer->run();
    return peer->download();
}

CheckResult checkTf32Split(const std::vector<float>& a, const std::vector<float>& b, const std::vector<float>& c,
                           matmul::Dims d, int truncatedParts)
{
    const std::vector<double> exact = matmul::reference(a, b, d);
    const double split = std::ldexp(truncatedParts >= 2   ? 4.0
                                    : truncatedParts == 1 ? 1.5
                                                          : 1.0,
                                    -20);  // per product (peers.hpp)
    const double u = std::ldexp(1.0, -24), g = 2 * (matmul::roundingFactor(d.k, u) + u) + split;
    std::vector<double> bound(d.m * d.n, 0.0);
    for (std::size_t i = 0; i < d.m; ++i)
        for (std::size_t k = 0; k < d.k; ++k) {
            const double x = std::fabs(a[i * d.k + k]);
            for (std::size_t j = 0; j < d.n; ++j)
                bound[i * d.n + j] += x * std::fabs(b[k * d.n + j]);
        }
    for (auto& v : bound)
        v = g * v * 1.0001 + std::numeric_limits<float>::denorm_min();  // 1.0001: this double sum's own error
    return compareWithBounds(exact, c, bound);
}

int truncatedTf32Parts(const std::map<std::string, int>& values)
{
    const auto flag = [&](const char* name) {
        const auto it = values.find(name);
        return it != values.end() && it->second == 1 ? 1 : 0;
    };
    return flag("LOTRUNC") + flag("HITRUNC");
}

std::string fp32AccuracyRule(const Accuracy& ours, const Accuracy* fp32Peer)
{
    std::ostringstream s;
    s.precision(3);
    if (!(ours.worst <= 1.0)) {
        s << "its largest error is " << ours.worst << " times the rigorous FP32 bound";
        return s.str();
    }
    if (!fp32Peer)
        return "no cuBLAS FP32 SGEMM to compare its error with (built without the CUDA toolkit, or no CUDA device)";
    if (!(ours.normwise <= kFp32PeerFactor * fp32Peer->normwise)) {
        s << "its norm-wise error " << ours.normwise << " is more than " << kFp32PeerFactor << " x cuBLAS FP32's "
          << fp32Peer->normwise;
        return s.str();
    }
    return "";
}

CheckResult check(const std::vector<float>& a, const std::vector<float>& b, const std::vector<float>& c, matmul::Dims d)
{
    std::vector<double> product, bound;
    if (fastReference(a, b, d, product, bound))
        return compareWithBounds(product, c, bound, matmul::normBound(a, b, d, product));
    return matmul::check(a, b, c, d);
}

}  // namespace hoc::peers
