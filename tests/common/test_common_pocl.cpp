// PoCL 6.0's miscompilation of a loop between two barriers in work-groups of one or two work-items,
// and the course's answer to it (hoc::avoidPoclReplication in Common/src/program.cpp: every kernel
// build on such a PoCL sets POCL_FULL_REPLICATION_THRESHOLD=0). The kernel below is the smallest
// found with the fault: work_group_sum's first loop (Kernels/pi.cl, Kernels/reduce.cl) between its barriers.
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "hoc/common/program.hpp"
#include "hoc_unit_test.hpp"

namespace {

// Each work-item writes the largest power of two below the work-group size (1 for sizes 1 and 2).
// The fault needs the loop to use a value the work-item computed before the first barrier (here the
// size): with get_local_size(0) called inside the loop, PoCL 6.0 builds it right.
const std::string kLoopBetweenBarriers = R"(
__kernel void loop_between_barriers(__global int* out)
{
    const int size = get_local_size(0);
    barrier(CLK_LOCAL_MEM_FENCE);
    int stride = 1;
    while (2 * stride < size)
        stride *= 2;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = stride;
}
)";

int expectedStride(std::size_t local)
{
    int stride = 1;
    while (2 * stride < static_cast<int>(local))
        stride *= 2;
    return stride;
}

// Runs the kernel of `program` in four work-groups of `local` work-items; true when every work-item
// wrote the expected value.
bool runsRight(const cl::Context& context, const cl::Program& program, std::size_t local)
{
    const std::size_t global = 4 * local;
    cl::Buffer out(context, CL_MEM_WRITE_ONLY, global * sizeof(int));
    cl::CommandQueue queue(context, hoc::test::device());
    cl::Kernel kernel(program, "loop_between_barriers");
    kernel.setArg(0, out);
    queue.enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(global), cl::NDRange(local));
    std::vector<int> values(global, -1);
    queue.enqueueReadBuffer(out, CL_TRUE, 0, global * sizeof(int), values.data());
    for (int v : values)
        if (v != expectedStride(local))
            return false;
    return true;
}

// A tiled transpose written with loops that step by get_local_size(1) around its barrier (a correct
// kernel): PoCL 3.1's full replication asserts on it at work-groups of 1 x 1 (TILE 1).
const std::string kStridedTile = R"(
__kernel void strided_tile(__global const float* in, __global float* out, const uint rows, const uint cols)
{
    __local float tile[TILE][TILE];
    const size_t lx = get_local_id(0);
    const size_t c0 = get_group_id(0) * TILE, r0 = get_group_id(1) * TILE;
    for (size_t k = get_local_id(1); k < TILE; k += get_local_size(1))
        if (r0 + k < rows && c0 + lx < cols)
            tile[k][lx] = in[(r0 + k) * cols + c0 + lx];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (size_t k = get_local_id(1); k < TILE; k += get_local_size(1))
        if (c0 + k < cols && r0 + lx < rows)
            out[(c0 + k) * rows + r0 + lx] = tile[lx][k];
}
)";

// Transposes a 5 x 3 matrix with strided_tile in work-groups of tile x rows work-items; true when
// every element lands in its place.
bool transposesRight(const cl::Context& context, const cl::Program& program, std::size_t tile, std::size_t rows)
{
    const cl_uint m = 5, n = 3;
    std::vector<float> in(m * n);
    for (std::size_t i = 0; i < in.size(); ++i)
        in[i] = static_cast<float>(i + 1);
    cl::Buffer d_in(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, in.size() * sizeof(float), in.data());
    cl::Buffer d_out(context, CL_MEM_WRITE_ONLY, in.size() * sizeof(float));
    cl::CommandQueue queue(context, hoc::test::device());
    cl::Kernel kernel(program, "strided_tile");
    kernel.setArg(0, d_in);
    kernel.setArg(1, d_out);
    kernel.setArg(2, m);
    kernel.setArg(3, n);
    const std::size_t groupsX = (n + tile - 1) / tile, groupsY = (m + tile - 1) / tile;
    queue.enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(groupsX * tile, groupsY * rows),
                               cl::NDRange(tile, rows));
    std::vector<float> out(in.size(), -1.0f);
    queue.enqueueReadBuffer(d_out, CL_TRUE, 0, out.size() * sizeof(float), out.data());
    for (std::size_t r = 0; r < m; ++r)
        for (std::size_t c = 0; c < n; ++c)
            if (out[c * m + r] != in[r * n + c])
                return false;
    return true;
}

