// OpenCL C's built-ins: the host side of a room's builtins.cl, the host's own answers to check it, and
// the program's tables.
#include "hoc/measure/builtins.hpp"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdio>
#include <tuple>

#include "hoc/common/check.hpp"
#include "hoc/common/data.hpp"
#include "hoc/common/device.hpp"
#include "hoc/common/errors.hpp"
#include "hoc/common/host_memory.hpp"

namespace hoc {
namespace {

// x rounded by `round` (a host function), then clamped to [lo, hi]; NaN gives 0, as _sat does.
template <typename Round> double saturate(float x, Round round, double lo, double hi)
{
    if (std::isnan(x))
        return 0;
    return std::clamp(round(static_cast<double>(x)), lo, hi);
}

double nearestEven(double v) { return std::nearbyint(v); }  // the default rounding mode: to nearest, ties to even

template <typename T> cl::Buffer output(const cl::Context& context, std::size_t n)
{
    return cl::Buffer(context, CL_MEM_WRITE_ONLY, sizeof(T) * std::max<std::size_t>(n, 1));
}

template <typename T> std::vector<T> read(cl::CommandQueue& queue, const cl::Buffer& buffer, std::size_t n)
{
    std::vector<T> h(n);
    if (n > 0)
        queue.enqueueReadBuffer(buffer, CL_TRUE, 0, sizeof(T) * n, h.data());
    return h;
}

cl::Buffer input(const cl::Context& context, const void* data, std::size_t bytes)
{
    return cl::Buffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes, const_cast<void*>(data));
}

// A part's row: its name, size and the check of the device's values against the host's.
hoc::Result row(const std::string& name, const hoc::CheckResult& check, const std::string& size = "")
{
    return {name, size, check.ok, check.message(), 0, 0, "", {}};
}

}  // namespace

Conversions conversionsOnHost(const std::vector<float>& x)
{
    Conversions c;
    const double lo = INT_MIN, hi = INT_MAX;
    for (const float v : x) {
        c.rte.push_back(static_cast<int>(saturate(v, nearestEven, lo, hi)));
        c.rtz.push_back(static_cast<int>(saturate(v, [](double d) { return std::trunc(d); }, lo, hi)));
        c.rtp.push_back(static_cast<int>(saturate(v, [](double d) { return std::ceil(d); }, lo, hi)));
        c.rtn.push_back(static_cast<int>(saturate(v, [](double d) { return std::floor(d); }, lo, hi)));
        c.sat.push_back(static_cast<std::uint8_t>(saturate(v, [](double d) { return std::trunc(d); }, 0, 255)));
        c.sat_rte.push_back(static_cast<std::uint8_t>(saturate(v, nearestEven, 0, 255)));
    }
    return c;
}

std::vector<int> swizzlesOnHost(const std::vector<int>& v)
{
    return {v[0],        v[1],                                    // .s01
            v[1],        v[3],        v[5],        v[7],          // .odd
            v[4],        v[5],        v[6],        v[7],          // .hi
            v[0],        v[2],        v[4],        v[6],          // .even
            v[4],        v[6],        v[5],        v[7],          // .s7654, then its first and last swapped
            v[4] + v[0], v[5] + v[1], v[6] + v[2], v[7] + v[3]};  // .lo after .lo = .hi, plus the old .lo
}

std::vector<float> polynomialOnHost(const std::vector<float>& x, const std::vector<float>& c)
{
    std::vector<float> y(x.size());
    for (std::size_t i = 0; i < x.size(); ++i) {
        float p = c.back();
        for (std::size_t t = c.size() - 1; t-- > 0;)
            p = std::fma(p, x[i], c[t]);
        y[i] = (i % 2 ? 2.0f : 0.5f) * p;
    }
    return y;
}

Builtins::Builtins(const cl::Context& context, const cl::Device& device, const cl::Program& program)
    : device_(device), context_(context), queue_(context, device, CL_QUEUE_PROFILING_ENABLE), program_(program)
{
}

Conversions Builtins::conversions(const std::vector<float>& x)
{
    const std::size_t n = x.size();
    // 3. Memory.
    cl::Buffer d_x = input(context_, x.data(), sizeof(float) * n);
    cl::Buffer rte = output<int>(context_, n), rtz = output<int>(context_, n), rtp = output<int>(context_, n),
               rtn = output<int>(context_, n);
    cl::Buffer sat = output<cl_uchar>(context_, n), sat_rte = output<cl_uchar>(context_, n);
    // 4. Kernel.
    cl::KernelFunctor<cl::Buffer, cl::Buffer, cl::Buffer, cl::Buffer, cl::Buffer, cl::Buffer, cl::Buffer, int> convert(
        program_, "conversions");
    // 5. Commands.
    convert(cl::EnqueueArgs(queue_, cl::NDRange(n)), d_x, rte, rtz, rtp, rtn, sat, sat_rte, static_cast<int>(n));
    return {read<int>(queue_, rte, n), read<int>(queue_, rtz, n),          read<int>(queue_, rtp, n),
            read<int>(queue_, rtn, n), read<std::uint8_t>(queue_, sat, n), read<std::uint8_t>(queue_, sat_rte, n)};
}

std::vector<int> Builtins::swizzles(const std::vector<int>& in)
{
    if (in.size() != 8)
        throw hoc::Failure("swizzles takes 8 ints, not " + std::to_string(in.size()));
    cl::Buffer d_in = input(context_, in.data(), sizeof(int) * 8), d_out = output<int>(context_, 22);
    cl::KernelFunctor<cl::Buffer, cl::Buffer> swizzle(program_, "swizzles");
    swizzle(cl::EnqueueArgs(queue_, cl::NDRange(1)), d_in, d_out);
    return read<int>(queue_, d_out, 22);
}

