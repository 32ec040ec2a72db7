// Exercise 25: amdahlSpeedup on the worked examples of the CSE 160 notes (004 §1.2 and the transfer
// example of §2), whose answers the notes give; phasesOf on timestamps laid out by hand (with idle
// gaps between the commands); the law against two runs laid out by hand, a slow and a fast kernel;
// and the programs on the device (vadd from ordinary and from pinned host arrays, matmul with Exercise 04's and
// Exercise 09's kernels), their results against the serial references and their phases against each other.
#include <cmath>
#include <limits>
#include <sstream>
#include <string>

#include "amdahl.hpp"
#include "hoc/common/data.hpp"
#include "hoc/matmul/matmul_host.hpp"
#include "hoc/common/reference.hpp"
#include "hoc_hints/Exercise25_Amdahl.hpp"
#include "hoc_test.hpp"

namespace {

const std::string kWhere = "\n  where: amdahlSpeedup in amdahl.cpp";
const std::string kPhasesWhere = "\n  where: phasesOf in amdahl.cpp";
const std::string kPinnedWhere = "\n  where: PinnedFloats in amdahl.cpp (step 7 of the README)";
constexpr double kInfinite = std::numeric_limits<double>::infinity();

// The device's clock at the first write's START in the runs laid out below (a device's clock counts
// from some earlier moment, never from 0 at a run's first command).
constexpr double kClockAtStartMs = 1000.0;

// A command's four timestamps as a device gives them for a run whose commands the host enqueued at once,
// before the first started: QUEUED when the host enqueued it (0.3 ms before the run's first START),
// SUBMIT when the queue handed it to the device (0.1 ms before its START), then START and END.
hoc::CommandTimes command(double startMs, double endMs)
{
    hoc::CommandTimes c;
    c.queued = static_cast<cl_ulong>((kClockAtStartMs - 0.3) * 1e6);
    c.submit = static_cast<cl_ulong>((kClockAtStartMs + startMs - 0.1) * 1e6);
    c.start = static_cast<cl_ulong>((kClockAtStartMs + startMs) * 1e6);
    c.end = static_cast<cl_ulong>((kClockAtStartMs + endMs) * 1e6);
    return c;
}

// A phase that is off by a power of 1000 is a unit error (the timestamps are nanoseconds, Phases are
// seconds), whatever else the code does: that is the hint then, not the one about what to add up.
std::string phaseHint(double got, double expected, const hoc::test::Hint* otherwise)
{
    struct Unit {
        double factor;
        const char* times;
        const char* name;
    };
    if (got != 0 && expected != 0) {
        for (const Unit& u : {Unit{1e9, "10^9", "nanoseconds"}, Unit{1e6, "10^6", "microseconds"},
                              Unit{1e3, "1000", "milliseconds"}, Unit{1e-3, "1/1000", "kiloseconds"}}) {
            if (std::abs(got / expected / u.factor - 1) < 1e-6) {
                std::ostringstream gotText, expectedText;
                gotText << got;
                expectedText << expected;
                return "\n  hint: " + hoc::test::hint(hoc::hints::unit, {{"got", gotText.str()},
                                                                         {"expected", expectedText.str()},
                                                                         {"times", u.times},
                                                                         {"unit", u.name}});
            }
        }
    }
    return otherwise == nullptr ? "" : "\n  hint: " + hoc::test::hint(*otherwise);
}

}  // namespace

TEST(Amdahl, NotesExample)
{
    // 004 §1.2: p = 0.8 sped up without limit gives 5.
    const double unbounded = amdahlSpeedup(0.8, kInfinite);
    // Not a number where a finite s gives the right speedup: the formula meets infinity over infinity.
    const bool nan = std::isnan(unbounded) && std::abs(amdahlSpeedup(0.8, 1e6) - 5.0) < 1e-3;
    EXPECT_NEAR(unbounded, 5.0, 1e-12) << HOC_UNDER_TEST << ": p = 0.8, s infinite" << kWhere << "\n  hint: "
                                       << (nan ? hoc::test::hint(hoc::hints::law_nan, {{"value", "not a number (nan)"}})
                                               : hoc::test::hint(hoc::hints::law));
    EXPECT_NEAR(amdahlSpeedup(0.5, 1.0), 1.0, 1e-12) << HOC_UNDER_TEST << ": s = 1 changes nothing" << kWhere;
}

