// Exercise 24: memory layout. One step of a particle update over an array of structures (AoS: the
// eight floats of a particle side by side) and over a structure of arrays (SoA: one array per field).
#pragma once

#include <cstddef>
#include <vector>

#include "hoc/common/opencl.hpp"
#include "hoc/common/timing.hpp"
#include "hoc/measure/particles.hpp"

// A particle as particles.cl declares it: eight floats, 32 bytes, no padding.
struct Particle {
    float x, y, z;     // position
    float vx, vy, vz;  // velocity
    float m, q;        // mass and charge: carried along, not used by this step
};
static_assert(sizeof(Particle) == 8 * sizeof(float), "Particle must be eight floats, as in particles.cl");

// The same particles as a structure of arrays: field f of particle i is f[i].
struct Particles {
    std::vector<float> x, y, z, vx, vy, vz, m, q;
};

// The largest count the kernels index (a uint): 2^28 particles (8 GiB as AoS).
constexpr std::size_t kMaxParticles = std::size_t{1} << 28;
// Bytes one step needs per particle: it reads x, y, z, vx, vy, vz and writes x, y, z, vz.
constexpr double kBytesPerParticle = 10.0 * sizeof(float);

// Random particles, the serial reference (`steps` steps of x += vx dt, y += vy dt, z += vz dt, then
// vz += g dt, with fma as particles.cl computes them, so results are equal to the bit) and its exact
// check, field by field, are Measure's (hoc/measure/particles.hpp).
inline std::vector<Particle> randomParticles(std::size_t n, unsigned seed)
{
    return hoc::randomParticles<Particle>(n, seed);
}
using hoc::compareParticles, hoc::stepReference;

// Step 3's prediction (soa.cpp), made before any run: on a GPU, 32 neighbouring work-items (a warp)
// load `x` of their particles in one instruction. The bytes that load touches, in sectors of 32 bytes,
// in the array of structures (update_aos) and in the structure of arrays (update_soa), and how many of
// them the step uses (0: not made yet).
struct WarpLoadPrediction {
    std::size_t aosBytesTouched = 0, soaBytesTouched = 0, bytesUsed = 0;
};
WarpLoadPrediction stepThreePrediction();
// Step 5's prediction (soa.cpp), made before any run: the same warp's first load in update_aos4, one
// float4 per work-item. The bytes it touches, in sectors of 32 bytes, and how many of them the step
// uses (0: not made yet).
struct Float4LoadPrediction {
    std::size_t bytesTouched = 0, bytesUsed = 0;
};
Float4LoadPrediction stepFivePrediction();
// The layout change, both ways (soa.cpp, yours): toAos(toSoa(p)) gives p back, every field.
Particles toSoa(const std::vector<Particle>& aos);
std::vector<Particle> toAos(const Particles& soa);

// How update's array-of-structures kernels read a particle: field by field (update_aos), as two
// float4 (update_aos4, 000's "Memory alignment"), or, as particles of seven floats (no charge, 28
// bytes), with the loads of step 6 (update_aos7).
enum class AosLoads { fields, float4s, sevenFloats };

struct LayoutResult {
    std::vector<Particle> out;  // the particles after `steps` steps (SoA results turned back into AoS)
    unsigned steps = 0;         // how many steps ran: warm-ups and timed runs, one kernel launch each
    std::size_t local = 0;      // the work-group size that ran
    std::size_t global = 0;     // the NDRange
    double seconds = 0;         // median kernel time of the timed runs (profiling events)
};

class Layout {
public:
    // Steps 1 and 2: context, profiling queue, particles.cl built.
    explicit Layout(const cl::Device& device);

    // Steps 3 to 5 with update_aos (one buffer of Particles; with sevenFloats, of the particles without
    // their charge, seven floats each: q comes back as it went in) or update_soa (six buffers, one per
    // field the step uses), in work-groups of `local` work-items (0: 256, or the kernel's
    // CL_KERNEL_WORK_GROUP_SIZE where that is less). Every launch is one step; the particles go back
    // to the host after the last.
    LayoutResult runAos(const std::vector<Particle>& in, float dt, float g, std::size_t local = 0,
                        const hoc::Repeats& repeats = {0, 1}, AosLoads loads = AosLoads::fields);
    LayoutResult runSoa(const std::vector<Particle>& in, float dt, float g, std::size_t local = 0,
                        const hoc::Repeats& repeats = {0, 1});

    // CL_KERNEL_WORK_GROUP_SIZE of update_aos (or update_aos4, update_aos7) or update_soa on this device.
    std::size_t maxWorkGroupSize(bool soa, AosLoads loads = AosLoads::fields) const;

    // A kernel as built, with the context and queue, for a test that enqueues it itself.
    cl::Kernel kernel(const char* name) const { return cl::Kernel(program_, name); }
    const cl::Context& context() const { return context_; }
    cl::CommandQueue& queue() { return queue_; }

private:
    LayoutResult runSevenFloats(const std::vector<Particle>& in, float dt, float g, std::size_t local,
                                const hoc::Repeats& repeats);

    cl::Device device_;
    cl::Context context_;
    cl::CommandQueue queue_;
    cl::Program program_;
};
