// Errors as the course teaches them: every OpenCL error by name and number, and a
// hoc::Failure for problems a user can fix (bad input, missing file, kernel that does not build).
#pragma once

#include <stdexcept>
#include <string>

#include "hoc/common/opencl.hpp"

namespace hoc {

// "CL_INVALID_WORK_GROUP_SIZE" for -54; "unknown OpenCL error" for codes no header defines.
const char* errorName(cl_int code);

// "CL_INVALID_WORK_GROUP_SIZE (-54)"
std::string errorText(cl_int code);

// "clEnqueueNDRangeKernel failed: CL_INVALID_WORK_GROUP_SIZE (-54)"
std::string describe(const cl::Error& error);

// A problem the user can fix; what() is the whole message, ready to print.
class Failure : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// A request the program cannot honour because of how it was asked (a work-group shape that does not
// divide the range, ...): reported like a bad command line, exit status 2.
class UsageError : public Failure {
public:
    using Failure::Failure;
};

// The device lacks an optional feature a variant needs (images, an image that large): a table of
// variants skips that row and goes on; a program that runs only that variant stops with exit status 3.
class Unsupported : public Failure {
public:
    using Failure::Failure;
};

// A kernel source that did not compile: the message names the file and the device and holds the log.
class BuildFailure : public Failure {
public:
    BuildFailure(const std::string& file, const std::string& device, cl_int code, const std::string& log);
    const std::string& log() const { return log_; }

private:
    std::string log_;
};

}  // namespace hoc
