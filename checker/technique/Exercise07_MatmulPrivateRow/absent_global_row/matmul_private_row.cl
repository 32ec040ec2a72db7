// Technique absent (checker/technique): both steps written as Exercise 06's kernel, the row of A
// read from global memory again for every column j; no private array.
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
    const int i = get_global_id(0);
    if (i >= M)
        return;
    for (int j = 0; j < N; j++) {
        float sum = 0.0f;
        for (int k = 0; k < K; k++)
            sum += A[i * K + k] * B[k * N + j];
        C[i * N + j] = sum;
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
    const int i = get_global_id(0);
    if (i >= M)
        return;
    for (int j = 0; j < N; j++) {
        float sum = 0.0f;
        for (int k = 0; k < K; k++)
            sum += A[i * K + k] * B[k * N + j];
        C[i * N + j] = sum;
    }
}
