#!/usr/bin/env python3
"""Unit tests of the self-check's structured results (results.py): the order in which findings become
the first message, GoogleTest's report read into findings with the whole hint, and the result files."""
import os
import tempfile
import unittest

from . import results
from .results import finding


def failed(*tests):
    """[(index, name, findings)] from (name, findings) pairs in test order."""
    return [(i, name, findings) for i, (name, findings) in enumerate(tests)]


class FirstMessageOrder(unittest.TestCase):
    def test_a_kernel_finding_comes_before_a_crash_an_assertion_and_anything_else(self):
        other = finding("other", "tool-crash", "oclgrind itself crashed")
        assertion = finding("assertion", "assertion", "expected 3.2, got 6.26")
        crash = finding("crash", "crash", "the test program crashed")
        kernel = finding("kernel", "race-local", "pi.cl:21: a data race in local memory")
        found, test = results.first(failed(("a", [other]), ("b", [assertion]), ("c", [crash]), ("d", [kernel])))
        self.assertEqual((found, test), (kernel, "d"))
        found, _ = results.first(failed(("a", [other]), ("b", [assertion]), ("c", [crash])))
        self.assertEqual(found, crash)

    def test_a_tool_failure_never_outranks_a_wrong_value(self):
        tool = finding("other", "tool-crash", "oclgrind itself crashed (SIGSEGV) ...")
        value = finding("assertion", "assertion", "Exercises/ExerciseA_VectorPi: pi: expected 3.2, got 6.26")
        self.assertEqual(results.first(failed(("oclgrind.vector_pi", [tool]), ("VectorPi.Value", [value])))[0],
                         value)

    def test_a_missing_technique_comes_after_every_wrong_value_and_before_anything_else(self):
        technique = finding("technique", "technique", "transpose.cl:33: transpose_tiled reads no local memory")
        value = finding("assertion", "assertion", "transpose_tiled, 17 x 33: element (0, 1) wrong")
        other = finding("other", "no-evidence", "the technique check could not collect its evidence")
        self.assertEqual(results.first(failed(("technique.tiled", [technique]), ("Transpose.Shapes", [value])))[0],
                         value)
        self.assertEqual(results.first(failed(("a", [other]), ("technique.tiled", [technique])))[0], technique)

    def test_kernel_findings_follow_explains_order_then_the_tests_order(self):
        race = finding("kernel", "race-local", "race")
        bounds = finding("kernel", "bounds-global", "bounds")
        uninit = finding("kernel", "uninitialized", "uninit")
        self.assertEqual(results.first(failed(("t1", [uninit, race]), ("t2", [bounds])))[0], bounds)
        first_race = finding("kernel", "race-local", "first race")
        self.assertEqual(results.first(failed(("t1", [first_race]), ("t2", [race])))[0], first_race)

    def test_within_a_class_the_earlier_test_then_the_earlier_finding(self):
        one, two, three = (finding("assertion", "assertion", t) for t in ("one", "two", "three"))
        self.assertEqual(results.first(failed(("t1", [one, two]), ("t2", [three])))[0], one)
        self.assertEqual(results.first(failed(("t1", []), ("t2", [three])))[0], three)
        self.assertEqual(results.first([]), (None, None))


