// Common: the pieces every program relies on to report problems the way the course teaches.
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <utility>

#include "hoc/common/check.hpp"
#include "hoc/common/device.hpp"
#include "hoc/common/errors.hpp"
#include "hoc/common/names.hpp"
#include "hoc/common/limits.hpp"
#include "hoc/common/program.hpp"
#include "hoc/common/reference.hpp"
#include "hoc/common/report.hpp"
#include "hoc_unit_test.hpp"

namespace {

// Sets an environment variable for one test and restores it afterwards.
class ScopedEnv {
public:
    ScopedEnv(const char* name, const char* value) : name_(name)
    {
        if (const char* old = std::getenv(name))
            old_ = old, had_ = true;
        ::setenv(name, value, 1);
    }
    ~ScopedEnv()
    {
        if (had_)
            ::setenv(name_, old_.c_str(), 1);
        else
            ::unsetenv(name_);
    }

private:
    const char* name_;
    std::string old_;
    bool had_ = false;
};

std::string writeKernel(const std::string& name, const std::string& text)
{
    const std::string folder = ::testing::TempDir();
    std::ofstream(folder + "/" + name) << text;
    return folder;
}

}  // namespace

TEST(Errors, NamesAndNumbers)
{
    EXPECT_EQ(hoc::errorText(CL_INVALID_WORK_GROUP_SIZE), "CL_INVALID_WORK_GROUP_SIZE (-54)");
    EXPECT_EQ(hoc::errorText(CL_BUILD_PROGRAM_FAILURE), "CL_BUILD_PROGRAM_FAILURE (-11)");
    EXPECT_EQ(hoc::errorText(CL_PLATFORM_NOT_FOUND_KHR), "CL_PLATFORM_NOT_FOUND_KHR (-1001)");
    EXPECT_EQ(hoc::errorText(-12345), "unknown OpenCL error (-12345)");
    // Every code the OpenCL 3.0 headers define from -1 to -72 has a name (the gaps -20..-29 excepted).
    for (int code = -1; code >= -72; --code) {
        if (code > -20 || code < -29) {  // braces: EXPECT_STRNE expands to an if-else
            EXPECT_STRNE(hoc::errorName(code), "unknown OpenCL error") << code;
        }
    }
    EXPECT_EQ(hoc::describe(cl::Error(CL_INVALID_KERNEL_NAME, "clCreateKernel")),
              "clCreateKernel failed: CL_INVALID_KERNEL_NAME (-46)");
}

TEST(Check, ReportsCountAndFirstWrongElement)
{
    const std::vector<float> expected = {1, 2, 3, 4}, got = {1, 2.5f, 3, 0};
    const auto r = hoc::compare(expected, got);
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(r.wrong, 2u);
    EXPECT_EQ(r.first, 1u);
    EXPECT_EQ(r.message(), "2 of 4 elements wrong; first at index 1: expected 2, got 2.5 (allowed difference 0)");
    EXPECT_TRUE(hoc::compare(expected, expected).ok);
    EXPECT_EQ(hoc::compare(expected, expected).message(), "all 4 elements correct");
}

TEST(Check, ToleranceAndNaN)
{
    using V = std::vector<float>;
    EXPECT_TRUE(hoc::compare(V{100.0f}, V{100.5f}, {0, 0.01}).ok);   // 0.5 <= 0.01 * 100
    EXPECT_FALSE(hoc::compare(V{100.0f}, V{102.0f}, {0, 0.01}).ok);  // 2 > 1
    EXPECT_TRUE(hoc::compare(V{0.0f}, V{1e-7f}, {1e-6, 0}).ok);
    EXPECT_FALSE(hoc::compare(V{1.0f}, V{std::nanf("")}, {1e9, 1e9}).ok) << "NaN must never pass";
    const auto sizes = hoc::compare(std::vector<float>{1, 2}, std::vector<float>{1});
    EXPECT_FALSE(sizes.ok);
    EXPECT_EQ(sizes.message(), "expected 2 elements, got 1");
}

