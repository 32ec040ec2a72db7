// A correct workGroupSizes written differently from the course's (checker: it must PASS
// Exercise 21's tests): the powers of two found by shifting a bit, the limit added unless the last
// power is it.
#include "sweep.hpp"

std::vector<std::size_t> workGroupSizes(std::size_t limit)
{
    std::vector<std::size_t> out;
    for (unsigned shift = 0; shift < 63 && (std::size_t{1} << shift) <= limit; ++shift)
        out.push_back(std::size_t{1} << shift);
    if (out.empty() || out.back() < limit)
        out.push_back(limit);
    return out;
}