class GoogleTestReport(unittest.TestCase):
    def report(self, failure, result="COMPLETED"):
        case = {"name": "EveryKernel", "status": "RUN", "result": result}
        if failure is not None:
            case["failures"] = [{"failure": failure, "type": ""}]
        return {"testsuites": [{"name": "Transpose", "testsuite": [case]}]}

    def test_a_boolean_check_keeps_its_message_and_the_whole_streamed_hint(self):
        text = ("/src/tests/course/test_Exercise17_Transpose.cpp:49\n"
                "Value of: hoc::test::correct(check, what)\n"
                "  Actual: false (Exercises/Exercise17_Transpose: transpose_tiled, 33 x 17: "
                "out[5] is 0 (expected 1.5))\n"
                "Expected: true\n\n"
                "  where: kernel transpose_tiled in transpose.cl\n"
                "  hint: a barrier(CLK_LOCAL_MEM_FENCE) between filling the tile and reading it back")
        status, findings = results.gtest_findings(self.report(text))["Transpose.EveryKernel"]
        self.assertEqual(status, "failed")
        self.assertEqual(findings[0]["file"], "/src/tests/course/test_Exercise17_Transpose.cpp")
        self.assertEqual(findings[0]["line"], 49)
        self.assertEqual(findings[0]["text"],
                         "Exercises/Exercise17_Transpose: transpose_tiled, 33 x 17: out[5] is 0 (expected 1.5)\n"
                         "  where: kernel transpose_tiled in transpose.cl\n"
                         "  hint: a barrier(CLK_LOCAL_MEM_FENCE) between filling the tile and reading it back")

    def test_a_message_on_several_lines_is_kept_whole(self):
        text = ("/t.cpp:7\nValue of: ok\n  Actual: false (Exercises/X: wrong\n  second line of the check)\n"
                "Expected: true\n  hint: the hint")
        _, findings = results.gtest_findings(self.report(text))["Transpose.EveryKernel"]
        self.assertEqual(findings[0]["text"], "Exercises/X: wrong\n  second line of the check\n  hint: the hint")

    def test_a_fail_starts_with_its_message(self):
        text = ("/t.cpp:9\nFailed\nExercises/X: toAos's particle 0, field vx is 40, expected 30\n"
                "  where: toAos in soa.cpp\n  hint: the hint")
        _, findings = results.gtest_findings(self.report(text))["Transpose.EveryKernel"]
        self.assertEqual(findings[0]["text"], "Exercises/X: toAos's particle 0, field vx is 40, expected 30\n"
                                              "  where: toAos in soa.cpp\n  hint: the hint")

    def test_a_flag_check_starts_with_its_streamed_message(self):
        text = ("/t.cpp:9\nValue of: wrong.empty()\n  Actual: false\nExpected: true\n"
                "Exercises/X: range 16x16: get_local_id(0) wrong\n  hint: the hint")
        _, findings = results.gtest_findings(self.report(text))["Transpose.EveryKernel"]
        self.assertEqual(findings[0]["text"], "Exercises/X: range 16x16: get_local_id(0) wrong\n  hint: the hint")

    def test_a_comparison_starts_with_the_courses_sentence_and_ends_with_the_check(self):
        near = ("/t.cpp:99\nThe difference between p.whole and 8.0e-3 is 0.0003, which exceeds 1e-12, where\n"
                "p.whole evaluates to 0.0083,\n8.0e-3 evaluates to 0.008, and\n1e-12 evaluates to 1e-12.\n"
                "Exercises/X: first write starts at 0, last read ends at 8 ms\n  hint: the hint")
        _, findings = results.gtest_findings(self.report(near))["Transpose.EveryKernel"]
        self.assertTrue(findings[0]["text"].startswith("Exercises/X: first write starts at 0, last read ends at "
                                                       "8 ms\n  hint: the hint\n  (the check: The difference"))
        equal = ("/t.cpp:5\nExpected equality of these values:\n  r.commands.size()\n    Which is: 4\n"
                 "  static_cast<std::size_t>(runs) + 3\n    Which is: 5\nExercises/X: expected write A, write B, 2 "
                 "kernel runs, read C")
        _, findings = results.gtest_findings(self.report(equal))["Transpose.EveryKernel"]
        self.assertEqual(findings[0]["text"],
                         "Exercises/X: expected write A, write B, 2 kernel runs, read C\n  (the check: Expected "
                         "equality of these values: r.commands.size() Which is: 4 static_cast<std::size_t>(runs) "
                         "+ 3 Which is: 5)")
        less = "/t.cpp:5\nExpected: (t.whole) >= (t.kernel), actual: 1 vs 2\nvadd, N = 1\n  where: phasesOf in a.cpp"
        _, findings = results.gtest_findings(self.report(less))["Transpose.EveryKernel"]
        self.assertEqual(findings[0]["text"], "vadd, N = 1\n  where: phasesOf in a.cpp\n  (the check: Expected: "
                                              "(t.whole) >= (t.kernel), actual: 1 vs 2)")
        # An equality checked with nothing streamed after it: one sentence of its two sides.
        bare = "/t.cpp:5\nExpected equality of these values:\n  a\n    Which is: 1\n  b\n    Which is: 2"
        _, findings = results.gtest_findings(self.report(bare))["Transpose.EveryKernel"]
        self.assertEqual(findings[0]["text"], "a is 1 and b is 2: the test expects them equal")
        literal = "/t.cpp:5\nExpected equality of these values:\n  m.whole\n    Which is: 0.0083000000000000001\n  8"
        _, findings = results.gtest_findings(self.report(literal))["Transpose.EveryKernel"]
        self.assertEqual(findings[0]["text"], "m.whole is 0.0083000000000000001, where the test expects 8")
        # Another check with nothing streamed keeps GoogleTest's words: there is no other sentence.
        near = ("/t.cpp:5\nThe difference between a and b is 2, which exceeds 1, where\na evaluates to 1,\n"
                "b evaluates to 3, and")
        _, findings = results.gtest_findings(self.report(near))["Transpose.EveryKernel"]
        self.assertTrue(findings[0]["text"].startswith("The difference between a and b is 2"))

    def test_each_failure_gets_the_longest_recorded_hint_its_message_holds(self):
        report = {"testsuites": [{"name": "Reduce", "testsuite": [{
            "name": "Each", "status": "RUN", "result": "COMPLETED",
            "hint": "the last 1 element(s) are missing", "hint_2": "the sum is 0: if not, the last 1 element(s) are "
            "missing", "hint_3": "exactly the last element is missing", "other": "the last 1 element(s) are missing",
            "failures": [
                {"failure": "/t.cpp:7\nN = 1: wrong\n  hint: the sum is 0: if not, the last 1 element(s) are missing"},
                {"failure": "/t.cpp:8\nN = 9: wrong\n  hint: exactly the last element is missing"},
                {"failure": "/t.cpp:9\nN = 9: no profiling time"}]}]}]}
        _, findings = results.gtest_findings(report)["Reduce.Each"]
        self.assertEqual([f.get("hint") for f in findings],
                         ["the sum is 0: if not, the last 1 element(s) are missing",
                          "exactly the last element is missing", None])

    def test_an_exception_has_no_line(self):
        text = "unknown file\nC++ exception with description \"clBuildProgram: -11\" thrown in the test body."
        _, findings = results.gtest_findings(self.report(text))["Transpose.EveryKernel"]
        self.assertEqual((findings[0]["kind"], findings[0].get("line")), ("exception", None))
        self.assertEqual(findings[0]["text"], "clBuildProgram: -11")

    def test_an_exceptions_frame_goes_and_its_description_stays_whole(self):
        what = ("Exercises/Exercise17_Transpose: building kernel file transpose.cl for pthread failed: "
                "CL_BUILD_PROGRAM_FAILURE (-11)\n---- build log ----\nerror: transpose.cl:31:64: expected ';' "
                "after expression\n---- end of build log ----")
        for where in ("the test body", "SetUp()", "the test fixture's constructor"):
            text = f'unknown file\nC++ exception with description "{what}" thrown in {where}.'
            _, findings = results.gtest_findings(self.report(text))["Transpose.EveryKernel"]
            self.assertEqual((findings[0]["kind"], findings[0]["text"]), ("exception", what))
        # A description that quotes: the whole of it, up to the frame's last quote.
        text = 'unknown file\nC++ exception with description "kernel "k" not found" thrown in the test body.'
        _, findings = results.gtest_findings(self.report(text))["Transpose.EveryKernel"]
        self.assertEqual(findings[0]["text"], 'kernel "k" not found')
        # An exception of no description, and any other text: unchanged.
        for text in ("unknown file\nUnknown C++ exception thrown in the test body.",):
            _, findings = results.gtest_findings(self.report(text))["Transpose.EveryKernel"]
            self.assertEqual(findings[0]["text"], text.split("\n", 1)[1])

    def test_passed_and_skipped(self):
        self.assertEqual(results.gtest_findings(self.report(None))["Transpose.EveryKernel"], ("passed", []))
        self.assertEqual(results.gtest_findings(self.report(None, "SKIPPED"))["Transpose.EveryKernel"],
                         ("skipped", []))


