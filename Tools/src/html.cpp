#include "hoc/tools/html.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <set>
#include <stdexcept>
#include <sstream>

#include "hoc/course/exercises.hpp"
#include "hoc/tools/writers.hpp"

namespace hoc::tools {
namespace {

// The page's escaping, one function per place a text goes. Every text the page shows comes from
// outside (device names, a program's results and error messages, a results file): none of it may
// become markup or script.

// Text in an element's content: & < > and both quotes as character references (a quote needs none
// there, but the same text is then safe in an attribute too).
std::string escapeText(const std::string& text)
{
    std::string out;
    out.reserve(text.size());
    for (char c : text) {
        switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        case '\'': out += "&#39;"; break;
        default: out += c;
        }
    }
    return out;
}

// The value of a quoted attribute (the page quotes with ' or "): the same references, so that no
// quote in the text can end the value and start an attribute of its own (an event handler).
std::string escapeAttribute(const std::string& text) { return escapeText(text); }

// JSON in a <script> element, which the browser ends at "</script" and treats "<!--" as the start of
// an escaped section (a "<script" after it then hides the real end tag): inside the JSON's strings,
// < > & and both quotes are written as \u00XX escapes, which JSON.parse reads back as the same
// characters. Outside strings JSON has none of these but the quotes around strings, which stay.
// Text that is not UTF-8 has U+FFFD in place of each bad byte.
std::string scriptJson(const nlohmann::json& data)
{
    const std::string dumped = data.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    std::string out;
    out.reserve(dumped.size());
    bool inString = false;
    for (std::size_t i = 0; i < dumped.size(); ++i) {
        const char c = dumped[i];
        if (!inString) {
            inString = c == '"';
            out += c;
        } else if (c == '\\' && i + 1 < dumped.size()) {
            const char next = dumped[++i];
            out += next == '"' ? std::string("\\u0022") : std::string{'\\', next};
        } else if (c == '"') {
            inString = false;
            out += c;
        } else if (c == '<' || c == '>' || c == '&' || c == '\'') {
            static const char* const kHex = "0123456789abcdef";
            out += "\\u00";
            out += kHex[(c >> 4) & 0xf];
            out += kHex[c & 0xf];
        } else {
            out += c;
        }
    }
    return out;
}

// A script the page copies in (Chart.js, from Debian's package): nothing in it may end the element
// ("</" becomes "<\/", the same in a JavaScript string or regular expression) or open an escaped
// section ("<!--" becomes "<\!--").
std::string scriptSafe(std::string text)
{
    for (std::size_t at = 0; (at = text.find("</", at)) != std::string::npos; at += 3)
        text.replace(at, 2, "<\\/");
    for (std::size_t at = 0; (at = text.find("<!--", at)) != std::string::npos; at += 5)
        text.replace(at, 4, "<\\!--");
    return text;
}

// The course's entry for `folder` (course.json, hoc/course/exercises.hpp), or none (the probe's rows,
// or results of an exercise this course does not have).
const hoc::course::Exercise* courseExercise(const std::string& folder)
{
    for (const auto& exercise : hoc::course::kExercises)
        if (folder == exercise.folder)
            return &exercise;
    return nullptr;
}

// The exercise's id ("04", "09b", "A"); the folder itself when the course has no such exercise.
std::string exerciseNumber(const std::string& folder)
{
    const auto* exercise = courseExercise(folder);
    return exercise ? exercise->id : folder;
}

bool inMatmulLadder(const Row& row)
{
    const auto* exercise = courseExercise(row.folder);
    return exercise && exercise->matmulProgression;
}

bool ratedInMflops(const Row& row)
{
    if (row.probe || row.devices > 1)
        return false;
    for (const auto& cell : row.cells)
        if (cell.present() && cell.unit == "MFLOPS" && cell.rate > 0)
            return true;
    return false;
}

const char* const kColours[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2"};
std::string colour(std::size_t i) { return kColours[i % (sizeof kColours / sizeof kColours[0])]; }

std::string cellRate(const Cell& cell)
{
    if (cell.status == Cell::Status::Failed)
        return "failed";
    if (!cell.present())
        return "";
    if (cell.rate <= 0)
        return "&ndash;";
    // The number and its unit never apart; words after the unit ("(round trip)") may go to the next line.
    const ScaledRate scaled = scaleRate(cell.rate, cell.unit);
    const auto space = scaled.unit.find(' ');
    std::string text = "<span class=rate>" + escapeText(scaled.number) + " <span class=unit>" +
                       escapeText(scaled.unit.substr(0, space)) + "</span></span>";
    if (space != std::string::npos)
        text += " <span class=unit>" + escapeText(scaled.unit.substr(space + 1)) + "</span>";
    return text;
}

// The JavaScript that draws both charts from the JSON in the page (Chart.js's API).
const char* const kChartsScript = R"JS(
(function () {
  var data = JSON.parse(document.getElementById('chart-data').textContent);
  var status = document.getElementById('charts-status');
  if (typeof Chart === 'undefined') { status.textContent = 'no-chartjs'; return; }
  Chart.defaults.font.size = 13;
  Chart.defaults.animation = false;
  var p = data.progression;
  if (p.variants.length) {
    var sets = p.series.map(function (s) {
      return { label: s.device, data: s.values, borderColor: s.colour, backgroundColor: s.colour,
               pointRadius: 5, borderWidth: 2, spanGaps: true };
    });
    p.blas.forEach(function (b) {
      sets.push({ label: 'vendor BLAS on ' + b.device, data: p.variants.map(function () { return b.gflops; }),
                  borderColor: b.colour, borderDash: [8, 5], borderWidth: 1.5, pointRadius: 0 });
    });
    new Chart(document.getElementById('progression'), {
      type: 'line', data: { labels: p.variants.map(function (v) { return v.number; }), datasets: sets },
      options: { responsive: true, maintainAspectRatio: false,
        plugins: { legend: { position: 'bottom' },
          tooltip: { callbacks: { title: function (items) { var v = p.variants[items[0].dataIndex];
                                                            return v.number + '. ' + v.name; } } } },
        scales: { y: { type: 'logarithmic', title: { display: true, text: 'GFLOP/s (log scale)' } },
                  x: { title: { display: true, text: 'variant, in course order (names below the chart)' } } } }
    });
  }
  var r = data.roofline;
  if (r.devices.length) {
    var xs = [], ys = [];
    // Intensities far right of every ridge (pi reads almost nothing) would squeeze the rest of the
    // chart into a corner: beyond 100 times the largest ridge point they are drawn at that edge, as
    // diamonds (the key and the tooltip keep the real value).
    var edge = Math.pow(10, Math.ceil(Math.log10(100 * Math.max.apply(null, r.devices.map(function (d) {
      return d.ridge; })))));
    r.points.forEach(function (q) { if (q.x > edge) { q.beyond = q.x; q.x = edge; } });
    r.points.forEach(function (q) { xs.push(q.x); ys.push(q.y); });
    r.devices.forEach(function (d) { xs.push(d.ridge); ys.push(d.peak_gflops); });
    var xmin = Math.pow(10, Math.floor(Math.log10(Math.min.apply(null, xs)) - 0.3));
    var xmax = Math.pow(10, Math.ceil(Math.log10(Math.max.apply(null, xs)) + 0.3));
    var ymax = Math.pow(10, Math.ceil(Math.log10(Math.max.apply(null, ys)) + 0.1));
    var ymin = Math.pow(10, Math.floor(Math.log10(Math.min.apply(null, ys.concat(xmin * Math.min.apply(null,
               r.devices.map(function (d) { return d.bandwidth_gbps; })))))));
    var sets = [];
    r.devices.forEach(function (d) {
      sets.push({ type: 'line', label: 'roof of ' + d.device, borderColor: d.colour, borderWidth: 2, pointRadius: 0,
                  data: [{ x: xmin, y: xmin * d.bandwidth_gbps }, { x: d.ridge, y: d.peak_gflops },
                         { x: xmax, y: d.peak_gflops }] });
      sets.push({ type: 'scatter', label: 'results on ' + d.device, backgroundColor: d.colour, borderColor: d.colour,
                  pointStyle: r.points.filter(function (q) { return q.column === d.column; }).map(function (q) {
                    return q.beyond ? 'rectRot' : q.above ? 'triangle' : 'circle'; }),
                  pointRadius: 6, data: r.points.filter(function (q) { return q.column === d.column; }) });
    });
    // Numbers beside the points. Points of one device that fall on the same spot share one label
    // ("20, 22": the same kernel measured by two programs). Each label takes the nearest place, on
    // rings of growing radius around its point, inside the plot and clear of every label and point
    // already placed; one set apart from its point gets a thin line back to it. The most crowded
    // points are placed first, while room is left near them.
    var labels = { id: 'numbers', afterDatasetsDraw: function (chart) {
      var ctx = chart.ctx, area = chart.chartArea, taken = [], placed = [], groups = [], labelled = 0;
      var clash = function (a, b) { return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h; };
      chart.data.datasets.forEach(function (set, i) {
        if (set.type !== 'scatter') return;
        chart.getDatasetMeta(i).data.forEach(function (el, j) {
          taken.push({ x: el.x - 6, y: el.y - 6, w: 12, h: 12 });
          var same = groups.filter(function (g) { return g.set === set && Math.abs(g.x - el.x) < 3 &&
                                                         Math.abs(g.y - el.y) < 3; })[0];
          if (same) same.numbers.push(set.data[j].n);
          else groups.push({ set: set, x: el.x, y: el.y, numbers: [set.data[j].n] });
        });
      });
      groups.forEach(function (g) { g.crowd = groups.filter(function (o) {
        return Math.abs(o.x - g.x) < 40 && Math.abs(o.y - g.y) < 40; }).length; });
      groups.sort(function (a, b) { return b.crowd - a.crowd; });
      ctx.save(); ctx.font = 'bold 12px sans-serif'; ctx.textBaseline = 'middle';
      groups.forEach(function (g) {
        var text = g.numbers.sort(function (a, b) { return a - b; }).join(', ');
        var w = ctx.measureText(text).width + 2, h = 14, best = null, far = false;
        for (var radius = 8; radius <= 240 && !best; radius += 6) {
          var steps = Math.max(8, Math.round(radius / 2));
          for (var s = 0; s < steps && !best; ++s) {
            var c = Math.cos(2 * Math.PI * s / steps), d = Math.sin(2 * Math.PI * s / steps);
            var box = { x: g.x + radius * c - (c < -0.3 ? w : c > 0.3 ? 0 : w / 2),
                        y: g.y - radius * d - (d > 0.3 ? h : d < -0.3 ? 0 : h / 2), w: w, h: h };
            if (box.x < area.left || box.x + w > area.right || box.y < area.top || box.y + h > area.bottom) continue;
            if (!taken.some(function (o) { return clash(box, o); })) { best = box; far = radius > 14; }
          }
        }
        if (!best) best = { x: g.x + 8, y: g.y - h / 2, w: w, h: h };  // no room anywhere near
        taken.push(best); placed.push(best);
        labelled += g.numbers.length;
        ctx.fillStyle = g.set.borderColor; ctx.strokeStyle = g.set.borderColor;
        if (far) {
          var bx = Math.max(best.x, Math.min(g.x, best.x + w)), by = Math.max(best.y, Math.min(g.y, best.y + h));
          var len = Math.max(1, Math.hypot(bx - g.x, by - g.y));
          ctx.globalAlpha = 0.5; ctx.lineWidth = 1;
          ctx.beginPath(); ctx.moveTo(g.x + 7 * (bx - g.x) / len, g.y + 7 * (by - g.y) / len); ctx.lineTo(bx, by);
          ctx.stroke();
          ctx.globalAlpha = 1;
        }
        ctx.fillText(text, best.x + 1, best.y + h / 2);
      });
      ctx.restore();
      // For the browser test: numbers drawn over another number or a point (none, unless no room).
      var overlaps = placed.filter(function (box) { return taken.some(function (o) {
        return o !== box && clash(box, o); }); }).length;
      chart.canvas.setAttribute('data-labels', labelled);
      chart.canvas.setAttribute('data-label-overlaps', overlaps);
    } };
    new Chart(document.getElementById('roofline'), {
      data: { datasets: sets }, plugins: [labels],
      options: { responsive: true, maintainAspectRatio: false,
        plugins: { legend: { position: 'bottom' },
          tooltip: { callbacks: { label: function (c) { var q = c.raw;
            return q.n ? q.n + '. ' + q.text + (q.beyond ? ' (intensity ' + q.beyond.toPrecision(3) +
                   ', drawn at the edge)' : '') : c.dataset.label; } } } },
        scales: { x: { type: 'logarithmic', min: xmin, max: xmax,
                       title: { display: true, text: 'arithmetic intensity as written, FLOP/byte (log scale)' } },
                  y: { type: 'logarithmic', min: ymin, max: ymax,
                       title: { display: true, text: 'GFLOP/s (log scale)' } } } }
    });
  }
  // How much of each chart is drawn (pixels neither transparent nor white), for the browser test.
  setTimeout(function () {
    ['progression', 'roofline'].forEach(function (id) {
      var canvas = document.getElementById(id);
      if (!canvas) return;
      var pixels = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data, ink = 0;
      for (var i = 0; i < pixels.length; i += 4)
        if (pixels[i + 3] > 0 && (pixels[i] < 240 || pixels[i + 1] < 240 || pixels[i + 2] < 240)) ++ink;
      canvas.setAttribute('data-ink', ink);
    });
    status.textContent = 'drawn';
  }, 0);
})();
)JS";

}  // namespace

