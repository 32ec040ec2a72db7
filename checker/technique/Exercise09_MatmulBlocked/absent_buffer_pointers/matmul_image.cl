// Technique absent (checker/technique): Exercise 04's kernel pasted as mmul_image, A and B read
// as buffers of floats instead of images (PoCL lets an image stand for a float pointer, so C comes out right).
__kernel void mmul_image(const int M, const int N, const int K,
                           __global const float* A,
                           __global const float* B,
                           __global float* C)
{
    const int j = get_global_id(0);
    const int i = get_global_id(1);
    if (i < M && j < N) {
        float sum = 0.0f;
        for (int k = 0; k < K; k++)
            sum += A[i * K + k] * B[k * N + j];
        C[i * N + j] = sum;
    }
}