TEST(Check, IntegersAreEqualOrWrong)
{
    const std::vector<int> expected = {-2, 0, 2147483647};
    EXPECT_EQ(hoc::compare(expected, expected).message(), "all 3 elements correct");
    const auto r = hoc::compare(expected, std::vector<int>{-2, 1, 2147483647});
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(r.wrong, 1u);
    EXPECT_EQ(r.first, 1u);
    using Bytes = std::vector<std::uint8_t>;
    EXPECT_TRUE(hoc::compare(Bytes{0, 255}, Bytes{0, 255}).ok);
    EXPECT_FALSE(hoc::compare(Bytes{0, 255}, Bytes{0, 254}).ok);
    EXPECT_FALSE(hoc::compare(Bytes{0, 255}, Bytes{0}).ok);  // a missing element is wrong
}

TEST(Check, UlpError)
{
    EXPECT_EQ(hoc::ulpError(1.0f, 1.0), 0.0);
    EXPECT_EQ(hoc::ulpError(std::nextafter(1.0f, 2.0f), 1.0), 1.0);
    EXPECT_EQ(hoc::ulpError(0.75f, 0.5), 0.25 / std::ldexp(1.0, -24));  // floats near 0.5 are 2^-24 apart
    EXPECT_TRUE(std::isinf(hoc::ulpError(std::numeric_limits<float>::quiet_NaN(), 1.0)));
}

TEST(Check, SingleValues)
{
    EXPECT_TRUE(hoc::compareValue(3.14159265, 3.1415927, 1e-6).ok);
    const auto r = hoc::compareValue(3.14159265, 3.15, 1e-6);
    EXPECT_FALSE(r.ok);
    EXPECT_NE(r.message().find("expected 3.14159265, got 3.15"), std::string::npos) << r.message();
}

TEST(Kernels, MissingFileNamesEveryPlaceSearched)
{
    ScopedEnv path("HOC_KERNEL_PATH", "/nonexistent/one:/nonexistent/two");
    try {
        hoc::findKernelFile("no_such_kernel.cl", "/nonexistent/configured");
        FAIL() << "a missing kernel file must throw";
    } catch (const hoc::Failure& e) {
        const std::string text = e.what();
        for (const char* place : {"/nonexistent/one/no_such_kernel.cl", "/nonexistent/two/no_such_kernel.cl",
                                  "/nonexistent/configured/no_such_kernel.cl"})
            EXPECT_NE(text.find(place), std::string::npos) << text;
    }
}

TEST(Kernels, EnvironmentFolderComesFirst)
{
    const std::string folder = writeKernel("first_choice.cl", "__kernel void k(void) {}\n");
    ScopedEnv path("HOC_KERNEL_PATH", folder.c_str());
    EXPECT_EQ(hoc::findKernelFile("first_choice.cl", "/nonexistent"), folder + "/first_choice.cl");
}

TEST(Kernels, BuildFailureCarriesTheLogFileAndDevice)
{
    const cl::Device& device = hoc::test::device();
    const cl::Context context(device);
    const std::string source = "__kernel void broken(__global float* x) { x[0] = undeclared_name; }\n";
    try {
        hoc::buildSource(context, device, source, "broken.cl", "");
        FAIL() << "a kernel with an error must not build";
    } catch (const hoc::BuildFailure& e) {
        const std::string text = e.what();
        EXPECT_NE(text.find("broken.cl"), std::string::npos) << text;
        EXPECT_NE(text.find(device.getInfo<CL_DEVICE_NAME>()), std::string::npos) << text;
        EXPECT_NE(text.find("CL_BUILD_PROGRAM_FAILURE (-11)"), std::string::npos) << text;
        EXPECT_NE(e.log().find("undeclared_name"), std::string::npos) << "the compiler's log names the problem:\n"
                                                                      << e.log();
    }
}