class ResultFiles(unittest.TestCase):
    def test_written_and_read_by_the_key_ctest_names(self):
        with tempfile.TemporaryDirectory() as directory:
            key = "Sizes/MatmulKernel.MatchesReference/M1_N1_K1"
            found = [finding("assertion", "assertion", "C was not written at all")]
            results.write("Exercise04_MatmulKernel", key, "failed", found, directory=directory)
            self.assertEqual(os.listdir(directory), [results.file_name(key)])
            self.assertEqual(results.read(directory, key)["findings"], found)
            self.assertIsNone(results.read(directory, "Other.Test"))
        command = ["selfcheck.py", "gtest", "--exercise", "F", "--", "prog", f"--gtest_filter={key}"]
        self.assertEqual(results.key_of(command), key)
        self.assertEqual(results.key_of(["selfcheck.py", "oclgrind", "--name", "exercise.F.oclgrind.x"]),
                         "exercise.F.oclgrind.x")
        self.assertIsNone(results.key_of(["test_F_exercise_NOT_BUILT"]))

    def test_nothing_is_written_without_a_folder(self):
        saved = os.environ.pop("HOC_RESULTS_DIR", None)
        try:
            self.assertIsNone(results.write("F", "T.t", "passed"))
        finally:
            if saved is not None:
                os.environ["HOC_RESULTS_DIR"] = saved


