// Helpers shared by the unit tests of Common and Cli (tests/common, tests/cli).
#pragma once

#include <unistd.h>

#include <filesystem>
#include <string>

#include "hoc/common/errors.hpp"
#include "hoc_test.hpp"

namespace {

// A fresh folder for one test.
inline std::filesystem::path scratch()
{
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    const std::filesystem::path dir = std::filesystem::temp_directory_path() /
                                      ("hoc-files-" + std::to_string(::getpid()) + "-" + info->test_suite_name() + "-" +
                                       info->name());
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir;
}

// The message of the exception of type E (hoc::Failure or one of its kinds) that `f` throws; ""
// when it throws none.
template <typename E, typename F> std::string messageOf(F f)
{
    try {
        f();
    } catch (const E& e) {
        return e.what();
    }
    return "";
}

// The message of the hoc::Failure `f` throws; "" when it throws none.
template <typename F> std::string failureOf(F f) { return messageOf<hoc::Failure>(f); }

// The message of the hoc::UsageError `f` throws, or "" if it throws none.
template <typename F> std::string usageError(F f) { return messageOf<hoc::UsageError>(f); }

}  // namespace
