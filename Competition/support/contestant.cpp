#include "contestant.hpp"

#include <algorithm>
#include <optional>

#include "hoc/common/data.hpp"
#include "hoc/common/errors.hpp"
#include "peers.hpp"

namespace hoc::competition {

Contestant::Contestant(const cl::Device& device, const Variant& variant)
{
    if (isTensorKernel(variant.kernel))
        tensor_.emplace(device, variant);
    else
        lesson_ = hoc::matmul::entrant().contender(device, variant);
}

void Contestant::upload(const std::vector<float>& a, const std::vector<float>& b, hoc::matmul::Dims d)
{
    tensor_ ? tensor_->upload(a, b, d) : lesson_->upload(a, b, d);
}

hoc::EventSpan Contestant::run() { return tensor_ ? tensor_->run() : lesson_->run(); }

std::vector<float> Contestant::download() { return tensor_ ? tensor_->download() : lesson_->download(); }

const cl::CommandQueue& Contestant::queue() const { return tensor_ ? tensor_->queue() : lesson_->queue(); }

std::vector<Variant> variants(const cl::Device& device, bool tensor)
{
    std::vector<Variant> all = hoc::matmul::entrant().variants(device);
    if (tensor)
        for (const Variant& v : tensorVariants(device))
            all.push_back(v);
    return all;
}

hoc::tuning::Outcome tune(const cl::Device& device, const std::vector<Variant>& variants, hoc::matmul::Dims d,
                          const std::string& cacheFile, bool force, std::ostream* log)
{
    if (std::none_of(variants.begin(), variants.end(), [](const Variant& v) { return isTensorKernel(v.kernel); }))
        return hoc::matmul::entrant().tune(device, variants, d, cacheFile, force, log);
    const auto id = hoc::tuning::identify(device, "sgemm with the tensor cores, " + d.text(),
                                          hoc::matmul::entrant().source() + TensorSgemm::source());
    const hoc::Repeats kTuningRepeats{1, 3};
    const hoc::matmul::Dims small{37, 70, 45};
    const auto sa = hoc::randomFloats(small.m * small.k, 5, -1, 1), sb = hoc::randomFloats(small.k * small.n, 6, -1, 1);
    const auto a = hoc::randomFloats(d.m * d.k, 7, -1, 1), b = hoc::randomFloats(d.k * d.n, 8, -1, 1);
    double best = 0;
    std::optional<hoc::peers::SampledReference> reference;
    std::optional<std::optional<hoc::peers::Accuracy>> cublas;
    const auto fp32Rule = [&](Contestant& s) {
        if (!reference) {
            reference = hoc::peers::sampledReference(a, b, d);
            const auto product = hoc::peers::cublasProduct(device, a, b, d);
            cublas = product ? std::optional(hoc::peers::accuracy(*reference, *product)) : std::nullopt;
        }
        s.run();
        const auto ours = hoc::peers::accuracy(*reference, s.download());
        const std::string why = hoc::peers::fp32AccuracyRule(ours, *cublas ? &**cublas : nullptr);
        if (!why.empty())
            throw hoc::Failure("not offered at " + d.text() + ", less accurate than FP32: " + why);
    };
    const auto measure = [&](const Variant& v) {
        Contestant s(device, v);
        s.upload(sa, sb, small);
        s.run();
        const auto check = isTf32Kernel(v.kernel) ? hoc::peers::checkTf32Split(sa, sb, s.download(), small,
                                                                               hoc::peers::truncatedTf32Parts(v.values))
                                                  : hoc::matmul::check(sa, sb, s.download(), small);
        if (!check.ok)
            throw hoc::Failure("wrong result for " + small.text() + ": " + check.message());
        s.upload(a, b, d);
        if (isTf32Kernel(v.kernel))
            fp32Rule(s);
        const auto once = [&] { return s.run(); };
        return hoc::medianAgainstBest(kTuningRepeats, once, best);
    };
    return hoc::tuning::tune(cacheFile, id, variants, measure, force, log);
}

}  // namespace hoc::competition
