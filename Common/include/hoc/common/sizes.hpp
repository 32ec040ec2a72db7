// Sizes and shapes from the command line, and the arithmetic on them: the one parser every option
// that takes a count, a size or a shape goes through (hoc::CommandLine's size, sizes, shape and
// whole-number options, HOC_HOST_MEMORY_LIMIT), and the overflow-checked products that turn them
// into element and byte counts. Tested in tests/cli/test_cli_sizes.cpp and fuzzed by
// tests/fuzz.
//
// What a whole number is, as written on a command line:
//   - decimal digits 0-9 only, at least one: "16", "0016" (= 16; never octal, never hexadecimal);
//   - no whitespace anywhere: " 16", "16 " and "1 6" are refused (the shell has already split the
//     words, so a space inside a value is a quoting mistake, not a separator);
//   - no '+'; a leading '-' makes the number negative, so "-5" and "-18446744073709551611" are
//     below every size's range (never wrapped modulo 2^64 into a large or a small positive size);
//   - a number too large for 64 bits is simply outside the range, not an error of another kind.
// A shape is whole numbers joined by 'x' or 'X' ("4096x2048", "2000x3000x1000"), each a size (at
// least 1), with no whitespace and no empty part; its product must fit the limit the option names.
// In a list option ("--sizes 16,17" or "--shapes 4x4,8x8") CLI11 splits the words at commas and
// skips empty items ("16,,17" is 16 and 17): no value is misread.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

namespace hoc {

// A whole number as written: sign, magnitude, and whether the magnitude overflowed 64 bits.
struct WholeNumber {
    bool negative = false;
    std::uint64_t magnitude = 0;
    bool overflow = false;  // more digits than 64 bits hold
};

// Reads `text` by the rules above. Returns false if it is not a whole number at all.
bool readWholeNumber(const std::string& text, WholeNumber& out);

// A value of an option with a range: "--size: abc is not a whole number (allowed: 1 to 1000)",
// "--size: -5 is outside the allowed range 1 to 1000". Throws hoc::UsageError (exit status 2).
// `what` names the option ("--size"), or where the value came from ("HOC_HOST_MEMORY_LIMIT").
std::uint64_t parseWhole(const std::string& text, const std::string& what, std::uint64_t min, std::uint64_t max);
// The same for a signed range; `min` may be negative.
long long parseSignedWhole(const std::string& text, const std::string& what, long long min, long long max);

// The reason `text` is not a whole number in [min, max], or "" when it is (then `value` holds it).
std::string wholeNumberProblem(const std::string& text, std::uint64_t min, std::uint64_t max, std::uint64_t& value);

// A limit on a product, named in the message: {2147483647, "INT_MAX, the kernels' int indices"}.
struct SizeLimit {
    std::uint64_t value;
    std::string name;
};

// The largest the course lets any product of sizes be: what a std::size_t element count can hold
// with room for the bytes of a double (2^60).
inline const SizeLimit kSizeLimit{std::uint64_t{1} << 60, "2^60, the largest element count the programs handle"};

// The product of `factors`, or a hoc::UsageError when it exceeds `limit` (or 64 bits):
// "--shapes 4611686018427387905x1x4: 4611686018427387905 x 1 x 4 elements is more than
// 1152921504606846976 (2^60, ...)". `what` names the option and value.
std::uint64_t checkedProduct(std::initializer_list<std::uint64_t> factors, const SizeLimit& limit,
                             const std::string& what);
std::uint64_t checkedProduct(const std::vector<std::uint64_t>& factors, const SizeLimit& limit,
                             const std::string& what);

// `count` elements of `elementSize` bytes, checked: a std::size_t that cannot wrap.
std::size_t checkedBytes(std::uint64_t count, std::size_t elementSize, const std::string& what);

// The reason `text` is not a shape of `parts` sizes, each 1 to `max`, whose product is at most
// `limit`, or "" when it is (then `values` holds the sizes). `parts` 0: any number of parts.
std::string shapeProblem(const std::string& text, std::size_t parts, std::uint64_t max, const SizeLimit& limit,
                         std::vector<std::size_t>& values);

// A shape, or a hoc::UsageError naming `what`: "--shapes: '5x-3' is not ROWSxCOLS: -3 is outside
// the allowed range 1 to 65536". `form` is how the message writes the shape ("ROWSxCOLS", "MxNxK").
std::vector<std::size_t> parseShape(const std::string& text, const std::string& what, const std::string& form,
                                    std::size_t parts, std::uint64_t max, const SizeLimit& limit = kSizeLimit);

// Whole numbers joined by `separator`: {4096, 4096} and "x" make "4096x4096" (a --shape default),
// {65536, 65536} and " x " make "65536 x 65536" (a product in an error message).
template <typename Whole> std::string joinNumbers(const std::vector<Whole>& values, const char* separator)
{
    std::string text;
    for (const auto v : values)
        text += (text.empty() ? "" : separator) + std::to_string(v);
    return text;
}

// "1.5 GiB", "512 MiB", "12 KiB", "100 bytes"
std::string memoryText(double bytes);

}  // namespace hoc
