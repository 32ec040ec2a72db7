// Exercise 16b: the launch. How many work-items a launch needs when each scales perItem elements,
// and the NDRange and work-groups that hold them.
#include "coarsening.hpp"
#include "hoc/common/device.hpp"

Launch launchFor(std::size_t n, std::size_t perItem, std::size_t local)
{
    // Each work-item takes perItem elements; the last one may take fewer, so round up.
    Launch launch;
    launch.workItems = (n + perItem - 1) / perItem;
    launch.global = hoc::roundUp(launch.workItems, local);
    launch.groups = launch.global / local;
    return launch;
}

std::size_t stepFivePrediction()
{
    // 2^24 / f work-items in groups of 256 make 65536 / f work-groups, fewer than 132 from f = 512.
    return 512;
}
