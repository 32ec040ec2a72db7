// Exercise 9, optional task (dynamic local memory): the blocked kernel without a compile-time tile size.
// The tile side T is the work-group's side, get_local_size(0) (the host launches square work-groups),
// and the host passes the local memory for both tiles as one argument, cl::Local(2 * T * T * sizeof(float)).
__kernel void mmul_blocked_dynamic(const int M, const int N, const int K,
                                   __global const float* A,
                                   __global const float* B,
                                   __global float* C,
                                   __local float* tiles)
{
    // TODO: as mmul_blocked, with T = get_local_size(0), the tile of A at tiles[0 ... T*T-1] and the tile
    //       of B at tiles[T*T ... 2*T*T-1], each indexed row-major: element (r, c) at r * T + c.
}
