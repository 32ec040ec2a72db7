// Exercise 10: the serial program the exercise starts from, in float as on the slides and in
// double. The loops are the pi library's (Pi/src/reference.cpp: hoc::pi::serialFloat and serialDouble).
#include <cmath>
#include <cstdio>

#include "hoc/cli/main.hpp"
#include "hoc/pi/reference.hpp"

int main(int argc, char** argv)
try {
    hoc::CommandLine cli(HOC_FOLDER, HOC_TITLE);
    std::size_t steps = std::size_t{1} << 27;
    cli.sizeOption("-n,--steps", steps, "Integration steps (rectangles)", std::size_t{1} << 40);

    if (const auto stop = cli.parse(argc, argv))  // --help, --list or a bad command line
        return *stop;

    cli.checkDeviceOptions();
    hoc::Report report = cli.report();

    const double expected = hoc::pi::reference(steps);
    for (const bool inFloat : {true, false}) {
        const hoc::Timer timer;
        const double value = inFloat ? hoc::pi::serialFloat(steps) : hoc::pi::serialDouble(steps);
        const double seconds = timer.seconds();
        char detail[160];
        std::snprintf(detail, sizeof detail, "pi = %.9f, error %.2e", value, value - M_PI);
        hoc::Result row;
        row.name = inFloat ? "serial, float (as the slides)" : "serial, double";
        row.size = hoc::pi::stepsText(steps);
        // The float loop is shown, not checked: its sum drifts (see the README). The double
        // loop's error is below 2^-53 relative per addition: steps * 2^-53 * 3.25 at worst.
        if (inFloat) {
            row.correct = true;
            row.detail = std::string(detail) + " (not checked: float accumulation drifts)";
        } else {
            const double allowed = static_cast<double>(steps) * std::ldexp(3.25, -53) + 1e-13;
            const hoc::CheckResult check = hoc::compareValue(expected, value, allowed);
            row.correct = check.ok;
            row.detail = std::string(detail) + (check.ok ? "" : "; " + check.message());
        }
        row.seconds = seconds;
        row.rate = static_cast<double>(steps) / seconds;
        row.unit = "steps/s";
        report.add(row);
    }
    return cli.finish(report);  // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
