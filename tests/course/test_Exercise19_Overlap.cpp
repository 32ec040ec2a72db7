// Exercise 19: a SAXPY in chunks, in one in-order queue and in three queues linked by events. The
// results are checked against the serial reference within its rounding bound (each of the R steps
// rounds twice, at most half a unit each; see saxpyReference), the dependencies by the commands'
// profiling timestamps on the device's one clock, and the commands' types and queues by their events.
// The pipelines are held behind their gate for 50 ms with every queue flushed, and the kernels do
// 256 rounds, so that a missing event shows: a kernel that does not wait for its writes runs during
// the hold, and a slot refilled too early is overwritten while its slow kernel still runs.
#include <climits>
#include <map>
#include <string>
#include <vector>

#include "hoc/common/data.hpp"
#include "hoc/common/errors.hpp"
#include "hoc_hints/Exercise19_Overlap.hpp"
#include "hoc_test.hpp"
#if HOC_HAVE_TRACE
#include "hoc_trace.hpp"
#endif
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
    EXPECT_TRUE(problem.empty()) << HOC_UNDER_TEST << "/overlap.cpp: " << what << ", " << text(c) << ": " << problem;
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
    ASSERT_EQ(r.commands.size(), 20u)
        << HOC_UNDER_TEST << "/overlap.cpp: three queues, " << c.n << " elements in chunks of " << c.chunk
        << ": the result lists " << r.commands.size()
        << " commands, where each of the 5 chunks has its write of x, its write of y, its kernel and its read of y "
           "(20)";
    const char* const queues[] = {"in", "run", "out"};
    for (const Command& command : r.commands) {
        const std::string& name = command.times.name;
        const bool write = name.rfind("write", 0) == 0, kernel = name.rfind("saxpy", 0) == 0;
        EXPECT_EQ(commandTypeName(command.type), write ? "write" : kernel ? "kernel" : "read") << name;
        const int expected = write ? 0 : kernel ? 1 : 2;
        if (command.queue != expected) {
            // Part 1's one queue pasted in shows here first: the technique's hint, not only the queue.
            ADD_FAILURE() << HOC_UNDER_TEST << "/overlap.cpp: three queues: '" << name << "' ran in the queue `"
                          << queues[command.queue % 3]
                          << "` (its event's CL_EVENT_COMMAND_QUEUE), where part 2 puts the "
                          << (write    ? "writes"
                              : kernel ? "kernels"
                                       : "reads")
                          << " in `" << queues[expected] << "`"
                          << "\n  hint: " << hoc::test::hint(hoc::hints::technique_overlap);
            break;
        }
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
    // The course library's code (Measure/src/pipeline.cpp and timeline.cpp), not the student's.
    const std::string where =
        "Measure/src/pipeline.cpp: measureOverlap of a write at 50-120 ns, kernels at 100-200 and "
        "150-250 and a read at 180-300: ";
    EXPECT_NEAR(o.span_s, 250e-9, 1e-15) << where << "the span (first start to last end) is " << o.span_s
                                         << " s, expected 250 ns";
    EXPECT_NEAR(o.copy_s, 190e-9, 1e-15) << where << "the copies' run times add up to " << o.copy_s
                                         << " s, expected 190 ns";
    EXPECT_NEAR(o.kernel_s, 200e-9, 1e-15)
        << where << "the kernels' run times add up to " << o.kernel_s << " s, expected 200 ns";
    EXPECT_NEAR(o.hidden_s, 90e-9, 1e-15)
        << where << "the copy time hidden under kernels is " << o.hidden_s << " s, expected 90 ns";
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
    const std::string where = std::string(HOC_UNDER_TEST) + "/given/pipeline.cpp: saxpyReference's bound for " +
                              std::to_string(rounds) + " rounds of y = a x + y ";
    EXPECT_TRUE(hoc::compareWithBounds(expected.value, host, expected.bound).ok)
        << where << "does not hold for the same rounds done in float on the host";
    EXPECT_FALSE(hoc::compareWithBounds(expected.value, oneMore, expected.bound).ok)
        << where << "still holds after one round more: it is too loose to find a round left out or done twice";
}

