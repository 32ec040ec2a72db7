#include "hoc/tools/writers.hpp"

#include <csv.h>

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <cmath>
#include <cstdio>
#include <set>
#include <sstream>

namespace hoc::tools {
namespace {

std::string printf1(const char* format, double value)
{
    char text[64];
    std::snprintf(text, sizeof text, format, value);
    return text;
}

std::string escapeMarkdown(const std::string& text)
{
    std::string out;
    for (char c : text) {
        if (c == '|' || c == '<') {  // a cell border; the start of an HTML tag
            out += '\\';
            out += c;
        } else {
            out += c == '\n' ? ' ' : c;
        }
    }
    return out;
}

const char* statusName(Cell::Status status)
{
    switch (status) {
    case Cell::Status::Correct: return "correct";
    case Cell::Status::Wrong: return "wrong";
    case Cell::Status::Failed: return "failed";
    case Cell::Status::Missing: break;
    }
    return "missing";
}

const char* roofUnit(Standing::Kind kind) { return kind == Standing::Kind::BandwidthOnly ? "GB/s" : "MFLOPS"; }

const char* kindName(Standing::Kind kind)
{
    switch (kind) {
    case Standing::Kind::Placed: return "placed";
    case Standing::Kind::ComputeOnly: return "compute";
    case Standing::Kind::BandwidthOnly: return "bandwidth";
    }
    return "?";
}

std::string rateText(const Cell& cell)
{
    if (cell.status == Cell::Status::Failed)
        return "failed: " + cell.detail.substr(0, cell.detail.find(':'));
    if (!cell.present())
        return "";
    if (cell.rate <= 0)
        return "-";
    return scaleRate(cell.rate, cell.unit).text();
}

std::string roofText(const Cell& cell)
{
    if (!cell.roof)
        return "";
    return formatPercent(cell.roof->fraction) + (cell.roof->kind == Standing::Kind::Placed ? "" : "*") +
           (cell.note.empty() ? "" : " (!)");
}

// Folders with more than one program name the program too.
std::set<std::string> foldersWithSeveralPrograms(const Table& table)
{
    std::map<std::string, std::set<std::string>> programs;
    for (const auto& row : table.rows)
        programs[row.folder].insert(row.program);
    std::set<std::string> several;
    for (const auto& [folder, names] : programs)
        if (names.size() > 1)
            several.insert(folder);
    return several;
}

}  // namespace

std::vector<std::string> rowNotes(const Table& table, const Row& row)
{
    std::vector<std::string> notes;
    if (row.devices > 1)
        notes.push_back("ran on " + std::to_string(row.devices) +
                        " devices together (the column is the device it was started on); no one device's roof or "
                        "BLAS applies");
    std::map<std::string, std::vector<std::string>> byNote;  // one note, the devices it is about
    for (std::size_t c = 0; c < row.cells.size(); ++c)
        for (const std::string* text : {&row.cells[c].blasNote, &row.cells[c].note})
            if (!text->empty())
                byNote[*text].push_back(table.columns[c].device.label());
    for (const auto& [text, devices] : byNote) {
        std::string who;
        for (const auto& d : devices)
            who += (who.empty() ? "" : ", ") + d;
        notes.push_back("(!) " + who + ": " + text);
    }
    return notes;
}

std::string rowNote(const Table& table, const Row& row)
{
    std::string note;
    for (const auto& text : rowNotes(table, row))
        note += (note.empty() ? "" : "; ") + text;
    return note;
}

Footnotes footnotes(const Table& table)
{
    Footnotes notes;
    std::map<std::string, int> number;
    for (const auto& row : table.rows) {
        std::vector<int> numbers;
        for (const auto& text : rowNotes(table, row)) {
            auto [at, added] = number.emplace(text, static_cast<int>(notes.texts.size()) + 1);
            if (added)
                notes.texts.push_back(text);
            numbers.push_back(at->second);
        }
        notes.ofRow.push_back(std::move(numbers));
    }
    return notes;
}

ScaledRate scaleRate(double rate, const std::string& unit)
{
    struct Known {
        const char* unit;
        const char* base;  // the unit without prefix
        double factor;     // one `unit` in `base`
    };
    static const Known known[] = {{"MFLOPS", "FLOP/s", 1e6},   {"FLOP/s", "FLOP/s", 1},    {"kFLOP/s", "FLOP/s", 1e3},
                                  {"MFLOP/s", "FLOP/s", 1e6},  {"GFLOP/s", "FLOP/s", 1e9}, {"GFLOPS", "FLOP/s", 1e9},
                                  {"TFLOP/s", "FLOP/s", 1e12}, {"B/s", "B/s", 1},          {"kB/s", "B/s", 1e3},
                                  {"MB/s", "B/s", 1e6},        {"GB/s", "B/s", 1e9},       {"TB/s", "B/s", 1e12},
                                  {"steps/s", "steps/s", 1}};
    // A known unit, perhaps followed by words that say more ("GB/s (round trip)"): those stay.
    const std::string head = unit.substr(0, unit.find(' ')), tail = unit.substr(head.size());
    const Known* found = nullptr;
    for (const auto& k : known)
        if (head == k.unit)
            found = &k;
    if (!found || !(rate > 0) || !std::isfinite(rate))
        return {formatNumber(rate), unit};
    static const char* const prefixes[] = {"", "k", "M", "G", "T", "P", "E"};
    const int last = static_cast<int>(sizeof prefixes / sizeof prefixes[0]) - 1;
    const double value = rate * found->factor;
    int p = std::clamp(static_cast<int>(std::floor(std::log10(value) / 3)), 0, last);
    // 4 significant digits; a mantissa that rounds up to 1000 takes the next prefix (999.96 k -> 1.000 M).
    auto digits = [&](int prefix) {
        const double m = value / std::pow(1000.0, prefix);
        return m < 1 && prefix == 0 ? formatNumber(m) : printf1(m >= 100 ? "%.1f" : m >= 10 ? "%.2f" : "%.3f", m);
    };
    std::string number = digits(p);
    if (p < last && std::strtod(number.c_str(), nullptr) >= 1000)
        number = digits(++p);
    return {number, prefixes[p] + std::string(found->base) + tail};
}

namespace {

// A text a spreadsheet would evaluate as a formula (a device name, a note or a variant starting with =,
// +, -, @, a tab or a carriage return: "=HYPERLINK(...)" in a results file) gets an apostrophe in
// front, so that it is shown as the text it is; a number, "-1.5", stays a number.
std::string spreadsheetText(const std::string& text)
{
    if (text.empty() || std::string("=+-@\t\r").find(text.front()) == std::string::npos)
        return text;
    char* end = nullptr;
    (void)std::strtod(text.c_str(), &end);
    if (end == text.c_str() + text.size())
        return text;
    return "'" + text;
}

std::string csvField(const std::string& raw)
{
    const std::string text = spreadsheetText(raw);
    const std::size_t needed = csv_write(nullptr, 0, text.data(), text.size());
    std::string out(needed, '\0');
    csv_write(out.data(), out.size(), text.data(), text.size());
    return out;
}

std::string csvNumber(std::optional<double> value) { return value ? exactNumber(*value) : ""; }

}  // namespace

std::string formatNumber(double value)
{
    const double size = std::fabs(value);
    if (size >= 1000)
        return printf1("%.0f", value);
    if (size >= 100)
        return printf1("%.1f", value);
    if (size >= 1)
        return printf1("%.2f", value);
    return printf1("%.3g", value);
}

std::string formatPercent(double fraction)
{
    const double percent = fraction * 100;
    if (percent >= 10)
        return printf1("%.0f", percent) + "%";
    if (percent >= 1)
        return printf1("%.1f", percent) + "%";
    return printf1("%.2g", percent) + "%";
}

std::string exactNumber(double value)
{
    char text[64];
    const auto end = std::to_chars(text, text + sizeof text, value).ptr;
    return std::string(text, end);
}

std::string markdown(const Table& table)
{
    bool anyBlas = false, anyRoof = false, anyUnplaced = false, anyNote = false, anySplit = false;
    for (const auto& row : table.rows) {
        anySplit = anySplit || row.devices > 1;
        for (const auto& cell : row.cells) {
            anyNote = anyNote || !cell.note.empty() || !cell.blasNote.empty();
            anyBlas = anyBlas || cell.blasFraction.has_value();
            anyRoof = anyRoof || cell.roof.has_value();
            anyUnplaced = anyUnplaced || (cell.roof && cell.roof->kind != Standing::Kind::Placed);
        }
    }
    const auto several = foldersWithSeveralPrograms(table);
    const Footnotes notes = footnotes(table);

    std::ostringstream out;
    out << "| exercise | variant |";
    std::string rule = "|---|---|";
    for (const auto& column : table.columns) {
        out << " " << escapeMarkdown(column.device.label()) << " | ok |";
        rule += "---:|:---:|";
        if (anyBlas) {
            out << " of BLAS |";
            rule += "---:|";
        }
        if (anyRoof) {
            out << " of roof |";
            rule += "---:|";
        }
    }
    if (anyNote || anySplit) {
        out << " note |";
        rule += "---|";
    }
    out << "\n" << rule << "\n";
    for (std::size_t r = 0; r < table.rows.size(); ++r) {
        const Row& row = table.rows[r];
        std::string exercise = row.folder;
        if (several.count(row.folder))
            exercise += " " + row.program;
        out << "| " << escapeMarkdown(exercise) << " | " << escapeMarkdown(row.variant()) << " |";
        for (const auto& cell : row.cells) {
            const char* ok = cell.status == Cell::Status::Correct   ? "yes"
                             : cell.status == Cell::Status::Missing ? ""
                                                                    : "NO";
            out << " " << escapeMarkdown(rateText(cell)) << " | " << ok << " |";
            if (anyBlas)
                out << " " << (cell.blasFraction ? formatPercent(*cell.blasFraction) : "")
                    << (cell.blasNote.empty() ? "" : " (!)") << " |";
            if (anyRoof)
                out << " " << roofText(cell) << " |";
        }
        if (anyNote || anySplit) {
            std::string numbers;
            for (const int n : notes.ofRow[r])
                numbers += (numbers.empty() ? "[" : " [") + std::to_string(n) + "]";
            out << " " << numbers << " |";
        }
        out << "\n";
    }
    if (!notes.texts.empty()) {
        out << "\nNotes:\n";
        for (std::size_t n = 0; n < notes.texts.size(); ++n)
            out << "- [" << n + 1 << "] " << escapeMarkdown(notes.texts[n]) << "\n";
    }

    out << "\nDevices:\n";
    for (const auto& column : table.columns) {
        const auto& d = column.device;
        out << "- " << d.label() << ": " << d.name << " (" << d.platform << ")";
        if (column.roofs.known())
            out << "; roofs: read " << scaleRate(column.roofs.bandwidthGBps, "GB/s").text() << ", FMA "
                << scaleRate(column.roofs.computeMflops, "MFLOPS").text() << ", ridge point "
                << formatNumber(ridgeIntensity(column.roofs)) << " FLOP/byte";
        else
            out << "; roofs not measured";
        out << "\n";
    }
    if (anyBlas)
        out << "\n\"of BLAS\": the rate as a fraction of the fastest BLAS SGEMM raced on the same device and sizes"
            << (anyNote ? "; (!) above 100%: the note says why." : ".");
    if (anyRoof) {
        out << "\n\"of roof\": the attained rate as a fraction of the roofline bound min(FMA peak, intensity x "
               "read bandwidth) of its device";
        if (anyUnplaced)
            out << "; * no arithmetic intensity reported: the fraction of the FMA peak (flop rates) or of the read "
                   "bandwidth (byte rates)";
        if (anyNote)
            out << "; (!) above 100%: the note says why";
        out << ".";
    }
    if (anyBlas || anyRoof)
        out << "\n";
    if (!table.failures.empty()) {
        out << "\nFailed (" << table.failures.size() << " of " << table.runCount << " runs):\n";
        for (const auto& failure : table.failures)
            out << "- " << escapeMarkdown(failure) << "\n";
    }
    return out.str();
}

std::string csv(const Table& table)
{
    static const std::vector<std::string> header = {"exercise",
                                                    "program",
                                                    "variant",
                                                    "size",
                                                    "device",
                                                    "device_name",
                                                    "device_type",
                                                    "platform",
                                                    "status",
                                                    "seconds",
                                                    "rate",
                                                    "unit",
                                                    "flops",
                                                    "bytes",
                                                    "vendor_blas_mflops",
                                                    "fraction_of_blas",
                                                    "roofline_kind",
                                                    "intensity_flop_per_byte",
                                                    "attained",
                                                    "roofline_bound",
                                                    "roofline_unit",
                                                    "fraction_of_roofline",
                                                    "devices_used",
                                                    "note",
                                                    "detail"};
    std::ostringstream out;
    auto line = [&](const std::vector<std::string>& fields) {
        for (std::size_t i = 0; i < fields.size(); ++i)
            out << (i ? "," : "") << csvField(fields[i]);
        out << "\r\n";
    };
    line(header);
    for (const auto& row : table.rows)
        for (std::size_t c = 0; c < row.cells.size(); ++c) {
            const Cell& cell = row.cells[c];
            if (cell.status == Cell::Status::Missing)
                continue;
            const DeviceInfo& d = table.columns[c].device;
            const bool present = cell.present();
            const auto& roof = cell.roof;
            line({row.folder,
                  row.program,
                  row.variant(),
                  row.size,
                  d.index >= 0 ? std::to_string(d.index) : "",
                  d.name,
                  d.type,
                  d.platform,
                  statusName(cell.status),
                  present ? exactNumber(cell.seconds) : "",
                  present ? exactNumber(cell.rate) : "",
                  cell.unit,
                  csvNumber(cell.extraValue("flops")),
                  csvNumber(cell.extraValue("bytes")),
                  csvNumber(cell.blasMflops),
                  csvNumber(cell.blasFraction),
                  roof ? kindName(roof->kind) : "",
                  roof && roof->kind == Standing::Kind::Placed ? exactNumber(roof->intensity) : "",
                  roof ? exactNumber(roof->attained) : "",
                  roof ? exactNumber(roof->bound) : "",
                  roof ? roofUnit(roof->kind) : "",
                  roof ? exactNumber(roof->fraction) : "",
                  std::to_string(row.devices),
                  cell.note,
                  cell.detail});
        }
    return out.str();
}

nlohmann::json toJson(const Table& table)
{
    nlohmann::json doc;
    doc["devices"] = nlohmann::json::array();
    for (const auto& column : table.columns) {
        const auto& d = column.device;
        nlohmann::json device = {{"index", d.index},       {"name", d.name},     {"type", d.type},
                                 {"platform", d.platform}, {"label", d.label()}, {"roofs", nullptr}};
        if (column.roofs.known())
            device["roofs"] = {{"read_gbps", column.roofs.bandwidthGBps},
                               {"fma_mflops", column.roofs.computeMflops},
                               {"ridge_flop_per_byte", ridgeIntensity(column.roofs)}};
        doc["devices"].push_back(device);
    }
    doc["rows"] = nlohmann::json::array();
    for (const auto& row : table.rows) {
        nlohmann::json r = {{"exercise", row.folder},
                            {"program", row.program},
                            {"name", row.name},
                            {"size", row.size},
                            {"variant", row.variant()},
                            {"roofline_probe", row.probe},
                            {"devices_used", row.devices},
                            {"note", rowNote(table, row)}};
        r["cells"] = nlohmann::json::array();
        for (const auto& cell : row.cells) {
            if (cell.status == Cell::Status::Missing) {
                r["cells"].push_back(nullptr);
                continue;
            }
            nlohmann::json c = {{"status", statusName(cell.status)}, {"detail", cell.detail}};
            if (cell.present()) {
                c["seconds"] = cell.seconds;
                c["rate"] = cell.rate;
                c["unit"] = cell.unit;
                c["extra"] = cell.extra;
            }
            if (cell.blasMflops) {
                c["vendor_blas_mflops"] = *cell.blasMflops;
                c["fraction_of_blas"] = *cell.blasFraction;
            }
            if (cell.roof) {
                const auto& s = *cell.roof;
                c["roofline"] = {{"kind", kindName(s.kind)}, {"attained", s.attained}, {"bound", s.bound},
                                 {"unit", roofUnit(s.kind)}, {"fraction", s.fraction}, {"note", cell.note}};
                if (s.kind == Standing::Kind::Placed) {
                    c["roofline"]["intensity_flop_per_byte"] = s.intensity;
                    c["roofline"]["memory_bound"] = s.memoryBound;
                }
            }
            r["cells"].push_back(c);
        }
        doc["rows"].push_back(r);
    }
    doc["failures"] = table.failures;
    doc["run_count"] = table.runCount;
    doc["all_good"] = table.allGood();
    return doc;
}

}  // namespace hoc::tools
