// Exercise 24: both kernels against the serial reference, exactly (fma only: correctly rounded on the
// device as on the host), for counts that are no multiple of a work-group, several steps (each launch
// one step), and work-groups from 1 work-item to the kernels' CL_KERNEL_WORK_GROUP_SIZE. Mass and
// charge must come back untouched.
#include <string>

#include "hoc_test.hpp"
#include "layout.hpp"

namespace {

const std::size_t kCounts[] = {1, 2, 3, 1000, 4097};
constexpr float kDt = 1.0f / 64, kG = -9.81f;

Layout makeLayout()
{
    return hoc::test::run([] { return Layout(hoc::test::device()); });
}

std::string kernelText(bool soa) { return soa ? "kernel update_soa" : "kernel update_aos"; }

// Which field of the first wrong particle is off, and where that most likely comes from.
std::string hint(bool soa, const std::vector<Particle>& in, const std::vector<Particle>& expected,
                 const std::vector<Particle>& got)
{
    const std::string where = "\n  where: " + kernelText(soa) + " in particles.cl";
    if (got.size() != expected.size())
        return where;
    bool moved = false;
    for (std::size_t i = 0; i < got.size() && !moved; ++i)
        moved = got[i].x != in[i].x || got[i].vz != in[i].vz;
    if (!moved)
        return where + "\n  hint: no particle moved: is update_soa still the starter (it writes nothing)?";
    static const char* const names[] = {"x", "y", "z", "vx", "vy", "vz", "m", "q"};
    static const char* const updates[] = {"x += vx dt: x[i] = fma(vx[i], dt, x[i])",
                                          "y += vy dt: y[i] = fma(vy[i], dt, y[i])",
                                          "z += vz dt with the old vz: z[i] = fma(vz[i], dt, z[i]) before vz changes",
                                          "vx is only read", "vy is only read", "vz += g dt: vz[i] = fma(g, dt, vz[i])",
                                          "m is not touched", "q is not touched"};
    for (std::size_t i = 0; i < got.size(); ++i) {
        const float* e = &expected[i].x;
        const float* g = &got[i].x;
        for (int f = 0; f < 8; ++f)
            if (e[f] != g[f])
                return where + "\n  hint: field " + names[f] + " of particle " + std::to_string(i) +
                       " is wrong: each field comes from its own array, at the same index i; " + updates[f];
    }
    return where;
}

void checkCounts(Layout& layout, bool soa, std::size_t local, const hoc::Repeats& repeats)
{
    for (const std::size_t n : kCounts) {
        const std::vector<Particle> in = randomParticles(n, static_cast<unsigned>(n));
        const LayoutResult r = hoc::test::run(
            [&] { return soa ? layout.runSoa(in, kDt, kG, local, repeats) : layout.runAos(in, kDt, kG, local, repeats); });
        std::vector<Particle> expected = in;
        stepReference(expected, kDt, kG, r.steps);
        ASSERT_TRUE(hoc::test::correct(compareParticles(expected, r.out),
                                       kernelText(soa) + ", " + std::to_string(n) + " particles, " +
                                           std::to_string(r.steps) + " steps, work-groups of " + std::to_string(r.local)))
            << hint(soa, in, expected, r.out);
        EXPECT_EQ(r.steps, static_cast<unsigned>(repeats.warmups + repeats.runs)) << "one launch per step";
        EXPECT_EQ(r.global % r.local, 0u) << "the NDRange must be whole work-groups";
        EXPECT_GT(r.seconds, 0.0) << "the kernel's profiling event should report its run time";
    }
}

}  // namespace

TEST(MemoryLayout, ReferenceMovesEveryUsedField)
{
    // A kernel that skipped a field's update must fail: the reference changes x, y, z and vz only.
    std::vector<Particle> p = randomParticles(1, 1);
    const Particle before = p[0];
    stepReference(p, kDt, kG, 1);
    EXPECT_NE(p[0].x, before.x);
    EXPECT_NE(p[0].y, before.y);
    EXPECT_NE(p[0].z, before.z);
    EXPECT_NE(p[0].vz, before.vz);
    EXPECT_EQ(p[0].vx, before.vx);
    EXPECT_EQ(p[0].m, before.m);
    EXPECT_EQ(toAos(toSoa(p))[0].q, p[0].q);
}

TEST(MemoryLayout, BothLayoutsMatchTheReference)
{
    Layout layout = makeLayout();
    for (const bool soa : {false, true}) {
        checkCounts(layout, soa, 0, {1, 2});  // three steps: z must move with the old vz every time
        if (HasFatalFailure())
            return;  // the first wrong kernel is enough
    }
}

TEST(MemoryLayout, WorkGroupsFromOneToTheMaximum)
{
    Layout layout = makeLayout();
    for (const bool soa : {false, true}) {
        for (const std::size_t local : {std::size_t{1}, std::size_t{7}, layout.maxWorkGroupSize(soa)}) {
            checkCounts(layout, soa, local, {0, 1});
            if (HasFatalFailure())
                return;
        }
    }
}

TEST(MemoryLayout, BadRequestsAreRefused)
{
    Layout layout = makeLayout();
    EXPECT_THROW(hoc::test::run([&] { return layout.runAos({}, kDt, kG); }), std::runtime_error);
    EXPECT_THROW(hoc::test::run([&] { return layout.runSoa({}, kDt, kG); }), std::runtime_error);
}
