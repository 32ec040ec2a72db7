// The competition's scoreboard (sgemm_benchmark, built in Exercise 9b's folder for the student's code
// and for the reference answer). Races Exercise 9b's SGEMM (tuned on the device; for the reference
// answer with the module's tensor-core kernels too) against CLBlast on the same device and the
// vendor's BLAS (OpenBLAS on a CPU, cuBLAS on an NVIDIA GPU), in one run, and measures the device's
// memory bandwidth with a copy kernel and vadd.
//
// Every contestant is timed on two clocks: the device's own, for the multiplication alone (OpenCL
// profiling events for ours and CLBlast, CUDA events for cuBLAS, the host clock for OpenBLAS, whose
// device is the CPU), and the host clock from the call until the result is complete (launch and
// synchronisation included). The device-time ratio is the headline; the host-clock one follows.
// Accuracy is part of the result: every contestant's error against the double reference (on up to
// kAccuracyRows rows of C), relative to the rigorous FP32 bound and norm-wise. cuBLAS on the TF32
// tensor cores races as a separate peer ("cuBLAS TF32") that does not promise FP32 accuracy.
// Each contestant in turn gets hoc::Repeats: warm-up runs (the first may compile kernels), then
// timed runs; the medians count. After each OpenBLAS call (a run, or the double-precision reference)
// the benchmark waits until OpenBLAS's threads have stopped spinning.
#include <algorithm>
#include <chrono>
#include <climits>
#include <cmath>
#include <cstdio>
#include <iomanip>
#include <iostream>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <thread>

#include "hoc/common/data.hpp"
#include "hoc/matmul/dims.hpp"
#include "hoc/matmul/matmul_host.hpp"
#include "hoc/common/errors.hpp"
#include "hoc/cli/main.hpp"
#include "hoc/common/timing.hpp"
#include "bandwidth_peak.hpp"
#include "contestant.hpp"
#include "peers.hpp"

namespace {

using hoc::competition::Variant;
using hoc::matmul::Dims;

std::string fixed(double value, int digits)
{
    std::ostringstream s;
    s << std::fixed << std::setprecision(digits) << value;
    return s.str();
}

// A bound on |ours - peer| that needs no reference: both are within ((1 + u)^K - 1) sum_k |a_ik| |b_kj| of
// the exact value (hoc::matmul::errorBounds), and sum_k |a_ik| |b_kj| <= (sum_k |a_ik|) max_k |b_kj|.
std::vector<double> peerBounds(const std::vector<float>& a, const std::vector<float>& b, Dims d)
{
    std::vector<double> rowSum(d.m, 0.0), colMax(d.n, 0.0);
    for (std::size_t i = 0; i < d.m; ++i)
        for (std::size_t k = 0; k < d.k; ++k)
            rowSum[i] += std::fabs(a[i * d.k + k]);
    for (std::size_t k = 0; k < d.k; ++k)
        for (std::size_t j = 0; j < d.n; ++j)
            colMax[j] = std::max(colMax[j], static_cast<double>(std::fabs(b[k * d.n + j])));
    const double u = std::ldexp(1.0, -24), g = hoc::matmul::roundingFactor(d.k, u) + u;
    std::vector<double> bound(d.m * d.n);
    for (std::size_t i = 0; i < d.m; ++i)
        for (std::size_t j = 0; j < d.n; ++j)
            bound[i * d.n + j] = 2.0 * g * rowSum[i] * colMax[j] * 1.0001 + std::numeric_limits<float>::denorm_min();
    return bound;
}

std::string sci(double value)
{
    std::ostringstream s;
    s << std::setprecision(3) << value;
    return s.str();
}

// Rows of C on which every contestant's error is measured against the double reference.
constexpr std::size_t kAccuracyRows = 128;

std::vector<double> twice(std::vector<double> v)
{
    for (auto& x : v)
        x *= 2;
    return v;
}

struct Contestant {
    std::string name;
    std::function<hoc::peers::PeerTiming()> run;
    double settle = 0;  // seconds to wait after a run (see Peer::settleSeconds)
    std::vector<double> host_s, device_s;

