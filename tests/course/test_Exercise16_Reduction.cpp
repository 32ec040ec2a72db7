// Exercise 16: every reduction kernel against a double reference, for sizes that are not multiples
// of the work-group size (or of 2 or 8 work-groups) and for work-group sizes from 1 to the kernel's
// maximum.
//
// Tolerances. Integer-valued data (0 to 15, at most 2^20 + 3 of them): every partial sum is an
// integer below 2^24, which a float holds exactly, so any order of additions gives the exact sum
// and the check is exact equality; a lost or doubled element cannot hide. Random data in [-1, 1):
// the bound of hoc::sumErrorBound, ((1 + u)^k - 1) sum |x_i|, with k the most additions any element
// goes through in this kernel's passes (the host counts them), which holds for any order, and
// (hoc::sumAllowed) the smaller probabilistic bound for random signs, about 100 u sqrt(k) times
// (sum x_i^2)^(1/2), which a zero or garbage sum cannot pass at any size (the rigorous one alone let a
// kernel writing 0 pass at 2^20 with reduce_cpu on PoCL: allowed 4100, the sum 22.3).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <exception>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "hoc/common/data.hpp"
#include "hoc/common/device.hpp"
#include "hoc/common/errors.hpp"
#include "hoc/common/float_sum.hpp"
#include "hoc_hints/Exercise16_Reduction.hpp"
#include "hoc_test.hpp"
#include "reduce.hpp"
#include "reduce_plan.hpp"

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

// Steps 3 to 5 each give a work-item more elements than the step before (two, PER_ITEM, a whole
// grid-stride loop), and the host launches fewer work-items for them (given/reduce_plan.cpp). The step
// before's kernel in their place adds only its own share per work-item: the sum of the first
// items x per elements, per = 1 (step 2's), 2 (step 3's) or PER_ITEM (step 4's), the rest missing. That
// sum names the lesson the kernel lacks; "" where the sum is not one of them.
std::string elementsPerItemHint(ReduceKernel kernel, const std::vector<float>& data, double got, std::size_t local)
{
    const hoc::test::Hint* lesson = kernel == ReduceKernel::FirstAdd  ? &hoc::hints::technique_first_add
                                    : kernel == ReduceKernel::PerItem ? &hoc::hints::technique_per_item
                                    : kernel == ReduceKernel::TwoPass ? &hoc::hints::technique_two_pass
                                                                      : nullptr;
    if (lesson == nullptr || data.empty() || local == 0)
        return "";
    const Plan plan = planPasses(kernel, data.size(), local,
                                 hoc::test::device().getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>());
    const std::uint64_t items = plan.passes.front().groups * plan.local;
    for (const std::uint64_t per : {std::uint64_t{1}, std::uint64_t{2}, std::uint64_t{kPerItem}}) {
        const std::uint64_t count = items * per;
        if (count >= data.size())
            continue;
        double prefix = 0;
        for (std::uint64_t i = 0; i < count; ++i)
            prefix += data[i];
        if (got == prefix)
            return hoc::test::hint(*lesson, {{"kernel", kernelName(kernel)},
                                             {"count", std::to_string(count)},
                                             {"per", std::to_string(per)},
                                             {"items", std::to_string(items)}});
    }
    return "";
}

