#include "hoc/tools/results.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <fstream>

#include "hoc/tools/process.hpp"

namespace hoc::tools {

std::string DeviceInfo::label() const
{
    const std::string kind = type.empty() ? "?" : type;
    if (index >= 0)
        return "dev " + std::to_string(index) + " (" + kind + ")";
    return (name.empty() ? std::string("device") : name) + " (" + kind + ")";
}

bool DeviceInfo::sameAs(const DeviceInfo& other) const
{
    if (index >= 0 || other.index >= 0)
        return index == other.index;
    return name == other.name && platform == other.platform && type == other.type;
}

namespace {

const char* typeName(const nlohmann::json& value)
{
    switch (value.type()) {
    case nlohmann::json::value_t::null: return "null";
    case nlohmann::json::value_t::object: return "an object";
    case nlohmann::json::value_t::array: return "a list";
    case nlohmann::json::value_t::string: return "a string";
    case nlohmann::json::value_t::boolean: return "true or false";
    case nlohmann::json::value_t::binary: return "binary data";
    case nlohmann::json::value_t::discarded: return "nothing";
    default: return "a number";
    }
}

enum class Kind { String, Number, Boolean, Object };

// "" when `object` has no `key` or has it of the `kind` asked, else what is wrong, named by its path.
std::string fieldProblem(const nlohmann::json& object, const std::string& path, const std::string& key, Kind kind)
{
    const auto it = object.find(key);
    if (it == object.end())
        return "";
    // A number may be null: that is how JSON writes a NaN or an infinity (read as 0, not measured).
    const bool fits = kind == Kind::String    ? it->is_string()
                      : kind == Kind::Number  ? it->is_number() || it->is_null()
                      : kind == Kind::Boolean ? it->is_boolean()
                                              : it->is_object();
    if (fits)
        return "";
    const char* wanted = kind == Kind::String    ? "a string"
                         : kind == Kind::Number  ? "a number"
                         : kind == Kind::Boolean ? "true or false"
                                                 : "an object";
    std::string shown = it->dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    if (shown.size() > 40)
        shown = shown.substr(0, 37) + "...";
    return path + (path.empty() ? "" : ".") + key + " is " + typeName(*it) + " (" + shown + "), where " + wanted +
           " is expected";
}

}  // namespace

std::string resultsShapeProblem(const nlohmann::json& doc)
{
    if (!doc.is_object())
        return "the document is " + std::string(typeName(doc)) + ", where an object is expected";
    if (!doc.contains("results"))
        return "it has no \"results\" list";
    if (!doc["results"].is_array())
        return std::string("results is ") + typeName(doc["results"]) + ", where a list is expected";
    for (const auto& [key, kind] : {std::pair{"exercise", Kind::String},
                                    {"program", Kind::String},
                                    {"device", Kind::Object},
                                    {"finished", Kind::Boolean}})
        if (auto problem = fieldProblem(doc, "", key, kind); !problem.empty())
            return problem;
    if (doc.contains("device"))
        for (const char* key : {"name", "type", "platform"})
            if (auto problem = fieldProblem(doc["device"], "device", key, Kind::String); !problem.empty())
                return problem;
    for (std::size_t i = 0; i < doc["results"].size(); ++i) {
        const auto& r = doc["results"][i];
        const std::string path = "results[" + std::to_string(i) + "]";
        if (!r.is_object())
            return path + " is " + typeName(r) + ", where an object is expected";
        for (const auto& [key, kind] : {std::pair{"name", Kind::String},
                                        {"size", Kind::String},
                                        {"detail", Kind::String},
                                        {"unit", Kind::String},
                                        {"correct", Kind::Boolean},
                                        {"seconds", Kind::Number},
                                        {"rate", Kind::Number},
                                        {"extra", Kind::Object}})
            if (auto problem = fieldProblem(r, path, key, kind); !problem.empty())
                return problem;
        if (r.contains("extra"))
            for (const auto& [key, value] : r["extra"].items())
                if (auto problem = fieldProblem(r["extra"], path + ".extra", key, Kind::Number); !problem.empty())
                    return problem;
    }
    return "";
}

std::string readResultFile(const std::string& path, nlohmann::json& doc, ResultFileState* state)
{
    const auto fail = [&](ResultFileState why, std::string problem) {
        if (state)
            *state = why;
        if (why != ResultFileState::Unfinished)
            doc = nullptr;
        return problem;
    };
    if (state)
        *state = ResultFileState::Usable;
    // A file no program of the course writes is refused by its size, its nesting and its number of
    // results before it is built in memory or put in the table: each one a failure of its own row,
    // the other files' results kept.
    struct stat info{};
    if (::stat(path.c_str(), &info) == 0 && S_ISREG(info.st_mode) &&
        static_cast<std::uintmax_t>(info.st_size) > kMaxResultFileBytes)
        return fail(ResultFileState::Unreadable, "results file " + path + " has " + std::to_string(info.st_size >> 20) +
                                                     " MiB, more than a course program writes (at most " +
                                                     std::to_string(kMaxResultFileBytes >> 20) + " MiB): not read");
    std::ifstream in(path);
    if (!in)
        return fail(ResultFileState::Unreadable, "no results file (" + path + ")");
    struct TooDeep {};
    struct Stopped {};
    try {
        doc = nlohmann::json::parse(in, [](int depth, nlohmann::json::parse_event_t event, nlohmann::json&) {
            if (stopSignal() != 0)
                throw Stopped{};  // a Ctrl-C while a file is read ends the reading at once
            if ((event == nlohmann::json::parse_event_t::object_start ||
                 event == nlohmann::json::parse_event_t::array_start) &&
                depth >= kMaxResultFileDepth)
                throw TooDeep{};
            return true;
        });
    } catch (const nlohmann::json::exception& e) {
        return fail(ResultFileState::Unreadable, "unreadable results file " + path + ": " + e.what());
    } catch (const TooDeep&) {
        return fail(ResultFileState::Unreadable, "results file " + path + " nests values deeper than " +
                                                     std::to_string(kMaxResultFileDepth) +
                                                     " levels, which no course program writes: not read");
    } catch (const Stopped&) {
        return fail(ResultFileState::Unreadable, "results file " + path + " not read: the run was interrupted");
    }
    if (!doc.is_object() || !doc.contains("results") || !doc["results"].is_array())
        return fail(ResultFileState::Unreadable, "results file " + path + " has no \"results\" list");
    if (doc["results"].size() > kMaxResults)
        return fail(ResultFileState::Unreadable, "results file " + path + " has " +
                                                     std::to_string(doc["results"].size()) +
                                                     " results, more than a course program writes (at most " +
                                                     std::to_string(kMaxResults) + "): not read");
    if (const std::string problem = resultsShapeProblem(doc); !problem.empty())
        return fail(ResultFileState::WrongType, "results file " + path + ": " + problem);
    if (!doc.value("finished", true))
        return fail(ResultFileState::Unfinished,
                    "results file " + path + " says the program did not finish (\"finished\": false)");
    return "";
}

Run runFromFile(const std::string& path)
{
    Run run;
    run.jsonPath = path;
    const auto slash = path.find_last_of('/');
    run.folder = path.substr(slash == std::string::npos ? 0 : slash + 1);
    run.problem = readResultFile(path, run.doc);
    run.finished = run.problem.empty();
    if (run.doc.is_object()) {  // usable, or unfinished with the results it wrote
        run.folder = run.doc.value("exercise", run.folder);
        std::string program = run.doc.value("program", "");
        const auto s = program.find_last_of('/');
        run.program = program.substr(s == std::string::npos ? 0 : s + 1);
        if (run.doc.contains("device") && run.doc["device"].is_object()) {
            const auto& d = run.doc["device"];
            run.device.name = d.value("name", "");
            run.device.type = d.value("type", "");
            run.device.platform = d.value("platform", "");
        }
    }
    return run;
}

std::optional<double> Cell::extraValue(const std::string& key) const
{
    const auto it = extra.find(key);
    if (it == extra.end())
        return std::nullopt;
    return it->second;
}

std::string Row::variant() const { return size.empty() ? name : name + ", " + size; }

bool Table::allGood() const
{
    if (!failures.empty())
        return false;
    for (const auto& row : rows)
        for (const auto& cell : row.cells)
            if (cell.status == Cell::Status::Wrong || cell.status == Cell::Status::Failed)
                return false;
    return true;
}

namespace {

std::size_t columnOf(Table& table, const DeviceInfo& device)
{
    for (std::size_t c = 0; c < table.columns.size(); ++c)
        if (table.columns[c].device.sameAs(device))
            return c;
    table.columns.push_back({device, {}});
    for (auto& row : table.rows)
        row.cells.resize(table.columns.size());
    return table.columns.size() - 1;
}

Row& rowFor(Table& table, const Run& run, const std::string& name, const std::string& size, int devices = 1)
{
    for (auto& row : table.rows)
        if (row.folder == run.folder && row.program == run.program && row.name == name && row.size == size &&
            row.devices == devices)
            return row;
    Row row{run.folder, run.program, name, size, run.folder == kProbeExercise, devices, {}};
    row.cells.resize(table.columns.size());
    table.rows.push_back(std::move(row));
    return table.rows.back();
}

// The number `object` holds at `key`; 0 when it has none (or null: a NaN or an infinity).
double numberAt(const nlohmann::json& object, const char* key)
{
    const auto it = object.find(key);
    return it != object.end() && it->is_number() ? it->get<double>() : 0.0;
}

Cell failedCell(const std::string& why)
{
    Cell cell;
    cell.status = Cell::Status::Failed;
    cell.detail = why;
    return cell;
}

Cell cellFrom(const nlohmann::json& r)
{
    Cell cell;
    cell.status = r.value("correct", false) ? Cell::Status::Correct : Cell::Status::Wrong;
    cell.detail = r.value("detail", "");
    cell.seconds = numberAt(r, "seconds");
    cell.rate = numberAt(r, "rate");
    cell.unit = r.value("unit", "");
    if (r.contains("extra") && r["extra"].is_object())
        for (const auto& [key, value] : r["extra"].items())
            if (value.is_number())
                cell.extra[key] = value.get<double>();
    return cell;
}

// The probe's results: its GB/s result is the bandwidth roof, its MFLOPS result the compute roof.
// A wrong probe result gives no roof.
Roofs roofsFrom(const nlohmann::json& doc)
{
    // hoc-roofline marks its roofs (the read probe and the FMA probe: "roof" in extra) and shows the
    // copy beside them; without marks (an older probe) every correct row counts, the last one of each unit.
    const auto marked = [](const nlohmann::json& r) {
        return r.contains("extra") && r["extra"].is_object() && numberAt(r["extra"], "roof") > 0;
    };
    const bool anyMarked = std::any_of(doc["results"].begin(), doc["results"].end(), marked);
    Roofs roofs;
    for (const auto& r : doc["results"]) {
        if (!r.value("correct", false) || (anyMarked && !marked(r)))
            continue;
        if (r.value("unit", "") == "GB/s")
            roofs.bandwidthGBps = numberAt(r, "rate");
        else if (r.value("unit", "") == "MFLOPS")
            roofs.computeMflops = numberAt(r, "rate");
    }
    return roofs;
}

void compareWithBlas(Table& table)
{
    for (std::size_t c = 0; c < table.columns.size(); ++c) {
        // The vendor BLAS rate on this device for each size text (the best one when several report it).
        std::map<std::string, double> blasBySize;
        for (const auto& row : table.rows)
            if (auto blas = row.cells[c].extraValue("vendor_blas_mflops"); blas && *blas > 0)
                blasBySize[row.size] = std::max(blasBySize[row.size], *blas);
        for (auto& row : table.rows) {
            Cell& cell = row.cells[c];
            if (!cell.present() || cell.unit != "MFLOPS" || cell.rate <= 0 || row.probe || row.devices > 1)
                continue;
            if (auto own = cell.extraValue("vendor_blas_mflops"); own && *own > 0)
                cell.blasMflops = own;
            else if (auto it = blasBySize.find(row.size); it != blasBySize.end())
                cell.blasMflops = it->second;
            if (cell.blasMflops)
                cell.blasFraction = cell.rate / *cell.blasMflops;
            if (cell.blasFraction && *cell.blasFraction > 1)
                cell.blasNote = "faster than the fastest BLAS library Exercise 09b's sgemm_benchmark raced on this "
                                "device in this run (its rows and log name each library and how it ran)";
        }
    }
}

}  // namespace

std::string aboveRoofNote(const std::optional<Standing>& roof)
{
    if (!roof || roof->fraction <= 1)
        return "";
    switch (roof->kind) {
    case Standing::Kind::Placed:
        if (roof->memoryBound && roof->aboveCompute)
            return "above both roofs: caches serve again what the as-written intensity counts as DRAM traffic, "
                   "and the rate is above the FMA roof too: the probe's FP32 peak is below what this device "
                   "reaches";
        if (roof->memoryBound)
            return "above the bandwidth roof: caches serve again what the as-written intensity counts as DRAM "
                   "traffic, so the kernel's real intensity is higher than the one plotted";
        return "above the FMA roof: the probe's FP32 peak is below what this kernel reaches on this device";
    case Standing::Kind::ComputeOnly:
        return "above the FMA roof: the probe's FP32 peak is below what this kernel reaches on this device";
    case Standing::Kind::BandwidthOnly:
        return "above the bandwidth roof: caches serve part of the traffic, or the read probe's bandwidth is below "
               "what "
               "this kernel reaches";
    }
    return "";
}

namespace {

void placeUnderRoofs(Table& table)
{
    for (std::size_t c = 0; c < table.columns.size(); ++c)
        for (auto& row : table.rows) {
            Cell& cell = row.cells[c];
            // The probe's results are the roofs themselves; work split over several devices has no one roof.
            if (!cell.present() || row.probe || row.devices > 1)
                continue;
            cell.roof = standing(table.columns[c].roofs, cell.extraValue("flops"), cell.extraValue("bytes"),
                                 cell.seconds, cell.rate, cell.unit);
            cell.note = aboveRoofNote(cell.roof);
        }
}

}  // namespace

Table buildTable(const std::vector<Run>& runs)
{
    static const std::string kNoResults = "(no results)", kNothingMeasured = "(nothing measured)";
    Table table;
    table.runCount = runs.size();
    std::vector<const Run*> unfinished;
    for (const auto& run : runs) {
        const std::size_t c = columnOf(table, run.device);
        const bool hasDoc = run.doc.is_object() && run.doc.contains("results") && run.doc["results"].is_array();
        const bool hasResults = hasDoc && !run.doc["results"].empty();
        if (hasResults) {
            for (const auto& r : run.doc["results"]) {
                Cell cell = cellFrom(r);
                const int devices = static_cast<int>(cell.extraValue("devices").value_or(1));
                rowFor(table, run, r.value("name", ""), r.value("size", ""), std::max(devices, 1)).cells[c] = cell;
            }
            if (run.folder == kProbeExercise)
                table.columns[c].roofs = roofsFrom(run.doc);
        } else if (run.finished && hasDoc) {
            // A program with nothing to measure (e.g. the device list) that ran successfully.
            Cell& cell = rowFor(table, run, kNothingMeasured, "").cells[c];
            cell.status = Cell::Status::Correct;
            cell.detail = "finished; it measures nothing";
        } else {
            // Keeps the program's place in course order until its rows (from another device) come.
            const bool hasRow = std::any_of(table.rows.begin(), table.rows.end(), [&](const Row& r) {
                return r.folder == run.folder && r.program == run.program;
            });
            if (!hasRow)
                rowFor(table, run, kNoResults, "");
        }
        if (!run.finished || !hasDoc) {
            const std::string problem = run.problem.empty() ? "no results" : run.problem;
            table.failures.push_back(run.folder + " " + run.program + " on " + run.device.label() + ": " + problem);
            unfinished.push_back(&run);
        }
    }
    // A failed program: each of its rows says so in that device's column.
    for (const Run* run : unfinished) {
        const std::size_t c = columnOf(table, run->device);
        for (auto& row : table.rows)
            if (row.folder == run->folder && row.program == run->program && !row.cells[c].present())
                row.cells[c] = failedCell(run->problem.empty() ? "no results" : run->problem);
    }
    // The place-keeping rows of programs that have results on some device are not needed.
    std::map<std::pair<std::string, std::string>, int> rowsOfProgram;
    for (const auto& row : table.rows)
        ++rowsOfProgram[{row.folder, row.program}];
    std::vector<Row> kept;
    for (auto& row : table.rows)
        if (!(row.name == kNoResults && row.size.empty() && rowsOfProgram[{row.folder, row.program}] > 1))
            kept.push_back(std::move(row));
    table.rows = std::move(kept);
    compareWithBlas(table);
    placeUnderRoofs(table);
    return table;
}

}  // namespace hoc::tools
