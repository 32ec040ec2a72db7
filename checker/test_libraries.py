"""libraries.py: a student's file that reaches a course library its exercise does not link (Exercise 10's
pi.cpp including hoc/pi/run.hpp or calling hoc::pi::runTree, Exercise A's library; Exercise 11's
profiling.cpp calling hoc::commandTimes, Measure/times, the later rooms' library) gets a first message
naming the student's line and saying the code must be their own; the build's other failures are left
to the compiler's messages. And the builds keep that library out of Exercise 10: course.json's
"libraries", the Makefiles' mapping (course_make.py) and Pi's CMake targets. No build needed.

Run from the course's top folder: PYTHONPATH=. python3 -m checker.test_libraries
"""
import json
import os
import re
import subprocess
import sys
import tempfile
import unittest

from . import libraries

ROOT = libraries.ROOT
PI_CPP = os.path.join(ROOT, "Exercises", "Exercise10_Pi", "pi.cpp")

# What GCC and GNU ld print (the lines of a real build of Exercise 10 with runTree called from pi.cpp).
INCLUDED = f"{PI_CPP}:12:10: fatal error: hoc/pi/run.hpp: No such file or directory\ncompilation terminated.\n"
CALLED = (f"/usr/bin/ld: Exercises/Exercise10_Pi/libExercise10_Pi_exercise.a(pi.cpp.o): in function "
          f"`pi(cl::Device const&, PiOptions const&)':\n{PI_CPP}:128: undefined reference to `hoc::pi::runTree("
          f"cl::CommandQueue const&, cl::Kernel const&, unsigned long, unsigned long, unsigned long, hoc::Repeats "
          f"const&)'\ncollect2: error: ld returned 1 exit status\n")


PROFILING = os.path.join(ROOT, "Exercises", "Exercise11_Profiling", "profiling.cpp")
MATMUL_HOST = os.path.join(ROOT, "Exercises", "Exercise05_MatmulHost", "matmul_host.cpp")
EVENTS = os.path.join(ROOT, "Exercises", "Exercise14_EventsQueues", "events.cpp")