// A tree that is right in work-groups of a power of two and wrong in others loses the value left
// without a partner when a round holds an odd number of them. Evidence: the same data in work-groups
// of the largest power of two below the size sums right; then one work-group of that size (at most
// 20) adding 1, 2, 4, ... names the elements whose values are missing (the sum's bits). "" where the
// evidence says otherwise.
std::string oddRoundHint(ReduceKernel kernel, const std::vector<float>& data, double exact, std::size_t local)
{
    using hoc::test::hint;
    if (local < 3 || (local & (local - 1)) == 0)
        return "";
    std::size_t even = 1;
    while (even * 2 < local)
        even *= 2;
    try {
        if (runSum(data, kernel, even).sum != exact)
            return "";
        std::string lost;
        if (local <= 20) {
            std::vector<float> powers(local);
            std::string values;
            for (std::size_t i = 0; i < local; ++i) {
                powers[i] = static_cast<float>(std::uint32_t{1} << i);
                values += (i == 0 ? "" : i + 1 == local ? " and " : ", ") + std::to_string(1u << i);
            }
            const ReduceResult probe = runSum(powers, kernel, local);
            const double got = probe.sum;
            const std::uint32_t bits = static_cast<std::uint32_t>(got);
            if (probe.workGroupSize == local && probe.passes == 1 && got >= 0 && got == bits &&
                bits < (std::uint32_t{1} << local)) {
                std::vector<std::size_t> missing;
                for (std::size_t i = 0; i < local; ++i)
                    if ((bits & (std::uint32_t{1} << i)) == 0)
                        missing.push_back(i);
                std::string which;
                for (std::size_t k = 0; k < missing.size(); ++k)
                    which += (k == 0 ? "" : k + 1 == missing.size() ? " and " : ", ") + std::to_string(missing[k]);
                which = missing.size() == 1 ? "the value of element " + which : "the values of elements " + which;
                if (!missing.empty())
                    lost = hint(hoc::hints::odd_round_lost, {{"group", std::to_string(local)},
                                                             {"values", values},
                                                             {"got", std::to_string(bits)},
                                                             {"which", which}});
            }
        }
        return hint(hoc::hints::odd_round, {{"group", std::to_string(local)},
                                            {"n", std::to_string(data.size())},
                                            {"even", std::to_string(even)},
                                            {"lost", lost}});
    } catch (const std::exception&) {  // the kernel does not run in those work-groups: no evidence
        return "";
    }
}

// Where a wrong sum of the small integers points (exact arithmetic, so the difference is evidence):
//   0                          nothing arrived: the starter kernel (it writes 0)
//   the first items x per      (steps 3 to 5) the step before's share per work-item, the rest missing
//                              (elementsPerItemHint)
//   the sum of data[0 .. p-1]  everything from element p on is missing (p a multiple of the
//                              work-group's share: only the first work-groups' partial sums are used)
//   right in work-groups of a  a round of the tree with an odd number of values drops one
//   power of two               (oddRoundHint)
//   the sum less the last      the bounds check stops one early
//   all but the last n % 4     (step 6) the floats after the last whole float4 are not added
//   all but the last n % 16    (step 7) the floats after the last whole float16 are not added
//   less                       elements or work-items' values left out of a tree
//   more                       elements counted twice, or elements past n read
std::string hint(ReduceKernel kernel, const std::vector<float>& data, double got, const ReduceResult& r)
{
    using hoc::test::hint;
    const std::string where = "\n  where: kernel " + kernelName(kernel) + " in reduce.cl\n  hint: ";
    double exact = 0;
    for (const float x : data)
        exact += x;
    // Steps 6 and 7 read whole float4s or float16s: the floats after the last one are their classic miss.
    const std::size_t width = kernel == ReduceKernel::Float4 ? 4 : kernel == ReduceKernel::Cpu ? 16 : 1;
    if (width > 1 && data.size() % width != 0) {
        double whole = 0;
        for (std::size_t i = 0; i < data.size() / width * width; ++i)
            whole += data[i];
        const std::string w = std::to_string(width);
        const std::string tail = std::to_string(data.size() % width);
        // Only the first k of the tail's floats added: one float per work-item, an NDRange of k work-items.
        double partial = whole;
        for (std::size_t k = 1; k < data.size() % width; ++k) {
            partial += data[data.size() / width * width + k - 1];
            if (got == partial && got != exact)
                return where + hint(hoc::hints::tail_per_work_item, {{"tail", tail},
                                                                     {"width", w},
                                                                     {"added", std::to_string(k)},
                                                                     {"group", std::to_string(r.workGroupSize)}});
        }
        if (got == whole && got != exact) {
            const std::string missing = hint(hoc::hints::tail_missing, {{"tail", tail}, {"width", w}});
            return where + (got == 0 ? hint(hoc::hints::starter_or, {{"kernel", kernelName(kernel)}, {"then", missing}})
                                     : missing);
        }
    }
    if (got == 0 && exact != 0)
        return where + (data.size() == 1 ? hint(hoc::hints::starter_or, {{"kernel", kernelName(kernel)},
                                                                         {"then", hint(hoc::hints::one_element_lost)}})
                                         : hint(hoc::hints::starter, {{"kernel", kernelName(kernel)}}));
    if (const std::string lesson = elementsPerItemHint(kernel, data, got, r.workGroupSize); !lesson.empty())
        return where + lesson;
    if (const std::string odd = oddRoundHint(kernel, data, exact, r.workGroupSize); !odd.empty())
        return where + odd;
    if (data.size() > 1 && got == exact - data.back() && data.back() != 0)
        return where + hint(hoc::hints::last_missing);
    double prefix = 0;
    for (std::size_t p = 0; p + 1 < data.size(); ++p) {
        prefix += data[p];
        if (got == prefix && got < exact)
            return where + hint(hoc::hints::prefix_only, {{"count", std::to_string(p + 1)}});
    }
    if (got < exact)
        return where +
               hint(hoc::hints::less, {{"tree", r.workGroupSize > 1 ? " " + hint(hoc::hints::tree_values) : ""}});
    return where + hint(hoc::hints::more);
}

