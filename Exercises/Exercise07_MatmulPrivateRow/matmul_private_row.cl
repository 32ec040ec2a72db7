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
    // TODO: row i is get_global_id(0); rows past the last row of C do nothing.
    //       float Arow[ROW_LENGTH];  (the host makes ROW_LENGTH = K)
    //       copy A[i * K + k] into Arow[k] for every k;
    //       for each column j: C[i * N + j] = the sum of Arow[k] * B[k * N + j] over k.
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
    // TODO: as step 1, with float Arow[CHUNK];
    //       for each chunk k0 = 0, CHUNK, 2 CHUNK, ... below K (len = min(CHUNK, K - k0) elements):
    //           copy A[i * K + k0 + k] into Arow[k] for k < len;
    //           for each column j: sum = (first chunk ? 0 : C[i * N + j]) plus Arow[k] * B[(k0 + k) * N + j]
    //           over k < len, stored back into C[i * N + j].
}
