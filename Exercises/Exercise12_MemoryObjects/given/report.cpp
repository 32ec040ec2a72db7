#include "report.hpp"

#include <algorithm>
#include <iostream>

#include "hoc/common/device.hpp"
#include "hoc/common/host_memory.hpp"
#include "hoc/common/limits.hpp"
#include "hoc/measure/round_trip.hpp"
#include "short_lived_vector.hpp"

void requireMemory(const cl::Device& device, std::size_t n)
{
    hoc::requireBuffers(device, n * sizeof(float), 3, "N = " + std::to_string(n));
    hoc::requireHostMemory(hoc::hostBytes(device, 10.0 * sizeof(float) * static_cast<double>(n),
                                          3.0 * sizeof(float) * static_cast<double>(n)),
                           "N = " + std::to_string(n));
}

std::vector<HostMemory> hostMemories(const std::vector<std::string>& flags)
{
    std::vector<HostMemory> which;
    for (const auto& f : flags)
        which.push_back(f == "copy" ? HostMemory::Copy : f == "use" ? HostMemory::Use : HostMemory::Alloc);
    return which;
}

void reportFlags(hoc::Report& report, const std::vector<FlagRun>& results, const std::vector<float>& expected, int runs)
{
    std::vector<hoc::RoundTrip> trips;
    for (const auto& r : results)
        trips.push_back({flagName(r.flag), hoc::compare(expected, r.c), r.times.setup_s, r.times.kernel_s,
                         r.times.results_s, r.times.total_s});
    const std::size_t n = expected.size();
    hoc::reportRoundTrips(report, "C = A + B", "N = " + std::to_string(n), 3.0 * sizeof(float) * static_cast<double>(n),
                          trips, runs);
}

void printTooEarly(const LifetimeRun& early, const std::vector<float>& a)
{
    const std::size_t n = a.size();
    const auto poisoned = static_cast<std::size_t>(
        std::count(early.device_copy.begin(), early.device_copy.end(), poisonValue()));
    std::cout << "  " << lifetimeName(HostLifetime::DiesTooEarly) << ": the device got ";
    if (poisoned == n)
        std::cout << "the poison in all " << n
                  << " elements: the write read the vector's memory after the vector was gone\n";
    else if (hoc::compare(a, early.device_copy).ok)
        std::cout << "A: this implementation copied the vector when the write was enqueued (allowed, not promised)\n";
    else
        std::cout << poisoned << " elements of poison and " << n - poisoned << " others\n";
}
