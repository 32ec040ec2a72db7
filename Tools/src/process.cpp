#include "hoc/tools/process.hpp"

#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <thread>

namespace hoc::tools {

std::string ProcessResult::describe() const
{
    if (!started)
        return "could not start: " + problem;
    if (interrupted != 0)
        return std::string("interrupted (SIG") + sigabbrev_np(interrupted) + " passed on to it; " +
               (signal != 0 ? "killed by signal " + std::to_string(signal) : "exit " + std::to_string(exitCode)) + ")";
    if (timedOut)
        return "stopped after " + std::to_string(static_cast<long>(seconds)) + " s (time limit)";
    if (signal != 0)
        return "killed by signal " + std::to_string(signal) + " (" + strsignal(signal) + ")";
    return "exit " + std::to_string(exitCode);
}

namespace {

volatile std::sig_atomic_t receivedStop = 0;

extern "C" void recordStop(int signal) { receivedStop = signal; }

// In a child, between fork and exec: writes errno to `report` and ends the child when a step fails.
[[noreturn]] void childFails(int report)
{
    const int error = errno;
    [[maybe_unused]] const auto written = ::write(report, &error, sizeof error);
    ::_exit(127);
}

// The runner's death (PR_SET_PDEATHSIG of the guard): the whole process group goes, the guard too.
extern "C" void killGroup(int) { ::kill(0, SIGKILL); }

// Sets each of kStopSignals (and SIGUSR1) to `action`, and blocks no signal.
void stopSignalsTo(void (*action)(int))
{
    struct sigaction change{};
    change.sa_handler = action;
    sigemptyset(&change.sa_mask);
    for (const int signal : kStopSignals)
        ::sigaction(signal, &change, nullptr);
    sigset_t none;
    sigemptyset(&none);
    ::sigprocmask(SIG_SETMASK, &none, nullptr);
}

// The child of the runner: leader of a process group of its own, it starts the program in it and
// ends as the program ended (its exit status, or the signal that killed it), so the runner sees the
// program's end. It stays between the two so that nothing in the group outlives the runner, however
// the runner ends: the kernel sends the guard SIGUSR1 when the runner's thread that started it exits
// (SIGKILL included), and the guard then kills the whole group (the program and whatever it started,
// an MPI daemon, a shell's background job). The program itself gets SIGKILL when the guard goes.
// Between fork and exec only async-signal-safe calls (the runner has OpenCL's threads); a step that
// fails writes errno to `report`.
[[noreturn]] void guard(pid_t runner, char* const* args, const char* logPath, int report)
{
    // Its own process group, so a time-out or a stop signal reaches the program and anything it
    // started, and nothing else; a Ctrl-C at the terminal reaches only the runner.
    ::setpgid(0, 0);
    ::prctl(PR_SET_NAME, "hoc-guard");  // as ps shows it: not a second runner
    struct sigaction onDeath{};
    onDeath.sa_handler = killGroup;
    sigemptyset(&onDeath.sa_mask);
    ::sigaction(SIGUSR1, &onDeath, nullptr);
    if (::prctl(PR_SET_PDEATHSIG, SIGUSR1) != 0)
        childFails(report);
    if (::getppid() != runner)  // the runner is already gone
        ::_exit(127);
    // Nothing of the runner's stays open here (its lock on the output folder, the OpenCL drivers'
    // files) but the report pipe and the standard streams.
    if (report > 3)
        ::close_range(3, report - 1, 0);
    ::close_range(report + 1, ~0U, 0);
    // The stop signals the runner passes on to the group are for the program: the guard waits for it.
    stopSignalsTo(SIG_IGN);
    const pid_t self = ::getpid();
    const pid_t program = ::fork();
    if (program < 0)
        childFails(report);
    if (program == 0) {
        if (::prctl(PR_SET_PDEATHSIG, SIGKILL) != 0)
            childFails(report);
        if (::getppid() != self)
            ::_exit(127);
        // The default actions for the signals the runner and the guard handle, and none blocked.
        stopSignalsTo(SIG_DFL);
        struct sigaction defaults{};
        defaults.sa_handler = SIG_DFL;
        sigemptyset(&defaults.sa_mask);
        ::sigaction(SIGUSR1, &defaults, nullptr);
        // Standard input from /dev/null; standard output and error appended to the log, never
        // through a symbolic link.
        const int in = ::open("/dev/null", O_RDONLY);
        const int out = ::open(logPath, O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW, 0644);
        if (in < 0 || out < 0 || ::dup2(in, STDIN_FILENO) < 0 || ::dup2(out, STDOUT_FILENO) < 0 ||
            ::dup2(out, STDERR_FILENO) < 0)
            childFails(report);
        ::execv(args[0], args);
        childFails(report);
    }
    ::close(report);  // the program's copy closes when it starts (close-on-exec)
    int status = 0;
    while (::waitpid(program, &status, 0) < 0)
        if (errno != EINTR)
            ::_exit(127);
    if (WIFEXITED(status))
        ::_exit(WEXITSTATUS(status));
    // Killed by a signal: the guard ends by the same signal (without a core file of its own).
    const int signal = WTERMSIG(status);
    struct rlimit noCore{};
    ::setrlimit(RLIMIT_CORE, &noCore);
    struct sigaction defaults{};
    defaults.sa_handler = SIG_DFL;
    sigemptyset(&defaults.sa_mask);
    ::sigaction(signal, &defaults, nullptr);
    ::kill(self, signal);
    ::_exit(128 + signal);
}

}  // namespace

void passOnStopSignals()
{
    struct sigaction action{};
    action.sa_handler = recordStop;
    sigemptyset(&action.sa_mask);
    for (const int signal : kStopSignals)
        sigaction(signal, &action, nullptr);
}

int stopSignal() { return receivedStop; }

ProcessResult runProcess(const std::vector<std::string>& argv, const std::string& logPath, double timeoutSeconds,
                         const std::function<void(double)>& tick)
{
    ProcessResult result;
    if (argv.empty()) {
        result.problem = "no program given";
        return result;
    }
    if (receivedStop != 0) {
        result.interrupted = receivedStop;
        result.problem = std::string("not started: SIG") + sigabbrev_np(receivedStop) + " received";
        return result;
    }

    // Everything the child needs is made before fork (no allocation after it).
    std::vector<char*> args;
    static const std::string stdbuf = "/usr/bin/stdbuf", lineBuffered = "-oL";
    if (access(stdbuf.c_str(), X_OK) == 0 && access(argv[0].c_str(), X_OK) == 0) {
        args.push_back(const_cast<char*>(stdbuf.c_str()));
        args.push_back(const_cast<char*>(lineBuffered.c_str()));
    }
    for (const auto& a : argv)
        args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    int report[2];  // the child's errno when it cannot start the program; closed by a successful exec
    if (::pipe2(report, O_CLOEXEC) != 0) {
        result.problem = std::string("pipe: ") + std::strerror(errno);
        return result;
    }
    const pid_t parent = ::getpid();

    const pid_t pid = ::fork();
    if (pid < 0) {
        result.problem = std::string("fork: ") + std::strerror(errno);
        ::close(report[0]);
        ::close(report[1]);
        return result;
    }
    if (pid == 0)
        guard(parent, args.data(), logPath.c_str(), report[1]);
    ::close(report[1]);
    ::setpgid(pid, pid);  // also here, so that kill(-pid) reaches it from the start (an error after exec is fine)
    int childError = 0;
    ssize_t got;
    do
        got = ::read(report[0], &childError, sizeof childError);
    while (got < 0 && errno == EINTR);
    ::close(report[0]);
    if (got == static_cast<ssize_t>(sizeof childError)) {
        int status = 0;
        while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
        }
        result.problem = argv[0] + ": " + std::strerror(childError);
        return result;
    }
    result.started = true;

