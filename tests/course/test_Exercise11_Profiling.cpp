// Exercise 11: every command's four timestamps are present and ordered, commands of the in-order
// queue follow one another, the kernel's event time fits inside the host's timing of it, and the
// results are right.
#include "hoc/common/data.hpp"
#include "hoc/matmul/matmul.hpp"
#include "hoc/common/reference.hpp"
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
    ASSERT_EQ(r.host_kernel_s.size(), static_cast<std::size_t>(runs));
    for (int run = 0; run < runs; ++run)
        EXPECT_LE(r.commands[2 + run].runSeconds(), r.host_kernel_s[run] + 1e-6)
            << HOC_UNDER_TEST << ": " << what << ": kernel " << run + 1
            << " ran longer by its event than the host waited";
}

}  // namespace

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
