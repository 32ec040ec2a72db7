// Exercise A, more built-ins: steps 1 and 2 for the kernels of builtins.cl. Measure's hoc::Builtins runs
// each (steps 3 to 5) and checks it against the host's own computation (hoc/measure/builtins.hpp).
#include "hoc/common/program.hpp"
#include "hoc/measure/builtins.hpp"

hoc::Builtins hoc::builtins(const cl::Device& device)
{
    const cl::Context context(device);
    return Builtins(context, device, buildProgram(context, device, "builtins.cl"));
}
