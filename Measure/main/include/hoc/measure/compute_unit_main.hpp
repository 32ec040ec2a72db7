// The command line's figures of a compute unit (Exercise 23): the --cu-* options that replace the
// documented limits hoc::computeUnit would take (hoc/measure/compute_unit.hpp). Header-only, a layer
// above both hoc::measure and the front end hoc::cli (as sweep_main.hpp), so that neither needs the other.
#pragma once

#include "hoc/cli/main.hpp"
#include "hoc/measure/compute_unit.hpp"

namespace hoc {

// --cu-work-items, --cu-groups, --cu-local-bytes, --cu-reserved and --cu-registers on `cli`, into `given`.
inline void addComputeUnitOptions(CommandLine& cli, ComputeUnitLimits& given)
{
    cli.sizeOption("--cu-work-items", given.workItems,
                   "Per compute unit: resident work-items (any --cu-* option replaces all the known figures)");
    cli.sizeOption("--cu-groups", given.workGroups, "Per compute unit: resident work-groups");
    cli.sizeOption("--cu-local-bytes", given.localBytes, "Per compute unit: local memory in bytes");
    cli.sizeOption("--cu-reserved", given.localReservedPerGroup,
                   "Per work-group: local memory in bytes the runtime keeps");
    cli.sizeOption("--cu-registers", given.registers, "Per compute unit: 32-bit registers");
}

}  // namespace hoc
