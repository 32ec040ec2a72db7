// The host-side helpers of the matmul exercises: size checks that fail with the limit named, the
// square work-group choice, and how much of C the table program's sequential code computes.
#include <climits>
#include <sstream>
#include <string>

#include "hoc/errors.hpp"
#include "hoc/matmul_host.hpp"
#include "hoc/matmul_table.hpp"
#include "hoc_test.hpp"

using hoc::matmul::Dims;

namespace {

std::string failureText(const std::function<void()>& work)
{
    try {
        work();
    } catch (const hoc::Failure& e) {
        return e.what();
    }
    return "(no hoc::Failure thrown)";
}

}  // namespace

TEST(MatmulHost, KernelDimsRefusesIndicesBeyondInt)
{
    EXPECT_EQ(hoc::matmul::kernelDims({17, 33, 65}).k, 65);
    const std::string text = failureText([] { hoc::matmul::kernelDims({65536, 65536, 1}); });
    EXPECT_NE(text.find(std::to_string(INT_MAX)), std::string::npos) << text;
    EXPECT_NE(failureText([] { hoc::matmul::kernelDims({1, 1, std::size_t{INT_MAX} + 1}); }).find("int"),
              std::string::npos);
}

TEST(MatmulHost, TileChecksNameTheLimit)
{
    const cl::Device& device = hoc::test::device();
    const std::size_t local = device.getInfo<CL_DEVICE_LOCAL_MEM_SIZE>();
    const std::string memory = failureText([&] { hoc::matmul::requireTile(device, 1, local + 1, "a test"); });
    EXPECT_NE(memory.find("CL_DEVICE_LOCAL_MEM_SIZE"), std::string::npos) << memory;
    const std::size_t groups = device.getInfo<CL_DEVICE_MAX_WORK_GROUP_SIZE>();
    const std::string items = failureText([&] { hoc::matmul::requireTile(device, groups, 0, "a test"); });
    EXPECT_NE(items.find("CL_DEVICE_MAX_WORK_GROUP_SIZE"), std::string::npos) << items;
    EXPECT_NO_THROW(hoc::matmul::requireTile(device, 1, 4, "a test"));
}

TEST(MatmulHost, SerialRowsKeepsTheSequentialCodeShort)
{
    EXPECT_EQ(hoc::matmul::serialRows({1024, 1024, 1024}, 0), 1024u);  // 2.1 GFLOP: all of it
    EXPECT_EQ(hoc::matmul::serialRows({4096, 4096, 4096}, 0), 128u);   // 2^32 / (2 * 4096 * 4096)
    EXPECT_EQ(hoc::matmul::serialRows({4096, 4096, 4096}, 10), 10u);
    EXPECT_EQ(hoc::matmul::serialRows({3, 4096, 4096}, 1000), 3u);
}

TEST(MatmulHost, SessionRunsAKernelAndReadsCBack)
{
    // The smallest use of Session: a kernel that writes i * N + j into C(i,j).
    hoc::test::run([] {
        const Dims d{3, 5, 2};
        const auto in = hoc::matmul::randomInputs(d);
        hoc::matmul::Session s(hoc::test::device(), in.a, in.b, d);
        cl::Program program(s.context, std::string("__kernel void fill(const int M, const int N, __global float* C) {"
                                                    " int j = get_global_id(0), i = get_global_id(1);"
                                                    " if (i < M && j < N) C[i * N + j] = i * N + j; }"));
        program.build();
        cl::KernelFunctor<int, int, cl::Buffer> fill(program, "fill");
        const cl::NDRange global(8, 4), local(4, 2);
        const auto run = s.finish(fill(cl::EnqueueArgs(s.queue, global, local), s.M, s.N, s.c), global, local);
        for (std::size_t i = 0; i < run.c.size(); ++i)
            EXPECT_EQ(run.c[i], static_cast<float>(i));
        EXPECT_EQ(run.launch, "global 8 x 4, local 4 x 2");
        EXPECT_GT(run.timing.kernel_s, 0.0);
    });
}

TEST(MatmulTable, SkipsAMissingFeatureButFailsOnAnError)
{
    // A device without images skips that row; a missing kernel file is an error the table names at
    // the end (exit status 3), after printing every row it could measure.
    const hoc::matmul::Dims d{4, 3, 5};
    const auto unsupported = [](const cl::Device&, const std::vector<float>&, const std::vector<float>&,
                                hoc::matmul::Dims) -> hoc::matmul::Run { throw hoc::Unsupported("no images here"); };
    const auto missing = [](const cl::Device&, const std::vector<float>&, const std::vector<float>&,
                            hoc::matmul::Dims) -> hoc::matmul::Run { throw hoc::Failure("kernel file x.cl not found"); };
    std::vector<hoc::matmul::Variant> variants;
    variants.push_back({"image", "needs images", unsupported, {}, 0, 0});
    std::ostringstream log;
    hoc::Report report(log);
    auto rows = hoc::matmul::measure(hoc::test::device(), variants, {d}, {1, 0}, report);
    ASSERT_EQ(rows.size(), 1u);
    EXPECT_FALSE(rows[0].ran);
    EXPECT_FALSE(rows[0].failed);
    EXPECT_NO_THROW(hoc::matmul::requireEveryRowRan(rows));

    variants.push_back({"broken", "a missing kernel file", missing, {}, 0, 0});
    rows = hoc::matmul::measure(hoc::test::device(), variants, {d}, {1, 0}, report);
    ASSERT_EQ(rows.size(), 2u);
    EXPECT_TRUE(rows[1].failed);
    try {
        hoc::matmul::requireEveryRowRan(rows);
        FAIL() << "a row that failed with an error was not reported";
    } catch (const hoc::Failure& e) {
        EXPECT_NE(std::string(e.what()).find("x.cl not found"), std::string::npos) << e.what();
    }
}
