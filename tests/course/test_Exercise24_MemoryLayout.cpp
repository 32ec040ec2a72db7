// Exercise 24: the layout conversions (toSoa, toAos) against particles laid out by hand; the four
// kernels (update_aos, update_aos4, update_soa, update_aos7 on particles of seven floats) against the
// serial reference, exactly (fma only:
// correctly rounded on the device as on the host), for counts that are no multiple of a work-group,
// several steps (each launch one step), and work-groups from 1 work-item to the kernels'
// CL_KERNEL_WORK_GROUP_SIZE. Mass and charge must come back untouched.
#include <cmath>
#include <cstring>
#include <iomanip>
#include <sstream>
#include <string>

#include "hoc/common/limits.hpp"
#include "hoc_hints/Exercise24_MemoryLayout.hpp"
#include "hoc_test.hpp"
#include "layout.hpp"

namespace {

const std::size_t kCounts[] = {1, 2, 3, 1000, 4097};
constexpr float kDt = 1.0f / 64, kG = -9.81f;

Layout makeLayout()
{
    return hoc::test::run([] { return Layout(hoc::test::device()); });
}

// A float as the checks print it: to the last digit that tells floats apart.
std::string floatText(float value)
{
    std::ostringstream out;
    out << std::setprecision(9) << value;
    return out.str();
}

// The kernels: update_aos and update_aos4 (given), update_soa and update_aos7 (step 6: particles of
// seven floats), the student's.
enum class Which { aos, aos4, soa, aos7 };
const Which kAll[] = {Which::aos, Which::aos4, Which::soa};

std::string kernelText(Which which)
{
    return which == Which::soa    ? "kernel update_soa"
           : which == Which::aos4 ? "kernel update_aos4"
           : which == Which::aos7 ? "kernel update_aos7"
                                  : "kernel update_aos";
}

// Field f of particle `in` after `steps` steps in which f alone is computed another way: position f
// (x, y or z) moved by field `by` instead of its own velocity (by = 8: by vz after gravity changed it),
// or vz (f = 5) set to g dt plus field `by` instead of vz itself. The other fields step as the reference.
float stepMixedUp(const Particle& in, int f, int by, float dt, float g, unsigned steps)
{
    float p[8] = {in.x, in.y, in.z, in.vx, in.vy, in.vz, in.m, in.q};
    for (unsigned s = 0; s < steps; ++s) {
        const float vzNew = std::fma(g, dt, p[5]);
        for (int c = 0; c < 3; ++c) {
            const float v = c != f ? p[c + 3] : by == 8 ? vzNew : p[by];
            p[c] = std::fma(v, dt, p[c]);
        }
        p[5] = f == 5 ? std::fma(g, dt, p[by]) : vzNew;
    }
    return p[f];
}

// Which field of the first wrong particle is off, and which mix-up gives exactly the value it has:
// a position moved by another array's value, z moved by the vz that gravity already changed, vz
// grown from another array; the hint names the one whose steps reproduce it, else only the update.
std::string hint(Which which, const std::vector<Particle>& in, const std::vector<Particle>& expected,
                 const std::vector<Particle>& got, unsigned steps)
{
    const bool soa = which == Which::soa;
    const std::string where =
        "\n  where: " + kernelText(which) + " in particles.cl" +
        (soa ? " (or toSoa and toAos in soa.cpp: MemoryLayout.ConversionsKeepEveryField checks them)" : "");
    if (got.size() != expected.size())
        return where;
    bool moved = false;
    for (std::size_t i = 0; i < got.size() && !moved; ++i)
        moved = got[i].x != in[i].x || got[i].vz != in[i].vz;
    if (!moved)
        return where + "\n  hint: " + hoc::test::hint(hoc::hints::starter);
    // Seven floats a particle: particle 0 right and a later one wrong is where the particles lie, not
    // the step (a particle taken 8 floats apart, or a store past its seven floats).
    if (which == Which::aos7 && got.size() > 1 && std::memcmp(&got[0], &expected[0], sizeof(Particle)) == 0)
        for (std::size_t i = 1; i < got.size(); ++i)
            if (std::memcmp(&got[i], &expected[i], sizeof(Particle)) != 0)
                return where + "\n  hint: " +
                       hoc::test::hint(hoc::hints::seven_floats_apart, {{"particle", std::to_string(i)}});
    static const char* const names[] = {"x", "y", "z", "vx", "vy", "vz", "m", "q"};
    static const hoc::test::Hint* const updates[] = {
        &hoc::hints::update_x,  &hoc::hints::update_y,  &hoc::hints::update_z, &hoc::hints::update_vx,
        &hoc::hints::update_vy, &hoc::hints::update_vz, &hoc::hints::update_m, &hoc::hints::update_q};
    for (std::size_t i = 0; i < got.size(); ++i) {
        const float* e = &expected[i].x;
        const float* g = &got[i].x;
        for (int f = 0; f < 8; ++f) {
            if (e[f] == g[f])
                continue;
            const std::string particle = std::to_string(i);
            if (f < 3 || f == 5)
                for (int by = 0; by <= 8; ++by) {
                    const bool own = f < 3 ? by == f + 3 : by == 5;
                    if (own || (by == 8 && f != 2))
                        continue;
                    if (stepMixedUp(in[i], f, by, kDt, kG, steps) != g[f])
                        continue;
                    if (by == 8)
                        return where +
                               "\n  hint: " + hoc::test::hint(hoc::hints::z_moved_by_new_vz, {{"particle", particle}});
                    return where + "\n  hint: " +
                           hoc::test::hint(f == 5 ? hoc::hints::vz_from_other_array
                                                  : hoc::hints::field_from_other_array,
                                           {{"field", names[f]},
                                            {"particle", particle},
                                            {"used", names[by]},
                                            {"update", hoc::test::hint(*updates[f])}});
                }
            return where + "\n  hint: " +
                   hoc::test::hint(
                       hoc::hints::field_wrong,
                       {{"field", names[f]}, {"particle", particle}, {"update", hoc::test::hint(*updates[f])}});
        }
    }
    return where;
}

void checkCounts(Layout& layout, Which which, std::size_t local, const hoc::Repeats& repeats)
{
    for (const std::size_t n : kCounts) {
        const std::vector<Particle> in = randomParticles(n, static_cast<unsigned>(n));
        const LayoutResult r = hoc::test::run([&] {
            return which == Which::soa    ? layout.runSoa(in, kDt, kG, local, repeats)
                   : which == Which::aos4 ? layout.runAos(in, kDt, kG, local, repeats, AosLoads::float4s)
                   : which == Which::aos7 ? layout.runAos(in, kDt, kG, local, repeats, AosLoads::sevenFloats)
                                          : layout.runAos(in, kDt, kG, local, repeats);
        });
        std::vector<Particle> expected = in;
        stepReference(expected, kDt, kG, r.steps);
        ASSERT_TRUE(hoc::test::correct(compareParticles(expected, r.out), kernelText(which) + ", " + std::to_string(n) +
                                                                              " particles, " + std::to_string(r.steps) +
                                                                              " steps, work-groups of " +
                                                                              std::to_string(r.local)))
            << hint(which, in, expected, r.out, r.steps);
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
    const std::string where = "Measure/include/hoc/measure/particles.hpp: stepReference, one step of one particle: ";
    EXPECT_NE(p[0].x, before.x) << where << "x did not move (x += vx dt)";
    EXPECT_NE(p[0].y, before.y) << where << "y did not move (y += vy dt)";
    EXPECT_NE(p[0].z, before.z) << where << "z did not move (z += vz dt)";
    EXPECT_NE(p[0].vz, before.vz) << where << "vz did not change (gravity acts along z)";
    EXPECT_EQ(p[0].vx, before.vx) << where << "vx changed, where only vz does";
    EXPECT_EQ(p[0].m, before.m) << where << "m changed, where a step never changes it";
    EXPECT_EQ(p[0].q, before.q) << where << "q changed, where a step never changes it";
}

TEST(MemoryLayout, ConversionsKeepEveryField)
{
    // toSoa and toAos (soa.cpp) on their own, each against particles laid out by hand, before any
    // kernel runs on what they give.
    static const char* const names[] = {"x", "y", "z", "vx", "vy", "vz", "m", "q"};
    float Particle::* const member[] = {&Particle::x,  &Particle::y,  &Particle::z, &Particle::vx,
                                        &Particle::vy, &Particle::vz, &Particle::m, &Particle::q};
    std::vector<float> Particles::* const array[] = {&Particles::x,  &Particles::y,  &Particles::z, &Particles::vx,
                                                     &Particles::vy, &Particles::vz, &Particles::m, &Particles::q};
    const std::string where = "\n  where: toSoa in soa.cpp", back = "\n  where: toAos in soa.cpp";
    const std::vector<Particle> aos = randomParticles(5, 24);
    const Particles soa = toSoa(aos);
    // Where a wrong value came from: the field and particle of the input that hold it, if any does.
    const auto source = [&](float value) -> std::string {
        for (std::size_t j = 0; j < aos.size(); ++j)
            for (int g = 0; g < 8; ++g)
                if (aos[j].*member[g] == value)
                    return "field " + std::string(names[g]) + " of particle " + std::to_string(j);
        return "";
    };
    for (int f = 0; f < 8; ++f) {
        const std::vector<float>& got = soa.*array[f];
        ASSERT_EQ(got.size(), aos.size()) << HOC_UNDER_TEST << ": toSoa's array " << names[f] << " for 5 particles"
                                          << where << "\n  hint: " << hoc::test::hint(hoc::hints::to_soa_size);
        for (std::size_t i = 0; i < aos.size(); ++i) {
            if (got[i] == aos[i].*member[f])
                continue;
            const std::string from = source(got[i]);
            const std::string text = HOC_UNDER_TEST + std::string(": toSoa's ") + names[f] + "[" + std::to_string(i) +
                                     "] is " + floatText(got[i]) + ", expected " + floatText(aos[i].*member[f]) +
                                     where + "\n  hint: ";
            if (!from.empty())
                FAIL() << text
                       << hoc::test::hint(hoc::hints::to_soa_from,
                                          {{"field", names[f]}, {"i", std::to_string(i)}, {"from", from}});
            FAIL() << text
                   << hoc::test::hint(hoc::hints::to_soa_element, {{"field", names[f]}, {"i", std::to_string(i)}});
        }
    }
    Particles byHand;
    for (int f = 0; f < 8; ++f)
        for (std::size_t i = 0; i < 5; ++i)
            (byHand.*array[f]).push_back(static_cast<float>(10 * f + i));  // field f of particle i: 10 f + i
    const std::vector<Particle> got = toAos(byHand);
    ASSERT_EQ(got.size(), std::size_t{5}) << HOC_UNDER_TEST << ": toAos of arrays of 5 elements" << back
                                          << "\n  hint: " << hoc::test::hint(hoc::hints::to_aos_size);
    for (std::size_t i = 0; i < 5; ++i)
        for (int f = 0; f < 8; ++f) {
            const float value = got[i].*member[f];
            if (value == static_cast<float>(10 * f + i))
                continue;
            const std::string text = HOC_UNDER_TEST + std::string(": toAos's particle ") + std::to_string(i) +
                                     ", field " + names[f] + " is " + floatText(value) + ", expected " +
                                     std::to_string(10 * f + i) + back + "\n  hint: ";
            // The arrays hold 10 f + i in element i of array f: a value of that form says where it came from.
            const float whole = std::floor(value);
            if (value == whole && value >= 0 && value < 80 && static_cast<int>(value) % 10 < 5)
                FAIL() << text
                       << hoc::test::hint(hoc::hints::to_aos_from,
                                          {{"field", names[f]},
                                           {"i", std::to_string(i)},
                                           {"value", std::to_string(static_cast<int>(value))},
                                           {"element", std::to_string(static_cast<int>(value) % 10)},
                                           {"array", names[static_cast<int>(value) / 10]}});
            FAIL() << text
                   << hoc::test::hint(hoc::hints::to_aos_field, {{"field", names[f]}, {"i", std::to_string(i)}});
        }
}

TEST(MemoryLayout, BothLayoutsMatchTheReference)
{
    Layout layout = makeLayout();
    for (const Which which : kAll) {
        checkCounts(layout, which, 0, {1, 2});  // three steps: z must move with the old vz every time
        if (HasFatalFailure())
            return;  // the first wrong kernel is enough
    }
}

TEST(MemoryLayout, WorkGroupsFromOneToTheMaximum)
{
    Layout layout = makeLayout();
    for (const Which which : kAll) {
        const std::size_t largest = which == Which::soa    ? layout.maxWorkGroupSize(true)
                                    : which == Which::aos4 ? layout.maxWorkGroupSize(false, AosLoads::float4s)
                                                           : layout.maxWorkGroupSize(false);
        for (const std::size_t local : {std::size_t{1}, std::size_t{7}, largest}) {
            checkCounts(layout, which, local, {0, 1});
            if (HasFatalFailure())
                return;
        }
    }
}

// Step 6: particles of seven floats (28 bytes), moved with loads that need only a float's alignment,
// against the same reference, several steps, then work-groups from 1 to the kernel's largest.
TEST(MemoryLayout, SevenFloatParticlesMatchTheReference)
{
    Layout layout = makeLayout();
    checkCounts(layout, Which::aos7, 0, {1, 2});
    if (HasFatalFailure())
        return;
    const std::size_t largest = layout.maxWorkGroupSize(false, AosLoads::sevenFloats);
    for (const std::size_t local : {std::size_t{1}, std::size_t{7}, largest}) {
        checkCounts(layout, Which::aos7, local, {0, 1});
        if (HasFatalFailure())
            return;
    }
}

// Step 3, worked out here: a warp of 32 work-items loads 32 floats of x, each in its own 32-byte
// Particle in AoS (one 32-byte sector each) and side by side in SoA (128 bytes, 4 sectors of 32).
TEST(MemoryLayout, StepThreePrediction)
{
    const std::size_t lanes = 32, sector = 32;
    const std::size_t aos = lanes * ((sizeof(Particle) + sector - 1) / sector) * sector;
    const std::size_t soa = (lanes * sizeof(float) + sector - 1) / sector * sector;
    const WarpLoadPrediction mine = stepThreePrediction();
    const std::string where = std::string(HOC_UNDER_TEST) + ", soa.cpp: stepThreePrediction() (step 3 of the README)";
    EXPECT_EQ(mine.aosBytesTouched, aos) << where << ": the bytes a warp's load of x touches in the array of structures"
                                         << "\n  hint: " << hoc::test::hint(hoc::hints::step3_warp_load);
    EXPECT_EQ(mine.soaBytesTouched, soa) << where << ": the bytes it touches in the structure of arrays"
                                         << "\n  hint: " << hoc::test::hint(hoc::hints::step3_warp_load);
    EXPECT_EQ(mine.bytesUsed, lanes * sizeof(float)) << where << ": the bytes of those the step uses"
                                                     << "\n  hint: " << hoc::test::hint(hoc::hints::step3_warp_load);
}

// Step 5, worked out here: update_aos4's first load is one float4 (x, y, z, vx) per work-item, 16 bytes
// at the start of each 32-byte Particle: one 32-byte sector each, and the step uses all four floats.
TEST(MemoryLayout, StepFivePrediction)
{
    const std::size_t lanes = 32, sector = 32;
    const std::size_t touched = lanes * ((sizeof(Particle) + sector - 1) / sector) * sector;
    const Float4LoadPrediction mine = stepFivePrediction();
    const std::string where = std::string(HOC_UNDER_TEST) + ", soa.cpp: stepFivePrediction() (step 5 of the README)";
    EXPECT_EQ(mine.bytesTouched, touched) << where << ": the bytes a warp's first float4 load touches in update_aos4"
                                          << "\n  hint: " << hoc::test::hint(hoc::hints::step5_float4_load);
    EXPECT_EQ(mine.bytesUsed, lanes * sizeof(cl_float4))
        << where << ": the bytes of those the step uses"
        << "\n  hint: " << hoc::test::hint(hoc::hints::step5_float4_load);
}

TEST(MemoryLayout, BadRequestsAreRefused)
{
    Layout layout = makeLayout();
    EXPECT_THROW(hoc::test::run([&] { return layout.runAos({}, kDt, kG); }), std::runtime_error);
    EXPECT_THROW(hoc::test::run([&] { return layout.runAos({}, kDt, kG, 0, {0, 1}, AosLoads::float4s); }),
                 std::runtime_error);
    EXPECT_THROW(hoc::test::run([&] { return layout.runSoa({}, kDt, kG); }), std::runtime_error);
    EXPECT_THROW(hoc::test::run([&] { return layout.runAos({}, kDt, kG, 0, {0, 1}, AosLoads::sevenFloats); }),
                 std::runtime_error);
}

// The README's facts about layouts between host and device, on the device under test: a float3 takes
// 16 bytes on a 16-byte boundary, so a structure of two float3 and two floats is 48 bytes where eight
// host floats are 32; vload4 reads four floats from any float's address (a 28-byte particle's too),
// where a float4 pointer needs 16-byte alignment. The host's cl_float3 is 16 bytes as well.
TEST(MemoryLayout, Float3AndVload4)
{
    static_assert(sizeof(cl_float3) == 16, "cl_float3 is four floats on the host, as float3 on the device");
    const char* source = R"CLC(
        typedef struct { float3 pos; float3 vel; float m, q; } Particle3;
        typedef struct { char c; float3 v; } Aligned;  // v's offset is float3's alignment
        __kernel void layout_facts(__global uint* facts, __global const float* f)
        {
            Particle3 p;
            Aligned a3;
            facts[0] = sizeof(float3);
            facts[1] = (uint)((__private char*)&a3.v - (__private char*)&a3);
            facts[2] = sizeof(Particle3);
            facts[3] = (uint)((__private char*)&p.vel - (__private char*)&p);
            const float4 a = vload4(0, f + 7);  // particle 1 of an array of 7-float particles
            facts[4] = (uint)a.x;
            facts[5] = (uint)a.w;
        }
    )CLC";
    const cl::Device& device = hoc::test::device();
    cl::Context context(device);
    cl::CommandQueue queue(context, device);
    cl::Program program(context, source);
    try {
        program.build({device});
    } catch (const cl::Error&) {
        FAIL() << "the layout kernel did not build: " << program.getBuildInfo<CL_PROGRAM_BUILD_LOG>(device);
    }
    std::vector<float> floats(16);
    for (std::size_t i = 0; i < floats.size(); ++i)
        floats[i] = static_cast<float>(i);
    cl::Buffer d_floats(queue, floats.begin(), floats.end(), /*readOnly=*/true);
    std::vector<cl_uint> facts(6, 0);
    cl::Buffer d_facts(queue, facts.begin(), facts.end(), /*readOnly=*/false);
    cl::KernelFunctor<cl::Buffer, cl::Buffer> layoutFacts(program, "layout_facts");
    layoutFacts(cl::EnqueueArgs(queue, cl::NDRange(1), cl::NDRange(1)), d_facts, d_floats);
    cl::copy(queue, d_facts, facts.begin(), facts.end());
    EXPECT_EQ(facts[0], 16u) << "sizeof(float3)";
    EXPECT_EQ(facts[1], 16u) << "the alignment of float3";
    EXPECT_EQ(facts[2], 48u) << "sizeof(struct { float3 pos; float3 vel; float m, q; })";
    EXPECT_EQ(facts[3], 16u) << "the offset of vel in that structure";
    EXPECT_EQ(facts[4], 7u) << "vload4(0, f + 7).x";
    EXPECT_EQ(facts[5], 10u) << "vload4(0, f + 7).w";
}

namespace {

// update_soa run by one work-group of `local` work-items alone (an NDRange of `local`) on the fields of
// `in` (x, y, z, vx, vy, vz), which it returns after one step: the particles that part of the range moved.
std::vector<std::vector<float>> runSoaFirstGroup(Layout& layout, const std::vector<Particle>& in, float dt, float g,
                                                 std::size_t local)
{
    const cl::Device& device = hoc::test::device();
    cl::CommandQueue& queue = layout.queue();
    cl::Kernel kernel = layout.kernel("update_soa");
    hoc::requireWorkGroupSize(kernel, device, local, "a work-group of " + std::to_string(local));
    std::vector<std::vector<float>> fields(6, std::vector<float>(in.size()));
    for (std::size_t i = 0; i < in.size(); ++i) {
        const Particle& p = in[i];
        fields[0][i] = p.x, fields[1][i] = p.y, fields[2][i] = p.z;
        fields[3][i] = p.vx, fields[4][i] = p.vy, fields[5][i] = p.vz;
    }
    std::vector<cl::Buffer> buffers;
    for (std::vector<float>& f : fields)
        buffers.emplace_back(queue, f.begin(), f.end(), /*readOnly=*/false);
    for (cl_uint a = 0; a < buffers.size(); ++a)
        kernel.setArg(a, buffers[a]);
    kernel.setArg(6, static_cast<cl_uint>(in.size()));
    kernel.setArg(7, dt);
    kernel.setArg(8, g);
    queue.enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(local), cl::NDRange(local));
    for (std::size_t f = 0; f < fields.size(); ++f)
        cl::copy(queue, buffers[f], fields[f].begin(), fields[f].end());
    return fields;
}

}  // namespace

