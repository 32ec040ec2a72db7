// Exercise 2, part 2: reading a build log yourself.
#pragma once

#include <ostream>
#include <string>

#include "hoc/common/opencl.hpp"

// Makes a program of `source` in `context` and builds it for `device`. When the build fails,
// writes the compiler's build log for `device` to `log` (once), then rethrows the cl::Error
// (CL_BUILD_PROGRAM_FAILURE). A build that succeeds writes nothing.
cl::Program buildAndShowLog(const cl::Context& context, const cl::Device& device, const std::string& source,
                            std::ostream& log);