class OutsideLibrary(unittest.TestCase):
    def test_an_included_header_of_a_library_not_linked(self):
        message = libraries.outside_library(INCLUDED)
        self.assertTrue(message.startswith("Exercises/Exercise10_Pi/pi.cpp:12: error: this file includes "
                                           "hoc/pi/run.hpp, of the course library in Pi/run/"), message)
        self.assertIn("host code must be your own", message)

    def test_a_function_declared_by_hand_and_called(self):
        message = libraries.outside_library(CALLED)
        self.assertTrue(message.startswith("Exercises/Exercise10_Pi/pi.cpp:128: error: this file calls "
                                           "hoc::pi::runTree, declared in hoc/pi/run.hpp, of the course library "
                                           "in Pi/run/"), message)
        self.assertIn("host code must be your own", message)

    def test_exercise_11_calling_the_library_that_reads_the_timestamps(self):
        for output in (f"{PROFILING}:18:9: error: \u2018commandTimes\u2019 is not a member of \u2018hoc\u2019; did you "
                       f"mean \u2018CommandTimes\u2019?",  # GCC
                       f"{PROFILING}:18:14: error: no member named 'commandTimes' in namespace 'hoc'",  # Clang
                       f"{PROFILING}:18: undefined reference to `hoc::commandTimes(std::__cxx11::basic_string<char, "
                       f"std::char_traits<char>, std::allocator<char> > const&, cl::Event const&)'",
                       f"{PROFILING}:9:10: fatal error: hoc/measure/command_times.hpp: No such file or directory"):
            message = libraries.outside_library(output)
            self.assertIsNotNone(message, output)
            self.assertTrue(message.startswith("Exercises/Exercise11_Profiling/profiling.cpp:"), message)
            self.assertIn("of the course library in Measure/times/, which this exercise does not link", message)

    def test_exercise_05_reaching_the_buffers_of_the_later_rooms(self):
        for output in (f"{MATMUL_HOST}:5:10: fatal error: hoc/matmul/buffers.hpp: No such file or directory",
                       f"{MATMUL_HOST}:31: undefined reference to `hoc::matmul::Buffers::readResult(cl::CommandQueue "
                       f"const&, cl::Event const&, cl::NDRange const&, cl::NDRange const&) const'",
                       f"{MATMUL_HOST}:22: undefined reference to `hoc::matmul::Buffers::Buffers(cl::Context const&, "
                       f"cl::CommandQueue const&, std::vector<float, std::allocator<float> > const&, "
                       f"std::vector<float, std::allocator<float> > const&, hoc::matmul::Dims)'"):
            message = libraries.outside_library(output)
            self.assertIsNotNone(message, output)
            self.assertTrue(message.startswith("Exercises/Exercise05_MatmulHost/matmul_host.cpp:"), message)
            self.assertIn("of the course library in Matmul/buffers/, which this exercise does not link", message)

    def test_a_room_that_links_the_library_gets_the_compilers_message(self):
        # Exercise 14 links Measure/times: a missing name there is the student's slip, not a loophole.
        self.assertIsNone(libraries.outside_library(
            f"{EVENTS}:114:9: error: no member named 'commandTimes' in namespace 'hoc'"))
        self.assertIsNone(libraries.outside_library(
            f"{EVENTS}:3:10: fatal error: hoc/measure/command_times.hpp: No such file or directory"))

    def test_linked_folders(self):
        self.assertEqual(libraries.linked_folders("Exercise10_Pi"), {"Common", "Cli", "Pi"})
        self.assertIn("Pi/run", libraries.linked_folders("ExerciseA_VectorPi"))
        self.assertNotIn("Measure/times", libraries.linked_folders("Exercise11_Profiling"))
        self.assertIn("Measure/times", libraries.linked_folders("Exercise19_Overlap"))
        self.assertNotIn("Matmul/buffers", libraries.linked_folders("Exercise05_MatmulHost"))
        for room in ("Exercise04_MatmulKernel", "Exercise06_MatmulRow", "Exercise09_MatmulBlocked"):
            self.assertIn("Matmul/buffers", libraries.linked_folders(room))
        self.assertIsNone(libraries.linked_folders("NoSuchExercise"))

    def test_other_build_failures_are_not_blamed_on_a_library(self):
        for output in (
            f"{PI_CPP}:12:10: fatal error: hoc/pi/missing.hpp: No such file or directory",  # no library has it
            f"{PI_CPP}:12:10: fatal error: my_helpers.hpp: No such file or directory",  # the student's own
            f"{PI_CPP}:128: undefined reference to `hoc::pi::noSuchFunction(int)'",
            f"{PI_CPP}:40:5: error: 'runTree' was not declared in this scope",
            # a library's own file, not the student's
            f"{ROOT}/Pi/run/src/run.cpp:1:10: fatal error: hoc/pi/run.hpp: No such file or directory",
        ):
            self.assertIsNone(libraries.outside_library(output), output)

    def test_the_library_folders(self):
        folders = libraries.library_include_folders()
        for folder in ("Common", "Matmul", "Matmul/buffers", "Measure", "Measure/times", "Pi", "Pi/run", "Cli"):
            self.assertIn(folder, folders)
        self.assertTrue(os.path.isfile(os.path.join(folders["Pi/run"], "hoc", "pi", "run.hpp")))
        self.assertFalse(os.path.exists(os.path.join(folders["Pi"], "hoc", "pi", "run.hpp")))
        self.assertFalse(os.path.exists(os.path.join(folders["Matmul"], "hoc", "matmul", "buffers.hpp")))


