// Exercise 2: F = ((A + B) + E) + G, three float additions per element in the same order as the
// serial code, so the result must be exactly equal. Part 3: the same F from one fused kernel, and the
// floats each version moves per element.
#include <algorithm>
#include <array>
#include <cmath>
#include <sstream>

#include "build_log.hpp"
#include "chained_vadd.hpp"
#include "fusion.hpp"
#include "hoc/common/data.hpp"
#include "hoc/common/reference.hpp"
#include "hoc_hints/Exercise02_ChainedVadd.hpp"
#include "hoc_test.hpp"

namespace {

// One way three vadd calls can combine the inputs: the value at one element, as an expression and how
// many times it takes each of A, B, E and G.
struct Combination {
    float value;
    std::string text;
    std::array<int, 4> uses;
};

// Where the first wrong element of the chain's F comes from, read from the element itself: 0 (nothing
// wrote it or F was not read back), the same four floats added in another grouping or order (the
// README's warning), or a combination that three vadd calls make of other buffers: an input left out
// or taken twice. Every program of up to three calls is tried, each call adding two of the inputs or
// of the earlier calls' results.
std::string chainHint(const std::array<const std::vector<float>*, 4>& in, const std::vector<float>& expected,
                      const std::vector<float>& got)
{
    std::size_t i = 0;
    while (i < got.size() && got[i] == expected[i])
        ++i;
    if (i == got.size())
        return "";
    const std::string element = std::to_string(i);
    const std::string where = "\n  where: chained_vadd.cpp (the buffers each vadd call gets)\n  hint: ";
    if (got[i] == 0.0f)
        return where + hoc::test::hint(hoc::hints::chain_unwritten, {{"element", element}});
    const char* names[] = {"A", "B", "E", "G"};
    std::vector<Combination> inputs;
    for (int k = 0; k < 4; ++k) {
        std::array<int, 4> uses{};
        uses[static_cast<std::size_t>(k)] = 1;
        inputs.push_back({(*in[static_cast<std::size_t>(k)])[i], names[k], uses});
    }
    const auto add = [](const Combination& x, const Combination& y) {
        std::array<int, 4> uses{};
        for (std::size_t k = 0; k < 4; ++k)
            uses[k] = x.uses[k] + y.uses[k];
        const auto term = [](const Combination& c) {
            return c.text.find(' ') == std::string::npos ? c.text : "(" + c.text + ")";
        };
        // A call's result first, as the chain writes it: (A + B) + G.
        const bool swap = x.text.find(' ') == std::string::npos && y.text.find(' ') != std::string::npos;
        return Combination{x.value + y.value, swap ? term(y) + " + " + term(x) : term(x) + " + " + term(y), uses};
    };
    // Breadth first: the results of one call, then of two, then of three, each from the inputs and
    // the earlier results (the first match is the simplest combination that gives this value).
    std::vector<Combination> found = inputs;
    std::vector<std::vector<Combination>> programs = {inputs};
    for (int calls = 1; calls <= 3; ++calls) {
        std::vector<std::vector<Combination>> next;
        for (const auto& operands : programs)
            for (std::size_t x = 0; x < operands.size(); ++x)
                for (std::size_t y = x; y < operands.size(); ++y) {
                    std::vector<Combination> more = operands;
                    more.push_back(add(operands[x], operands[y]));
                    found.push_back(more.back());
                    if (calls < 3)
                        next.push_back(std::move(more));
                }
        programs = std::move(next);
    }
    const std::array<int, 4> once = {1, 1, 1, 1};
    for (const Combination& c : found) {
        if (c.value != got[i])
            continue;
        if (c.uses == once)
            return where + hoc::test::hint(hoc::hints::chain_order, {{"element", element}, {"sum", c.text}});
        std::string differs;
        for (std::size_t k = 0; k < 4; ++k) {
            if (c.uses[k] == 1)
                continue;
            const std::string what = std::string(names[k]) +
                                     (c.uses[k] == 0   ? " is left out"
                                      : c.uses[k] == 2 ? " is added twice"
                                                       : " is added " + std::to_string(c.uses[k]) + " times");
            differs += (differs.empty() ? "" : ", ") + what;
        }
        return where +
               hoc::test::hint(hoc::hints::chain_inputs, {{"element", element}, {"sum", c.text}, {"differs", differs}});
    }
    // The same four floats in an order no chain of the calls above gives: a few units in the last place
    // of the largest partial result from the exact sum.
    const double exact = static_cast<double>(inputs[0].value) + inputs[1].value + inputs[2].value + inputs[3].value;
    if (std::fabs(got[i] - exact) <= 4 * std::fabs(expected[i]) * 0x1p-24 + 4 * std::fabs(inputs[2].value) * 0x1p-24)
        return where + hoc::test::hint(hoc::hints::chain_order, {{"element", element}, {"sum", "another order"}});
    return where + hoc::test::hint(hoc::hints::chain_wrong, {{"element", element}});
}

}  // namespace

