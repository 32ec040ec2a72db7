// Exercise 9b: the competition's kernels must be right at every size, whatever the tuner picks, and
// the tuner's cache must never stop a run: a missing, stale or corrupt cache file means "tune again".
// (Speed is not tested here; sgemm_benchmark measures it.)
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <iostream>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "hoc/common/data.hpp"
#include "hoc/common/errors.hpp"
#include "hoc_test.hpp"
#include "sgemm.hpp"

using hoc::matmul::Dims;
namespace fs = std::filesystem;

namespace {

// Sizes that are not multiples of any tile: 1, primes, one more and one less than a power of two,
// rectangles in every orientation (a kernel that mixes up M, N and K fails these), and one whose rows
// of 256 floats get longer pitches (SKEW).
const std::vector<Dims> kAwkward = {{1, 1, 1},    {3, 5, 7},   {17, 33, 65}, {65, 31, 129},
                                    {1, 100, 37}, {100, 1, 9}, {63, 129, 1}, {33, 256, 256}};

// C against the double reference, within the bound for any summation order (hoc::matmul::errorBounds):
// the kernels sum in their own order (tiles of K, fused multiply-adds), so exact equality with a
// serial loop cannot be expected, but anything beyond the bound is a wrong element.
// One Sgemm (one program build) serves all sizes.
void expectProducts(const Variant& variant, const std::vector<Dims>& sizes)
{
    hoc::test::run([&] {
        Sgemm s(hoc::test::device(), variant);
        for (const Dims& d : sizes) {
            const auto a = hoc::randomFloats(d.m * d.k, 31, -1, 1), b = hoc::randomFloats(d.k * d.n, 32, -1, 1);
            s.upload(a, b, d);
            const hoc::EventSpan done = s.run();
            EXPECT_TRUE(hoc::test::correct(hoc::matmul::check(a, b, s.download(), d),
                                           "C = A * B with " + variant.text() + ", " + d.text()));
            EXPECT_GT(hoc::eventSpanSeconds(done.first, done.second), 0.0)
                << "the kernels' profiling events should report their run time";
        }
        return 0;
    });
}

std::string tempFile(const std::string& stem)
{
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    return (fs::temp_directory_path() / ("hoc-" + stem + "-" + std::to_string(::getpid()) + "-" + info->name()) /
            "tuning.json")
        .string();
}

// The cache logic with a stand-in for the measurements (no OpenCL): `measured` counts the variants
// timed, so a test sees whether a call tuned or used the cache.
class TuningCache : public ::testing::Test {
protected:
    void TearDown() override { fs::remove_all(fs::path(file_).parent_path()); }

    hoc::tuning::Outcome tune(bool force = false)
    {
        const auto measure = [this](const hoc::tuning::Candidate& c) {
            ++measured;
            return 1.0 / c.at("X");  // the largest X is the fastest
        };
        return hoc::tuning::tune(file_, id_, candidates_, measure, force);
    }
    void write(const std::string& text)
    {
        fs::create_directories(fs::path(file_).parent_path());
        std::ofstream(file_) << text;
    }
    nlohmann::json read() const
    {
        std::ifstream in(file_);
        return nlohmann::json::parse(in);
    }

    std::string file_ = tempFile("cache");
    hoc::tuning::Identity id_{"a device (a platform)", "a task", "driver 1.0", "0123456789abcdef"};
    std::vector<hoc::tuning::Candidate> candidates_ = {{"k", {{"X", 1}}}, {"k", {{"X", 3}}}, {"k", {{"X", 2}}}};
    int measured = 0;
};

}  // namespace

// Every variant the tuner may pick on the test device ...
TEST(Competition, EveryVariantForThisDeviceIsCorrect)
{
    for (const auto& v :
         sgemmVariants(hoc::test::device()))  // K = 1100: two or three slices of K where a variant has KC
        expectProducts(v, {{70, 45, 133}, {33, 40, 1100}});
}

// The 16-float blocks are listed only where the device's vectors hold 16 floats (AVX-512), but they
// are OpenCL C that any device runs: checked here on every test device (where the answer has
// sgemm_panel), at K = 1100 (three slices of 512) and awkward sizes, unpacked and packed.
TEST(Competition, SixteenFloatBlocksAreCorrectOnAnyDevice)
{
    const auto quick = sgemmVariants(hoc::test::device(), true);
    if (std::none_of(quick.begin(), quick.end(), [](const Variant& v) { return v.kernel == "sgemm_panel"; }))
        GTEST_SKIP() << "no sgemm_panel among this answer's variants";
    const Variant plain{"sgemm_panel", {{"RM", 12}, {"VW", 16}, {"NV", 2}, {"SKEW", 1}, {"KC", 512}}};
    const Variant packed{
        "sgemm_panel",
        {{"RM", 6}, {"VW", 16}, {"NV", 4}, {"SKEW", 1}, {"KC", 512}, {"PB", 1}, {"PA", 1}, {"RB", 8}, {"PF", 1}}};
    for (const auto& v : {plain, packed})
        expectProducts(v, {{70, 45, 133}, {33, 40, 1100}, {65, 31, 129}, {1, 1, 1}});
}

