// Cli: the one parser for sizes and shapes (hoc/common/sizes.hpp), the overflow-checked products, the
// host-memory check (hoc/common/host_memory.hpp), and the command-line checks built on them (hoc::CommandLine's
// size and shape options, hoc/cli/cli.hpp's checks for hoc-runner), at the level of the parser: numbers
// that wrap, host memory, command-line mistakes; every program's answer is tested end to end in
// tests/reliability/.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <tuple>
#include <vector>

#include "hoc/cli/cli.hpp"
#include "hoc/common/errors.hpp"
#include "hoc/common/host_memory.hpp"
#include "hoc/cli/main.hpp"
#include "hoc/common/sizes.hpp"
#include "hoc_unit_test.hpp"
#include "parse_args.hpp"

TEST(Sizes, WholeNumbersAreDecimalDigitsOnly)
{
    EXPECT_EQ(hoc::parseWhole("16", "--size", 1, 100), 16u);
    EXPECT_EQ(hoc::parseWhole("0016", "--size", 1, 100), 16u);  // leading zeros: decimal, never octal
    EXPECT_EQ(hoc::parseWhole("18446744073709551615", "--size", 1, UINT64_MAX), UINT64_MAX);
    for (const char* text : {"", " 16", "16 ", "1 6", "\t16", "16\n", "+16", "0x10", "1e3", "1.5", "16k", "-", "--5",
                             "- 5", "abc", "\xef\xbc\x91"}) {
        SCOPED_TRACE(text);
        const std::string why = usageError([&] { hoc::parseWhole(text, "--size", 1, 100); });
        EXPECT_NE(why.find("--size: "), std::string::npos) << why;
        EXPECT_NE(why.find("is not a whole number (allowed: 1 to 100)"), std::string::npos) << why;
    }
}

TEST(Sizes, NegativeAndHugeNumbersNeverWrap)
{
    // "-18446744073709551611" must not be read modulo 2^64 (as 5).
    for (const char* text : {"-5", "-0", "0", "-18446744073709551611", "-18446744073709551615", "101",
                             "18446744073709551616", "99999999999999999999999999999999"}) {
        SCOPED_TRACE(text);
        const std::string why = usageError([&] { hoc::parseWhole(text, "--size", 1, 100); });
        EXPECT_NE(why.find(std::string("--size: ") + text + " is outside the allowed range 1 to 100"),
                  std::string::npos)
            << why;
    }
    EXPECT_EQ(hoc::parseWhole("-0", "--n", 0, 5), 0u);  // "-0" is zero
    EXPECT_EQ(hoc::parseSignedWhole("-5", "--x", -10, 10), -5);
    EXPECT_EQ(hoc::parseSignedWhole("-9223372036854775808", "--x", INT64_MIN, 0), INT64_MIN);
    EXPECT_NE(
        usageError([] { hoc::parseSignedWhole("-11", "--x", -10, 10); }).find("outside the allowed range -10 to 10"),
        std::string::npos);
    EXPECT_NE(usageError([] {
                  hoc::parseSignedWhole("-9223372036854775809", "--x", INT64_MIN, 0);
              }).find("outside the allowed range"),
              std::string::npos);
}

TEST(Sizes, ProductsAreCheckedAgainstANamedLimit)
{
    const hoc::SizeLimit intLimit{2147483647, "INT_MAX: the kernels index a matrix with an int"};
    EXPECT_EQ(hoc::checkedProduct({46340, 46340}, intLimit, "--dims"), 2147395600u);
    // 46341^2 = 2147488281 > INT_MAX.
    const std::string why = usageError([&] { hoc::checkedProduct({46341, 46341}, intLimit, "--dims"); });
    EXPECT_NE(why.find("--dims: 46341 x 46341 = 2147488281, more than 2147483647 (INT_MAX: the kernels index"),
              std::string::npos)
        << why;
    // 4611686018427387905 x 4 wraps to 4 modulo 2^64.
    const std::string wrap = usageError(
        [] { hoc::checkedProduct({4611686018427387905ull, 1, 4}, hoc::kSizeLimit, "--shape"); });
    EXPECT_NE(wrap.find("4611686018427387905 x 1 x 4 = more than 2^64, more than 1152921504606846976 (2^60"),
              std::string::npos)
        << wrap;
    EXPECT_EQ(hoc::checkedBytes(1000, sizeof(float), "A"), 4000u);
    EXPECT_FALSE(usageError([] { hoc::checkedBytes(UINT64_MAX / 2, 4, "A"); }).empty());
}

