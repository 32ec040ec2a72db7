// Exercise 25: the host side. Each run of a program (hoc::timeVadd, hoc::timeMatmul: steps 3 to 5,
// then hoc::timeProgram) enqueues, on one in-order queue that profiles, the writes of its inputs
// (non-blocking), the kernel and the read of its result (non-blocking), waits for all of them, and
// hands their timestamps to phasesOf. The buffers (and vadd's pinned host arrays) are made once,
// before the runs: what is timed is the data's trip, not the allocation.
#include <algorithm>
#include <string>

#include "amdahl.hpp"
#include "hoc/common/errors.hpp"
#include "hoc/common/program.hpp"
#include "hoc/matmul/matmul_host.hpp"

Phases medianPhases(const std::vector<Phases>& runs)
{
    return {hoc::medianOf(runs, &Phases::write), hoc::medianOf(runs, &Phases::kernel),
            hoc::medianOf(runs, &Phases::read), hoc::medianOf(runs, &Phases::whole)};
}

constexpr std::size_t kTile = 16;  // the blocked kernel's tile: work-groups of kTile x kTile

Amdahl::Amdahl(const cl::Device& device)
    : device_(device),
      // 1. Platform: a context for the device and a queue that records when commands run.
      context_(device), queue_(context_, device, CL_QUEUE_PROFILING_ENABLE),
      // 2. Programs: Exercise 01's vadd and Exercise 04's one-element-per-work-item matmul. Exercise
      //    09's blocked matmul (tiles of 16 x 16) is built at its first run (matmul below): it is the
      //    kernel the student wrote in Exercise 09, and the runs before it do not need it.
      vadd_(hoc::buildProgram(context_, device, "vadd.cl")),
      matmul_(hoc::buildProgram(context_, device, "matmul_element.cl"))
{
}

ProgramRun Amdahl::vadd(const std::vector<float>& a, const std::vector<float>& b, const hoc::Repeats& repeats,
                        bool pinned)
{
    const std::size_t n = a.size();
    if (n == 0 || n != b.size() || n > INT32_MAX)
        throw hoc::Failure("amdahl: vadd of " + std::to_string(n) + " elements; need 1 to 2^31 - 1, A and B alike");
    // Steps 3 to 5 (hoc::timeVadd), from and to the vectors themselves or from and to pinned copies.
    const cl::Kernel kernel(vadd_, "vadd");
    ProgramRun result{std::vector<float>(n), {}, true};
    if (!pinned) {
        result.phases = medianPhases(hoc::phasesOfRuns<Phases>(
            hoc::timeVadd(queue_, kernel, a.data(), b.data(), result.out.data(), n, repeats), phasesOf));
        return result;
    }
    PinnedFloats h_a(context_, queue_, n), h_b(context_, queue_, n), h_c(context_, queue_, n);
    result.ran = h_a.data() && h_b.data() && h_c.data();  // step 7 not written yet: no run
    if (!result.ran)
        return result;
    std::copy(a.begin(), a.end(), h_a.data());
    std::copy(b.begin(), b.end(), h_b.data());
    result.phases = medianPhases(hoc::phasesOfRuns<Phases>(
        hoc::timeVadd(queue_, kernel, h_a.data(), h_b.data(), h_c.data(), n, repeats), phasesOf));
    std::copy(h_c.data(), h_c.data() + n, result.out.begin());
    return result;
}

ProgramRun Amdahl::matmul(const std::vector<float>& a, const std::vector<float>& b, hoc::matmul::Dims d,
                          const hoc::Repeats& repeats, MatmulKernel which)
{
    // The blocked kernel needs work-groups of exactly one tile; the element kernel takes the largest
    // square up to 16 x 16 that the device allows. Steps 3 to 5: hoc::timeMatmul.
    const bool blocked = which == MatmulKernel::blocked;
    if (blocked && !blocked_())
        blocked_ = hoc::buildProgram(context_, device_, "matmul_blocked.cl", "-DTILE=" + std::to_string(kTile));
    const cl::Kernel kernel = blocked ? cl::Kernel(blocked_, "mmul_blocked") : cl::Kernel(matmul_, "mmul_element");
    const std::size_t side = blocked ? kTile : hoc::matmul::squareLocalSize(kernel, device_, 16);
    ProgramRun result{std::vector<float>(d.m * d.n), {}, true};
    result.phases = medianPhases(hoc::phasesOfRuns<Phases>(
        hoc::timeMatmul(queue_, kernel, a, b, result.out.data(), d.m, d.n, d.k, side, repeats), phasesOf));
    return result;
}
