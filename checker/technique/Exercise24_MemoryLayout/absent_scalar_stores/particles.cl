// Technique absent (checker/technique): update_aos7 half vectorised: vload3 brings the position and the
// velocity, but the four changed floats are stored one at a time.
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
// of neighbouring work-items is a whole Particle apart.
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
    const size_t i = get_global_id(0);
    if (i < n) {
        const float old_vz = vz[i];
        x[i] = fma(vx[i], dt, x[i]);
        y[i] = fma(vy[i], dt, y[i]);
        z[i] = fma(old_vz, dt, z[i]);
        vz[i] = fma(g, dt, old_vz);
    }
}

// Step 6: a particle of seven floats (x, y, z, vx, vy, vz, m: no charge), 28 bytes, side by side in one
// array of floats: particle i is floats 7i to 7i + 6. Particle 1 starts at byte 28, which no float4
// pointer may read from (a float4 must lie on a 16-byte boundary), yet the step should still move each
// particle with vector loads and stores, not a float at a time.
__kernel void update_aos7(__global float* p, uint n, float dt, float g)
{
    const size_t i = get_global_id(0);
    if (i >= n)
        return;
    __global float* mine = p + 7 * i;
    float3 pos = vload3(0, mine);
    float3 vel = vload3(0, mine + 3);
    pos = fma(vel, (float3)(dt), pos);
    vel.z = fma(g, dt, vel.z);
    mine[0] = pos.x;  // the loads are vectors, the stores a float at a time
    mine[1] = pos.y;
    mine[2] = pos.z;
    mine[5] = vel.z;
}