// One program for several devices of one context (Exercise 15, part 2): two sub-devices of the test
// device. A source that compiles gives kernels for both; one that does not, the log of a device.
TEST(Kernels, OneProgramForSeveralDevices)
{
    const cl::Device& device = hoc::test::device();
    if (device.getInfo<CL_DEVICE_PARTITION_MAX_SUB_DEVICES>() < 2 || device.getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>() < 2)
        GTEST_SKIP() << "the test device cannot be split in two";
    const cl_uint half = device.getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>() / 2;
    const cl_device_partition_property properties[] = {CL_DEVICE_PARTITION_EQUALLY, half, 0};
    std::vector<cl::Device> parts;
    cl::Device(device).createSubDevices(properties, &parts);
    ASSERT_GE(parts.size(), 2u);
    parts.resize(2);
    const cl::Context context(parts);
    const cl::Program program = hoc::buildSource(context, parts, "__kernel void k(void) {}\n", "k.cl", "");
    for (const auto& part : parts)
        EXPECT_EQ(program.getBuildInfo<CL_PROGRAM_BUILD_STATUS>(part), CL_BUILD_SUCCESS);
    try {
        hoc::buildSource(context, parts, "__kernel void broken(__global float* x) { x[0] = undeclared_name; }\n",
                         "broken.cl", "");
        FAIL() << "a kernel with an error must not build";
    } catch (const hoc::BuildFailure& e) {
        EXPECT_NE(std::string(e.what()).find("broken.cl"), std::string::npos) << e.what();
        EXPECT_NE(e.log().find("undeclared_name"), std::string::npos) << e.log();
    }
}

TEST(Kernels, BadBuildOptionIsReported)
{
    const cl::Device& device = hoc::test::device();
    const cl::Context context(device);
    EXPECT_THROW(hoc::buildSource(context, device, "__kernel void k(void) {}\n", "k.cl", "-no-such-option-xyz"),
                 hoc::BuildFailure);
}

TEST(Devices, ChoiceErrorsListTheDevices)
{
    const auto all = hoc::allDevices();
    ASSERT_FALSE(all.empty());
    try {
        hoc::chooseDevice({std::to_string(all.size()), ""});
        FAIL() << "an index past the list must be refused";
    } catch (const hoc::Failure& e) {
        EXPECT_NE(std::string(e.what()).find("choose 0 to " + std::to_string(all.size() - 1)), std::string::npos)
            << e.what();
    }
    EXPECT_THROW(hoc::chooseDevice({"x1", ""}), hoc::Failure);
    EXPECT_THROW(hoc::chooseDevice({"", "no platform has this name"}), hoc::Failure);
    EXPECT_EQ(hoc::chooseDevice({"0", ""})(), all[0].device());
}

TEST(Devices, DevicesNamedByIndexOrEveryNameMatch)
{
    const auto all = hoc::allDevices();
    ASSERT_FALSE(all.empty());
    const auto last = hoc::devicesNamed(std::to_string(all.size() - 1), "entry");
    ASSERT_EQ(last.size(), 1u);
    EXPECT_EQ(last[0](), all.back().device());
    // Text matches every device whose platform or device name holds it, in --list order.
    const std::string name = all[0].device.getInfo<CL_DEVICE_NAME>();
    std::size_t sameName = 0;
    for (const auto& d : all)
        sameName += d.device.getInfo<CL_DEVICE_NAME>() == name;
    const auto named = hoc::devicesNamed(name, "entry");
    EXPECT_GE(named.size(), sameName);
    EXPECT_EQ(named.front()(), all[0].device());
    for (const auto& [entry, message] :
         {std::pair<std::string, std::string>{std::to_string(all.size()), "'e' is not a device index: choose 0 to "},
          {"99999999999999999999", "'e' is not a device index"},
          {"no device has this name", "'e' matches no platform or device name"}}) {
        try {
            hoc::devicesNamed(entry, "'e'");
            FAIL() << entry << " must be refused";
        } catch (const hoc::UsageError& e) {
            EXPECT_NE(std::string(e.what()).find(message), std::string::npos) << e.what();
            EXPECT_NE(std::string(e.what()).find("the devices are:\n  0: "), std::string::npos) << e.what();
        }
    }
}

