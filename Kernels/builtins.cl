// Exercise A, more of OpenCL C's built-ins (given, run by the program `builtins`): conversions with
// saturation and rounding modes, swizzles, __constant memory, and native_ math against the precise
// functions. One kernel per idea.

// Conversions: convert_<type>[_sat][_<rounding>]. _sat clamps to the type's range (NaN gives 0);
// without it an out-of-range value gives an implementation-defined result (000, "data conversions":
// "implementation defined for f > INT_MAX, NaN etc"). The rounding modes: _rte to nearest (ties to even),
// _rtz toward zero (the default from float to an integer), _rtp toward +infinity, _rtn toward -infinity.
__kernel void conversions(__global const float* x, __global int* rte, __global int* rtz, __global int* rtp,
                          __global int* rtn, __global uchar* sat, __global uchar* sat_rte, const int n)
{
    const int i = get_global_id(0);
    if (i < n) {
        rte[i] = convert_int_sat_rte(x[i]);
        rtz[i] = convert_int_sat_rtz(x[i]);
        rtp[i] = convert_int_sat_rtp(x[i]);
        rtn[i] = convert_int_sat_rtn(x[i]);
        sat[i] = convert_uchar_sat(x[i]);  // toward zero, then clamped to 0..255
        sat_rte[i] = convert_uchar_sat_rte(x[i]);
    }
}

// Swizzles: components by number (.s01, .s7654), by halves (.lo, .hi) and by parity (.even, .odd);
// on the left of = they write those components. One work-item, 22 ints out.
__kernel void swizzles(__global const int* in, __global int* out)
{
    const int8 v = vload8(0, in);
    vstore2(v.s01, 0, out);        // out[0..1]
    vstore4(v.odd, 0, out + 2);    // out[2..5]
    vstore4(v.hi, 0, out + 6);     // out[6..9]
    vstore4(v.even, 0, out + 10);  // out[10..13]
    int4 backwards = v.s7654;
    backwards.s03 = backwards.s30;  // a swizzle on both sides: swap the first and the last
    vstore4(backwards, 0, out + 14);  // out[14..17]
    int8 halves = v;
    halves.lo = v.hi;  // writing through a swizzle
    vstore4(halves.lo + v.lo, 0, out + 18);  // out[18..21]
}

// __constant memory: read-only for the whole NDRange, small (CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE,
// at least 64 KiB), and on many GPUs cached so that work-items reading the same element at once pay
// for one read. Two kinds: a program-scope array, and a kernel argument (a buffer the host fills).
__constant float scale[2] = {0.5f, 2.0f};

// y = scale[side] * (c[0] + x (c[1] + x (c[2] + ...))), the polynomial's `terms` coefficients in
// __constant memory, evaluated with fma (one rounding per step, so the host can do the same).
__kernel void polynomial(__global const float* x, __constant float* c, const int terms, __global float* y,
                         const int n)
{
    const int i = get_global_id(0);
    if (i < n) {
        float p = c[terms - 1];
        for (int t = terms - 2; t >= 0; t--)
            p = fma(p, x[i], c[t]);
        y[i] = scale[i & 1] * p;
    }
}

// native_ functions: as fast as the hardware goes, accuracy left to the implementation (the precise
// functions have error bounds in the specification). Which function: 0 exp, 1 log, 2 sin, 3 sqrt, 4 1/x.
__kernel void precise_and_native(__global const float* x, __global float* precise, __global float* native,
                                 const int function, const int n)
{
    const int i = get_global_id(0);
    if (i < n) {
        const float v = x[i];
        switch (function) {
        case 0: precise[i] = exp(v); native[i] = native_exp(v); break;
        case 1: precise[i] = log(v); native[i] = native_log(v); break;
        case 2: precise[i] = sin(v); native[i] = native_sin(v); break;
        case 3: precise[i] = sqrt(v); native[i] = native_sqrt(v); break;
        default: precise[i] = 1.0f / v; native[i] = native_recip(v); break;
        }
    }
}