// ... and the small ones, which cover every code path of the kernels, at many awkward sizes.
TEST(Competition, QuickVariantsAreCorrectAtAwkwardSizes)
{
    for (const auto& v : sgemmVariants(hoc::test::device(), true))
        expectProducts(v, kAwkward);
}

// The tuner end to end on the test device: it measures, remembers, and picks a correct variant.
TEST(Competition, TunerPicksAndRemembersACorrectVariant)
{
    const std::string file = tempFile("tuned");
    const auto variants = sgemmVariants(hoc::test::device(), true);
    const auto tune = [&] {
        return hoc::test::run([&] { return tuneSgemm(hoc::test::device(), variants, {64, 64, 64}, file); });
    };
    const auto first = tune();
    EXPECT_FALSE(first.fromCache) << first.note;
    EXPECT_EQ(first.trials.size(), variants.size());
    for (const auto& t : first.trials)
        EXPECT_TRUE(t.failure.empty()) << t.candidate.text() << ": " << t.failure;
    const auto second = tune();
    EXPECT_TRUE(second.fromCache) << second.note;
    EXPECT_EQ(second.best, first.best);
    fs::remove_all(fs::path(file).parent_path());
    expectProducts(first.best, kAwkward);
}

// sgemm_panel with B packed into panels and A into blocks of rows (PB, PA), in bands of rows (RB):
// right in every combination where M, N and K are no multiples of the block, panel, band or slice,
// and the packing kernels belong to the timed span (they run in every multiplication): with them the
// span of a single slice of K starts with another command than the one it ends with.
// (The starter has no sgemm_panel: there the test has nothing to check.)
TEST(Competition, PackedPanelsAreCorrectAndTimed)
{
    const auto quick = sgemmVariants(hoc::test::device(), true);
    const auto packed = std::find_if(quick.begin(), quick.end(),
                                     [](const Variant& v) { return v.values.count("PB") > 0; });
    if (packed == quick.end())
        GTEST_SKIP() << "no packed sgemm_panel among this answer's variants";
    const auto variant = [&](int pb, int pa) {
        Variant v = *packed;
        v.values["PB"] = pb;
        v.values["PA"] = pa;
        v.values["KC"] = 32;
        v.values["RB"] = 3;
        return v;
    };
    for (const auto& [pb, pa] : {std::pair{1, 0}, std::pair{0, 1}, std::pair{1, 1}, std::pair{0, 0}})
        expectProducts(variant(pb, pa), {{37, 70, 45}, {19, 17, 100}, {1, 1, 1}, {65, 31, 129}});
    hoc::test::run([&] {
        const Dims d{20, 20, 20};  // one slice of K
        const auto a = hoc::randomFloats(d.m * d.k, 1, -1, 1), b = hoc::randomFloats(d.k * d.n, 2, -1, 1);
        for (const auto& [pb, pa] : {std::pair{1, 0}, std::pair{0, 1}, std::pair{0, 0}}) {
            Sgemm s(hoc::test::device(), variant(pb, pa));
            s.upload(a, b, d);
            const hoc::EventSpan span = s.run();
            span.second.wait();
            EXPECT_EQ(span.first() != span.second(), pb || pa) << variant(pb, pa).text();
        }
        return 0;
    });
}

TEST(Competition, BadSizesAreReportedNotCrashed)
{
    Sgemm s(hoc::test::device(), sgemmVariants(hoc::test::device(), true).front());
    EXPECT_THROW(s.run(), hoc::Failure) << "run() before upload()";
    EXPECT_THROW(s.upload({}, {}, {0, 4, 4}), hoc::Failure);
    EXPECT_THROW(s.upload(std::vector<float>(6), std::vector<float>(6), {2, 3, 4}), hoc::Failure)
        << "A must have M x K elements";
    EXPECT_THROW(Sgemm(hoc::test::device(), Variant{"no_such_kernel", {}}), hoc::Failure);
}

