// Technique present (checker/technique): scale_coarse in the second correct shape the README names,
// written from the starter: a work-item's elements an NDRange apart.
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
    // Work-item g takes elements g, g + G, g + 2G, ... (G the NDRange): neighbouring work-items on
    // neighbouring elements at each step of the loop. Every element below n is some k * G + g with
    // k < PER_ITEM, since the NDRange has at least n / PER_ITEM work-items, rounded up.
    const size_t g = get_global_id(0), stride = get_global_size(0);
    for (uint k = 0; k < PER_ITEM; ++k) {
        const size_t at = g + k * stride;
        if (at < n)
            out[at] = scale * in[at];
    }
}
