// The record of a program's OpenCL calls (hoc_trace.hpp says what it is for). The linker sends each
// call of the functions below to its __wrap_ twin here (ld's --wrap, set by hoc_traced() in
// tests/trace/CMakeLists.txt), which records it and makes the call (__real_) unchanged: the same
// arguments, the same result, on any OpenCL implementation (PoCL, Intel's CPU runtime, oclgrind).
//
// With HOC_TRACE=FILE the record is also written to FILE, one JSON object per line, as it happens (a
// crash or a kill loses nothing written before it): checker/calls.py reads it. Every record
// that comes from the program's code carries "at": the return addresses of the calls that led to it,
// as offsets in the program's file, which addr2line turns into file and line.
//
// A wait (clFinish, clWaitForEvents, a blocking read, write or map) that has not returned after
// HOC_TRACE_WAIT_LIMIT seconds (20 unless set; 0: never) while a user event that a command waits for
// was never set complete cannot return: nothing else in the program can release that event while its
// one thread waits. The program is then stopped (exit status 124) after a "hang" record naming the
// wait and the event; without HOC_TRACE nothing is stopped.
#include "hoc_trace.hpp"

#define CL_TARGET_OPENCL_VERSION 300
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include <CL/cl.h>
#include <dlfcn.h>
#include <execinfo.h>
#include <fcntl.h>
#include <link.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <regex>
#include <set>
#include <sstream>
#include <thread>

