#include "hoc/tools/charts.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "hoc/tools/svg.hpp"
#include "hoc/tools/writers.hpp"

namespace hoc::tools {
namespace {

const char* const kColours[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2"};
const std::string kGrid = "#d9d9d9", kMinorGrid = "#f0f0f0", kAxis = "#444444";

std::string colour(std::size_t column) { return kColours[column % (sizeof kColours / sizeof kColours[0])]; }

// Grid lines and labels for a logarithmic y axis; minor lines at 2..9 times each decade.
void yGrid(Svg& svg, const LogAxis& y, double left, double right, const std::string& unit)
{
    const auto decades = y.decades();
    for (std::size_t i = 0; i < decades.size(); ++i) {
        if (i + 1 < decades.size())
            for (int m = 2; m <= 9; ++m)
                svg.line(left, y(decades[i] * m), right, y(decades[i] * m), kMinorGrid);
        svg.line(left, y(decades[i]), right, y(decades[i]), kGrid);
        svg.text(left - 6, y(decades[i]) + 4, decadeLabel(decades[i]), {11, "end"});
    }
    svg.text(left - 48, (y.from + y.to) / 2, unit, {12, "middle", -90});
}

void xGrid(Svg& svg, const LogAxis& x, double top, double bottom, const std::string& unit)
{
    const auto decades = x.decades();
    for (std::size_t i = 0; i < decades.size(); ++i) {
        if (i + 1 < decades.size())
            for (int m = 2; m <= 9; ++m)
                svg.line(x(decades[i] * m), top, x(decades[i] * m), bottom, kMinorGrid);
        svg.line(x(decades[i]), top, x(decades[i]), bottom, kGrid);
        svg.text(x(decades[i]), bottom + 16, decadeLabel(decades[i]), {11, "middle"});
    }
    svg.text((x.from + x.to) / 2, bottom + 34, unit, {12, "middle"});
}

void frame(Svg& svg, double left, double top, double right, double bottom)
{
    svg.line(left, bottom, right, bottom, kAxis);
    svg.line(left, top, left, bottom, kAxis);
}

std::string tooltip(const Table& table, std::size_t c, const Row& row, const std::string& value)
{
    return table.columns[c].device.label() + ", " + row.folder + ": " + row.variant() + ": " + value;
}

}  // namespace

std::string shortLabel(const Row& row, std::size_t width)
{
    std::string prefix = row.folder;
    if (row.folder.rfind("Exercise", 0) == 0) {
        std::size_t digits = 8;
        while (digits < row.folder.size() && std::isdigit(static_cast<unsigned char>(row.folder[digits])))
            ++digits;
        if (digits > 8)
            prefix = row.folder.substr(8, digits - 8);
    }
    std::string label = prefix + " " + row.name;
    if (label.size() > width)
        label = label.substr(0, width - 3) + "...";
    return label;
}

std::string progressionChart(const Table& table)
{
    std::vector<const Row*> rows;
    double lo = std::numeric_limits<double>::max(), hi = 0;
    auto widen = [&](double v) {
        if (v > 0) {
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
    };
    for (const auto& row : table.rows) {
        if (row.probe)
            continue;
        bool rated = false;
        for (const auto& cell : row.cells)
            if (cell.present() && cell.unit == "MFLOPS" && cell.rate > 0) {
                rated = true;
                widen(cell.rate);
                if (cell.blasMflops)
                    widen(*cell.blasMflops);
            }
        if (rated)
            rows.push_back(&row);
    }
    if (rows.empty())
        return "";
    for (const auto& column : table.columns)
        widen(column.roofs.computeMflops);

    constexpr std::size_t kLabelWidth = 34;
    std::size_t longest = 0;
    for (const Row* row : rows)
        longest = std::max(longest, shortLabel(*row, kLabelWidth).size());
    const double width = std::max(720.0, 240.0 + 70.0 * static_cast<double>(rows.size()));
    // Room on the left for the first label, which hangs down to the left of its tick.
    const double labelReach = 6.2 * 0.71 * static_cast<double>(longest);
    const double left = std::max(80.0, labelReach - 0.5 * (width - 100) / static_cast<double>(rows.size()) + 10);
    const double right = width - 20, top = 60;
    const double legendHeight = 18.0 * static_cast<double>(table.columns.size() + 1);
    const double bottom = top + 360, height = bottom + 20 + 6.2 * static_cast<double>(longest) * 0.71 + 30 + legendHeight;

    Svg svg(width, height, "MFLOPS per variant");
    svg.text(width / 2, 28, "MFLOPS per variant, in course order (log scale)", {16, "middle", 0, "#222222", true});
    const LogAxis y = LogAxis::covering(lo, hi, bottom, top);
    yGrid(svg, y, left, right, "MFLOPS");
    frame(svg, left, top, right, bottom);

    const double step = (right - left) / static_cast<double>(rows.size());
    auto xOf = [&](std::size_t i) { return left + step * (static_cast<double>(i) + 0.5); };
    for (std::size_t i = 0; i < rows.size(); ++i) {
        svg.line(xOf(i), bottom, xOf(i), bottom + 4, kAxis);
        // Rotated 45 degrees, ending under the tick.
        svg.text(xOf(i) + 4, bottom + 14, shortLabel(*rows[i], kLabelWidth), {11, "end", -45});
    }

    for (std::size_t c = 0; c < table.columns.size(); ++c) {
        const std::string ink = colour(c);
        if (table.columns[c].roofs.computeMflops > 0) {
            const double py = y(table.columns[c].roofs.computeMflops);
            svg.line(left, py, right, py, ink, 1.5, "2,4");
            svg.text(right - 4, py - 5,
                     "FMA peak " + table.columns[c].device.label() + ": " +
                         formatNumber(table.columns[c].roofs.computeMflops) + " MFLOPS",
                     {10, "end", 0, ink});
        }
        std::vector<std::pair<double, double>> points;
        for (std::size_t i = 0; i < rows.size(); ++i) {
            const Cell& cell = rows[i]->cells[c];
            if (cell.present() && cell.unit == "MFLOPS" && cell.rate > 0)
                points.emplace_back(xOf(i), y(cell.rate));
        }
        if (points.size() > 1)
            svg.polyline(points, ink, 2);
        for (std::size_t i = 0; i < rows.size(); ++i) {
            const Cell& cell = rows[i]->cells[c];
            if (!(cell.present() && cell.unit == "MFLOPS" && cell.rate > 0))
                continue;
            const std::string tip = tooltip(table, c, *rows[i], formatNumber(cell.rate) + " MFLOPS");
            if (cell.status == Cell::Status::Correct)
                svg.circle(xOf(i), y(cell.rate), 5, ink, tip);
            else
                svg.cross(xOf(i), y(cell.rate), 5, ink, tip + " (WRONG)");
            if (cell.blasMflops)
                svg.line(xOf(i) - step * 0.3, y(*cell.blasMflops), xOf(i) + step * 0.3, y(*cell.blasMflops), ink, 2,
                         "6,3");
        }
    }

    // Key: one line per device, then what the marks mean.
    double ky = height - legendHeight + 4;
    for (std::size_t c = 0; c < table.columns.size(); ++c, ky += 18) {
        svg.line(left, ky - 4, left + 24, ky - 4, colour(c), 2);
        svg.circle(left + 12, ky - 4, 4, colour(c));
        const auto& d = table.columns[c].device;
        svg.text(left + 32, ky, d.label() + ": " + d.name + " (" + d.platform + ")", {11});
    }
    svg.text(left, ky, "o correct, x wrong; dashes: vendor BLAS for the same sizes; dotted: the device's FMA peak",
             {11, "start", 0, "#555555"});
    return svg.str();
}

std::string rooflineChart(const Table& table)
{
    struct Point {
        std::size_t column, key;
        const Cell* cell;
    };
    std::vector<Point> points;
    std::vector<const Row*> keyed;  // the key's rows, numbered from 1
    for (const auto& row : table.rows) {
        std::size_t key = 0;
        if (row.probe)  // the roofs themselves
            continue;
        for (std::size_t c = 0; c < row.cells.size(); ++c) {
            const Cell& cell = row.cells[c];
            if (!(cell.roof && cell.roof->kind == Standing::Kind::Placed))
                continue;
            if (key == 0) {
                keyed.push_back(&row);
                key = keyed.size();
            }
            points.push_back({c, key, &cell});
        }
    }
    // The axes cover every point and, for each device, the ridge point with room on both sides.
    bool anyRoofs = false;
    double xlo = std::numeric_limits<double>::max(), xhi = 0, ylo = std::numeric_limits<double>::max(), yhi = 0;
    for (const auto& column : table.columns)
        if (column.roofs.known()) {
            anyRoofs = true;
            const double ridge = ridgeIntensity(column.roofs), peak = column.roofs.computeMflops * 1e-3;
            xlo = std::min(xlo, ridge / 16);
            xhi = std::max(xhi, ridge * 16);
            ylo = std::min(ylo, peak / 64);
            yhi = std::max(yhi, peak * 1.5);
        }
    if (!anyRoofs)
        return "";
    for (const auto& p : points) {
        xlo = std::min(xlo, p.cell->roof->intensity / 2);
        xhi = std::max(xhi, p.cell->roof->intensity * 2);
        ylo = std::min(ylo, p.cell->roof->attained * 1e-3 / 2);
    }

    const double width = 900, left = 80, right = 620, top = 60, bottom = 520;
    const double keyLines = static_cast<double>(keyed.size() + table.columns.size());
    const double height = std::max(bottom + 60, top + 18 * keyLines + 40);
    Svg svg(width, height, "Roofline");
    svg.text((left + right) / 2, 28, "Roofline: attained GFLOP/s against arithmetic intensity",
             {16, "middle", 0, "#222222", true});
    const LogAxis x = LogAxis::covering(xlo, xhi, left, right);
    const LogAxis y = LogAxis::covering(ylo, yhi, bottom, top);
    yGrid(svg, y, left, right, "GFLOP/s");
    xGrid(svg, x, top, bottom, "arithmetic intensity, FLOP per byte of global memory");
    frame(svg, left, top, right, bottom);

    for (std::size_t c = 0; c < table.columns.size(); ++c) {
        const Roofs& roofs = table.columns[c].roofs;
        if (!roofs.known())
            continue;
        const std::string ink = colour(c);
        const double peak = roofs.computeMflops * 1e-3;  // GFLOP/s
        const double ridge = ridgeIntensity(roofs);
        // The slanted roof starts where it enters the plot (at the left edge or the bottom).
        const double start = std::max(x.lo, y.lo / roofs.bandwidthGBps);
        std::vector<std::pair<double, double>> roof;
        if (start < ridge)
            roof.emplace_back(x(start), y(start * roofs.bandwidthGBps));
        roof.emplace_back(x(ridge), y(peak));
        roof.emplace_back(x(x.hi), y(peak));
        svg.polyline(roof, ink, 2.5);
        svg.text(x(x.hi) - 4, y(peak) - 6,
                 table.columns[c].device.label() + ": FMA " + formatNumber(peak) + " GFLOP/s", {11, "end", 0, ink});
        if (start < ridge) {
            // Along the slanted roof, rotated to its slope.
            const double angle = std::atan2(y(peak) - y(start * roofs.bandwidthGBps), x(ridge) - x(start)) * 180 / M_PI;
            const double at = std::sqrt(start * ridge);
            svg.text(x(at), y(at * roofs.bandwidthGBps) - 6, "copy " + formatNumber(roofs.bandwidthGBps) + " GB/s",
                     {11, "middle", angle, ink});
        }
    }
    for (const auto& p : points) {
        const Standing& s = *p.cell->roof;
        const double px = x(s.intensity), py = y(s.attained * 1e-3);
        const std::string tip = tooltip(table, p.column, *keyed[p.key - 1],
                                        formatNumber(s.attained * 1e-3) + " GFLOP/s at " +
                                            formatNumber(s.intensity) + " FLOP/byte, " +
                                            formatPercent(s.fraction) + " of the roof");
        if (p.cell->status == Cell::Status::Correct)
            svg.circle(px, py, 5, colour(p.column), tip);
        else
            svg.cross(px, py, 5, colour(p.column), tip + " (WRONG)");
        svg.text(px + 7, py + 4, std::to_string(p.key), {11, "start", 0, colour(p.column), true});
    }

    // The key, right of the plot: devices, then the numbered results.
    double ky = top + 4;
    const double kx = right + 20;
    for (std::size_t c = 0; c < table.columns.size(); ++c, ky += 18) {
        svg.line(kx, ky - 4, kx + 20, ky - 4, colour(c), 2.5);
        std::string name = table.columns[c].device.name;
        if (name.size() > 30)
            name = name.substr(0, 27) + "...";
        svg.text(kx + 26, ky, table.columns[c].device.label() + " " + name, {11});
    }
    ky += 8;
    if (keyed.empty())
        svg.text(kx, ky, "(no result reports flops and bytes)", {11, "start", 0, "#555555"});
    for (std::size_t k = 0; k < keyed.size(); ++k, ky += 18)
        svg.text(kx, ky, std::to_string(k + 1) + "  " + shortLabel(*keyed[k], 36), {11});
    return svg.str();
}

}  // namespace hoc::tools