std::vector<float> Builtins::polynomial(const std::vector<float>& x, const std::vector<float>& c)
{
    const std::size_t n = x.size();
    const std::size_t bytes = sizeof(float) * c.size();
    const auto limit = device_.getInfo<CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE>();
    if (c.empty() || bytes > limit)
        throw hoc::UsageError(std::to_string(c.size()) + " coefficients (" + std::to_string(bytes) +
                              " bytes) do not fit in this device's __constant memory (" + std::to_string(limit) +
                              " bytes, CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE); use fewer terms");
    // 3. Memory: the coefficients go to a buffer like any other; the kernel's __constant argument is what
    //    makes it constant memory.
    cl::Buffer d_x = input(context_, x.data(), sizeof(float) * n), d_c = input(context_, c.data(), bytes);
    cl::Buffer d_y = output<float>(context_, n);
    cl::KernelFunctor<cl::Buffer, cl::Buffer, int, cl::Buffer, int> poly(program_, "polynomial");
    poly(cl::EnqueueArgs(queue_, cl::NDRange(n)), d_x, d_c, static_cast<int>(c.size()), d_y, static_cast<int>(n));
    return read<float>(queue_, d_y, n);
}

std::vector<MathError> Builtins::nativeAccuracy(std::size_t n)
{
    struct Function {
        const char* name;
        double lo, hi, allowed;
        double (*exact)(double);
    };
    const Function functions[] = {
        {"exp", -10, 10, 3, [](double v) { return std::exp(v); }},
        {"log", 1e-3, 1e3, 3, [](double v) { return std::log(v); }},
        {"sin", -100, 100, 4, [](double v) { return std::sin(v); }},
        {"sqrt", 0, 1e4, 3, [](double v) { return std::sqrt(v); }},
        {"1/x", 1e-2, 1e2, 2.5, [](double v) { return 1.0 / v; }},
    };
    n = std::max<std::size_t>(n, 2);
    cl::Buffer d_x(context_, CL_MEM_READ_ONLY, sizeof(float) * n);
    cl::Buffer d_precise = output<float>(context_, n), d_native = output<float>(context_, n);
    cl::KernelFunctor<cl::Buffer, cl::Buffer, cl::Buffer, int, int> run(program_, "precise_and_native");
    std::vector<MathError> errors;
    for (int f = 0; f < 5; ++f) {
        const Function& fn = functions[f];
        std::vector<float> x(n);
        for (std::size_t i = 0; i < n; ++i)
            x[i] = static_cast<float>(fn.lo + (fn.hi - fn.lo) * static_cast<double>(i) / static_cast<double>(n - 1));
        queue_.enqueueWriteBuffer(d_x, CL_TRUE, 0, sizeof(float) * n, x.data());
        run(cl::EnqueueArgs(queue_, cl::NDRange(n)), d_x, d_precise, d_native, f, static_cast<int>(n));
        const auto precise = read<float>(queue_, d_precise, n), native = read<float>(queue_, d_native, n);
        MathError e{fn.name, fn.lo, fn.hi, 0, 0, fn.allowed};
        for (std::size_t i = 0; i < n; ++i) {
            const double exact = fn.exact(x[i]);
            e.preciseUlps = std::max(e.preciseUlps, hoc::ulpError(precise[i], exact));
            e.nativeUlps = std::max(e.nativeUlps, hoc::ulpError(native[i], exact));
        }
        errors.push_back(e);
    }
    return errors;
}

void requireBuiltinsMemory(const cl::Device& device, const BuiltinsOptions& options)
{
    const std::size_t n = options.size, terms = options.terms;
    const auto part = [&](const char* name) {
        return std::find(options.parts.begin(), options.parts.end(), name) != options.parts.end();
    };
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
}

void runBuiltins(Builtins kernels, const BuiltinsOptions& options, hoc::Report& report)
{
    const cl::Device& device = kernels.device();
    const std::size_t n = options.size, terms = options.terms;
    const std::vector<std::string>& parts = options.parts;
    const auto part = [&](const char* name) { return std::find(parts.begin(), parts.end(), name) != parts.end(); };

    if (part("conversions")) {
        std::printf("\nConversions: convert_int_sat_<rounding> and convert_uchar_sat[_rte]\n");
        // (NaN, which _sat turns into 0, is in the tests only: oclgrind 21.10 gives INT_MIN for it.)
        const std::vector<float> x = {-2.5f, -1.5f,   -0.5f,  0.5f,   1.5f,   2.5f, 2.7f,
                                      -2.7f, 127.49f, 254.5f, 255.5f, 300.0f, 3e9f, -3e9f};
        const Conversions got = kernels.conversions(x), expected = conversionsOnHost(x);
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
        const std::vector<int> s = kernels.swizzles(v);
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
        const std::vector<float> py = kernels.polynomial(px, c);
        const auto check = hoc::compare(polynomialOnHost(px, c), py);  // the same fma steps: the same bits
        report.add(row("polynomial with __constant coefficients", check, "N = " + std::to_string(n)));
    }

    if (part("native")) {
        std::printf("\nnative_ against precise functions: the largest error in ulps over %zu points\n", n);
        std::printf("  %-5s %-16s %9s %9s %9s\n", "", "range", "precise", "allowed", "native_");
        const std::vector<MathError> errors = kernels.nativeAccuracy(n);
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
}

}  // namespace hoc
