// Cli: what a program answers to a bad command line. (Every program's answers are tested end to end
// in tests/reliability/.)
#include <cstdlib>
#include <tuple>
#include <vector>

#include "hoc/common/errors.hpp"
#include "hoc/cli/main.hpp"
#include "hoc_test.hpp"
#include "parse_args.hpp"

namespace {

struct Outcome {
    int exit = -1;
    std::size_t size = 0;
    long count = 0;
    std::string err;
};

// Parses `args` like a program with one size option and one bounded whole-number option, and
// records the values and the exit status parse() gives (0 when the program would go on; no device
// is touched: --list is not given).
Outcome parse(std::vector<std::string> args)
{
    Outcome out;
    out.size = 7;
    out.count = 3;
    hoc::CommandLine cli("Test", "option parsing");
    cli.sizeOption("-n,--size", out.size, "a size", 1000);
    cli.option("--count", out.count, "a count", 2, 9);
    std::tie(out.exit, out.err) = parseArgs(cli, std::move(args));
    return out;
}

}  // namespace

TEST(Options, SizeThatIsNoNumberIsNamedAsSuch)
{
    const auto r = parse({"--size", "abc"});
    EXPECT_EQ(r.exit, hoc::kUsage);
    EXPECT_NE(r.err.find("--size: abc is not a whole number (allowed: 1 to 1000)"), std::string::npos) << r.err;
    for (const char* text : {"1.5", "1e3", "12abc", "0x10", " 5", ""}) {
        const auto bad = parse({"--size", text});
        EXPECT_EQ(bad.exit, hoc::kUsage) << text;
        EXPECT_NE(bad.err.find("is not a whole number"), std::string::npos) << text << ": " << bad.err;
    }
}

TEST(Options, SizeOutsideTheRangeNamesTheRange)
{
    for (const char* text : {"0", "-5", "1001", "99999999999999999999999"}) {
        const auto r = parse({"--size", text});
        EXPECT_EQ(r.exit, hoc::kUsage) << text;
        EXPECT_NE(r.err.find(std::string("--size: ") + text + " is outside the allowed range 1 to 1000"),
                  std::string::npos)
            << r.err;
    }
    const auto r = parse({"--count", "1"});
    EXPECT_EQ(r.exit, hoc::kUsage);
    EXPECT_NE(r.err.find("--count: 1 is outside the allowed range 2 to 9"), std::string::npos) << r.err;
}

TEST(Options, GoodNumbersAreReadAsDecimal)
{
    // CLI11 alone would read "010" as octal 8.
    const auto r = parse({"--size", "010", "--count", "09"});
    EXPECT_EQ(r.exit, hoc::kOk) << r.err;
    EXPECT_EQ(r.size, 10u);
    EXPECT_EQ(r.count, 9);
    EXPECT_EQ(parse({"-n", "1000"}).size, 1000u);
}

TEST(Options, IntOptionHasTheRulesOfALongOne)
{
    hoc::Repeats repeats;
    hoc::CommandLine cli("Test", "an int option");
    cli.option("--runs", repeats.runs, "runs", 1, 1000);
    const auto [exit, err] = parseArgs(cli, {"--runs", "012"});
    EXPECT_EQ(exit, hoc::kOk) << err;
    EXPECT_EQ(repeats.runs, 12);  // decimal, as for a long
    EXPECT_EQ(repeats.warmups, 1);
    for (const char* text : {"0", "1001", "99999999999999999999999"}) {
        int runs = 5;
        hoc::CommandLine bad("Test", "an int option");
        bad.option("--runs", runs, "runs", 1, 1000);
        const auto [badExit, badErr] = parseArgs(bad, {"--runs", text});
        EXPECT_EQ(badExit, hoc::kUsage) << text;
        EXPECT_NE(badErr.find(std::string("--runs: ") + text + " is outside the allowed range 1 to 1000"),
                  std::string::npos)
            << badErr;
        EXPECT_EQ(runs, 5) << text;
    }
}

TEST(Options, GivenSaysWhetherTheCommandLineNamedTheOption)
{
    struct Case {
        std::vector<std::string> args;
        bool sizes, runs;  // given?
    };
    for (const Case& c : std::vector<Case>{{{}, false, false},
                                           {{"--sizes", "3"}, true, false},
                                           {{"--sizes=3,4"}, true, false},
                                           {{"--runs", "2"}, false, true},
                                           {{"--runs", "5", "--sizes", "1,2"}, true, true}}) {
        std::vector<std::size_t> sizes = {1, 2};
        int runs = 5;
        hoc::CommandLine cli("Test", "given options");
        cli.sizesOption("--sizes", sizes, "sizes");
        cli.option("--runs", runs, "runs", 1, 1000);
        const auto [exit, err] = parseArgs(cli, c.args);
        EXPECT_EQ(exit, hoc::kOk) << err;
        EXPECT_EQ(cli.given("--sizes"), c.sizes) << c.args.size();  // also when the value is the default's
        EXPECT_EQ(cli.given("--runs"), c.runs) << c.args.size();
    }
}

TEST(Options, UnknownFlagIsAUsageError)
{
    const auto r = parse({"--no-such-option"});
    EXPECT_EQ(r.exit, hoc::kUsage);
    EXPECT_NE(r.err.find("--no-such-option"), std::string::npos) << r.err;
}

// "reduce --sizes ,," must not be answered about another option ("--runs is not a whole number"):
// a list of commas alone names its own option and what is wrong. (Empty items among others are skipped: "16,,5" is 16
// and 5.)
TEST(Options, ACommasOnlyListNamesItsOption)
{
    for (const char* text : {",,", ","}) {
        std::vector<std::size_t> sizes;
        long runs = 5;
        hoc::CommandLine cli("Test", "a test program");
        cli.sizesOption("--sizes", sizes, "sizes");
        cli.option("--runs", runs, "runs", 1, 1000);
        const auto [exit, err] = parseArgs(cli, {"--sizes", text});
        EXPECT_EQ(exit, hoc::kUsage) << text;
        EXPECT_NE(err.find("--sizes"), std::string::npos) << text << ": " << err;
        EXPECT_NE(err.find("holds no item, only commas"), std::string::npos) << text << ": " << err;
        EXPECT_EQ(err.find("--runs"), std::string::npos) << text << ": " << err;
    }
}