TEST(Sizes, ShapesAreSizesJoinedByX)
{
    EXPECT_EQ(hoc::parseShape("4096x2048", "--shapes", "ROWSxCOLS", 2, 65536), (std::vector<std::size_t>{4096, 2048}));
    EXPECT_EQ(hoc::parseShape("8X8", "--range", "DIM0xDIM1", 2, 65536), (std::vector<std::size_t>{8, 8}));
    EXPECT_EQ(hoc::parseShape("2000x3000x1000", "--shapes", "MxNxK", 3, 65536),
              (std::vector<std::size_t>{2000, 3000, 1000}));
    const struct {
        const char* text;
        const char* why;
    } bad[] = {
        {"5x-18446744073709551611", "-18446744073709551611 is outside the allowed range 1 to 65536"},
        {"5x0", "0 is outside the allowed range 1 to 65536"},
        {"5", "1 size, not 2"},
        {"5x5x5", "3 sizes, not 2"},
        {"5x", "'' is not a whole number"},
        {"x5", "'' is not a whole number"},
        {"5xx5", "'' is not a whole number"},
        {"5 x5", "5  is not a whole number"},
        {"5x5 ", "5  is not a whole number"},
        {"", "'' is not a whole number"},
        {"5*5", "5*5 is not a whole number"},
        {"65537x1", "65537 is outside the allowed range 1 to 65536"},
    };
    for (const auto& b : bad) {
        SCOPED_TRACE(b.text);
        const std::string why = usageError([&] { hoc::parseShape(b.text, "--shapes", "ROWSxCOLS", 2, 65536); });
        EXPECT_NE(why.find(std::string("--shapes: '") + b.text + "' is not ROWSxCOLS: " + b.why), std::string::npos)
            << why;
    }
    // The product against the option's limit.
    const hoc::SizeLimit uintLimit{UINT32_MAX, "UINT_MAX: the kernels index a matrix with a uint"};
    const std::string why = usageError(
        [&] { hoc::parseShape("65536x65536", "--shapes", "ROWSxCOLS", 2, UINT32_MAX, uintLimit); });
    EXPECT_NE(why.find("65536 x 65536 = 4294967296, more than 4294967295 (UINT_MAX"), std::string::npos) << why;
}

TEST(Sizes, MemoryText)
{
    EXPECT_EQ(hoc::memoryText(100), "100 bytes");
    EXPECT_EQ(hoc::memoryText(1536), "1.5 KiB");
    EXPECT_EQ(hoc::memoryText(3.0 * 1024 * 1024 * 1024), "3.0 GiB");
}