std::vector<std::string> chartJsCandidates()
{
    return {"/usr/share/javascript/chart.js/chart.min.js", "/usr/share/javascript/chart.js/chart.js",
            "/usr/share/nodejs/chart.js/dist/chart.umd.js"};
}

namespace {

// Whether `text` assigns the global Chart as the UMD build does: ".Chart = factory()" (chart.js) or
// ".Chart=e()" (chart.min.js).
bool definesGlobalChart(const std::string& text)
{
    const auto identifier = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$'; };
    for (std::size_t at = text.find(".Chart"); at != std::string::npos; at = text.find(".Chart", at + 1)) {
        std::size_t i = at + 6;
        while (i < text.size() && text[i] == ' ')
            ++i;
        if (i >= text.size() || text[i] != '=' || (i + 1 < text.size() && text[i + 1] == '='))
            continue;
        ++i;
        while (i < text.size() && text[i] == ' ')
            ++i;
        const std::size_t name = i;
        while (i < text.size() && identifier(text[i]))
            ++i;
        if (i > name && text.compare(i, 2, "()") == 0)
            return true;
    }
    return false;
}

}  // namespace

std::string chartJsProblem(const std::string& text)
{
    // The banner every build of Chart.js starts with ("/*!\n * Chart.js v3.9.1\n"), a major version
    // of 3 or more (the page uses Chart.defaults.font and the v3 scale options).
    const auto banner = text.substr(0, 512).find("Chart.js v");
    if (banner == std::string::npos)
        return "it does not start with Chart.js's banner ('Chart.js v3...' in its first lines)";
    const std::size_t digits = banner + 10;
    std::size_t end = digits;
    while (end < text.size() && end < digits + 3 && std::isdigit(static_cast<unsigned char>(text[end])))
        ++end;
    if (end == digits || std::stoi(text.substr(digits, end - digits)) < 3)
        return "it is Chart.js " + text.substr(banner + 9, end - banner - 9) +
               ", older than the version 3 the page needs";
    if (text.find('\0') != std::string::npos)
        return "it holds NUL bytes (Chart.js is a text file)";
    // A classic script that defines the global Chart (the UMD build; an ES module's 'export' fails in
    // the page's <script>), with the chart types and the scale the page draws.
    if (!definesGlobalChart(text))
        return "it does not define the global Chart (the page needs the UMD build, chart.js or chart.min.js, not "
               "the ES module chart.esm.js or chart.mjs)";
    for (const char* part : {"LineController", "ScatterController", "LogarithmicScale"})
        if (text.find(part) == std::string::npos)
            return std::string("it has no ") + part + " (a full build of Chart.js has it)";
    return "";
}