TEST(Devices, EnvironmentChoosesByIndexOrName)
{
    const auto all = hoc::allDevices();
    {
        ScopedEnv env("HOC_DEVICE", "0");
        EXPECT_EQ(hoc::chooseDevice({})(), all[0].device());
    }
    {
        ScopedEnv env("HOC_DEVICE", "Portable Computing");
        EXPECT_EQ(hoc::deviceLabel(hoc::chooseDevice({})).find("Portable Computing Language") != std::string::npos,
                  true);
    }
    {
        ScopedEnv env("HOC_DEVICE", "matches nothing at all");
        EXPECT_THROW(hoc::chooseDevice({}), hoc::Failure);
    }
}

TEST(Devices, RequireBuffersNamesTheLimit)
{
    const cl::Device& device = hoc::test::device();
    const double maxAlloc = static_cast<double>(device.getInfo<CL_DEVICE_MAX_MEM_ALLOC_SIZE>());
    EXPECT_NO_THROW(hoc::requireBuffers(device, 1024, 3, "small"));
    try {
        hoc::requireBuffers(device, maxAlloc * 2, 1, "huge");
        FAIL() << "a buffer over CL_DEVICE_MAX_MEM_ALLOC_SIZE must be refused";
    } catch (const hoc::Failure& e) {
        EXPECT_NE(std::string(e.what()).find("CL_DEVICE_MAX_MEM_ALLOC_SIZE"), std::string::npos) << e.what();
    }
}