// Host memory is checked before anything large is allocated.
TEST(HostMemory, TheLeastSourceDecidesAndIsNamed)
{
    unsetenv("HOC_HOST_MEMORY_LIMIT");
    const hoc::HostMemory machine = hoc::hostMemory();
    ASSERT_NE(machine.bytes, UINT64_MAX) << "no MemAvailable in /proc/meminfo";
    EXPECT_FALSE(machine.source.empty());

    // HOC_HOST_MEMORY_LIMIT limits the whole program: what it holds already (VmRSS) is taken off,
    // and every need counts the runtime's reserve on top.
    setenv("HOC_HOST_MEMORY_LIMIT", "1G", 1);
    const hoc::HostMemory limited = hoc::hostMemory();
    EXPECT_LT(limited.bytes, 1024u * 1024u * 1024u);
    EXPECT_GT(limited.bytes, 512u * 1024u * 1024u);  // this test program holds far less than 512 MiB
    EXPECT_EQ(limited.source.rfind("HOC_HOST_MEMORY_LIMIT of 1.0 GiB, less the ", 0), 0u) << limited.source;
    EXPECT_NE(limited.source.find(" that the program and its OpenCL runtime hold already"), std::string::npos)
        << limited.source;
    const double room = static_cast<double>(limited.bytes - hoc::kRuntimeReserve);
    EXPECT_NO_THROW(hoc::requireHostMemory(room - 16 * 1024 * 1024, "16 MiB below what is left"));
    try {
        hoc::requireHostMemory(3.0 * 1024 * 1024 * 1024, "--dims 46341");
        ADD_FAILURE() << "3 GiB passed a 1 GiB limit";
    } catch (const hoc::Failure& e) {
        const std::string text = e.what();
        EXPECT_EQ(text.rfind("--dims 46341 needs 3.0 GiB of host memory; this machine has ", 0), 0u) << text;
        EXPECT_NE(text.find(" available (HOC_HOST_MEMORY_LIMIT of 1.0 GiB, less the "), std::string::npos) << text;
        EXPECT_NE(text.find(", less 224.0 MiB that the OpenCL runtime may still take); choose a smaller size"),
                  std::string::npos)
            << text;
    }
    setenv("HOC_HOST_MEMORY_LIMIT", "1M", 1);
    EXPECT_EQ(hoc::hostMemory().bytes, 0u) << "a limit below what the program holds leaves nothing";
    EXPECT_THROW(hoc::requireHostMemory(1, "one byte"), hoc::Failure);
    setenv("HOC_HOST_MEMORY_LIMIT", "-1G", 1);
    EXPECT_NE(usageError([] { hoc::hostMemory(); }).find("HOC_HOST_MEMORY_LIMIT"), std::string::npos);
    setenv("HOC_HOST_MEMORY_LIMIT", "999999999999T", 1);
    EXPECT_NE(usageError([] { hoc::hostMemory(); }).find("outside the allowed range"), std::string::npos);
    unsetenv("HOC_HOST_MEMORY_LIMIT");
}

namespace {

struct Parsed {
    int exit = -1;
    std::string err;
    std::vector<std::size_t> range = {8, 8}, shape;
    std::vector<std::vector<std::size_t>> shapes = {{256, 256}};
    std::vector<std::size_t> sizes;
};

// A program with a shape, a list of shapes, and M N K as three sizes, given `args`.
Parsed parse(std::vector<std::string> args)
{
    Parsed out;
    hoc::CommandLine cli("Test", "shape parsing");
    cli.shapeOption("--range", out.range, "DIM0xDIM1", 2, "a range", 1 << 20, {1 << 30, "2^30, a test's limit"});
    cli.shapesOption("--shapes", out.shapes, "ROWSxCOLS", 2, "matrices", UINT32_MAX,
                     {UINT32_MAX, "UINT_MAX: the kernels index a matrix with a uint"});
    cli.sizesOption("--shape", out.shape, "M N K", INT32_MAX, 3);
    cli.sizesOption("--sizes", out.sizes, "sizes");
    std::tie(out.exit, out.err) = parseArgs(cli, std::move(args));
    return out;
}

}  // namespace

TEST(ShapeOptions, GoodShapesAreRead)
{
    const auto r = parse({"--range", "16x4", "--shapes", "33x17,40x24", "1000x3000", "--shape", "37", "70", "45"});
    ASSERT_EQ(r.exit, hoc::kOk) << r.err;
    EXPECT_EQ(r.range, (std::vector<std::size_t>{16, 4}));
    EXPECT_EQ(r.shapes, (std::vector<std::vector<std::size_t>>{{33, 17}, {40, 24}, {1000, 3000}}));
    EXPECT_EQ(r.shape, (std::vector<std::size_t>{37, 70, 45}));
    // In a list, CLI11 skips empty items between commas: "16,,5" is 16 and 5, "4x4," is 4x4.
    EXPECT_EQ(parse({"--sizes", "16,,5"}).sizes, (std::vector<std::size_t>{16, 5}));
    EXPECT_EQ(parse({"--shapes", "4x4,"}).shapes, (std::vector<std::vector<std::size_t>>{{4, 4}}));
    const auto defaults = parse({});
    EXPECT_EQ(defaults.range, (std::vector<std::size_t>{8, 8}));
    EXPECT_EQ(defaults.shapes, (std::vector<std::vector<std::size_t>>{{256, 256}}));
}

