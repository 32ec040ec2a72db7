// A kernel that never finishes (a loop whose condition never changes) hangs its program: OpenCL
// cannot stop a running kernel. The watchdog says so instead of leaving the user in front of a
// silent terminal: a thread that, when the program has made no progress for a while (30 s, or
// HOC_WATCHDOG_SECONDS; 0 turns it off), prints once to stderr which kernel file was built last,
// that a kernel may be looping forever, and how to stop the program (Ctrl-C, or kill with its pid).
// Progress is a kernel file built (buildSource), a timed run finished (hoc::runSeconds) and a
// result reported (hoc::Report::add); the thread starts at the first kernel build.
#pragma once

#include <string>

namespace hoc::watchdog {

// Marks progress; `kernelFile`, when given, is the kernel file now built (what the note names).
void progress(const std::string& kernelFile = "");

// The kernels the file last built defines ("scale;scale_coarse", as CL_PROGRAM_KERNEL_NAMES gives
// them): the note names them too.
void kernelNames(const std::string& names);

// The seconds without progress after which the note is printed: HOC_WATCHDOG_SECONDS (a number of
// seconds, 0: never), else 30.
double delaySeconds();

}  // namespace hoc::watchdog
