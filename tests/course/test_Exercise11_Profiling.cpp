// Exercise 11: each timestamp readTimestamps gives is the runtime's own value for its event (so in
// nanoseconds), every command's four timestamps are present and ordered, commands of the in-order
// queue follow one another, the kernel's event time fits inside the host's timing of it, and the
// results are right.
#include <cmath>
#include <tuple>

#include "hoc/common/data.hpp"
#include "hoc/matmul/matmul.hpp"
#include "hoc/common/reference.hpp"
#include "hoc_hints/Exercise11_Profiling.hpp"
#include "hoc_test.hpp"
#include "profiling.hpp"

namespace {

// Asserts QUEUED <= SUBMIT <= START <= END for every command, in enqueue order one after the other.
void expectOrderedTimeline(const ProfileResult& r, int runs, const std::string& what)
{
    ASSERT_EQ(r.commands.size(), static_cast<std::size_t>(runs) + 3)
        << HOC_UNDER_TEST << ": " << what << ": expected write A, write B, " << runs << " kernel runs, read C";
    for (std::size_t i = 0; i < r.commands.size(); ++i) {
        const auto& c = r.commands[i];
        std::string problem;
        if (c.queued == 0 && c.submit == 0 && c.start == 0 && c.end == 0)
            problem = "no timestamps (all four are 0): read them from the event, on a queue with profiling enabled";
        else if (!(c.queued <= c.submit && c.submit <= c.start && c.start <= c.end))
            problem = "timestamps not in the order QUEUED <= SUBMIT <= START <= END: " + std::to_string(c.queued) +
                      ", " + std::to_string(c.submit) + ", " + std::to_string(c.start) + ", " + std::to_string(c.end);
        else if (i > 0 && c.start < r.commands[i - 1].end)
            problem = "started before '" + r.commands[i - 1].name + "' ended, in an in-order queue";
        if (!problem.empty()) {
            ADD_FAILURE() << HOC_UNDER_TEST << ": " << what << ": command '" << c.name << "': " << problem;
            return;
        }
    }
    // The host timer runs from before the enqueue until the wait returns, so it contains the kernel's
    // execution (START to END on the device's clock). Both clocks count real nanoseconds; 1 us covers
    // their granularity (the profiling timer resolution is at most 1 us on the test device).
    ASSERT_EQ(r.host_kernel_s.size(), static_cast<std::size_t>(runs))
        << HOC_UNDER_TEST << "/profiling.cpp: " << what << ": the host timed " << r.host_kernel_s.size()
        << " kernel run(s) (host_kernel_s), where the program ran the kernel " << runs
        << " times: one host time per run, taken around its enqueue and its wait";
    for (int run = 0; run < runs; ++run)
        EXPECT_LE(r.commands[2 + run].runSeconds(), r.host_kernel_s[run] + 1e-6)
            << HOC_UNDER_TEST << ": " << what << ": kernel " << run + 1
            << " ran longer by its event than the host waited";
}

}  // namespace

// readTimestamps gives the four timestamps as the runtime gives them for the same event (asked here
// after it): the ordering checks below hold in any unit, this one does not.
TEST(Exercise11Timestamps, AsTheEventGivesThem)
{
    const cl::Context context(hoc::test::device());
    const cl::CommandQueue queue(context, hoc::test::device(), CL_QUEUE_PROFILING_ENABLE);
    const std::vector<float> host(1 << 16, 1.0f);
    const cl::Buffer buffer(context, CL_MEM_READ_WRITE, sizeof(float) * host.size());
    cl::Event write;
    queue.enqueueWriteBuffer(buffer, CL_FALSE, 0, sizeof(float) * host.size(), host.data(), nullptr, &write);
    const hoc::CommandTimes t = hoc::test::run([&] { return readTimestamps("write", write); });
    const cl_ulong runtime[] = {
        write.getProfilingInfo<CL_PROFILING_COMMAND_QUEUED>(), write.getProfilingInfo<CL_PROFILING_COMMAND_SUBMIT>(),
        write.getProfilingInfo<CL_PROFILING_COMMAND_START>(), write.getProfilingInfo<CL_PROFILING_COMMAND_END>()};
    const cl_ulong got[] = {t.queued, t.submit, t.start, t.end};
    const char* names[] = {"queued", "submit", "start", "end"};
    const char* constants[] = {"CL_PROFILING_COMMAND_QUEUED", "CL_PROFILING_COMMAND_SUBMIT",
                               "CL_PROFILING_COMMAND_START", "CL_PROFILING_COMMAND_END"};
    for (int i = 0; i < 4; ++i) {
        if (got[i] == runtime[i])
            continue;
        std::string hint;
        // A power of 1000 between the two: the value converted to another unit.
        for (const auto& [factor, times, unit] :
             {std::tuple{1000.0, "1000", "microseconds"}, std::tuple{1e6, "10^6", "milliseconds"},
              std::tuple{1e9, "10^9", "seconds"}})
            if (got[i] != 0 && std::abs(static_cast<double>(runtime[i]) / factor - static_cast<double>(got[i])) <= 1.0)
                hint = hoc::test::hint(hoc::hints::timestamp_unit,
                                       {{"got", std::to_string(got[i])},
                                        {"value", std::string(constants[i]) + " " + std::to_string(runtime[i])},
                                        {"times", times},
                                        {"unit", unit}});
        if (hint.empty())
            hint = hoc::test::hint(hoc::hints::timestamp_other, {{"queued", std::to_string(runtime[0])},
                                                                 {"submit", std::to_string(runtime[1])},
                                                                 {"start", std::to_string(runtime[2])},
                                                                 {"end", std::to_string(runtime[3])}});
        ADD_FAILURE() << HOC_UNDER_TEST << ": readTimestamps in profiling.cpp: " << names[i] << " is " << got[i]
                      << ", and the event's " << constants[i] << " is " << runtime[i] << "\n  hint: " << hint;
        return;
    }
}

// One test per kernel, looping over the sizes: each test program pays for a context and a build.
TEST(Exercise11Vadd, TimelineOrderedAndResultExact)
{
    for (const std::size_t n : {std::size_t{1}, std::size_t{1000}, (std::size_t{1} << 18) + 3}) {
        const auto a = hoc::randomFloats(n, 21), b = hoc::randomFloats(n, 22, -1.0f, 1.0f);
        const ProfileResult r = hoc::test::run([&] { return profileVadd(hoc::test::device(), a, b, 2); });
        const std::string what = "vadd, N = " + std::to_string(n);
        EXPECT_TRUE(hoc::test::correct(hoc::compare(hoc::ref::vadd(a, b), r.c), what));
        expectOrderedTimeline(r, 2, what);
    }
}

TEST(Exercise11Matmul, TimelineOrderedAndResultWithinBound)
{
    // Square, and rectangular with sizes that are not a multiple of any work-group side.
    for (const hoc::matmul::Dims d : {hoc::matmul::Dims{64, 64, 64}, hoc::matmul::Dims{37, 19, 53}}) {
        const auto a = hoc::randomFloats(d.m * d.k, 23, -1, 1), b = hoc::randomFloats(d.k * d.n, 24, -1, 1);
        const ProfileResult r = hoc::test::run([&] { return profileMatmul(hoc::test::device(), a, b, d, 1); });
        EXPECT_TRUE(hoc::test::correct(hoc::matmul::check(a, b, r.c, d), "matmul, " + d.text()));
        expectOrderedTimeline(r, 1, "matmul, " + d.text());
    }
}
