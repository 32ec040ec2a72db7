// Running one program as a child process, its output going to a log file, with a time limit.
// One program that crashes, hangs or fails stops only itself: the caller goes on with the next.
#pragma once

#include <csignal>
#include <functional>
#include <string>
#include <vector>

namespace hoc::tools {

struct ProcessResult {
    bool started = false;   // false: the program could not be started (see `problem`)
    int exitCode = -1;      // the exit status when it exited
    int signal = 0;         // the signal that ended it, 0 when it exited
    bool timedOut = false;  // it ran past the limit and was stopped
    int interrupted = 0;    // the stop signal (kStopSignals) the caller received and passed on to it
    double seconds = 0;     // wall-clock time
    std::string problem;    // why it did not start

    bool succeeded() const { return started && !timedOut && signal == 0 && exitCode == 0; }
    // "exit 3", "killed by signal 11 (Segmentation fault)", "stopped after 600 s", "could not start: ...",
    // "interrupted (SIGINT passed on to it; exit 130)"
    std::string describe() const;
};

// The signals that stop a run: Ctrl-C, a kill, and a closed terminal (SIGHUP), all handled alike.
inline constexpr int kStopSignals[] = {SIGINT, SIGTERM, SIGHUP};

// From now on SIGINT, SIGTERM and SIGHUP do not end this process: they are recorded (stopSignal()),
// and runProcess passes them on to the program it runs, waits for it to end (SIGKILL 5 s later if
// it has not) and returns with `interrupted` set. The caller then writes what it has and stops.
// (The program runs in a process group of its own, so a Ctrl-C at the terminal reaches only us.)
void passOnStopSignals();
// The stop signal received since passOnStopSignals(); 0 when none.
int stopSignal();

// Runs argv[0] (a path) with the arguments argv[1..], standard input from /dev/null, standard
// output and error appended to `logPath` (never through a symbolic link). The program runs in a
// process group of its own, under a small guard process (a fork of the caller, the group's leader,
// which ends as the program ended, so the result is the program's): when the calling thread ends,
// by SIGKILL too, the kernel tells the guard (PR_SET_PDEATHSIG) and the guard kills the whole group,
// the program and whatever it started; so nothing of a killed runner is left running. When the
// program ends, whatever it left in its group (a background job holding its output) is killed too.
// After
// `timeoutSeconds` (0: no limit)
// it sends the program's process group SIGTERM, and SIGKILL 5 s later if it is still there; after a
// stop signal (passOnStopSignals) it does the same with that signal at once, and starts nothing new.
// `tick`, when given, is called with the seconds elapsed while the program runs (about 20 times a
// second): the caller's progress display. Standard output is line-buffered through stdbuf when
// /usr/bin/stdbuf exists, so the log shows each line as the program prints it.
ProcessResult runProcess(const std::vector<std::string>& argv, const std::string& logPath, double timeoutSeconds,
                         const std::function<void(double)>& tick = {});

}  // namespace hoc::tools