TEST(Amdahl, NotesTransferExample)
{
    // 004 §2: transfers of 1 ms each way, 5 ms of perfectly parallel work on one work-item, 100
    // work-items: "Original time: 7ms", "Sped up time: 2.05ms", "Speedup: 3.4 times".
    const double p = 5.0 / 7.0;
    EXPECT_NEAR(amdahlSpeedup(p, 100), 7.0 / 2.05, 1e-9)
        << HOC_UNDER_TEST << ": p = 5/7, s = 100 (the notes: 7 ms -> 2.05 ms, 3.4 times)" << kWhere
        << "\n  hint: " << hoc::test::hint(hoc::hints::transfers);
    EXPECT_NEAR(amdahlSpeedup(p, kInfinite), 3.5, 1e-9) << HOC_UNDER_TEST << ": p = 5/7, s infinite" << kWhere;
}

TEST(Amdahl, PhasesFromTimestamps)
{
    // The notes' example as timestamps, with idle gaps: two writes (0-0.5, 0.7-1.2 ms), the kernel
    // (1.5-6.5 ms), the read (7-8 ms).
    const Phases p = phasesOf({command(0, 0.5), command(0.7, 1.2)}, command(1.5, 6.5), {command(7, 8)});
    EXPECT_NEAR(p.write, 1.0e-3, 1e-12) << HOC_UNDER_TEST << ": writes of 0.5 ms and 0.5 ms" << kPhasesWhere
                                        << phaseHint(p.write, 1.0e-3, &hoc::hints::write_phase);
    EXPECT_NEAR(p.kernel, 5.0e-3, 1e-12) << HOC_UNDER_TEST << ": kernel from 1.5 to 6.5 ms" << kPhasesWhere
                                         << phaseHint(p.kernel, 5.0e-3, nullptr);
    EXPECT_NEAR(p.read, 1.0e-3, 1e-12) << HOC_UNDER_TEST << ": read from 7 to 8 ms" << kPhasesWhere
                                       << phaseHint(p.read, 1.0e-3, nullptr);
    // Measured from the first write's QUEUED or SUBMIT (0.3 and 0.1 ms before it started): those are when
    // the host enqueued it and when the queue handed it on, not when the program's device time begins.
    std::string from;
    for (const auto& [stamp, ms] : {std::pair{"QUEUED", 0.3}, std::pair{"SUBMIT", 0.1}})
        if (std::abs(p.whole - (8.0 + ms) * 1e-3) < 1e-12)
            from = "\n  hint: " + hoc::test::hint(hoc::hints::whole_from, {{"stamp", stamp}});
    EXPECT_NEAR(p.whole, 8.0e-3, 1e-12) << HOC_UNDER_TEST << ": first write starts at 0, last read ends at 8 ms"
                                        << kPhasesWhere
                                        << (from.empty() ? phaseHint(p.whole, 8.0e-3, &hoc::hints::whole_phase) : from);
}

TEST(Amdahl, LawAgainstTwoRuns)
{
    // Two runs of one program laid out by hand, as the profiling events of a slow and a fast kernel
    // would give them: the same writes, read and idle gaps, the kernel 8 ms, then 2 ms (s = 4). The
    // whole runs take 12 ms and 6 ms: measured, the program is 2 times faster. Amdahl's law, with
    // p = 8/12 from the slow run's phases, must predict the same 2 exactly: only the kernel changed.
    const Phases slow = phasesOf({command(0, 1), command(1, 2)}, command(2.5, 10.5), {command(11, 12)});
    const Phases fast = phasesOf({command(0, 1), command(1, 2)}, command(2.5, 4.5), {command(5, 6)});
    ASSERT_NEAR(slow.whole, 12e-3, 1e-12) << HOC_UNDER_TEST << ": the slow run, 0 to 12 ms" << kPhasesWhere;
    ASSERT_NEAR(fast.whole, 6e-3, 1e-12) << HOC_UNDER_TEST << ": the fast run, 0 to 6 ms" << kPhasesWhere;
    const double p = slow.kernel / slow.whole, s = slow.kernel / fast.kernel;
    EXPECT_NEAR(amdahlSpeedup(p, s), slow.whole / fast.whole, 1e-9)
        << HOC_UNDER_TEST << ": p = 8/12, s = 4; the two runs measure a whole-program speedup of 2" << kWhere
        << "\n  hint: " << hoc::test::hint(hoc::hints::two_runs);
}

