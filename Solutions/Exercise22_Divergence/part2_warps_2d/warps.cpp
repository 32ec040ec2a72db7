// Exercise 22, part 2: which warp a work-item of a 2D work-group is in. 004, section 4.14: "Warps
// are divided based on their linearized thread index": the work-items of a work-group are numbered
// with dimension 0 fastest, and the first `warp` of them are warp 0, the next `warp` warp 1, ...
#include "warps2d.hpp"

// Step 1: the warp of the work-item with local ids (lx, ly) in a work-group of localX x localY.
std::size_t warpOf(std::size_t lx, std::size_t ly, std::size_t localX, [[maybe_unused]] std::size_t localY,
                   std::size_t warp)
{
    const std::size_t linear = ly * localX + lx;  // a row of localX work-items, then the next row
    return linear / warp;
}

// Step 2: how many warps a work-group of localX x localY work-items takes. A work-group whose size is
// no multiple of `warp` still fills a whole warp with its last few work-items.
std::size_t warpsPerGroup(std::size_t localX, std::size_t localY, std::size_t warp)
{
    return (localX * localY + warp - 1) / warp;
}

// Step 4: a warp of 32 is one row of 32x8, two rows of 16x16, four rows of 8x32 and half a row of
// 64x4. by_row mixes the warps that span rows; by_column mixes every warp of every shape (its
// neighbouring work-items alternate). A mixed warp runs both paths one after the other.
StepFourPrediction stepFourPrediction()
{
    StepFourPrediction prediction;
    prediction.mixedByRow = {0, 8, 8, 0};
    prediction.mixedByColumn = {8, 8, 8, 8};
    prediction.timesByWarpWhenMixed = 2;
    return prediction;
}
