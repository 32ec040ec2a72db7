// Exercise 2, part 2: building a program so that a compile error shows the compiler's messages.
// (The course's helper hoc::buildProgram, in Common/src/program.cpp, does what this does.)
#include "build_log.hpp"

cl::Program buildAndShowLog(const cl::Context& context, const cl::Device& device, const std::string& source,
                            std::ostream& log)
{
    // Made without building (the slides' `cl::Program(context, source, true)` would build at once,
    // and a failure would leave no program object to ask for the log).
    cl::Program program(context, source);

    try {
        program.build({device});
    } catch (const cl::Error& error) {
        // A compile error: the compiler's messages are in the program's build log for this device.
        if (error.err() == CL_BUILD_PROGRAM_FAILURE)
            log << "---- build log ----\n"
                << program.getBuildInfo<CL_PROGRAM_BUILD_LOG>(device) << "\n---- end of build log ----\n";
        throw;  // the caller still stops: exit status 3, CL_BUILD_PROGRAM_FAILURE by name
    }
    return program;
}
