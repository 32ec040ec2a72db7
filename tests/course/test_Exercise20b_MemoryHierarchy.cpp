// Exercise 20b: the two kernels of hierarchy.cl against their serial references, exactly (their inputs
// are small whole numbers, so every sum is exact in any order): local_read (the student's) for one to
// several work-groups of 1 to TILE work-items and 1 to 3 rounds, and strided_read (given) at strides
// 1 to 64. A wrong sum is explained from what the numbers show: nothing written, one round read where
// several were asked, every work-group reading the first block, a block read partly. And local_read
// must hold its block in local memory (CL_KERNEL_LOCAL_MEM_SIZE): reading global memory every round
// measures global memory, not local; and each work-item must start its rounds at its own float4, which
// a block whose sum depends on the order of the additions shows.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "hierarchy.hpp"
#include "hoc/common/errors.hpp"
#include "hoc/common/report.hpp"
#include "hoc_hints/Exercise20b_MemoryHierarchy.hpp"
#include "hoc_test.hpp"

namespace {

Hierarchy makeHierarchy()
{
    return hoc::test::run([] { return Hierarchy(hoc::test::device()); });
}

constexpr std::size_t kBlockFloats = 4 * static_cast<std::size_t>(kTile);

// Where a wrong local_read most likely went wrong, from the sums it wrote.
std::string localHint(const LocalRun& r, const std::vector<float>& in, const std::vector<float>& want)
{
    const auto count = [](double x) { return hoc::fixedText(x, 0); };
    const bool allZero = std::all_of(r.out.begin(), r.out.end(), [](float v) { return v == 0.0f; });
    if (allZero)
        return hoc::test::hint(hoc::hints::local_starter);
    // One round's sum where several were asked: the rounds loop.
    bool oneRound = r.rounds > 1;
    for (std::size_t i = 0; i < r.out.size() && oneRound; ++i)
        oneRound = r.out[i] * static_cast<float>(r.rounds) == want[i];
    if (oneRound)
        return hoc::test::hint(hoc::hints::local_one_round, {{"rounds", std::to_string(r.rounds)}});
    // Every work-group summed the first block.
    bool firstBlock = r.groups > 1 && want[0] != want[r.local * (r.groups - 1)];
    for (std::size_t i = 0; i < r.out.size() && firstBlock; ++i)
        firstBlock = r.out[i] == want[i % r.local];
    if (firstBlock)
        return hoc::test::hint(hoc::hints::local_first_block);
    // The first wrong work-item, against its block's sum.
    std::size_t i = 0;
    while (i < r.out.size() && r.out[i] == want[i])
        ++i;
    const std::size_t group = i / r.local, item = i % r.local;
    const auto sumOf = [&](std::size_t from, std::size_t to) {  // float4s [from, to) of the group's block
        double sum = 0;
        for (std::size_t k = 4 * from; k < 4 * to; ++k)
            sum += in[group * kBlockFloats + k];
        return sum;
    };
    const double block = sumOf(0, kTile);
    // Only one float4 per work-item copied (the first `local` of the block), the rest left unset.
    if (r.local < static_cast<std::size_t>(kTile) && r.out[i] == static_cast<float>(r.rounds * sumOf(0, r.local)))
        return hoc::test::hint(hoc::hints::local_copy_one_each,
                               {{"local", std::to_string(r.local)}, {"tile", std::to_string(kTile)}});
    // Each round missed the block's first `item` float4s: the round ran past the block's end.
    if (item > 0 && r.out[i] == static_cast<float>(r.rounds * (block - sumOf(0, item))))
        return hoc::test::hint(hoc::hints::local_past_the_end,
                               {{"item", std::to_string(item)}, {"tile", std::to_string(kTile)}});
    return hoc::test::hint(hoc::hints::local_wrong_sum, {{"item", std::to_string(item)},
                                                         {"group", std::to_string(group)},
                                                         {"got", count(r.out[i])},
                                                         {"want", count(want[i])},
                                                         {"rounds", std::to_string(r.rounds)},
                                                         {"block", count(block)},
                                                         {"floats", std::to_string(kBlockFloats)}});
}

// CL_KERNEL_LOCAL_MEM_SIZE of a probe kernel whose body declares a __local array of 64 floats (256
// bytes). Not every implementation counts a kernel's own arrays (PoCL 6.0 answers 0 for every kernel);
// there the query cannot tell whether local_read holds its block.
std::size_t bodyArrayProbeBytes()
{
    const cl::Device& device = hoc::test::device();
    const cl::Context context(device);
    cl::Program program(context, "__kernel void probe(__global float* out)\n"
                                 "{\n"
                                 "    __local float block[64];\n"
                                 "    block[get_local_id(0) % 64] = (float)get_global_id(0);\n"
                                 "    barrier(CLK_LOCAL_MEM_FENCE);\n"
                                 "    out[get_global_id(0)] = block[63 - get_local_id(0) % 64];\n"
                                 "}\n");
    program.build({device});
    return cl::Kernel(program, "probe").getWorkGroupInfo<CL_KERNEL_LOCAL_MEM_SIZE>(device);
}

}  // namespace

