"""Unit tests of diagnostics.py: a failed build named at the file and line of its first error."""
import os
import tempfile
import unittest

from . import diagnostics

POCL_3 = ("Exercises/Exercise01_Vadd: building kernel file vadd.cl for pthread-skylake-avx512-AMD EPYC (Portable "
          "Computing Language, CPU) failed: CL_BUILD_PROGRAM_FAILURE (-11)\n---- build log ----\nerror: "
          "vadd.cl:10:27: expected ';' after expression\nDevice pthread-skylake-avx512-AMD EPYC failed to build the "
          "program\n---- end of build log ----")
INTEL = ("Exercises/Exercise01_Vadd: building kernel file vadd.cl for AMD EPYC (Intel(R) OpenCL, CPU) failed: "
         "CL_BUILD_PROGRAM_FAILURE (-11)\n---- build log ----\nCompilation started\nvadd.cl:10:27: error: expected "
         "';' after expression\n   10 |         c[i] = a[i] + b[i]\n      |                           ^\n      |"
         "                           ;\nCompilation failed\n---- end of build log ----")
HOST = """[1/4] Building CXX object Exercises/Exercise01_Vadd/CMakeFiles/Exercise01_Vadd_exercise.dir/vadd.cpp.o
FAILED: Exercises/Exercise01_Vadd/CMakeFiles/Exercise01_Vadd_exercise.dir/vadd.cpp.o
/usr/bin/c++ -O3 -o vadd.cpp.o -c {top}/Exercises/Exercise01_Vadd/vadd.cpp
In file included from {top}/Common/include/hoc/common/program.hpp:3:
{path}: In function 'VaddResult vadd(const cl::Device&, ...)':
{path}:27:5: error: expected ',' or ';' before 'cl'
   27 |     cl::KernelFunctor<cl::Buffer, cl::Buffer, cl::Buffer, int> vadd_kernel(program, "vadd");
      |     ^~
{path}:32:46: error: 'vadd_kernel' was not declared in this scope
ninja: build stopped: subcommand failed."""


class KernelBuild(unittest.TestCase):
    def setUp(self):
        self.top = tempfile.mkdtemp()
        room = os.path.join(self.top, "Exercises", "Exercise01_Vadd")
        os.makedirs(os.path.join(room, "given"))
        with open(os.path.join(room, "vadd.cl"), "w") as f:
            f.write("\n" * 9 + "        c[i] = a[i] + b[i]\n}\n")

    def test_each_implementations_log_names_the_students_file_and_line_first(self):
        for text in (POCL_3, INTEL, f'C++ exception with description "{POCL_3}" thrown in the test body.'):
            found = diagnostics.kernel_build_failure(text, ["Exercise01_Vadd"], self.top)
            self.assertIsNotNone(found, text)
            message, path, line, hint = found
            self.assertTrue(message.startswith("Exercises/Exercise01_Vadd/vadd.cl:10: error: expected ';' after "
                                               "expression (the kernel does not compile"), message)
            self.assertEqual((path, line), ("Exercises/Exercise01_Vadd/vadd.cl", 10))
            self.assertIn("correct line 10 of vadd.cl", hint)
            self.assertIn("c[i] = a[i] + b[i]", message)  # the line, quoted by the log or from the file

    def test_another_rooms_kernel_is_named_in_that_room(self):
        text = POCL_3.replace("Exercise01_Vadd:", "Exercise05_MatmulHost:")
        _, path, _, _ = diagnostics.kernel_build_failure(text, ["Exercise05_MatmulHost", "Exercise01_Vadd"], self.top)
        self.assertEqual(path, "Exercises/Exercise01_Vadd/vadd.cl")

    def test_a_planted_copy_on_the_kernel_path_comes_first(self):
        planted = tempfile.mkdtemp(dir=self.top)
        open(os.path.join(planted, "vadd.cl"), "w").close()
        _, path, _, _ = diagnostics.kernel_build_failure(POCL_3, ["Exercise01_Vadd"], self.top, [planted])
        self.assertEqual(path, os.path.relpath(os.path.join(planted, "vadd.cl"), self.top))

    def test_other_messages_are_left_alone(self):
        self.assertIsNone(diagnostics.kernel_build_failure("C[3] is 2, expected 4", ["Exercise01_Vadd"], self.top))
        no_line = POCL_3.replace("error: vadd.cl:10:27: expected ';' after expression\n", "")
        self.assertIsNone(diagnostics.kernel_build_failure(no_line, ["Exercise01_Vadd"], self.top))


