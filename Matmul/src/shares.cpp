#include "hoc/matmul/shares.hpp"

#include <cstdio>
#include <iostream>

#include "hoc/common/device.hpp"
#include "hoc/common/host_memory.hpp"
#include "hoc/matmul/matmul.hpp"

namespace hoc::matmul {

void reportRowShares(Report& report, const std::string& name, const std::vector<RowShare>& shares,
                     const std::vector<float>& a, const std::vector<float>& b, const std::vector<float>& c, Dims d,
                     double wall_s, Extra extra)
{
    std::printf("  %-4s %-16s %13s %7s %15s %11s %11s   %s\n", "rank", "host", "rows of C", "share", "speed (rows/s)",
                "kernel ms", "busy ms", "device");
    for (std::size_t i = 0; i < shares.size(); ++i) {
        const RowShare& s = shares[i];
        char range[48] = "none";
        if (s.count > 0)
            std::snprintf(range, sizeof range, "%.0f-%.0f", s.first, s.first + s.count - 1);
        std::printf("  %-4zu %-16s %13s %6.1f%% %15.1f %11.3f %11.3f   %s\n", i, s.host.c_str(), range,
                    100.0 * s.count / static_cast<double>(d.m), s.speed, s.kernel_s * 1e3, s.busy_s * 1e3,
                    s.device.c_str());
    }
    double sum = 0;
    for (const float x : c)
        sum += x;
    char text[48];
    std::snprintf(text, sizeof text, "%.17g", sum);
    std::cout << "  sum of C: " << text << "\n";
    extra.emplace_back("sum_of_c", sum);  // the sum printed above: the MPI tests compare runs by it
    report.flops(name, d.text(), check(a, b, c, d), {0, wall_s}, d.flops(), extra);
}

void requireRowSharesHostMemory(const cl::Device& device, Dims d, const std::string& what)
{
    const double f = sizeof(float), mk = f * static_cast<double>(d.m) * static_cast<double>(d.k),
                 kn = f * static_cast<double>(d.k) * static_cast<double>(d.n),
                 mn = f * static_cast<double>(d.m) * static_cast<double>(d.n);
    hoc::requireHostMemory(hoc::hostBytes(device, 2 * mk + 2 * kn + 3 * mn, mk + kn + mn), what);
}

}  // namespace hoc::matmul
