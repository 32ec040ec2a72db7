#include "hoc/matmul/tuning.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <nlohmann/json.hpp>
#include <ostream>
#include <sstream>

#include "hoc/common/errors.hpp"
#include "hoc/common/files.hpp"

namespace hoc::tuning {
namespace {

using nlohmann::json;
namespace fs = std::filesystem;

const char* kFormat = "hands-on-opencl tuning cache";
const int kVersion = 1;

std::string candidatesHash(const std::vector<Candidate>& candidates)
{
    std::string all;
    for (const auto& c : candidates)
        all += c.text() + "\n";
    return hash(all);
}

json toJson(const Candidate& c) { return {{"kernel", c.kernel}, {"values", c.values}}; }

Candidate fromJson(const json& j)
{
    return {j.at("kernel").get<std::string>(), j.at("values").get<std::map<std::string, int>>()};
}

std::string now()
{
    const std::time_t t = std::time(nullptr);
    std::tm utc{};
    gmtime_r(&t, &utc);
    char text[32];
    std::strftime(text, sizeof(text), "%Y-%m-%dT%H:%M:%SZ", &utc);
    return text;
}

// The text of `key` in a cache entry; "" when the entry has none or it is not text (a damaged cache).
std::string textOf(const json& entry, const char* key)
{
    const auto it = entry.find(key);
    return it != entry.end() && it->is_string() ? it->get<std::string>() : std::string();
}

// A file the cache may replace: an empty one, or one that names the cache format (a tuning cache,
// perhaps damaged). Anything else at the path was named by mistake and is never overwritten.
bool isOurCache(const std::string& contents)
{
    return contents.find_first_not_of(" \t\r\n") == std::string::npos || contents.find(kFormat) != std::string::npos;
}

// How deep a cache file may nest: the format nests five levels (the document, "entries", an entry,
// its "best" and that variant's "values"); deeper values are dropped as they are read, so that a damaged
// file nesting arrays 100,000 deep is neither built in memory nor written back.
constexpr int kMaxDepth = 8;

// What the program understands of one entry, and nothing else: the texts it compares, the seconds,
// and the best variant (a kernel name and integer values). Not an entry (no device or task text):
// null. The cache is written back from these alone, never from what the file held besides.
json understoodEntry(const json& e)
{
    if (!e.is_object())
        return nullptr;
    json out = json::object();
    for (const char* key : {"device", "task", "driver", "source", "candidates", "tuned"})
        if (const auto it = e.find(key); it != e.end() && it->is_string())
            out[key] = *it;
    if (!out.contains("device") || !out.contains("task"))
        return nullptr;
    if (const auto it = e.find("seconds"); it != e.end() && it->is_number())
        out["seconds"] = *it;
    if (const auto best = e.find("best"); best != e.end() && best->is_object()) {
        const auto kernel = best->find("kernel"), values = best->find("values");
        if (kernel != best->end() && kernel->is_string() && values != best->end() && values->is_object() &&
            std::all_of(values->begin(), values->end(), [](const json& v) { return v.is_number_integer(); }))
            out["best"] = {{"kernel", *kernel}, {"values", *values}};
    }
    return out;
}

// The cache file's contents: {"format", "version", "entries": [...]}. A missing file is an empty
// cache; a file that cannot be parsed or has the wrong shape, or a path that is no regular file,
// is reported in `problem` (naming the file) and treated as empty: a bad cache is never an error.
json readCache(const std::string& file, std::string& problem, bool& usable)
{
    json empty = {{"format", kFormat}, {"version", kVersion}, {"entries", json::array()}};
    usable = false;
    if (file.empty()) {
        problem = "no tuning cache file given";
        return empty;
    }
    std::error_code error;
    const auto status = fs::symlink_status(file, error);
    if (status.type() == fs::file_type::not_found) {
        problem = "no cache file " + file;
        usable = true;
        return empty;
    }
    if (status.type() != fs::file_type::regular) {
        const auto type = status.type();
        problem = "cache file " + file + " is " +
                  (type == fs::file_type::directory ? "a folder"
                   : type == fs::file_type::symlink ? "a symbolic link"
                   : type == fs::file_type::fifo    ? "a pipe"
                   : type == fs::file_type::socket  ? "a socket"
                                                    : "a device") +
                  ", not a regular file: it is neither read nor replaced";
        return empty;
    }
    usable = true;
    std::ifstream in(file);
    if (!in) {
        problem = "cache file " + file + " cannot be read; it is not used";
        return empty;
    }
    try {
        bool tooDeep = false;
        json doc = json::parse(in, [&tooDeep](int depth, json::parse_event_t event, json&) {
            if ((event == json::parse_event_t::object_start || event == json::parse_event_t::array_start) &&
                depth >= kMaxDepth) {
                tooDeep = true;
                return false;  // dropped, with all it holds
            }
            return true;
        });
        if (!doc.is_object() || doc.value("format", "") != kFormat || !doc.contains("entries") ||
            !doc["entries"].is_array()) {
            problem = "cache file " + file + " is not a tuning cache (corrupt)";
            return empty;
        }
        if (!doc["version"].is_number_integer() || doc["version"].get<long long>() != kVersion) {
            problem = "cache file " + file + " has another format version; replacing it";
            return empty;
        }
        json understood = empty;
        for (const auto& e : doc["entries"])
            if (json entry = understoodEntry(e); !entry.is_null())
                understood["entries"].push_back(std::move(entry));
        if (tooDeep)
            problem = "cache file " + file + " nests values deeper than " + std::to_string(kMaxDepth) +
                      " levels (corrupt): they are dropped";
        return understood;
    } catch (const json::exception& e) {
        problem = "cache file " + file + " is corrupt (" + e.what() + ")";
        return empty;
    }
}

// Writes the cache through hoc::writeFile (a temporary file beside it, renamed over it: a reader
// never sees half a file; a link, folder, device or a file that is no tuning cache is left alone).
// Creates the cache's folder when missing. Returns an error text, or "" on success.
std::string writeCache(const std::string& file, const json& doc)
{
    try {
        const fs::path path(file);
        if (path.has_parent_path() && !fs::exists(path.parent_path()))
            fs::create_directories(path.parent_path());
        writeFile(file, doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n", "the tuning cache",
                  isOurCache);
        return "";
    } catch (const std::exception& e) {
        return std::string("could not write the tuning cache (the choice is not saved): ") + e.what();
    }
}

}  // namespace

int Candidate::at(const std::string& name) const
{
    const auto it = values.find(name);
    if (it == values.end())
        throw Failure("variant '" + text() + "' has no parameter " + name);
    return it->second;
}

int Candidate::within(const std::string& name, int low, int high) const
{
    const auto it = values.find(name);
    const std::string range = std::to_string(low) + " to " + std::to_string(high);
    if (it == values.end())
        throw UsageError("variant '" + text() + "': " + kernel + " needs " + name + " (" + range + ")");
    if (it->second < low || it->second > high)
        throw UsageError("variant '" + text() + "': " + name + "=" + std::to_string(it->second) + " is out of range, " +
                         kernel + " takes " + name + " from " + range);
    return it->second;
}

void Candidate::require(bool ok, const std::string& rule) const
{
    if (!ok)
        throw UsageError("variant '" + text() + "' breaks a rule of " + kernel + ": " + rule);
}

void Candidate::only(const std::vector<std::string>& names) const
{
    for (const auto& [name, value] : values)
        if (std::find(names.begin(), names.end(), name) == names.end()) {
            std::string known;
            for (const auto& n : names)
                known += (known.empty() ? "" : ", ") + n;
            throw UsageError("variant '" + text() + "': " + kernel + " has no parameter " + name + " (it takes " +
                             known + ")");
        }
}

std::string Candidate::buildOptions() const
{
    std::string options;
    for (const auto& [name, value] : values)
        options += (options.empty() ? "-D" : " -D") + name + "=" + std::to_string(value);
    return options;
}

std::string Candidate::text() const
{
    std::string t = kernel;
    for (const auto& [name, value] : values)
        t += " " + name + "=" + std::to_string(value);
    return t;
}

Candidate Candidate::parse(const std::string& text)
{
    std::istringstream in(text);
    Candidate c;
    if (!(in >> c.kernel) || c.kernel.find('=') != std::string::npos)
        throw UsageError("'" + text + "' is not a variant: a kernel name, then NAME=value for each parameter");
    for (std::string word; in >> word;) {
        const auto eq = word.find('=');
        std::size_t used = 0;
        int value = 0;
        try {
            if (eq != std::string::npos && eq > 0)
                value = std::stoi(word.substr(eq + 1), &used);
        } catch (const std::exception&) {
            used = 0;
        }
        if (eq == std::string::npos || eq == 0 || used == 0 || eq + 1 + used != word.size())
            throw UsageError("'" + word + "' in variant '" + text + "' is not NAME=value (a whole number)");
        c.values[word.substr(0, eq)] = value;
    }
    return c;
}

std::string hash(const std::string& text)
{
    std::uint64_t h = 14695981039346656037ull;
    for (const unsigned char c : text) {
        h ^= c;
        h *= 1099511628211ull;
    }
    std::ostringstream out;
    out << std::hex << std::setw(16) << std::setfill('0') << h;
    return out.str();
}

Identity identify(const cl::Device& device, const std::string& task, const std::string& source)
{
    const cl::Platform platform(device.getInfo<CL_DEVICE_PLATFORM>());
    Identity id;
    id.device = device.getInfo<CL_DEVICE_NAME>() + " (" + platform.getInfo<CL_PLATFORM_NAME>() + ")";
    id.task = task;
    id.driver = device.getInfo<CL_DRIVER_VERSION>() + "; " + platform.getInfo<CL_PLATFORM_VERSION>();
    id.source = hash(source);
    return id;
}

std::string defaultCacheFile()
{
    if (const char* file = std::getenv("HOC_TUNING_CACHE"); file && *file)
        return file;
    std::string folder;
    if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg)
        folder = xdg;
    else if (const char* home = std::getenv("HOME"); home && *home)
        folder = std::string(home) + "/.cache";
    else
        folder = ".";
    return folder + "/hands-on-opencl/tuning.json";
}

