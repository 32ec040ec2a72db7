// Exercise 24: the driver. The same particles stepped with the array-of-structures kernel and the
// structure-of-arrays one; each result checked against the serial reference (exactly), each time
// printed with the bandwidth the step needs and its ratio to the AoS kernel's. The OpenCL work is in
// layout.cpp; the reference, the memory refusal and the table are Measure's (hoc/measure/particles.hpp).
#include "hoc/cli/main.hpp"
#include "layout.hpp"

int main(int argc, char** argv)
try {
    hoc::CommandLine cli(HOC_FOLDER, HOC_TITLE);
    std::size_t n = std::size_t{1} << 22;
    std::size_t local = 0;
    long runs = 5;
    cli.sizeOption("-n,--size", n, "Particles (at most 2^28)", kMaxParticles);
    cli.sizeOption("--local", local, "Work-group size (default 256, or less where the kernel allows less)", 1u << 16);
    cli.option("--runs", runs, "Timed steps after one warm-up step; the median is reported", 1, 1000);
    if (const auto stop = cli.parse(argc, argv))  // --help, --list or a bad command line
        return *stop;

    const cl::Device device = cli.device();
    hoc::Report report = cli.report(device);
    hoc::requireParticleMemory(device, n,
                               sizeof(Particle));  // exit status 2 where the device or the host cannot hold them

    const float dt = 1.0f / 64, g = -9.81f;
    const std::vector<Particle> in = randomParticles(n, 24);
    Layout layout(device);
    const hoc::Repeats repeats{1, static_cast<int>(runs)};
    const std::string size = "N = " + hoc::sizeText(n) + " particles";
    const double bytes = kBytesPerParticle * static_cast<double>(n);

    std::vector<std::pair<std::string, double>> rows;
    enum class Run { aos, aos4, soa, aos7 };
    for (const Run run : {Run::aos, Run::aos4, Run::soa, Run::aos7}) {
        const LayoutResult r = run == Run::soa    ? layout.runSoa(in, dt, g, local, repeats)
                               : run == Run::aos4 ? layout.runAos(in, dt, g, local, repeats, AosLoads::float4s)
                               : run == Run::aos7 ? layout.runAos(in, dt, g, local, repeats, AosLoads::sevenFloats)
                                                  : layout.runAos(in, dt, g, local, repeats);
        std::vector<Particle> expected = in;
        stepReference(expected, dt, g, r.steps);
        const std::string name = run == Run::soa    ? "structure of arrays"
                                 : run == Run::aos4 ? "array of structures, float4 loads"
                                 : run == Run::aos7 ? "array of 7-float structures, step 6's loads"
                                                    : "array of structures";
        report.bandwidth(name, size, compareParticles(expected, r.out), {r.seconds, 0}, bytes);
        rows.emplace_back(run == Run::soa    ? "SoA"
                          : run == Run::aos4 ? "AoS4"
                          : run == Run::aos7 ? "AoS7"
                                             : "AoS",
                          r.seconds);
    }

    hoc::printLayoutTimes(rows, kBytesPerParticle, bytes);
    return cli.finish(report);  // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
