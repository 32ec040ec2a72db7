// Common's kernel files: a kernel file is reported by what is wrong with it (the
// file, the kernel, the arguments), not by the OpenCL error it would cause later; and the search
// override the reliability tests use.
#include <fstream>
#include <unistd.h>

#include <filesystem>

#include "hoc/common/errors.hpp"
#include "hoc/cli/main.hpp"
#include "hoc/common/program.hpp"
#include "hoc_unit_test.hpp"

namespace fs = std::filesystem;

// Item 9: kernel-file problems name the file and what is wrong with it.
class KernelFiles : public ::testing::Test {
protected:
    void SetUp() override
    {
        dir_ = scratch();
        fs::create_directories(dir_ / "first");
        fs::create_directories(dir_ / "second");
        std::ofstream(dir_ / "second" / "k.cl") << "__kernel void k(__global float* x) { x[0] = 1.0f; }\n";
        ::setenv("HOC_KERNEL_PATH_ONLY", ((dir_ / "first").string() + ":" + (dir_ / "second").string()).c_str(), 1);
    }
    void TearDown() override { ::unsetenv("HOC_KERNEL_PATH_ONLY"); }
    std::string readFailure()
    {
        return failureOf([] { hoc::readKernelFile("k.cl", ""); });
    }
    fs::path dir_;
};

TEST_F(KernelFiles, AnEmptyFileIsNamed)
{
    std::ofstream(dir_ / "first" / "k.cl") << "\n  \n";
    const std::string message = readFailure();
    EXPECT_NE(message.find("kernel file " + (dir_ / "first" / "k.cl").string() + " is empty"), std::string::npos)
        << message;
}

// A NUL byte before a kernel would make the file "define no kernel" (OpenCL reads a source up to
// its first NUL); it is named with its line and column instead.
TEST_F(KernelFiles, ANulByteIsNamedWithItsPlace)
{
    std::ofstream(dir_ / "first" / "k.cl", std::ios::binary)
        << std::string("// a kernel\nx") + std::string(1, '\0') +
               "\n__kernel void k(__global float* x) { x[0] = 1.0f; }\n";
    const std::string message = readFailure();
    EXPECT_NE(
        message.find("kernel file " + (dir_ / "first" / "k.cl").string() + " holds a NUL byte (line 2, column 2)"),
        std::string::npos)
        << message;
}

TEST_F(KernelFiles, AFolderOfThatNameIsNamedNotSkipped)
{
    fs::create_directory(dir_ / "first" / "k.cl");
    const std::string message = readFailure();
    EXPECT_NE(message.find("kernel file " + (dir_ / "first" / "k.cl").string() + " is a folder"), std::string::npos)
        << message;
}

TEST_F(KernelFiles, ABrokenLinkIsNamedNotSkipped)
{
    fs::create_symlink(dir_ / "nowhere.cl", dir_ / "first" / "k.cl");
    const std::string message = readFailure();
    EXPECT_NE(message.find((dir_ / "first" / "k.cl").string() + " is a symbolic link to a file that does not exist"),
              std::string::npos)
        << message;
}

// An unreadable file found first is reported, never skipped for the one further down the path.
// (Root reads every file: run as root, the permission case cannot be made.)
TEST_F(KernelFiles, AnUnreadableFileIsNamedNotSkipped)
{
    std::ofstream(dir_ / "first" / "k.cl") << "__kernel void k(__global float* x) { x[0] = 2.0f; }\n";
    fs::permissions(dir_ / "first" / "k.cl", fs::perms::none);
    if (::access((dir_ / "first" / "k.cl").c_str(), R_OK) == 0)
        GTEST_SKIP() << "this user reads files without read permission (root)";
    const std::string message = readFailure();
    EXPECT_NE(message.find((dir_ / "first" / "k.cl").string() + " exists but cannot be read (Permission denied)"),
              std::string::npos)
        << message;
}