std::string readChartJs(const std::string& given, const std::string& option)
{
    const std::vector<std::string> candidates = given.empty() ? chartJsCandidates() : std::vector<std::string>{given};
    for (const auto& path : candidates) {
        // Only a regular file (a link to one is fine) of a plausible size is read: never a device,
        // a pipe or a folder, never megabytes of something else.
        std::string problem;
        struct stat info{};
        if (::stat(path.c_str(), &info) != 0)
            problem = std::string("it cannot be read (") + std::strerror(errno) + ")";
        else if (!S_ISREG(info.st_mode))
            problem = "it is not a regular file";
        else if (info.st_size < kMinChartJsBytes || info.st_size > kMaxChartJsBytes)
            problem = "it has " + std::to_string(info.st_size) + " bytes, where a build of Chart.js has " +
                      std::to_string(kMinChartJsBytes / 1024) + " KiB to " + std::to_string(kMaxChartJsBytes >> 20) +
                      " MiB";
        std::string text;
        if (problem.empty()) {
            std::ifstream in(path, std::ios::binary);
            std::ostringstream read;
            read << in.rdbuf();
            text = read.str();
            problem = in ? chartJsProblem(text) : std::string("cannot read it");
        }
        if (problem.empty())
            return text;
        if (!given.empty())
            throw ChartJsError(option + " " + given + " is not a build of Chart.js: " + problem +
                               " (Debian's libjs-chart.js installs one: " + chartJsCandidates().front() + ")");
    }
    return "";
}

