// Our contestant in the race: the entrant of the room the program is built with (Exercise 9b's
// Sgemm, the student's or the reference answer's, reached through hoc/matmul/contender.hpp) and, on
// NVIDIA GPUs of compute capability 8.0 and newer, the module's TensorSgemm (sgemm_async, sgemm_tc),
// chosen by the variant's kernel, and the tuner over both. Part of the module's library: it names no
// room; a program or test that links it links a room that defines hoc::matmul::entrant().
#pragma once

#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "hoc/matmul/contender.hpp"
#include "tensor.hpp"

namespace hoc::competition {

class Contestant {
public:
    Contestant(const cl::Device& device, const Variant& variant);

    void upload(const std::vector<float>& a, const std::vector<float>& b, hoc::matmul::Dims d);
    hoc::EventSpan run();
    std::vector<float> download();
    const cl::CommandQueue& queue() const;

private:
    std::unique_ptr<hoc::matmul::Contender> lesson_;  // the room's kernels (hoc::matmul::entrant())
    std::optional<TensorSgemm> tensor_;               // the module's
};

// The variants to race: the room's (hoc::matmul::entrant().variants(device)) and, with `tensor`, the module's
// tensorVariants(device) after them.
std::vector<Variant> variants(const cl::Device& device, bool tensor);

// The room's tuner (hoc::matmul::entrant().tune) when `variants` holds none of the module's kernels; else the same
// tuning (a small awkward problem first, then the median of timed runs) over both, where a tensor-core variant must
// also pass the FP32 rule at size `d` (hoc::peers::fp32AccuracyRule: within the rigorous FP32 bound, and at most twice
// cuBLAS FP32's error on the same inputs, measured against the double reference on 64 rows of C) and is held to its own
// 3xTF32 bound on the small problem. Its choice is cached under its own task ("sgemm with the tensor cores, ...").
hoc::tuning::Outcome tune(const cl::Device& device, const std::vector<Variant>& variants, hoc::matmul::Dims d,
                          const std::string& cacheFile, bool force = false, std::ostream* log = nullptr);

}  // namespace hoc::competition