namespace {

using Frames = std::vector<std::uintptr_t>;  // offsets of return addresses in the program's file

struct Command {
    std::string op;    // "launch", "read", "write", ...; "wait": the host waited (clFinish, clWaitForEvents)
    std::string call;  // op "wait": the call
    cl_command_queue queue = nullptr;
    std::vector<cl_event> waits;  // a wait: the events waited for
    cl_event event = nullptr;     // the event the command returned
    cl_mem mem = nullptr;         // the buffer a read, write, fill, map or unmap works on (a copy: its destination)
    bool blocking = false;
    hoc::trace::Launch launch;  // op "launch"
    Frames at;
};

struct KernelState {
    std::string name;
    std::vector<hoc::trace::Arg> args;
};

struct UserEvent {
    Frames at;
    bool set = false;
    std::size_t mark = 0;  // the commands recorded before it was made (mark())
};

struct Record {
    std::mutex lock;
    int fd = -1;  // HOC_TRACE's file, or -1
    std::map<cl_mem, std::pair<hoc::trace::Buffer, Frames>> buffers;
    std::map<cl_kernel, KernelState> kernels;
    std::map<cl_event, UserEvent> userEvents;
    std::set<cl_event> seenComplete;  // events whose status the host read as complete (clGetEventInfo)
    std::map<cl_command_queue, cl_queue_properties> queues;  // each queue's CL_QUEUE_PROPERTIES
    std::vector<Command> commands;
    std::size_t dropped = 0;  // commands left out of `commands` to bound its memory (the oldest)
    // The wait now in progress (one at a time is enough: the course's programs wait from one thread).
    std::atomic<bool> waiting{false};
    std::chrono::steady_clock::time_point waitStart;
    std::string waitCall;
    Frames waitAt;
    std::vector<cl_event> waitEvents;
    cl_command_queue waitQueue = nullptr;
    bool watchdog = false;
};

Record& record()
{
    static Record* r = [] {
        auto* made = new Record;  // never destroyed: wrappers may run while static objects go away
        if (const char* path = std::getenv("HOC_TRACE"); path != nullptr && *path != '\0')
            made->fd = ::open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
        return made;
    }();
    return *r;
}

// The main program's load address (dl_iterate_phdr lists it first).
std::uintptr_t programBase()
{
    static const std::uintptr_t base = [] {
        std::uintptr_t found = 0;
        dl_iterate_phdr(
            [](dl_phdr_info* info, std::size_t, void* data) {
                *static_cast<std::uintptr_t*>(data) = info->dlpi_addr;
                return 1;  // the first entry is the program itself
            },
            &found);
        return found;
    }();
    return base;
}

// The return addresses, up to 16 frames above the wrapper, that lie in the program's own file.
Frames callers()
{
    void* frames[18];
    const int count = backtrace(frames, 18);
    Frames out;
    const std::uintptr_t base = programBase();
    for (int i = 1; i < count; ++i) {
        Dl_info info;
        if (dladdr(frames[i], &info) == 0 || reinterpret_cast<std::uintptr_t>(info.dli_fbase) != base)
            continue;
        out.push_back(reinterpret_cast<std::uintptr_t>(frames[i]) - base - 1);  // inside the call instruction
    }
    return out;
}

std::string hex(const void* p)
{
    char text[32];
    std::snprintf(text, sizeof text, "\"%p\"", p);
    return text;
}

std::string quoted(const std::string& s)
{
    std::string out = "\"";
    for (const char c : s) {
        if (c == '"' || c == '\\')
            out += {'\\', c};
        else if (static_cast<unsigned char>(c) < 0x20) {
            char code[8];
            std::snprintf(code, sizeof code, "\\u%04x", c);
            out += code;
        } else
            out += c;
    }
    return out + "\"";
}

std::string framesJson(const Frames& at)
{
    std::string out = "[";
    for (std::size_t i = 0; i < at.size(); ++i) {
        char text[32];
        std::snprintf(text, sizeof text, "%s\"0x%zx\"", i ? "," : "", static_cast<std::size_t>(at[i]));
        out += text;
    }
    return out + "]";
}

std::string eventsJson(cl_uint count, const cl_event* list)
{
    std::string out = "[";
    for (cl_uint i = 0; list != nullptr && i < count; ++i)
        out += (i ? "," : "") + hex(list[i]);
    return out + "]";
}

template <typename T> std::string numbers(const T* values, unsigned count)
{
    if (values == nullptr)
        return "null";
    std::string out = "[";
    for (unsigned i = 0; i < count; ++i)
        out += (i ? "," : "") + std::to_string(values[i]);
    return out + "]";
}

// Writes one line to HOC_TRACE's file (the caller holds the lock). The first line names the program.
void emit(Record& r, const std::string& json)
{
    if (r.fd < 0)
        return;
    static bool named = false;
    if (!named) {
        named = true;
        char path[4096];
        const ssize_t n = ::readlink("/proc/self/exe", path, sizeof path - 1);
        const std::string exe = n > 0 ? std::string(path, static_cast<std::size_t>(n)) : "";
        const std::string head = "{\"op\":\"program\",\"path\":" + quoted(exe) +
                                 ",\"pid\":" + std::to_string(::getpid()) + "}\n";
        [[maybe_unused]] const ssize_t done = ::write(r.fd, head.data(), head.size());
    }
    const std::string line = json + "\n";
    [[maybe_unused]] const ssize_t done = ::write(r.fd, line.data(), line.size());
}

void keep(Record& r, Command command)
{
    constexpr std::size_t kKept = 1 << 16;
    if (r.commands.size() >= kKept) {
        r.commands.erase(r.commands.begin(), r.commands.begin() + kKept / 2);
        r.dropped += kKept / 2;
    }
    r.commands.push_back(std::move(command));
}

std::vector<cl_event> eventList(cl_uint count, const cl_event* list)
{
    return list == nullptr ? std::vector<cl_event>{} : std::vector<cl_event>(list, list + count);
}

// The record of an enqueued command other than a launch.
void command(const char* op, cl_command_queue queue, const std::string& fields, cl_uint count, const cl_event* waits,
             const cl_event* event, const Frames& at, cl_mem mem = nullptr, bool blocking = false)
{
    Record& r = record();
    std::lock_guard<std::mutex> hold(r.lock);
    emit(r, std::string("{\"op\":\"") + op + "\",\"queue\":" + hex(queue) + fields +
                ",\"waits\":" + eventsJson(count, waits) + ",\"event\":" + (event ? hex(*event) : "null") +
                ",\"at\":" + framesJson(at) + "}");
    Command c;
    c.op = op;
    c.queue = queue;
    c.waits = eventList(count, waits);
    c.event = event ? *event : nullptr;
    c.mem = mem;
    c.blocking = blocking;
    c.at = at;
    keep(r, std::move(c));
}

// The record of a wait of the host that returned: every command it waited for has ended.
void waited(const char* call, cl_command_queue queue, std::vector<cl_event> events, const Frames& at)
{
    Record& r = record();
    std::lock_guard<std::mutex> hold(r.lock);
    Command c;
    c.op = "wait";
    c.call = call;
    c.queue = queue;
    c.waits = std::move(events);
    c.at = at;
    keep(r, std::move(c));
}

double waitLimit()
{
    const char* text = std::getenv("HOC_TRACE_WAIT_LIMIT");
    if (text == nullptr || *text == '\0')
        return 20.0;
    char* end = nullptr;
    const double value = std::strtod(text, &end);
    return end != text && value >= 0 ? value : 20.0;
}

// The hang, when the wait in progress waits behind a user event that was never set complete: the
// lines of the record, or "" when there is none (a slow kernel is no hang).
std::string hangRecord(Record& r, double seconds)
{
    std::string pending;
    for (const auto& [event, user] : r.userEvents) {
        if (user.set)
            continue;
        std::string waiters;
        for (const Command& c : r.commands)
            for (const cl_event w : c.waits)
                if (w == event)
                    waiters += std::string(waiters.empty() ? "" : ",") + "{\"op\":\"" + c.op +
                               "\",\"kernel\":" + quoted(c.launch.kernel) + ",\"queue\":" + hex(c.queue) +
                               ",\"at\":" + framesJson(c.at) + "}";
        // The wait in progress may wait for the user event itself (gate.wait()).
        const bool direct = std::find(r.waitEvents.begin(), r.waitEvents.end(), event) != r.waitEvents.end();
        if (waiters.empty() && !direct)
            continue;  // nothing waits for it: it cannot hold this wait
        pending += std::string(pending.empty() ? "" : ",") + "{\"event\":" + hex(event) +
                   ",\"at\":" + framesJson(user.at) + ",\"direct\":" + (direct ? "true" : "false") + ",\"waiters\":[" +
                   waiters + "]}";
    }
    if (pending.empty())
        return "";
    char secs[32];
    std::snprintf(secs, sizeof secs, "%.1f", seconds);
    return std::string("{\"op\":\"hang\",\"seconds\":") + secs + ",\"call\":" + quoted(r.waitCall) +
           ",\"queue\":" + hex(r.waitQueue) +
           ",\"events\":" + eventsJson(static_cast<cl_uint>(r.waitEvents.size()), r.waitEvents.data()) +
           ",\"at\":" + framesJson(r.waitAt) + ",\"pending\":[" + pending + "]}";
}

void startWatchdog(Record& r)
{
    if (r.watchdog || r.fd < 0)
        return;
    const double limit = waitLimit();
    if (limit <= 0)
        return;
    r.watchdog = true;
    std::thread([limit] {
        Record& w = record();
        for (;;) {
            std::this_thread::sleep_for(std::chrono::milliseconds(250));
            if (!w.waiting.load())
                continue;
            std::lock_guard<std::mutex> hold(w.lock);
            const double seconds =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - w.waitStart).count();
            if (!w.waiting.load() || seconds < limit)
                continue;
            const std::string hang = hangRecord(w, seconds);
            if (hang.empty())
                continue;
            emit(w, hang);
            const char note[] = "hoc trace: a wait that cannot return (a user event that a command waits for was "
                                "never set complete): the program is stopped\n";
            [[maybe_unused]] const ssize_t done = ::write(2, note, sizeof note - 1);
            ::_exit(124);
        }
    }).detach();
}