TEST(Amdahl, ProgramsOnTheDevice)
{
    Amdahl amdahl = hoc::test::run([] { return Amdahl(hoc::test::device()); });
    for (const std::size_t n : {std::size_t{1}, std::size_t{1000}, std::size_t{4097}}) {
        const std::vector<float> a = hoc::randomFloats(n, 1), b = hoc::randomFloats(n, 2);
        const ProgramRun r = hoc::test::run([&] { return amdahl.vadd(a, b, {1, 3}); });
        ASSERT_TRUE(hoc::test::correct(hoc::compare(hoc::ref::vadd(a, b), r.out), "vadd, N = " + std::to_string(n)));
        const Phases& t = r.phases;
        EXPECT_GT(t.write, 0.0) << "vadd, N = " << n << kPhasesWhere;
        EXPECT_GT(t.kernel, 0.0) << "vadd, N = " << n << kPhasesWhere;
        EXPECT_GT(t.read, 0.0) << "vadd, N = " << n << kPhasesWhere;
        // One in-order queue: the commands run one after another, so the whole run holds each phase.
        EXPECT_GE(t.whole, t.kernel) << "vadd, N = " << n << kPhasesWhere;
        EXPECT_GE(t.whole, t.write) << "vadd, N = " << n << kPhasesWhere;
        EXPECT_GE(t.whole, t.read) << "vadd, N = " << n << kPhasesWhere;
    }
    // The same vadd with its copies from and to pinned host arrays: the same result, exactly, and
    // phases that fit the whole run as before.
    for (const std::size_t n : {std::size_t{1}, std::size_t{1000}, std::size_t{4097}}) {
        const std::vector<float> a = hoc::randomFloats(n, 3), b = hoc::randomFloats(n, 4);
        const ProgramRun r = hoc::test::run([&] { return amdahl.vadd(a, b, {1, 3}, /*pinned=*/true); });
        ASSERT_TRUE(r.ran) << HOC_UNDER_TEST << ": vadd from pinned host arrays did not run: PinnedFloats gives no "
                           << "host array (data() is nullptr)" << kPinnedWhere
                           << "\n  hint: " << hoc::test::hint(hoc::hints::pinned_unwritten);
        ASSERT_TRUE(hoc::test::correct(hoc::compare(hoc::ref::vadd(a, b), r.out),
                                       "vadd from pinned host arrays, N = " + std::to_string(n)));
        const Phases& t = r.phases;
        EXPECT_GT(t.write, 0.0) << "vadd pinned, N = " << n << kPhasesWhere;
        EXPECT_GT(t.read, 0.0) << "vadd pinned, N = " << n << kPhasesWhere;
        EXPECT_GE(t.whole, t.kernel) << "vadd pinned, N = " << n << kPhasesWhere;
        EXPECT_GE(t.whole, t.write) << "vadd pinned, N = " << n << kPhasesWhere;
        EXPECT_GE(t.whole, t.read) << "vadd pinned, N = " << n << kPhasesWhere;
    }
    for (const std::size_t side : {std::size_t{1}, std::size_t{17}, std::size_t{40}}) {
        const hoc::matmul::Dims d{side, side + 3, side + 1};
        const hoc::matmul::Inputs in = hoc::matmul::randomInputs(d);
        const ProgramRun r = hoc::test::run([&] { return amdahl.matmul(in.a, in.b, d, {0, 1}); });
        ASSERT_TRUE(hoc::test::correct(hoc::matmul::check(in.a, in.b, r.out, d), "matmul " + d.text()));
        EXPECT_GE(r.phases.whole, r.phases.kernel) << "matmul " << d.text() << kPhasesWhere;
        // The faster kernel of the law's measurement, Exercise 09's blocked one, on sizes that are
        // not multiples of its tile.
        const ProgramRun b = hoc::test::run(
            [&] { return amdahl.matmul(in.a, in.b, d, {0, 1}, MatmulKernel::blocked); });
        ASSERT_TRUE(hoc::test::correct(hoc::matmul::check(in.a, in.b, b.out, d),
                                       "matmul " + d.text() + ", blocked kernel (matmul_blocked.cl)"));
        EXPECT_GE(b.phases.whole, b.phases.kernel) << "matmul " << d.text() << ", blocked" << kPhasesWhere;
    }
}