TEST(Exercise19BadInput, RefusesWhatCannotRun)
{
    PipelineOptions o;
    o.chunk = static_cast<std::size_t>(INT_MAX) + 1;
    EXPECT_THROW(requirePipelineMemory(hoc::test::device(), o.chunk, o), hoc::UsageError)
        << HOC_UNDER_TEST << "/given/pipeline.cpp: requirePipelineMemory did not refuse chunks of 2^31 floats (more "
        << "than an int kernel argument counts) with a usage error";
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

// The technique of part 2, from the record of the OpenCL calls (tests/trace): the copies of one chunk
// can run while the kernel of another chunk runs. The record says, for every command, its queue (in
// order or not), its wait list and its event, and where the host waited (clFinish, clWaitForEvents, a
// blocking read or write). A command runs after another when a chain of those links leads from the one
// to the other: the previous command of an in-order queue, an event of its wait list, a barrier of its
// out-of-order queue, or a wait of the host before it was enqueued. The technique is there when some
// copy (a write or a read) and some kernel that does not use the copy's buffer are linked by no chain:
// nothing keeps them from running at the same time. Timestamps are not the evidence: whether the device
// overlapped them in one run depends on the device and its load.
#if HOC_HAVE_TRACE
namespace {

// A link of a chain: the command `from` must end before the command it leads to starts, because `why`.
struct Link {
    std::size_t from;
    std::string why;
};

struct Order {
    std::vector<hoc::trace::Call> calls;
    std::vector<std::vector<Link>> before;  // for each call, the links into it
    std::vector<std::vector<bool>> after;   // after[j][i]: a chain leads from call i to call j
};

Order orderOf(std::vector<hoc::trace::Call> calls)
{
    Order o;
    const std::size_t n = calls.size();
    o.before.resize(n);
    o.after.assign(n, std::vector<bool>(n, false));
    std::map<const void*, std::size_t> made;                  // an event: the command that returned it (the latest)
    std::map<const void*, std::vector<std::size_t>> inQueue;  // a queue's commands so far
    std::map<const void*, std::size_t> barrier;               // an out-of-order queue's latest barrier
    bool host = false;
    std::size_t hostWait = 0;  // the latest wait of the host: everything enqueued after it runs after it
    for (std::size_t j = 0; j < n; ++j) {
        const hoc::trace::Call& c = calls[j];
        std::vector<Link>& links = o.before[j];
        if (host)
            links.push_back({hostWait, "the host waited before enqueuing it"});
        if (c.op == "wait") {
            if (c.wait == "clFinish")
                for (const std::size_t i : inQueue[c.queue])
                    links.push_back({i, "clFinish waited for its queue"});
            for (const void* e : c.waits)
                if (made.count(e))
                    links.push_back({made[e], "clWaitForEvents waited for its event"});
        } else {
            std::vector<std::size_t>& queue = inQueue[c.queue];
            if (!c.outOfOrder && !queue.empty())
                links.push_back({queue.back(), "the same in-order queue"});
            if (c.outOfOrder) {
                if (barrier.count(c.queue))
                    links.push_back({barrier[c.queue], "a barrier of its out-of-order queue"});
                if ((c.op == "barrier" || c.op == "marker") && c.waits.empty())
                    for (const std::size_t i : queue)
                        links.push_back({i, "a barrier of its out-of-order queue"});
                if (c.op == "barrier")
                    barrier[c.queue] = j;
            }
            for (const void* e : c.waits)
                if (made.count(e))
                    links.push_back({made[e], "its wait list"});
            queue.push_back(j);
            if (c.event != nullptr)
                made[c.event] = j;
        }
        for (const Link& l : links) {
            o.after[j][l.from] = true;
            for (std::size_t i = 0; i < l.from; ++i)
                if (o.after[l.from][i])
                    o.after[j][i] = true;
        }
        if (c.op == "wait" || c.blocking) {
            host = true;
            hostWait = j;
        }
    }
    o.calls = std::move(calls);
    return o;
}

bool isCopy(const hoc::trace::Call& c) { return c.op == "write" || c.op == "read" || c.op == "copy"; }

bool uses(const hoc::trace::Call& kernel, const void* mem)
{
    for (const hoc::trace::Arg& a : kernel.launch.args)
        if (a.kind == hoc::trace::Arg::Kind::Buffer && a.mem == mem)
            return true;
    return false;
}

// A call in a message: "the 3rd write (overlap.cpp:182)", counted among the calls of its kind, with its
// place where the build has line tables.
std::string named(const Order& o, std::size_t index)
{
    const hoc::trace::Call& c = o.calls[index];
    std::size_t nth = 0;
    for (std::size_t i = 0; i <= index; ++i)
        nth += o.calls[i].op == c.op && o.calls[i].blocking == c.blocking && o.calls[i].wait == c.wait ? 1 : 0;
    const char* suffix = nth % 100 / 10 == 1 ? "th"
                         : nth % 10 == 1     ? "st"
                         : nth % 10 == 2     ? "nd"
                         : nth % 10 == 3     ? "rd"
                                             : "th";
    const std::string what = c.op == "launch" ? "launch of " + c.launch.kernel
                             : c.op == "wait" ? c.wait
                                              : std::string(c.blocking ? "blocking " : "") + c.op;
    const hoc::trace::Site site = hoc::trace::where(c);
    const std::string file = site.file.substr(site.file.rfind('/') + 1);
    return "the " + std::to_string(nth) + suffix + " " + what +
           (site.known() ? " (" + file + ":" + std::to_string(site.line) + ")" : "");
}

// The chain from call `from` to call `to`, in words (`to` runs after `from`).
std::string chain(const Order& o, std::size_t from, std::size_t to)
{
    std::vector<std::string> steps;
    for (std::size_t at = to; at != from;) {
        const Link* next = nullptr;
        for (const Link& l : o.before[at])
            if (l.from == from || o.after[l.from][from]) {
                next = &l;
                break;
            }
        if (next == nullptr)
            break;
        steps.push_back(named(o, at) + " (" + next->why + ")");
        at = next->from;
    }
    std::string text = named(o, from);
    for (auto s = steps.rbegin(); s != steps.rend(); ++s)
        text += " -> " + *s;
    return text;
}

}  // namespace

TEST(OverlapTechnique, CopiesCanRunWhileAnotherChunksKernelRuns)
{
    const Case c{8000, 1000, 2};
    PipelineOptions o = options(c.chunk, c.slots, 1);
    o.hold_s = 0;
    const auto x = hoc::randomFloats(c.n, 69, -1, 1), y = hoc::randomFloats(c.n, 70, -1, 1);
    const std::size_t since = hoc::trace::mark();
    hoc::test::run([&] { return saxpyThreeQueues(hoc::test::device(), kA, x, y, o); });
    const Order order = orderOf(hoc::trace::calls(since));
    const std::vector<hoc::trace::Call>& calls = order.calls;
    std::size_t copies = 0, kernels = 0;
    for (std::size_t k = 0; k < calls.size(); ++k) {
        if (calls[k].op != "launch")
            continue;
        ++kernels;
        for (std::size_t i = 0; i < calls.size(); ++i)
            if (isCopy(calls[i]) && !uses(calls[k], calls[i].mem) && !order.after[k][i] && !order.after[i][k])
                return;  // this copy and this kernel may run at the same time
    }
    // None may: explain with the first kernel that runs on copied data and the first copy enqueued after
    // it that it does not use.
    std::size_t first = calls.size(), copy = calls.size();
    for (std::size_t k = 0; k < calls.size() && copy == calls.size(); ++k) {
        bool fed = false;
        for (std::size_t i = 0; i < k; ++i)
            fed = fed || (calls[i].op == "write" && calls[k].op == "launch" && uses(calls[k], calls[i].mem));
        if (!fed)
            continue;
        for (std::size_t i = k + 1; i < calls.size() && copy == calls.size(); ++i)
            if (isCopy(calls[i]) && !uses(calls[k], calls[i].mem)) {
                first = k;
                copy = i;
            }
    }
    for (const auto& call : calls)
        copies += isCopy(call) ? 1 : 0;
    std::string example;
    if (copy < calls.size())
        example = "\n  for one: " + named(order, copy) + " cannot start before " + named(order, first) +
                  " has ended, by this chain: " + chain(order, first, copy);
    ADD_FAILURE() << HOC_UNDER_TEST << "/overlap.cpp: three queues, " << text(c)
                  << ": no copy can run while a kernel runs: each of the " << copies << " writes and reads is held "
                  << "before or after each of the " << kernels << " kernel launches (but those using its buffer) "
                  << "by the queues, the wait lists and the host's waits" << example
                  << "\n  hint: " << hoc::test::hint(hoc::hints::technique_overlap);
}
#endif
