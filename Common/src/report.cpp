#include "hoc/common/report.hpp"

#include <iomanip>
#include <nlohmann/json.hpp>
#include <ostream>
#include <sstream>

#include "hoc/common/device.hpp"
#include "hoc/common/watchdog.hpp"

namespace hoc {

std::string fixedText(double value, int digits)
{
    std::ostringstream s;
    s << std::fixed << std::setprecision(digits) << value;
    return s.str();
}

std::string formatTime(double seconds)
{
    std::ostringstream s;
    s << std::fixed << std::setprecision(3);
    if (seconds < 1e-3)
        s << seconds * 1e6 << " us";
    else if (seconds < 1.0)
        s << seconds * 1e3 << " ms";
    else
        s << seconds << " s";
    return s.str();
}

namespace {

std::string formatRate(double rate)
{
    std::ostringstream s;
    s << std::fixed << std::setprecision(rate >= 100 ? 1 : 3) << rate;
    return s.str();
}

}  // namespace

Report::Report(std::ostream& out) : out_(out) {}

void Report::setProgram(std::string exercise, std::string program)
{
    exercise_ = std::move(exercise);
    program_ = std::move(program);
}

void Report::setDevice(const cl::Device& device)
{
    device_ = device.getInfo<CL_DEVICE_NAME>();
    deviceType_ = deviceTypeName(device.getInfo<CL_DEVICE_TYPE>());
    platform_ = cl::Platform(device.getInfo<CL_DEVICE_PLATFORM>()).getInfo<CL_PLATFORM_NAME>();
}

void Report::add(Result result)
{
    watchdog::progress();
    out_ << result.name;
    if (!result.size.empty())
        out_ << ", " << result.size;
    out_ << ": " << (result.correct ? "" : "WRONG: ") << result.detail << "\n";
    if (result.seconds > 0) {
        out_ << "  time " << formatTime(result.seconds);
        if (result.rate > 0)
            out_ << ", " << formatRate(result.rate) << " " << result.unit;
        out_ << "\n";
    }
    out_.flush();
    results_.push_back(std::move(result));
    if (afterEach_)
        afterEach_(*this);
}

void Report::afterEachResult(std::function<void(const Report&)> listener) { afterEach_ = std::move(listener); }

void Report::bandwidth(const std::string& name, const std::string& size, const CheckResult& check, const Timing& timing,
                       double bytes, Extra extra)
{
    extra.insert(extra.begin(), {"bytes", bytes});
    add({name, size, check.ok, check.message(), timing.best(), gbps(bytes, timing.best()), "GB/s", std::move(extra)});
}

void Report::flops(const std::string& name, const std::string& size, const CheckResult& check, const Timing& timing,
                   double flops, Extra extra)
{
    extra.insert(extra.begin(), {"flops", flops});
    add({name, size, check.ok, check.message(), timing.best(), mflops(flops, timing.best()), "MFLOPS",
         std::move(extra)});
}

bool Report::allCorrect() const
{
    for (const auto& r : results_)
        if (!r.correct)
            return false;
    return true;
}

std::string Report::json(bool finished) const
{
    nlohmann::json doc;
    doc["exercise"] = exercise_;
    doc["program"] = program_;
    doc["device"] = {{"name", device_}, {"type", deviceType_}, {"platform", platform_}};
    doc["results"] = nlohmann::json::array();
    for (const auto& r : results_) {
        nlohmann::json row = {{"name", r.name},       {"size", r.size}, {"correct", r.correct}, {"detail", r.detail},
                              {"seconds", r.seconds}, {"rate", r.rate}, {"unit", r.unit}};
        for (const auto& [key, value] : r.extra)
            row["extra"][key] = value;
        doc["results"].push_back(row);
    }
    doc["finished"] = finished;
    // Text that is not UTF-8 (a program path in another encoding, a device name with stray bytes) is
    // written with U+FFFD in place of each bad byte, not refused with a type_error halfway through a run.
    return doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string sizeText(std::size_t n)
{
    if (n >= 1024 && (n & (n - 1)) == 0) {
        int power = 0;
        while ((std::size_t{1} << power) < n)
            ++power;
        return "2^" + std::to_string(power);
    }
    return std::to_string(n);
}

}  // namespace hoc
