// Exercise 2, part 2: building a program so that a compile error shows the compiler's messages.
#include "build_log.hpp"

cl::Program buildAndShowLog(const cl::Context& context, const cl::Device& device, const std::string& source,
                            [[maybe_unused]] std::ostream& log)
{
    // Made without building (the slides' `cl::Program(context, source, true)` would build at once,
    // and a failure would leave no program object to ask for the log).
    cl::Program program(context, source);

    // TODO: when this build fails because the source does not compile (CL_BUILD_PROGRAM_FAILURE),
    //       write the device's build log to `log` (the program gives it: CL_PROGRAM_BUILD_LOG), and
    //       let the caller still stop with the very error the build threw, whatever it was.
    program.build({device});
    return program;
}
