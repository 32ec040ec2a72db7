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

// Step 4 counted rather than written down: every shape's warps of 32, numbered as above, each warp
// mixed where its work-items' parities under the rule differ.
StepFourPrediction stepFourPrediction()
{
    StepFourPrediction prediction;
    for (std::size_t s = 0; s < kStepFourShapes.size(); ++s) {
        const Shape shape = kStepFourShapes[s];
        for (std::size_t w = 0; w < warpsPerGroup(shape.x, shape.y, 32); ++w) {
            bool rowEven = false, rowOdd = false, columnEven = false, columnOdd = false;
            for (std::size_t ly = 0; ly < shape.y; ++ly)
                for (std::size_t lx = 0; lx < shape.x; ++lx)
                    if (warpOf(lx, ly, shape.x, shape.y, 32) == w) {
                        (ly % 2 ? rowOdd : rowEven) = true;
                        (lx % 2 ? columnOdd : columnEven) = true;
                    }
            prediction.mixedByRow[s] += rowEven && rowOdd;
            prediction.mixedByColumn[s] += columnEven && columnOdd;
        }
    }
    prediction.timesByWarpWhenMixed = 2.0;  // both paths, one after the other, each as long as by_warp's one
    return prediction;
}
