// The self-check's record of a program's OpenCL calls (tests/trace/trace.cpp): every buffer made (its
// size, flags and where in the program), every kernel launched (its range and the arguments set), the
// commands, events and waits. The exercise programs and the tests built against them are linked with
// it (hoc_traced() in tests/trace/CMakeLists.txt): each OpenCL call goes through a wrapper that records
// it and then makes the call unchanged. The checker reads the record as evidence for host code (a
// buffer sized in elements, arguments in another order than the kernel's, a range that does not cover
// the data, a wait for an event nothing releases); a test reads it here.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace hoc::trace {

// A place in the program: the file of the course and the line that made the call (from the build's
// line tables, through addr2line); unknown where the build has none.
struct Site {
    std::string file;  // as the student names it, from Exercises/ or Solutions/ on
    int line = 0;
    bool known() const { return line > 0; }
    std::string text() const { return known() ? file + ":" + std::to_string(line) : std::string(); }
};

// An argument of a kernel as the host last set it before the launch.
struct Arg {
    enum class Kind { Unset, Buffer, Local, Value } kind = Kind::Unset;
    const void* mem = nullptr;  // Buffer: the cl_mem
    std::size_t size = 0;       // Local: its bytes; Value: the value's bytes
    std::uint64_t bits = 0;     // Value: its first 8 bytes
};

// A kernel launch (clEnqueueNDRangeKernel).
struct Launch {
    std::string kernel;
    unsigned dims = 0;
    std::array<std::size_t, 3> global{1, 1, 1}, local{0, 0, 0};  // local 0: the implementation chose
    std::vector<Arg> args;
    Site site;  // the launch in the program's code
};

// A buffer (clCreateBuffer).
struct Buffer {
    std::size_t size = 0;
    std::uint64_t flags = 0;
    Site site;
};

// A command the program enqueued (clEnqueue...), or a wait of the host that returned (clFinish,
// clWaitForEvents), as the record has it: enough to tell which commands may run at the same time.
struct Call {
    std::string op;    // "launch", "read", "write", "copy", "fill", "map", "unmap", "marker", "barrier"; "wait"
    std::string wait;  // op "wait": "clFinish" or "clWaitForEvents"
    const void* queue = nullptr;     // its queue (clWaitForEvents: none)
    bool outOfOrder = false;         // the queue was made with CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE
    bool blocking = false;           // a blocking read, write or map: the host waited for it to end
    const void* mem = nullptr;       // the buffer a read, write, fill, map or unmap works on (a copy: its destination)
    std::vector<const void*> waits;  // its wait list (a wait: the events waited for)
    const void* event = nullptr;     // the event it returned, if asked for one
    Launch launch;                   // op "launch" (its site left unknown: see where())
    std::vector<std::uintptr_t> at;  // where in the program (where() reads it)
};

// Where the record stands now: launches() and calls() take what came after such a mark.
std::size_t mark();

// Every command and host wait recorded after `since`, in the order the program made them.
std::vector<Call> calls(std::size_t since = 0);

// The place in the program that made a call.
Site where(const Call& call);

// The launches of `kernel` (every kernel when empty) recorded after `since`, in order.
std::vector<Launch> launches(const std::string& kernel = "", std::size_t since = 0);

// The buffer `mem` as it was made (false when the record has none).
bool buffer(const void* mem, Buffer& out);

// Where the user event `event` was made (clCreateUserEvent; false when it is no user event), and the
// mark() it was made at (the commands recorded before it): a handle the runtime gave to an earlier
// command's event, released since, may be the user event's now.
bool userEvent(const void* event, Site& out, std::size_t* madeAt = nullptr);

}  // namespace hoc::trace