nlohmann::json progressionData(const Table& table)
{
    std::vector<const Row*> rows;
    std::set<std::string> names;
    for (const auto& row : table.rows)  // Exercises 04-09 except matmul_table, each variant once
        if (ratedInMflops(row) && inMatmulLadder(row) && row.program != "matmul_table" && names.insert(row.name).second)
            rows.push_back(&row);
    if (rows.empty())  // only matmul_table ran: its ladder
        for (const auto& row : table.rows)
            if (ratedInMflops(row) && row.program == "matmul_table" && names.insert(row.name).second)
                rows.push_back(&row);

    nlohmann::json data = {
        {"variants", nlohmann::json::array()}, {"series", nlohmann::json::array()}, {"blas", nlohmann::json::array()}};
    for (std::size_t i = 0; i < rows.size(); ++i)
        data["variants"].push_back({{"number", std::to_string(i + 1)},
                                    {"exercise", exerciseNumber(rows[i]->folder)},
                                    {"name", rows[i]->name},
                                    {"size", rows[i]->size}});
    for (std::size_t c = 0; c < table.columns.size(); ++c) {
        nlohmann::json values = nlohmann::json::array();
        bool any = false;
        double blas = 0;
        for (const Row* row : rows) {
            const Cell& cell = row->cells[c];
            if (cell.present() && cell.unit == "MFLOPS" && cell.rate > 0) {
                values.push_back(cell.rate / 1e3);  // GFLOP/s
                any = true;
            } else {
                values.push_back(nullptr);
            }
            if (cell.blasMflops)
                blas = std::max(blas, *cell.blasMflops);
        }
        const std::string label = table.columns[c].device.label();
        if (any)
            data["series"].push_back({{"device", label}, {"colour", colour(c)}, {"values", values}});
        if (blas > 0)
            data["blas"].push_back({{"device", label}, {"colour", colour(c)}, {"gflops", blas / 1e3}});
    }
    return data;
}