// Marks a wait in progress for the watchdog, and records it; the destructor marks its end.
class Wait {
public:
    Wait(const char* call, cl_command_queue queue, std::vector<cl_event> events, const Frames& at)
    {
        Record& r = record();
        std::lock_guard<std::mutex> hold(r.lock);
        emit(r, std::string("{\"op\":\"wait\",\"call\":") + quoted(call) + ",\"queue\":" + hex(queue) + ",\"events\":" +
                    eventsJson(static_cast<cl_uint>(events.size()), events.data()) + ",\"at\":" + framesJson(at) + "}");
        r.waitCall = call;
        r.waitQueue = queue;
        r.waitEvents = std::move(events);
        r.waitAt = at;
        r.waitStart = std::chrono::steady_clock::now();
        r.waiting = true;
        startWatchdog(r);
    }
    ~Wait() { record().waiting = false; }
    Wait(const Wait&) = delete;
    Wait& operator=(const Wait&) = delete;
};

const char* spaceName(cl_kernel_arg_address_qualifier q)
{
    switch (q) {
    case CL_KERNEL_ARG_ADDRESS_GLOBAL: return "global";
    case CL_KERNEL_ARG_ADDRESS_LOCAL: return "local";
    case CL_KERNEL_ARG_ADDRESS_CONSTANT: return "constant";
    default: return "private";
    }
}

// The kernel's parameters as the implementation reports them (clGetKernelArgInfo; the build asked for
// -cl-kernel-arg-info), as a JSON list; "[]" where it reports none.
std::string parameters(cl_kernel kernel, cl_uint count)
{
    std::string out = "[";
    for (cl_uint i = 0; i < count; ++i) {
        char name[256] = "", type[256] = "";
        cl_kernel_arg_address_qualifier space = 0;
        cl_kernel_arg_type_qualifier qualifier = 0;
        if (clGetKernelArgInfo(kernel, i, CL_KERNEL_ARG_NAME, sizeof name, name, nullptr) != CL_SUCCESS)
            return "[]";
        clGetKernelArgInfo(kernel, i, CL_KERNEL_ARG_TYPE_NAME, sizeof type, type, nullptr);
        clGetKernelArgInfo(kernel, i, CL_KERNEL_ARG_ADDRESS_QUALIFIER, sizeof space, &space, nullptr);
        clGetKernelArgInfo(kernel, i, CL_KERNEL_ARG_TYPE_QUALIFIER, sizeof qualifier, &qualifier, nullptr);
        out += std::string(i ? "," : "") + "{\"name\":" + quoted(name) + ",\"type\":" + quoted(type) + ",\"space\":\"" +
               spaceName(space) + "\",\"const\":" + ((qualifier & CL_KERNEL_ARG_TYPE_CONST) ? "true" : "false") + "}";
    }
    return out + "]";
}

void kernelMade(cl_kernel kernel, const Frames& at)
{
    if (kernel == nullptr)
        return;
    char name[256] = "";
    cl_uint count = 0;
    clGetKernelInfo(kernel, CL_KERNEL_FUNCTION_NAME, sizeof name, name, nullptr);
    clGetKernelInfo(kernel, CL_KERNEL_NUM_ARGS, sizeof count, &count, nullptr);
    const std::string params = parameters(kernel, count);
    Record& r = record();
    std::lock_guard<std::mutex> hold(r.lock);
    KernelState& k = r.kernels[kernel];
    k.name = name;
    k.args.assign(count, {});
    emit(r, "{\"op\":\"kernel\",\"id\":" + hex(kernel) + ",\"name\":" + quoted(name) + ",\"params\":" + params +
                ",\"at\":" + framesJson(at) + "}");
}

std::string argsJson(const std::vector<hoc::trace::Arg>& args)
{
    std::string out = "[";
    for (std::size_t i = 0; i < args.size(); ++i) {
        const hoc::trace::Arg& a = args[i];
        out += i ? "," : "";
        switch (a.kind) {
        case hoc::trace::Arg::Kind::Buffer: out += "{\"mem\":" + hex(a.mem) + "}"; break;
        case hoc::trace::Arg::Kind::Local: out += "{\"local\":" + std::to_string(a.size) + "}"; break;
        case hoc::trace::Arg::Kind::Value:
            out += "{\"size\":" + std::to_string(a.size) + ",\"bits\":" + std::to_string(a.bits) + "}";
            break;
        default: out += "null";
        }
    }
    return out + "]";
}

