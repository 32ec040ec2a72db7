// The two-stage build that gives OpenCL C the instructions of the target sm_90a (Hopper's warpgroup
// MMA, wgmma), on NVIDIA GPUs of compute capability 9.0.
//
// NVIDIA's OpenCL compiler accepts `-cl-nv-arch sm_90a` but writes `.target sm_90` into its PTX, where
// wgmma and setmaxnreg are refused. So a kernel writes each such instruction as a comment in inline
// assembly, "// HOC_SM90A <instruction>" (the compiler still fills in the operands' register names);
// buildSm90a builds the source, reads the PTX back (CL_PROGRAM_BINARIES), turns the comments into
// instructions and the target into sm_90a (patchPtxForSm90a), and builds the program again from that
// PTX (clCreateProgramWithBinary), which the driver compiles for the GPU. The route is not documented
// by NVIDIA: a driver may refuse the patched PTX, and then buildSm90a says so and why, and the
// variants that need it are not offered.
#pragma once

#include <string>

#include "hoc/common/opencl.hpp"

namespace hoc::competition {

// The marker that a kernel puts before an sm_90a instruction in a comment.
inline constexpr const char* kSm90aMarker = "// HOC_SM90A ";
// The marker of a directive for the kernel's entry (".maxnreg 168", which setmaxnreg needs: a register
// cap at entry), written in the kernel's body; the patch moves the text after it to the entry's
// directives, before its body.
inline constexpr const char* kSm90aEntryMarker = "// HOC_SM90A_ENTRY ";

// The PTX with its target changed from sm_90 to sm_90a, every marker removed (the text after it
// becomes an instruction) and every entry marker's directive moved before the body of the entry that
// holds it, or, in `error`, why it cannot be: no `.target sm_90` line, no marker, an entry marker
// outside an entry, or a PTX ISA older than 8.0 (wgmma's).
struct PatchedPtx {
    std::string ptx;
    std::string error;  // empty on success
    int markers = 0;    // the instructions and directives put in place
};
PatchedPtx patchPtxForSm90a(const std::string& ptx);

// Empty on an NVIDIA GPU of compute capability 9.0 (cl_nv_device_attribute_query); else why the route
// is not for this device.
std::string sm90aUnavailable(const cl::Device& device);

// The program, or in `unavailable` why not (the device, the patch, or the driver's refusal with its
// log). Errors in the source itself (the first build) are thrown as by hoc::buildSource. With the
// environment variable HOC_SM90A_PTX_DIR set to a folder, each patched PTX is also written there
// (1.ptx, 2.ptx, ...; its build options on the first line), for ptxas and cuobjdump.
struct Sm90aProgram {
    cl::Program program;
    std::string unavailable;
};
Sm90aProgram buildSm90a(const cl::Context& context, const cl::Device& device, const std::string& source,
                        const std::string& file, const std::string& options);

}  // namespace hoc::competition
