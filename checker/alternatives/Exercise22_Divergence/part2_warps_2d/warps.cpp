// Exercise 22, part 2, another shape: the work-items before this one counted row by row, and the
// warps of a work-group as whole warps plus one for a remainder.
#include "warps2d.hpp"

std::size_t warpOf(std::size_t lx, std::size_t ly, std::size_t localX, std::size_t, std::size_t warp)
{
    std::size_t before = lx;
    for (std::size_t row = 0; row < ly; ++row)
        before += localX;
    return before / warp;
}

std::size_t warpsPerGroup(std::size_t localX, std::size_t localY, std::size_t warp)
{
    const std::size_t items = localX * localY;
    return items / warp + (items % warp == 0 ? 0 : 1);
}
