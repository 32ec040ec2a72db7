// Particles measured (Exercise 24): random particles, the serial reference of one step of their
// update and its exact check, the memory check before a run, and the table of the layouts' times.
// A particle is the room's: any struct of eight floats x, y, z, vx, vy, vz, m, q in that order.
#pragma once

#include <cmath>
#include <cstddef>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "hoc/common/check.hpp"
#include "hoc/common/opencl.hpp"

namespace hoc {

// n particles: positions in [-1, 1), velocities in [-0.5, 0.5), mass in [0.5, 2), charge in [-0.75, 0.75).
template <class Particle> std::vector<Particle> randomParticles(std::size_t n, unsigned seed)
{
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> position(-1.0f, 1.0f), velocity(-0.5f, 0.5f), positive(0.5f, 2.0f);
    std::vector<Particle> p(n);
    for (Particle& q : p)
        q = {position(rng), position(rng), position(rng), velocity(rng),
             velocity(rng), velocity(rng), positive(rng), positive(rng) - 1.25f};
    return p;
}

// The serial reference: `steps` steps of x += vx dt, y += vy dt, z += vz dt, then vz += g dt, with
// fma as the room's kernels compute them (correctly rounded on both sides, so equal to the bit).
template <class Particle> void stepReference(std::vector<Particle>& particles, float dt, float g, unsigned steps)
{
    for (unsigned s = 0; s < steps; ++s)
        for (Particle& p : particles) {
            p.x = std::fma(p.vx, dt, p.x);
            p.y = std::fma(p.vy, dt, p.y);
            p.z = std::fma(p.vz, dt, p.z);
            p.vz = std::fma(g, dt, p.vz);
        }
}

// Compares every field of every particle (exactly); `first` of a failure is a float index, 8 per particle.
template <class Particle>
CheckResult compareParticles(const std::vector<Particle>& expected, const std::vector<Particle>& got)
{
    static_assert(sizeof(Particle) == 8 * sizeof(float), "a particle is eight floats");
    const auto flat = [](const std::vector<Particle>& p) {
        const float* first = p.empty() ? nullptr : &p.front().x;
        return std::vector<float>(first, first + 8 * p.size());
    };
    return compare(flat(expected), flat(got));
}

// Refuses (hoc::UsageError, exit status 2) n particles of `particleBytes` each that the device cannot
// hold one buffer of, or the host the run's copies of.
void requireParticleMemory(const cl::Device& device, std::size_t n, std::size_t particleBytes);

// Each layout's time (rows: name and seconds, the AoS kernel first), the bandwidth the step needs at
// it (`bytes` a step, `bytesPerParticle` of them per particle) and its ratio to the AoS kernel's.
void printLayoutTimes(const std::vector<std::pair<std::string, double>>& rows, double bytesPerParticle, double bytes);

}  // namespace hoc