TEST_F(TuningCache, MissingFileIsTunedAndWritten)
{
    ASSERT_FALSE(fs::exists(file_));
    const auto first = tune();
    EXPECT_FALSE(first.fromCache);
    EXPECT_NE(first.note.find("no cache file"), std::string::npos) << first.note;
    EXPECT_EQ(measured, 3);
    EXPECT_EQ(first.best, candidates_[1]);
    EXPECT_EQ(first.trials.size(), 3u);
    ASSERT_TRUE(fs::exists(file_)) << "the choice should be written, creating the folder";

    const auto second = tune();
    EXPECT_TRUE(second.fromCache) << second.note;
    EXPECT_EQ(measured, 3) << "nothing is measured when the cache holds a valid choice";
    EXPECT_EQ(second.best, first.best);

    EXPECT_FALSE(tune(/*force=*/true).fromCache) << "--retune measures again";
    EXPECT_EQ(measured, 6);
}

TEST_F(TuningCache, CorruptFileIsRetunedAndReplaced)
{
    // A damaged tuning cache (empty, or naming the cache format) is replaced by a valid one.
    for (const std::string garbage :
         {"", "\n", "{\"format\": \"hands-on-opencl tuning cache\", \"version\": 1, \"entries\": 5}",
          "{\"format\": \"hands-on-opencl tuning cache\", \"version\": 99, \"entries\": []}",
          "{\"entries\": [{\"device\": \"a device (a platform)\"}], \"format\": \"hands-on-opencl tuning cache\", "
          "\"vers"}) {
        write(garbage);
        const auto outcome = tune();
        EXPECT_FALSE(outcome.fromCache) << "cache text: " << garbage;
        EXPECT_NE(outcome.note.find("cache file"), std::string::npos) << outcome.note;
        EXPECT_TRUE(tune().fromCache) << "the corrupt file should have been replaced by a valid one; cache text: "
                                      << garbage;
    }
}

// A file named by mistake as the cache is retuned around, never replaced.
TEST_F(TuningCache, FileThatIsNoTuningCacheIsLeftAsItIs)
{
    for (const std::string other :
         {"int main() { return 0; }\n", "{not json", "[1, 2, 3]", "{\"format\": \"something else\"}"}) {
        write(other);
        const auto outcome = tune();
        EXPECT_FALSE(outcome.fromCache) << other;
        EXPECT_EQ(outcome.best, candidates_[1]);
        EXPECT_NE(outcome.note.find("is not a file this program writes"), std::string::npos) << outcome.note;
        std::ifstream in(file_);
        EXPECT_EQ(std::string(std::istreambuf_iterator<char>(in), {}), other) << "the file must be left as it was";
    }
}

// A link, a folder, a pipe or a device at the cache's path is neither
// followed nor replaced, and is no error: the run tunes, and the note names the file.
TEST_F(TuningCache, LinkFolderPipeOrDeviceIsLeftAsItIs)
{
    const fs::path folder = fs::path(file_).parent_path();
    fs::create_directories(folder);
    std::ofstream(folder / "target.txt") << "the link's target\n";
    struct Case {
        const char* what;
        std::function<bool()> make;
        fs::file_type type;
    };
    const std::vector<Case> cases = {
        {"a symbolic link",
         [&] {
             fs::create_symlink(folder / "target.txt", file_);
             return true;
         },
         fs::file_type::symlink},
        {"a folder", [&] { return fs::create_directory(file_); }, fs::file_type::directory},
        {"a pipe", [&] { return ::mkfifo(file_.c_str(), 0644) == 0; }, fs::file_type::fifo},
        // A device node (as /dev/null is) can only be made by root.
        {"a device", [&] { return ::geteuid() == 0 && ::mknod(file_.c_str(), S_IFCHR | 0644, makedev(1, 3)) == 0; },
         fs::file_type::character},
    };
    for (const auto& c : cases) {
        fs::remove_all(file_);
        if (!c.make()) {
            std::cout << "not tested: " << c.what << " (cannot be made here)\n";
            continue;
        }
        hoc::tuning::Outcome outcome;
        ASSERT_NO_THROW(outcome = tune()) << c.what;
        EXPECT_FALSE(outcome.fromCache) << c.what;
        EXPECT_EQ(outcome.best, candidates_[1]) << c.what;
        EXPECT_NE(outcome.note.find("cache file " + file_ + " is " + c.what), std::string::npos) << outcome.note;
        EXPECT_NE(outcome.note.find("not saved"), std::string::npos) << outcome.note;
        EXPECT_EQ(fs::symlink_status(file_).type(), c.type) << c.what << " must still be there";
        EXPECT_FALSE(tune().fromCache) << c.what;
    }
    fs::remove_all(file_);
    std::ifstream in(folder / "target.txt");
    EXPECT_EQ(std::string(std::istreambuf_iterator<char>(in), {}), "the link's target\n");
    for (const auto& entry : fs::directory_iterator(folder))
        EXPECT_EQ(entry.path().filename(), "target.txt") << "a temporary file was left behind";
}