// Every one of these is a bad command line (exit 2) naming the option.
TEST(ShapeOptions, MistakesAreUsageErrors)
{
    const struct {
        std::vector<std::string> args;
        const char* message;
    } cases[] = {
        {{"--shapes", "5x-18446744073709551611"},
         "--shapes: '5x-18446744073709551611' is not ROWSxCOLS: "
         "-18446744073709551611 is outside the allowed range 1 to 4294967295"},
        {{"--shapes", "65536x65536"}, "65536 x 65536 = 4294967296, more than 4294967295 (UINT_MAX"},
        {{"--shapes", "abc"}, "--shapes: 'abc' is not ROWSxCOLS: abc is not a whole number"},
        {{"--shapes", "4"}, "--shapes: '4' is not ROWSxCOLS: 1 size, not 2"},
        {{"--range", "0x8"}, "--range: '0x8' is not DIM0xDIM1: 0 is outside the allowed range"},
        {{"--range", "65536x65536"}, "more than 1073741824 (2^30, a test's limit)"},
        {{"--range", "8x8x8"}, "3 sizes, not 2"},
        {{"--shape", "4611686018427387905", "1", "4"},
         "--shape: 4611686018427387905 is outside the allowed range 1 to "
         "2147483647"},
        {{"--shape", "37", "70"}, "--shape"},
        {{"--shape", "37", "-70", "45"}, "-70 is outside the allowed range"},
        {{"--sizes", "16,-5"}, "--sizes: -5 is outside the allowed range"},
        {{"--sizes", "16,x"}, "--sizes: x is not a whole number"},
        {{"--device", ""}, "--device: '' is empty"},
        {{"--device", " "}, "--device: ' ' is empty"},
        {{"--platform", ""}, "--platform: '' is empty"},
    };
    for (const auto& c : cases) {
        std::string args;
        for (const auto& a : c.args)
            args += " '" + a + "'";
        SCOPED_TRACE(args);
        const auto r = parse(c.args);
        EXPECT_EQ(r.exit, hoc::kUsage) << r.err;
        EXPECT_NE(r.err.find(c.message), std::string::npos) << r.err;
    }
}

namespace {

// The message a hoc/cli/cli.hpp check gives `input` ("" when it passes).
std::string checkOf(const CLI::Validator& check, std::string input) { return check(input); }

}  // namespace

// hoc-runner's --timeout nan, --timeout 0 (a 309-digit bound), --device 0,0.
TEST(CliChecks, RunnerOptions)
{
    const auto timeout = hoc::cli::seconds(0, 604800, true);
    EXPECT_EQ(checkOf(timeout, "900"), "");
    EXPECT_EQ(checkOf(timeout, "0.5"), "");
    for (const char* bad : {"nan", "NaN", "inf", "-inf", "0", "-1", "1e999", "604801"}) {
        SCOPED_TRACE(bad);
        const std::string why = checkOf(timeout, bad);
        EXPECT_NE(why.find("is outside the allowed range more than 0 to 604800 seconds"), std::string::npos) << why;
        EXPECT_LT(why.size(), 100u) << why;
    }
    for (const char* bad : {"", " 5", "5s", "abc"})
        EXPECT_NE(checkOf(timeout, bad).find("is not a number of seconds"), std::string::npos) << bad;
    const auto progress = hoc::cli::seconds(0, 3600, false);
    EXPECT_EQ(checkOf(progress, "0"), "");
    EXPECT_NE(checkOf(progress, "nan"), "");

    const auto devices = hoc::cli::indexList();
    for (const char* good : {"all", "0", "1", "0,1", "2,0"})
        EXPECT_EQ(checkOf(devices, good), "") << good;
    EXPECT_NE(checkOf(devices, "0,0").find("names device 0 twice"), std::string::npos);
    EXPECT_NE(checkOf(devices, "1,01").find("twice"), std::string::npos);
    for (const char* bad : {"", ",", "0,", ",0", "0,,1", "-1", "a", " 0", "ALL", "99999"}) {
        SCOPED_TRACE(bad);
        EXPECT_NE(checkOf(devices, bad), "");
    }
    const auto text = hoc::cli::notBlank();
    EXPECT_EQ(checkOf(text, "NVIDIA"), "");
    EXPECT_NE(checkOf(text, ""), "");
    EXPECT_NE(checkOf(text, " \t"), "");
}