Outcome tune(const std::string& cacheFile, const Identity& id, const std::vector<Candidate>& candidates,
             const std::function<double(const Candidate&)>& measure, bool force, std::ostream* log)
{
    if (candidates.empty())
        throw Failure("nothing to tune for " + id.task + ": the list of variants is empty");
    const std::string listHash = candidatesHash(candidates);

    std::string problem;
    bool usable = false;
    json doc = readCache(cacheFile, problem, usable);
    json* entry = nullptr;
    for (auto& e : doc["entries"])
        if (e.is_object() && textOf(e, "device") == id.device && textOf(e, "task") == id.task)
            entry = &e;

    Outcome outcome;
    if (!entry && problem.empty())
        problem = "no cached choice for " + id.device + " in " + cacheFile;
    if (entry) {
        try {
            const Candidate cached = fromJson(entry->at("best"));
            const double seconds = entry->at("seconds").get<double>();
            if (entry->value("driver", "") != id.driver)
                problem = "cached choice is stale: the driver changed";
            else if (entry->value("source", "") != id.source)
                problem = "cached choice is stale: the kernel source changed";
            else if (entry->value("candidates", "") != listHash)
                problem = "cached choice is stale: the list of variants changed";
            else if (std::find(candidates.begin(), candidates.end(), cached) == candidates.end())
                problem = "cached choice is stale: it is not among the variants";
            else if (force)
                problem = "tuning again as asked";
            else {
                outcome.best = cached;
                outcome.seconds = seconds;
                outcome.fromCache = true;
                outcome.note = "tuned choice from " + cacheFile + " (" + entry->value("tuned", "?") + ")";
                return outcome;
            }
        } catch (const json::exception& e) {
            problem = "cached choice in " + cacheFile + " is corrupt (" + e.what() + ")";
        }
    }

    outcome.note = problem + "; tuned " + std::to_string(candidates.size()) + " variants";
    for (const auto& candidate : candidates) {
        Trial trial{candidate, 0, ""};
        try {
            trial.seconds = measure(candidate);
        } catch (const cl::Error& e) {
            trial.failure = describe(e);
        } catch (const Failure& e) {
            trial.failure = e.what();
        }
        if (log) {
            *log << "  tuning " << candidate.text() << ": ";
            if (trial.failure.empty())
                *log << std::fixed << std::setprecision(3) << trial.seconds * 1e3 << " ms\n";
            else
                *log << "cannot run here: " << trial.failure.substr(0, trial.failure.find('\n')) << "\n";
            log->flush();
        }
        if (trial.failure.empty() && (outcome.best.kernel.empty() || trial.seconds < outcome.seconds)) {
            outcome.best = candidate;
            outcome.seconds = trial.seconds;
        }
        outcome.trials.push_back(std::move(trial));
    }
    if (outcome.best.kernel.empty()) {
        std::string why;
        for (const auto& t : outcome.trials)
            why += "\n  " + t.candidate.text() + ": " + t.failure;
        throw Failure("no variant of " + id.task + " runs on " + id.device + ":" + why);
    }

    json fresh = {{"device", id.device},        {"task", id.task},        {"driver", id.driver},
                  {"source", id.source},        {"candidates", listHash}, {"best", toJson(outcome.best)},
                  {"seconds", outcome.seconds}, {"tuned", now()}};
    if (entry)
        *entry = fresh;
    else
        doc["entries"].push_back(fresh);
    if (!usable)
        outcome.note += " (the choice is not saved)";
    else if (const std::string error = writeCache(cacheFile, doc); !error.empty())
        outcome.note += "; " + error;
    return outcome;
}

}  // namespace hoc::tuning
