// Exercise 9b in another shape: a strip of WPT elements of C per work-item (matmul_competition.cl of
// this folder), with a tuner that picks the tile and strip sizes.
#include "sgemm.hpp"

#include <algorithm>
#include <climits>
#include <ostream>

#include "hoc/common/data.hpp"
#include "hoc/common/device.hpp"
#include "hoc/common/errors.hpp"
#include "hoc/common/limits.hpp"
#include "hoc/common/program.hpp"
#include "hoc/matmul/matmul_host.hpp"

namespace {

const char* kKernelFile = "matmul_competition.cl";

Variant strip(int ts, int wpt) { return {"sgemm_strip", {{"TS", ts}, {"WPT", wpt}}}; }

}  // namespace

std::vector<Variant> sgemmVariants(const cl::Device&, bool quick)
{
    if (quick)
        return {strip(16, 4), strip(8, 2)};
    return {strip(16, 4), strip(32, 8), strip(16, 2), strip(8, 2)};
}

std::string Sgemm::source() { return hoc::readKernelFile(kKernelFile, HOC_KERNEL_DIRS); }

Sgemm::Sgemm(const cl::Device& device, const Variant& variant) : device_(device), variant_(variant)
{
    // The shape of the work: a work-group computes a TS x TS tile of C with TS x (TS / WPT)
    // work-items, each a strip of WPT elements of one column.
    if (variant.kernel == "sgemm_strip") {
        variant.only({"TS", "WPT"});
        const int ts = variant.within("TS", 1, 64);
        const int wpt = variant.within("WPT", 1, ts);
        variant.require(ts % wpt == 0, "WPT divides TS");
        tileM_ = tileN_ = tileK_ = ts;
        local_ = cl::NDRange(ts, ts / wpt);
    } else {
        throw hoc::UsageError("unknown kernel '" + variant.kernel + "' in variant '" + variant.text() + "'");
    }

    // 1. Platform: a context for the device and a queue with profiling.
    context_ = cl::Context(device);
    queue_ = cl::CommandQueue(context_, device, CL_QUEUE_PROFILING_ENABLE);

    // 2. Program: the variant's parameters become -D options; the device's limits decide whether
    //    this variant can run here at all.
    cl::Program program = hoc::buildProgram(context_, device, kKernelFile, variant.buildOptions());
    kernel_ = cl::Kernel(program, variant.kernel.c_str());
    hoc::requireWorkGroupSize(kernel_, device, local_[0] * local_[1], variant.text());
    hoc::requireLocalMemory(kernel_, device, 0, variant.text());  // its own __local arrays
}

void Sgemm::upload(const std::vector<float>& a, const std::vector<float>& b, hoc::matmul::Dims d)
{
    if (d.m == 0 || d.n == 0 || d.k == 0 || a.size() != d.m * d.k || b.size() != d.k * d.n)
        throw hoc::Failure("C = A * B needs M, N, K >= 1, A with M x K and B with K x N elements (" + d.text() + ")");
    dims_ = d;
    padded_ = {hoc::roundUp(d.m, tileM_), hoc::roundUp(d.n, tileN_), hoc::roundUp(d.k, tileK_)};
    const hoc::matmul::Dims& p = padded_;
    // Row pitches: a row of 2^n floats is made 16 floats (one cache line) longer if the variant asks
    // for it (SKEW=1) and the padding stays within one tile; otherwise rows 2^n floats apart all
    // map to the same few sets of a CPU's caches and keep evicting each other.
    const bool skew = variant_.values.count("SKEW") && variant_.at("SKEW") == 1;
    const auto pitch = [&](std::size_t n, std::size_t padded, std::size_t tile) {
        return skew && padded % 256 == 0 && padded - n + 16 <= tile ? padded + 16 : padded;
    };
    lda_ = pitch(d.k, p.k, tileK_);
    ldb_ = pitch(d.n, p.n, tileN_);
    const std::size_t largest = std::max({p.m * lda_, p.k * ldb_});
    if (largest > INT_MAX)
        throw hoc::UsageError(d.text() + " is too large: the kernels index a matrix with an int (at most " +
                              std::to_string(INT_MAX) + " elements, padded to whole tiles)");
    hoc::requireBuffers(device_, sizeof(float) * largest, 3, d.text());

    // 3. Memory: A, B and C padded to whole tiles (at most one tile more per dimension). The padding
    //    of A and B is zero, so it adds nothing; the padding of C is never read back. C has B's pitch.
    a_ = cl::Buffer(context_, CL_MEM_READ_ONLY, sizeof(float) * p.m * lda_);
    b_ = cl::Buffer(context_, CL_MEM_READ_ONLY, sizeof(float) * p.k * ldb_);
    c_ = cl::Buffer(context_, CL_MEM_WRITE_ONLY, sizeof(float) * p.m * ldb_);
    //    A and B written with their padding of zeros (hoc::matmul::writePadded).
    hoc::matmul::writePadded(queue_, a_, a, d.m, d.k, p.m, lda_);
    hoc::matmul::writePadded(queue_, b_, b, d.k, d.n, p.k, ldb_);
}