TEST(Kernels, ASourceWithoutKernelIsNamed)
{
    const cl::Device& device = hoc::test::device();
    const cl::Context context(device);
    const std::string message = failureOf(
        [&] { hoc::buildSource(context, device, "float twice(float x) { return 2 * x; }\n", "nokernel.cl", ""); });
    EXPECT_NE(message.find("kernel file nokernel.cl built for"), std::string::npos) << message;
    EXPECT_NE(message.find("defines no kernel"), std::string::npos) << message;
}

// A kernel name or an argument list that does not match: exitCode prints the OpenCL error and what
// the kernel file defines, arguments included.
TEST(Kernels, MismatchedNameOrArgumentsNameTheFileAndKernel)
{
    const cl::Device& device = hoc::test::device();
    const cl::Context context(device);
    const cl::Program program = hoc::buildSource(
        context, device, "__kernel void pair(__global float* a, __global const float* b) { a[0] = b[0]; }\n", "pair.cl",
        "");
    const auto reported = [](auto f) {
        try {
            f();
        } catch (...) {
            ::testing::internal::CaptureStderr();
            const int status = hoc::exitCode(std::current_exception());
            const std::string text = ::testing::internal::GetCapturedStderr();
            EXPECT_EQ(status, hoc::kError);
            return text;
        }
        return std::string("no error");
    };
    const std::string name = reported([&] { cl::Kernel(program, "pairs"); });
    EXPECT_NE(name.find("CL_INVALID_KERNEL_NAME (-46)"), std::string::npos) << name;
    EXPECT_NE(name.find("kernel file pair.cl defines:"), std::string::npos) << name;
    EXPECT_NE(name.find("    pair"), std::string::npos) << name;

    const std::string args = reported([&] {
        cl::Kernel kernel(program, "pair");
        const cl::Buffer buffer(context, CL_MEM_READ_WRITE, 16);
        kernel.setArg(0, buffer);
        kernel.setArg(1, buffer);
        kernel.setArg(2, 5);
    });
    EXPECT_NE(args.find("CL_INVALID_ARG_INDEX (-49)"), std::string::npos) << args;
    EXPECT_NE(args.find("it sets an argument the kernel does not have"), std::string::npos) << args;
    EXPECT_NE(args.find("kernel file pair.cl defines:"), std::string::npos) << args;
    // The parameter list as the file writes it, with the number the compiler counted.
    EXPECT_NE(args.find("    pair(__global float* a, __global const float* b), 2 arguments"), std::string::npos)
        << args;
}

TEST(Kernels, OnlyOverrideReplacesTheWholeSearchPath)
{
    const std::string folder = ::testing::TempDir() + "/hoc_only";
    std::system(("mkdir -p '" + folder + "'").c_str());
    ::setenv("HOC_KERNEL_PATH", "/nonexistent/first", 1);
    ::setenv("HOC_KERNEL_PATH_ONLY", folder.c_str(), 1);
    const auto path = hoc::kernelSearchPath("/nonexistent/configured");
    ::unsetenv("HOC_KERNEL_PATH_ONLY");
    ::unsetenv("HOC_KERNEL_PATH");
    EXPECT_EQ(path, std::vector<std::string>{folder});
}

// A kernel file built again (with other options, or for another device) is listed once in the
// error message's "defines:" list, under the name and path it was found at.
TEST_F(KernelFiles, AFileBuiltTwiceIsListedOnce)
{
    const cl::Device& device = hoc::test::device();
    const cl::Context context(device);
    hoc::buildProgram(context, device, "k.cl");
    hoc::buildProgram(context, device, "k.cl", "-cl-fast-relaxed-math");
    const std::string text = hoc::builtKernelsText();
    const auto first = text.find("kernel file k.cl (");
    ASSERT_NE(first, std::string::npos) << text;
    EXPECT_EQ(text.find("kernel file k.cl (", first + 1), std::string::npos) << text;
}