class ChainedVadd : public ::testing::TestWithParam<std::size_t> {};

TEST_P(ChainedVadd, MatchesSerialChain)
{
    const std::size_t n = GetParam();
    const auto a = hoc::randomFloats(n, 21), b = hoc::randomFloats(n, 22, -1, 1);
    const auto e = hoc::randomFloats(n, 23, -100, 100), g = hoc::randomFloats(n, 24, 0, 1e-3f);
    const ChainResult r = hoc::test::run([&] { return chainedVadd(hoc::test::device(), a, b, e, g); });
    using hoc::ref::vadd;
    const std::vector<float> expected = vadd(vadd(vadd(a, b), e), g);
    const auto check = hoc::compare(expected, r.f);
    EXPECT_TRUE(hoc::test::correct(check, "F = A + B + E + G, N = " + std::to_string(n)))
        << (check.ok ? "" : chainHint({&a, &b, &e, &g}, expected, r.f));
}

INSTANTIATE_TEST_SUITE_P(Sizes, ChainedVadd, ::testing::ValuesIn(hoc::test::vectorSizes()), hoc::test::vectorSizeName);

// Part 2: buildAndShowLog prints the build log of a source that does not compile, once, naming the
// line of the error, and still throws CL_BUILD_PROGRAM_FAILURE; a source that compiles prints nothing.
TEST(BuildLog, BrokenSourcePrintsItsLogOnceAndStillFails)
{
    // Line 4 uses `y`, which is not declared.
    const std::string broken = "__kernel void f(__global float* x)\n"
                               "{\n"
                               "    const int i = get_global_id(0);\n"
                               "    x[i] = y;\n"
                               "}\n";
    const cl::Context context(hoc::test::device());
    std::ostringstream log;
    cl_int code = CL_SUCCESS;
    try {
        buildAndShowLog(context, hoc::test::device(), broken, log);
    } catch (const cl::Error& e) {
        code = e.err();
    }
    EXPECT_EQ(code, CL_BUILD_PROGRAM_FAILURE)
        << HOC_UNDER_TEST << ": buildAndShowLog should rethrow the build's cl::Error (`throw;` in the catch block)";
    const std::string text = log.str();
    ASSERT_FALSE(text.empty()) << HOC_UNDER_TEST << ": nothing was written to the log stream: catch the cl::Error of "
                               << "program.build() and write program.getBuildInfo<CL_PROGRAM_BUILD_LOG>(device) to it";
    EXPECT_NE(text.find(":4:"), std::string::npos)
        << HOC_UNDER_TEST << ": the log should name line 4 of the source; it was:\n"
        << text;
    EXPECT_NE(text.find("'y'"), std::string::npos)
        << HOC_UNDER_TEST << ": the log should name the undeclared identifier 'y'; it was:\n"
        << text;
    // Once: the compiler names the line once per error; a second copy of the log names it twice.
    const auto first = text.find(":4:");
    EXPECT_EQ(text.find(":4:", first + 1), std::string::npos)
        << HOC_UNDER_TEST << ": the build log was written more than once:\n"
        << text;
}