::testing::AssertionResult exact(ReduceKernel kernel, const std::vector<float>& data, double expected,
                                 const ReduceResult& r, const char* what_data)
{
    ::testing::AssertionResult ok = hoc::test::correct(hoc::compareValue(expected, r.sum, 0.0),
                                                       what(kernel, data.size(), r, what_data));
    if (!ok)
        ok << hint(kernel, data, r.sum, r);
    return ok;
}

}  // namespace

// One test per kernel (step), named after it, so that each step can be checked alone (the README's
// commands): Each/ReduceKernels.ExactOnIntegersAndWithinBoundOnRandomData/reduce_sequential.
// How GoogleTest prints a kernel (ctest's "# GetParam() = reduce_sequential"), instead of its bytes.
void PrintTo(ReduceKernel kernel, std::ostream* out) { *out << kernelName(kernel); }

class ReduceKernels : public ::testing::TestWithParam<ReduceKernel> {};

INSTANTIATE_TEST_SUITE_P(Each, ReduceKernels, ::testing::ValuesIn(reduceKernels()),
                         [](const ::testing::TestParamInfo<ReduceKernel>& info) { return kernelName(info.param); });

TEST_P(ReduceKernels, ExactOnIntegersAndWithinBoundOnRandomData)
{
    const ReduceKernel kernel = GetParam();
    for (const std::size_t n : {std::size_t{1}, std::size_t{2}, std::size_t{255}, std::size_t{256}, std::size_t{257},
                                std::size_t{4097}, std::size_t{65537}, (std::size_t{1} << 20) + 3}) {
        const std::vector<float> integers = smallIntegers(n);
        const ReduceResult r = runSum(integers, kernel);
        ASSERT_TRUE(exact(kernel, integers, hoc::sumReference(integers).sum, r, "small integers"));

        const std::vector<float> random = hoc::randomFloats(n, static_cast<std::uint32_t>(n), -1.0f, 1.0f);
        const ReduceResult s = runSum(random, kernel);
        EXPECT_EQ(s.additions, hoc::test::run([&] { return reduction().additions(n, kernel); }))
            << kernelName(kernel) << ", N = " << n << ": the additions counted before the run";
        ASSERT_TRUE(hoc::test::correct(hoc::checkSum(hoc::sumReference(random), s.sum, s.additions),
                                       what(kernel, n, s, "in [-1, 1)")));
    }
}