// Entries whose device or task is not text (a hand-edited cache) are skipped,
// not an error; the cache is then replaced with a valid one.
TEST_F(TuningCache, EntryWithoutTextDeviceOrTaskIsRetuned)
{
    tune();
    for (const auto& damage : {nlohmann::json{{"device", 5}}, nlohmann::json{{"task", nullptr}},
                               nlohmann::json{{"device", {1, 2}}, {"task", {{"x", 1}}}}}) {
        auto doc = read();
        doc["entries"][0].update(damage);
        write(doc.dump());
        hoc::tuning::Outcome outcome;
        ASSERT_NO_THROW(outcome = tune()) << damage;
        EXPECT_FALSE(outcome.fromCache) << damage;
        EXPECT_TRUE(tune().fromCache) << "a fresh entry should have been written after " << damage;
        write("");
        tune();
    }
}

// No cache file (--cache '') tunes and writes nothing, not even a temporary file.
TEST_F(TuningCache, EmptyPathWritesNothing)
{
    const fs::path folder = fs::path(file_).parent_path();
    fs::create_directories(folder);
    const fs::path before = fs::current_path();
    fs::current_path(folder);
    hoc::tuning::Outcome outcome;
    const std::string saved = file_;
    file_ = "";
    EXPECT_NO_THROW(outcome = tune());
    file_ = saved;
    fs::current_path(before);
    EXPECT_EQ(outcome.best, candidates_[1]);
    EXPECT_NE(outcome.note.find("no tuning cache file given"), std::string::npos) << outcome.note;
    EXPECT_TRUE(fs::is_empty(folder)) << "nothing may be written in the current folder";
}

TEST_F(TuningCache, CorruptEntryIsRetuned)
{
    tune();
    for (const auto& damage : {nlohmann::json("not a variant"), nlohmann::json{{"kernel", 5}},
                               nlohmann::json{{"kernel", "k"}, {"values", {{"X", "three"}}}}}) {
        auto doc = read();
        doc["entries"][0]["best"] = damage;
        write(doc.dump());
        const auto outcome = tune();
        EXPECT_FALSE(outcome.fromCache) << damage;
        EXPECT_NE(outcome.note.find("corrupt"), std::string::npos) << outcome.note;
    }
}

// A damaged cache that nests arrays 100,000 deep (in an entry's field, and as an entry) is read
// without a crash: the deep values are dropped as they are read, the valid entry is still used, and
// the cache is written back from what the tuner understood (its entries' known fields), not echoed.
TEST_F(TuningCache, DeepNestingIsDroppedAndNotWrittenBack)
{
    tune();
    const std::string deep = std::string(100000, '[') + std::string(100000, ']');
    auto doc = read();
    doc["entries"][0]["unknown"] = 0;
    std::string text = doc.dump();
    const auto at = text.find("\"unknown\":0");
    ASSERT_NE(at, std::string::npos);
    text.replace(at, 11, "\"unknown\":" + deep);
    text.insert(text.find("\"entries\":[") + 11, deep + ",");
    write(text);
    const int before = measured;
    hoc::tuning::Outcome outcome;
    ASSERT_NO_THROW(outcome = tune());
    EXPECT_TRUE(outcome.fromCache) << outcome.note;
    EXPECT_EQ(measured, before);

    id_.device = "another device";  // tunes, and writes the cache back
    EXPECT_FALSE(tune().fromCache);
    EXPECT_LT(fs::file_size(file_), 2048u) << "the cache was written back with what it held besides its entries";
    const auto written = read();
    ASSERT_EQ(written["entries"].size(), 2u) << written.dump();
    EXPECT_FALSE(written["entries"][0].contains("unknown"));
    id_.device = "a device (a platform)";
    EXPECT_TRUE(tune().fromCache);
}

TEST_F(TuningCache, StaleEntriesAreRetuned)
{
    tune();
    for (const std::string field : {"driver", "source", "candidates"}) {
        auto doc = read();
        doc["entries"][0][field] = "something older";
        write(doc.dump());
        const auto outcome = tune();
        EXPECT_FALSE(outcome.fromCache) << field << " changed";
        EXPECT_NE(outcome.note.find("stale"), std::string::npos) << outcome.note;
        EXPECT_TRUE(tune().fromCache) << "the fresh choice should replace the stale one (" << field << ")";
        EXPECT_EQ(read()["entries"].size(), 1u) << "one entry per device and task";
    }
}