TEST(Devices, RequireFloatsInOutRefusesWhatTheDeviceCannotHold)
{
    const cl::Device& device = hoc::test::device();
    EXPECT_NO_THROW(hoc::requireFloatsInOut(device, 1024, "1024 floats"));
    const double maxAlloc = static_cast<double>(device.getInfo<CL_DEVICE_MAX_MEM_ALLOC_SIZE>());
    const auto n = static_cast<std::size_t>(maxAlloc / sizeof(float)) + 1;  // one float more than a buffer holds
    try {
        hoc::requireFloatsInOut(device, n, "a test size");
        FAIL() << "a buffer over CL_DEVICE_MAX_MEM_ALLOC_SIZE must be refused";
    } catch (const hoc::UsageError& e) {
        EXPECT_NE(std::string(e.what()).find("a test size needs"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("CL_DEVICE_MAX_MEM_ALLOC_SIZE"), std::string::npos) << e.what();
    }
}

TEST(Names, NamesOfAndChosenOfKeepTheOrderOfTheValues)
{
    enum class Kernel { Naive, Tiled, Padded };
    const hoc::Names<Kernel> names{{Kernel::Naive, "naive"}, {Kernel::Tiled, "tiled"}, {Kernel::Padded, "padded"}};
    const std::vector<Kernel> all = {Kernel::Naive, Kernel::Tiled, Kernel::Padded};
    const auto nameOf = [&](Kernel k) { return names(k); };
    EXPECT_EQ(hoc::namesOf(all, nameOf), (std::vector<std::string>{"naive", "tiled", "padded"}));
    EXPECT_EQ(hoc::chosenOf(all, {"padded", "naive"}, nameOf), (std::vector<Kernel>{Kernel::Naive, Kernel::Padded}));
    EXPECT_TRUE(hoc::chosenOf(all, {"other"}, nameOf).empty());
    EXPECT_TRUE(hoc::namesOf(std::vector<Kernel>{}, nameOf).empty());
}

TEST(References, TransposeMovesEachFloatToItsMirroredPlace)
{
    const std::vector<float> a = {1, 2, 3, 4, 5, 6};  // 2 x 3: rows {1, 2, 3} and {4, 5, 6}
    EXPECT_EQ(hoc::ref::transpose(a, 2, 3), (std::vector<float>{1, 4, 2, 5, 3, 6}));
    EXPECT_EQ(hoc::ref::transpose(hoc::ref::transpose(a, 2, 3), 3, 2), a);
    EXPECT_EQ(hoc::ref::transpose({7}, 1, 1), std::vector<float>{7});
}

TEST(Devices, RoundUp)
{
    EXPECT_EQ(hoc::roundUp(1, 64), 64u);
    EXPECT_EQ(hoc::roundUp(64, 64), 64u);
    EXPECT_EQ(hoc::roundUp(65, 64), 128u);
    EXPECT_EQ(hoc::roundUp(1000, 7), 1001u);
}

// The checks before a kernel is built (a tile side that is a build option), against the device.
TEST(DeviceChoice, BlankEnvironmentIsRefused)
{
    // HOC_DEVICE=' ' (blank) is a mistake, not a pattern that matches every device.
    const char* before = std::getenv("HOC_DEVICE");
    const std::string saved = before ? before : "";
    setenv("HOC_DEVICE", " ", 1);
    const std::string why = usageError([] { hoc::chooseDevice({}); });
    EXPECT_NE(why.find("HOC_DEVICE is ' ', only whitespace"), std::string::npos) << why;
    if (before)
        setenv("HOC_DEVICE", saved.c_str(), 1);
    else
        unsetenv("HOC_DEVICE");
}

TEST(Limits, DeviceChecksNameTheLimit)
{
    const cl::Device& device = hoc::test::device();
    const auto failureText = [](const std::function<void()>& work) -> std::string {
        try {
            work();
        } catch (const hoc::UsageError& e) {  // the size asked for must change: exit status 2
            return e.what();
        }
        return "(no hoc::UsageError thrown)";
    };
    const std::size_t local = device.getInfo<CL_DEVICE_LOCAL_MEM_SIZE>();
    const std::string memory = failureText([&] { hoc::requireLocalMemory(device, local + 1, "a test"); });
    EXPECT_NE(memory.find("CL_DEVICE_LOCAL_MEM_SIZE"), std::string::npos) << memory;
    const std::size_t groups = device.getInfo<CL_DEVICE_MAX_WORK_GROUP_SIZE>();
    const std::string items = failureText([&] { hoc::requireWorkGroupSize2D(device, groups, groups, "a test"); });
    EXPECT_NE(items.find("CL_DEVICE_MAX_WORK_GROUP_SIZE"), std::string::npos) << items;
    EXPECT_NO_THROW(hoc::requireWorkGroupSize2D(device, 1, 1, "a test"));
    EXPECT_NO_THROW(hoc::requireLocalMemory(device, 4, "a test"));
}

TEST(Report, JsonCarriesEveryResult)
{
    std::ostringstream printed;
    hoc::Report report(printed);
    report.setProgram("ExerciseX", "prog");
    report.add({"first", "N = 4", true, "all 4 elements correct", 0.5, 8.0, "GB/s", {{"bytes", 4e9}}});
    report.add({"second", "", false, "wrong", 0, 0, "", {}});
    EXPECT_FALSE(report.allCorrect());
    const std::string json = report.json();
    for (const char* part : {"\"exercise\": \"ExerciseX\"", "\"name\": \"first\"", "\"rate\": 8.0",
                             "\"bytes\": 4000000000.0", "\"correct\": false"})
        EXPECT_NE(json.find(part), std::string::npos) << part << " missing from\n" << json;
    EXPECT_NE(printed.str().find("second: WRONG: wrong"), std::string::npos) << printed.str();
}

// A program path that is not UTF-8 (here Latin-1's "ü", byte 0xfc) would make nlohmann's dump throw
// type_error; the JSON holds U+FFFD in its place, and parses.
TEST(Report, JsonOfTextThatIsNotUtf8)
{
    std::ostringstream printed;
    hoc::Report report(printed);
    report.setProgram("ExerciseX", "/home/m\xfcller/vadd");
    report.add({"first", "N = 4", true, "all 4 elements correct", 0.5, 8.0, "GB/s", {}});
    std::string json;
    ASSERT_NO_THROW(json = report.json(true));
    EXPECT_NE(json.find("/home/m\xef\xbf\xbdller/vadd"), std::string::npos) << json;
}
