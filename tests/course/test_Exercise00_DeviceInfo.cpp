// Exercise 0: every fact must equal what the OpenCL C API reports for the same device.
// The C API (clGetDeviceInfo) is queried directly here, independently of the C++ bindings used in
// the exercise, so a field left unfilled or filled from the wrong query is caught.
#include <CL/cl.h>

#include "device_info.hpp"
#include "hoc_test.hpp"

namespace {

template <typename T> T query(cl_device_id id, cl_device_info what)
{
    T value{};
    EXPECT_EQ(clGetDeviceInfo(id, what, sizeof(T), &value, nullptr), CL_SUCCESS);
    return value;
}

std::string queryText(cl_device_id id, cl_device_info what)
{
    std::size_t size = 0;
    clGetDeviceInfo(id, what, 0, nullptr, &size);
    std::string text(size, '\0');
    clGetDeviceInfo(id, what, size, text.data(), nullptr);
    while (!text.empty() && text.back() == '\0')
        text.pop_back();
    return text;
}

}  // namespace

TEST(DeviceInfo, FactsMatchTheCApi)
{
    const cl::Device& device = hoc::test::device();
    const cl_device_id id = device();
    const DeviceFacts f = hoc::test::run([&] { return describeDevice(device); });
    const std::string who = std::string(HOC_UNDER_TEST) + ": ";

    EXPECT_EQ(f.name, queryText(id, CL_DEVICE_NAME)) << who << "name";
    EXPECT_EQ(f.vendor, queryText(id, CL_DEVICE_VENDOR)) << who << "vendor";
    EXPECT_EQ(f.version, queryText(id, CL_DEVICE_VERSION)) << who << "version";
    EXPECT_EQ(f.type, query<cl_device_type>(id, CL_DEVICE_TYPE)) << who << "type";
    EXPECT_EQ(f.computeUnits, query<cl_uint>(id, CL_DEVICE_MAX_COMPUTE_UNITS)) << who << "compute units";
    EXPECT_EQ(f.clockMHz, query<cl_uint>(id, CL_DEVICE_MAX_CLOCK_FREQUENCY)) << who << "clock";
    EXPECT_EQ(f.globalMemBytes, query<cl_ulong>(id, CL_DEVICE_GLOBAL_MEM_SIZE)) << who << "global memory";
    EXPECT_EQ(f.localMemBytes, query<cl_ulong>(id, CL_DEVICE_LOCAL_MEM_SIZE)) << who << "local memory";
    EXPECT_EQ(f.maxWorkGroupSize, query<std::size_t>(id, CL_DEVICE_MAX_WORK_GROUP_SIZE))
        << who << "max work-group size";
    EXPECT_EQ(f.openclCVersion, queryText(id, CL_DEVICE_OPENCL_C_VERSION)) << who << "OpenCL C version";
    EXPECT_EQ(f.preferredFloatWidth, query<cl_uint>(id, CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT))
        << who << "preferred float vector width";

    const auto dims = query<cl_uint>(id, CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS);
    std::vector<std::size_t> sizes(dims);
    clGetDeviceInfo(id, CL_DEVICE_MAX_WORK_ITEM_SIZES, sizeof(std::size_t) * dims, sizes.data(), nullptr);
    EXPECT_EQ(f.maxWorkItemSizes, sizes) << who << "max work-item sizes";
}

TEST(DeviceInfo, ListsTheTestDeviceUnderItsPlatform)
{
    const cl::Device& device = hoc::test::device();
    const std::string platform = cl::Platform(device.getInfo<CL_DEVICE_PLATFORM>()).getInfo<CL_PLATFORM_NAME>();
    const auto all = hoc::test::run([] { return describeAll(); });
    bool found = false;
    for (const auto& p : all)
        if (p.name == platform)
            for (const auto& d : p.devices)
                found = found || d.name == device.getInfo<CL_DEVICE_NAME>();
    EXPECT_TRUE(found) << HOC_UNDER_TEST << ": the test device is missing from describeAll() under " << platform;
}
