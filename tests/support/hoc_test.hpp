// Helpers shared by the course tests. HOC_UNDER_TEST names what is being tested
// ("Solutions/Exercise01_Vadd" or "Exercises/Exercise01_Vadd"), so a failure says whose code failed.
#pragma once

#include <gtest/gtest.h>

#include <functional>
#include <stdexcept>
#include <string>

#include "hoc/common/check.hpp"
#include "hoc/common/device.hpp"
#include "hoc/common/errors.hpp"

// The course tests define HOC_UNDER_TEST as hoc_under_test() (tests/course/CMakeLists.txt: one object
// file, linked against the solution and against the exercise, each with its own definition of it).
const char* hoc_under_test();
#ifndef HOC_UNDER_TEST
#define HOC_UNDER_TEST "this code"
#endif

namespace hoc::test {

// The device the tests run on (PoCL's CPU device unless HOC_TEST_DEVICE says otherwise),
// looked up once per test program.
inline const cl::Device& device()
{
    static const cl::Device chosen = [] {
        try {
            return hoc::testDevice();
        } catch (const std::exception& e) {
            throw std::runtime_error(std::string("no test device: ") + e.what());
        }
    }();
    return chosen;
}

// Passes when the check passed; otherwise names the code under test, what was checked, and the
// first wrong element.
inline ::testing::AssertionResult correct(const CheckResult& check, const std::string& what)
{
    if (check.ok)
        return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << HOC_UNDER_TEST << ": " << what << ": " << check.message();
}

// Calls `work`, turning OpenCL errors into messages that name the error code and the code under test.
template <typename Work> auto run(Work&& work) -> decltype(work())
{
    try {
        return work();
    } catch (const cl::Error& e) {
        throw std::runtime_error(std::string(HOC_UNDER_TEST) + ": OpenCL call " + hoc::describe(e));
    } catch (const hoc::Failure& e) {
        throw std::runtime_error(std::string(HOC_UNDER_TEST) + ": " + e.what());
    }
}

// The lengths every vector exercise is tested with: tiny, around a power of two, and large and odd.
inline const std::vector<std::size_t>& vectorSizes()
{
    static const std::vector<std::size_t> sizes = {1, 2, 1000, 1023, 1024, 1025, (1u << 20) + 3};
    return sizes;
}

// Test names for vectorSizes(): "N1025" (ctest shows Sizes/Vadd.MatchesSerialSum/N1025).
inline std::string vectorSizeName(const ::testing::TestParamInfo<std::size_t>& info)
{
    return "N" + std::to_string(info.param);
}

}  // namespace hoc::test
