// Exercise 2: F = ((A + B) + E) + G, three float additions per element in the same order as the
// serial code, so the result must be exactly equal.
#include <sstream>

#include "build_log.hpp"
#include "chained_vadd.hpp"
#include "hoc/common/data.hpp"
#include "hoc/common/reference.hpp"
#include "hoc_test.hpp"

class ChainedVadd : public ::testing::TestWithParam<std::size_t> {};

TEST_P(ChainedVadd, MatchesSerialChain)
{
    const std::size_t n = GetParam();
    const auto a = hoc::randomFloats(n, 21), b = hoc::randomFloats(n, 22, -1, 1);
    const auto e = hoc::randomFloats(n, 23, -100, 100), g = hoc::randomFloats(n, 24, 0, 1e-3f);
    const ChainResult r = hoc::test::run([&] { return chainedVadd(hoc::test::device(), a, b, e, g); });
    using hoc::ref::vadd;
    EXPECT_TRUE(hoc::test::correct(hoc::compare(vadd(vadd(vadd(a, b), e), g), r.f),
                                   "F = A + B + E + G, N = " + std::to_string(n)));
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
    EXPECT_EQ(program.getBuildInfo<CL_PROGRAM_BUILD_STATUS>(hoc::test::device()), CL_BUILD_SUCCESS);
}