// A read or a write of a buffer (op): while a blocking one runs it is a wait (call names it); one that
// succeeds is recorded with its buffer, whether it blocked, its offset and its size.
template <typename Enqueue>
cl_int transfer(const char* op, const char* call, const Frames& at, cl_command_queue queue, cl_mem mem,
                cl_bool blocking, size_t offset, size_t size, cl_uint count, const cl_event* waits, cl_event* event,
                Enqueue enqueue)
{
    std::unique_ptr<Wait> wait;
    if (blocking)
        wait = std::make_unique<Wait>(call, queue, eventList(count, waits), at);
    const cl_int status = enqueue();
    wait.reset();
    if (status == CL_SUCCESS) {
        command(op, queue,
                ",\"mem\":" + hex(mem) + ",\"blocking\":" + (blocking ? "true" : "false") +
                    ",\"offset\":" + std::to_string(offset) + ",\"size\":" + std::to_string(size),
                count, waits, event, at, mem, blocking);
    } else {
        // A refused transfer (a size past the buffer's end: CL_INVALID_VALUE) is recorded too, so that
        // the self-check can name the buffer and the call.
        Record& r = record();
        std::lock_guard<std::mutex> hold(r.lock);
        emit(r, std::string("{\"op\":\"refused\",\"call\":\"") + op + "\",\"status\":" + std::to_string(status) +
                    ",\"mem\":" + hex(mem) + ",\"offset\":" + std::to_string(offset) +
                    ",\"size\":" + std::to_string(size) + ",\"at\":" + framesJson(at) + "}");
    }
    return status;
}

}  // namespace