std::string platformVersion()
{
    return cl::Platform(hoc::test::device().getInfo<CL_DEVICE_PLATFORM>()).getInfo<CL_PLATFORM_VERSION>();
}

}  // namespace

TEST(Pocl, ReleasesWithTheMiscompilationAreNamed)
{
    EXPECT_TRUE(hoc::poclMiscompilesSmallWorkGroups(
        "OpenCL 3.0 PoCL 6.0+debian  Linux, None+Asserts, RELOC, SPIR-V, LLVM 18.1.8, SLEEF, DISTRO, POCL_DEBUG"));
    EXPECT_TRUE(hoc::poclMiscompilesSmallWorkGroups("OpenCL 3.0 PoCL 6.0"));
    EXPECT_FALSE(hoc::poclMiscompilesSmallWorkGroups(
        "OpenCL 3.0 PoCL 3.1+debian  Linux, None+Asserts, RELOC, SPIR, LLVM 15.0.6, SLEEF, DISTRO, POCL_DEBUG"));
    EXPECT_FALSE(hoc::poclMiscompilesSmallWorkGroups("OpenCL 3.0 PoCL 6.01"));
    EXPECT_FALSE(hoc::poclMiscompilesSmallWorkGroups("OpenCL 3.0 CUDA 13.0.88"));
}

// The course's builds (hoc::buildSource) give the right answer at every small work-group size, on
// every device (on PoCL 6.0 without the course's setting, sizes 1 and 2 crash this test).
TEST(Pocl, CourseBuildsRunALoopBetweenBarriersRight)
{
    ::alarm(60);  // a kernel that never ends stops the test by SIGALRM within a minute (it takes ~2 s)
    hoc::test::run([] {
        const cl::Device& device = hoc::test::device();
        const cl::Context context(device);
        const cl::Program program = hoc::buildSource(context, device, kLoopBetweenBarriers, "loop_between_barriers.cl",
                                                     "");
        for (std::size_t local : {1, 2, 3, 4, 8})
            EXPECT_TRUE(runsRight(context, program, local)) << "work-groups of " << local;
    });
    ::alarm(0);
}

// PoCL's own default work-group method, without the course's setting, in a child process: on a PoCL
// that poclMiscompilesSmallWorkGroups names, work-groups of 1 and 2 work-items must end the child by
// a signal (the crash, or the hang stopped by an alarm); on any other PoCL they must run right. A
// PoCL release that fixes the fault, or another that has it, fails this test until the list is
// updated.
TEST(Pocl, DefaultWorkGroupMethodMatchesTheList)
{
    const std::string version = platformVersion();
    if (version.find("PoCL") == std::string::npos)
        GTEST_SKIP() << "the test device is not PoCL's (" << version << ")";
    const bool listed = hoc::poclMiscompilesSmallWorkGroups(version);
    GTEST_FLAG_SET(death_test_style, "threadsafe");  // the child starts afresh, no OpenCL state forked
    for (std::size_t local : {1, 2}) {
        const auto child = [local] {
            ::alarm(30);  // a hang ends the child by SIGALRM; the crash comes in well under a second
            ::unsetenv("POCL_FULL_REPLICATION_THRESHOLD");
            ::unsetenv("POCL_WORK_GROUP_METHOD");
            // A source of its own (the comment), so that PoCL's kernel cache has no binary of it built
            // with another method.
            const auto now = std::chrono::steady_clock::now().time_since_epoch().count();
            const std::string source = "// " + std::to_string(::getpid()) + " " + std::to_string(now) + "\n" +
                                       kLoopBetweenBarriers;
            const cl::Context context(hoc::test::device());
            cl::Program program(context, source);
            program.build({hoc::test::device()});
            std::exit(runsRight(context, program, local) ? 0 : 1);
        };
        if (listed)
            EXPECT_EXIT(
                child(), [](int status) { return WIFSIGNALED(status); }, "")
                << version << ": work-groups of " << local << " ran to the end with PoCL's default method; "
                << "if they ran right, this release no longer needs the course's setting "
                   "(hoc::poclMiscompilesSmallWorkGroups)";
        else
            EXPECT_EXIT(child(), ::testing::ExitedWithCode(0), "")
                << version << ": work-groups of " << local << " crashed, hung or ran wrong with PoCL's default "
                << "method: add this release to hoc::poclMiscompilesSmallWorkGroups";
    }
}

