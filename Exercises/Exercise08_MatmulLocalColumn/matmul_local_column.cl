// Exercise 8: the work-group copies column j of B into local memory once and all its work-items share
// it; each work-item still keeps its row of A in private memory (Exercise 7's step 2, chunks of CHUNK floats).
// Bcol holds CHUNK floats: the host passes cl::Local(CHUNK * sizeof(float)).
#ifndef CHUNK
#define CHUNK 1024
#endif

__kernel void mmul_local_column(const int M, const int N, const int K,
                                __global const float* A,
                                __global const float* B,
                                __global float* C,
                                __local float* Bcol)
{
    // TODO: start from your kernel of Exercise 7. For each column j of C and each chunk of K, the
    //       work-items of the group copy that chunk of column j of B into Bcol together, each a share of
    //       its elements (get_local_id(0) and get_local_size(0) tell which), and every sum for C(i,j)
    //       then reads B's elements from Bcol instead of global memory.
    //       Bcol is shared: no work-item may read it before the whole chunk is in, and none may start
    //       the next copy while others still read it (barrier(CLK_LOCAL_MEM_FENCE) waits for the whole
    //       group). Every work-item of the group has to reach every barrier, those past the last row of C
    //       too: they help with the copy and skip only their own row's work.
}
