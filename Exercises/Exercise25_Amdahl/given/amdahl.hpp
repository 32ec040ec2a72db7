// Exercise 25: Amdahl's law and the cost of transfers. A program on the device is more than its
// kernel: the inputs are written to the device first and the result read back after. This exercise
// times each part of one run with profiling events, the whole run from its first write to its last
// read, and works out how much a faster kernel can speed up the whole program.
#pragma once

#include <cstddef>
#include <vector>

#include "hoc/matmul/matmul.hpp"
#include "hoc/measure/command_times.hpp"  // hoc::commandTimes, and timeline.hpp: hoc::CommandTimes, the runs' timing (hoc::timeProgram)

// The device's time for one run of a program, in seconds.
struct Phases {
    double write = 0;   // the host-to-device copies, each from its start to its end, added up
    double kernel = 0;  // the kernel, from its start to its end
    double read = 0;    // the device-to-host copies, added up
    double whole = 0;   // from the first write's start to the last read's end: the whole run on the
                        // device, the gaps between its commands included
};

// The lesson (amdahl.cpp). The commands of one run, each in enqueue order, as their profiling
// timestamps (hoc::CommandTimes, nanoseconds): the writes, the kernel, the reads.
Phases phasesOf(const std::vector<hoc::CommandTimes>& writes, const hoc::CommandTimes& kernel,
                const std::vector<hoc::CommandTimes>& reads);

// The lesson (amdahl.cpp). 004 §1.2, Amdahl's law: the speedup of the whole task when a part that
// takes proportion p of its time is sped up s times. s may be infinite: the bound no faster part
// can pass.
double amdahlSpeedup(double p, double s);

// The lesson of step 7 (amdahl.cpp): n floats of host memory that the device copies from and to
// directly ("pinned", page-locked), made by OpenCL (a buffer of CL_MEM_ALLOC_HOST_PTR) and mapped for
// as long as the object lives, so that data() is the host's view of it; unmapped when it goes. From
// ordinary (pageable) memory a GPU driver first copies through a pinned staging buffer of its own.
class PinnedFloats {
public:
    PinnedFloats(const cl::Context& context, const cl::CommandQueue& queue, std::size_t n);
    ~PinnedFloats();  // never throws
    PinnedFloats(const PinnedFloats&) = delete;
    PinnedFloats& operator=(const PinnedFloats&) = delete;
    float* data() { return data_; }                       // the n floats on the host (nullptr: not written yet)
    const cl::Buffer& buffer() const { return buffer_; }  // the OpenCL buffer behind them

private:
    cl::CommandQueue queue_;
    cl::Buffer buffer_;
    float* data_ = nullptr;
};

// Step 4's prediction (amdahl.cpp), made before any run: at N = 1024 on a GPU behind PCIe, which of
// the two programs is worth a faster kernel, the one whose kernel is the larger part p of its whole
// run (none: not made yet).
enum class Program { none, vadd, matmul };
Program worthAFasterKernel();

// The median of each field over several runs (each field on its own).
Phases medianPhases(const std::vector<Phases>& runs);

// Which matmul kernel the program runs: Exercise 04's, one work-item per element of C, or Exercise
// 09's blocked kernel, 16 x 16 tiles of A and B in local memory (matmul_blocked.cl as the student wrote
// it in Exercise 09; the solution's in Kernels/ for the solution's build).
enum class MatmulKernel { element, blocked };

struct ProgramRun {
    std::vector<float> out;  // the result read back by the last run
    Phases phases;           // medians of the timed runs
    bool ran = true;         // false: a pinned run whose PinnedFloats is not written yet (step 7)
};

// The two programs, each run as a whole: the inputs written, the kernel run, the result read.
class Amdahl {
public:
    // Steps 1 and 2: context, profiling queue, vadd.cl and matmul_element.cl built (matmul_blocked.cl at
    // the blocked kernel's first run).
    explicit Amdahl(const cl::Device& device);

    // Steps 3 to 5 of vadd (C = A + B, Exercise 01's kernel), from and to `a`, `b` and the result
    // (pageable memory), or with `pinned` from and to PinnedFloats (step 7; not written: `ran` false).
    ProgramRun vadd(const std::vector<float>& a, const std::vector<float>& b, const hoc::Repeats& repeats = {0, 1},
                    bool pinned = false);

    // Steps 3 to 5 of matmul (C = A B) with Exercise 04's kernel or Exercise 09's blocked one (built
    // here the first time; a build failure throws, naming matmul_blocked.cl).
    ProgramRun matmul(const std::vector<float>& a, const std::vector<float>& b, hoc::matmul::Dims d,
                      const hoc::Repeats& repeats = {0, 1}, MatmulKernel which = MatmulKernel::element);

private:
    cl::Device device_;
    cl::Context context_;
    cl::CommandQueue queue_;
    cl::Program vadd_, matmul_, blocked_;
};
