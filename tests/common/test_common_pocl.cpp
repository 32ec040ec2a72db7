// PoCL 6.0's miscompilation of a loop between two barriers in work-groups of one or two work-items,
// and the course's answer to it (hoc::avoidPoclReplication in Common/src/program.cpp: every kernel
// build on such a PoCL sets POCL_FULL_REPLICATION_THRESHOLD=0). The kernel below is the smallest
// found with the fault: work_group_sum's first loop (Kernels/work_group_sum.cl) between its barriers.
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <string>
#include <vector>

#include "hoc/program.hpp"
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
    hoc::test::run([] {
        const cl::Device& device = hoc::test::device();
        const cl::Context context(device);
        const cl::Program program =
            hoc::buildSource(context, device, kLoopBetweenBarriers, "loop_between_barriers.cl", "");
        for (std::size_t local : {1, 2, 3, 4, 8})
            EXPECT_TRUE(runsRight(context, program, local)) << "work-groups of " << local;
    });
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
            const std::string source =
                "// " + std::to_string(::getpid()) + " " + std::to_string(now) + "\n" + kLoopBetweenBarriers;
            const cl::Context context(hoc::test::device());
            cl::Program program(context, source);
            program.build({hoc::test::device()});
            std::exit(runsRight(context, program, local) ? 0 : 1);
        };
        if (listed)
            EXPECT_EXIT(child(), [](int status) { return WIFSIGNALED(status); }, "")
                << version << ": work-groups of " << local << " ran to the end with PoCL's default method; "
                << "if they ran right, this release no longer needs the course's setting "
                   "(hoc::poclMiscompilesSmallWorkGroups)";
        else
            EXPECT_EXIT(child(), ::testing::ExitedWithCode(0), "")
                << version << ": work-groups of " << local << " crashed, hung or ran wrong with PoCL's default "
                << "method: add this release to hoc::poclMiscompilesSmallWorkGroups";
    }
}
