// Exercise 24, the host half of the lesson: the layout change itself. An array of structures holds
// particle i's eight fields side by side; a structure of arrays holds field f of every particle side
// by side, so that field f of particle i is f[i].
#include "layout.hpp"

Particles toSoa(const std::vector<Particle>& aos)
{
    Particles soa;
    (void)aos;
    // TODO 1: one array per field, all eight of them (the step does not use m and q, but toAos must
    //         give them back): particle i's field f goes to element i of soa's array f.
    return soa;
}

std::vector<Particle> toAos(const Particles& soa)
{
    std::vector<Particle> aos;
    (void)soa;
    // TODO 2: the way back: as many particles as the arrays have elements, particle i gathered from
    //         element i of each array.
    return aos;
}

WarpLoadPrediction stepThreePrediction()
{
    WarpLoadPrediction prediction;
    // TODO 3 (step 3 of the README): your prediction, worked out before you run anything (the tests
    //         check it).
    return prediction;
}

Float4LoadPrediction stepFivePrediction()
{
    Float4LoadPrediction prediction;
    // TODO 5 (step 5 of the README): your prediction, worked out before you run anything (the tests
    //         check it).
    return prediction;
}
