"""Unit tests of check_mpi.py's reading of a run's --json record (no MPI needed): the verdicts, pi and
the ranks' parts and the sum of C come from the record as Exercise 15b writes it, a record without
them is a failure that says so, and each wrong result gets the message and hint the evidence
supports (every rank's part 0, the parts never added on rank 0, C wrong)."""
import contextlib
import io
import json
import os
import tempfile
import unittest

from . import check_mpi


def record(folder, pi=3.14159265359, parts=(1.5, 1.64159265359), pi_ok=True, c_ok=True, total=12.25):
    """A --json record with the two results Exercise 15b writes, as its Report writes them."""
    extra = {"ranks": float(len(parts)), "pi": pi}
    extra.update({f"part_of_rank_{i}": part for i, part in enumerate(parts)})
    document = {"exercise": "Exercise15b_Mpi", "program": "mpi_split", "finished": True, "results": [
        {"name": f"pi over {len(parts)} ranks", "size": "2^22 steps", "correct": pi_ok, "detail": "pi = ...",
         "seconds": 0.1, "rate": 1.0, "unit": "steps/s", "extra": extra},
        {"name": f"C = A * B over {len(parts)} ranks", "size": "M = 100, N = 70, K = 50", "correct": c_ok,
         "detail": "all 7000 elements within the bound" if c_ok else "3 of 7000 elements wrong",
         "seconds": 0.1, "rate": 1.0, "unit": "MFLOPS", "extra": {"flops": 7e5, "devices": 2.0, "sum_of_c": total}},
    ]}
    path = os.path.join(folder, "run.json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(document, f)
    return path


def failure(path, exercise=True, status=1):
    """The message check_mpi.results stops with (it exits 1), or None when it returns."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        try:
            check_mpi.results("Exercises/Exercise15b_Mpi", 2, status, path, exercise)
        except SystemExit as e:
            assert e.code == 1, e.code
            return out.getvalue()
    return None


class Record(unittest.TestCase):
    def setUp(self):
        scratch = tempfile.TemporaryDirectory(prefix="test_check_mpi.")
        self.addCleanup(scratch.cleanup)
        self.folder = scratch.name

    def test_a_correct_run_gives_pi_and_the_sum_of_c(self):
        path = record(self.folder, pi=3.141592653589, total=-17.0625)
        self.assertEqual(check_mpi.results("Exercises/Exercise15b_Mpi", 2, 0, path, True), (3.141592653589, -17.0625))

    def test_a_correct_run_that_exits_non_zero_fails(self):
        self.assertIn("exit status 1 although every result is correct", failure(record(self.folder), status=1))

    def test_no_record_or_one_without_the_results_fails_saying_so(self):
        self.assertIn("lack pi or C", failure(os.path.join(self.folder, "missing.json")))
        with open(os.path.join(self.folder, "cut.json"), "w", encoding="utf-8") as f:
            f.write('{"results": [')
        self.assertIn("lack pi or C", failure(os.path.join(self.folder, "cut.json")))

    def test_every_part_zero_points_at_exercise_10s_kernel(self):
        message = failure(record(self.folder, pi=0.0, parts=(0.0, 0.0), pi_ok=False))
        self.assertIn("pi over 2 ranks is 0.0", message)
        self.assertIn("every rank's part of pi is 0", message)

    def test_parts_that_never_reach_rank_0_point_at_the_reduce(self):
        message = failure(record(self.folder, pi=0.0, pi_ok=False))
        self.assertIn("the ranks' sums never reached rank 0", message)
        self.assertNotIn("every rank's part", message)

    def test_a_wrong_c_names_the_scatter_and_gather(self):
        message = failure(record(self.folder, c_ok=False))
        self.assertIn("C = A * B over 2 ranks: WRONG: 3 of 7000 elements wrong", message)
        self.assertIn("MPI_Scatterv", message)

    def test_the_solution_gets_no_exercise_hint(self):
        message = failure(record(self.folder, pi=0.0, parts=(0.0, 0.0), pi_ok=False), exercise=False)
        self.assertIn("pi over 2 ranks is 0.0", message)
        self.assertNotIn("Exercise 10", message)


if __name__ == "__main__":
    unittest.main()