TEST(BuildLog, GoodSourceBuildsSilently)
{
    const std::string good = "__kernel void f(__global float* x) { x[get_global_id(0)] = 1.0f; }\n";
    const cl::Context context(hoc::test::device());
    std::ostringstream log;
    const cl::Program program = hoc::test::run(
        [&] { return buildAndShowLog(context, hoc::test::device(), good, log); });
    EXPECT_EQ(log.str(), "") << HOC_UNDER_TEST << ": a build that succeeds should write nothing";
    EXPECT_EQ(program.getBuildInfo<CL_PROGRAM_BUILD_STATUS>(hoc::test::device()), CL_BUILD_SUCCESS)
        << HOC_UNDER_TEST << "/part2_build_log/build_log.cpp: buildAndShowLog gave back a program that is not built "
        << "(CL_PROGRAM_BUILD_STATUS is not CL_BUILD_SUCCESS) for a kernel that compiles";
}

// Part 3: the counts of step 1. Each vadd call reads two floats and writes one (9 for the chain);
// vadd_fused reads its four inputs and writes F (5). A hint names what the wrong count left out,
// from its value alone.
TEST(Fusion, TrafficPerElementCountsEveryAccess)
{
    const Traffic traffic = trafficPerElement();
    const auto text = [](double value) {
        std::ostringstream out;
        out << value;
        return out.str();
    };
    if (traffic.chain != 9) {
        std::string why;
        if (traffic.chain == 0)
            why = hoc::test::hint(hoc::hints::traffic_uncounted, {{"version", "chain"}});
        else if (traffic.chain == 7)
            why = hoc::test::hint(hoc::hints::traffic_chain_once);
        else if (traffic.chain == 5)
            why = hoc::test::hint(hoc::hints::traffic_chain_as_fused);
        else
            why = hoc::test::hint(hoc::hints::traffic_chain, {{"got", text(traffic.chain)}});
        ADD_FAILURE() << HOC_UNDER_TEST << "/part3_fusion/fusion.cpp: trafficPerElement: chain " << text(traffic.chain)
                      << " floats per element, which is not what the three vadd calls move\n  hint: " << why;
    }
    if (traffic.fused != 5) {
        std::string why;
        if (traffic.fused == 0)
            why = hoc::test::hint(hoc::hints::traffic_uncounted, {{"version", "fused kernel"}});
        else if (traffic.fused == 9 || traffic.fused == 7)
            why = hoc::test::hint(hoc::hints::traffic_fused_keeps_partials, {{"got", text(traffic.fused)}});
        else
            why = hoc::test::hint(hoc::hints::traffic_fused, {{"got", text(traffic.fused)}});
        ADD_FAILURE() << HOC_UNDER_TEST << "/part3_fusion/fusion.cpp: trafficPerElement: fused " << text(traffic.fused)
                      << " floats per element, which is not what one vadd_fused call moves\n  hint: " << why;
    }
}

// Step 4: at one rate, each version's time is proportional to the floats it moves, so the fused
// kernel takes 5 / 9 of the chain's time. Named from its value: not made, the fraction turned over,
// kernels counted instead of floats.
TEST(Fusion, StepFourPredictionFollowsTheCounts)
{
    const double want = 5.0 / 9.0, mine = fusedTimeFraction();
    std::ostringstream where;
    where << HOC_UNDER_TEST << "/part3_fusion/fusion.cpp: fusedTimeFraction() is " << mine << " (step 4 of the README)";
    if (mine == 0)
        ADD_FAILURE() << where.str() << ": not made yet\n  hint: " << hoc::test::hint(hoc::hints::fraction_not_made);
    else if (std::fabs(mine - 1 / want) < 0.01)
        ADD_FAILURE() << where.str() << "\n  hint: " << hoc::test::hint(hoc::hints::fraction_turned);
    else if (std::fabs(mine - 1.0 / 3.0) < 0.01)
        ADD_FAILURE() << where.str() << "\n  hint: " << hoc::test::hint(hoc::hints::fraction_kernels);
    else
        EXPECT_NEAR(mine, want, 0.005) << where.str() << "\n  hint: " << hoc::test::hint(hoc::hints::fraction_wrong);
}

