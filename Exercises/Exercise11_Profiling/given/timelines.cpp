#include "timelines.hpp"

#include <iomanip>
#include <iostream>
#include <sstream>

hoc::Timing timing(const ProfileResult& r)
{
    const std::size_t last = r.commands.size() >= 4 ? r.commands.size() - 2 : 0;
    return {last ? r.commands[last].runSeconds() : 0, r.host_total_s};
}

void show(const std::string& what, const ProfileResult& r, hoc::Report& report)
{
    std::cout << hoc::timelineTable(r.commands);
    const auto order = hoc::checkTimeline(r.commands, /*inOrderQueue=*/true);
    report.add({what + " timestamps",
                "",
                order.ok,
                order.ok ? "QUEUED <= SUBMIT <= START <= END for all " + std::to_string(r.commands.size()) +
                               " commands, each after the one before"
                         : order.message(),
                0,
                0,
                "",
                {}});
    for (std::size_t run = 0; run < r.host_kernel_s.size() && run + 2 < r.commands.size(); ++run) {
        const double event_s = r.commands[run + 2].runSeconds();
        std::ostringstream line;
        line << std::fixed << std::setprecision(3) << "  kernel " << run + 1 << ": " << event_s * 1e3
             << " ms by its event (END - START), " << r.host_kernel_s[run] * 1e3
             << " ms by the host timer around enqueue and wait";
        if (event_s > 0)
            line << " (" << std::setprecision(2) << r.host_kernel_s[run] / event_s << "x)";
        std::cout << line.str() << "\n";
    }
}
