// Exercise 24, the host half of the lesson: the layout change itself. An array of structures holds
// particle i's eight fields side by side; a structure of arrays holds field f of every particle side
// by side, so that field f of particle i is f[i].
#include "layout.hpp"

Particles toSoa(const std::vector<Particle>& aos)
{
    Particles s;
    for (const Particle& p : aos) {
        s.x.push_back(p.x), s.y.push_back(p.y), s.z.push_back(p.z);
        s.vx.push_back(p.vx), s.vy.push_back(p.vy), s.vz.push_back(p.vz);
        s.m.push_back(p.m), s.q.push_back(p.q);
    }
    return s;
}

std::vector<Particle> toAos(const Particles& s)
{
    std::vector<Particle> aos(s.x.size());
    for (std::size_t i = 0; i < aos.size(); ++i)
        aos[i] = {s.x[i], s.y[i], s.z[i], s.vx[i], s.vy[i], s.vz[i], s.m[i], s.q[i]};
    return aos;
}

WarpLoadPrediction stepThreePrediction()
{
    // 32 floats of x: in AoS one per 32-byte particle, 32 sectors of 32 bytes; in SoA 128 contiguous
    // bytes, 4 sectors. The step uses the 32 floats either way.
    return {1024, 128, 128};
}

Float4LoadPrediction stepFivePrediction()
{
    // 32 float4s (x, y, z, vx), one per 32-byte Particle: 32 sectors, half of each used.
    return {1024, 512};
}
