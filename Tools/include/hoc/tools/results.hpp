// The instructor's table: every result of every program, one column per device.
// Built from the JSON each program writes with --json (Common/include/hoc/common/report.hpp documents it and
// the "extra" keys read here) and from how each run ended.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "hoc/tools/roofline.hpp"

namespace hoc::tools {

// The exercise name the roofline probe (hoc-roofline) reports; its results are the device's roofs.
inline constexpr const char* kProbeExercise = "Roofline";

struct DeviceInfo {
    int index = -1;  // the --device index; -1 when not known (results read from files alone)
    std::string name, type, platform;
    // "dev 1 (GPU)"; "GPU" style labels for an unknown index: "NVIDIA H100 (GPU)"
    std::string label() const;
    bool sameAs(const DeviceInfo& other) const;
};

// One program run on one device.
struct Run {
    std::string folder;   // the exercise folder (course.json's), or kProbeExercise
    std::string program;  // the program's file name
    DeviceInfo device;
    bool finished = true;  // exited with 0 (all correct) or 1 (some result wrong)
    std::string problem;   // when not finished: "exit 3: error: ..." (how it ended, its last error line)
    double seconds = 0;    // wall-clock time of the whole program
    nlohmann::json doc;    // what it wrote with --json; null when nothing readable
    std::string jsonPath, logPath;
};

// What is wrong with a results document's shape ("" when nothing is): a field of report.hpp's
// document that has another type than report.hpp gives it, named by its path and value
// ("results[2].rate is a string (\"fast\"), where a number is expected"). Fields it does not name
// are not looked at; nothing read from a document that passes throws a type_error.
std::string resultsShapeProblem(const nlohmann::json& doc);

// How a results file turned out (readResultFile).
enum class ResultFileState {
    Usable,
    Unreadable,  // missing, not JSON, or no "results" list
    WrongType,   // a field of the wrong type (resultsShapeProblem)
    Unfinished,  // "finished": false: the program stopped before its end (the results it wrote are kept)
};

// Reads a program's JSON; "" when it is usable, else what is wrong with it (and `state`, when given,
// says which). `doc` is null afterwards unless the file is usable or unfinished.
std::string readResultFile(const std::string& path, nlohmann::json& doc, ResultFileState* state = nullptr);

// A run made only of a JSON file (hoc-results): device from the file, finished when readable.
Run runFromFile(const std::string& path);

struct Cell {
    enum class Status { Missing, Correct, Wrong, Failed };
    Status status = Status::Missing;
    std::string detail;  // the check's message, or why the program failed
    double seconds = 0;
    double rate = 0;
    std::string unit;
    std::map<std::string, double> extra;
    std::optional<double> blasMflops;    // the vendor BLAS for comparison (see report.hpp)
    std::optional<double> blasFraction;  // rate / blasMflops
    std::optional<Standing> roof;        // where it stands under the device's roofline
    std::string note;                    // why the fraction of the roof is above 100% (empty when it is not)
    std::string blasNote;                // why the fraction of BLAS is above 100% (empty when it is not)

    bool present() const { return status == Status::Correct || status == Status::Wrong; }
    std::optional<double> extraValue(const std::string& key) const;
};

struct Row {
    std::string folder, program, name, size;
    bool probe = false;           // the roofline probe's own results
    int devices = 1;              // whole devices the work was split over (extra "devices"); above 1 the
                                  // row is not compared with its column's roofs or BLAS
    std::vector<Cell> cells;      // one per column
    std::string variant() const;  // "name, size"
};

struct Column {
    DeviceInfo device;
    Roofs roofs;  // measured by the probe on this device (unknown when it did not run)
};

struct Table {
    std::vector<Column> columns;
    std::vector<Row> rows;              // in the order the runs came (course order)
    std::vector<std::string> failures;  // one line per program that did not finish
    std::size_t runCount = 0;
    bool allGood() const;  // every program finished and every result is correct
};

// Why a fraction of a roof above 100% is possible, for the row's note; "" at or below 100%.
std::string aboveRoofNote(const std::optional<Standing>& roof);

// Rows in order of first appearance; a program that failed on a device marks its rows failed in
// that device's column (a row of its own when it has none).
Table buildTable(const std::vector<Run>& runs);

}  // namespace hoc::tools