// `#include "name.cl"` (Competition/kernels/sgemm_tensor.cl includes Kernels/matmul_competition.cl): the included text
// is found as a kernel file is (the first folder of the search path that has it), the source builds and runs on the
// test device, and a build error after the include names the including file and its own line, one in the included file
// that file and line.
TEST_F(KernelFiles, AnIncludedFileIsReadFromTheSearchPath)
{
    std::ofstream(dir_ / "second" / "twice.cl") << "// the helper\ninline float twice(float x) { return 2.0f * x; }\n";
    std::ofstream(dir_ / "first" / "twice.cl") << "// found first\ninline float twice(float x) { return 3.0f * x; }\n";
    std::ofstream(dir_ / "first" / "k.cl") << "// uses twice\n  #  include \"twice.cl\"  \n"
                                              "__kernel void k(__global float* x) { x[0] = twice(x[0]); }\n";
    const std::string text = hoc::readKernelFile("k.cl", "");
    EXPECT_EQ(text,
              "// uses twice\n#line 1 \"twice.cl\"\n// found first\ninline float twice(float x) { return 3.0f * x; "
              "}\n#line 3 \"k.cl\"\n__kernel void k(__global float* x) { x[0] = twice(x[0]); }\n");

    const cl::Device& device = hoc::test::device();
    const cl::Context context(device);
    cl::CommandQueue queue(context, device);
    const cl::Program program = hoc::buildProgram(context, device, "k.cl");
    cl::Buffer x(context, CL_MEM_READ_WRITE, sizeof(float));
    const float in = 1.5f;
    queue.enqueueWriteBuffer(x, CL_TRUE, 0, sizeof(float), &in);
    cl::Kernel kernel(program, "k");
    kernel.setArg(0, x);
    queue.enqueueTask(kernel);
    float out = 0;
    queue.enqueueReadBuffer(x, CL_TRUE, 0, sizeof(float), &out);
    EXPECT_EQ(out, 4.5f);  // 3 x 1.5: first/twice.cl, not second/'s

    std::ofstream(dir_ / "first" / "k.cl", std::ios::trunc)
        << "#include \"twice.cl\"\n\n__kernel void k(__global float* x) { x[0] = twice(x[0]) }\n";
    const std::string after = failureOf([&] { hoc::buildProgram(context, device, "k.cl"); });
    EXPECT_NE(after.find("k.cl:3:"), std::string::npos) << after;
    std::ofstream(dir_ / "first" / "twice.cl", std::ios::trunc)
        << "\ninline float twice(float x) { return 3.0f * x }\n";
    const std::string inside = failureOf([&] { hoc::buildProgram(context, device, "k.cl"); });
    EXPECT_NE(inside.find("twice.cl:2:"), std::string::npos) << inside;
}

// NVIDIA's OpenCL compiler ignores #line and numbers the lines of the whole source ("<kernel>:6:56"):
// those are mapped back to the files (AnIncludedFileIsReadFromTheSearchPath failed on the H100).
TEST(Kernels, ALogThatIgnoresLineDirectivesNamesTheFiles)
{
    const std::string source = "#line 1 \"twice.cl\"\n// found first\ninline float twice(float x) { return 3.0f * x }\n"
                               "#line 2 \"k.cl\"\n\n__kernel void k(__global float* x) { x[0] = twice(x[0]) }\n";
    EXPECT_EQ(hoc::linesOfTheFiles("<kernel>:3:46: error: expected ';'\n<kernel>:6:56: error: expected ';'\n", source,
                                   "k.cl"),
              "twice.cl:2:46: error: expected ';'\nk.cl:3:56: error: expected ';'\n");
    // A log that names the files already, a line beyond the source: unchanged.
    EXPECT_EQ(hoc::linesOfTheFiles("k.cl:3:56: error\n", source, "k.cl"), "k.cl:3:56: error\n");
    EXPECT_EQ(hoc::linesOfTheFiles("<kernel>:99:1: error\n", source, "k.cl"), "<kernel>:99:1: error\n");
    // A source without includes: its lines are the file's.
    EXPECT_EQ(hoc::linesOfTheFiles("<kernel>:1:1: error\n", "__kernel void k() {}\n", "k.cl"), "k.cl:1:1: error\n");
}

