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
    // TODO: one work-item per row of C (dimension 0 of the range), rows past the last doing nothing.
    //       Copy this work-item's row of A from global memory into a private array once (ROW_LENGTH,
    //       which the host makes K, is its length), then compute every element of the row of C from
    //       that copy instead of from A.
}

// Step 2, chunks of K: the row goes through a private array of CHUNK floats, whatever K is (was: K floats at once).
// The row of A is taken a chunk of at most CHUNK elements at a time (the last chunk of a K that is no
// multiple of CHUNK is shorter); each chunk adds its part of the sum to every C(i,j) of the row.
// C(i,j) belongs to this work-item alone, so C itself can hold the running sum between chunks.
__kernel void mmul_private_row_chunks(const int M, const int N, const int K,
                                      __global const float* A,
                                      __global const float* B,
                                      __global float* C)
{
    // TODO: as step 1, with a private array of CHUNK floats whatever K is: copy one chunk of the row of
    //       A into it, add that chunk's products to every element of the row of C, then the next chunk.
}
