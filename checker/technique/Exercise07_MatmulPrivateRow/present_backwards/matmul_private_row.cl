// Technique present (checker/technique): both steps in another shape than the solution's, written
// from the starter: the row copied and summed backwards with fma; the chunks walked by a while loop.
// Exercise 7: private memory, in two steps, each changing one idea of the one before (the first line
// above each kernel names it). Both take Exercise 06's arguments: one work-item per row i of C,
// C (M x N) = A (M x K) * B (K x N), all row-major. A private array needs a length the compiler
// knows, so the host passes it as a build option: -DROW_LENGTH=K for step 1, -DCHUNK=1024 (or
// --chunk) for step 2.
#ifndef ROW_LENGTH
#error "step 1's private array is one row of A long: compile with -DROW_LENGTH=K"
#endif
#ifndef CHUNK
#define CHUNK 1024
#endif

// Step 1, the row of A in private memory: copied once, then reused for every j (was: read from global memory for every j).
__kernel void mmul_private_row(const int M, const int N, const int K,
                               __global const float* A,
                               __global const float* B,
                               __global float* C)
{
    // The row is copied backwards; the sum over k runs backwards too, with fma.
    const int row = get_global_id(0);
    if (row < M) {
        float mine[ROW_LENGTH];
        for (int k = K - 1; k >= 0; --k)
            mine[k] = A[(size_t)row * K + k];
        for (int j = 0; j < N; ++j) {
            float acc = 0.0f;
            for (int k = K - 1; k >= 0; --k)
                acc = fma(mine[k], B[(size_t)k * N + j], acc);
            C[(size_t)row * N + j] = acc;
        }
    }
}

// Step 2, chunks of K: the row goes through a private array of CHUNK floats, whatever K is (was: K floats at once).
// A chunk at a time: copy A(i, k0 ... k0+len-1) into the array, then for every j add that chunk's
// products to C(i,j). C(i,j) belongs to this work-item alone, so it can hold the running sum
// between chunks (start from 0 in the first chunk, from C[i * N + j] in the later ones).
__kernel void mmul_private_row_chunks(const int M, const int N, const int K,
                                      __global const float* A,
                                      __global const float* B,
                                      __global float* C)
{
    // Each chunk's products are added into C through a private running value; the first chunk
    // starts C from zero in its own loop over j.
    const int row = get_global_id(0);
    if (row >= M)
        return;
    float mine[CHUNK];
    int start = 0;
    while (start < K) {
        const int count = min(CHUNK, K - start);
        for (int t = 0; t < count; ++t)
            mine[t] = A[(size_t)row * K + start + t];
        for (int j = 0; j < N; ++j) {
            float acc = start == 0 ? 0.0f : C[(size_t)row * N + j];
            for (int t = 0; t < count; ++t)
                acc = fma(mine[t], B[(size_t)(start + t) * N + j], acc);
            C[(size_t)row * N + j] = acc;
        }
        start += count;
    }
}
