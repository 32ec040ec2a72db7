// Exercise 2, part 3: F = ((A + B) + E) + G in one kernel, one work-item per element.
// Part 1's chain writes C and D to global memory and reads them back in the next call; this kernel
// computes the same F without them. The host rounds the NDRange up to whole work-groups, as for vadd.
__kernel void vadd_fused(__global const float* a,
                         __global const float* b,
                         __global const float* e,
                         __global const float* g,
                         __global float* f,
                         const int count)
{
    // TODO: element i of F from element i of the four inputs, added in the chain's order (A + B
    //       first, then E, then G: float additions in another order give other bits). What the
    //       chain kept in C and D lives only in this work-item (a private variable each), and F is
    //       written once. Work-items past the end of the vectors do nothing.
}