class Builds(unittest.TestCase):
    """Exercise 10's programs neither find nor link Pi/run; Exercise A's do."""

    def entry(self, folder):
        with open(os.path.join(ROOT, "course.json"), encoding="utf-8") as f:
            return next(e for e in json.load(f)["exercises"] if e["folder"] == folder)

    def test_course_json(self):
        self.assertNotIn("pi_run", self.entry("Exercise10_Pi")["build"].get("libraries", []))
        self.assertIn("pi_run", self.entry("ExerciseA_VectorPi")["build"].get("libraries", []))
        self.assertNotIn("measure_times", self.entry("Exercise11_Profiling")["build"].get("libraries", []))

    def test_the_makefiles_mapping(self):
        with tempfile.TemporaryDirectory() as scratch:
            out = os.path.join(scratch, "course.mk")
            subprocess.run([sys.executable, os.path.join(ROOT, "Make_def_files", "course_make.py"),
                            os.path.join(ROOT, "course.json"), out], check=True)
            with open(out, encoding="utf-8") as f:
                text = f.read()
        linked = dict(re.findall(r"^hoc\.(\S+)\.libraries := ?(.*)$", text, re.M))
        self.assertNotIn("Pi/run", linked["Exercise10_Pi.pi"].split())
        self.assertIn("Pi", linked["Exercise10_Pi.pi"].split())
        self.assertIn("Pi/run", linked["ExerciseA_VectorPi.vector_pi"].split())
        self.assertNotIn("Measure/times", linked["Exercise11_Profiling.profiling"].split())
        self.assertIn("Measure", linked["Exercise11_Profiling.profiling"].split())
        self.assertNotIn("Matmul/buffers", linked["Exercise05_MatmulHost.matmul_host"].split())
        self.assertIn("Matmul/buffers", linked["Exercise06_MatmulRow.matmul_row"].split())

    def test_cmake_targets(self):
        with open(os.path.join(ROOT, "Pi", "CMakeLists.txt"), encoding="utf-8") as f:
            text = f.read()
        pi = re.search(r"add_library\(hoc_pi STATIC ([^)]*)\)", text).group(1)
        self.assertNotIn("run", pi)
        self.assertRegex(text, r"add_library\(hoc_pi_run STATIC run/src/run\.cpp\)")
        self.assertRegex(text, r"target_include_directories\(hoc_pi_run PUBLIC "
                               r"\$\{CMAKE_CURRENT_SOURCE_DIR\}/run/include\)")


BUILD_LOG = "part2_build_log/build_log.cpp"


