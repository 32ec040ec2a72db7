// The command-line checks of hoc::CommandLine (Cli/src/main.cpp), for a tool that builds its own
// CLI11 App (hoc-runner): the same words, the same messages, exit status 2. Include only where
// CLI11 is used anyway; CLI/CLI.hpp takes long to compile.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>

namespace hoc::cli {

// Text that is not empty and not only whitespace ("--device ''" is a mistake, not "no choice").
CLI::Validator notBlank();

// A finite number of seconds from `min` to `max` (above `min` when `aboveMin`): "nan", "inf",
// "0" for a timeout, and "1e999" are refused with the range written as it is, not as 309 digits.
CLI::Validator seconds(double min, double max, bool aboveMin);

// 'all', or device indices separated by commas, each named once ("0,0" is refused).
CLI::Validator indexList();

// A whole number from `min` to `max` by hoc/common/sizes.hpp's rules, handed on in plain decimal digits.
CLI::Validator wholeNumber(std::uint64_t min, std::uint64_t max);

}  // namespace hoc::cli