extern "C" {

cl_mem __real_clCreateBuffer(cl_context, cl_mem_flags, size_t, void*, cl_int*);
cl_mem __wrap_clCreateBuffer(cl_context context, cl_mem_flags flags, size_t size, void* host, cl_int* error)
{
    const Frames at = callers();
    cl_mem mem = __real_clCreateBuffer(context, flags, size, host, error);
    if (mem != nullptr) {
        Record& r = record();
        std::lock_guard<std::mutex> hold(r.lock);
        r.buffers[mem] = {hoc::trace::Buffer{size, flags, {}}, at};
        emit(r, "{\"op\":\"buffer\",\"id\":" + hex(mem) + ",\"flags\":" + std::to_string(flags) +
                    ",\"size\":" + std::to_string(size) + ",\"at\":" + framesJson(at) + "}");
    }
    return mem;
}

cl_mem __real_clCreateSubBuffer(cl_mem, cl_mem_flags, cl_buffer_create_type, const void*, cl_int*);
cl_mem __wrap_clCreateSubBuffer(cl_mem parent, cl_mem_flags flags, cl_buffer_create_type type, const void* info,
                                cl_int* error)
{
    const Frames at = callers();
    cl_mem mem = __real_clCreateSubBuffer(parent, flags, type, info, error);
    if (mem != nullptr && type == CL_BUFFER_CREATE_TYPE_REGION && info != nullptr) {
        const auto* region = static_cast<const cl_buffer_region*>(info);
        Record& r = record();
        std::lock_guard<std::mutex> hold(r.lock);
        r.buffers[mem] = {hoc::trace::Buffer{region->size, flags, {}}, at};
        emit(r, "{\"op\":\"buffer\",\"id\":" + hex(mem) + ",\"flags\":" + std::to_string(flags) +
                    ",\"size\":" + std::to_string(region->size) + ",\"parent\":" + hex(parent) +
                    ",\"origin\":" + std::to_string(region->origin) + ",\"at\":" + framesJson(at) + "}");
    }
    return mem;
}

cl_program __real_clCreateProgramWithSource(cl_context, cl_uint, const char**, const size_t*, cl_int*);
cl_program __wrap_clCreateProgramWithSource(cl_context context, cl_uint count, const char** strings,
                                            const size_t* lengths, cl_int* error)
{
    // The source as built (the checker tells by it which of several files defining a kernel ran).
    const Frames at = callers();
    cl_program program = __real_clCreateProgramWithSource(context, count, strings, lengths, error);
    if (program != nullptr && strings != nullptr) {
        std::string source;
        for (cl_uint i = 0; i < count && source.size() < (1u << 18); ++i)
            if (strings[i] != nullptr)
                source.append(strings[i], lengths && lengths[i] ? lengths[i] : std::strlen(strings[i]));
        Record& r = record();
        std::lock_guard<std::mutex> hold(r.lock);
        emit(r, "{\"op\":\"program-source\",\"id\":" + hex(program) +
                    ",\"source\":" + quoted(source.substr(0, 1u << 18)) + ",\"at\":" + framesJson(at) + "}");
    }
    return program;
}

cl_int __real_clBuildProgram(cl_program, cl_uint, const cl_device_id*, const char*,
                             void(CL_CALLBACK*)(cl_program, void*), void*);
cl_int __wrap_clBuildProgram(cl_program program, cl_uint count, const cl_device_id* devices, const char* options,
                             void(CL_CALLBACK* notify)(cl_program, void*), void* data)
{
    // The parameters' names and qualifiers (clGetKernelArgInfo) need -cl-kernel-arg-info on some
    // implementations; it changes nothing in the compiled code.
    std::string with = options ? options : "";
    if (with.find("-cl-kernel-arg-info") == std::string::npos)
        with += (with.empty() ? "" : " ") + std::string("-cl-kernel-arg-info");
    return __real_clBuildProgram(program, count, devices, with.c_str(), notify, data);
}

cl_kernel __real_clCreateKernel(cl_program, const char*, cl_int*);
cl_kernel __wrap_clCreateKernel(cl_program program, const char* name, cl_int* error)
{
    const Frames at = callers();
    cl_kernel kernel = __real_clCreateKernel(program, name, error);
    kernelMade(kernel, at);
    return kernel;
}

cl_int __real_clCreateKernelsInProgram(cl_program, cl_uint, cl_kernel*, cl_uint*);
cl_int __wrap_clCreateKernelsInProgram(cl_program program, cl_uint count, cl_kernel* kernels, cl_uint* made)
{
    const Frames at = callers();
    cl_uint n = 0;
    const cl_int status = __real_clCreateKernelsInProgram(program, count, kernels, &n);
    if (made != nullptr)
        *made = n;
    for (cl_uint i = 0; status == CL_SUCCESS && kernels != nullptr && i < n; ++i)
        kernelMade(kernels[i], at);
    return status;
}

cl_int __real_clSetKernelArg(cl_kernel, cl_uint, size_t, const void*);
cl_int __wrap_clSetKernelArg(cl_kernel kernel, cl_uint index, size_t size, const void* value)
{
    const cl_int status = __real_clSetKernelArg(kernel, index, size, value);
    if (status != CL_SUCCESS)
        return status;
    Record& r = record();
    std::lock_guard<std::mutex> hold(r.lock);
    KernelState& k = r.kernels[kernel];
    if (k.args.size() <= index)
        k.args.resize(index + 1);
    hoc::trace::Arg a;
    if (value == nullptr) {
        a.kind = hoc::trace::Arg::Kind::Local;
        a.size = size;
    } else if (size == sizeof(cl_mem) && r.buffers.count(*static_cast<const cl_mem*>(value))) {
        a.kind = hoc::trace::Arg::Kind::Buffer;
        a.mem = *static_cast<const cl_mem*>(value);
    } else {
        a.kind = hoc::trace::Arg::Kind::Value;
        a.size = size;
        std::memcpy(&a.bits, value, size < sizeof a.bits ? size : sizeof a.bits);
    }
    k.args[index] = a;
    return status;
}

cl_int __real_clEnqueueNDRangeKernel(cl_command_queue, cl_kernel, cl_uint, const size_t*, const size_t*, const size_t*,
                                     cl_uint, const cl_event*, cl_event*);
cl_int __wrap_clEnqueueNDRangeKernel(cl_command_queue queue, cl_kernel kernel, cl_uint dims, const size_t* offset,
                                     const size_t* global, const size_t* local, cl_uint count, const cl_event* waits,
                                     cl_event* event)
{
    const Frames at = callers();
    const cl_int status = __real_clEnqueueNDRangeKernel(queue, kernel, dims, offset, global, local, count, waits,
                                                        event);
    Record& r = record();
    std::lock_guard<std::mutex> hold(r.lock);
    const KernelState& k = r.kernels[kernel];
    if (status != CL_SUCCESS) {
        // A launch the runtime refused (a range that is no whole number of work-groups:
        // CL_INVALID_WORK_GROUP_SIZE) is recorded with its range, so that the self-check can name it.
        emit(r, "{\"op\":\"refused\",\"call\":\"launch\",\"status\":" + std::to_string(status) + ",\"name\":" +
                    quoted(k.name) + ",\"dims\":" + std::to_string(dims) + ",\"global\":" + numbers(global, dims) +
                    ",\"local\":" + numbers(local, dims) + ",\"at\":" + framesJson(at) + "}");
        return status;
    }
    Command c;
    c.op = "launch";
    c.queue = queue;
    c.waits = eventList(count, waits);
    c.at = at;
    c.launch.kernel = k.name;
    c.launch.dims = dims;
    for (cl_uint d = 0; d < dims && d < 3; ++d) {
        c.launch.global[d] = global ? global[d] : 1;
        c.launch.local[d] = local ? local[d] : 0;
    }
    c.launch.args = k.args;
    c.event = event ? *event : nullptr;
    emit(r, "{\"op\":\"launch\",\"queue\":" + hex(queue) + ",\"kernel\":" + hex(kernel) + ",\"name\":" +
                quoted(k.name) + ",\"dims\":" + std::to_string(dims) + ",\"global\":" + numbers(global, dims) +
                ",\"local\":" + numbers(local, dims) + ",\"offset\":" + numbers(offset, dims) +
                ",\"args\":" + argsJson(k.args) + ",\"waits\":" + eventsJson(count, waits) +
                ",\"event\":" + (event ? hex(*event) : "null") + ",\"at\":" + framesJson(at) + "}");
    keep(r, std::move(c));
    return status;
}

cl_int __real_clEnqueueReadBuffer(cl_command_queue, cl_mem, cl_bool, size_t, size_t, void*, cl_uint, const cl_event*,
                                  cl_event*);
cl_int __wrap_clEnqueueReadBuffer(cl_command_queue queue, cl_mem mem, cl_bool blocking, size_t offset, size_t size,
                                  void* ptr, cl_uint count, const cl_event* waits, cl_event* event)
{
    const Frames at = callers();
    return transfer("read", "blocking read", at, queue, mem, blocking, offset, size, count, waits, event, [&] {
        return __real_clEnqueueReadBuffer(queue, mem, blocking, offset, size, ptr, count, waits, event);
    });
}

cl_int __real_clEnqueueWriteBuffer(cl_command_queue, cl_mem, cl_bool, size_t, size_t, const void*, cl_uint,
                                   const cl_event*, cl_event*);
cl_int __wrap_clEnqueueWriteBuffer(cl_command_queue queue, cl_mem mem, cl_bool blocking, size_t offset, size_t size,
                                   const void* ptr, cl_uint count, const cl_event* waits, cl_event* event)
{
    const Frames at = callers();
    return transfer("write", "blocking write", at, queue, mem, blocking, offset, size, count, waits, event, [&] {
        return __real_clEnqueueWriteBuffer(queue, mem, blocking, offset, size, ptr, count, waits, event);
    });
}

cl_int __real_clEnqueueCopyBuffer(cl_command_queue, cl_mem, cl_mem, size_t, size_t, size_t, cl_uint, const cl_event*,
                                  cl_event*);
cl_int __wrap_clEnqueueCopyBuffer(cl_command_queue queue, cl_mem from, cl_mem to, size_t fromOffset, size_t toOffset,
                                  size_t size, cl_uint count, const cl_event* waits, cl_event* event)
{
    const Frames at = callers();
    const cl_int status = __real_clEnqueueCopyBuffer(queue, from, to, fromOffset, toOffset, size, count, waits, event);
    if (status == CL_SUCCESS)
        command("copy", queue, ",\"from\":" + hex(from) + ",\"mem\":" + hex(to) + ",\"size\":" + std::to_string(size),
                count, waits, event, at, to);
    return status;
}

cl_int __real_clEnqueueFillBuffer(cl_command_queue, cl_mem, const void*, size_t, size_t, size_t, cl_uint,
                                  const cl_event*, cl_event*);
cl_int __wrap_clEnqueueFillBuffer(cl_command_queue queue, cl_mem mem, const void* pattern, size_t patternSize,
                                  size_t offset, size_t size, cl_uint count, const cl_event* waits, cl_event* event)
{
    const Frames at = callers();
    const cl_int status = __real_clEnqueueFillBuffer(queue, mem, pattern, patternSize, offset, size, count, waits,
                                                     event);
    if (status == CL_SUCCESS)
        command("fill", queue,
                ",\"mem\":" + hex(mem) + ",\"offset\":" + std::to_string(offset) + ",\"size\":" + std::to_string(size),
                count, waits, event, at, mem);
    return status;
}

void* __real_clEnqueueMapBuffer(cl_command_queue, cl_mem, cl_bool, cl_map_flags, size_t, size_t, cl_uint,
                                const cl_event*, cl_event*, cl_int*);
void* __wrap_clEnqueueMapBuffer(cl_command_queue queue, cl_mem mem, cl_bool blocking, cl_map_flags flags, size_t offset,
                                size_t size, cl_uint count, const cl_event* waits, cl_event* event, cl_int* error)
{
    const Frames at = callers();
    std::unique_ptr<Wait> wait;
    if (blocking)
        wait = std::make_unique<Wait>("blocking map", queue, eventList(count, waits), at);
    cl_int status = CL_SUCCESS;
    void* mapped = __real_clEnqueueMapBuffer(queue, mem, blocking, flags, offset, size, count, waits, event, &status);
    wait.reset();
    if (error != nullptr)
        *error = status;
    if (status == CL_SUCCESS) {
        command("map", queue,
                ",\"mem\":" + hex(mem) + ",\"blocking\":" + (blocking ? "true" : "false") +
                    ",\"flags\":" + std::to_string(flags) + ",\"offset\":" + std::to_string(offset) +
                    ",\"size\":" + std::to_string(size),
                count, waits, event, at, mem, blocking);
    } else {  // refused (a region past the buffer's end: CL_INVALID_VALUE), recorded as a refused transfer is
        Record& r = record();
        std::lock_guard<std::mutex> hold(r.lock);
        emit(r, "{\"op\":\"refused\",\"call\":\"map\",\"status\":" + std::to_string(status) + ",\"mem\":" + hex(mem) +
                    ",\"offset\":" + std::to_string(offset) + ",\"size\":" + std::to_string(size) +
                    ",\"at\":" + framesJson(at) + "}");
    }
    return mapped;
}

cl_int __real_clEnqueueUnmapMemObject(cl_command_queue, cl_mem, void*, cl_uint, const cl_event*, cl_event*);
cl_int __wrap_clEnqueueUnmapMemObject(cl_command_queue queue, cl_mem mem, void* mapped, cl_uint count,
                                      const cl_event* waits, cl_event* event)
{
    const Frames at = callers();
    const cl_int status = __real_clEnqueueUnmapMemObject(queue, mem, mapped, count, waits, event);
    if (status == CL_SUCCESS)
        command("unmap", queue, ",\"mem\":" + hex(mem), count, waits, event, at, mem);
    return status;
}

cl_int __real_clEnqueueMarkerWithWaitList(cl_command_queue, cl_uint, const cl_event*, cl_event*);
cl_int __wrap_clEnqueueMarkerWithWaitList(cl_command_queue queue, cl_uint count, const cl_event* waits, cl_event* event)
{
    const Frames at = callers();
    const cl_int status = __real_clEnqueueMarkerWithWaitList(queue, count, waits, event);
    if (status == CL_SUCCESS)
        command("marker", queue, "", count, waits, event, at);
    return status;
}

cl_int __real_clEnqueueBarrierWithWaitList(cl_command_queue, cl_uint, const cl_event*, cl_event*);
cl_int __wrap_clEnqueueBarrierWithWaitList(cl_command_queue queue, cl_uint count, const cl_event* waits,
                                           cl_event* event)
{
    const Frames at = callers();
    const cl_int status = __real_clEnqueueBarrierWithWaitList(queue, count, waits, event);
    if (status == CL_SUCCESS)
        command("barrier", queue, "", count, waits, event, at);
    return status;
}

cl_event __real_clCreateUserEvent(cl_context, cl_int*);
cl_event __wrap_clCreateUserEvent(cl_context context, cl_int* error)
{
    const Frames at = callers();
    cl_event event = __real_clCreateUserEvent(context, error);
    if (event != nullptr) {
        Record& r = record();
        std::lock_guard<std::mutex> hold(r.lock);
        r.userEvents[event] = {at, false, r.dropped + r.commands.size()};
        emit(r, "{\"op\":\"user-event\",\"id\":" + hex(event) + ",\"at\":" + framesJson(at) + "}");
    }
    return event;
}

cl_int __real_clSetUserEventStatus(cl_event, cl_int);
cl_int __wrap_clSetUserEventStatus(cl_event event, cl_int status)
{
    const Frames at = callers();
    {
        Record& r = record();
        std::lock_guard<std::mutex> hold(r.lock);
        const auto found = r.userEvents.find(event);
        if (found != r.userEvents.end())
            found->second.set = true;
        emit(r, "{\"op\":\"set-status\",\"id\":" + hex(event) + ",\"status\":" + std::to_string(status) +
                    ",\"at\":" + framesJson(at) + "}");
    }
    return __real_clSetUserEventStatus(event, status);
}

cl_int __real_clWaitForEvents(cl_uint, const cl_event*);
cl_int __wrap_clWaitForEvents(cl_uint count, const cl_event* events)
{
    const Frames at = callers();
    cl_int status = CL_SUCCESS;
    {
        Wait wait("clWaitForEvents", nullptr, eventList(count, events), at);
        status = __real_clWaitForEvents(count, events);
    }
    if (status == CL_SUCCESS)
        waited("clWaitForEvents", nullptr, eventList(count, events), at);
    return status;
}

// The host learning that a command ended without a wait: an event's status read as complete (a polling
// loop) or a callback set on it. Recorded once per event, so that a loop that polls adds one line.
cl_int __real_clGetEventInfo(cl_event, cl_event_info, size_t, void*, size_t*);
cl_int __wrap_clGetEventInfo(cl_event event, cl_event_info name, size_t size, void* value, size_t* size_ret)
{
    const cl_int status = __real_clGetEventInfo(event, name, size, value, size_ret);
    if (status == CL_SUCCESS && name == CL_EVENT_COMMAND_EXECUTION_STATUS && value != nullptr &&
        size >= sizeof(cl_int) && *static_cast<const cl_int*>(value) <= CL_COMPLETE) {
        Record& r = record();
        std::lock_guard<std::mutex> hold(r.lock);
        if (r.seenComplete.insert(event).second)
            emit(r, "{\"op\":\"seen-complete\",\"events\":" + eventsJson(1, &event) + "}");
    }
    return status;
}

cl_int __real_clSetEventCallback(cl_event, cl_int, void(CL_CALLBACK*)(cl_event, cl_int, void*), void*);
cl_int __wrap_clSetEventCallback(cl_event event, cl_int type, void(CL_CALLBACK* notify)(cl_event, cl_int, void*),
                                 void* data)
{
    const cl_int status = __real_clSetEventCallback(event, type, notify, data);
    if (status == CL_SUCCESS) {
        Record& r = record();
        std::lock_guard<std::mutex> hold(r.lock);
        emit(r, "{\"op\":\"callback\",\"events\":" + eventsJson(1, &event) + "}");
    }
    return status;
}

cl_int __real_clFinish(cl_command_queue);
cl_int __wrap_clFinish(cl_command_queue queue)
{
    const Frames at = callers();
    cl_int status = CL_SUCCESS;
    {
        Wait wait("clFinish", queue, {}, at);
        status = __real_clFinish(queue);
    }
    if (status == CL_SUCCESS)
        waited("clFinish", queue, {}, at);
    return status;
}

cl_int __real_clFlush(cl_command_queue);
cl_int __wrap_clFlush(cl_command_queue queue)
{
    const Frames at = callers();
    {
        Record& r = record();
        std::lock_guard<std::mutex> hold(r.lock);
        emit(r, "{\"op\":\"flush\",\"queue\":" + hex(queue) + ",\"at\":" + framesJson(at) + "}");
    }
    return __real_clFlush(queue);
}

cl_command_queue __real_clCreateCommandQueueWithProperties(cl_context, cl_device_id, const cl_queue_properties*,
                                                           cl_int*);
cl_command_queue __wrap_clCreateCommandQueueWithProperties(cl_context context, cl_device_id device,
                                                           const cl_queue_properties* properties, cl_int* error)
{
    const Frames at = callers();
    cl_command_queue queue = __real_clCreateCommandQueueWithProperties(context, device, properties, error);
    cl_queue_properties flags = 0;
    for (const cl_queue_properties* p = properties; p != nullptr && p[0] != 0; p += 2)
        if (p[0] == CL_QUEUE_PROPERTIES)
            flags = p[1];
    if (queue != nullptr) {
        Record& r = record();
        std::lock_guard<std::mutex> hold(r.lock);
        r.queues[queue] = flags;
        emit(r, "{\"op\":\"queue\",\"id\":" + hex(queue) + ",\"properties\":" + std::to_string(flags) +
                    ",\"at\":" + framesJson(at) + "}");
    }
    return queue;
}

cl_command_queue __real_clCreateCommandQueue(cl_context, cl_device_id, cl_command_queue_properties, cl_int*);
cl_command_queue __wrap_clCreateCommandQueue(cl_context context, cl_device_id device,
                                             cl_command_queue_properties properties, cl_int* error)
{
    const Frames at = callers();
    cl_command_queue queue = __real_clCreateCommandQueue(context, device, properties, error);
    if (queue != nullptr) {
        Record& r = record();
        std::lock_guard<std::mutex> hold(r.lock);
        r.queues[queue] = properties;
        emit(r, "{\"op\":\"queue\",\"id\":" + hex(queue) + ",\"properties\":" + std::to_string(properties) +
                    ",\"at\":" + framesJson(at) + "}");
    }
    return queue;
}

}  // extern "C"

