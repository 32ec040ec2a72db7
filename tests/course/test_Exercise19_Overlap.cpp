// Exercise 19: a SAXPY in chunks, in one in-order queue and in three queues linked by events. The
// results are checked against the serial reference within its rounding bound (each of the R steps
// rounds twice, at most half a unit each; see saxpyReference), the dependencies by the commands'
// profiling timestamps on the device's one clock, and the commands' types and queues by their events.
// The pipelines are held behind their gate for 50 ms with every queue flushed, and the kernels do
// 256 rounds, so that a missing event shows: a kernel that does not wait for its writes runs during
// the hold, and a slot refilled too early is overwritten while its slow kernel still runs.
#include <climits>

#include "hoc/common/data.hpp"
#include "hoc/common/errors.hpp"
#include "hoc_test.hpp"
#include "overlap.hpp"

namespace {

const float kA = 0.75f;

PipelineOptions options(std::size_t chunk, std::size_t slots, int rounds = 256)
{
    PipelineOptions o;
    o.chunk = chunk;
    o.slots = slots;
    o.rounds = rounds;
    o.hold_s = 0.05;
    return o;
}

struct Case {
    std::size_t n, chunk, slots;
};
// Chunks that do not divide N (a short last chunk), more chunks than slots, three slots, one chunk only,
// more slots than chunks.
const Case kCases[] = {{20011, 2000, 2}, {9000, 1000, 3}, {777, 1000, 2}, {3000, 1000, 5}};

std::string text(const Case& c)
{
    return "N = " + std::to_string(c.n) + ", chunks of " + std::to_string(c.chunk) + ", " + std::to_string(c.slots) +
           " slots";
}

void expectCorrect(const PipelineResult& r, const std::vector<float>& x, const std::vector<float>& y, const Case& c,
                   int rounds, const std::string& what)
{
    // The command that did not wait first: it is the cause of the wrong values that follow from it.
    EXPECT_EQ(r.chunks, (c.n + c.chunk - 1) / c.chunk) << what << ", " << text(c);
    ASSERT_EQ(r.commands.size(), 4 * r.chunks) << HOC_UNDER_TEST << ": " << what << ": expected 4 commands per chunk";
    const std::string problem = dependencyProblem(r, c.slots);
    EXPECT_TRUE(problem.empty()) << HOC_UNDER_TEST << ": " << what << ", " << text(c) << ": " << problem;
    const SaxpyReference expected = saxpyReference(kA, x, y, rounds);
    EXPECT_TRUE(hoc::test::correct(hoc::compareWithBounds(expected.value, r.y, expected.bound),
                                   what + ": Y = a X + Y, " + text(c)));
}

}  // namespace

TEST(Exercise19OneQueue, CorrectInOrderAndNothingOverlaps)
{
    for (const Case& c : kCases) {
        const auto x = hoc::randomFloats(c.n, 61, -1, 1), y = hoc::randomFloats(c.n, 62, -1, 1);
        const PipelineResult r = hoc::test::run(
            [&] { return saxpyOneQueue(hoc::test::device(), kA, x, y, options(c.chunk, c.slots, 5)); });
        expectCorrect(r, x, y, c, 5, "one queue");
        // One in-order queue: every command starts after the one enqueued before it ended.
        std::vector<hoc::CommandTimes> times;
        for (const Command& command : r.commands)
            times.push_back(command.times);
        EXPECT_TRUE(hoc::test::correct(hoc::checkTimeline(times, true), "one queue's timeline, " + text(c)));
        EXPECT_EQ(measureOverlap(r.commands).hidden_s, 0.0) << "one in-order queue cannot overlap anything";
    }
}

TEST(Exercise19ThreeQueues, CorrectAndEveryDependencyKept)
{
    for (const Case& c : kCases) {
        const auto x = hoc::randomFloats(c.n, 63, -1, 1), y = hoc::randomFloats(c.n, 64, -1, 1);
        const PipelineResult r = hoc::test::run(
            [&] { return saxpyThreeQueues(hoc::test::device(), kA, x, y, options(c.chunk, c.slots)); });
        expectCorrect(r, x, y, c, 256, "three queues");
    }
}

