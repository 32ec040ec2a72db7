// Exercise 23: fitPerComputeUnit on the worked examples of the CSE 160 notes (004 section 4.11 and
// "Block Granularities Considerations") and on the H100's documented figures, where every answer is
// known; the student's prediction of step 3 against the same figures; and the measured kernel
// against the serial reference for several array sizes and work-groups up to
// CL_KERNEL_WORK_GROUP_SIZE, with its footprint as the runtime reports it.
#include <algorithm>
#include <string>

#include "hoc/common/data.hpp"
#include "hoc_hints/Exercise23_Occupancy.hpp"
#include "hoc_test.hpp"
#include "occupancy.hpp"

namespace {

const std::string kWhere = "\n  where: fitPerComputeUnit in occupancy.cpp";

KernelFootprint group(std::size_t size, std::size_t multiple, std::size_t localBytes = 0, std::size_t registers = 0)
{
    KernelFootprint k;
    k.workGroupSize = size;
    k.multiple = multiple;
    k.localBytes = localBytes;
    k.registersPerWorkItem = registers;
    return k;
}

ComputeUnitLimits unit(std::size_t items, std::size_t groups, std::size_t local, std::size_t reserved = 0,
                       std::size_t registers = 0)
{
    return ComputeUnitLimits{items, groups, local, reserved, registers, "test"};
}

// The H100's compute unit (compute capability 9.0, as documentedLimits gives it).
const ComputeUnitLimits kHopper = unit(2048, 32, 228 * 1024, 1024, 64 * 1024);

// The hint's text; a hint with {tie} gets the tie's hint there.
std::string hintText(const hoc::test::Hint& hint, const hoc::test::Hint* tie)
{
    return tie == nullptr ? hoc::test::hint(hint) : hoc::test::hint(hint, {{"tie", hoc::test::hint(*tie)}});
}

void expectFit(const ComputeUnitLimits& cu, const KernelFootprint& k, std::size_t groups, const std::string& limit,
               const hoc::test::Hint& hint, const hoc::test::Hint* tie = nullptr)
{
    const Fit fit = fitPerComputeUnit(cu, k);
    EXPECT_EQ(fit.groups, groups) << HOC_UNDER_TEST << ": work-groups of " << k.workGroupSize << " (multiple "
                                  << k.multiple << ", " << k.localBytes << " bytes of local memory)" << kWhere
                                  << "\n  hint: " << hintText(hint, tie);
    EXPECT_EQ(fit.limit, limit) << HOC_UNDER_TEST << ": the resource that limits" << kWhere
                                << "\n  hint: " << hintText(hint, tie);
}

}  // namespace

TEST(Fit, LocalMemoryConstraintsOfTheNotes)
{
    // 004 section 4.11: 64 kB per compute unit, 2 kB per work-group of 256: local memory alone
    // "Limits active work-groups to 32", the 2048 work-items "Limits work-groups to 8 (= 2048/256)".
    const Fit fit = fitPerComputeUnit(unit(2048, 0, 64 * 1024), group(256, 32, 2048));
    EXPECT_EQ(fit.byLocalMemory, std::optional<std::size_t>(32))
        << kWhere << "\n  hint: " << hoc::test::hint(hoc::hints::notes_by_local);
    EXPECT_EQ(fit.byWorkItems, std::optional<std::size_t>(8))
        << kWhere << "\n  hint: " << hoc::test::hint(hoc::hints::notes_by_items);
    EXPECT_FALSE(fit.byWorkGroups) << kWhere << "\n  hint: " << hoc::test::hint(hoc::hints::unknown_limit);
    expectFit(unit(2048, 0, 64 * 1024), group(256, 32, 2048), 8, "work-items", hoc::hints::notes_fewest);
}

TEST(Fit, BlockGranularitiesOfTheNotes)
{
    // 004, "Block Granularities Considerations": 1,536 threads and 8 blocks per SM.
    const ComputeUnitLimits sm = unit(1536, 8, 0);
    expectFit(sm, group(64, 32), 8, "work-groups", hoc::hints::granularity_8x8);
    expectFit(sm, group(256, 32), 6, "work-items", hoc::hints::granularity_16x16);
    expectFit(sm, group(1024, 32), 1, "work-items", hoc::hints::granularity_32x32);
}

