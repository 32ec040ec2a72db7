#include "hoc/measure/sweep.hpp"

#include <algorithm>
#include <iomanip>
#include <ostream>
#include <sstream>

namespace hoc {

namespace {

std::string sweepRateText(double value)
{
    std::ostringstream s;
    s << std::fixed << std::setprecision(value >= 100 ? 0 : value >= 10 ? 1 : value >= 1 ? 2 : 3) << value;
    return s.str();
}

}  // namespace

void printSweepTable(std::ostream& out, const std::vector<SweepColumn>& columns)
{
    std::vector<std::size_t> sizes;
    for (const SweepColumn& c : columns)
        for (const SweepCell& cell : c.cells)
            sizes.push_back(cell.size);
    std::sort(sizes.begin(), sizes.end());
    sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
    out << "\n" << std::setw(10) << "work-group";
    for (const SweepColumn& c : columns)
        out << std::setw(20) << c.title << std::setw(8) << "";
    out << "\n" << std::setw(10) << "size";
    for (const SweepColumn& c : columns)
        out << std::setw(20) << c.unit << std::setw(8) << "best";
    out << "\n";
    for (const std::size_t size : sizes) {
        out << std::setw(10) << size;
        for (const SweepColumn& c : columns) {
            const auto cell = std::find_if(c.cells.begin(), c.cells.end(), [&](auto& x) { return x.size == size; });
            double best = 0;
            for (const SweepCell& x : c.cells)
                best = std::max(best, x.rate);
            if (cell == c.cells.end())
                out << std::setw(20) << "-" << std::setw(8) << "";
            else
                out << std::setw(20) << (cell->correct ? sweepRateText(cell->rate) : "WRONG") << std::setw(7)
                    << static_cast<int>(best > 0 ? 100.0 * cell->rate / best + 0.5 : 0) << "%";
        }
        out << "\n";
    }
    out << "\n";
}

void reportSweep(Report& report, const std::vector<SweepColumn>& columns)
{
    for (const SweepColumn& c : columns) {
        if (c.cells.empty())
            continue;
        const bool bandwidth = c.unit == "GB/s";
        const bool giga = !bandwidth && c.unit.rfind("G ", 0) == 0;
        const auto wrong = std::find_if(c.cells.begin(), c.cells.end(), [](auto& x) { return !x.correct; });
        const auto best = std::max_element(c.cells.begin(), c.cells.end(),
                                           [](auto& x, auto& y) { return x.rate < y.rate; });
        const std::string all = wrong == c.cells.end()
                                    ? "correct at all " + std::to_string(c.cells.size()) + " sizes"
                                    : "WRONG at work-group size " + wrong->shape + ": " + wrong->detail;
        const std::pair<const char*, const SweepCell*> rows[] = {{", work-groups of 1", &c.cells.front()},
                                                                 {", fastest work-group", &*best}};
        for (const auto& [title, cell] : rows) {
            Result r;
            r.name = c.title + title;
            r.correct = wrong == c.cells.end();
            r.detail = all + "; work-group " + cell->shape;
            r.seconds = cell->seconds;
            r.rate = giga ? cell->rate * 1e9 : cell->rate;
            r.unit = giga ? c.unit.substr(2) : c.unit;
            if (bandwidth)
                r.extra.emplace_back("bytes", cell->rate * 1e9 * cell->seconds);
            r.extra.emplace_back("work_group_size", static_cast<double>(cell->size));
            report.add(r);
        }
    }
}

}  // namespace hoc
