#!/usr/bin/env python3
"""The course tests' hints against course.json's (tests/support/hoc_hint.hpp): every hint a test gives
is in the manifest, and every hint of the manifest is given by a test, by a technique check on
oclgrind's counts (checker/technique.py) or, for an exercise built with MPI, by the MPI check
(checker/check_mpi.py, which reads its runs' --json records); no dead hints.

An exercise's hints ("hints" of its entry) are named hoc::hints::<id> in its GoogleTest file; the
manifest's own "hints" (the test support's) hoc::hints::shared::<id> in tests/support/. The build
already refuses a hint the manifest lacks (the constants are generated from it); this test also names
the hints no test uses, and runs without a build."""
import glob
import json
import os
import re
import unittest

from checker import manifest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

EXERCISE = re.compile(r"\bhoc::hints::([a-z][a-z0-9_]*)\b(?!::)")
SHARED = re.compile(r"\bhoc::hints::shared::([a-z][a-z0-9_]*)\b")
MPI_CHECK = os.path.join(ROOT, "checker", "check_mpi.py")
MPI_HINT = re.compile(r'\bhint_text\(\w+, "([a-z][a-z0-9_]*)"\)')


def code(path):
    """The file's text without its // comments (a comment may name a hint without giving it)."""
    with open(path, encoding="utf-8") as f:
        return re.sub(r"//[^\n]*", "", f.read())


def ids(hints):
    return [h["id"] for h in hints]


class Hints(unittest.TestCase):
    def test_every_exercise_hint_is_given_and_every_hint_given_exists(self):
        for entry in manifest.load():
            path = manifest.test_file(entry["folder"])
            with self.subTest(exercise=entry["folder"]):
                defined = ids(entry.get("hints", []))
                self.assertEqual(len(defined), len(set(defined)), "a hint id twice")
                used = set(EXERCISE.findall(code(path))) if os.path.exists(path) else set()
                # A technique check on oclgrind's counts gives its hint through technique.py, not a test.
                counted = {t["hint"] for t in manifest.techniques(entry["folder"]) if "counts" in t}
                self.assertEqual(sorted(counted - set(defined)), [],
                                 f"technique checks of {entry['folder']} name hints course.json does not have")
                used |= counted
                if "mpi" in entry.get("build", {}).get("libraries", []):  # its hints are the MPI check's
                    with open(MPI_CHECK, encoding="utf-8") as f:
                        used |= set(MPI_HINT.findall(f.read()))
                self.assertEqual(sorted(used - set(defined)), [],
                                 f"{os.path.relpath(path, ROOT)} gives hints course.json does not have")
                self.assertEqual(sorted(set(defined) - used), [],
                                 f"course.json's hints of {entry['folder']} that {os.path.relpath(path, ROOT)} "
                                 "never gives")

    def test_every_shared_hint_is_given_by_the_test_support_and_exists(self):
        with open(os.path.join(ROOT, "course.json"), encoding="utf-8") as f:
            defined = ids(json.load(f).get("hints", []))
        used = set()
        for path in glob.glob(os.path.join(ROOT, "tests", "support", "*.hpp")):
            used |= set(SHARED.findall(code(path)))
        self.assertEqual(sorted(used - set(defined)), [], "tests/support gives hints course.json does not have")
        self.assertEqual(sorted(set(defined) - used), [], "course.json's shared hints no test gives")

    def test_a_hint_is_given_in_its_own_exercise_only(self):
        tests = {os.path.normpath(manifest.test_file(e["folder"])) for e in manifest.load()}
        for path in glob.glob(os.path.join(ROOT, "tests", "**", "*.[ch]pp"), recursive=True):
            if os.path.normpath(path) not in tests:
                with self.subTest(file=os.path.relpath(path, ROOT)):
                    self.assertEqual(EXERCISE.findall(code(path)), [],
                                     "an exercise's hints belong to its own test file")


if __name__ == "__main__":
    unittest.main()