TEST(Fit, WorkGroupsTakeWholeWarps)
{
    // 100 work-items are scheduled as 4 warps of 32: they take 128 of the 2048 slots, not 100.
    expectFit(unit(2048, 0, 0), group(100, 32), 16, "work-items", hoc::hints::whole_warps);
    expectFit(unit(2048, 0, 0), group(33, 32), 32, "work-items", hoc::hints::two_warps);
    EXPECT_EQ(fitPerComputeUnit(unit(2048, 0, 0), group(100, 32)).slots, 128u)
        << HOC_UNDER_TEST << ": fit.slots, the slots one work-group of 100 takes in units of 32" << kWhere
        << "\n  hint: " << hoc::test::hint(hoc::hints::whole_warps);
}

TEST(Fit, HopperLocalMemoryPerWorkGroupWithTheReservedKilobyte)
{
    // 228 KiB per SM, 1 KiB kept by the runtime per work-group: 24 KiB arrays still let all 8
    // work-groups of 256 in (233472 / 25600 = 9), 48 KiB ones only 4 (233472 / 50176).
    const hoc::test::Hint& hint = hoc::hints::reserved_kilobyte;
    expectFit(kHopper, group(256, 32, 24 * 1024), 8, "work-items", hint);
    expectFit(kHopper, group(256, 32, 28 * 1024), 7, "local memory", hint);
    expectFit(kHopper, group(256, 32, 48 * 1024), 4, "local memory", hint);
    expectFit(kHopper, group(1024, 32, 0), 2, "work-items", hoc::hints::hopper_1024);
}

TEST(Fit, StepThreePrediction)
{
    // The README's step 3, worked out here from the H100's figures without fitPerComputeUnit: work-groups
    // of 256, each taking the array + 4 bytes (CL_KERNEL_LOCAL_MEM_SIZE on the H100) + the runtime's KiB.
    const std::size_t bySlots = kHopper.workItems / 256;
    std::size_t first = 0, groupsAt47 = 0;
    for (std::size_t kib = 1; kib <= 47; ++kib) {
        const std::size_t byLocal = kHopper.localBytes / (kib * 1024 + 4 + kHopper.localReservedPerGroup);
        if (first == 0 && byLocal < bySlots)
            first = kib;
        groupsAt47 = std::min(bySlots, byLocal);
    }
    const Prediction mine = stepThreePrediction();
    const std::string where = "\n  where: stepThreePrediction in occupancy.cpp (step 3 of the README)";
    EXPECT_EQ(mine.firstKiBLimitedByLocalMemory, first)
        << HOC_UNDER_TEST << ": the smallest array (KiB) from which local memory limits work-groups of 256" << where
        << "\n  hint: " << hoc::test::hint(hoc::hints::step3_first);
    EXPECT_NEAR(mine.slotsFilledAt47KiB, static_cast<double>(groupsAt47 * 256) / 2048.0, 1e-9)
        << HOC_UNDER_TEST << ": the fraction of the 2048 slots filled at 47 KiB" << where
        << "\n  hint: " << hoc::test::hint(hoc::hints::step3_filled);
}

TEST(Fit, Registers)
{
    // 65536 registers, 64 per work-item, groups of 256: 65536 / (64 * 256) = 4.
    expectFit(kHopper, group(256, 32, 0, 64), 4, "registers", hoc::hints::registers);
    const Fit fit = fitPerComputeUnit(kHopper, group(256, 32, 0, 0));
    EXPECT_FALSE(fit.byRegisters) << kWhere << "\n  hint: " << hoc::test::hint(hoc::hints::registers_unknown);
}

// A work-group's registers are those of the slots it takes (whole units of `multiple`), not of its
// work-items: 100 work-items take 128 slots, 64 registers each, 65536 / (64 x 128) = 8 (per work-item
// it would be 65536 / 6400 = 10). Every other test uses work-groups of whole warps, where both agree.
TEST(Fit, RegistersPerSlotNotPerWorkItem)
{
    expectFit(kHopper, group(100, 32, 0, 64), 8, "registers", hoc::hints::registers_per_slot);
    expectFit(unit(2048, 0, 0, 0, 65536), group(33, 32, 0, 255), 4, "registers", hoc::hints::registers_33);
}

