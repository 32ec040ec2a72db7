#!/usr/bin/env python3
"""Unit tests of the technique checks' parts that need no build (technique.py): oclgrind's instruction
counts read per launch, the quantities a bound may use, the bounds' arithmetic, and course.json's
technique entries (every entry complete, every bound's expression valid at its run's sizes, every case
folder there)."""
import os
import unittest

from . import manifest, technique

# oclgrind 21.10 --inst-counts, two launches of one kernel and one of another, with the program's
# own lines between them (abridged from Exercise 09's matmul_blocked and Exercise 18's histogram).
OUTPUT = """Exercise 9: C = A * B, blocked: tiles of A and B in local memory
Instructions executed for kernel 'mmul_blocked':
           76800 - load local (307200 bytes)
           19200 - call _Z7barrierj()
           17325 - load global (69300 bytes)
             740 - store global (2960 bytes)
            5000 - fdiv
              20 - call _Z13native_divideDv4_fS_()
             320 - uitofp

NDRange: global 20 x 40, local 4 x 4
Instructions executed for kernel 'mmul_blocked':
           76800 - load local (307200 bytes)
           17325 - load global (69300 bytes)
Instructions executed for kernel 'histogram_local':
            1000 - call _Z10atomic_incPU3AS3Vj()
             256 - call _Z10atomic_addPU3AS1Vjj()
              16 - call _Z18work_group_barrierj()
Block oriented approach using local, tile 4: all 740 elements correct
"""


class Counts(unittest.TestCase):
    def test_one_histogram_per_launch_and_the_program_lines_left_out(self):
        launches = technique.parse_counts(OUTPUT)
        self.assertEqual([name for name, _ in launches], ["mmul_blocked", "mmul_blocked", "histogram_local"])
        self.assertEqual(launches[0][1]["load global"], (17325, 69300))
        self.assertEqual(launches[0][1]["call _Z7barrierj()"], (19200, None))
        self.assertNotIn("NDRange: global 20 x 40, local 4 x 4", launches[0][1])

    def test_quantities_by_memory_space_and_kind(self):
        launches = technique.parse_counts(OUTPUT)
        blocked = technique.quantities(technique.add([h for name, h in launches if name == "mmul_blocked"]))
        self.assertEqual(blocked["load_local"], 614400)
        self.assertEqual(blocked["load_global"], 138600)
        self.assertEqual(blocked["load_global_n"], 34650)
        self.assertEqual(blocked["store_global"], 2960)
        self.assertEqual(blocked["barriers"], 19200)
        self.assertEqual(blocked["divisions"], 5020)
        self.assertEqual(blocked["to_float"], 320)
        self.assertEqual(blocked["load_private"], 0)
        histogram = technique.quantities(launches[2][1])
        self.assertEqual((histogram["atomics_local"], histogram["atomics_global"]), (1000, 256))
        self.assertEqual(histogram["barriers"], 16)

    def test_vector_loads_and_stores_are_counted_by_their_width_and_space(self):
        counted = technique.quantities({"call _Z7vload16mPU3AS1Kf()": (10, None),
                                        "call _Z7vstore4Dv4_fmPU3AS3f()": (2, None),
                                        "call _Z6vload4mPU3AS2Kf()": (1, None)})
        self.assertEqual((counted["load_global"], counted["load_global_n"]), (640, 10))
        self.assertEqual((counted["store_local"], counted["store_local_n"]), (32, 2))
        self.assertEqual(counted["load_constant"], 16)

    def test_labels_say_what_was_counted(self):
        self.assertEqual(technique.label("load_local"), "bytes read from local memory")
        self.assertEqual(technique.label("store_global"), "bytes written to global memory")
        self.assertEqual(technique.label("load_global_n"), "load instructions of global memory")


