// Exercise 3: D = (A + B) + C in the kernel's order equals the serial sum exactly. The three inputs
// have different scales so that a swapped or missing argument changes the answer.
#include "hoc/common/data.hpp"
#include "hoc/common/reference.hpp"
#include "hoc_hints/Exercise03_Vadd3.hpp"
#include "hoc_test.hpp"
#include "vadd3.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

namespace {

// Where the first wrong element of D comes from, read from the element itself: never written (0), a sum
// that leaves an input out or takes one twice (a buffer passed twice, or left out), or the right three
// floats added in another order (the kernel's sum, or the launch's arguments in another order than the
// kernel's parameters).
std::string sumHint(const std::vector<float>& a, const std::vector<float>& b, const std::vector<float>& c,
                    const std::vector<float>& expected, const std::vector<float>& got)
{
    std::size_t i = 0;
    while (i < got.size() && i < expected.size() && got[i] == expected[i])
        ++i;
    if (i >= got.size() || i >= expected.size())
        return "";
    const std::string element = std::to_string(i);
    const std::string where = "\n  where: vadd3.cl (the kernel) or vadd3.cpp (the launch)\n  hint: ";
    if (got[i] == 0.0f)
        return where + hoc::test::hint(hoc::hints::unwritten, {{"element", element}});
    const float x = a[i], y = b[i], z = c[i];
    const std::pair<const char*, float> sums[] = {{"A + B", x + y},
                                                  {"A + C", x + z},
                                                  {"B + C", y + z},
                                                  {"A alone", x},
                                                  {"B alone", y},
                                                  {"C alone", z},
                                                  {"(A + A) + C", (x + x) + z},
                                                  {"(A + B) + A", (x + y) + x},
                                                  {"(A + B) + B", (x + y) + y},
                                                  {"(B + B) + C", (y + y) + z},
                                                  {"(A + C) + C", (x + z) + z},
                                                  {"(B + C) + C", (y + z) + z}};
    for (const auto& [name, value] : sums)
        if (got[i] == value)
            return where + hoc::test::hint(hoc::hints::input_count, {{"element", element}, {"sum", name}});
    // One input read one element off (its index i - 1 or i + 1), the others at i.
    const std::vector<float>* inputs[] = {&a, &b, &c};
    const char* names[] = {"A", "B", "C"};
    for (int which = 0; which < 3; ++which)
        for (const int off : {-1, 1}) {
            if ((off < 0 && i == 0) || i + static_cast<std::size_t>(off + 1) > got.size())
                continue;
            float v[3] = {x, y, z};
            v[which] = (*inputs[which])[i + static_cast<std::size_t>(off)];
            if (got[i] == (v[0] + v[1]) + v[2])
                return where + hoc::test::hint(hoc::hints::input_off_by_one,
                                               {{"element", element},
                                                {"input", names[which]},
                                                {"other", std::to_string(i + static_cast<std::size_t>(off))}});
        }
    // Another order of the same two additions: within a few units in the last place of the largest
    // partial result, but not equal.
    const double exact = static_cast<double>(x) + y + z;
    const double scale = std::max({std::fabs(x + y), std::fabs(x + z), std::fabs(y + z), std::fabs(expected[i])});
    if (std::fabs(got[i] - exact) <= 4 * scale * 0x1p-24) {
        // Which pair was added first, where the value tells (a float sum of two is the same either way).
        const char* sum = got[i] == (x + z) + y   ? "(A + C) + B, that is A + C first"
                          : got[i] == (y + z) + x ? "(B + C) + A, that is B + C first"
                                                  : "neither (A + B) + C nor a pair of them added first";
        return where + hoc::test::hint(hoc::hints::order, {{"element", element}, {"sum", sum}});
    }
    return where + hoc::test::hint(hoc::hints::not_a_sum, {{"element", element}});
}

}  // namespace

class Vadd3 : public ::testing::TestWithParam<std::size_t> {};

TEST_P(Vadd3, MatchesSerialSum)
{
    const std::size_t n = GetParam();
    const auto a = hoc::randomFloats(n, 31), b = hoc::randomFloats(n, 32, 10, 20),
               c = hoc::randomFloats(n, 33, -1e3f, 0);
    const Vadd3Result r = hoc::test::run([&] { return vadd3(hoc::test::device(), a, b, c); });
    const std::vector<float> expected = hoc::ref::vadd3(a, b, c);
    const auto check = hoc::compare(expected, r.d);
    EXPECT_TRUE(hoc::test::correct(check, "D = A + B + C, N = " + std::to_string(n)))
        << (check.ok ? "" : sumHint(a, b, c, expected, r.d));
}

INSTANTIATE_TEST_SUITE_P(Sizes, Vadd3, ::testing::ValuesIn(hoc::test::vectorSizes()), hoc::test::vectorSizeName);
