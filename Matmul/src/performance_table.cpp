#include "hoc/matmul/performance_table.hpp"

#include <algorithm>
#include <cmath>
#include <iostream>

#include "hoc/common/errors.hpp"

namespace hoc::matmul {
namespace {

// About 4.3 GFLOP: a few seconds of the sequential code, the whole product up to N = 1024.
constexpr double kSerialFlopBudget = 4294967296.0;

// "1024" for square sizes, "17 x 33 x 65" (M x N x K) otherwise.
std::string shortText(Dims d)
{
    if (d.m == d.n && d.n == d.k)
        return std::to_string(d.m);
    return std::to_string(d.m) + " x " + std::to_string(d.n) + " x " + std::to_string(d.k);
}

TableCell start(const Variant& variant, Dims d)
{
    TableCell m;
    m.variant = &variant;
    m.dims = d;
    return m;
}

// " after a warm-up", " after 2 warm-ups", or nothing: how the timed runs were preceded.
std::string afterWarmups(int warmups)
{
    if (warmups <= 0)
        return "";
    return warmups == 1 ? " after a warm-up" : " after " + std::to_string(warmups) + " warm-ups";
}

// The reference and error bounds of one size, computed once and used for every run.
using Expected = ExpectedC;

// C, or its first rows (the serial code's sample), against the reference. The normwise bound of the
// whole C holds for any of its rows too (their error's norm is part of the whole's).
CheckResult checkRows(const Expected& expected, const std::vector<float>& c)
{
    const std::vector<double> value(expected.value.begin(), expected.value.begin() + c.size());
    const std::vector<double> bound(expected.bound.begin(), expected.bound.begin() + c.size());
    return compareWithBounds(value, c, bound, expected.norm);
}

TableCell runSerial(const Variant& variant, const Inputs& in, Dims d, const Expected& expected,
                    const TableOptions& options)
{
    TableCell m = start(variant, d);
    const std::size_t rows = serialRows(d, options.serialRows);
    const Dims sample{rows, d.n, d.k};
    const std::vector<float> a(in.a.begin(), in.a.begin() + rows * d.k);
    const Timer timer;
    const std::vector<float> c = serial(a, in.b, sample);
    m.seconds = timer.seconds();
    const CheckResult check = checkRows(expected, c);
    m.ran = true;
    m.correct = check.ok;
    m.note = check.message();
    if (rows < d.m)
        m.note += " (timed on the first " + std::to_string(rows) + " of " + std::to_string(d.m) + " rows of C)";
    m.mflops = mflops(sample.flops(), m.seconds);
    return m;
}

TableCell runDevice(const cl::Device& device, const Variant& variant, const Inputs& in, Dims d,
                    const Expected& expected, const TableOptions& options, std::vector<double>& times)
{
    TableCell m = start(variant, d);
    m.correct = true;
    const int warmups = options.repeats.warmups, all = warmups + options.repeats.runs;
    for (int run = 0; run < all; ++run) {  // the warm-ups first
        const MatmulResult result = variant.run(device, in.a, in.b, d);
        const CheckResult check = checkRows(expected, result.c);
        if (!check.ok && m.correct) {
            m.correct = false;
            m.note = (run < warmups ? "warm-up" : "run " + std::to_string(run - warmups + 1)) + ": " + check.message();
        } else if (m.note.empty() || (m.correct && run == all - 1)) {
            m.note = check.message() + (all > 1 ? " in every run" : "") + "; " + result.launch;
        }
        if (run >= warmups)
            times.push_back(result.timing.best());
    }
    m.ran = true;
    m.seconds = median(times);
    m.mflops = mflops(d.flops(), m.seconds);
    return m;
}

}  // namespace

std::size_t serialRows(Dims d, std::size_t requested)
{
    if (requested > 0)
        return std::min(requested, d.m);
    const double perRow = 2.0 * static_cast<double>(d.n) * static_cast<double>(d.k);
    const auto rows = static_cast<std::size_t>(std::ceil(kSerialFlopBudget / perRow));
    return std::clamp<std::size_t>(rows, 1, d.m);
}

std::vector<TableCell> measure(const cl::Device& device, const std::vector<Variant>& variants,
                               const std::vector<Dims>& sizes, const TableOptions& options, Report& report)
{
    std::vector<TableCell> all;
    for (const Dims d : sizes) {
        requireMatrices(device, d);
        const Inputs in = randomInputs(d);
        const Expected expected = expectedC(in.a, in.b, d);
        double serialMflops = 0;
        for (const Variant& variant : variants) {
            TableCell m = start(variant, d);
            std::vector<double> times;
            try {
                m = variant.run ? runDevice(device, variant, in, d, expected, options, times)
                                : runSerial(variant, in, d, expected, options);
            } catch (const Failure& e) {
                // Unsupported: the device has no images, or none that large, and the row is skipped;
                // anything else (a missing kernel file, a build failure, a tile beyond a limit) is an error.
                m.failed = dynamic_cast<const Unsupported*>(&e) == nullptr;
                m.usage = dynamic_cast<const UsageError*>(&e) != nullptr;
                m.note = std::string(m.failed ? "error: " : "skipped: ") + e.what();
                std::cout << variant.label << ", " << d.text() << ": " << m.note << "\n";
                all.push_back(m);
                continue;
            } catch (const cl::Error& e) {
                m.ran = true;
                m.note = "OpenCL call " + describe(e);
            }
            if (!variant.run && m.correct)
                serialMflops = m.mflops;
            m.speedup = serialMflops > 0 && m.mflops > 0 ? m.mflops / serialMflops : 0;

            Result r{variant.label, d.text(), m.correct, m.note, m.seconds, m.mflops, "MFLOPS", {}};
            const double flops = variant.run ? d.flops() : Dims{serialRows(d, options.serialRows), d.n, d.k}.flops();
            r.extra.emplace_back("flops", flops);
            if (variant.bytes)
                r.extra.emplace_back("bytes", variant.bytes(d));
            if (m.speedup > 0)
                r.extra.emplace_back("speedup", m.speedup);
            if (!times.empty()) {
                r.extra.emplace_back("runs", static_cast<double>(times.size()));
                r.extra.emplace_back("min_s", *std::min_element(times.begin(), times.end()));
            }
            report.add(r);
            if (variant.run && m.ran && !times.empty())
                std::cout << (times.size() == 1 ? std::string("  one timed run")
                                                : "  median of " + std::to_string(times.size()) + " runs")
                          << afterWarmups(options.repeats.warmups)
                          << (m.speedup > 0 ? ", " + hoc::fixedText(m.speedup, 1) + "x the sequential code" : "")
                          << "\n";
            all.push_back(m);
        }
    }
    return all;
}

void printTable(std::ostream& out, const std::vector<TableCell>& rows, const std::vector<Dims>& sizes,
                const TableOptions& options)
{
    out << "\nMatrix multiplication, MFLOPS ("
        << (options.repeats.runs == 1 ? std::string("one timed run")
                                      : "median of " + std::to_string(options.repeats.runs) + " runs")
        << afterWarmups(options.repeats.warmups) << ") and speed-up over the sequential code:\n\n| case |";
    std::string rule = "|---|";
    for (const Dims d : sizes) {
        out << " " << shortText(d) << " | speed-up |";
        rule += "---:|---:|";
    }
    out << " slides CPU | slides GPU |\n" << rule << "---:|---:|\n";

    // measure() returns the rows size by size, the variants in the same order for each size.
    std::vector<std::string> notes;
    const std::size_t perSize = sizes.empty() ? 0 : rows.size() / sizes.size();
    for (std::size_t v = 0; v < perSize; ++v) {
        const Variant& variant = *rows[v].variant;
        out << "| " << variant.label << " |";
        for (std::size_t s = 0; s < sizes.size(); ++s) {
            const TableCell& m = rows[s * perSize + v];
            if (!m.ran)
                out << (m.failed ? " error | |" : " skipped | |");
            else if (!m.correct)
                out << " WRONG | |";
            else
                out << " " << hoc::fixedText(m.mflops, 1) << " | "
                    << (m.speedup > 0 ? hoc::fixedText(m.speedup, 1) : "") << " |";
            if (!m.ran || !m.correct || (!variant.run && serialRows(m.dims, options.serialRows) < m.dims.m))
                notes.push_back(variant.label + ", " + m.dims.text() + ": " + m.note);
        }
        const auto slides = [](double v) { return v > 0 ? hoc::fixedText(v, 1) : std::string(); };
        out << " " << slides(variant.slidesCpu) << " | " << slides(variant.slidesGpu) << " |\n";
    }
    for (const auto& note : notes)
        out << "\n- " << note;
    out << "\n\nThe slides' columns: their historic MFLOPS for N = 1024 (1024 rows in 16 work-groups of 64) on "
           "an Intel Xeon E5649 CPU and an NVIDIA Tesla M2090 GPU, where cuBLAS reached 283,366.4.\n";
}

void requireEveryRowRan(const std::vector<TableCell>& rows)
{
    std::size_t failed = 0;
    bool allUsage = true;  // every failed row the request's to change: the run's exit status is 2
    std::string first;
    for (const TableCell& m : rows)
        if (m.failed) {
            allUsage = allUsage && m.usage;
            if (failed++ == 0)
                first = m.variant->label + ", " + m.dims.text() + ": " + m.note;
        }
    const std::string text = std::to_string(failed) + " of the table's " + std::to_string(rows.size()) +
                             " rows failed; the first: " + first;
    if (failed > 0 && allUsage)
        throw UsageError(text);
    if (failed > 0)
        throw Failure(text);
}

}  // namespace hoc::matmul