TEST(Hierarchy, LocalReadMatchesTheReference)
{
    Hierarchy hierarchy = makeHierarchy();
    const std::size_t largest = std::min<std::size_t>(hierarchy.maxLocal(), kTile);
    struct Case {
        std::size_t groups, local;
        int rounds;
    };
    const Case cases[] = {{1, 1, 1}, {3, 7, 2}, {2, 64, 3}, {4, 100, 1}, {2, largest, 2}};
    for (const Case& c : cases) {
        if (c.local > largest)
            continue;
        const std::vector<float> in = wholeNumbers(c.groups * kBlockFloats);
        const LocalRun r = hoc::test::run([&] { return hierarchy.local(in, c.local, c.rounds, {0, 1}); });
        const std::vector<float> want = referenceLocal(in, r.local, c.rounds);
        const hoc::CheckResult check = hoc::compare(want, r.out);
        ASSERT_TRUE(check.ok) << HOC_UNDER_TEST << ": kernel local_read in hierarchy.cl, " << c.groups
                              << " work-group(s) of " << c.local << ", " << c.rounds << " round(s): " << check.message()
                              << "\n  hint: " << localHint(r, in, want);
    }
}

// The step's order of reading: each work-item's round starts at its own float4 of the block, so that
// at every step neighbouring work-items read neighbouring float4s. The sums do not show it on whole
// numbers (the block's sum is the same in any order), so this block's sum depends on the order: one
// float4 holds 2^25 in its first lane, the others 1 there (and 0 in the other lanes). A 1 added after
// 2^25 is lost (a float's spacing there is 4), a 1 added before it counts, so a work-item's sum tells
// how many float4s it read before that one. Work-items that start at their own float4s read different
// numbers of them first and write different sums, in any shape of the loop; work-items that all read
// the block in one order (at each step the same float4: a broadcast) write one sum, bit for bit.
TEST(Hierarchy, EachWorkItemStartsItsRoundAtItsOwnFloat4)
{
    Hierarchy hierarchy = makeHierarchy();
    const std::size_t local = std::min<std::size_t>({hierarchy.maxLocal(), kTile, 64});
    if (local < 2)
        GTEST_SKIP() << "local_read runs in work-groups of at most " << local
                     << " work-item(s) here: no two work-items to compare";
    const std::size_t big = kTile / 2;
    std::vector<float> in(kBlockFloats, 0.0f);
    for (std::size_t k = 0; k < static_cast<std::size_t>(kTile); ++k)
        in[4 * k] = k == big ? 33554432.0f : 1.0f;
    const LocalRun r = hoc::test::run([&] { return hierarchy.local(in, local, 1, {0, 1}); });
    const bool same = std::all_of(r.out.begin(), r.out.end(), [&](float v) { return v == r.out[0]; });
    if (same)
        ADD_FAILURE() << HOC_UNDER_TEST << "/hierarchy.cl: local_read: every one of the " << r.out.size()
                      << " work-items wrote " << hoc::fixedText(r.out[0], 0) << ", bit for bit, on a block whose sum "
                      << "depends on the order of the additions (float4 " << big << " holds 2^25, every other "
                      << "float4 1: a 1 added after 2^25 is lost): all of them added the block's float4s in the "
                      << "same order, so at each step the whole work-group read the same float4"
                      << "\n  hint: " << hoc::test::hint(hoc::hints::local_same_order);
}

