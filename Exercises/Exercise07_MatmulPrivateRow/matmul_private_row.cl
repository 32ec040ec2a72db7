// Exercise 7: the work-item's row of A is copied into private memory once, then reused for every j.
//
// The slides declare `float Awrk[1024]` and so fail for K > 1024. Here the private array holds CHUNK
// floats (the host compiles the kernel with -DCHUNK=1024, or --chunk), and a row longer than that is
// handled a chunk at a time: copy A(i, k0 ... k0+len-1) into the array, then for every j add that
// chunk's products to C(i,j). C(i,j) belongs to this work-item alone, so it can hold the running sum
// between chunks (start from 0 in the first chunk, from C[i * N + j] in the later ones).
#ifndef CHUNK
#define CHUNK 1024
#endif

__kernel void mmul_private_row(const int M, const int N, const int K,
                               __global const float* A,
                               __global const float* B,
                               __global float* C)
{
    // TODO: row i is get_global_id(0); rows past the last row of C do nothing.
    //       float Arow[CHUNK];
    //       for each chunk k0 = 0, CHUNK, 2 CHUNK, ... below K (len = min(CHUNK, K - k0) elements):
    //           copy A[i * K + k0 + k] into Arow[k] for k < len;
    //           for each column j: sum = (first chunk ? 0 : C[i * N + j]) plus Arow[k] * B[(k0 + k) * N + j]
    //           over k < len, stored back into C[i * N + j].
}
