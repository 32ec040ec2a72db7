// A small table for the tools' tests: two devices with measured roofs, a matmul progression, a
// vendor BLAS figure, a wrong result and a failed program, built the way hoc-runner builds it.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "hoc/tools/results.hpp"

namespace hoc::test {

inline nlohmann::json resultJson(const std::string& name, const std::string& size, bool correct, double seconds,
                                 double rate, const std::string& unit, const nlohmann::json& extra = nullptr)
{
    nlohmann::json r = {{"name", name},       {"size", size},
                        {"correct", correct}, {"detail", correct ? "all correct" : "3 of 9 wrong"},
                        {"seconds", seconds}, {"rate", rate},
                        {"unit", unit}};
    if (!extra.is_null())
        r["extra"] = extra;
    return r;
}

inline tools::Run run(const std::string& folder, const std::string& program, const tools::DeviceInfo& device,
                      const std::vector<nlohmann::json>& results)
{
    tools::Run r;
    r.folder = folder;
    r.program = program;
    r.device = device;
    r.doc = {{"exercise", folder}, {"program", program}, {"results", results}};
    return r;
}

inline tools::Run failedRun(const std::string& folder, const std::string& program, const tools::DeviceInfo& device,
                            const std::string& problem)
{
    tools::Run r;
    r.folder = folder;
    r.program = program;
    r.device = device;
    r.finished = false;
    r.problem = problem;
    return r;
}

inline const tools::DeviceInfo& cpu()
{
    static const tools::DeviceInfo d{0, "pthread-test", "CPU", "Portable Computing Language"};
    return d;
}

inline const tools::DeviceInfo& gpu()
{
    static const tools::DeviceInfo d{1, "Test GPU", "GPU", "Vendor OpenCL"};
    return d;
}

// Roofs: CPU 20 GB/s and 200000 MFLOPS; GPU 150 GB/s and 1000000 MFLOPS (the course notes' example GPU).
// Matmul, M = N = K = 1024 (2^31 flops): naive 8 bytes per multiply-add (2^33 bytes), tiled 16 times fewer.
inline std::vector<tools::Run> sampleRuns()
{
    const std::string size = "M = N = K = 1024";
    const double flops = 2147483648.0, naiveBytes = 8589934592.0, tiledBytes = naiveBytes / 16;
    using nlohmann::json;
    return {
        run(tools::kProbeExercise, "hoc-roofline", cpu(),
            {resultJson("read (peak bandwidth)", "N = 64", true, 0.1, 20, "GB/s", json{{"bytes", 2e9}}),
             resultJson("fused multiply-add (peak FP32)", "x", true, 0.1, 200000, "MFLOPS",
                        json{{"flops", 2e10}, {"bytes", 4096}})}),
        run(tools::kProbeExercise, "hoc-roofline", gpu(),
            {resultJson("read (peak bandwidth)", "N = 64", true, 0.01, 150, "GB/s", json{{"bytes", 1.5e9}}),
             resultJson("fused multiply-add (peak FP32)", "x", true, 0.01, 1000000, "MFLOPS",
                        json{{"flops", 1e10}, {"bytes", 4096}})}),
        run("Exercise01_Vadd", "vadd", cpu(),
            {resultJson("C = A + B", "N = 1000", true, 0.001, 12, "GB/s", json{{"bytes", 12000}, {"flops", 1000}})}),
        run("Exercise01_Vadd", "vadd", gpu(),
            {resultJson("C = A + B", "N = 1000", true, 0.0001, 120, "GB/s", json{{"bytes", 12000}, {"flops", 1000}})}),
        // The CPU's naive result is wrong; its time gives 2147.483648 MFLOPS.
        run("Exercise04_MatmulKernel", "matmul", cpu(),
            {resultJson("C = A * B, one element per work-item", size, false, 1.0, 2147.483648, "MFLOPS",
                        json{{"flops", flops}, {"bytes", naiveBytes}})}),
        run("Exercise04_MatmulKernel", "matmul", gpu(),
            {resultJson("C = A * B, one element per work-item", size, true, 0.1, 21474.83648, "MFLOPS",
                        json{{"flops", flops}, {"bytes", naiveBytes}})}),
        // Tiles | "local" memory: a name with characters Markdown and XML must escape.
        run("Exercise08_MatmulLocalColumn", "matmul_tiled", cpu(),
            {resultJson("tiles | <local> & \"16\"", size, true, 0.5, 4294.967296, "MFLOPS",
                        json{{"flops", flops}, {"bytes", tiledBytes}})}),
        failedRun("Exercise08_MatmulLocalColumn", "matmul_tiled", gpu(),
                  "exit 3: error: clEnqueueNDRangeKernel failed: CL_INVALID_WORK_GROUP_SIZE (-54)"),
        // The competition measured the vendor BLAS for the same size on the GPU only.
        run("Exercise10_Competition", "competition", gpu(),
            {resultJson("best variant", size, true, 0.004, 536870.912, "MFLOPS",
                        json{{"flops", flops}, {"vendor_blas_mflops", 2147483.648}})}),
        failedRun("Exercise11_Pi", "pi", cpu(), "killed by signal 11 (Segmentation fault)"),
        run("Exercise11_Pi", "pi", gpu(), {resultJson("pi", "steps = 1000", true, 0.5, 2000, "steps/s")}),
    };
}

}  // namespace hoc::test