hoc::EventSpan Sgemm::run()
{
    if (padded_.m == 0)
        throw hoc::Failure("Sgemm::run() before upload()");
    // 4. Kernel: the padded sizes, the buffers and their row pitches.
    kernel_.setArg(0, static_cast<int>(padded_.m));
    kernel_.setArg(1, static_cast<int>(padded_.n));
    kernel_.setArg(2, static_cast<int>(padded_.k));
    kernel_.setArg(3, a_);
    kernel_.setArg(4, static_cast<int>(lda_));
    kernel_.setArg(5, b_);
    kernel_.setArg(6, static_cast<int>(ldb_));
    kernel_.setArg(7, c_);
    kernel_.setArg(8, static_cast<int>(ldb_));

    // 5. Commands: one work-group per tile of C; dimension 0 along a row of tiles, except where
    //    the kernel asks for the tiles down a column first.
    const std::size_t across = padded_.n / tileN_, down = padded_.m / tileM_;
    const cl::NDRange global = columnsFirst_ ? cl::NDRange(down * local_[0], across * local_[1])
                                             : cl::NDRange(across * local_[0], down * local_[1]);
    cl::Event done;
    queue_.enqueueNDRangeKernel(kernel_, cl::NullRange, global, local_, nullptr, &done);
    return {done, done};  // the first and the last command: here one kernel
}

std::vector<float> Sgemm::download() { return hoc::matmul::readUnpadded(queue_, c_, dims_.m, dims_.n, ldb_); }

SgemmResult sgemm(const cl::Device& device, const std::vector<float>& a, const std::vector<float>& b,
                  hoc::matmul::Dims d, const Variant& variant, const hoc::Repeats& repeats)
{
    Sgemm s(device, variant);
    const hoc::Timer timer;
    s.upload(a, b, d);
    // The warm-ups take one-time costs (code upload, page faults) out of the timed runs.
    SgemmResult result;
    result.timing.kernel_s = hoc::medianSeconds(repeats, [&] { return s.run(); });
    result.c = s.download();
    result.timing.wall_s = timer.seconds();
    return result;
}

hoc::matmul::Dims tuningSize(const cl::Device& device, hoc::matmul::Dims d)
{
    const bool cpu = (device.getInfo<CL_DEVICE_TYPE>() & CL_DEVICE_TYPE_CPU) != 0;
    const std::size_t n = (cpu || std::max({d.m, d.n, d.k}) < 1536) ? 1024 : 2048;
    return {n, n, n};
}

hoc::tuning::Outcome tuneSgemm(const cl::Device& device, const std::vector<Variant>& variants, hoc::matmul::Dims d,
                               const std::string& cacheFile, bool force, std::ostream* log)
{
    const auto id = hoc::tuning::identify(device, "sgemm, " + d.text(), Sgemm::source());
    // Each variant must first get a small awkward problem right (a fast wrong answer never wins),
    // then the median of its timed runs at size `d` after a warm-up (kTuningRepeats) counts; a variant
    // three times slower than the best so far in its first timed run is not run again.
    const hoc::Repeats kTuningRepeats{1, 3};
    const hoc::matmul::Dims small{37, 70, 45};
    const auto sa = hoc::randomFloats(small.m * small.k, 5, -1, 1), sb = hoc::randomFloats(small.k * small.n, 6, -1, 1);
    const auto a = hoc::randomFloats(d.m * d.k, 7, -1, 1), b = hoc::randomFloats(d.k * d.n, 8, -1, 1);
    double best = 0;
    const auto measure = [&](const Variant& v) {
        Sgemm s(device, v);
        s.upload(sa, sb, small);
        s.run();
        const auto check = hoc::matmul::check(sa, sb, s.download(), small);
        if (!check.ok)
            throw hoc::Failure("wrong result for " + small.text() + ": " + check.message());
        s.upload(a, b, d);
        const auto once = [&] { return s.run(); };
        return hoc::medianAgainstBest(kTuningRepeats, once, best);
    };
    return hoc::tuning::tune(cacheFile, id, variants, measure, force, log);
}