// A build error in a file without includes names that file and the line, whatever the device's log
// calls the source (PoCL 3.1: the copy in its kernel cache; PoCL 6.0, NVIDIA: "<kernel>"; Intel's: a number).
TEST_F(KernelFiles, ABuildErrorNamesTheFileAndLine)
{
    std::ofstream(dir_ / "first" / "k.cl", std::ios::trunc)
        << "// one kernel\n\n__kernel void k(__global float* x) { x[0] = 2.0f * x[0] }\n";
    const cl::Device& device = hoc::test::device();
    const cl::Context context(device);
    const std::string message = failureOf([&] { hoc::buildProgram(context, device, "k.cl"); });
    EXPECT_NE(message.find("k.cl:3:"), std::string::npos) << message;
    EXPECT_EQ(message.find("tempfile_"), std::string::npos) << message;
    EXPECT_EQ(message.find("<kernel>"), std::string::npos) << message;
}

// PoCL 3.1 compiles a copy of the source in its kernel cache and names that copy in the log
// (a kernel of Exercise 17 with a missing ';'): the log names the file the copy was made from.
TEST(Kernels, ALogNamingPoclsCacheCopyNamesTheFile)
{
    const std::string plain = "__kernel void k(__global float* x)\n{\n    x[0] = 1.0f\n}\n";
    EXPECT_EQ(hoc::linesOfTheFiles("error: /root/.cache/pocl/kcache/tempfile_DZFgIy.cl:3:16: expected ';' after "
                                   "expression\nDevice pthread failed to build the program\n",
                                   plain, "transpose.cl"),
              "error: transpose.cl:3:16: expected ';' after expression\nDevice pthread failed to build the program\n");
    const std::string included =
        "#line 1 \"twice.cl\"\n// found first\ninline float twice(float x) { return 3.0f * x }\n"
        "#line 2 \"k.cl\"\n\n__kernel void k(__global float* x) { x[0] = twice(x[0]) }\n";
    EXPECT_EQ(hoc::linesOfTheFiles("warning: /tmp/kc/tempfile_a1B2c3.cl:6:56: unused\n", included, "k.cl"),
              "warning: k.cl:3:56: unused\n");
    // Intel's CPU runtime numbers the source at the start of a line.
    EXPECT_EQ(hoc::linesOfTheFiles("Compilation started\n4:3:16: error: expected ';'\n    3 |     x[0] = 1.0f\n", plain,
                                   "k.cl"),
              "Compilation started\nk.cl:3:16: error: expected ';'\n    3 |     x[0] = 1.0f\n");
    EXPECT_EQ(hoc::linesOfTheFiles("12:34:56 started\n4:3: error\n", plain, "k.cl"), "12:34:56 started\n4:3: error\n");
    // A name that only looks like it (no line number after it, another extension): unchanged.
    EXPECT_EQ(hoc::linesOfTheFiles("see /tmp/tempfile_x.cl: gone\n", plain, "k.cl"), "see /tmp/tempfile_x.cl: gone\n");
    EXPECT_EQ(hoc::linesOfTheFiles("/tmp/tempfile_x.o:3:1: error\n", plain, "k.cl"), "/tmp/tempfile_x.o:3:1: error\n");
}

TEST_F(KernelFiles, AnIncludeCycleIsNamed)
{
    std::ofstream(dir_ / "first" / "k.cl") << "#include \"k.cl\"\n";
    const std::string message = readFailure();
    EXPECT_NE(message.find("includes nested more than 8 deep (k.cl includes itself?)"), std::string::npos) << message;
}