class HostBuild(unittest.TestCase):
    def test_the_first_error_in_the_students_file_with_its_line(self):
        top = "/course"
        for path in (f"{top}/Exercises/Exercise01_Vadd/vadd.cpp", "../Exercises/Exercise01_Vadd/vadd.cpp"):
            output = HOST.format(top=top, path=path)
            message, shown, line, hint = diagnostics.host_build_failure(output, f"{top}/build", top)
            self.assertEqual((shown, line), ("Exercises/Exercise01_Vadd/vadd.cpp", 27))
            self.assertTrue(message.startswith("Exercises/Exercise01_Vadd/vadd.cpp:27: error: expected ',' or ';' "
                                               "before 'cl' (the host code does not compile)"), message)
            self.assertIn("   27 |     cl::KernelFunctor", message)
            self.assertIn("1 more error(s)", message)
            self.assertIn("correct line 27 of vadd.cpp", hint)

    def test_an_error_in_a_library_header_gives_way_to_the_students_line(self):
        output = ("/course/Common/include/hoc/x.hpp:5:1: error: no matching function\n"
                  "/course/Exercises/Exercise05_MatmulHost/matmul_host.cpp:40:9: error: no matching call")
        _, shown, line, _ = diagnostics.host_build_failure(output, "/course/build", "/course")
        self.assertEqual((shown, line), ("Exercises/Exercise05_MatmulHost/matmul_host.cpp", 40))

    def test_no_compiler_error_is_left_to_the_caller(self):
        output = "/usr/bin/ld: vadd.cpp.o: undefined reference to `hoc::x()'\ncollect2: error: ld returned 1"
        self.assertIsNone(diagnostics.host_build_failure(output, "/course/build", "/course"))


class LinkFailure(unittest.TestCase):
    def test_a_function_the_students_file_does_not_define_is_named_with_its_declaration(self):
        top = tempfile.mkdtemp()
        room = os.path.join(top, "Exercises", "Exercise01_Vadd")
        os.makedirs(os.path.join(room, "given"))
        open(os.path.join(room, "vadd.cpp"), "w").close()
        open(os.path.join(room, "given", "main.cpp"), "w").close()
        with open(os.path.join(room, "given", "vadd.hpp"), "w") as f:
            f.write("// vadd(...) adds\n#include <vector>\nVaddResult vadd(const cl::Device& device);\n")
        output = ("/usr/bin/ld: main.cpp.o: in function `main':\nmain.cpp:(.text+0x3b): undefined reference to "
                  "`vadd(cl::Device const&, std::vector<float, std::allocator<float> > const&)'\n"
                  "collect2: error: ld returned 1 exit status")
        text, file, hint = diagnostics.link_failure(output, "Exercise01_Vadd", top)
        self.assertEqual(file, "Exercises/Exercise01_Vadd/vadd.cpp")
        self.assertTrue(text.startswith("Exercises/Exercise01_Vadd/vadd.cpp: the program does not link: no definition "
                                        "of vadd(cl::Device const&, std::vector<float> const&)"), text)
        self.assertIn("Exercises/Exercise01_Vadd/given/vadd.hpp:3", hint)
        self.assertIsNone(diagnostics.link_failure("collect2: error: ld returned 1", "Exercise01_Vadd", top))


if __name__ == "__main__":
    unittest.main()


class OneLine(unittest.TestCase):
    """The line parsers libraries.py shares: the same compiler and linker lines read one way."""

    def test_a_compiler_error_and_its_parts(self):
        self.assertEqual(diagnostics.compiler_error("  /top/x.cpp:12:10: fatal error: hoc/pi/run.hpp: No such file"),
                         ("/top/x.cpp", 12, "hoc/pi/run.hpp: No such file"))
        self.assertIsNone(diagnostics.compiler_error("/top/x.cpp:12:10: warning: unused variable"))

    def test_an_undefined_reference_with_and_without_its_line(self):
        self.assertEqual(diagnostics.undefined_reference("/top/pi.cpp:128: undefined reference to `hoc::f(int)'"),
                         ("/top/pi.cpp", 128, "hoc::f(int)"))
        self.assertEqual(diagnostics.undefined_reference("x.cpp:(.text+0x9): undefined reference to `vadd()'"),
                         (None, None, "vadd()"))
        self.assertEqual(diagnostics.undefined_reference("/usr/bin/ld: a.o: in function `main': undefined "
                                                         "reference to `vadd()'"), (None, None, "vadd()"))

    def test_a_path_from_the_top_folder_where_it_lies_inside(self):
        self.assertEqual(diagnostics.student_path("/top/Exercises/A/x.cpp", "/top"), "Exercises/A/x.cpp")
        self.assertEqual(diagnostics.student_path("../Exercises/A/x.cpp", "/top", "/top/build"), "Exercises/A/x.cpp")
        self.assertEqual(diagnostics.student_path("/usr/include/x.hpp", "/top"), "/usr/include/x.hpp")
