#include "hoc/measure/command_times.hpp"

namespace hoc {

CommandTimes commandTimes(const std::string& name, const cl::Event& event)
{
    event.wait();
    CommandTimes t;
    t.name = name;
    t.queued = event.getProfilingInfo<CL_PROFILING_COMMAND_QUEUED>();
    t.submit = event.getProfilingInfo<CL_PROFILING_COMMAND_SUBMIT>();
    t.start = event.getProfilingInfo<CL_PROFILING_COMMAND_START>();
    t.end = event.getProfilingInfo<CL_PROFILING_COMMAND_END>();
    return t;
}

}  // namespace hoc