nlohmann::json rooflineData(const Table& table)
{
    nlohmann::json data = {{"devices", nlohmann::json::array()}, {"points", nlohmann::json::array()}};
    int number = 0;
    for (std::size_t c = 0; c < table.columns.size(); ++c) {
        const Roofs& roofs = table.columns[c].roofs;
        if (!roofs.known())
            continue;
        const std::string label = table.columns[c].device.label();
        data["devices"].push_back({{"device", label},
                                   {"column", c},
                                   {"colour", colour(c)},
                                   {"bandwidth_gbps", roofs.bandwidthGBps},
                                   {"peak_gflops", roofs.computeMflops / 1e3},
                                   {"ridge", ridgeIntensity(roofs)}});
    }
    for (const auto& row : table.rows)
        for (std::size_t c = 0; c < row.cells.size(); ++c) {
            const Cell& cell = row.cells[c];
            if (!cell.roof || cell.roof->kind != Standing::Kind::Placed || cell.roof->intensity <= 0)
                continue;
            const std::string text = "Exercise " + exerciseNumber(row.folder) + " " + row.program + ": " +
                                     row.variant() + " on " + table.columns[c].device.label() + " - " +
                                     formatPercent(cell.roof->fraction) + " of its roof";
            data["points"].push_back({{"n", ++number},
                                      {"column", c},
                                      {"x", cell.roof->intensity},
                                      {"y", cell.roof->attained / 1e3},
                                      {"text", text},
                                      {"above", cell.roof->fraction > 1},
                                      {"note", cell.note}});
        }
    return data;
}

