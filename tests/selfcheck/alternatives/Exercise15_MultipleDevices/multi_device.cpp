// A correct Exercise 15 written differently from the course's (tests/selfcheck: it must PASS Exercise
// 15's tests of the split): the starter's file with its TODOs done another way: the sub-devices made
// on a named copy of the handle, and the rows shared by largest remainders instead of a rounded
// running total.
// Exercise 15: several devices at once. Each device gets its own context, queue, program and
// buffers; the host measures how fast each is, splits the rows of C in proportion, enqueues every
// device's share and only then waits, so that the devices work at the same time.
#include "multi_device.hpp"

#include <algorithm>
#include <cmath>
#include <exception>
#include <numeric>
#include <utility>

#include "hoc/common/device.hpp"
#include "hoc/common/errors.hpp"
#include "hoc/matmul/matmul_host.hpp"
#include "hoc/common/program.hpp"
#include "hoc/common/timing.hpp"

DeviceSet subDevices(const cl::Device& device, std::size_t parts)
{
    const std::size_t units = device.getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>();
    const std::size_t most = device.getInfo<CL_DEVICE_PARTITION_MAX_SUB_DEVICES>();
    const auto kinds = device.getInfo<CL_DEVICE_PARTITION_PROPERTIES>();
    const bool equally = std::find(kinds.begin(), kinds.end(), CL_DEVICE_PARTITION_EQUALLY) != kinds.end();
    auto whole = [&](const std::string& why) { return DeviceSet{{device}, "not split into sub-devices: " + why}; };

    if (most < 2 || !equally)
        return whole("this device cannot be partitioned equally (CL_DEVICE_PARTITION_PROPERTIES, "
                     "CL_DEVICE_PARTITION_MAX_SUB_DEVICES = " +
                     std::to_string(most) + ")");
    if (parts < 2 || units < parts)
        return whole("asked for " + std::to_string(parts) + " parts of a device with " + std::to_string(units) +
                     " compute units");

    // Sub-devices of units / parts compute units each.
    const cl_device_partition_property properties[] = {CL_DEVICE_PARTITION_EQUALLY,
                                                       static_cast<cl_device_partition_property>(units / parts), 0};
    DeviceSet set;
    try {
        cl::Device whole_device = device;  // createSubDevices is not const
        std::vector<cl::Device> parts_made;
        whole_device.createSubDevices(properties, &parts_made);
        set.devices = std::move(parts_made);
    } catch (const cl::Error& e) {
        return whole("clCreateSubDevices failed with " + hoc::errorText(e.err()));
    }
    if (set.devices.empty())
        return whole("no sub-devices were created (the TODO in subDevices)");
    return set;
}