TEST(Pocl, ReleasesWithTheAssertionAreNamed)
{
    EXPECT_TRUE(hoc::poclAssertsOnSmallWorkGroups(
        "OpenCL 3.0 PoCL 3.1+debian  Linux, None+Asserts, RELOC, SPIR, LLVM 15.0.6, SLEEF, DISTRO, POCL_DEBUG"));
    EXPECT_TRUE(hoc::poclAssertsOnSmallWorkGroups("OpenCL 3.0 PoCL 3.1"));
    EXPECT_FALSE(hoc::poclAssertsOnSmallWorkGroups("OpenCL 3.0 PoCL 3.10"));
    EXPECT_FALSE(hoc::poclAssertsOnSmallWorkGroups(
        "OpenCL 3.0 PoCL 6.0+debian  Linux, None+Asserts, RELOC, SPIR-V, LLVM 18.1.8, SLEEF, DISTRO, POCL_DEBUG"));
    EXPECT_FALSE(hoc::poclAssertsOnSmallWorkGroups("OpenCL 3.0 CUDA 13.0.88"));
}

// The course's builds run the strided tile loops right at every small work-group shape, on every
// device (on PoCL 3.1 without the course's setting, 1 x 1 stops this test with PoCL's assertion).
TEST(Pocl, CourseBuildsRunStridedTileLoopsRight)
{
    hoc::test::run([] {
        const cl::Device& device = hoc::test::device();
        const cl::Context context(device);
        for (const auto& [tile, rows] : {std::pair<std::size_t, std::size_t>{1, 1}, {2, 1}, {2, 2}, {4, 2}}) {
            const cl::Program program = hoc::buildSource(context, device, kStridedTile, "strided_tile.cl",
                                                         "-D TILE=" + std::to_string(tile));
            EXPECT_TRUE(transposesRight(context, program, tile, rows)) << "work-groups of " << tile << " x " << rows;
        }
    });
}

// PoCL's own default work-group method, in a child process: on a PoCL that poclAssertsOnSmallWorkGroups
// names, strided_tile at work-groups of 1 x 1 must end the child by a signal (PoCL's assertion, an
// abort); on any other PoCL it must run right. A release that fixes it, or another that has it, fails
// this test until the list is updated.
TEST(Pocl, DefaultWorkGroupMethodMatchesTheAssertionList)
{
    const std::string version = platformVersion();
    if (version.find("PoCL") == std::string::npos)
        GTEST_SKIP() << "the test device is not PoCL's (" << version << ")";
    const bool listed = hoc::poclAssertsOnSmallWorkGroups(version);
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    const auto child = [] {
        ::alarm(30);
        ::unsetenv("POCL_FULL_REPLICATION_THRESHOLD");
        ::unsetenv("POCL_WORK_GROUP_METHOD");
        // PoCL writes the kernel's graph to strided_tile.dot in the working folder before it stops:
        // the child works in a folder of its own, removed by the parent.
        if (::chdir(::testing::TempDir().c_str()) != 0)
            std::exit(2);
        const auto now = std::chrono::steady_clock::now().time_since_epoch().count();
        const std::string source = "// " + std::to_string(::getpid()) + " " + std::to_string(now) + "\n" + kStridedTile;
        const cl::Context context(hoc::test::device());
        cl::Program program(context, source);
        program.build({hoc::test::device()}, "-D TILE=1");
        std::exit(transposesRight(context, program, 1, 1) ? 0 : 1);
    };
    if (listed)
        EXPECT_EXIT(
            child(), [](int status) { return WIFSIGNALED(status); }, "")
            << version << ": strided_tile at work-groups of 1 x 1 ran to the end with PoCL's default method; if "
            << "it ran right, this release no longer needs the course's setting (hoc::poclAssertsOnSmallWorkGroups)";
    else
        EXPECT_EXIT(child(), ::testing::ExitedWithCode(0), "")
            << version << ": strided_tile at work-groups of 1 x 1 crashed, hung or ran wrong with PoCL's default "
            << "method: add this release to hoc::poclAssertsOnSmallWorkGroups";
    std::remove((::testing::TempDir() + "strided_tile.dot").c_str());
}