// Two resources allowing the same number of work-groups: the first in the order of occupancy.hpp
// (work-items, work-groups, local memory, registers) names the limit. The README's own H100 table
// has one: work-groups of 64 at 1 KiB, where the 2048 slots (2048 / 64) and the 32 places for
// work-groups both allow 32.
TEST(Fit, ATieNamesTheFirstResourceInOrder)
{
    const hoc::test::Hint* tie = &hoc::hints::tie;
    expectFit(kHopper, group(64, 32, 1024 + 4), 32, "work-items", hoc::hints::tie_slots, tie);
    expectFit(unit(0, 8, 8 * 1024), group(64, 32, 1024), 8, "work-groups", hoc::hints::tie_places, tie);
    expectFit(unit(0, 0, 4096, 0, 16384), group(64, 32, 1024, 64), 4, "local memory", hoc::hints::tie_local, tie);
}

TEST(Fit, NothingKnownPredictsNothing)
{
    expectFit(unit(0, 0, 0), group(256, 8, 1024), 0, "", hoc::hints::nothing_known);
    expectFit(unit(512, 0, 0), group(1024, 32), 0, "work-items", hoc::hints::too_large);
}

TEST(Stage, MatchesTheReferenceForEveryArrayAndWorkGroup)
{
    Occupancy occupancy = hoc::test::run([] { return Occupancy(hoc::test::device()); });
    // The largest work-group: CL_KERNEL_WORK_GROUP_SIZE of the kernel built once (4096 on PoCL 3.1,
    // 256 on the H100), less where the array (a float per work-item, 512 more in the second run)
    // would not fit CL_DEVICE_LOCAL_MEM_SIZE with room for the kernel's own few bytes.
    // (CL_KERNEL_LOCAL_MEM_SIZE is not asserted: PoCL 5.0 reports 0 for a static __local array.)
    const hoc::StageRun probe = hoc::test::run([&] { return occupancy.run({1.0f}, 256, 1); });
    EXPECT_GE(probe.footprint.multiple, 1u) << "CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE";
    const std::size_t localFloats = hoc::test::device().getInfo<CL_DEVICE_LOCAL_MEM_SIZE>() / sizeof(float) - 64;
    const std::size_t largest = std::min(probe.footprint.maxWorkGroupSize, localFloats);
    ASSERT_GE(largest, 64u) << HOC_UNDER_TEST << "/given/stage.cpp: the stage kernel allows work-groups of "
                            << probe.footprint.maxWorkGroupSize << " work-items (CL_KERNEL_WORK_GROUP_SIZE) and the "
                            << "device's local memory holds " << localFloats << " floats beside it: fewer than the "
                            << "64 this test runs";
    for (const std::size_t n : {std::size_t{1}, std::size_t{1000}, std::size_t{4097}})
        for (const std::size_t local : {std::size_t{1}, std::size_t{7}, std::size_t{64}, largest})
            for (const std::size_t floats : {local, std::min(local + 512, localFloats)}) {
                const std::vector<float> in = hoc::randomFloats(n, static_cast<std::uint32_t>(n + local));
                const hoc::StageRun r = hoc::test::run([&] { return occupancy.run(in, floats, local); });
                ASSERT_TRUE(hoc::test::correct(hoc::compare(hoc::referenceStage(in, local), r.out),
                                               "stage, n = " + std::to_string(n) + ", work-groups of " +
                                                   std::to_string(local) + ", " + std::to_string(floats) + " floats"));
                EXPECT_EQ(r.footprint.workGroupSize, local)
                    << HOC_UNDER_TEST << "/given/stage.cpp: the stage run asked for work-groups of " << local
                    << " reports work-groups of " << r.footprint.workGroupSize;
            }
}

TEST(Stage, BadRequestsAreRefused)
{
    Occupancy occupancy = hoc::test::run([] { return Occupancy(hoc::test::device()); });
    EXPECT_THROW(hoc::test::run([&] { return occupancy.run({}, 256, 256); }), std::runtime_error)
        << HOC_UNDER_TEST << "/given/stage.cpp: a stage run of an empty array was not refused with an error";
    EXPECT_THROW(hoc::test::run([&] { return occupancy.run({1.0f}, 16, 32); }), std::runtime_error)
        << HOC_UNDER_TEST << "/given/stage.cpp: a stage run whose local array (16 floats) is smaller than its "
        << "work-group (32) was not refused with an error";
}