namespace {

struct Inputs {
    std::vector<float> a, b, e, g;
};

Inputs fusionInputs(std::size_t n)
{
    // Magnitudes far apart, so that adding in another order changes the bits of most elements.
    return {hoc::randomFloats(n, 31), hoc::randomFloats(n, 32, -1, 1), hoc::randomFloats(n, 33, -100, 100),
            hoc::randomFloats(n, 34, 0, 1e-3f)};
}

// Where wrong elements of F come from, read from the elements themselves: never written (0, what
// readF leaves), a sum that leaves out an input, or the four inputs added in another order.
std::string fusedHint(const Inputs& in, const std::vector<float>& expected, const std::vector<float>& got)
{
    const std::size_t n = expected.size();
    const std::string where = "\n  where: kernel vadd_fused in part3_fusion/vadd_fused.cl, or fused() in "
                              "part3_fusion/fusion.cpp\n  hint: ";
    if (std::all_of(got.begin(), got.end(), [](float x) { return x == 0.0f; }))
        return where + hoc::test::hint(hoc::hints::fused_nothing_written);
    std::size_t wrong = 0;
    while (wrong < n && got[wrong] == expected[wrong])
        ++wrong;
    if (wrong == n)
        return "";
    // Unwritten from some element on (a bounds check that stops early).
    bool tailUnwritten = true;
    for (std::size_t i = wrong; i < n && tailUnwritten; ++i)
        tailUnwritten = got[i] == 0.0f;
    if (tailUnwritten)
        return where + hoc::test::hint(hoc::hints::fused_tail_unwritten,
                                       {{"first", std::to_string(wrong)}, {"count", std::to_string(n)}});
    const std::size_t i = wrong;
    if (got[i] == 0.0f)
        return where + hoc::test::hint(hoc::hints::fused_element_unwritten, {{"element", std::to_string(i)}});
    const float a = in.a[i], b = in.b[i], e = in.e[i], g = in.g[i];
    const std::pair<const char*, float> partial[] = {{"A + B", a + b},
                                                     {"(A + B) + E", (a + b) + e},
                                                     {"(A + B) + G", (a + b) + g},
                                                     {"(A + E) + G", (a + e) + g},
                                                     {"(B + E) + G", (b + e) + g}};
    for (const auto& [name, value] : partial)
        if (got[i] == value)
            return where +
                   hoc::test::hint(hoc::hints::fused_input_missing, {{"element", std::to_string(i)}, {"sum", name}});
    // Another order of the same four additions: within a few units in the last place of the sum's
    // largest partial result, but not equal.
    const double exact = static_cast<double>(a) + b + e + g;
    const double scale = std::max({std::fabs(a + b), std::fabs((a + b) + e), std::fabs(expected[i])});
    if (std::fabs(got[i] - exact) <= 4 * scale * 0x1p-24)
        return where + hoc::test::hint(hoc::hints::fused_order, {{"element", std::to_string(i)}});
    return where + hoc::test::hint(hoc::hints::fused_wrong, {{"element", std::to_string(i)}});
}

}  // namespace

class FusedVadd : public ::testing::TestWithParam<std::size_t> {};

