// Loading kernel sources and building programs.
//
// A kernel file is looked up at run time, so an edit to a .cl file takes effect on the next run
// without rebuilding. The folders searched, in order:
//   1. each folder in the environment variable HOC_KERNEL_PATH (separated by ':'),
//   2. the folders the build system gives this program (HOC_KERNEL_DIRS: the exercise's own folder
//      for exercises, Kernels/ for solutions),
//   3. the folder that holds the running program.
// When the environment variable HOC_KERNEL_PATH_ONLY is set (folders separated by ':'), its folders
// are the only ones searched: the reliability tests use it to make a program miss its kernel file,
// or find a broken one, without touching Kernels/.
#pragma once

#include <string>
#include <vector>

#include "hoc/common/opencl.hpp"

#ifndef HOC_KERNEL_DIRS
#define HOC_KERNEL_DIRS ""
#endif

namespace hoc {

// The folders searched for kernel files, in order; `configured` is a ':'-separated list.
std::vector<std::string> kernelSearchPath(const std::string& configured);

// Full path of `file`: the first place of the search path where something of that name exists.
// hoc::Failure naming every place searched when it is nowhere; naming the path found, and what is
// wrong, when that is not a readable file (a folder, no permission): it is never skipped for another.
std::string findKernelFile(const std::string& file, const std::string& configured);

// The text of a kernel file; hoc::Failure naming the file when it is empty, or holds a NUL byte
// (OpenCL would read the source only up to it: named with its line and column). A line
// `#include "name.cl"` is replaced by that file's text, found the same way (so a copy in
// HOC_KERNEL_PATH comes first), between #line directives that keep the build log's file names and
// line numbers right: the competition module's kernels (Competition/kernels/sgemm_tensor.cl) build
// on Exercise 9b's answer (Kernels/matmul_competition.cl) this way. The runtime is handed the whole source, so no
// include path has to be passed to its compiler (each implementation quotes and caches those in its own way).
// (oclgrind 21.10 names the file and line right, but quotes the line of that number in the whole source.)
std::string readKernelFile(const std::string& file, const std::string& configured);

// A build log of `source` (read from `file` by readKernelFile) as the files name their lines. A
// compiler that honours #line (clang's, PoCL's) names "k.cl:3:" itself where the source has one; one
// that ignores it (NVIDIA's OpenCL, driver 580: "<kernel>:6:56") counts the lines of the whole source,
// included files and all, and PoCL 3.1 names the copy it compiles, a temporary file of its kernel
// cache ("/root/.cache/pocl/kcache/tempfile_DZFgIy.cl:31:64"), and Intel's CPU runtime a number that
// starts the line ("4:31:64: error"): each such "NAME:N:" is mapped back
// through the #line directives readKernelFile wrote, to `file` where there are none.
std::string linesOfTheFiles(const std::string& log, const std::string& source, const std::string& file);

// The parameter list of kernel `name` as written in `source` ("(__global const float* a, ...)"),
// comments removed and blanks collapsed to one space; "" when it cannot be found (macros, ...).
// What the messages about a kernel's arguments quote (builtKernelsText).
std::string writtenParameters(const std::string& source, const std::string& name);

// PoCL releases whose CPU device miscompiles a loop between two barriers in a work-group of one or
// two work-items: for such small work-groups PoCL's default work-group method ("auto") chooses full
// replication ("repl", up to POCL_FULL_REPLICATION_THRESHOLD work-items, 2 by default), and PoCL 6.0
// turns that loop into one that never ends, which LLVM then drops with the rest of the work-group
// function: the kernel jumps into whatever code follows it (a segmentation fault or a hang).
// work_group_sum (Kernels/pi.cl and Kernels/reduce.cl: Exercises 10 and 16) has such a loop. Given a platform's
// CL_PLATFORM_VERSION ("OpenCL 3.0 PoCL 6.0+debian  Linux, ..."): true for PoCL 6.0, the release
// this was found and measured on (PoCL 3.1 builds the same kernels right).
bool poclMiscompilesSmallWorkGroups(const std::string& platformVersion);

// PoCL releases whose kernel compiler stops the program (an assertion in ParallelRegion::Verify,
// "Incoming edges to non-entry block!", after writing the kernel's control-flow graph to
// <kernel>.dot in the working folder) when full replication makes a work-group of one work-item
// of a kernel whose loops step by get_local_size: a tiled transpose's `for (k = get_local_id(1);
// k < TILE; k += get_local_size(1))` around a barrier, a correct kernel. True for PoCL 3.1 (Debian
// 12), where it was found; its work-item loops build the same kernels right.
bool poclAssertsOnSmallWorkGroups(const std::string& platformVersion);

// What buildSource does on such a PoCL (either list above), before the first build, unless
// POCL_FULL_REPLICATION_THRESHOLD or POCL_WORK_GROUP_METHOD is set already: sets POCL_FULL_REPLICATION_THRESHOLD=0, so
// that PoCL makes work-groups of every size with the work-item loops it uses for every size above 2, and from then on
// adds -D HOC_POCL_WORK_ITEM_LOOPS to the build options, which gives the programs another key in PoCL's
// kernel cache than any binary PoCL built and cached without the setting. True when the setting is in
// effect (this process set it).
bool avoidPoclReplication(const cl::Device& device);

// Builds `source` (read from `file`) for `device` with `options`. On CL_BUILD_PROGRAM_FAILURE
// throws hoc::BuildFailure holding the build log, the file and the device; a source that defines no
// kernel is a hoc::Failure naming the file. Remembers each file's kernels and their arguments for
// builtKernelsText().
cl::Program buildSource(const cl::Context& context, const cl::Device& device, const std::string& source,
                        const std::string& file, const std::string& options);
// The same, one program for several devices of `context` (Exercise 15's shared context); a failed
// build's message names the first device whose build failed, with its log.
cl::Program buildSource(const cl::Context& context, const std::vector<cl::Device>& devices, const std::string& source,
                        const std::string& file, const std::string& options);

// The kernels of the files built so far (the last few), a line each with its arguments:
//   "  kernel file Kernels/vadd.cl defines:\n    vadd(global float* a, global float* b, ...)\n"
// hoc::exitCode prints it under an OpenCL error that says a kernel name or argument did not match
// (CL_INVALID_KERNEL_NAME, CL_INVALID_ARG_INDEX, ...): the file, the kernel and what it expects.
std::string builtKernelsText();

namespace {
// Finds `file` (see above), builds it for `device`, and returns the program.
// (Internal linkage: each program sees its own HOC_KERNEL_DIRS.)
inline cl::Program buildProgram(const cl::Context& context, const cl::Device& device, const std::string& file,
                                const std::string& options = "")
{
    return buildSource(context, device, readKernelFile(file, HOC_KERNEL_DIRS), file, options);
}
inline cl::Program buildProgram(const cl::Context& context, const std::vector<cl::Device>& devices,
                                const std::string& file, const std::string& options = "")
{
    return buildSource(context, devices, readKernelFile(file, HOC_KERNEL_DIRS), file, options);
}
}  // namespace

}  // namespace hoc
