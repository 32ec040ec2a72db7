#include "hoc/tools/process.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <thread>

extern char** environ;

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

// posix_spawn's objects, released however the function returns.
struct SpawnSetup {
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    SpawnSetup()
    {
        posix_spawn_file_actions_init(&actions);
        posix_spawnattr_init(&attributes);
    }
    ~SpawnSetup()
    {
        posix_spawn_file_actions_destroy(&actions);
        posix_spawnattr_destroy(&attributes);
    }
};

volatile std::sig_atomic_t receivedStop = 0;

extern "C" void recordStop(int signal) { receivedStop = signal; }

}  // namespace

void passOnStopSignals()
{
    struct sigaction action {};
    action.sa_handler = recordStop;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, nullptr);
    sigaction(SIGTERM, &action, nullptr);
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
    SpawnSetup setup;
    posix_spawn_file_actions_addopen(&setup.actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&setup.actions, STDOUT_FILENO, logPath.c_str(),
                                     O_WRONLY | O_CREAT | O_APPEND, 0644);
    posix_spawn_file_actions_adddup2(&setup.actions, STDOUT_FILENO, STDERR_FILENO);
    // Its own process group, so a time-out stops the program and anything it started, and nothing else.
    // The program gets the default actions for the signals we record, whatever ours are.
    posix_spawnattr_setflags(&setup.attributes, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF);
    posix_spawnattr_setpgroup(&setup.attributes, 0);
    sigset_t defaults;
    sigemptyset(&defaults);
    sigaddset(&defaults, SIGINT);
    sigaddset(&defaults, SIGTERM);
    posix_spawnattr_setsigdefault(&setup.attributes, &defaults);

    std::vector<char*> args;
    static const std::string stdbuf = "/usr/bin/stdbuf", lineBuffered = "-oL";
    if (access(stdbuf.c_str(), X_OK) == 0 && access(argv[0].c_str(), X_OK) == 0) {
        args.push_back(const_cast<char*>(stdbuf.c_str()));
        args.push_back(const_cast<char*>(lineBuffered.c_str()));
    }
    for (const auto& a : argv)
        args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);

    const auto start = std::chrono::steady_clock::now();
    auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
    pid_t pid = 0;
    if (const int error = posix_spawn(&pid, args[0], &setup.actions, &setup.attributes, args.data(), environ)) {
        result.problem = argv[0] + ": " + std::strerror(error);
        return result;
    }
    result.started = true;

    int status = 0;
    double killAt = -1;
    for (;;) {
        const pid_t done = waitpid(pid, &status, WNOHANG);
        if (done == pid)
            break;
        if (done < 0 && errno != EINTR) {
            result.problem = std::string("waitpid: ") + std::strerror(errno);
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
    // Stopped (time limit or stop signal): nothing it started may outlive it.
    if (result.timedOut || result.interrupted != 0)
        kill(-pid, SIGKILL);
    if (WIFEXITED(status))
        result.exitCode = WEXITSTATUS(status);
    else if (WIFSIGNALED(status))
        result.signal = WTERMSIG(status);
    return result;
}

}  // namespace hoc::tools
