// Exercise A, more built-ins: conversions with saturation and rounding, swizzles, __constant memory,
// and native_ math against the precise functions; each run on the device and checked against the host.
// The OpenCL work is in builtins.cpp, the kernels in builtins.cl.
#include <algorithm>
#include <cstdio>
#include <tuple>

#include "builtins.hpp"
#include "hoc/common/data.hpp"
#include "hoc/common/device.hpp"
#include "hoc/common/host_memory.hpp"
#include "hoc/cli/main.hpp"

namespace {

// A part's row: its name, size and the check of the device's values against the host's.
hoc::Result row(const std::string& name, const hoc::CheckResult& check, const std::string& size = "")
{
    return {name, size, check.ok, check.message(), 0, 0, "", {}};
}

}  // namespace

int main(int argc, char** argv)
try {
    hoc::CommandLine cli(HOC_FOLDER, HOC_TITLE);
    std::size_t n = 100000, terms = 8;
    cli.sizeOption("-n,--size", n, "Points per function for the native_ accuracy, and for the polynomial", 1 << 26);
    cli.sizeOption("--terms", terms, "Coefficients of the polynomial in __constant memory", 1 << 26);
    std::vector<std::string> parts = {"conversions", "swizzles", "constant", "native"};
    cli.listOption("--parts", parts, "Parts to run (default: all)", parts);

    if (const auto stop = cli.parse(argc, argv))  // --help, --list or a bad command line
        return *stop;

    const auto part = [&](const char* name) { return std::find(parts.begin(), parts.end(), name) != parts.end(); };
    const cl::Device device = cli.device();
    // The host memory of the largest part, before any of it is allocated: the polynomial's points, its
    // result and the host's reference with the coefficients (two buffers of points and the coefficients'
    // on the device), or native_'s points, precise and native values (three buffers of them).
    const double point = sizeof(float) * static_cast<double>(std::max<std::size_t>(n, 2));
    const double coefficients = sizeof(float) * static_cast<double>(terms);
    double need = 0;
    if (part("constant"))
        need = hoc::hostBytes(device, 3 * point + coefficients, 2 * point + coefficients);
    if (part("native"))
        need = std::max(need, hoc::hostBytes(device, 3 * point, 3 * point));
    hoc::requireHostMemory(need, "--size " + std::to_string(n) + " with --terms " + std::to_string(terms));
    hoc::Report report = cli.report(device);
    Builtins builtins(device);

    if (part("conversions")) {
        std::printf("\nConversions: convert_int_sat_<rounding> and convert_uchar_sat[_rte]\n");
        // (NaN, which _sat turns into 0, is in the tests only: oclgrind 21.10 gives INT_MIN for it.)
        const std::vector<float> x = {-2.5f, -1.5f,   -0.5f,  0.5f,   1.5f,   2.5f, 2.7f,
                                      -2.7f, 127.49f, 254.5f, 255.5f, 300.0f, 3e9f, -3e9f};
        const Conversions got = builtins.conversions(x), expected = conversionsOnHost(x);
        std::printf("  %11s | %11s %11s %11s %11s | %5s %5s\n", "x", "_rte", "_rtz", "_rtp", "_rtn", "uchar", "_rte");
        for (std::size_t i = 0; i < x.size(); ++i)
            std::printf("  %11g | %11d %11d %11d %11d | %5d %5d\n", x[i], got.rte[i], got.rtz[i], got.rtp[i],
                        got.rtn[i], got.sat[i], got.sat_rte[i]);
        for (const auto& [name, e, g] : {std::tuple{"convert_int_sat_rte", expected.rte, got.rte},
                                         {"convert_int_sat_rtz", expected.rtz, got.rtz},
                                         {"convert_int_sat_rtp", expected.rtp, got.rtp},
                                         {"convert_int_sat_rtn", expected.rtn, got.rtn}})
            report.add(row(name, hoc::compare(e, g)));
        report.add(row("convert_uchar_sat", hoc::compare(expected.sat, got.sat)));
        report.add(row("convert_uchar_sat_rte", hoc::compare(expected.sat_rte, got.sat_rte)));
    }

    if (part("swizzles")) {
        std::printf("\nSwizzles of v = (10, 11, ..., 17)\n");
        const std::vector<int> v = {10, 11, 12, 13, 14, 15, 16, 17};
        const std::vector<int> s = builtins.swizzles(v);
        std::printf(
            "  v.s01 = (%d, %d); v.odd = (%d, %d, %d, %d); v.hi = (%d, %d, %d, %d); v.even = (%d, %d, %d, %d)\n", s[0],
            s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[8], s[9], s[10], s[11], s[12], s[13]);
        std::printf("  v.s7654 with .s03 = .s30: (%d, %d, %d, %d); .lo = .hi, then .lo + v.lo: (%d, %d, %d, %d)\n",
                    s[14], s[15], s[16], s[17], s[18], s[19], s[20], s[21]);
        report.add(row("swizzles", hoc::compare(swizzlesOnHost(v), s)));
    }

    if (part("constant")) {
        std::printf("\n__constant memory: %zu coefficients as a __constant argument; this device allows %llu bytes "
                    "(CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE) in %u such arguments (CL_DEVICE_MAX_CONSTANT_ARGS)\n",
                    terms, static_cast<unsigned long long>(device.getInfo<CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE>()),
                    device.getInfo<CL_DEVICE_MAX_CONSTANT_ARGS>());
        const auto px = hoc::randomFloats(n, 5, -1, 1);
        std::vector<float> c(terms);
        for (std::size_t t = 0; t < terms; ++t)
            c[t] = 1.0f / static_cast<float>(t + 1);
        const std::vector<float> py = builtins.polynomial(px, c);
        const auto check = hoc::compare(polynomialOnHost(px, c), py);  // the same fma steps: the same bits
        report.add(row("polynomial with __constant coefficients", check, "N = " + std::to_string(n)));
    }

    if (part("native")) {
        std::printf("\nnative_ against precise functions: the largest error in ulps over %zu points\n", n);
        std::printf("  %-5s %-16s %9s %9s %9s\n", "", "range", "precise", "allowed", "native_");
        const std::vector<MathError> errors = builtins.nativeAccuracy(n);
        for (const MathError& e : errors) {
            char range[40];
            std::snprintf(range, sizeof range, "[%g, %g]", e.lo, e.hi);
            std::printf("  %-5s %-16s %9.2f %9.1f %9.2f\n", e.function.c_str(), range, e.preciseUlps, e.allowedUlps,
                        e.nativeUlps);
        }
        for (const MathError& e : errors) {
            char detail[120];
            std::snprintf(detail, sizeof detail, "%.2f ulp, the specification allows %.1f", e.preciseUlps,
                          e.allowedUlps);
            report.add({"precise " + e.function, "", e.preciseUlps <= e.allowedUlps, detail, 0, 0, "", {}});
        }
    }
    return cli.finish(report);  // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
