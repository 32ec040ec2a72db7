// Technique present (checker/technique): scale_coarse as a loop an NDRange apart up to n, which takes
// PER_ITEM elements per work-item in launchFor's NDRange without naming PER_ITEM.
// Exercise 16b: coarsening. out[i] = scale * in[i] for every i < n, 004's vectorScale, two ways.

// Step 1 (given): one element per work-item, the kernel before coarsening. The host launches n
// work-items, rounded up to whole work-groups.
__kernel void scale(__global const float* in, __global float* out, float scale, uint n)
{
    const size_t i = get_global_id(0);
    if (i < n)
        out[i] = scale * in[i];
}

// Step 2: PER_ITEM elements per work-item, in the NDRange that launchFor (coarsening.cpp) gives.
// PER_ITEM is a build option (-D PER_ITEM=4: the host builds this file once per factor), so the
// compiler sees a loop of a known trip count.
__kernel void scale_coarse(__global const float* in, __global float* out, float scale, uint n)
{
    for (size_t i = get_global_id(0); i < n; i += get_global_size(0))
        out[i] = scale * in[i];
}
