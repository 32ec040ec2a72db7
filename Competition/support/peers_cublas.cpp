// cuBLAS SGEMM on the GPU that is the OpenCL device: in plain FP32 (no TF32 tensor cores), and as a
// separate, less accurate peer with TF32 tensor cores (compiled only when CMake finds the CUDA
// toolkit; only the runtime API, no CUDA compiler).
#include <cublas_v2.h>
#include <cuda_runtime.h>

#include <cstdlib>

#include "hoc/common/errors.hpp"
#include "hoc/common/timing.hpp"
#include "peers.hpp"

namespace hoc::peers {
namespace {

// cl_nv_device_attribute_query: where the GPU sits on the PCI bus.
constexpr cl_device_info kPciBusIdNv = 0x4008;
constexpr cl_device_info kPciDomainIdNv = 0x400A;

void cuda(cudaError_t status, const char* what)
{
    if (status != cudaSuccess)
        throw Failure(std::string("cuBLAS peer: ") + what + " failed: " + cudaGetErrorString(status));
}

void blas(cublasStatus_t status, const char* what)
{
    if (status != CUBLAS_STATUS_SUCCESS)
        throw Failure(std::string("cuBLAS peer: ") + what + " failed with status " + std::to_string(status));
}

class CuBlas : public Peer {
public:
    CuBlas(int device, const std::string& gpu, bool tf32) : device_(device), gpu_(gpu), tf32_(tf32)
    {
        cuda(cudaSetDevice(device_), "cudaSetDevice");
        blas(cublasCreate(&handle_), "cublasCreate");
        // Default math: FP32 inputs, FP32 arithmetic. CUBLAS_TF32_TENSOR_OP_MATH uses the tensor
        // cores with inputs rounded to 10-bit mantissas: another, less accurate problem (its own peer).
        blas(cublasSetMathMode(handle_, tf32_ ? CUBLAS_TF32_TENSOR_OP_MATH : CUBLAS_DEFAULT_MATH), "cublasSetMathMode");
        cuda(cudaEventCreate(&start_), "cudaEventCreate");
        cuda(cudaEventCreate(&stop_), "cudaEventCreate");
    }
    ~CuBlas() override
    {
        release();
        cudaEventDestroy(start_);
        cudaEventDestroy(stop_);
        cublasDestroy(handle_);
    }
    std::string name() const override { return tf32_ ? "cuBLAS TF32" : "cuBLAS"; }
    bool fp32Accurate() const override { return !tf32_; }
    std::string detail() const override
    {
        int version = 0;
        cublasGetVersion(handle_, &version);
        const char* tf32 = std::getenv("NVIDIA_TF32_OVERRIDE");
        return "cuBLAS " + std::to_string(version / 10000) + "." + std::to_string(version / 100 % 100) + "." +
               std::to_string(version % 100) + " on CUDA device " + std::to_string(device_) + " (" + gpu_ + "), " +
               (tf32_ ? "TF32 tensor cores (CUBLAS_TF32_TENSOR_OP_MATH: inputs rounded to 10-bit mantissas, less "
                        "accurate than FP32)"
                      : "FP32 without TF32") +
               ", device time from CUDA events around a call queued behind another" +
               (tf32 && std::string(tf32) != "0" ? " (WARNING: NVIDIA_TF32_OVERRIDE is set)" : "");
    }
    void upload(const std::vector<float>& a, const std::vector<float>& b, matmul::Dims d) override
    {
        release();
        d_ = d;
        gapped_ = runs_ = 0;
        cuda(cudaSetDevice(device_), "cudaSetDevice");
        cuda(cudaMalloc(&a_, sizeof(float) * a.size()), "cudaMalloc");
        cuda(cudaMalloc(&b_, sizeof(float) * b.size()), "cudaMalloc");
        cuda(cudaMalloc(&c_, sizeof(float) * d.m * d.n), "cudaMalloc");
        cuda(cudaMemcpy(a_, a.data(), sizeof(float) * a.size(), cudaMemcpyHostToDevice), "cudaMemcpy");
        cuda(cudaMemcpy(b_, b.data(), sizeof(float) * b.size(), cudaMemcpyHostToDevice), "cudaMemcpy");
    }
    // Host clock: one call on an idle GPU, until it is finished. Device clock: CUDA events around a
    // call enqueued behind a lead call, so that the start event fires when the lead ends and the
    // timed call's kernels follow at once: the span holds the multiplication alone, not the time
    // the host takes to launch it (the same way the OpenCL contestants are timed).
    PeerTiming run() override
    {
        PeerTiming t;
        const Timer timer;
        sgemm();
        cuda(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
        t.host_s = timer.seconds();

        sgemm();  // the lead
        cuda(cudaEventRecord(start_), "cudaEventRecord");
        sgemm();
        cuda(cudaEventRecord(stop_), "cudaEventRecord");
        if (cudaEventQuery(start_) == cudaSuccess)
            ++gapped_;
        cuda(cudaEventSynchronize(stop_), "cudaEventSynchronize");
        float ms = 0;
        cuda(cudaEventElapsedTime(&ms, start_, stop_), "cudaEventElapsedTime");
        t.device_s = ms * 1e-3;
        ++runs_;
        return t;
    }
    std::string timingNote() const override
    {
        return gapped_ == 0 ? ""
                            : std::to_string(gapped_) + " of " + std::to_string(runs_) +
                                  " device timings may include launch time (the lead call ended before the timed one "
                                  "was launched)";
    }
    std::vector<float> download() override
    {
        std::vector<float> c(d_.m * d_.n);
        cuda(cudaMemcpy(c.data(), c_, sizeof(float) * c.size(), cudaMemcpyDeviceToHost), "cudaMemcpy");
        return c;
    }

private:
    void sgemm()
    {
        // Row-major C = A B is column-major C^T = B^T A^T: the same memory, the operands swapped.
        const float one = 1.0f, zero = 0.0f;
        const int m = static_cast<int>(d_.m), n = static_cast<int>(d_.n), k = static_cast<int>(d_.k);
        blas(cublasSgemm(handle_, CUBLAS_OP_N, CUBLAS_OP_N, n, m, k, &one, b_, n, a_, k, &zero, c_, n), "cublasSgemm");
    }
    void release()
    {
        cudaFree(a_);
        cudaFree(b_);
        cudaFree(c_);
        a_ = b_ = c_ = nullptr;
    }

    int device_;
    std::string gpu_;
    bool tf32_;
    cublasHandle_t handle_ = nullptr;
    cudaEvent_t start_ = nullptr, stop_ = nullptr;
    float *a_ = nullptr, *b_ = nullptr, *c_ = nullptr;
    int gapped_ = 0, runs_ = 0;
    matmul::Dims d_;
};

}  // namespace

static std::unique_ptr<Peer> make(const cl::Device& device, std::string& note, bool tf32)
{
    const std::string vendor = device.getInfo<CL_DEVICE_VENDOR>();
    if (vendor.find("NVIDIA") == std::string::npos) {
        note = "cuBLAS: skipped, the OpenCL device is not an NVIDIA GPU";
        return nullptr;
    }
    int count = 0;
    if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
        note = "cuBLAS: skipped, the CUDA runtime finds no GPU (driver too old for this CUDA toolkit?)";
        return nullptr;
    }
    // The CUDA device at the OpenCL device's PCI address; by name when the address is not available.
    cl_uint bus = 0, domain = 0;
    const bool haveBus = clGetDeviceInfo(device(), kPciBusIdNv, sizeof(bus), &bus, nullptr) == CL_SUCCESS;
    const bool haveDomain = clGetDeviceInfo(device(), kPciDomainIdNv, sizeof(domain), &domain, nullptr) == CL_SUCCESS;
    const std::string name = device.getInfo<CL_DEVICE_NAME>();
    for (int i = 0; i < count; ++i) {
        cudaDeviceProp prop{};
        if (cudaGetDeviceProperties(&prop, i) != cudaSuccess)
            continue;
        const bool same = haveBus ? (static_cast<cl_uint>(prop.pciBusID) == bus &&
                                     (!haveDomain || static_cast<cl_uint>(prop.pciDomainID) == domain))
                                  : name == prop.name;
        if (same) {
            try {
                note.clear();
                return std::make_unique<CuBlas>(i, prop.name, tf32);
            } catch (const Failure& e) {
                note = std::string("cuBLAS: skipped, ") + e.what();
                return nullptr;
            }
        }
    }
    note = "cuBLAS: skipped, no CUDA device matches the OpenCL device " + name;
    return nullptr;
}

std::unique_ptr<Peer> cublas(const cl::Device& device, std::string& note) { return make(device, note, false); }

std::unique_ptr<Peer> cublasTf32(const cl::Device& device, std::string& note) { return make(device, note, true); }

}  // namespace hoc::peers
