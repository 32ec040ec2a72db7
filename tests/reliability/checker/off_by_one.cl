// Each work-item adds up all n elements of `in`, scaled by its own index.
// broken: k <= n reads in[n], one past the end of the buffer.
__kernel void broken(__global const float* in, __global float* out, const int n)
{
    float sum = 0.0f;
    for (int k = 0; k <= n; ++k)
        sum += in[k];
    out[get_global_id(0)] = sum * get_global_id(0);
}

// fixed: k < n.
__kernel void fixed(__global const float* in, __global float* out, const int n)
{
    float sum = 0.0f;
    for (int k = 0; k < n; ++k)
        sum += in[k];
    out[get_global_id(0)] = sum * get_global_id(0);
}
