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
        for folder in ("Common", "Matmul", "Measure", "Measure/times", "Pi", "Pi/run", "Cli"):
            self.assertIn(folder, folders)
        self.assertTrue(os.path.isfile(os.path.join(folders["Pi/run"], "hoc", "pi", "run.hpp")))
        self.assertFalse(os.path.exists(os.path.join(folders["Pi"], "hoc", "pi", "run.hpp")))


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

    def test_cmake_targets(self):
        with open(os.path.join(ROOT, "Pi", "CMakeLists.txt"), encoding="utf-8") as f:
            text = f.read()
        pi = re.search(r"add_library\(hoc_pi STATIC ([^)]*)\)", text).group(1)
        self.assertNotIn("run", pi)
        self.assertRegex(text, r"add_library\(hoc_pi_run STATIC run/src/run\.cpp\)")
        self.assertRegex(text, r"target_include_directories\(hoc_pi_run PUBLIC "
                               r"\$\{CMAKE_CURRENT_SOURCE_DIR\}/run/include\)")


if __name__ == "__main__":
    unittest.main()
