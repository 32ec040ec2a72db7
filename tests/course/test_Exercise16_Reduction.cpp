// Exercise 16: every reduction kernel against a double reference, for sizes that are not multiples
// of the work-group size (or of 2 or 8 work-groups) and for work-group sizes from 1 to the kernel's
// maximum.
//
// Tolerances. Integer-valued data (0 to 15, at most 2^20 + 3 of them): every partial sum is an
// integer below 2^24, which a float holds exactly, so any order of additions gives the exact sum
// and the check is exact equality; a lost or doubled element cannot hide. Random data in [-1, 1):
// the bound of hoc::sumErrorBound, ((1 + u)^k - 1) sum |x_i|, with k the most additions any element
// goes through in this kernel's passes (the host counts them), which holds for any order.
#include <cmath>
#include <string>

#include "hoc/data.hpp"
#include "hoc_test.hpp"
#include "reduce.hpp"
#include "sum_reference.hpp"

namespace {

// One context and program for the whole test program (a test is one process).
Reduction& reduction()
{
    static Reduction r = hoc::test::run([] { return Reduction(hoc::test::device()); });
    return r;
}

ReduceResult runSum(const std::vector<float>& data, ReduceKernel kernel, std::size_t local = 0)
{
    return hoc::test::run([&] { return reduction().sum(data, kernel, {local, {0, 1}}); });
}

std::vector<float> smallIntegers(std::size_t n)
{
    std::vector<float> v = hoc::randomFloats(n, static_cast<std::uint32_t>(n) + 7, 0.0f, 16.0f);
    for (float& x : v)
        x = std::floor(x);
    return v;
}

std::string what(ReduceKernel kernel, std::size_t n, const ReduceResult& r, const char* data)
{
    return kernelName(kernel) + ", N = " + std::to_string(n) + " " + data + " (work-groups of " +
           std::to_string(r.workGroupSize) + ", " + std::to_string(r.passes) + " passes)";
}

}  // namespace

// The tests loop over the kernels inside one test each: a test is a process, and each process
// pays for setting up PoCL again.

TEST(Reduce, EveryKernelExactOnIntegersAndWithinBoundOnRandomData)
{
    for (const ReduceKernel kernel : reduceKernels())
        for (const std::size_t n : {std::size_t{1}, std::size_t{2}, std::size_t{255}, std::size_t{256},
                                    std::size_t{257}, std::size_t{4097}, std::size_t{65537},
                                    (std::size_t{1} << 20) + 3}) {
            const std::vector<float> integers = smallIntegers(n);
            const hoc::SumReference exact = hoc::sumReference(integers);
            const ReduceResult r = runSum(integers, kernel);
            ASSERT_TRUE(hoc::test::correct(hoc::compareValue(exact.sum, r.sum, 0.0),
                                           what(kernel, n, r, "small integers")));

            const std::vector<float> random = hoc::randomFloats(n, static_cast<std::uint32_t>(n), -1.0f, 1.0f);
            const ReduceResult s = runSum(random, kernel);
            ASSERT_TRUE(hoc::test::correct(hoc::checkSum(hoc::sumReference(random), s.sum, s.additions),
                                           what(kernel, n, s, "in [-1, 1)")));
        }
}

TEST(Reduce, EveryKernelWithWorkGroupsFromOneToTheMaximum)
{
    // 1, 3 (not a power of two) and the kernel's maximum (4096 on PoCL); each size costs PoCL a
    // compilation per kernel, so the list is short.
    const std::size_t n = 100003;
    const std::vector<float> integers = smallIntegers(n);
    const double exact = hoc::sumReference(integers).sum;
    for (const ReduceKernel kernel : reduceKernels()) {
        const std::size_t maxLocal = runSum({1.0f}, kernel).maxWorkGroupSize;
        for (const std::size_t local : {std::size_t{1}, std::size_t{3}, maxLocal}) {
            const bool oneElementEach = kernel == ReduceKernel::Interleaved || kernel == ReduceKernel::Sequential;
            if (local == 1 && oneElementEach) {
                // One element per work-item in work-groups of one never shrinks: refused with a reason.
                EXPECT_THROW(runSum(integers, kernel, 1), std::runtime_error) << kernelName(kernel);
                continue;
            }
            const ReduceResult r = runSum(integers, kernel, local);
            EXPECT_EQ(r.workGroupSize, local);
            ASSERT_TRUE(hoc::test::correct(hoc::compareValue(exact, r.sum, 0.0), what(kernel, n, r, "small integers")));
        }
    }
}

TEST(Reduce, TwoPassTakesTwoPasses)
{
    const std::vector<float> data = smallIntegers(1 << 20);
    EXPECT_EQ(runSum(data, ReduceKernel::TwoPass).passes, 2u);
}

TEST(Reduce, EmptyInputIsRefused)
{
    EXPECT_THROW(runSum({}, ReduceKernel::TwoPass), std::runtime_error);
}
