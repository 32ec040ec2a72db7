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
    // TODO: start from your kernel of Exercise 7. Inside the loop over the columns j:
    //       1. all work-items of the group copy the chunk of column j of B into Bcol together, cyclically:
    //          work-item iloc = get_local_id(0) copies elements iloc, iloc + nloc, iloc + 2 nloc, ...
    //          (nloc = get_local_size(0)), element k being B[(k0 + k) * N + j];
    //       2. barrier(CLK_LOCAL_MEM_FENCE), so the whole chunk is there before anyone reads it;
    //       3. the sum for C(i,j) reads Bcol[k] instead of B;
    //       4. barrier(CLK_LOCAL_MEM_FENCE) again, so nobody overwrites Bcol while others still read it.
    //       Careful: the work-items past the last row of C must not return early. Every work-item of the
    //       group has to reach every barrier; they help with the copy and skip only their own row's work.
}