TEST_P(ReduceKernels, WorkGroupsFromOneToTheMaximum)
{
    // 1, 3 (not a power of two) and the kernel's maximum (4096 on PoCL); each size costs PoCL a
    // compilation, so the list is short.
    const ReduceKernel kernel = GetParam();
    const std::size_t n = 100003;
    const std::vector<float> integers = smallIntegers(n);
    const double expected = hoc::sumReference(integers).sum;
    const std::size_t maxLocal = runSum({1.0f}, kernel).maxWorkGroupSize;
    for (const std::size_t local : {std::size_t{1}, std::size_t{3}, maxLocal}) {
        const bool oneElementEach = kernel == ReduceKernel::Interleaved || kernel == ReduceKernel::Sequential;
        if (local == 1 && oneElementEach) {
            // One element per work-item in work-groups of one never shrinks: refused with a reason.
            EXPECT_THROW(runSum(integers, kernel, 1), std::runtime_error) << kernelName(kernel);
            continue;
        }
        const ReduceResult r = runSum(integers, kernel, local);
        EXPECT_EQ(r.workGroupSize, local)
            << HOC_UNDER_TEST << "/given/reduce_plan.cpp: " << kernelName(kernel) << " asked for work-groups of "
            << local << " ran work-groups of " << r.workGroupSize;
        ASSERT_TRUE(exact(kernel, integers, expected, r, "small integers"));
    }
}

// The edges of every kernel: sizes at each width a kernel reads at once (2 for step 3, PER_ITEM = 8,
// a float4, a float16) and one either side, in NDRanges smaller than those widths' remainders
// (work-groups of 1, or 2 where one element per work-item needs two, and of 3), so that a tail
// added one element per work-item (`if (get_global_id(0) < n % 4)`) misses elements.
TEST_P(ReduceKernels, SizesAtEachWidthInNDRangesSmallerThanTheTail)
{
    const ReduceKernel kernel = GetParam();
    const bool oneElementEach = kernel == ReduceKernel::Interleaved || kernel == ReduceKernel::Sequential;
    for (const std::size_t local : {std::size_t{oneElementEach ? 2u : 1u}, std::size_t{3}}) {
        for (const std::size_t n : {1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 33}) {
            std::vector<float> integers = smallIntegers(n);
            for (float& x : integers)
                x += 1.0f;  // no zero: every element left out changes the sum
            const ReduceResult r = runSum(integers, kernel, local);
            ASSERT_EQ(r.workGroupSize, local)
                << HOC_UNDER_TEST << "/given/reduce_plan.cpp: " << kernelName(kernel) << " asked for work-groups of "
                << local << " ran work-groups of " << r.workGroupSize;
            ASSERT_TRUE(exact(kernel, integers, hoc::sumReference(integers).sum, r, "small integers"));
        }
    }
}

// Step 2's lesson from the sum's own bits: one work-group of 16 adds 2^24, seven 1s, -2^24 and seven 1s.
// Sequential addressing pairs each value with the one 8 places on (2^24 with -2^24, 1 with 1), and
// every addition is exact: 14. The interleaved tree of step 1 adds 2^24 + 1 first, which rounds the 1
// away (floats are 2 apart there): 13; work-item 0 adding the values one by one: 7. A float addition
// is correctly rounded on every device, so the order of the additions shows in the sum.
TEST(ReduceTechnique, SequentialAddressingPairsTheHalves)
{
    std::vector<float> data(16, 1.0f);
    data[0] = 16777216.0f;
    data[8] = -16777216.0f;
    const ReduceResult r = runSum(data, ReduceKernel::Sequential, 16);
    ASSERT_EQ(r.passes, 1u) << "one work-group of 16 adds the 16 values in one pass";
    const std::string where = std::string(HOC_UNDER_TEST) +
                              "/reduce.cl: reduce_sequential's sum of 2^24, seven 1s, "
                              "-2^24 and seven 1s in one work-group of 16 is " +
                              std::to_string(r.sum);
    EXPECT_TRUE(r.sum == 14.0f) << where << ", not 14\n  hint: "
                                << hoc::test::hint(r.sum == 13.0f  ? hoc::hints::technique_sequential
                                                   : r.sum == 7.0f ? hoc::hints::technique_sequential_serial
                                                                   : hoc::hints::technique_sequential_other,
                                                   {{"kernel", "reduce_sequential"}});
}