# The probe's lines (checker/probe/oclgrind_probe.cpp): two launches; in the first, work-items (0,0) and
# (1,0) of group (0,0) make local atomics, and a warp of 32 work-items stores down a column of a tile
# of 32-float rows (every store in bank 0) and loads along a row (32 banks).
BASE = 1 << 48
PROBE = "kernel k\n" + "".join(f"A {x} 0 0 0 {BASE + 4 * x} 4\n" for x in (0, 1, 0)) + "".join(
    f"S {x} 0 1 0 {BASE + 128 * x} 4\nL {x} 0 1 0 {BASE + 4 * x} 4\n" for x in range(32)) + (
    "kernel k\nA 5 0 0 0 " + str(BASE) + " 4\nkernel other\nA 0 0 0 0 0 4\n")


class Probe(unittest.TestCase):
    def test_work_items_with_local_atomics_and_bank_ways(self):
        launches = technique.parse_probe(PROBE)
        self.assertEqual([name for name, _ in launches], ["k", "k", "other"])
        q = technique.probe_quantities([accesses for name, accesses in launches if name == "k"])
        self.assertEqual(q["local_atomic_workitems"], 3)  # (0,0) and (1,0), then (5,0)
        self.assertEqual(q["local_bank_ways_store"], 32)
        self.assertEqual(q["local_bank_ways_load"], 1)

    def test_global_loads_side_by_side_or_apart_and_stores_per_work_item(self):
        side_by_side = [("l", (x, 0), (0, 0), 4 * x, 4) for x in range(32)]
        pairs = [("l", (x, 0), (0, 0), 8 * x + 4 * k, 4) for x in range(32) for k in (0, 1)]
        self.assertEqual(technique.load_spread(side_by_side), 1.0)
        self.assertAlmostEqual(technique.load_spread(pairs), 252 / 128)  # each n-th load spans 31 * 8 + 4 bytes
        alone = [("s", (0, 0), (0, 0), 4 * i, 4) for i in range(10)] + [("l", (1, 0), (0, 0), 0, 16)] * 3
        q = technique.probe_quantities([alone])
        self.assertEqual((q["global_stores_most_by_one"], q["global_loads_most_by_one"]), (10, 3))

    def test_rows_one_float_longer_spread_a_column_over_the_banks(self):
        column = [("S", (x, 0), (0, 0), BASE + 4 * 33 * x, 4) for x in range(32)]
        self.assertEqual(technique.bank_ways(column, "S"), 1)
        self.assertEqual(technique.bank_ways(column, "L"), 0)


class Bounds(unittest.TestCase):
    def test_arithmetic_over_the_names(self):
        names = {"m": 37, "n": 20, "k": 45, "tile": 4}
        self.assertEqual(technique.evaluate("round_up(k, tile)", names), 48)
        self.assertEqual(technique.evaluate("ceil_div(m, tile) * ceil_div(n, tile)", names), 50)
        self.assertEqual(technique.evaluate("4 * 2 * tile * 48 * 50 * 5 / 4", names), 96000)
        self.assertEqual(technique.evaluate("max(m, n) - min(k, 2 ** 3)", names), 29)

    def test_anything_else_is_refused(self):
        for bad in ("__import__('os')", "m.real", "[m]", "unknown + 1", "m if n else k"):
            with self.subTest(bad=bad), self.assertRaises(ValueError):
                technique.evaluate(bad, {"m": 1, "n": 2, "k": 3})

    def test_sizes_from_the_arguments(self):
        self.assertEqual(technique.sizes(["--m", "17", "--tile-rows", "2", "--shapes", "33x17", "--variants", "x"]),
                         {"m": 17, "tile_rows": 2})

    def test_a_hint_is_recognised_by_its_longest_fixed_stretch(self):
        self.assertEqual(technique.fixed_part("{kernel} holds no tile: the lesson is {what}"),
                         "holds no tile: the lesson is")


