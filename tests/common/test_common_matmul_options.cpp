// The size options of every matrix-multiplication program (hoc::matmul::SizeOptions: --size, --m,
// --n, --k), read as the programs read them: each dimension on its own, --size for the rest, and
// no -n beside --n (CLI11 2.4 refuses a program with both when the option is added, so every matmul
// program stopped at start with exit status 3; the command line refuses the pair with every CLI11).
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include "../cli/parse_args.hpp"
#include "hoc/matmul/main.hpp"
#include "hoc_unit_test.hpp"

namespace {

struct Parsed {
    int exit = -1;
    std::string err;
    hoc::matmul::Dims dims;
};

// Parses `args` as a matmul program's main() does (hoc::matmul::programMain: the size options, then
// the program's own); no device is touched.
Parsed parseSizes(std::vector<std::string> args)
{
    hoc::CommandLine cli("Test", "matmul size options");
    hoc::matmul::SizeOptions sizes;
    sizes.add(cli);
    Parsed out;
    std::tie(out.exit, out.err) = parseArgs(cli, std::move(args));
    out.dims = sizes.dims();
    return out;
}

}  // namespace

TEST(MatmulOptions, EachDimensionOnItsOwnAndSizeForTheRest)
{
    const auto r = parseSizes({"--m", "300", "--n", "200", "--k", "500"});
    ASSERT_EQ(r.exit, hoc::kOk) << r.err;
    EXPECT_EQ(r.dims.m, 300u);
    EXPECT_EQ(r.dims.n, 200u);
    EXPECT_EQ(r.dims.k, 500u);

    const auto n = parseSizes({"--size", "64", "--n", "17"});
    ASSERT_EQ(n.exit, hoc::kOk) << n.err;
    EXPECT_EQ(n.dims.m, 64u);
    EXPECT_EQ(n.dims.n, 17u);
    EXPECT_EQ(n.dims.k, 64u);

    const auto square = parseSizes({"--size", "48"});
    ASSERT_EQ(square.exit, hoc::kOk) << square.err;
    EXPECT_EQ(square.dims.m, 48u);
    EXPECT_EQ(square.dims.n, 48u);
    EXPECT_EQ(square.dims.k, 48u);
}

TEST(MatmulOptions, DashNIsNoShortFormOfSize)
{
    // "-n 64" would read as "--size 64" in the other programs; here it is refused, not taken for --n.
    const auto r = parseSizes({"-n", "64"});
    EXPECT_EQ(r.exit, hoc::kUsage);
    EXPECT_NE(r.err.find("-n"), std::string::npos) << r.err;
}

TEST(MatmulOptions, OneLetterLongNameBesideTheSameShortNameIsRefused)
{
    // What CLI11 2.4 refuses when the option is added, refused by the course's command line with
    // every CLI11 release, in either order.
    for (const bool shortFirst : {true, false}) {
        hoc::CommandLine cli("Test", "colliding options");
        std::size_t size = 1;
        long n = 0;
        try {
            if (shortFirst) {
                cli.sizeOption("-n,--size", size, "a size", 10);
                cli.option("--n", n, "a dimension", 0, 10);
            } else {
                cli.option("--n", n, "a dimension", 0, 10);
                cli.sizeOption("-n,--size", size, "a size", 10);
            }
            ADD_FAILURE() << "-n and --n were both accepted";
        } catch (const std::logic_error& e) {
            EXPECT_NE(std::string(e.what()).find("-n and --n collide"), std::string::npos) << e.what();
        }
    }
}
