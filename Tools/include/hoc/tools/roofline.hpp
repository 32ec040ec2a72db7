// The roofline model: a kernel that does F floating-point operations and moves B bytes of global
// memory has arithmetic intensity I = F / B (FLOP/byte). On a device with peak bandwidth W and peak
// compute rate P it can attain at most min(P, I x W): under the slanted roof (memory bound) left of
// the ridge point I = P / W, under the flat roof (compute bound) right of it. hoc-roofline measures
// W with a read kernel and P with an FMA kernel (hoc-roofline); the runner places each result under them.
#pragma once

#include <optional>
#include <string>

namespace hoc::tools {

struct Roofs {
    double bandwidthGBps = 0;  // peak global-memory bandwidth, GB/s (read kernel)
    double computeMflops = 0;  // peak FP32 rate, MFLOPS (FMA kernel)
    bool known() const { return bandwidthGBps > 0 && computeMflops > 0; }
};

// The intensity where the roofs meet, FLOP/byte: P / W.
double ridgeIntensity(const Roofs& roofs);

// The most a kernel of `intensity` FLOP/byte can attain, MFLOPS: min(P, I x W).
double boundMflops(const Roofs& roofs, double intensity);

// Where one result stands under the roofs.
struct Standing {
    enum class Kind {
        Placed,         // flops and bytes known: a point (intensity, attained) under the roofline
        ComputeOnly,    // flops known, bytes not: compared with the flat roof (peak FP32)
        BandwidthOnly,  // bytes known, flops not (a copy, a transpose): compared with the peak bandwidth
    };
    Kind kind = Kind::Placed;
    double intensity = 0;       // FLOP/byte (Placed only)
    double attained = 0;        // MFLOPS (Placed, ComputeOnly) or GB/s (BandwidthOnly)
    double bound = 0;           // the roof above it, in the same unit
    double fraction = 0;        // attained / bound
    bool memoryBound = false;   // Placed left of the ridge
    bool aboveCompute = false;  // attained above the FMA roof too (the probe's peak is below this device's)
};

// `flops`, `bytes`: the result's extra "flops" / "bytes" (absent: not reported; 0 counts as absent);
// `seconds`: the time they were done in. Without either, an MFLOPS or GB/s `rate` is compared with
// its roof. Nothing when the roofs are unknown or nothing applies (e.g. steps/s without flops).
std::optional<Standing> standing(const Roofs& roofs, std::optional<double> flops, std::optional<double> bytes,
                                 double seconds, double rate, const std::string& unit);

}  // namespace hoc::tools
