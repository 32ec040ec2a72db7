// Technique absent (checker/technique): update_soa with four neighbouring particles per work-item,
// so neighbouring work-items touch floats four apart in each array.
// Exercise 24: one step of a particle update, over two memory layouts.
// Every particle moves by its velocity for dt seconds, and gravity g changes its vertical velocity:
//   x += vx dt;   y += vy dt;   z += vz dt;   vz += g dt
// Only fma() is used: it is correctly rounded in OpenCL C as in C++ (std::fma), so the serial
// reference matches every field of every particle exactly.

// Eight floats, 32 bytes, as the host's struct Particle. The mass and charge ride along unused.
typedef struct {
    float x, y, z;
    float vx, vy, vz;
    float m, q;
} Particle;

// Step 1 (given): array of structures. Work-item i reads and writes the fields of p[i]; the same field
// of neighbouring work-items is 32 bytes apart, so one load of x by 32 work-items touches 1 KiB.
__kernel void update_aos(__global Particle* p, uint n, float dt, float g)
{
    const uint i = get_global_id(0);
    if (i >= n)
        return;
    p[i].x = fma(p[i].vx, dt, p[i].x);
    p[i].y = fma(p[i].vy, dt, p[i].y);
    p[i].z = fma(p[i].vz, dt, p[i].z);
    p[i].vz = fma(g, dt, p[i].vz);
}

// The middle way (given; step 5 of the README). The same array of structures, each particle read and written as two
// float4, a = (x, y, z, vx) and b = (vy, vz, m, q): two 16-byte vector loads and stores per work-item
// instead of a float at a time. A float4 must lie on a 16-byte boundary; buffers start aligned
// (CL_DEVICE_MEM_BASE_ADDR_ALIGN), and a Particle of 32 bytes keeps every particle's two halves on
// 16-byte boundaries. A particle of 7 floats (28 bytes) would not: pad it to 32, or read with vload4.
__kernel void update_aos4(__global float4* p, uint n, float dt, float g)
{
    const uint i = get_global_id(0);
    if (i >= n)
        return;
    float4 a = p[2 * i], b = p[2 * i + 1];
    a.x = fma(a.w, dt, a.x);  // x += vx dt
    a.y = fma(b.x, dt, a.y);  // y += vy dt
    a.z = fma(b.y, dt, a.z);  // z += vz dt, the old vz
    b.y = fma(g, dt, b.y);    // vz += g dt
    p[2 * i] = a;
    p[2 * i + 1] = b;
}

// Step 2: structure of arrays. One array per field the step uses; work-item i takes element i of each,
// so neighbouring work-items read and write neighbouring floats.
__kernel void update_soa(__global float* x, __global float* y, __global float* z,
                         __global const float* vx, __global const float* vy, __global float* vz,
                         uint n, float dt, float g)
{
    // Four neighbouring particles per work-item: the NDRange has one work-item per particle, so the
    // work-items from n / 4 on have none.
    const uint first = 4 * get_global_id(0);
    for (uint k = first; k < first + 4 && k < n; ++k) {
        x[k] = fma(vx[k], dt, x[k]);
        y[k] = fma(vy[k], dt, y[k]);
        z[k] = fma(vz[k], dt, z[k]);
        vz[k] = fma(g, dt, vz[k]);
    }
}