// Step 2's lesson from part of the range: update_soa run by its first work-group alone (16 work-items
// on 64 particles) must move exactly particles 0 to 15, work-item i taking element i of every array, so
// that neighbouring work-items read and write neighbouring floats. Right values over the whole range do
// not show it: a work-item taking four neighbouring particles gives them too.
TEST(MemoryLayoutTechnique, WorkItemITakesElementI)
{
    Layout layout = makeLayout();
    const std::size_t n = 64, local = 16;
    const std::vector<Particle> in = randomParticles(n, 24);
    const std::vector<std::vector<float>> fields = hoc::test::run(
        [&] { return runSoaFirstGroup(layout, in, kDt, kG, local); });
    std::vector<Particle> expected = in;
    stepReference(expected, kDt, kG, 1);
    std::vector<std::size_t> moved;  // particles whose x, y, z or vz changed
    for (std::size_t i = 0; i < n; ++i)
        if (fields[0][i] != in[i].x || fields[1][i] != in[i].y || fields[2][i] != in[i].z || fields[5][i] != in[i].vz)
            moved.push_back(i);
    std::string text;
    for (std::size_t k = 0; k < moved.size() && k < 6; ++k)
        text += (k ? ", " : "") + std::to_string(moved[k]);
    text = moved.empty() ? "none" : text + (moved.size() > 6 ? ", ... (" + std::to_string(moved.size()) + ")" : "");
    bool inOrder = moved.size() == local;
    for (std::size_t i = 0; inOrder && i < local; ++i)
        inOrder = moved[i] == i && fields[0][i] == expected[i].x && fields[5][i] == expected[i].vz;
    EXPECT_TRUE(inOrder) << HOC_UNDER_TEST
                         << "/particles.cl: update_soa run by its first work-group alone (work-items 0 to " << local - 1
                         << ", " << n << " particles) moved particles " << text << "\n  hint: "
                         << hoc::test::hint(hoc::hints::technique_element_i, {{"kernel", "update_soa"}});
}
