// The host-side helpers of the matmul exercises: size checks that fail with the limit named, and the
// buffers for A, B and C.
#include <climits>
#include <cmath>
#include <string>

#include "hoc/common/errors.hpp"
#include "hoc/matmul/matmul_host.hpp"
#include "hoc/matmul/buffers.hpp"
#include "hoc_unit_test.hpp"

using hoc::matmul::Dims;

TEST(MatmulHost, KernelDimsRefusesIndicesBeyondInt)
{
    EXPECT_EQ(hoc::matmul::kernelDims({17, 33, 65}).k, 65);
    // A size the kernels cannot index is the user's to change: hoc::UsageError, exit status 2.
    const std::string text = usageError([] { hoc::matmul::kernelDims({65536, 65536, 1}); });
    EXPECT_NE(text.find(std::to_string(INT_MAX)), std::string::npos) << text;
    EXPECT_NE(usageError([] { hoc::matmul::kernelDims({1, 1, std::size_t{INT_MAX} + 1}); }).find("int"),
              std::string::npos);
}

TEST(MatmulHost, BuffersHoldCAndReadItBack)
{
    // The smallest use of Buffers: C starts as NaN; a kernel that writes i * N + j into C(i,j).
    hoc::test::run([] {
        const Dims d{3, 5, 2};
        const auto in = hoc::matmul::randomInputs(d);
        const cl::Device& device = hoc::test::device();
        cl::Context context(device);
        cl::CommandQueue queue(context, device, CL_QUEUE_PROFILING_ENABLE);
        cl::Program program(context, std::string("__kernel void fill(const int M, const int N, __global float* C) {"
                                                 " int j = get_global_id(0), i = get_global_id(1);"
                                                 " if (i < M && j < N) C[i * N + j] = i * N + j; }"));
        program.build();
        const hoc::matmul::Buffers mem(context, queue, in.a, in.b, d);
        std::vector<float> before(d.m * d.n);
        cl::copy(queue, mem.c, before.begin(), before.end());
        for (const float c : before)
            EXPECT_TRUE(std::isnan(c)) << c;
        cl::KernelFunctor<int, int, cl::Buffer> fill(program, "fill");
        const hoc::matmul::KernelDims k = hoc::matmul::kernelDims(d);
        const cl::NDRange global(8, 4), local(4, 2);
        const auto result = mem.readResult(queue, fill(cl::EnqueueArgs(queue, global, local), k.m, k.n, mem.c), global,
                                           local);
        for (std::size_t i = 0; i < result.c.size(); ++i)
            EXPECT_EQ(result.c[i], static_cast<float>(i));
        EXPECT_EQ(result.launch, "global 8 x 4, local 4 x 2");
        EXPECT_GT(result.timing.kernel_s, 0.0);
    });
}
