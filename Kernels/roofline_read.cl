// Roofline: the device's peak global-memory bandwidth, as the best rate at which a kernel READS.
// Every work-item sums `per_item` vectors of the input and writes one float: reads only, no write
// stream sharing the bus (clpeak's global-memory test measures the same way). A work-group reads one
// block of the buffer; at each step its work-items read neighbouring vectors: coalesced loads on a
// GPU, one wide load across work-items on a CPU that vectorises over them. The host tries each
// vector width (float ... float16) and 16 or 64 vectors per work-item and keeps the fastest
// (hoc::ReadBenchmark, Measure/src/bandwidth.cpp). The inputs are small whole numbers, so the sums
// are exact in any order and the host checks them.

// The sum of a vector's lanes (a macro: a function taking a float16 would change a CPU's calling
// convention, which the compiler warns about).
#define TOTAL_float(v) (v)
#define TOTAL_float2(v) ((v).x + (v).y)
#define TOTAL_float4(v) TOTAL_float2((v).lo + (v).hi)
#define TOTAL_float8(v) TOTAL_float4((v).lo + (v).hi)
#define TOTAL_float16(v) TOTAL_float8((v).lo + (v).hi)

// One kernel per vector type: read_float, read_float2, ..., read_float16.
#define READ_KERNEL(TYPE)                                                                        \
    __kernel void read_##TYPE(__global const TYPE* in, __global float* out, const int per_item) \
    {                                                                                            \
        const size_t step = get_local_size(0);                                                   \
        size_t i = get_group_id(0) * step * per_item + get_local_id(0);                          \
        TYPE sum = 0.0f;                                                                         \
        for (int k = 0; k < per_item; k++, i += step)                                            \
            sum += in[i];                                                                        \
        out[get_global_id(0)] = TOTAL_##TYPE(sum);                                               \
    }

READ_KERNEL(float)
READ_KERNEL(float2)
READ_KERNEL(float4)
READ_KERNEL(float8)
READ_KERNEL(float16)
