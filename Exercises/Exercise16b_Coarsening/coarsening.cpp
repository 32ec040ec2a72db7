// Exercise 16b: the launch. Your part of the host program: how many work-items a launch needs when
// each scales perItem elements, and the NDRange and work-groups that hold them.
#include "coarsening.hpp"
#include "hoc/common/device.hpp"

Launch launchFor(std::size_t n, std::size_t perItem, std::size_t local)
{
    // TODO: this is the launch of one element per work-item, whatever perItem is. Work out how many
    // work-items n elements need when each takes perItem of them (n need not be a multiple of
    // perItem: no element may be left without a work-item), then the NDRange (whole work-groups of
    // `local`) and the number of work-groups.
    (void)perItem;
    Launch launch;
    launch.workItems = n;
    launch.global = hoc::roundUp(n, local);
    launch.groups = launch.global / local;
    return launch;
}

std::size_t stepFivePrediction()
{
    // TODO (step 5 of the README): your prediction, worked out before you run anything (the tests
    //      check it; the program checks it against your launchFor).
    return 0;
}