TEST(Reduce, TwoPassTakesTwoPasses)
{
    const std::vector<float> data = smallIntegers(1 << 20);
    const std::size_t passes = runSum(data, ReduceKernel::TwoPass).passes;
    EXPECT_EQ(passes, 2u) << HOC_UNDER_TEST << "/given/reduce_plan.cpp: the two-pass sum of 2^20 floats took " << passes
                          << " passes";
}

// Step 6 runs in work-groups of 64 unless told otherwise (the measurements behind it: README).
TEST(Reduce, Float4TakesTwoPassesInWorkGroupsOf64)
{
    const std::vector<float> data = smallIntegers(1 << 20);
    const ReduceResult r = runSum(data, ReduceKernel::Float4);
    EXPECT_EQ(r.passes, 2u) << HOC_UNDER_TEST << "/given/reduce_plan.cpp: step 6's sum of 2^20 floats took " << r.passes
                            << " passes";
    EXPECT_EQ(r.workGroupSize, std::min<std::size_t>(64, r.maxWorkGroupSize))
        << HOC_UNDER_TEST << "/given/reduce_plan.cpp: step 6 ran in work-groups of " << r.workGroupSize
        << ", where it runs in work-groups of 64 (or the kernel's largest, where smaller) unless told otherwise";
}

// Step 7 runs in work-groups of one work-item unless told otherwise, a few per compute unit, and
// always finishes in a second pass of one work-group.
TEST(Reduce, CpuStepTakesTwoPassesInWorkGroupsOfOne)
{
    const std::vector<float> data = smallIntegers(1 << 20);
    const ReduceResult r = runSum(data, ReduceKernel::Cpu);
    EXPECT_EQ(r.passes, 2u) << HOC_UNDER_TEST << "/given/reduce_plan.cpp: step 7's sum of 2^20 floats took " << r.passes
                            << " passes";
    EXPECT_EQ(r.workGroupSize, 1u) << HOC_UNDER_TEST << "/given/reduce_plan.cpp: step 7 ran in work-groups of "
                                   << r.workGroupSize << ", where it runs in work-groups of 1 unless told otherwise";
}

// The program picks step 7 for a CPU and step 6 for any other device.
TEST(Reduce, ThePickedStepFollowsTheDeviceType)
{
    const cl::Device device = hoc::test::device();
    const bool cpu = hoc::deviceTypeName(device.getInfo<CL_DEVICE_TYPE>()) == "CPU";
    EXPECT_EQ(kernelFor(device), cpu ? ReduceKernel::Cpu : ReduceKernel::Float4) << device.getInfo<CL_DEVICE_NAME>();
}

// The program prints where a sum's time went: each pass, and the rest (launching the next pass).
// The parts are the median run's own events, so they add up to its span: with one timed run, the
// median time exactly.
TEST(Reduce, PassTimesAddUpToTheSpan)
{
    const std::vector<float> data = smallIntegers((1 << 20) + 3);
    for (const ReduceKernel kernel : {ReduceKernel::Sequential, ReduceKernel::Float4}) {
        const ReduceResult r = runSum(data, kernel);
        ASSERT_EQ(r.passSeconds.size(), r.passes) << kernelName(kernel);
        double sum = r.betweenSeconds;
        for (const double s : r.passSeconds) {
            EXPECT_GT(s, 0.0) << kernelName(kernel);
            sum += s;
        }
        EXPECT_GE(r.betweenSeconds, 0.0) << kernelName(kernel);
        EXPECT_NEAR(sum, r.seconds, 1e-9) << kernelName(kernel) << ": the passes and the time between them";
    }
}

