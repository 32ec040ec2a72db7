#include "hoc/common/watchdog.hpp"

#include <unistd.h>

#include <algorithm>
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
std::string* lastNames = new std::string;  // ", "-separated
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
        std::string file, names;
        {
            std::lock_guard<std::mutex> lock(fileMutex);
            file = *lastFile;
            names = *lastNames;
        }
        const std::string text =
            "\nnote: no kernel has finished for " + std::to_string(static_cast<long>(idle)) + " s; the kernels of " +
            file + " were built last" + (names.empty() ? std::string() : " (" + names + ")") +
            ". If one of them loops forever (a loop whose condition never changes, a "
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
        lastNames->clear();
    }
    std::call_once(started, [] {
        const double delay = delaySeconds();
        if (delay > 0)
            std::thread(watch, delay).detach();
    });
}

void kernelNames(const std::string& names)
{
    std::string shown;
    std::size_t start = 0;
    while (start <= names.size()) {
        const auto end = std::min(names.find(';', start), names.size());
        if (end > start)
            shown += (shown.empty() ? "" : ", ") + names.substr(start, end - start);
        start = end + 1;
    }
    std::lock_guard<std::mutex> lock(fileMutex);
    *lastNames = shown;
}

}  // namespace hoc::watchdog