    hoc::peers::PeerTiming once()
    {
        const auto t = run();
        if (settle > 0)
            std::this_thread::sleep_for(std::chrono::duration<double>(settle));
        return t;
    }
    // repeats.warmups untimed runs, then repeats.runs timed ones, fewer if they would take longer
    // than `timeLimit` seconds (at least 3) - judged by the last warm-up.
    void measure(const hoc::Repeats& repeats, double timeLimit)
    {
        double warm = 0;
        for (int w = 0; w < repeats.warmups; ++w)
            warm = once().host_s;
        const int runs = static_cast<int>(std::clamp(timeLimit / std::max(warm, 1e-9), 3.0, double(repeats.runs)));
        for (int r = 0; r < runs; ++r) {
            const auto t = once();
            host_s.push_back(t.host_s);
            device_s.push_back(t.device_s);
        }
    }
    double host() const { return hoc::median(host_s); }
    double device() const { return hoc::median(device_s); }
};

// The check of a result that has no reference to be compared with (or is not held to the FP32 bound):
// passed, with its count of elements.
hoc::CheckResult unchecked(std::size_t count)
{
    hoc::CheckResult result;
    result.ok = true;
    result.count = count;
    return result;
}

}  // namespace

int main(int argc, char** argv)
try {
    hoc::CommandLine cli(HOC_FOLDER, HOC_TITLE);
    std::vector<std::size_t> sizes = {1024, 2048, 4096, 1000, 3000};
    std::vector<std::vector<std::size_t>> shapes = {{2000, 3000, 1000}};
    std::vector<std::string> peerNames = {"clblast", "openblas", "cublas", "cublas-tf32"};
    long repeats = 10, checkLimit = 4096;
    double timeLimit = 20;
    std::size_t bandwidthSize = std::size_t{1} << 25;
    bool retune = false, noBandwidth = false;
    std::string cache = hoc::tuning::defaultCacheFile(), chosen;
    cli.sizesOption("--sizes", sizes, "square sizes M = N = K", INT_MAX);
    cli.shapesOption("--shapes", shapes, "MxNxK", 3, "rectangular sizes (none by default when --sizes is given)",
                     INT_MAX);
    cli.listOption("--peers", peerNames,
                   "libraries to race (cublas-tf32: cuBLAS on the TF32 tensor cores, less accurate)",
                   {"clblast", "openblas", "cublas", "cublas-tf32", "none"});
    cli.option("--repeats", repeats, "timed runs of each contestant per size, after 2 warm-ups (at least 3)", 3, 1000);
    cli.option("--time-limit", timeLimit, "seconds per size and contestant that reduce the repeats (down to 3)");
    cli.option("--check-limit", checkLimit, "largest M, N or K checked against the double reference", 0, 1 << 16);
    cli.sizeOption("--bandwidth-size", bandwidthSize, "floats per vector in the bandwidth test");
    cli.flag("--no-bandwidth", noBandwidth, "skip the bandwidth test");
    cli.flag("--retune", retune, "tune again even when the cache holds a choice for this device");
    cli.option("--cache", cache, "the tuning cache file");
    cli.option("--variant", chosen, "race this variant instead of the tuned one (see sgemm --help)");

    if (const auto stop = cli.parse(argc, argv))  // --help, --list or a bad command line
        return *stop;
    if (std::count(peerNames.begin(), peerNames.end(), "openblas"))
        hoc::peers::restartForFairOpenBlas(argv);  // a generic OpenBLAS core: again with its own kernels

    // "--sizes 1024" alone races that size alone: the default shape comes only with the default sizes.
    const auto onCommandLine = [&](const std::string& option) {
        return std::any_of(argv + 1, argv + argc,
                           [&](const char* word) { return std::string(word).rfind(option, 0) == 0; });
    };
    if (onCommandLine("--sizes") && !onCommandLine("--shapes"))
        shapes.clear();
    std::vector<Dims> problems;
    for (const auto n : sizes)
        problems.push_back({n, n, n});
    for (const auto& s : shapes)
        problems.push_back({s[0], s[1], s[2]});
    for (const Dims& d : problems)  // too large for the kernels' int indices: exit 2
        hoc::matmul::requireIntIndices(d, "--sizes/--shapes " + d.text());
    std::optional<Variant> given;
    if (!chosen.empty())  // a mistake in --variant is a bad command line (exit 2)
        given = Variant::parse(chosen);

    const cl::Device device = cli.device();
    hoc::Report report = cli.report(device);
    // Every size's A, B, C and reference on the host (and the buffers, where the device's memory is the
    // host's), before the first is made (one size at a time).
    for (const Dims& d : problems)
        hoc::matmul::requireHostMemory(device, d, "C = A * B at " + d.text());
    if (!noBandwidth)  // the bandwidth test comes after the race: its size is refused before it
        hoc::bandwidth::requireMeasurable(device, bandwidthSize);

    const auto has = [&](const char* p) { return std::count(peerNames.begin(), peerNames.end(), p) > 0; };
    std::vector<std::unique_ptr<hoc::peers::Peer>> peers;
    const auto add = [&](std::unique_ptr<hoc::peers::Peer> peer, const std::string& note) {
        if (peer) {
            std::cout << "Peer: " << peer->detail() << "\n";
            peers.push_back(std::move(peer));
        } else {
            std::cout << "Peer " << note << "\n";
        }
    };
    std::string note;
    if (has("clblast"))
        add(hoc::peers::clblast(device, note), note);
    if (has("openblas"))
        add(hoc::peers::openblas(device, note), note);
    if (has("cublas"))
        add(hoc::peers::cublas(device, note), note);
    if (has("cublas-tf32"))
        add(hoc::peers::cublasTf32(device, note), note);
    std::cout << "Compute units: " << device.getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>() << ", "
              << device.getInfo<CL_DEVICE_MAX_CLOCK_FREQUENCY>() << " MHz, driver "
              << device.getInfo<CL_DRIVER_VERSION>() << "\n";
    const hoc::Repeats measured{2, static_cast<int>(repeats)};
    std::cout << "Times: the device's clock for the multiplication alone (headline) and the host clock from the call "
                 "to the finished result; medians of "
              << measured.runs << " runs after " << measured.warmups << " warm-ups, each contestant in turn\n";

    // The module's kernels race only for the reference answer (HOC_COMPETITION_TENSOR): a student's
    // benchmark races the student's own variants.
    const auto variants = hoc::competition::variants(device, HOC_COMPETITION_TENSOR);
    std::map<std::string, Variant> tuned;                                        // per tuning size
    std::map<std::string, std::unique_ptr<hoc::competition::Contestant>> built;  // per variant
    std::ostringstream table, errors;
    errors
        << "\nAccuracy against the double reference on " << kAccuracyRows
        << " rows of C (all rows when C has fewer): the largest error relative to the rigorous FP32 bound (at most 1 "
           "for any FP32 summation order), and ||C - exact|| / ||exact||\n\n| M x N x K | contestant | largest error / "
           "FP32 bound | norm-wise relative error |\n|---|---|---:|---:|\n";
    table << "| M x N x K | ours: device | ours TFLOPS |";
    for (const auto& p : peers)
        table << " " << p->name() << ": device | ours / " << p->name() << " | (host clock) |";
    table << " checks |\n|---|---:|---:|";
    for (std::size_t i = 0; i < peers.size(); ++i)
        table << "---:|---:|---:|";
    table << "---|\n";

    for (const Dims& d : problems) {
        const Dims t = hoc::matmul::entrant().tuningSize(device, d);
        if (given && !tuned.count(t.text())) {
            tuned[t.text()] = *given;
        } else if (!tuned.count(t.text())) {
            const auto outcome = hoc::competition::tune(device, variants, t, cache, retune, &std::cout);
            std::cout << "Tuning for " << t.text() << ": " << outcome.note << "\n  best: " << outcome.best.text()
                      << ", " << fixed(t.flops() / outcome.seconds * 1e-9, 1) << " GFLOPS\n";
            tuned[t.text()] = outcome.best;
        }
        const Variant& variant = tuned[t.text()];
        auto& ours = built[variant.text()];
        if (!ours)
            ours = std::make_unique<hoc::competition::Contestant>(device, variant);

        const auto a = hoc::randomFloats(d.m * d.k, 1, -1, 1), b = hoc::randomFloats(d.k * d.n, 2, -1, 1);
        ours->upload(a, b, d);
        for (auto& p : peers)
            p->upload(a, b, d);

        // The contestants, ours first. Ours: the host clock around one run on an idle queue; the
        // device clock from that run's profiling events (its kernel, and with split K the sum).
        std::vector<Contestant> field;
        field.push_back({"ours",
                         [&] {
                             const hoc::Timer timer;
                             const hoc::EventSpan span = ours->run();
                             span.second.wait();
                             const double host = timer.seconds();
                             return hoc::peers::PeerTiming{host, hoc::eventSpanSeconds(span.first, span.second)};
                         },
                         0,
                         {},
                         {}});
        for (auto& p : peers)
            field.push_back({p->name(), [&p] { return p->run(); }, p->settleSeconds(), {}, {}});
        for (auto& c : field)
            c.measure(measured, timeLimit);

        // Checks: ours (and each peer) against the double reference where it is computed, and
        // ours against each peer everywhere.
        const std::vector<float> c = ours->download();
        std::vector<double> product, bound;
        std::string refNote = "no reference check above --check-limit";
        if (static_cast<long>(std::max({d.m, d.n, d.k})) <= checkLimit) {
            if (hoc::peers::fastReference(a, b, d, product, bound)) {
                refNote = "reference (OpenBLAS DGEMM)";
                // Its threads are still spinning; the next size's tuning and timing must not share the CPU with them.
                std::this_thread::sleep_for(std::chrono::duration<double>(hoc::peers::kOpenBlasSettleSeconds));
            } else if (d.flops() <= 2.0 * 1024 * 1024 * 1024) {
                product = hoc::matmul::reference(a, b, d);
                bound = hoc::matmul::errorBounds(a, b, d);
                refNote = "reference";
            } else {
                refNote = "no reference check (no OpenBLAS for a fast reference at this size)";
            }
        }
        const bool haveReference = !product.empty();
        // Accuracy, every size: the double reference on kAccuracyRows rows, ours and every peer against it.
        const hoc::peers::SampledReference sampled = hoc::peers::sampledReference(a, b, d, kAccuracyRows);
        const auto accuracyRow = [&](const std::string& who, const std::vector<float>& result) {
            const hoc::peers::Accuracy acc = hoc::peers::accuracy(sampled, result);
            errors << "| " << d.m << " x " << d.n << " x " << d.k << " | " << who << " | " << sci(acc.worst) << " | "
                   << sci(acc.normwise) << " |\n";
            return acc;
        };
        const hoc::peers::Accuracy oursAccuracy = accuracyRow("ours (" + variant.kernel + ")", c);
        const hoc::CheckResult oursCheck = haveReference ? hoc::compareWithBounds(product, c, bound)
                                                         : unchecked(c.size());
        const std::vector<double> pairBound = haveReference ? twice(bound) : peerBounds(a, b, d);

        std::vector<std::string> checks;
        checks.push_back(refNote + ": " + (haveReference ? oursCheck.message() : "skipped"));
        bool oursOk = oursCheck.ok;
        const Contestant& us = field[0];
        const auto tflops = [&](double seconds) { return d.flops() / seconds * 1e-12; };
        table << "| " << d.m << " x " << d.n << " x " << d.k << " | " << fixed(us.device() * 1e3, 3) << " ms | "
              << fixed(tflops(us.device()), 3) << " |";
        std::vector<hoc::Result> peerRows;
        std::vector<std::pair<std::string, double>> ratios;
        for (std::size_t i = 0; i < peers.size(); ++i) {
            const Contestant& f = field[i + 1];
            const std::vector<float> pc = peers[i]->download();
            const hoc::peers::Accuracy peerAccuracy = accuracyRow(f.name, pc);
            const bool accurate = peers[i]->fp32Accurate();
            if (accurate) {  // a peer that is not FP32-accurate (TF32) is no yardstick for ours
                const auto vsPeer = hoc::compareWithBounds(std::vector<double>(pc.begin(), pc.end()), c, pairBound);
                oursOk = oursOk && vsPeer.ok;
                checks.push_back("against " + f.name + ": " + vsPeer.message());
            }
            // Ratios of speed: the peer's time over ours (above 1: ours is faster).
            const double ratio = f.device() / us.device(), hostRatio = f.host() / us.host();
            ratios.push_back({f.name, ratio});
            ratios.push_back({f.name + "_host_clock", hostRatio});
            // Not FP32-accurate: not held to the FP32 bound (it would fail it); its errors are reported.
            const auto peerCheck = haveReference && accurate ? hoc::compareWithBounds(product, pc, bound)
                                                             : unchecked(pc.size());
            std::string peerDetail = (!accurate ? "not FP32-accurate, not checked against the FP32 bound; " +
                                                      peerAccuracy.text()
                                      : haveReference ? refNote + ": " + peerCheck.message()
                                                      : "not checked") +
                                     "\n  device " + fixed(f.device() * 1e3, 3) + " ms, host clock " +
                                     fixed(f.host() * 1e3, 3) + " ms";
            if (const std::string note = peers[i]->timingNote(); !note.empty())
                peerDetail += "\n  note: " + note;
            peerRows.push_back({f.name,
                                d.text(),
                                peerCheck.ok,
                                peerDetail,
                                f.device(),
                                d.flops() / f.device() * 1e-9,
                                "GFLOPS",
                                {{"host_seconds", f.host()},
                                 {"ours_over_peer", ratio},
                                 {"ours_over_peer_host_clock", hostRatio},
                                 {"error_over_fp32_bound", peerAccuracy.worst},
                                 {"normwise_error", peerAccuracy.normwise}}});
            table << " " << fixed(f.device() * 1e3, 3) << " ms | **" << fixed(ratio, 2) << "** | "
                  << fixed(hostRatio, 2) << " |";
        }
        table << " " << (oursOk ? "correct" : "WRONG") << " |\n";

        std::string detail = variant.text() + "; " + std::to_string(us.device_s.size()) + " runs; device " +
                             fixed(us.device() * 1e3, 3) + " ms, host clock " + fixed(us.host() * 1e3, 3) + " ms";
        for (const auto& [name, ratio] : ratios)
            if (name.find("_host_clock") == std::string::npos)
                detail += "; " + fixed(ratio, 2) + "x " + name;
        for (const auto& line : checks)
            detail += "\n  " + line;
        detail += "\n  accuracy on " + std::to_string(sampled.rows.size()) + " rows: " + oursAccuracy.text();
        hoc::Result oursRow{"ours",
                            d.text(),
                            oursOk,
                            detail,
                            us.device(),
                            d.flops() / us.device() * 1e-9,
                            "GFLOPS",
                            {{"host_seconds", us.host()},
                             {"error_over_fp32_bound", oursAccuracy.worst},
                             {"normwise_error", oursAccuracy.normwise}}};
        // The fastest library's rate, for the instructor's page: its matmul ladder at this size is
        // drawn against it (hoc/common/report.hpp, "vendor_blas_mflops").
        double fastest = 0;
        for (std::size_t i = 0; i < peers.size(); ++i)
            if (peers[i]->fp32Accurate())  // the same problem: FP32 accuracy
                fastest = std::max(fastest, d.flops() / field[i + 1].device() * 1e-6);
        if (fastest > 0)
            oursRow.extra.push_back({"vendor_blas_mflops", fastest});
        for (const auto& [name, ratio] : ratios)
            oursRow.extra.push_back({"ours_over_" + name, ratio});
        report.add(oursRow);
        for (auto& row : peerRows)
            report.add(row);
    }

    if (!noBandwidth) {
        const auto bw = hoc::bandwidth::measure(device, bandwidthSize, {1, static_cast<int>(repeats)});
        const double peak = bw.peak();
        for (const auto* m : {&bw.copyKernel, &bw.copyBuffer, &bw.vadd}) {
            report.add({m->name,
                        "N = " + std::to_string(bw.n),
                        m->check.ok,
                        m->check.message() + "; " + fixed(100 * m->gbps() / peak, 1) + "% of the best copy",
                        m->seconds,
                        m->gbps(),
                        "GB/s",
                        {{"fraction_of_peak", m->gbps() / peak}}});
        }
        table << "\nBandwidth, N = " << bw.n << " floats: " << bw.copyKernel.name << " "
              << fixed(bw.copyKernel.gbps(), 1) << " GB/s, clEnqueueCopyBuffer " << fixed(bw.copyBuffer.gbps(), 1)
              << " GB/s, vadd " << fixed(bw.vadd.gbps(), 1) << " GB/s = " << fixed(100 * bw.vadd.gbps() / peak, 1)
              << "% of the best copy\n";
    }
    std::cout << "\n" << table.str() << errors.str();
    return cli.finish(report);  // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
