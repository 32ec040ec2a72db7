// Exercise 23: the given host code. The measured kernel (occupancy.cl) built for each size of its
// array; its run and footprint are Measure's (hoc::runStage).
#include "hoc/common/program.hpp"
#include "occupancy.hpp"

Occupancy::Occupancy(const cl::Device& device)
    : device_(device),
      // 1. Platform: a context for the device and a queue that records when commands run.
      context_(device), queue_(context_, device, CL_QUEUE_PROFILING_ENABLE)
{
}

hoc::StageRun Occupancy::run(const std::vector<float>& in, std::size_t localFloats, std::size_t local,
                             const hoc::Repeats& repeats)
{
    // 2. Program: the array's size is a build option; NVIDIA's compiler prints its register count
    //    into the build log when asked (-cl-nv-verbose, extension cl_nv_compiler_options).
    //    Each size is built once per Occupancy (programs_ keeps them).
    hoc::requireStage(device_, in.size(), localFloats, local);
    auto built = programs_.find(localFloats);
    if (built == programs_.end()) {
        std::string options = "-D LOCAL_FLOATS=" + std::to_string(localFloats);
        if (hoc::hasExtension(device_, "cl_nv_compiler_options"))
            options += " -cl-nv-verbose";
        built = programs_.emplace(localFloats, hoc::buildProgram(context_, device_, "occupancy.cl", options)).first;
    }
    return hoc::runStage(queue_, built->second, localFloats, in, local, repeats);  // 3. to 5.
}
