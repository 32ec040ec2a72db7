#include "hoc/common/sizes.hpp"

#include <cstdio>

#include "hoc/common/errors.hpp"

namespace hoc {

bool readWholeNumber(const std::string& text, WholeNumber& out)
{
    out = {};
    std::size_t i = 0;
    if (i < text.size() && text[i] == '-') {
        out.negative = true;
        ++i;
    }
    if (i == text.size())
        return false;
    for (; i < text.size(); ++i) {
        const char c = text[i];
        if (c < '0' || c > '9')
            return false;
        const std::uint64_t digit = static_cast<std::uint64_t>(c - '0');
        if (out.overflow)
            continue;
        std::uint64_t next = 0;
        if (__builtin_mul_overflow(out.magnitude, std::uint64_t{10}, &next) ||
            __builtin_add_overflow(next, digit, &next))
            out.overflow = true;
        else
            out.magnitude = next;
    }
    if (out.negative && out.magnitude == 0 && !out.overflow)
        out.negative = false;  // "-0" is 0
    return true;
}

namespace {

std::string rangeText(long long min, std::uint64_t max, bool signedMin)
{
    return (signedMin ? std::to_string(min) : std::to_string(static_cast<std::uint64_t>(min))) + " to " +
           std::to_string(max);
}

// The problem with `text` as a whole number in [min, max] (min may be negative), or "".
std::string wholeProblem(const std::string& text, long long min, std::uint64_t max, bool& negative,
                         std::uint64_t& magnitude)
{
    const std::string range = rangeText(min, max, min < 0);
    WholeNumber w;
    if (!readWholeNumber(text, w))
        return (text.empty() ? std::string("''") : text) + " is not a whole number (allowed: " + range + ")";
    bool inside = !w.overflow;
    if (inside && w.negative)
        inside = min < 0 && w.magnitude <= static_cast<std::uint64_t>(-(min + 1)) + 1;
    else if (inside)
        inside = w.magnitude <= max && (min <= 0 || w.magnitude >= static_cast<std::uint64_t>(min));
    if (!inside)
        return text + " is outside the allowed range " + range;
    negative = w.negative;
    magnitude = w.magnitude;
    return {};
}

}  // namespace

std::string wholeNumberProblem(const std::string& text, std::uint64_t min, std::uint64_t max, std::uint64_t& value)
{
    bool negative = false;
    std::uint64_t magnitude = 0;
    // min as a long long only for the comparison; ranges that start above LLONG_MAX do not occur.
    const long long low = min > static_cast<std::uint64_t>(INT64_MAX) ? INT64_MAX : static_cast<long long>(min);
    std::string why = wholeProblem(text, low, max, negative, magnitude);
    if (why.empty())
        value = magnitude;
    return why;
}

std::uint64_t parseWhole(const std::string& text, const std::string& what, std::uint64_t min, std::uint64_t max)
{
    std::uint64_t value = 0;
    const std::string why = wholeNumberProblem(text, min, max, value);
    if (!why.empty())
        throw UsageError(what + ": " + why);
    return value;
}

long long parseSignedWhole(const std::string& text, const std::string& what, long long min, long long max)
{
    bool negative = false;
    std::uint64_t magnitude = 0;
    const std::string why = wholeProblem(text, min, max < 0 ? 0 : static_cast<std::uint64_t>(max), negative, magnitude);
    if (!why.empty())
        throw UsageError(what + ": " + why);
    const long long value = negative ? -static_cast<long long>(magnitude - 1) - 1 : static_cast<long long>(magnitude);
    if (value < min || value > max)
        throw UsageError(what + ": " + text + " is outside the allowed range " + std::to_string(min) + " to " +
                         std::to_string(max));
    return value;
}

std::uint64_t checkedProduct(const std::vector<std::uint64_t>& factors, const SizeLimit& limit, const std::string& what)
{
    std::uint64_t product = 1;
    bool overflow = false;
    for (const auto f : factors)
        if (!overflow && __builtin_mul_overflow(product, f, &product))
            overflow = true;
    for (const auto f : factors)
        if (f == 0) {  // zero, however large the other factors
            product = 0;
            overflow = false;
        }
    if (overflow || product > limit.value)
        throw UsageError(what + ": " + joinNumbers(factors, " x ") + " = " +
                         (overflow ? std::string("more than 2^64") : std::to_string(product)) + ", more than " +
                         std::to_string(limit.value) + " (" + limit.name + ")");
    return product;
}

std::uint64_t checkedProduct(std::initializer_list<std::uint64_t> factors, const SizeLimit& limit,
                             const std::string& what)
{
    return checkedProduct(std::vector<std::uint64_t>(factors), limit, what);
}

std::size_t checkedBytes(std::uint64_t count, std::size_t elementSize, const std::string& what)
{
    const SizeLimit limit{static_cast<std::uint64_t>(SIZE_MAX), "SIZE_MAX, the largest size in bytes this machine has"};
    return static_cast<std::size_t>(checkedProduct({count, elementSize}, limit, what + " (bytes)"));
}

std::string shapeProblem(const std::string& text, std::size_t parts, std::uint64_t max, const SizeLimit& limit,
                         std::vector<std::size_t>& values)
{
    std::vector<std::string> words(1);
    for (const char c : text) {
        if (c == 'x' || c == 'X')
            words.emplace_back();
        else
            words.back() += c;
    }
    std::vector<std::uint64_t> read;
    for (const auto& word : words) {
        std::uint64_t value = 0;
        const std::string why = wholeNumberProblem(word, 1, max, value);
        if (!why.empty())
            return why;
        read.push_back(value);
    }
    if (parts != 0 && words.size() != parts)
        return std::to_string(words.size()) + (words.size() == 1 ? " size" : " sizes") + ", not " +
               std::to_string(parts);
    try {
        checkedProduct(read, limit, "the product");
    } catch (const UsageError& e) {
        return e.what();
    }
    values.assign(read.begin(), read.end());
    return {};
}

std::vector<std::size_t> parseShape(const std::string& text, const std::string& what, const std::string& form,
                                    std::size_t parts, std::uint64_t max, const SizeLimit& limit)
{
    std::vector<std::size_t> values;
    const std::string why = shapeProblem(text, parts, max, limit, values);
    if (!why.empty())
        throw UsageError(what + ": '" + text + "' is not " + form + ": " + why);
    return values;
}

std::string memoryText(double bytes)
{
    const char* units[] = {"bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    int unit = 0;
    while (bytes >= 1024.0 && unit < 6) {
        bytes /= 1024.0;
        ++unit;
    }
    char text[64];
    std::snprintf(text, sizeof text, unit == 0 ? "%.0f %s" : "%.1f %s", bytes, units[unit]);
    return text;
}

}  // namespace hoc
