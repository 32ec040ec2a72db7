#include "hoc/measure/transfer.hpp"

#include <algorithm>
#include <cstring>

#include "hoc/common/device.hpp"
#include "hoc/common/errors.hpp"
#include "hoc/common/host_memory.hpp"

namespace hoc {

std::string hostBufferText(HostBuffer host)
{
    return host == HostBuffer::pinned ? "pinned (a mapped CL_MEM_ALLOC_HOST_PTR buffer)" : "pageable (a std::vector)";
}

TransferBenchmark::TransferBenchmark(const cl::Device& device)
    : device_(device), context_(device), queue_(context_, device, CL_QUEUE_PROFILING_ENABLE)
{
}

namespace {

// Host bytes a run holds: what it sends and what it receives, and on a device that keeps its buffers
// in host memory (a CPU device) the pinned buffers and the device buffer too.
double hostBytesFor(const cl::Device& device, std::size_t floats)
{
    const double bytes = static_cast<double>(floats) * sizeof(float);
    return hostBytes(device, 2 * bytes, 3 * bytes);
}

}  // namespace

void TransferBenchmark::require(const cl::Device& device, std::size_t floats, const std::string& what)
{
    const double bytes = static_cast<double>(floats) * sizeof(float);
    requireBuffers(device, bytes, 1, what);
    requireHostMemory(hostBytesFor(device, floats), what);
}

std::size_t TransferBenchmark::defaultFloats(const cl::Device& device)
{
    std::size_t floats = std::size_t{1} << 26;
    const std::size_t maxAlloc = device.getInfo<CL_DEVICE_MAX_MEM_ALLOC_SIZE>() / sizeof(float);
    const std::size_t global = device.getInfo<CL_DEVICE_GLOBAL_MEM_SIZE>() / sizeof(float);
    floats = std::min({floats, maxAlloc, global / 4});
    // A quarter of the memory this process may still take, for the host's copies and the buffers.
    const HostMemory host = hostMemory();
    while (floats > (std::size_t{1} << 20) && hostBytesFor(device, floats) > 0.25 * static_cast<double>(host.bytes))
        floats /= 2;
    return std::max(floats, std::size_t{1} << 20);
}

TransferRuns TransferBenchmark::runs(std::size_t floats, HostBuffer host, const Repeats& repeats)
{
    if (floats == 0)
        throw Failure("transfer probe: 0 floats to copy");
    const std::size_t bytes = floats * sizeof(float);
    TransferRuns result;
    result.host = host;
    result.bytes = static_cast<double>(bytes);

    // The device's side: one buffer in global memory.
    cl::Buffer device(context_, CL_MEM_READ_WRITE, bytes);

    // The host's side: what is sent and where it comes back, pageable or pinned.
    std::vector<float> sentVector, receivedVector;
    cl::Buffer sentPinned, receivedPinned;
    float* sent = nullptr;
    float* received = nullptr;
    if (host == HostBuffer::pinned) {
        sentPinned = cl::Buffer(context_, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, bytes);
        receivedPinned = cl::Buffer(context_, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, bytes);
        sent = static_cast<float*>(queue_.enqueueMapBuffer(sentPinned, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, bytes));
        received = static_cast<float*>(
            queue_.enqueueMapBuffer(receivedPinned, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, bytes));
    } else {
        sentVector.resize(floats);
        receivedVector.resize(floats);
        sent = sentVector.data();
        received = receivedVector.data();
    }
    for (std::size_t i = 0; i < floats; ++i)
        sent[i] = static_cast<float>(i % 65521);  // every float distinct from its neighbours
    std::fill(received, received + floats, -1.0f);

    result.writeSeconds = runSeconds(repeats, [&] {
        cl::Event done;
        queue_.enqueueWriteBuffer(device, CL_TRUE, 0, bytes, sent, nullptr, &done);
        return EventSpan{done, done};
    });
    result.readSeconds = runSeconds(repeats, [&] {
        cl::Event done;
        queue_.enqueueReadBuffer(device, CL_TRUE, 0, bytes, received, nullptr, &done);
        return EventSpan{done, done};
    });

    // A copy is exact: every float must come back with its bits.
    result.check.count = floats;
    for (std::size_t i = 0; i < floats; ++i)
        if (std::memcmp(&sent[i], &received[i], sizeof(float)) != 0 && result.check.wrong++ == 0) {
            result.check.first = i;
            result.check.expected = sent[i];
            result.check.got = received[i];
        }
    result.check.ok = result.check.wrong == 0;
    if (host == HostBuffer::pinned) {
        queue_.enqueueUnmapMemObject(sentPinned, sent);
        queue_.enqueueUnmapMemObject(receivedPinned, received);
        queue_.finish();
    }
    return result;
}

}  // namespace hoc
