#include "hoc/tools/roofline.hpp"

#include <algorithm>

namespace hoc::tools {

double ridgeIntensity(const Roofs& roofs)
{
    // MFLOPS / (GB/s) = 1e6 FLOP/s / 1e9 B/s.
    return roofs.known() ? roofs.computeMflops * 1e6 / (roofs.bandwidthGBps * 1e9) : 0;
}

double boundMflops(const Roofs& roofs, double intensity)
{
    // I FLOP/byte x W GB/s = I x W x 1e9 FLOP/s = I x W x 1e3 MFLOPS.
    return std::min(roofs.computeMflops, intensity * roofs.bandwidthGBps * 1e3);
}

std::optional<Standing> standing(const Roofs& roofs, std::optional<double> flops, std::optional<double> bytes,
                                 double seconds, double rate, const std::string& unit)
{
    if (!roofs.known())
        return std::nullopt;
    const bool haveFlops = flops && *flops > 0 && seconds > 0;
    const bool haveBytes = bytes && *bytes > 0 && seconds > 0;
    Standing s;
    if (haveFlops && haveBytes) {
        s.kind = Standing::Kind::Placed;
        s.intensity = *flops / *bytes;
        s.attained = *flops / seconds * 1e-6;
        s.bound = boundMflops(roofs, s.intensity);
        s.memoryBound = s.intensity < ridgeIntensity(roofs);
    } else if (haveFlops || (!haveBytes && unit == "MFLOPS" && rate > 0)) {
        s.kind = Standing::Kind::ComputeOnly;
        s.attained = haveFlops ? *flops / seconds * 1e-6 : rate;
        s.bound = roofs.computeMflops;
    } else if (haveBytes || (unit == "GB/s" && rate > 0)) {
        s.kind = Standing::Kind::BandwidthOnly;
        s.attained = haveBytes ? *bytes / seconds * 1e-9 : rate;
        s.bound = roofs.bandwidthGBps;
    } else {
        return std::nullopt;
    }
    s.fraction = s.attained / s.bound;
    s.aboveCompute = s.kind != Standing::Kind::BandwidthOnly && s.attained > roofs.computeMflops;
    return s;
}

}  // namespace hoc::tools