// The lesson is local memory: the block copied once, then read from there. A kernel that reads its
// block from global memory every round gets the same sums and measures global memory. Where the
// implementation does not count a kernel's own __local arrays, oclgrind's counts (the technique check
// local_reads) are the evidence instead.
TEST(Hierarchy, LocalReadKeepsTheBlockInLocalMemory)
{
    const std::size_t probe = hoc::test::run([] { return bodyArrayProbeBytes(); });
    if (probe < 64 * sizeof(float))
        GTEST_SKIP() << "this OpenCL implementation reports " << probe
                     << " bytes (CL_KERNEL_LOCAL_MEM_SIZE) for a kernel declaring a __local array of 256 bytes in "
                        "its body: the query cannot show local_read's block here";
    Hierarchy hierarchy = makeHierarchy();
    const std::size_t bytes = hoc::test::run([&] { return hierarchy.localMemoryBytes(); });
    const std::size_t block = kTile * 4 * sizeof(float);
    const std::string what = bytes == 0 ? " uses no local memory (CL_KERNEL_LOCAL_MEM_SIZE is 0): every round reads "
                                          "the block from global memory"
                                        : " declares " + std::to_string(bytes) +
                                              " bytes of local memory (CL_KERNEL_LOCAL_MEM_SIZE), less than its "
                                              "block of TILE = " +
                                              std::to_string(kTile) + " float4s (" + std::to_string(block) + " bytes)";
    EXPECT_TRUE(bytes >= block) << HOC_UNDER_TEST << "/hierarchy.cl: local_read" << what
                                << "\n  hint: " << hoc::test::hint(hoc::hints::local_memory_unused);
}

TEST(Hierarchy, StridedReadMatchesTheReference)
{
    Hierarchy hierarchy = makeHierarchy();
    const std::size_t perGroup = kPerItem * kStridedGroup;
    for (const std::size_t stride : {std::size_t{1}, std::size_t{2}, std::size_t{3}, std::size_t{64}}) {
        const std::vector<float> in = wholeNumbers(2 * perGroup * stride);
        const StridedRun r = hoc::test::run([&] { return hierarchy.strided(in, stride, {0, 1}); });
        const hoc::CheckResult check = hoc::compare(referenceStrided(in, stride), r.out);
        EXPECT_TRUE(check.ok) << HOC_UNDER_TEST << ": kernel strided_read in hierarchy.cl (given), stride " << stride
                              << ": " << check.message();
    }
}

TEST(Hierarchy, BadRequestsAreRefused)
{
    Hierarchy hierarchy = makeHierarchy();
    const std::string where = "Measure/src/hierarchy.cpp (hoc::runLocal and hoc::runStrided, which given/hierarchy.cpp "
                              "calls): ";
    EXPECT_THROW(hierarchy.local({}, 0, 1, {0, 1}), hoc::Failure)
        << where << "a local run of an empty block was not refused with an error";
    EXPECT_THROW(hierarchy.local(wholeNumbers(kBlockFloats), kTile + 1, 1, {0, 1}), hoc::UsageError)
        << where << "a local run in work-groups of " << kTile + 1 << " (more than the tile's " << kTile
        << " work-items) was not refused with a usage error";
    EXPECT_THROW(hierarchy.local(wholeNumbers(kBlockFloats), 0, 0, {0, 1}), hoc::Failure)
        << where << "a local run of 0 rounds was not refused with an error";
    EXPECT_THROW(hierarchy.strided(wholeNumbers(1000), 1, {0, 1}), hoc::Failure)
        << where
        << "a strided run of 1000 floats (not a whole number of work-groups' reads) was not refused "
           "with an error";
}
