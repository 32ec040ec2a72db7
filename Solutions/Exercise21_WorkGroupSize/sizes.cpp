// Exercise 21: the work-group sizes to try.
#include "sweep.hpp"

std::vector<std::size_t> workGroupSizes(std::size_t limit)
{
    std::vector<std::size_t> sizes;
    for (std::size_t s = 1; s <= limit; s *= 2)  // the powers of two the limit allows
        sizes.push_back(s);
    if (sizes.back() != limit)  // and the limit itself (e.g. 1000 or 4096 + a few)
        sizes.push_back(limit);
    return sizes;
}
