// The hints the course tests give, as course.json holds them: each exercise's "hints" (an id and its
// text, with {name} where the evidence goes) and the manifest's own "hints" (those of the test support,
// shared by several exercises). CMake writes them as constants (cmake/HocManifest.cmake): a test file
// includes "hoc_hints/<Folder>.hpp" and names a hint hoc::hints::<id>; the support includes
// "hoc_hints/shared.hpp" (hoc::hints::shared::<id>). A hint the manifest lacks does not compile, and
// the test course.hints finds a hint of the manifest that no test gives.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

namespace hoc::test {

struct Hint {
    const char* id;
    const char* text;  // {name}: where hint() puts the value given for name
};

using HintValues = std::initializer_list<std::pair<const char*, std::string>>;

// The hint's text with each {name} replaced by its value. Call it where a check has failed (in the
// message streamed after the check, or in an AssertionFailure): it records the text as the running
// test's property "hint" ("hint_2", "hint_3", ... for other hints of the same test), which GoogleTest's
// JSON report carries and checker/results.py gives to the failure whose message holds it.
// A {name} with no value, or a value whose name the text lacks, fails the test: the test and the
// manifest disagree.
inline std::string hint(const Hint& h, HintValues values = {})
{
    const std::string source = h.text;
    std::string text;
    std::vector<std::string> missing;
    for (std::size_t at = 0; at < source.size();) {
        const std::size_t open = source.find('{', at);
        const std::size_t close = open == std::string::npos ? open : source.find('}', open);
        if (close == std::string::npos) {
            text += source.substr(at);
            break;
        }
        text += source.substr(at, open - at);
        const std::string name = source.substr(open + 1, close - open - 1);
        const auto value = std::find_if(values.begin(), values.end(), [&](const auto& v) { return name == v.first; });
        if (value != values.end()) {
            text += value->second;
        } else {
            text += "{" + name + "}";
            if (std::find(missing.begin(), missing.end(), name) == missing.end())
                missing.push_back(name);
        }
        at = close + 1;
    }
    for (const std::string& name : missing)
        ADD_FAILURE() << "hint " << h.id << " (course.json) has {" << name << "}, but the test gives no value for it";
    for (const auto& [key, value] : values)
        if (source.find(std::string("{") + key + "}") == std::string::npos)
            ADD_FAILURE() << "the test gives {" << key << "} to hint " << h.id << " (course.json), whose text has no "
                          << "place for it";
    if (const ::testing::TestInfo* test = ::testing::UnitTest::GetInstance()->current_test_info()) {
        const ::testing::TestResult& result = *test->result();
        int hints = 0;
        for (int i = 0; i < result.test_property_count(); ++i) {
            const ::testing::TestProperty& p = result.GetTestProperty(i);
            if (std::string(p.key()).rfind("hint", 0) != 0)
                continue;
            if (p.value() == text)
                return text;  // the same hint for another failure of the test: recorded once
            ++hints;
        }
        ::testing::Test::RecordProperty(hints == 0 ? std::string("hint") : "hint_" + std::to_string(hints + 1), text);
    }
    return text;
}

}  // namespace hoc::test
