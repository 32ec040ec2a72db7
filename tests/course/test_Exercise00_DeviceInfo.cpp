// Exercise 0: every fact must equal what the OpenCL C API reports for the same device.
// The C API (clGetDeviceInfo) is queried directly here, independently of the C++ bindings used in
// the exercise, so a field left unfilled or filled from the wrong query is caught.
#include <CL/cl.h>

#include "device_info.hpp"
#include "hoc_hints/Exercise00_DeviceInfo.hpp"
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

// A number the device gave, and the query that gives it.
struct Fact {
    const char* query;
    cl_ulong value;
};

// The numeric queries the exercise asks, as the C API gives them on this device: where a field is wrong,
// the one whose value it holds names the query that filled it.
std::vector<Fact> numericFacts(cl_device_id id)
{
    return {{"CL_DEVICE_MAX_COMPUTE_UNITS", query<cl_uint>(id, CL_DEVICE_MAX_COMPUTE_UNITS)},
            {"CL_DEVICE_MAX_CLOCK_FREQUENCY", query<cl_uint>(id, CL_DEVICE_MAX_CLOCK_FREQUENCY)},
            {"CL_DEVICE_GLOBAL_MEM_SIZE", query<cl_ulong>(id, CL_DEVICE_GLOBAL_MEM_SIZE)},
            {"CL_DEVICE_LOCAL_MEM_SIZE", query<cl_ulong>(id, CL_DEVICE_LOCAL_MEM_SIZE)},
            {"CL_DEVICE_MAX_MEM_ALLOC_SIZE", query<cl_ulong>(id, CL_DEVICE_MAX_MEM_ALLOC_SIZE)},
            {"CL_DEVICE_GLOBAL_MEM_CACHE_SIZE", query<cl_ulong>(id, CL_DEVICE_GLOBAL_MEM_CACHE_SIZE)},
            {"CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE", query<cl_ulong>(id, CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE)},
            {"CL_DEVICE_MAX_WORK_GROUP_SIZE", query<std::size_t>(id, CL_DEVICE_MAX_WORK_GROUP_SIZE)},
            {"CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT", query<cl_uint>(id, CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT)},
            {"CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT", query<cl_uint>(id, CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT)}};
}

// A numeric field against its query: where they differ, which other query gives the field's value, or
// by which unit it was divided, or that it was never filled.
void expectFact(cl_device_id id, const std::string& who, const char* field, cl_ulong got, const char* name,
                cl_ulong want)
{
    if (got == want)
        return;
    std::string hint;
    for (const Fact& other : numericFacts(id))
        if (hint.empty() && other.value == got && other.value != want && std::string(other.query) != name)
            hint = hoc::test::hint(hoc::hints::fact_from_other_query,
                                   {{"value", std::to_string(got)}, {"other", other.query}, {"query", name}});
    for (const cl_ulong factor : {cl_ulong{1024}, cl_ulong{1024} * 1024, cl_ulong{1000}, cl_ulong{1000000}})
        if (hint.empty() && got != 0 && want / factor == got)
            hint = hoc::test::hint(hoc::hints::fact_in_other_unit, {{"value", std::to_string(got)},
                                                                    {"query", name},
                                                                    {"want", std::to_string(want)},
                                                                    {"factor", std::to_string(factor)}});
    if (hint.empty() && got == 0)
        hint = hoc::test::hint(hoc::hints::fact_unfilled, {{"query", name}});
    ADD_FAILURE() << who << field << " is " << got << ", and the device's " << name << " is " << want
                  << "\n  where: describeDevice in device_info.cpp" << (hint.empty() ? "" : "\n  hint: " + hint);
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
    expectFact(id, who, "compute units (computeUnits)", f.computeUnits, "CL_DEVICE_MAX_COMPUTE_UNITS",
               query<cl_uint>(id, CL_DEVICE_MAX_COMPUTE_UNITS));
    expectFact(id, who, "clock (clockMHz)", f.clockMHz, "CL_DEVICE_MAX_CLOCK_FREQUENCY",
               query<cl_uint>(id, CL_DEVICE_MAX_CLOCK_FREQUENCY));
    expectFact(id, who, "global memory (globalMemBytes)", f.globalMemBytes, "CL_DEVICE_GLOBAL_MEM_SIZE",
               query<cl_ulong>(id, CL_DEVICE_GLOBAL_MEM_SIZE));
    expectFact(id, who, "local memory (localMemBytes)", f.localMemBytes, "CL_DEVICE_LOCAL_MEM_SIZE",
               query<cl_ulong>(id, CL_DEVICE_LOCAL_MEM_SIZE));
    expectFact(id, who, "max work-group size (maxWorkGroupSize)", f.maxWorkGroupSize, "CL_DEVICE_MAX_WORK_GROUP_SIZE",
               query<std::size_t>(id, CL_DEVICE_MAX_WORK_GROUP_SIZE));
    EXPECT_EQ(f.openclCVersion, queryText(id, CL_DEVICE_OPENCL_C_VERSION)) << who << "OpenCL C version";
    expectFact(id, who, "preferred float vector width (preferredFloatWidth)", f.preferredFloatWidth,
               "CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT", query<cl_uint>(id, CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT));

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