TEST(Exercise19ThreeQueues, EventsNameTheirCommandAndQueue)
{
    // clGetEventInfo: writes in queue 0, kernels in queue 1, reads in queue 2.
    const Case c{5000, 1000, 2};
    const auto x = hoc::randomFloats(c.n, 65, -1, 1), y = hoc::randomFloats(c.n, 66, -1, 1);
    const PipelineResult r = hoc::test::run(
        [&] { return saxpyThreeQueues(hoc::test::device(), kA, x, y, options(c.chunk, c.slots, 1)); });
    ASSERT_EQ(r.commands.size(), 20u);
    for (const Command& command : r.commands) {
        const std::string& name = command.times.name;
        const bool write = name.rfind("write", 0) == 0, kernel = name.rfind("saxpy", 0) == 0;
        EXPECT_EQ(commandTypeName(command.type), write ? "write" : kernel ? "kernel" : "read") << name;
        EXPECT_EQ(command.queue, write ? 0 : kernel ? 1 : 2) << name;
    }
}

TEST(Exercise19Overlap, MeasuredFromTheTimestamps)
{
    // A kernel from 100 to 200 ns (and one from 150 to 250 ns: overlapping kernels count once); a
    // write from 50 to 120 ns is hidden for 20 ns, a read from 180 to 300 ns for 70 ns.
    const auto command = [](const char* name, cl_command_type type, cl_ulong start, cl_ulong end) {
        Command c;
        c.times.name = name;
        // As a device gives them: enqueued and handed to the device before it starts.
        c.times.queued = start - 40;
        c.times.submit = start - 20;
        c.times.start = start;
        c.times.end = end;
        c.type = type;
        return c;
    };
    const std::vector<Command> commands = {
        command("write x 0", CL_COMMAND_WRITE_BUFFER, 50, 120), command("saxpy 0", CL_COMMAND_NDRANGE_KERNEL, 100, 200),
        command("saxpy 1", CL_COMMAND_NDRANGE_KERNEL, 150, 250), command("read y 0", CL_COMMAND_READ_BUFFER, 180, 300)};
    const Overlap o = measureOverlap(commands);
    EXPECT_NEAR(o.span_s, 250e-9, 1e-15);
    EXPECT_NEAR(o.copy_s, 190e-9, 1e-15);
    EXPECT_NEAR(o.kernel_s, 200e-9, 1e-15);
    EXPECT_NEAR(o.hidden_s, 90e-9, 1e-15);
}

TEST(Exercise19Overlap, ReferenceBoundHoldsForTheHostsOwnFloats)
{
    // The same steps in float on the host (an SSE multiply and add, no fused multiply-add) stay within
    // the bound, and one step more does not.
    const auto x = hoc::randomFloats(1000, 67, -1, 1), y = hoc::randomFloats(1000, 68, -1, 1);
    const int rounds = 300;
    std::vector<float> host(y), oneMore(y);
    for (std::size_t i = 0; i < y.size(); ++i) {
        for (int r = 0; r < rounds; ++r)
            host[i] = kA * x[i] + host[i];
        oneMore[i] = kA * x[i] + host[i];
    }
    const SaxpyReference expected = saxpyReference(kA, x, y, rounds);
    EXPECT_TRUE(hoc::compareWithBounds(expected.value, host, expected.bound).ok);
    EXPECT_FALSE(hoc::compareWithBounds(expected.value, oneMore, expected.bound).ok);
}

TEST(Exercise19BadInput, RefusesWhatCannotRun)
{
    PipelineOptions o;
    o.chunk = static_cast<std::size_t>(INT_MAX) + 1;
    EXPECT_THROW(requirePipelineMemory(hoc::test::device(), o.chunk, o), hoc::UsageError);
    // More than the device can hold in one buffer: a message naming the limit, no OpenCL error.
    const std::size_t n = hoc::test::device().getInfo<CL_DEVICE_MAX_MEM_ALLOC_SIZE>() / sizeof(float) + 1;
    o.chunk = 1000;
    try {
        requirePipelineMemory(hoc::test::device(), n, o);
        FAIL() << "N = " << n << " was accepted beyond CL_DEVICE_MAX_MEM_ALLOC_SIZE";
    } catch (const hoc::Failure& e) {
        EXPECT_NE(std::string(e.what()).find("CL_DEVICE_MAX_MEM_ALLOC_SIZE"), std::string::npos) << e.what();
    }
}
