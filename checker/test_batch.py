"""Unit tests of script/check's batches (results.run_tests, selfcheck.py gtest with HOC_GTEST_BATCH=1):
several GoogleTest tests of one program in one process give each test the result its own run gives, and
a run that does not end with GoogleTest's report leaves the tests it did not finish to be run one by one."""
import os
import subprocess
import sys
import tempfile
import textwrap
import unittest

from . import results

# A stand-in test program: runs the tests its filter names as GoogleTest does (RUN / OK / FAILED lines,
# the JSON report at the end); a test named Crash.* kills the program.
FAKE = textwrap.dedent('''\
    import json, os, sys
    keys = [a.split("=", 1)[1] for a in sys.argv if a.startswith("--gtest_filter=")][0].split(":")
    report = [a.split(":", 1)[1] for a in sys.argv if a.startswith("--gtest_output=")][0]
    suites, failed = {}, False
    for key in keys:
        print("[ RUN      ] " + key, flush=True)
        if key.startswith("Crash."):
            os.kill(os.getpid(), 11)
        suite, name = key.split(".", 1)
        case = {"name": name, "status": "RUN", "result": "COMPLETED"}
        if key.startswith("Wrong."):
            case["failures"] = [{"failure": "/t.cpp:5\\nC[3] is 2, expected 4"}]
            failed = True
            print("[  FAILED  ] " + key + " (1 ms)", flush=True)
        else:
            print("[       OK ] " + key + " (1 ms)", flush=True)
        suites.setdefault(suite, []).append(case)
    with open(report, "w") as f:
        json.dump({"testsuites": [{"name": s, "testsuite": c} for s, c in suites.items()]}, f)
    sys.exit(1 if failed else 0)
''')


class Batch(unittest.TestCase):
    def run_batch(self, keys):
        directory = tempfile.mkdtemp()
        program = os.path.join(directory, "fake_test.py")
        with open(program, "w") as f:
            f.write(FAKE)
        top = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        env = dict(os.environ, HOC_RESULTS_DIR=os.path.join(directory, "results"), HOC_GTEST_BATCH="1",
                   PYTHONPATH=top)
        done = subprocess.run([sys.executable, "-m", "checker.selfcheck", "gtest", "--exercise", "Exercise01_Vadd",
                               "--timeout", "30", "--", sys.executable, program, "--gtest_filter=" + ":".join(keys)],
                              env=env, cwd=directory, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        return done.returncode, {key: results.read(env["HOC_RESULTS_DIR"], key) for key in keys}

    def test_a_run_that_ends_gives_each_test_its_result(self):
        status, found = self.run_batch(["Sizes/Vadd.Matches/N1", "Wrong.Sum", "Sizes/Vadd.Matches/N2"])
        self.assertEqual(status, 1)
        self.assertEqual([found[k]["status"] for k in found], ["passed", "failed", "passed"])
        self.assertEqual(found["Wrong.Sum"]["findings"][0]["text"], "C[3] is 2, expected 4")

    def test_a_crash_keeps_the_passes_before_it_and_leaves_the_rest(self):
        status, found = self.run_batch(["Sizes/Vadd.Matches/N1", "Crash.Here", "Sizes/Vadd.Matches/N2"])
        self.assertEqual(status, 125)
        self.assertEqual(found["Sizes/Vadd.Matches/N1"]["status"], "passed")
        self.assertIsNone(found["Crash.Here"])
        self.assertIsNone(found["Sizes/Vadd.Matches/N2"])

    def test_only_the_gtest_tests_of_one_program_are_batched(self):
        gtest = ["cmake", "-E", "env", "python3", "-m", "checker.selfcheck", "gtest", "--exercise", "F", "--", "t"]
        results.COMMANDS.update({
            "exercise.F.A.a": ([*gtest, "--gtest_filter=A.a"], "/b", False, 90.0),
            "exercise.F.A.b": ([*gtest, "--gtest_filter=A.b"], "/b", False, 90.0),
            # As CMake's gtest_discover_tests writes them (3.25 and later): an argument after the filter.
            "exercise.F.B.a": ([*gtest, "--gtest_filter=B.a", "--gtest_also_run_disabled_tests"], "/b", False, 90.0),
            "exercise.F.B.b": ([*gtest, "--gtest_filter=B.b", "--gtest_also_run_disabled_tests"], "/b", False, 90.0),
            "exercise.F.A.env": ([*gtest, "--gtest_filter=A.env"], "/b", True, 90.0),
            "exercise.F.oclgrind.x": (["python3", "-m", "checker.selfcheck", "oclgrind", "--name", "x"], "/", False,
                                      9.0)})
        tests = [("exercise.F.A.a", "A.a"), ("exercise.F.A.b", "A.b"), ("exercise.F.A.env", "A.env"),
                 ("exercise.F.oclgrind.x", "exercise.F.oclgrind.x"), ("exercise.F.B.a", "B.a"),
                 ("exercise.F.B.b", "B.b")]
        batches = results._batches(tests)
        self.assertEqual(list(batches.values()), [[tests[0], tests[1]], [tests[4], tests[5]]])
        self.assertEqual(list(batches)[1][0][-1], "--gtest_also_run_disabled_tests")


if __name__ == "__main__":
    unittest.main()