TEST_F(TuningCache, NewVariantListOrUnknownChoiceIsRetuned)
{
    tune();
    candidates_.push_back({"k", {{"X", 4}}});
    const auto outcome = tune();
    EXPECT_FALSE(outcome.fromCache);
    EXPECT_EQ(outcome.best.at("X"), 4);

    auto doc = read();
    doc["entries"][0]["best"]["values"]["X"] = 12345;  // a variant nobody offers
    write(doc.dump());
    EXPECT_FALSE(tune().fromCache);
}

TEST_F(TuningCache, OtherEntriesAreKept)
{
    tune();
    id_.device = "another device";
    tune();
    id_.task = "another task";
    tune();
    EXPECT_EQ(read()["entries"].size(), 3u);
    const int before = measured;
    id_.device = "a device (a platform)";
    id_.task = "a task";
    EXPECT_TRUE(tune().fromCache);
    EXPECT_EQ(measured, before);
}

TEST_F(TuningCache, UnwritableCacheStillTunes)
{
    write("");
    const std::string folder = fs::path(file_).parent_path().string();
    file_ += "/inside-a-file/tuning.json";  // a folder cannot be made inside a regular file
    const auto outcome = tune();
    EXPECT_FALSE(outcome.fromCache);
    EXPECT_EQ(outcome.best, candidates_[1]);
    EXPECT_NE(outcome.note.find("could not write"), std::string::npos) << outcome.note;
    file_ = folder + "/tuning.json";  // for TearDown
}

TEST(Tuner, UnusableVariantsAreSkippedAndNoneUsableIsAnError)
{
    const std::string file =
        (fs::temp_directory_path() / ("hoc-tuner-" + std::to_string(::getpid()) + ".json")).string();
    const hoc::tuning::Identity id{"a device", "a task", "a driver", "a source"};
    const std::vector<hoc::tuning::Candidate> candidates = {{"slow", {{"X", 1}}}, {"broken", {}}, {"fast", {{"X", 2}}}};
    const auto measure = [](const hoc::tuning::Candidate& c) {
        if (c.kernel == "broken")
            throw hoc::Failure("does not build here");
        return c.kernel == "fast" ? 1.0 : 2.0;
    };
    const auto outcome = hoc::tuning::tune(file, id, candidates, measure);
    EXPECT_EQ(outcome.best.kernel, "fast");
    ASSERT_EQ(outcome.trials.size(), 3u);
    EXPECT_EQ(outcome.trials[1].failure, "does not build here");
    fs::remove(file);

    const auto nothing = [](const hoc::tuning::Candidate&) -> double { throw hoc::Failure("no"); };
    EXPECT_THROW(hoc::tuning::tune(file, id, candidates, nothing), hoc::Failure);
    EXPECT_THROW(hoc::tuning::tune(file, id, {}, measure), hoc::Failure);
    fs::remove(file);
}

TEST(Tuner, CacheFileFollowsTheEnvironment)
{
    const auto saved = [](const char* name) {
        const char* v = std::getenv(name);
        return v ? std::optional<std::string>(v) : std::nullopt;
    };
    const auto restore = [](const char* name, const std::optional<std::string>& v) {
        v ? setenv(name, v->c_str(), 1) : unsetenv(name);
    };
    const auto cache = saved("HOC_TUNING_CACHE"), xdg = saved("XDG_CACHE_HOME");
    setenv("HOC_TUNING_CACHE", "/somewhere/cache.json", 1);
    EXPECT_EQ(hoc::tuning::defaultCacheFile(), "/somewhere/cache.json");
    unsetenv("HOC_TUNING_CACHE");
    setenv("XDG_CACHE_HOME", "/xdg", 1);
    EXPECT_EQ(hoc::tuning::defaultCacheFile(), "/xdg/hands-on-opencl/tuning.json");
    restore("HOC_TUNING_CACHE", cache);
    restore("XDG_CACHE_HOME", xdg);
}

TEST(Tuner, HashIsStable)
{
    EXPECT_EQ(hoc::tuning::hash(""), "cbf29ce484222325");  // the FNV-1a offset basis
    EXPECT_NE(hoc::tuning::hash("__kernel void a()"), hoc::tuning::hash("__kernel void b()"));
}
