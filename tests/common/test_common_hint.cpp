// hoc::test::hint (tests/support/hoc_hint.hpp), what every course test gives its hints through: the
// text with its {name}s replaced, a test property per distinct hint (what GoogleTest's JSON report
// carries to the structured results), and a failure where the test and the hint's text disagree.
#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "hoc_hint.hpp"

namespace {

constexpr hoc::test::Hint kTail{
    "tail", "the last {tail} element(s), after the last whole float{width}: {width} * (n / {width})"};
constexpr hoc::test::Hint kPlain{"plain", "a barrier after each round"};

// The values of the running test's properties whose key starts with "hint", in the order recorded.
std::vector<std::string> recordedHints()
{
    std::vector<std::string> hints;
    const ::testing::TestResult& result = *::testing::UnitTest::GetInstance()->current_test_info()->result();
    for (int i = 0; i < result.test_property_count(); ++i)
        if (std::string(result.GetTestProperty(i).key()).rfind("hint", 0) == 0)
            hints.push_back(result.GetTestProperty(i).value());
    return hints;
}

TEST(Hint, EveryPlaceOfANameGetsItsValue)
{
    EXPECT_EQ(hoc::test::hint(kTail, {{"tail", "3"}, {"width", "4"}}),
              "the last 3 element(s), after the last whole float4: 4 * (n / 4)");
    EXPECT_EQ(hoc::test::hint(kPlain), "a barrier after each round");
}

TEST(Hint, EachDistinctHintIsRecordedOnceAsAProperty)
{
    hoc::test::hint(kPlain);
    hoc::test::hint(kTail, {{"tail", "1"}, {"width", "16"}});
    hoc::test::hint(kPlain);  // the same text again: not a second property
    EXPECT_EQ(recordedHints(), (std::vector<std::string>{"a barrier after each round",
                                                         "the last 1 element(s), after the last whole float16: "
                                                         "16 * (n / 16)"}));
    const ::testing::TestResult& result = *::testing::UnitTest::GetInstance()->current_test_info()->result();
    ASSERT_EQ(result.test_property_count(), 2);
    EXPECT_STREQ(result.GetTestProperty(0).key(), "hint");
    EXPECT_STREQ(result.GetTestProperty(1).key(), "hint_2");
}

TEST(Hint, ANameWithoutAValueFailsTheTest)
{
    EXPECT_NONFATAL_FAILURE(hoc::test::hint(kTail, {{"tail", "3"}}), "hint tail (course.json) has {width}");
}

TEST(Hint, AValueTheTextHasNoPlaceForFailsTheTest)
{
    EXPECT_NONFATAL_FAILURE(hoc::test::hint(kPlain, {{"kernel", "pi"}}), "the test gives {kernel} to hint plain");
}

}  // namespace
