// Writing a file the user named (--json, the tuning cache, hoc-runner's results) without ever
// destroying something else or leaving half a file behind.
//
// writeFile() writes the new text to a temporary file in the same folder, flushes it to disk and
// renames it over the target, so a reader sees the old file or the new one, never a mix; a full
// disk or any other write error is caught (at write, fsync or close) and reported, the old file is
// left as it was and the temporary file is removed, whatever goes wrong.
// It follows nothing the user pointed at: a path that exists and is not a regular file (a symbolic
// link, a folder, a device such as /dev/null or /dev/full, a pipe) is refused, and so is an existing
// file that `replaceable` says is not one of ours (a source file named by mistake).
#pragma once

#include <cstddef>
#include <functional>
#include <string>

namespace hoc {

// Says whether an existing regular file, given its first kReplaceablePrefix bytes (the whole of a
// smaller file), may be replaced. Empty: any.
using Replaceable = std::function<bool(const std::string& contents)>;
inline constexpr std::size_t kReplaceablePrefix = 64 * 1024;

// True for an empty file or one whose first non-blank character is '{' (a JSON object).
bool looksLikeJson(const std::string& contents);

// Throws hoc::Failure, naming `what` (e.g. "--json") and `path`, when writeFile could not write
// there: an empty path, a path that exists and is not a regular file, a file `replaceable` refuses,
// a folder that does not exist or cannot be written. Checks before a long run spare the user the
// disappointment of a refusal at its end; writeFile checks again.
void checkWritable(const std::string& path, const std::string& what, const Replaceable& replaceable = {});

// Replaces `path`'s contents with `text` as described above; hoc::Failure naming `what` and `path`
// when it cannot (the file is then unchanged). A new file gets the usual permissions (0666 less the
// umask), a replaced one keeps its own.
void writeFile(const std::string& path, const std::string& text, const std::string& what,
               const Replaceable& replaceable = {});

}  // namespace hoc