namespace hoc::trace {

namespace {

// File and line of the first of `at` that lies in a folder of the course's exercises or solutions
// (addr2line on the program's own file, inlined calls included: the line of the student's code that a
// call of the C++ bindings was inlined into).
Site resolve(const Frames& at)
{
    if (at.empty())
        return {};
    std::string command = "addr2line -i -a -e /proc/" + std::to_string(::getpid()) + "/exe";
    for (const std::uintptr_t a : at) {
        char text[32];
        std::snprintf(text, sizeof text, " 0x%zx", static_cast<std::size_t>(a));
        command += text;
    }
    command += " 2>/dev/null";
    FILE* pipe = ::popen(command.c_str(), "r");
    if (pipe == nullptr)
        return {};
    std::string output;
    char chunk[4096];
    for (std::size_t n; (n = std::fread(chunk, 1, sizeof chunk, pipe)) > 0;)
        output.append(chunk, n);
    ::pclose(pipe);
    static const std::regex place(R"((?:^|/)((?:Exercises|Solutions)/[^/]+/[^:]+):(\d+))");
    std::istringstream lines(output);
    for (std::string line; std::getline(lines, line);) {
        std::smatch m;
        if (std::regex_search(line, m, place))
            return {m[1].str(), std::stoi(m[2].str())};
    }
    return {};
}

}  // namespace

std::size_t mark()
{
    Record& r = record();
    std::lock_guard<std::mutex> hold(r.lock);
    return r.dropped + r.commands.size();
}

std::vector<Launch> launches(const std::string& kernel, std::size_t since)
{
    std::vector<std::pair<Launch, Frames>> found;
    {
        Record& r = record();
        std::lock_guard<std::mutex> hold(r.lock);
        for (std::size_t i = since > r.dropped ? since - r.dropped : 0; i < r.commands.size(); ++i) {
            const Command& c = r.commands[i];
            if (c.op == "launch" && (kernel.empty() || c.launch.kernel == kernel))
                found.emplace_back(c.launch, c.at);
        }
    }
    std::vector<Launch> out;
    for (auto& [launch, at] : found) {
        launch.site = resolve(at);
        out.push_back(std::move(launch));
    }
    return out;
}

std::vector<Call> calls(std::size_t since)
{
    Record& r = record();
    std::lock_guard<std::mutex> hold(r.lock);
    std::vector<Call> out;
    for (std::size_t i = since > r.dropped ? since - r.dropped : 0; i < r.commands.size(); ++i) {
        const Command& c = r.commands[i];
        Call call;
        call.op = c.op;
        call.wait = c.call;
        call.queue = c.queue;
        const auto queue = r.queues.find(c.queue);
        call.outOfOrder = queue != r.queues.end() && (queue->second & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE) != 0;
        call.blocking = c.blocking;
        call.mem = c.mem;
        call.waits.assign(c.waits.begin(), c.waits.end());
        call.event = c.event;
        call.launch = c.launch;
        call.at = c.at;
        out.push_back(std::move(call));
    }
    return out;
}

Site where(const Call& call) { return resolve(call.at); }

bool buffer(const void* mem, Buffer& out)
{
    Frames at;
    {
        Record& r = record();
        std::lock_guard<std::mutex> hold(r.lock);
        const auto found = r.buffers.find(static_cast<cl_mem>(const_cast<void*>(mem)));
        if (found == r.buffers.end())
            return false;
        out = found->second.first;
        at = found->second.second;
    }
    out.site = resolve(at);
    return true;
}

bool userEvent(const void* event, Site& out, std::size_t* madeAt)
{
    Frames at;
    {
        Record& r = record();
        std::lock_guard<std::mutex> hold(r.lock);
        const auto found = r.userEvents.find(static_cast<cl_event>(const_cast<void*>(event)));
        if (found == r.userEvents.end())
            return false;
        at = found->second.at;
        if (madeAt != nullptr)
            *madeAt = found->second.mark;
    }
    out = resolve(at);
    return true;
}

}  // namespace hoc::trace