TEST(Reduce, EmptyInputIsRefused)
{
    EXPECT_THROW(runSum({}, ReduceKernel::TwoPass), std::runtime_error)
        << HOC_UNDER_TEST << "/given/reduce.cpp: a sum of no floats was not refused with an error";
}

// A kernel writing 0 (the starter), or a sum off by half of itself or of the wrong sign, is refused at the
// program's sizes, with every kernel's count of additions on this device, and with the most any
// order can have (n - 1, one loop over everything); the rigorous bound alone let 0 pass there.
TEST(Reduce, AZeroOrWrongSumIsRefusedAtLargeSizes)
{
    for (const std::size_t n : {std::size_t{1} << 20, (std::size_t{1} << 26) - 3}) {
        const std::vector<float> data = hoc::randomFloats(n, static_cast<std::uint32_t>(n), -1.0f, 1.0f);
        const hoc::SumReference expected = hoc::sumReference(data);
        std::vector<std::pair<std::string, std::uint64_t>> counts = {{"one loop", n - 1}};
        for (const ReduceKernel k : reduceKernels())
            counts.emplace_back(kernelName(k), hoc::test::run([&] { return reduction().additions(n, k); }));
        for (const auto& [name, additions] : counts) {
            const std::string where = name + ", N = " + std::to_string(n) + ", " + std::to_string(additions) +
                                      " additions, sum " + std::to_string(expected.sum);
            EXPECT_NO_THROW(hoc::requireDecisiveSum(expected, additions, where, "")) << where;
            EXPECT_FALSE(hoc::checkSum(expected, 0.0f, additions).ok) << where << ": 0 passed";
            EXPECT_FALSE(hoc::checkSum(expected, static_cast<float>(0.5 * expected.sum), additions).ok) << where;
            EXPECT_FALSE(hoc::checkSum(expected, static_cast<float>(-expected.sum), additions).ok) << where;
            // The hard limit stays: never more than the worst case allows.
            EXPECT_LE(hoc::sumAllowed(expected, additions), hoc::sumErrorBound(expected, additions)) << where;
        }
    }
}

// The real kernels' errors lie inside the probabilistic bound beyond the other tests' sizes.
TEST_P(ReduceKernels, WithinTheProbableBoundAt4M)
{
    const std::size_t n = (std::size_t{1} << 22) + 5;
    const std::vector<float> random = hoc::randomFloats(n, static_cast<std::uint32_t>(n), -1.0f, 1.0f);
    const hoc::SumReference expected = hoc::sumReference(random);
    const ReduceResult s = runSum(random, GetParam());
    ASSERT_LT(hoc::sumProbableBound(expected, s.additions), hoc::sumErrorBound(expected, s.additions));
    EXPECT_TRUE(hoc::test::correct(hoc::checkSum(expected, s.sum, s.additions), what(GetParam(), n, s, "in [-1, 1)")));
}

// Where no bound can decide (a sum of about 0: values in pairs x, -x), the configuration is refused
// before it runs (exit status 2), and values of one sign fall back to the worst-case bound alone.
TEST(Reduce, AnUndecidableSumIsRefusedAndOneSignKeepsTheWorstCase)
{
    std::vector<float> pairs = hoc::randomFloats(1 << 16, 3, -1.0f, 1.0f);
    pairs.insert(pairs.end(), pairs.begin(), pairs.end());
    for (std::size_t i = pairs.size() / 2; i < pairs.size(); ++i)
        pairs[i] = -pairs[i];
    EXPECT_THROW(hoc::requireDecisiveSum(hoc::sumReference(pairs), 17, "pairs", ""), hoc::UsageError);

    const hoc::SumReference positive = hoc::sumReference(hoc::randomFloats(1 << 16, 5, 0.0f, 1.0f));
    EXPECT_TRUE(std::isinf(hoc::sumProbableBound(positive, 1 << 16)));
    EXPECT_EQ(hoc::sumAllowed(positive, 1 << 16), hoc::sumErrorBound(positive, 1 << 16));
}