class AnswerReached(unittest.TestCase):
    """answer_reached: a room's file that names a path into Solutions/ or Kernels/, or uses a name its
    room's "shortcuts" forbid, is named by file and line before any build; the course's own rooms and a
    correct answer in another shape are not."""

    def room(self, files, shortcuts=None):
        """A course of one room, Exercises/Exercise02_ChainedVadd, holding `files` {path: text}."""
        scratch = tempfile.mkdtemp()
        self.addCleanup(lambda: __import__("shutil").rmtree(scratch))
        entry = {"id": "02", "folder": "Exercise02_ChainedVadd"}
        if shortcuts is not None:
            entry["shortcuts"] = shortcuts
        with open(os.path.join(scratch, "course.json"), "w", encoding="utf-8") as f:
            json.dump({"exercises": [entry]}, f)
        for path, text in files.items():
            full = os.path.join(scratch, "Exercises", "Exercise02_ChainedVadd", path)
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "w", encoding="utf-8") as f:
                f.write(text)
        return scratch

    def shortcuts(self):
        with open(os.path.join(ROOT, "course.json"), encoding="utf-8") as f:
            entry = next(e for e in json.load(f)["exercises"] if e["folder"] == "Exercise02_ChainedVadd")
        return entry["shortcuts"]

    def test_the_course_rooms_reach_no_answer(self):
        with open(os.path.join(ROOT, "course.json"), encoding="utf-8") as f:
            folders = [e["folder"] for e in json.load(f)["exercises"]]
        for folder in folders:
            self.assertIsNone(libraries.answer_reached(folder), folder)

    def test_a_solution_kernel_or_file_named_by_path(self):
        for path, text, line in (
                ("vadd.cl", "// a kernel\n#include \"../../Kernels/vadd_fused.cl\"\n", 2),
                ("chained_vadd.cpp", "int f();\n\nauto p = hoc::buildProgram(c, d, \"../../Kernels/vadd.cl\");\n", 3),
                ("chained_vadd.cpp", "#include <string>\n#include \"../../Solutions/Exercise02_ChainedVadd/"
                                     "chained_vadd.cpp\"\n", 2),
                ("part3_fusion/fusion.cpp", "/* see\n Kernels/x.cl */\nconst char* f = \"/home/me/course/Kernels/"
                                            "vadd_fused.cl\";\n", 3)):
            message = libraries.answer_reached("Exercise02_ChainedVadd", self.room({path: text}))
            self.assertIsNotNone(message, text)
            self.assertTrue(message.startswith(f"Exercises/Exercise02_ChainedVadd/{path}:{line}: error: this line "
                                               f"names a path into "), message)

    def test_another_rooms_file_named_by_path(self):
        # A later room's given kernel can be this room's answer (Exercise 11 hands out Exercise 04's).
        for text, line in (("// mine\n#include \"../Exercise11_Profiling/given/matmul_element.cl\"\n", 2),
                           ("\nauto p = hoc::buildProgram(c, d, \"/home/me/course/Exercises/Exercise11_Profiling/"
                            "given/matmul_element.cl\");\n", 2)):
            message = libraries.answer_reached("Exercise02_ChainedVadd", self.room({"vadd.cl": text}))
            self.assertIsNotNone(message, text)
            self.assertTrue(message.startswith(f"Exercises/Exercise02_ChainedVadd/vadd.cl:{line}: error: this line "
                                               f"names a path into a room (Exercises/"), message)

    def test_comments_and_room_files_are_not_answers(self):
        root = self.room({"chained_vadd.cpp": "// as Kernels/vadd.cl does\n#include \"given/chained_vadd.hpp\"\n"
                                              "/* Solutions/ hold the answers */\nauto p = hoc::buildProgram(c, d, "
                                              "\"vadd.cl\");\nconst char* k = \"MyKernels\";\n"})
        self.assertIsNone(libraries.answer_reached("Exercise02_ChainedVadd", root))

    def test_the_build_log_asked_of_commons_build(self):
        shortcut = ("cl::Program buildAndShowLog(const cl::Context& context, const cl::Device& device,\n"
                    "                            const std::string& source, std::ostream& log)\n{\n"
                    "    try {\n        return hoc::buildSource(context, device, source, \"source\", \"\");\n"
                    "    } catch (const hoc::BuildFailure& failure) {\n        log << failure.log();\n"
                    "        throw cl::Error(CL_BUILD_PROGRAM_FAILURE, \"clBuildProgram\");\n    }\n}\n")
        message = libraries.answer_reached("Exercise02_ChainedVadd",
                                           self.room({BUILD_LOG: shortcut}, self.shortcuts()))
        self.assertTrue(message.startswith(f"Exercises/Exercise02_ChainedVadd/{BUILD_LOG}:5: error: this line "
                                           f"uses buildSource, which does part 2's build"), message)
        # The same names elsewhere in the room (the given main builds with hoc::buildProgram) are allowed.
        self.assertIsNone(libraries.answer_reached("Exercise02_ChainedVadd", self.room(
            {"part2_build_log/given/build_log_main.cpp": shortcut}, self.shortcuts())))

    def test_a_build_log_of_its_own_in_another_shape(self):
        own = ("// the log, asked of the program (BuildFailure is not used: see hoc::buildSource's notes)\n"
               "cl::Program buildAndShowLog(const cl::Context& context, const cl::Device& device,\n"
               "                            const std::string& source, std::ostream& log)\n{\n"
               "    cl::Program program(context, source);\n    const cl_int status = [&] {\n"
               "        try { program.build({device}); return CL_SUCCESS; }\n"
               "        catch (const cl::Error& e) {\n"
               "            if (e.err() != CL_BUILD_PROGRAM_FAILURE) throw;\n            return e.err();\n        }\n"
               "    }();\n    if (status != CL_SUCCESS) {\n        std::string text;\n"
               "        program.getBuildInfo(device, CL_PROGRAM_BUILD_LOG, &text);\n        log << text;\n"
               "        throw cl::Error(status, \"buildSource failed\");\n    }\n    return program;\n}\n")
        self.assertIsNone(libraries.answer_reached("Exercise02_ChainedVadd",
                                                   self.room({BUILD_LOG: own}, self.shortcuts())))


if __name__ == "__main__":
    unittest.main()