class PartOfAWholeRun(unittest.TestCase):
    def test_a_part_keeps_the_findings_in_its_own_kernel_only(self):
        """Exercise 16's oclgrind run covers every step: for `script/check 16 step3` a race in
        reduce_first_add fails the part, a wrong value of an unwritten step does not."""
        from .check import part_result
        race = finding("kernel", "race-local", "reduce.cl:74: a data race in local memory", kernel="reduce_first_add")
        other = finding("kernel", "bounds-global", "reduce.cl:90: past the end", kernel="reduce_per_item")
        wrong = finding("other", "wrong-result", "the program's own check failed")
        run = {"status": "failed", "findings": [other, race, wrong]}
        self.assertEqual(part_result(run, {"reduce_first_add", "step3"}),
                         {"status": "failed", "findings": [race]})
        self.assertEqual(part_result(run, {"reduce_sequential", "step2"})["status"], "passed")
        self.assertIsNone(part_result(None, {"reduce_sequential"}))
        skipped = {"status": "skipped", "findings": [wrong]}
        self.assertEqual(part_result(skipped, {"reduce_sequential"}), skipped)


class EarlierExercises(unittest.TestCase):
    def test_the_code_an_earlier_exercise_runs_is_named_too(self):
        """Exercise 20 runs Exercise 05's host code, which runs Exercise 04's kernel: a wrong result with
        Exercise 04 still the starter names Exercise 04, not only 05 to 09."""
        from .selfcheck import _failed_run
        with tempfile.TemporaryDirectory() as build:
            os.makedirs(os.path.join(build, "selfcheck"))
            open(os.path.join(build, "CMakeCache.txt"), "w").close()
            with open(os.path.join(build, "selfcheck", "exercises.tsv"), "w", encoding="utf-8") as f:
                f.write("Exercise04_MatmulKernel\tcheck_Exercise04_MatmulKernel\tExercise04_MatmulKernel\n"
                        "Exercise05_MatmulHost\tcheck_Exercise05_MatmulHost\tExercise05_MatmulHost:"
                        "Exercise04_MatmulKernel\n"
                        "Exercise20_Roofline\tcheck_Exercise20_Roofline\tExercise20_Roofline:"
                        "Exercise05_MatmulHost\n")
            program = os.path.join(build, "Exercises", "Exercise20_Roofline", "roofline")
            found = _failed_run("Exercise20_Roofline", "roofline", 1, "WRONG: 561 of 561 elements wrong",
                                None, [], build, program)
        self.assertEqual(found["kind"], "earlier-exercise")
        self.assertIn("Exercise04_MatmulKernel (code it runs)", found["text"])
        self.assertIn("Exercise05_MatmulHost (code it runs)", found["text"])
        self.assertIn("script/check 04", found["text"])


if __name__ == "__main__":
    unittest.main()
