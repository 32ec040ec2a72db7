// The contender interface: what a room's C = A * B offers the competition (Competition/), which races
// it against the BLAS libraries. The competition is a layer above the course and reaches a room only
// through this header: the room that enters the race (Exercise 9b) defines hoc::matmul::entrant(),
// the competition's programs, built once with each of that room's folders, call it.
#pragma once

#include <cstddef>
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "hoc/common/opencl.hpp"
#include "hoc/common/timing.hpp"
#include "hoc/matmul/tuning.hpp"
#include "hoc/matmul/dims.hpp"

namespace hoc::matmul {

// One C = A * B on one device, the steps of a host program spread over the calls: the constructor
// (the implementation's) makes the context and queue and builds the program, upload() puts A and B
// on the device, run() launches the multiplication, download() reads C (M x N) back.
class Contender {
public:
    virtual ~Contender() = default;
    virtual void upload(const std::vector<float>& a, const std::vector<float>& b, Dims d) = 0;
    virtual hoc::EventSpan run() = 0;  // one multiplication: its first and last command's events
    virtual std::vector<float> download() = 0;
    virtual const cl::CommandQueue& queue() const = 0;
};

// A room's entry in the race: its variants (one kernel and its compile-time parameters each), a
// contender for one of them, its tuner, and the text of its kernels (part of a tuning cache's key).
class Entrant {
public:
    virtual ~Entrant() = default;
    // The variants worth trying on `device`; `quick`: a few cheap ones (tests).
    virtual std::vector<tuning::Candidate> variants(const cl::Device& device, bool quick = false) const = 0;
    virtual std::unique_ptr<Contender> contender(const cl::Device& device, const tuning::Candidate& variant) const = 0;
    // The fastest of `variants` for problems like `d`, remembered in `cacheFile` (measured again when
    // the cache has no valid choice or `force` is set); `log` gets the measurements.
    virtual tuning::Outcome tune(const cl::Device& device, const std::vector<tuning::Candidate>& variants, Dims d,
                                 const std::string& cacheFile, bool force, std::ostream* log) const = 0;
    // The problem size the tuner measures for problems like `d` on `device`.
    virtual Dims tuningSize(const cl::Device& device, Dims d) const = 0;
    virtual std::string source() const = 0;
};

// The entrant of the room a program is built with; defined by that room, not by this library.
const Entrant& entrant();

}  // namespace hoc::matmul
