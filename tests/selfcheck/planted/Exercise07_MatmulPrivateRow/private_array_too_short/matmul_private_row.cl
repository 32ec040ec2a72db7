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
// The slides' version: its `float Awrk[1024]` breaks for K > 1024; here the array is as long as the
// row (the host compiles the kernel with ROW_LENGTH = K), so any K works while the device gives a
// work-item K floats of private memory.
__kernel void mmul_private_row(const int M, const int N, const int K,
                               __global const float* A,
                               __global const float* B,
                               __global float* C)
{
    const int i = get_global_id(0);
    if (i >= M)
        return;
    float Arow[ROW_LENGTH];
    for (int k = 0; k < K; k++)
        Arow[k] = A[i * K + k];
    for (int j = 0; j < N; j++) {
        float sum = 0.0f;
        for (int k = 0; k < K; k++)
            sum += Arow[k] * B[k * N + j];
        C[i * N + j] = sum;
    }
}

// Step 2, chunks of K: the row goes through a private array of CHUNK floats, whatever K is (was: K floats at once).
// A chunk at a time: copy A(i, k0 ... k0+len-1) into the array, then for every j add that chunk's
// products to C(i,j). C(i,j) belongs to this work-item alone, so it can hold the running sum
// between chunks (start from 0 in the first chunk, from C[i * N + j] in the later ones), and each
// element is still summed over k in order, as the sequential code does.
__kernel void mmul_private_row_chunks(const int M, const int N, const int K,
                                      __global const float* A,
                                      __global const float* B,
                                      __global float* C)
{
    const int i = get_global_id(0);
    if (i >= M)
        return;
    float Arow[8];  // planted bug: shorter than a chunk
    for (int k0 = 0; k0 < K; k0 += CHUNK) {
        const int len = min(CHUNK, K - k0);
        for (int k = 0; k < len; k++)
            Arow[k] = A[i * K + k0 + k];
        for (int j = 0; j < N; j++) {
            float sum = (k0 == 0) ? 0.0f : C[i * N + j];
            for (int k = 0; k < len; k++)
                sum += Arow[k] * B[(k0 + k) * N + j];
            C[i * N + j] = sum;
        }
    }
}
