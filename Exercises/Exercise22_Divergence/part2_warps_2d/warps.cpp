// Exercise 22, part 2: which warp a work-item of a 2D work-group is in. 004, section 4.14: "Warps
// are divided based on their linearized thread index": the work-items of a work-group are numbered
// with dimension 0 fastest, and the first `warp` of them are warp 0, the next `warp` warp 1, ...
#include "warps2d.hpp"

// Step 1: the warp of the work-item with local ids (lx, ly) in a work-group of localX x localY.
std::size_t warpOf([[maybe_unused]] std::size_t lx, [[maybe_unused]] std::size_t ly,
                   [[maybe_unused]] std::size_t localX, [[maybe_unused]] std::size_t localY,
                   [[maybe_unused]] std::size_t warp)
{
    // TODO: its linear index in the work-group first (which of the two ids runs fastest?), then the
    //       warp that index falls in.
    return 0;
}

// Step 2: how many warps a work-group of localX x localY work-items takes. A work-group whose size is
// no multiple of `warp` still fills a whole warp with its last few work-items.
std::size_t warpsPerGroup([[maybe_unused]] std::size_t localX, [[maybe_unused]] std::size_t localY,
                          [[maybe_unused]] std::size_t warp)
{
    // TODO
    return 0;
}

// Step 4 of the README: your prediction, worked out before you run anything (the tests check it).
StepFourPrediction stepFourPrediction()
{
    StepFourPrediction prediction;
    // TODO: for each shape of kStepFourShapes, in warps of 32: the warps that hold both paths under
    //       by_row's rule (get_local_id(1) % 2) and under by_column's (get_local_id(0) % 2); and the
    //       time of a kernel whose every warp holds both, as a multiple of by_warp's.
    return prediction;
}