class Entries(unittest.TestCase):
    def test_every_entry_is_complete_and_its_bounds_evaluate(self):
        cases = os.path.join(technique.HERE, "technique")
        for entry in manifest.load():
            folder = entry["folder"]
            hints = {h["id"] for h in entry.get("hints", [])}
            for check in manifest.techniques(folder):
                with self.subTest(exercise=folder, check=check["check"]):
                    for field in ("kernel", "file", "idea", "hint", "absent"):
                        self.assertIn(field, check)
                    self.assertIn(check["hint"], hints)
                    self.assertTrue(("program" in check) != ("test" in check), "a program or a test, not both")
                    for case in check.get("absent", []) + check.get("present", []):
                        self.assertTrue(os.path.isdir(os.path.join(cases, folder, case)), case)
                    if "program" not in check:
                        continue
                    names = dict(technique.sizes(check["args"]), launches=1)
                    for name, expression in check.get("let", {}).items():
                        names[name] = technique.evaluate(expression, names)
                    counted = {**technique.quantities({}), **technique.probe_quantities([])}
                    for bound in check["counts"]:
                        self.assertIn(bound["count"], counted)
                        self.assertTrue(("at_most" in bound) != ("at_least" in bound))
                        for text in ("why", "says"):
                            self.assertIn(text, bound)
                        technique.evaluate(bound.get("at_most", bound.get("at_least")), {**names, **counted})

    def test_every_case_given_as_a_diff_applies(self):
        cases = os.path.join(technique.HERE, "technique")
        for top, _, names in os.walk(cases):
            for name in names:
                if not name.endswith(".diff"):
                    continue
                folder = os.path.relpath(top, cases).split(os.sep)[0]
                with self.subTest(case=os.path.relpath(os.path.join(top, name), cases)):
                    text = technique.case_text(folder, top, name.removesuffix(".diff"))
                    self.assertTrue(text.strip())


class Parts(unittest.TestCase):
    def test_every_technique_check_of_an_exercise_with_parts_runs_in_a_part(self):
        """script/check NN PART runs the part's tests only: a technique check outside every part lets
        the part pass with the idea absent (Exercise 22's grouped as the given kernel did)."""
        import re
        without_part = {("Exercise16_Reduction", "cpu")}  # Exercise 16's step 7 has no part
        for exercise in manifest.load():
            parts = manifest.parts(exercise["folder"])
            if not parts:
                continue
            for entry in exercise.get("technique", []):
                test = entry.get("test") or f"technique.{entry['check']}"
                inside = [name for name, regex in parts.items() if re.search(regex, test)]
                if (exercise["folder"], entry["check"]) not in without_part:
                    self.assertTrue(inside, f"{exercise['folder']}'s technique check {entry['check']} runs in "
                                            f"no part: give it \"part\"")


class CaseDiffs(unittest.TestCase):
    def test_a_diff_of_the_solution_is_applied_and_one_whose_lines_are_gone_is_refused(self):
        import tempfile
        with tempfile.TemporaryDirectory() as case:
            with open(os.path.join(case, "vadd.cl.diff"), "w", encoding="utf-8") as f:
                f.write("--- a/Kernels/vadd.cl\n+++ b/Kernels/vadd.cl\n@@ -1 +1,2 @@\n+// a case\n")
            with open(os.path.join(technique.ROOT, "Kernels", "vadd.cl"), encoding="utf-8") as f:
                solution = f.read()
            first = solution.splitlines()[0]
            with open(os.path.join(case, "vadd.cl.diff"), "a", encoding="utf-8") as f:
                f.write(f" {first}\n")
            self.assertEqual(technique.case_text("Exercise01_Vadd", case, "vadd.cl"), "// a case\n" + solution)
            with open(os.path.join(case, "vadd.cl.diff"), "w", encoding="utf-8") as f:
                f.write("--- a/Kernels/vadd.cl\n+++ b/Kernels/vadd.cl\n@@ -1 +1 @@\n-no such line\n+x\n")
            with self.assertRaisesRegex(technique.alternative.NotApplied, "no such line"):
                technique.case_text("Exercise01_Vadd", case, "vadd.cl")


if __name__ == "__main__":
    unittest.main()