std::string html(const Table& table, const nlohmann::json& given, const std::string& chartJs)
{
    const nlohmann::json run = given.is_object() ? given : nlohmann::json::object();
    const nlohmann::json progression = progressionData(table), roofline = rooflineData(table);
    bool anyBlas = false, anyRoof = false;
    for (const auto& row : table.rows)
        for (const auto& cell : row.cells) {
            anyBlas = anyBlas || cell.blasFraction.has_value();
            anyRoof = anyRoof || cell.roof.has_value();
        }
    const Footnotes notes = footnotes(table);

    std::ostringstream o;
    o << "<!DOCTYPE html>\n<html lang=en>\n<head>\n<meta charset=utf-8>\n"
         "<meta name=viewport content='width=device-width, initial-scale=1'>\n"
         "<title>HandsOnOpenCL results</title>\n<style>\n"
         "body{font-family:system-ui,sans-serif;margin:1.5em auto;max-width:1400px;padding:0 1em;color:#222}\n"
         "h1{font-size:1.6em;margin-bottom:.2em} h2{margin-top:1.6em;border-bottom:1px solid #ccc}\n"
         ".meta{color:#555} table{border-collapse:collapse;font-size:.92em}\n"
         "th,td{border:1px solid #ccc;padding:.25em .4em;vertical-align:top}\n"
         // The table fits the window: numbers stay whole (.rate), words in the variant may break.
         "th{background:#f0f3f7;position:sticky;top:0} td.num{text-align:right} .rate{white-space:nowrap}\n"
         "#results-table td:nth-child(2){overflow-wrap:anywhere}\n"
         "td.ok{text-align:center} td.bad{background:#fde0e0;font-weight:bold;text-align:center}\n"
         "td.failed{background:#fde0e0} td.above{background:#fff3cd} td.note{font-size:.88em;white-space:nowrap}\n"
         "ol.notes{font-size:.9em;color:#444;margin-top:.4em} code{overflow-wrap:anywhere}\n"
         "tr.split td{background:#eef6ee} .unit{color:#777;font-size:.85em} .chart{position:relative;height:520px}\n"
         "ol.variants{columns:2;font-size:.95em} ol.points{font-size:.9em} "
         ".above-mark{color:#b26b00;font-weight:bold}\n"
         "#charts-status{display:none}\n</style>\n"
         // Errors of the page's scripts, kept on <html data-errors> (the browser test reads them).
         "<script>(function () { function keep(text) { var e = document.documentElement;\n"
         "  e.setAttribute('data-errors', (e.getAttribute('data-errors') || '') + text + '\\n'); }\n"
         "  window.addEventListener('error', function (e) { keep(e.message); });\n"
         "  var error = console.error; console.error = function () {\n"
         "    keep(Array.prototype.join.call(arguments, ' ')); error.apply(console, arguments); }; })();</script>\n"
         "</head>\n<body>\n";
    o << "<h1>HandsOnOpenCL: the course's programs on " << table.columns.size() << " device"
      << (table.columns.size() == 1 ? "" : "s") << "</h1>\n<p class=meta>";
    if (run.contains("started"))
        o << "Run started " << escapeText(run.value("started", "")) << "; ";
    if (run.contains("seconds"))
        o << table.runCount << " runs in " << escapeText(formatNumber(run.value("seconds", 0.0))) << " s";
    else if (run.contains("files"))  // made again by hoc-results from the programs' JSON files
        o << "Made from " << run.value("files", 0) << " result files";
    if (run.value("quick", false))
        o << " (quick sizes: a demonstration, not a measurement)";
    o << ". "
      << (table.allGood() ? "Every result is correct." : "<strong>Not every result is correct: see below.</strong>");
    if (run.contains("command") && run["command"].is_array()) {
        std::string command;
        for (const auto& word : run["command"])
            command += (command.empty() ? "" : " ") + word.get<std::string>();
        o << "<br>Command: <code>" << escapeText(command) << "</code>";
    }
    o << "</p>\n";

    // The table: devices side by side.
    o << "<h2 id=results>Results, devices side by side</h2>\n<table id=results-table>\n<thead><tr><th "
         "rowspan=2>exercise"
         "</th><th rowspan=2>variant</th>";
    const int perDevice = 2 + (anyBlas ? 1 : 0) + (anyRoof ? 1 : 0);
    for (const auto& column : table.columns)
        o << "<th colspan=" << perDevice << " title='"
          << escapeAttribute(column.device.name + " (" + column.device.platform + ")") << "'>"
          << escapeText(column.device.label()) << "<br><span class=unit>" << escapeText(column.device.name)
          << "</span></th>";
    if (!notes.texts.empty())
        o << "<th rowspan=2>note</th>";
    o << "</tr>\n<tr>";
    for (std::size_t c = 0; c < table.columns.size(); ++c)
        o << "<th>rate</th><th>ok</th>" << (anyBlas ? "<th>of BLAS</th>" : "") << (anyRoof ? "<th>of roof</th>" : "");
    o << "</tr></thead>\n<tbody>\n";
    for (std::size_t r = 0; r < table.rows.size(); ++r) {
        const Row& row = table.rows[r];
        o << "<tr" << (row.devices > 1 ? " class=split" : "") << (row.probe ? " class=probe" : "") << "><td>"
          << escapeText(exerciseNumber(row.folder)) << " <span class=unit>" << escapeText(row.program)
          << "</span></td><td>" << escapeText(row.variant()) << "</td>";
        for (const auto& cell : row.cells) {
            o << "<td class='num" << (cell.status == Cell::Status::Failed ? " failed" : "") << "'"
              << (cell.detail.empty() ? "" : " title='" + escapeAttribute(cell.detail) + "'") << ">" << cellRate(cell)
              << (row.devices > 1 && cell.present()
                      ? " <span class=unit>on " + std::to_string(row.devices) + " devices</span>"
                      : "")
              << "</td>";
            if (cell.status == Cell::Status::Correct)
                o << "<td class=ok>yes</td>";
            else if (cell.status == Cell::Status::Missing)
                o << "<td></td>";
            else
                o << "<td class=bad>NO</td>";
            if (anyBlas)
                o << "<td class='num"
                  << (cell.blasNote.empty() ? "'>" : " above' title='" + escapeAttribute(cell.blasNote) + "'>")
                  << (cell.blasFraction ? formatPercent(*cell.blasFraction) : "")
                  << (cell.blasNote.empty() ? "" : " <span class=above-mark>(!)</span>") << "</td>";
            if (anyRoof) {
                const bool above = !cell.note.empty();
                o << "<td class='num" << (above ? " above" : "") << "'"
                  << (above ? " title='" + escapeAttribute(cell.note) + "'" : "") << ">";
                if (cell.roof)
                    o << formatPercent(cell.roof->fraction) << (cell.roof->kind == Standing::Kind::Placed ? "" : "*")
                      << (above ? " <span class=above-mark>(!)</span>" : "");
                o << "</td>";
            }
        }
        if (!notes.texts.empty()) {
            o << "<td class=note>";
            for (const int n : notes.ofRow[r])
                o << "<a href='#note-" << n << "' title='" << escapeAttribute(notes.texts[n - 1]) << "'>[" << n
                  << "]</a> ";
            o << "</td>";
        }
        o << "</tr>\n";
    }
    o << "</tbody></table>\n";
    // The notes below the table, where their length does not widen it.
    if (!notes.texts.empty()) {
        o << "<ol class=notes id=notes>\n";
        for (std::size_t n = 0; n < notes.texts.size(); ++n)
            o << "<li id=note-" << n + 1 << ">" << escapeText(notes.texts[n]) << "</li>\n";
        o << "</ol>\n";
    }
    o << "<p>";
    if (anyBlas)
        o << "<b>of BLAS</b>: the rate as a fraction of the fastest BLAS SGEMM raced on the same device and sizes; "
             "<span class=above-mark>(!)</span> above 100%: the row's note says why. ";
    if (anyRoof)
        o << "<b>of roof</b>: the attained rate as a fraction of the roofline bound min(FMA peak, intensity &times; "
             "read bandwidth) of its device; * no intensity reported: the fraction of the FMA peak (flop rates) "
             "or of the read bandwidth (byte rates); <span class=above-mark>(!)</span> above 100%: the row's note "
             "says why. ";
    o << "Rows on green ran on several devices together and are compared with no one device's roofs.</p>\n";
    if (!table.failures.empty()) {
        o << "<h3>Failed (" << table.failures.size() << " of " << table.runCount << " runs)</h3>\n<ul>\n";
        for (const auto& f : table.failures)
            o << "<li>" << escapeText(f) << "</li>\n";
        o << "</ul>\n";
    }

    const bool charts = !chartJs.empty();
    // The progression chart.
    o << "<h2 id=progression-title>The matmul progression</h2>\n";
    if (progression["variants"].empty()) {
        o << "<p>No matmul variant of Exercises 04-09 ran.</p>\n";
    } else {
        o << "<p>GFLOP/s of each variant of the matrix multiplication, in course order, one line per device";
        if (!progression["blas"].empty())
            o << "; dashed: the vendor BLAS SGEMM on that device (Exercise 09b)";
        o << ".</p>\n<div class=chart><canvas id=progression role=img aria-label='matmul progression chart'>"
             "</canvas></div>\n<ol class=variants>\n";
        for (const auto& v : progression["variants"])
            o << "<li>" << escapeText(v["name"].get<std::string>()) << " <span class=unit>(Exercise "
              << escapeText(v["exercise"].get<std::string>()) << ", " << escapeText(v["size"].get<std::string>())
              << ")</span></li>\n";
        o << "</ol>\n";
    }

    // The roofline chart.
    o << "<h2 id=roofline-title>The roofline</h2>\n";
    if (roofline["devices"].empty()) {
        o << "<p>The roofs were not measured (hoc-roofline did not run), so there is no roofline.</p>\n";
    } else {
        o << "<p>Each device's roofs as its probe measured them (slanted: read bandwidth &times; intensity; flat: FMA "
             "peak), and every result that reports its floating-point operations and global-memory bytes, "
             "numbered; triangles are above their roof (see the note); diamonds have an intensity beyond 100 times the "
             "largest ridge point (pi reads almost nothing) and are drawn at the right edge.</p>\n<div "
             "class=chart><canvas id=roofline "
             "role=img aria-label='roofline chart'></canvas></div>\n<ol class=points>\n";
        for (const auto& q : roofline["points"]) {
            o << "<li>" << escapeText(q["text"].get<std::string>());
            if (q["above"].get<bool>())
                o << " <span class=above-mark>(!) " << escapeText(q["note"].get<std::string>()) << "</span>";
            o << "</li>\n";
        }
        o << "</ol>\n";
        std::set<std::string> unplaced;
        for (const auto& row : table.rows)
            for (const auto& cell : row.cells)
                if (cell.roof && cell.roof->kind != Standing::Kind::Placed)
                    unplaced.insert("Exercise " + exerciseNumber(row.folder) + " " + row.program + ": " +
                                    row.variant());
        if (!unplaced.empty()) {
            o << "<p>Not on the chart (they report flops or bytes, not both, so they have no intensity; the table "
                 "compares them with one roof): ";
            std::string list;
            for (const auto& u : unplaced)
                list += (list.empty() ? "" : "; ") + u;
            o << escapeText(list) << ".</p>\n";
        }
    }
    if (!charts)
        o << "<p><strong>The charts need Chart.js</strong>, which hoc-runner copies into this page from Debian's "
             "libjs-chart.js (script/bootstrap instructor installs it); it was not found when the page was "
             "written.</p>\n";

    // The devices and their roofs.
    o << "<h2 id=devices>Devices and their measured roofs</h2>\n<table id=devices-table>\n<thead><tr><th>column</th>"
         "<th>device</th><th>platform</th><th>read bandwidth</th><th>FMA peak</th><th>ridge point</th></tr></thead>\n"
         "<tbody>\n";
    for (const auto& column : table.columns) {
        const auto& d = column.device;
        o << "<tr><td>" << escapeText(d.label()) << "</td><td>" << escapeText(d.name) << "</td><td>"
          << escapeText(d.platform) << "</td>";
        if (column.roofs.known())
            o << "<td class=num>" << escapeText(scaleRate(column.roofs.bandwidthGBps, "GB/s").text())
              << "</td><td class=num>" << escapeText(scaleRate(column.roofs.computeMflops, "MFLOPS").text())
              << "</td><td class=num>" << formatNumber(ridgeIntensity(column.roofs)) << " FLOP/byte</td>";
        else
            o << "<td colspan=3>not measured</td>";
        o << "</tr>\n";
    }
    o << "</tbody></table>\n";

    // How each figure was measured.
    o << "<h2 id=how>How each figure was measured</h2>\n<ul>\n"
         "<li><b>rate</b>: each program times its own work with OpenCL profiling events or the host clock and "
         "reports the rate it computes from that time (its log, in logs/, shows how many repeats and which time "
         "was kept), shown here in the unit that suits its size (MFLOP/s, GFLOP/s, TFLOP/s; GB/s, TB/s; the "
         "programs print MFLOPS and GB/s, results.csv and results.json keep their numbers in full). FLOP/s counts "
         "2&middot;M&middot;N&middot;K floating-point operations for a matrix "
         "multiplication (a multiply-add is two); B/s counts the bytes the kernel reads and writes.</li>\n"
         "<li><b>ok</b>: the program checked its result against a reference computed on the host.</li>\n"
         "<li><b>roofs</b>: hoc-roofline on each device: the read bandwidth is the best rate of a kernel that only "
         "reads a large buffer (each work-item sums a run of vectors; every width from float to float16 tried, the "
         "fastest kept), as clpeak measures a device's global-memory bandwidth; the FMA peak is the best rate of a "
         "kernel of independent fused multiply-adds in registers. Beside them hoc-roofline shows a copy (bytes read "
         "plus bytes written per second): a kernel that also writes shares the memory bus and may stay below the "
         "read roof. They are what these kernels reach, not the vendor's figures: a tuned program can exceed them, "
         "and the note says so where it does.</li>\n"
         "<li><b>intensity</b>: the flops a kernel does over the global-memory bytes it reads and writes as written, "
         "every access counted and caches ignored. A cache that serves a reused value makes the real DRAM traffic "
         "smaller and the real intensity higher, which is how a point can sit above the bandwidth roof.</li>\n"
         "<li><b>of BLAS</b>: the fastest BLAS SGEMM that Exercise 09b's sgemm_benchmark raced in the same run, "
         "on the same device and sizes (M = N = K = 1024, 256 with --quick): cuBLAS on an NVIDIA GPU, OpenBLAS "
         "on a CPU, else CLBlast; device time for all but OpenBLAS (host clock).</li>\n"
         "<li><b>several devices</b>: a program that splits its work over devices (Exercise 15 with --split all) "
         "reports the rate of all of them together; it appears in the column of the device it was started on, "
         "marked, and is compared with no one device's roof.</li>\n</ul>\n";
    if (run.contains("runs") && run["runs"].is_array()) {
        o << "<details><summary>Every run (" << run["runs"].size()
          << ")</summary>\n<table id=runs-table>\n"
             "<thead><tr><th>exercise</th><th>program</th><th>device</th><th>seconds</th><th>finished</th>"
             "</tr></thead>\n<tbody>\n";
        for (const auto& r : run["runs"])
            o << "<tr><td>" << escapeText(r.value("exercise", "")) << "</td><td>" << escapeText(r.value("program", ""))
              << "</td><td class=num>" << r.value("device", -1) << "</td><td class=num>"
              << formatNumber(r.value("seconds", 0.0)) << "</td><td>"
              << (r.value("finished", false) ? "yes" : escapeText("NO: " + r.value("problem", ""))) << "</td></tr>\n";
        o << "</tbody></table>\n</details>\n";
    }

    nlohmann::json chartData = {{"progression", progression}, {"roofline", roofline}};
    o << "<p id=charts-status>" << (charts ? "not drawn" : "no-chartjs") << "</p>\n";
    o << "<script type=application/json id=chart-data>" << scriptJson(chartData) << "</script>\n";
    if (charts) {
        o << "<script>/* Chart.js (MIT licence), from Debian's libjs-chart.js */\n"
          << scriptSafe(chartJs) << "\n</script>\n";
        o << "<script>" << kChartsScript << "</script>\n";
    }
    o << "</body>\n</html>\n";
    return o.str();
}

}  // namespace hoc::tools