// Step 7's pinned host arrays, from the evidence OpenCL gives about the buffer behind them: allocated
// by OpenCL in host memory (CL_MEM_ALLOC_HOST_PTR in its flags), mapped while the object lives and
// unmapped when it goes (CL_MEM_MAP_COUNT, where the implementation counts maps: a buffer mapped here
// first says whether it does; the count is meant for debugging).
TEST(Amdahl, PinnedFloatsAreMappedHostMemoryOfOpenCL)
{
    const cl::Device& device = hoc::test::device();
    const cl::Context context(device);
    const cl::CommandQueue queue(context, device);
    const bool countsMaps = hoc::test::run([&] {
        cl::Buffer probe(context, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, 64);
        void* mapped = queue.enqueueMapBuffer(probe, CL_TRUE, CL_MAP_READ, 0, 64);
        const bool counts = probe.getInfo<CL_MEM_MAP_COUNT>() == 1;
        queue.enqueueUnmapMemObject(probe, mapped);
        queue.finish();
        return counts;
    });
    const std::size_t n = 1000;
    cl::Buffer kept;
    {
        PinnedFloats pinned(context, queue, n);
        ASSERT_NE(pinned.data(), nullptr)
            << HOC_UNDER_TEST << ": PinnedFloats(context, queue, " << n << ") gives no host array (data() is nullptr)"
            << kPinnedWhere << "\n  hint: " << hoc::test::hint(hoc::hints::pinned_unwritten);
        ASSERT_NE(pinned.buffer()(), nullptr)
            << HOC_UNDER_TEST << ": PinnedFloats has no OpenCL buffer behind "
            << "its host array" << kPinnedWhere << "\n  hint: " << hoc::test::hint(hoc::hints::pinned_alloc_host_ptr);
        const cl_mem_flags flags = pinned.buffer().getInfo<CL_MEM_FLAGS>();
        EXPECT_TRUE(flags & CL_MEM_ALLOC_HOST_PTR)
            << HOC_UNDER_TEST << ": the buffer behind PinnedFloats was not made with CL_MEM_ALLOC_HOST_PTR, so "
            << "OpenCL did not allocate it as host memory the device copies from directly" << kPinnedWhere
            << "\n  hint: " << hoc::test::hint(hoc::hints::pinned_alloc_host_ptr);
        EXPECT_GE(pinned.buffer().getInfo<CL_MEM_SIZE>(), n * sizeof(float))
            << HOC_UNDER_TEST << ": the buffer behind PinnedFloats holds fewer than " << n << " floats" << kPinnedWhere;
        if (countsMaps) {
            EXPECT_EQ(pinned.buffer().getInfo<CL_MEM_MAP_COUNT>(), 1u)
                << HOC_UNDER_TEST << ": the buffer behind PinnedFloats is not mapped once while the object lives"
                << kPinnedWhere << "\n  hint: " << hoc::test::hint(hoc::hints::pinned_mapped);
        }
        for (std::size_t i = 0; i < n; ++i)  // the whole array is the host's to write
            pinned.data()[i] = static_cast<float>(i);
        kept = pinned.buffer();
    }
    if (countsMaps) {
        EXPECT_EQ(kept.getInfo<CL_MEM_MAP_COUNT>(), 0u)
            << HOC_UNDER_TEST << ": the buffer is still mapped after its PinnedFloats is gone" << kPinnedWhere
            << "\n  hint: " << hoc::test::hint(hoc::hints::pinned_unmapped);
    }
}

// Step 4: at N = 1024 on a GPU behind PCIe, vadd's copies (12 bytes per addition) dwarf its kernel,
// while matmul's kernel does 2 N^3 flops on 12 N^2 bytes: matmul's p is the larger.
TEST(Amdahl, StepFourPrediction)
{
    const Program mine = worthAFasterKernel();
    EXPECT_EQ(mine, Program::matmul) << HOC_UNDER_TEST << ": worthAFasterKernel() in amdahl.cpp (step 4 of the README)"
                                     << (mine == Program::none ? ": not made yet (it returns Program::none)" : "")
                                     << "\n  hint: " << hoc::test::hint(hoc::hints::step4_program);
}

TEST(Amdahl, MedianOfEachPhase)
{
    const Phases m = medianPhases({{1, 5, 1, 7}, {3, 4, 2, 9}, {2, 6, 3, 8}});
    // Given code: each phase's median over the runs, taken on its own.
    const std::string where = std::string(HOC_UNDER_TEST) +
                              "/given/stages.cpp: medianPhases of the runs {1, 5, 1, 7}, {3, 4, 2, 9} and {2, 6, 3, 8} "
                              "(write, kernel, read, whole): ";
    EXPECT_EQ(m.write, 2) << where << "the write's median is " << m.write << ", expected 2";
    EXPECT_EQ(m.kernel, 5) << where << "the kernel's median is " << m.kernel << ", expected 5";
    EXPECT_EQ(m.read, 2) << where << "the read's median is " << m.read << ", expected 2";
    EXPECT_EQ(m.whole, 8) << where << "the whole run's median is " << m.whole << ", expected 8";
}

TEST(Amdahl, BadRequestsAreRefused)
{
    Amdahl amdahl = hoc::test::run([] { return Amdahl(hoc::test::device()); });
    const std::string where = std::string(HOC_UNDER_TEST) + "/given/stages.cpp: ";
    EXPECT_THROW(hoc::test::run([&] { return amdahl.vadd({}, {}); }), std::runtime_error)
        << where << "a vadd of two empty arrays was not refused with an error";
    EXPECT_THROW(hoc::test::run([&] { return amdahl.vadd({1.0f}, {1.0f, 2.0f}); }), std::runtime_error)
        << where << "a vadd of arrays of 1 and 2 floats was not refused with an error";
    EXPECT_THROW(hoc::test::run([&] { return amdahl.matmul({1.0f}, {1.0f}, {2, 2, 2}); }), std::runtime_error)
        << where << "a 2 x 2 x 2 matmul given 1 float for A and B was not refused with an error";
}