    const auto start = std::chrono::steady_clock::now();
    auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };

    int status = 0;
    double killAt = -1;
    for (;;) {
        // The guard's end is seen without reaping it (WNOWAIT): while it is a zombie its pid, the
        // group's id, cannot be reused, so the group can be killed below and nothing else.
        siginfo_t info{};
        const int seen = ::waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOHANG | WNOWAIT);
        if (seen == 0 && info.si_pid == pid) {
            // The program has ended: whatever it left running in its group (a background job still
            // holding its output) goes with it, and the runner goes on.
            ::kill(-pid, SIGKILL);
            while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
            }
            break;
        }
        if (seen < 0 && errno != EINTR) {
            result.problem = std::string("waitid: ") + std::strerror(errno);
            result.started = false;
            return result;
        }
        const double now = elapsed();
        if (receivedStop != 0 && result.interrupted == 0) {
            result.interrupted = receivedStop;
            kill(-pid, receivedStop);
            killAt = now + 5;
        } else if (timeoutSeconds > 0 && now > timeoutSeconds && !result.timedOut && result.interrupted == 0) {
            result.timedOut = true;
            kill(-pid, SIGTERM);
            killAt = now + 5;
        } else if (killAt > 0 && now > killAt) {
            kill(-pid, SIGKILL);
            killAt = -1;
        }
        if (tick)
            tick(now);
        std::this_thread::sleep_for(std::chrono::milliseconds(now < 1 ? 5 : 50));
    }
    result.seconds = elapsed();
    if (WIFEXITED(status))
        result.exitCode = WEXITSTATUS(status);
    else if (WIFSIGNALED(status))
        result.signal = WTERMSIG(status);
    return result;
}

}  // namespace hoc::tools