TEST_P(FusedVadd, MatchesSerialChain)
{
    const std::size_t n = GetParam();
    const Inputs in = fusionInputs(n);
    const FusionRun run = hoc::test::run(
        [&] { return Fusion(hoc::test::device(), in.a, in.b, in.e, in.g).fused({0, 1}); });
    using hoc::ref::vadd;
    const std::vector<float> expected = vadd(vadd(vadd(in.a, in.b), in.e), in.g);
    EXPECT_TRUE(
        hoc::test::correct(hoc::compare(expected, run.f), "fused: F = ((A + B) + E) + G, N = " + std::to_string(n)))
        << fusedHint(in, expected, run.f);
}

INSTANTIATE_TEST_SUITE_P(Sizes, FusedVadd, ::testing::ValuesIn(hoc::test::vectorSizes()), hoc::test::vectorSizeName);

// Both versions on one Fusion, as the program runs them: the given chain first, then fused(), whose F
// must not be the chain's left over (readF clears it), and each with its time from profiling events.
TEST(Fusion, ChainThenFusedOnTheSameBuffers)
{
    const std::size_t n = 4099;
    const Inputs in = fusionInputs(n);
    Fusion fusion = hoc::test::run([&] { return Fusion(hoc::test::device(), in.a, in.b, in.e, in.g); });
    using hoc::ref::vadd;
    const std::vector<float> expected = vadd(vadd(vadd(in.a, in.b), in.e), in.g);
    const FusionRun chain = hoc::test::run([&] { return fusion.chain({1, 2}); });
    EXPECT_TRUE(hoc::test::correct(hoc::compare(expected, chain.f), "chain (given), N = 4099"));
    EXPECT_GT(chain.seconds, 0.0) << "the given chain should report its time";
    const FusionRun fused = hoc::test::run([&] { return fusion.fused({1, 2}); });
    ASSERT_TRUE(hoc::test::correct(hoc::compare(expected, fused.f), "fused, after the chain, N = 4099"))
        << fusedHint(in, expected, fused.f);
    EXPECT_TRUE(fused.seconds > 0) << HOC_UNDER_TEST << "/part3_fusion/fusion.cpp: fused()'s run gave no event to time "
                                   << "it by, so its time is 0"
                                   << "\n  hint: " << hoc::test::hint(hoc::hints::fused_untimed);
}

// The technique on the host's side: fused() runs the fused kernel, not the chain again. The chain's
// C and D, NaN until a kernel writes them, must still be NaN after fused() has run.
TEST(Fusion, FusedLeavesTheChainsBuffersAlone)
{
    const std::size_t n = 1000;
    const Inputs in = fusionInputs(n);
    Fusion fusion = hoc::test::run([&] { return Fusion(hoc::test::device(), in.a, in.b, in.e, in.g); });
    hoc::test::run([&] { return fusion.fused({0, 1}); });
    const std::vector<float> sums = hoc::test::run([&] { return fusion.partialSums(); });
    const auto written = std::count_if(sums.begin(), sums.end(), [](float v) { return !std::isnan(v); });
    EXPECT_TRUE(written == 0) << HOC_UNDER_TEST << "/part3_fusion/fusion.cpp: fused() wrote " << written
                              << " element(s) of the chain's C and D (2 x " << n << " floats): it runs the chain's "
                              << "kernels, not vadd_fused alone\n  hint: "
                              << hoc::test::hint(hoc::hints::technique_fused_host);
}

TEST(Fusion, InputsOfDifferentLengthsAreRefused)
{
    const std::vector<float> three(3, 1.0f), four(4, 1.0f), none;
    EXPECT_THROW(hoc::test::run([&] { return Fusion(hoc::test::device(), three, three, four, three); }),
                 std::runtime_error)
        << HOC_UNDER_TEST << "/part3_fusion/given/fusion_chain.cpp: a Fusion of inputs of 3, 3, 4 and 3 floats was "
        << "not refused with an error";
    EXPECT_THROW(hoc::test::run([&] { return Fusion(hoc::test::device(), none, none, none, none); }),
                 std::runtime_error)
        << HOC_UNDER_TEST << "/part3_fusion/given/fusion_chain.cpp: a Fusion of four empty inputs was not refused "
        << "with an error";
}
