#include "hoc/common/watchdog.hpp"

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <mutex>
#include <thread>

namespace hoc::watchdog {
namespace {

using Clock = std::chrono::steady_clock;

// Shared with the detached thread, which may still run while the program exits: atomics, a mutex
// (trivially destroyed) and a string that is never destroyed.
std::atomic<long long> lastProgress{0};  // Clock ticks of the last progress
std::atomic<bool> noted{false};          // the note was printed since the last progress
std::mutex fileMutex;
std::string* lastFile = new std::string;
std::once_flag started;

long long nowTicks() { return Clock::now().time_since_epoch().count(); }

void watch(double delay)
{
    const auto step = std::chrono::milliseconds(delay < 2 ? 100 : 500);
    for (;;) {
        std::this_thread::sleep_for(step);
        const double idle = std::chrono::duration<double>(Clock::duration(nowTicks() - lastProgress.load())).count();
        if (idle < delay || noted.exchange(true))
            continue;
        std::string file;
        {
            std::lock_guard<std::mutex> lock(fileMutex);
            file = *lastFile;
        }
        const std::string text =
            "\nnote: no kernel has finished for " + std::to_string(static_cast<long>(idle)) + " s; the kernels of " +
            file +
            " were built last. If one of them loops forever (a loop whose condition never changes, a "
            "barrier not every work-item reaches), it will not finish: OpenCL cannot stop a running kernel. Press "
            "Ctrl-C to stop this program (or kill " +
            std::to_string(::getpid()) +
            "). HOC_WATCHDOG_SECONDS sets "
            "this delay (0: no note).\n";
        [[maybe_unused]] const auto written = ::write(STDERR_FILENO, text.data(), text.size());
    }
}

}  // namespace

double delaySeconds()
{
    const char* text = std::getenv("HOC_WATCHDOG_SECONDS");
    if (!text || !*text)
        return 30;
    char* end = nullptr;
    const double seconds = std::strtod(text, &end);
    return end && *end == '\0' && seconds >= 0 ? seconds : 30;
}

void progress(const std::string& kernelFile)
{
    lastProgress = nowTicks();
    noted = false;
    if (kernelFile.empty())
        return;
    {
        std::lock_guard<std::mutex> lock(fileMutex);
        *lastFile = kernelFile;
    }
    std::call_once(started, [] {
        const double delay = delaySeconds();
        if (delay > 0)
            std::thread(watch, delay).detach();
    });
}

}  // namespace hoc::watchdog