std::vector<std::size_t> splitRows(std::size_t m, const std::vector<double>& speeds)
{
    std::vector<std::size_t> rows(speeds.size(), 0);
    // Largest remainders: every device first gets the whole rows of its exact share, then the rows
    // left over go one each to the devices whose shares lost the largest fractions.
    double total = 0;
    for (const double s : speeds)
        total += s;
    if (speeds.empty() || !(total > 0))
        return rows;
    std::vector<std::pair<double, std::size_t>> fractions;  // (lost fraction, device)
    std::size_t given = 0;
    for (std::size_t i = 0; i < speeds.size(); ++i) {
        const double exact = static_cast<double>(m) * speeds[i] / total;
        rows[i] = static_cast<std::size_t>(std::floor(exact));
        given += rows[i];
        fractions.emplace_back(exact - std::floor(exact), i);
    }
    std::sort(fractions.begin(), fractions.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    for (std::size_t k = 0; given < m && k < fractions.size(); ++k, ++given)
        ++rows[fractions[k].second];
    return rows;
}

namespace {

using Mmul = cl::KernelFunctor<int, int, int, cl::Buffer, cl::Buffer, cl::Buffer>;

// Steps 1 to 4 for one device: its context and queue, program, copy of B and kernel.
struct Worker {
    cl::Device device;
    cl::Context context;
    cl::CommandQueue queue;
    Mmul mmul;
    std::size_t side;  // work-groups of side x side
    cl::Buffer b;
};

// One device's share in flight: its buffers (kept alive until it is done) and its commands' events.
struct Job {
    cl::Buffer a, c;
    cl::Event write, kernel, read;
};

// Waits for every job's read, even when one fails (the others still write into the host's C),
// then reports the first failure.
void waitForAll(const std::vector<Job>& jobs)
{
    std::exception_ptr failure;
    for (const auto& job : jobs)
        if (job.read()) {
            try {
                job.read.wait();
            } catch (...) {
                if (!failure)
                    failure = std::current_exception();
            }
        }
    if (failure)
        std::rethrow_exception(failure);
}

Worker prepare(const cl::Device& device, const std::vector<float>& h_b)
{
    // 1. Platform: one context per device (devices of different platforms cannot share one), and a
    //    queue that can time its commands.
    cl::Context context(device);
    cl::CommandQueue queue(context, device, CL_QUEUE_PROFILING_ENABLE);

    // 2. Program: Exercise 11's kernel, compiled for this device.
    cl::Program program = hoc::buildProgram(context, device, "matmul_element.cl");

    // 3. Memory: every device needs all of B. (A's rows and C's rows depend on the device's share:
    //    start() makes those buffers.)
    cl::Buffer b(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof(float) * h_b.size(),
                 const_cast<float*>(h_b.data()));

    // 4. Kernel, in square work-groups of up to 16 x 16.
    Mmul mmul(program, "mmul_element");
    const std::size_t side = hoc::matmul::elementGroupSide(mmul.getKernel(), device);
    return {device, context, queue, mmul, side, b};
}

// Step 5 for one share: enqueues rows first .. first + rows - 1 of C = A * B on the worker's device
// (with buffers for those rows of A and C), writing them into c_rows (which must stay alive until
// job.read completes). Returns without waiting.
Job start(Worker& w, const std::vector<float>& h_a, std::size_t first, std::size_t rows, hoc::matmul::Dims d,
          float* c_rows)
{
    Job job;
    const std::size_t a_bytes = sizeof(float) * rows * d.k, c_bytes = sizeof(float) * rows * d.n;
    job.a = cl::Buffer(w.context, CL_MEM_READ_ONLY, a_bytes);
    job.c = cl::Buffer(w.context, CL_MEM_WRITE_ONLY, c_bytes);
    w.queue.enqueueWriteBuffer(job.a, CL_FALSE, 0, a_bytes, h_a.data() + first * d.k, nullptr, &job.write);
    try {
        // Its rows are a small matrix multiplication of their own: (rows x K) times (K x N).
        const cl::EnqueueArgs range(w.queue, cl::NDRange(hoc::roundUp(d.n, w.side), hoc::roundUp(rows, w.side)),
                                    cl::NDRange(w.side, w.side));
        job.kernel = w.mmul(range, static_cast<int>(rows), static_cast<int>(d.n), static_cast<int>(d.k), job.a, w.b,
                            job.c);
        w.queue.enqueueReadBuffer(job.c, CL_FALSE, 0, c_bytes, c_rows, nullptr, &job.read);
    } catch (...) {
        w.queue.finish();  // the write still reads h_a: let it end before the error leaves
        throw;
    }
    w.queue.flush();  // send it to the device now: the host is about to start the next device
    return job;
}

}  // namespace

SplitResult splitMatmul(const std::vector<cl::Device>& devices, const std::vector<float>& h_a,
                        const std::vector<float>& h_b, hoc::matmul::Dims d)
{
    if (devices.empty())
        throw hoc::Failure("no devices to split the work over");
    SplitResult result;
    result.c.assign(d.m * d.n, 0.0f);

    // 1-4 for every device (prepare).
    std::vector<Worker> workers;
    for (const auto& device : devices) {
        hoc::requireBuffers(device, sizeof(float) * std::max(d.m * d.k, std::max(d.k * d.n, d.m * d.n)), 3,
                            hoc::deviceLabel(device) + ", " + d.text());
        workers.push_back(prepare(device, h_b));
    }

    // 5a. Measure: each device alone computes the first eighth of the rows, twice; the first run may
    //     include one-off costs (compiling for the device), the second is timed by its event.
    const std::size_t probe = std::max<std::size_t>(1, (d.m + 7) / 8);
    std::vector<float> scratch(probe * d.n);
    std::vector<double> speeds;
    for (auto& w : workers) {
        start(w, h_a, 0, probe, d, scratch.data()).read.wait();
        const Job timed = start(w, h_a, 0, probe, d, scratch.data());
        timed.read.wait();
        speeds.push_back(static_cast<double>(probe) / std::max(hoc::eventSeconds(timed.kernel), 1e-9));
    }

    // 5b. Split the rows of C in proportion to the speeds.
    const std::vector<std::size_t> rows = splitRows(d.m, speeds);

    // 5c. Start every device's share, then wait for all of them.
    const hoc::Timer wall;
    std::vector<Job> jobs(workers.size());
    std::size_t first = 0;
    try {
        for (std::size_t i = 0; i < workers.size(); ++i) {
            if (rows[i] > 0)  // (a buffer of 0 bytes is an error)
                jobs[i] = start(workers[i], h_a, first, rows[i], d, result.c.data() + first * d.n);
            result.shares.push_back({hoc::deviceLabel(workers[i].device), first, rows[i], speeds[i], 0, 0});
            first += rows[i];
        }
    } catch (...) {
        // Reads already started write into result.c: let them finish before it goes away.
        try {
            waitForAll(jobs);
        } catch (...) {
        }
        throw;
    }
    waitForAll(jobs);
    for (std::size_t i = 0; i < jobs.size(); ++i)
        if (rows[i] > 0) {
            result.shares[i].kernel_s = hoc::eventSeconds(jobs[i].kernel);
            result.shares[i].busy_s = hoc::eventSpanSeconds(jobs[i].write, jobs[i].read);
        }
    result.wall_s = wall.seconds();
    return result;
}
