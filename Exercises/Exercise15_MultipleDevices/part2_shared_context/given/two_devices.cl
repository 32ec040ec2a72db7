// Exercise 15, part 2: two steps of one computation, run on two devices of one context.
// Device 0 runs `square`, device 1 runs `neighbour_sum` on what `square` wrote. Each result is one
// exactly rounded float operation, so the host's serial reference gives the same bits.

// square: y = x * x.
__kernel void square(__global const float* x, __global float* y, const int count)
{
    const int i = get_global_id(0);
    if (i < count)
        y[i] = x[i] * x[i];
}

// neighbour_sum: z[i] = y[i] + y[i + 1] (the last element wraps round to y[0]). Work-item i reads an
// element that another work-item, maybe of another work-group, wrote: only the end of the whole
// `square` kernel makes y complete, and an event is how one device learns of that end.
__kernel void neighbour_sum(__global const float* y, __global float* z, const int count)
{
    const int i = get_global_id(0);
    if (i < count)
        z[i] = y[i] + y[i + 1 < count ? i + 1 : 0];
}
