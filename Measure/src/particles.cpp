// Particles measured (Exercise 24): the memory check and the table of the layouts' times.
#include "hoc/measure/particles.hpp"

#include <iomanip>
#include <iostream>

#include "hoc/common/device.hpp"
#include "hoc/common/host_memory.hpp"
#include "hoc/common/report.hpp"
#include "hoc/common/timing.hpp"

namespace hoc {

void requireParticleMemory(const cl::Device& device, std::size_t n, std::size_t particleBytes)
{
    const double particles = static_cast<double>(particleBytes) * static_cast<double>(n);
    requireBuffers(device, particles, 1, std::to_string(n) + " particles");
    // At the SoA run's peak: the particles, their structure of arrays (twice its size at worst, and
    // half of one array more while the last one grows: arrays grown by push_back), the result and the
    // six buffers of the fields the step uses (host memory on a CPU device); after it, the particles,
    // the result and the reference (tests/reliability/peak_rss measures it: 5 particles' worth).
    requireHostMemory(hostBytes(device, 4.5 * particles, 6.0 / 8.0 * particles), std::to_string(n) + " particles");
}

void printLayoutTimes(const std::vector<std::pair<std::string, double>>& rows, double bytesPerParticle, double bytes)
{
    std::cout << "one step, " << bytesPerParticle << " bytes per particle needed (x, y, z, vx, vy, vz read; "
              << "x, y, z, vz written)\n";
    std::cout << std::left << std::setw(8) << "layout" << std::right << std::setw(14) << "time" << std::setw(12)
              << "GB/s" << std::setw(10) << "x AoS\n";
    for (const auto& [name, seconds] : rows) {
        std::cout << std::left << std::setw(8) << name << std::right << std::setw(14) << formatTime(seconds)
                  << std::setw(12) << fixedText(gbps(bytes, seconds), 1) << std::setw(9)
                  << fixedText(seconds / rows.front().second, 2) << "\n";
    }
}

}  // namespace hoc
