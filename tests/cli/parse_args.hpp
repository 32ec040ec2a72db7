// For Cli's tests: a command line parsed as a program's main() would parse it.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "hoc/cli/main.hpp"
#include "hoc_test.hpp"

namespace {

// Parses `args` (the program's name left out) with `cli`: the exit status parse() gives (0, kOk,
// when the program would go on; no device is touched unless --list is given) and what parse()
// wrote to standard error.
inline std::pair<int, std::string> parseArgs(hoc::CommandLine& cli, std::vector<std::string> args)
{
    args.insert(args.begin(), "prog");
    std::vector<char*> argv;
    for (auto& a : args)
        argv.push_back(a.data());
    ::testing::internal::CaptureStderr();
    const auto stop = cli.parse(static_cast<int>(argv.size()), argv.data());
    return {stop ? *stop : hoc::kOk, ::testing::internal::GetCapturedStderr()};
}

}  // namespace
