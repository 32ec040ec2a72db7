// Auto-tuning: time a few variants of a kernel on the device at hand, keep the fastest, and remember
// the choice per device in a cache file, so that the next run starts at once. The cache replaces a
// table of device models: whatever the device, its own measurements decide.
//
// A cached choice is used only while everything it was measured with is unchanged: the device, its
// driver, the kernel source and the list of variants. Anything else - no cache file, no entry for this
// device, an entry measured with another driver or source (stale), or a file that is not a valid
// cache (corrupt) - means "tune again"; it is never an error. The cache is written through
// hoc::writeFile (hoc/common/files.hpp): atomically, and never over what is not a tuning
// cache - a link, a folder, a device or a file named by mistake is neither read nor replaced (the
// note says so, and the choice is then not saved).
#pragma once

#include <functional>
#include <iosfwd>
#include <map>
#include <string>
#include <vector>

#include "hoc/common/opencl.hpp"

namespace hoc::tuning {

// One variant: a kernel of the source and its compile-time parameters.
struct Candidate {
    std::string kernel;                 // the kernel's name
    std::map<std::string, int> values;  // parameters, given to the compiler as -DNAME=value

    int at(const std::string& name) const;  // a parameter; hoc::Failure when it is missing

    // The kernel's rules, checked before a variant is built (a bad --variant is a command-line
    // error, never a division by zero): each throws hoc::UsageError naming the variant, the
    // parameter and the rule. within(): the parameter exists and lies in [low, high], returned.
    int within(const std::string& name, int low, int high) const;
    void require(bool ok, const std::string& rule) const;    // the rule, when `ok` is false
    void only(const std::vector<std::string>& names) const;  // no parameter beyond these (no typos)
    std::string buildOptions() const;                        // "-DBK=8 -DBM=64 ..."
    std::string text() const;                                // "sgemm_tiles BK=8 BM=64 ..."
    // The inverse of text(): "sgemm_tiles BM=64 BN=64"; hoc::Failure when it is not of that form.
    static Candidate parse(const std::string& text);
    bool operator==(const Candidate& other) const { return kernel == other.kernel && values == other.values; }
};

// What a cached choice is valid for. `device` and `task` find the entry; a change in the others
// makes it stale.
struct Identity {
    std::string device;  // device and platform name
    std::string task;    // what was tuned, e.g. "sgemm"
    std::string driver;  // driver and platform versions
    std::string source;  // hash of the kernel source
};

// The identity of `task` with kernel source `source` on `device`.
Identity identify(const cl::Device& device, const std::string& task, const std::string& source);

// FNV-1a hash of `text` as 16 hexadecimal digits (the same on every machine and compiler).
std::string hash(const std::string& text);

// The cache file: $HOC_TUNING_CACHE if set, else $XDG_CACHE_HOME/hands-on-opencl/tuning.json,
// else ~/.cache/hands-on-opencl/tuning.json.
std::string defaultCacheFile();

struct Trial {
    Candidate candidate;
    double seconds = 0;   // the measurement; 0 when the variant failed
    std::string failure;  // why it could not run on this device (does not build, too much local memory, ...)
};

struct Outcome {
    Candidate best;
    double seconds = 0;         // its time when it was measured
    bool fromCache = false;     // true: nothing was measured this time
    std::string note;           // why it was (re)tuned, or where it came from; and any cache write problem
    std::vector<Trial> trials;  // every variant measured this time
};

// Returns the cached choice for `id` if it is valid and among `candidates`; otherwise times every
// candidate with `measure` (seconds, smaller is better; a hoc::Failure or cl::Error thrown by it marks
// that candidate as unusable here), stores the fastest in `cacheFile` and returns it. `force` tunes
// even when a valid choice is cached. `log` (may be null) gets a line per candidate.
// Throws hoc::Failure only when no candidate runs at all.
Outcome tune(const std::string& cacheFile, const Identity& id, const std::vector<Candidate>& candidates,
             const std::function<double(const Candidate&)>& measure, bool force = false, std::ostream* log = nullptr);

}  // namespace hoc::tuning
