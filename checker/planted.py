#!/usr/bin/env python3
"""The checker's planted bugs: each a change of a correct file that the self-check must catch with the
right first message. They live here, with the checker, so that no file a student reads (course.json,
the READMEs, docs/) shows the solution's lines they change (docs/manifest.md, "Planted bugs").

checker/planted/<Folder>/<bug>.diff is one bug, selfcheck.planted.<Folder>.<bug> and
selfcheck.hint.<Folder>.<bug> its tests:
  - first a JSON object, its checks: "oclgrind" {program, args, kind, says[, uniform_writes]} and/or
    "gtest" {filter, says} (docs/manifest.md says what each means);
  - then a unified diff of ONE file named from the course's top: Kernels/<file> (a kernel bug, written
    at test time where the program finds it first), Solutions/<Folder>/<file> (a host-code bug, built
    into a copy of the folder's library) or checker/alternatives/<Folder>/<file> (a bug in the
    alternative, code of another shape than the solution's; an alternative kept as a diff of the starter
    is applied first). `git diff` of the planted file, or `diff -u --label a/PATH --label b/PATH`, makes
    it. It is applied with `git apply`: every context and removed line must stand in the file as
    written (no fuzz; the lines may have moved), so a solution that changed under the bug stops its test
    with the lines that are gone instead of planting it somewhere else.

  planted.py write --bug Folder.bug --out PATH
      Writes the planted file (the build's step for a host-code bug).
  planted.py check
      Every planted bug of the course: its checks read, its diff applied (selfcheck.planted_apply).
"""
import argparse
import json
import os
import re
import sys

from . import alternative
from .alternative import NotApplied

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
DIFF = ".diff"
CHECKS = ("oclgrind", "gtest")
# Where a planted file may lie, and what kind of bug that makes.
PLACES = (("Kernels/", "kernel"), ("Solutions/", "host"), ("checker/alternatives/", "alternative"))


def planted_dir(folder, root=ROOT):
    return os.path.join(root, "checker", "planted", folder)


def folders(root=ROOT):
    """The folders that have planted bugs."""
    top = os.path.join(root, "checker", "planted")
    return sorted(d for d in os.listdir(top) if os.path.isdir(os.path.join(top, d))) if os.path.isdir(top) else []


def bugs(folder, root=ROOT):
    """The names of the folder's planted bugs."""
    where = planted_dir(folder, root)
    return sorted(n[:-len(DIFF)] for n in os.listdir(where) if n.endswith(DIFF)) if os.path.isdir(where) else []


def split(text, shown):
    """(the checks, a dict; the diff's text) of a planted bug's file. Raises NotApplied on a bad one."""
    start = re.search(r"^(diff --git |--- )", text, re.MULTILINE)
    if not start:
        raise NotApplied(f"{shown} has no diff (no '--- a/PATH' line)")
    if not text[:start.start()].strip():
        raise NotApplied(f"{shown} has no checks before its diff: they must be a JSON object with "
                         f"\"oclgrind\" or \"gtest\"")
    try:
        checks = json.loads(text[:start.start()])
    except json.JSONDecodeError as e:
        raise NotApplied(f"{shown}: the checks before the diff are not a JSON object: {e}") from None
    if not isinstance(checks, dict) or not any(k in checks for k in CHECKS):
        raise NotApplied(f"{shown}: the checks before the diff must be a JSON object with "
                         f"\"oclgrind\" or \"gtest\"")
    unknown = sorted(set(checks) - set(CHECKS))
    if unknown:
        raise NotApplied(f"{shown}: unknown checks {unknown} (there are {list(CHECKS)})")
    return checks, text[start.start():]


def solution_file(path, root=ROOT):
    """The file a planted bug's PATH names: Solutions/<Folder>/<file> is the room's own file,
    Exercises/<Folder>/<file>, where the solution keeps it unchanged (Exercise 01's vadd.cpp)."""
    full = os.path.join(root, path)
    if path.startswith("Solutions/") and not os.path.isfile(full):
        room = os.path.join(root, "Exercises", path[len("Solutions/"):])
        if os.path.isfile(room):
            return room
    return full


class Bug:
    """One planted bug: folder, name, checks, path (the planted file from the course's top), file (its
    name, as the student's file is called), kind (kernel, host or alternative) and the diff."""

    def __init__(self, bug_id, root=ROOT):
        self.id, self.root = bug_id, root
        self.folder, _, self.name = bug_id.partition(".")
        self.diff_path = os.path.join(planted_dir(self.folder, root), self.name + DIFF)
        self.shown = os.path.relpath(self.diff_path, root)
        if not self.name or not os.path.isfile(self.diff_path):
            raise NotApplied(f"no planted bug {bug_id} (no {self.shown})")
        with open(self.diff_path, encoding="utf-8") as f:
            self.checks, self.diff = split(f.read(), self.shown)
        targets = re.findall(r"^\+\+\+ b/(\S+)", self.diff, re.MULTILINE)
        if len(targets) != 1:
            raise NotApplied(f"{self.shown} must change one file (its '+++ b/PATH' lines name {targets})")
        self.path = targets[0]
        self.file = os.path.basename(self.path)
        self.kind = next((kind for prefix, kind in PLACES if self.path.startswith(prefix)), None)
        if self.kind is None:
            raise NotApplied(f"{self.shown} changes {self.path}: a planted bug changes a file of "
                             + ", ".join(p for p, _ in PLACES))

    def source(self):
        """The correct file the bug is planted in, as text."""
        if self.kind == "alternative":
            folder = self.path.split("/")[2]
            return alternative.apply(folder, self.path.split("/", 3)[3], self.root)
        with open(solution_file(self.path, self.root), encoding="utf-8") as f:
            return f.read()

    def text(self):
        """The planted file: the source with the diff applied. Raises NotApplied naming the lines gone."""
        source = self.source()
        applied, output = alternative.git_apply(source, self.path, self.diff_path)
        if applied is not None:
            if applied == source:
                raise NotApplied(f"{self.shown} changes nothing in {self.path}")
            return applied
        try:
            alternative.missing_lines(self.diff, source, self.path)
        except NotApplied as e:
            raise NotApplied(f"the planted bug {self.shown} no longer applies to {self.path}: {e}\n"
                             f"move the planted bug to where that code is now (plant it there, "
                             f"`git diff` the file into {self.shown} after the checks)") from None
        raise NotApplied(f"the planted bug {self.shown} does not apply to {self.path}:\n{output}")


def write_mode(args):
    try:
        text = Bug(args.bug).text()
    except NotApplied as e:
        print(f"planted.py: {e}", file=sys.stderr)
        return 1
    alternative.write_if_changed(args.out, text)
    return 0


def check_mode(args, root=ROOT):
    with open(os.path.join(root, "course.json"), encoding="utf-8") as f:
        known = {e["folder"] for e in json.load(f)["exercises"]}
    problems, count = [], 0
    for folder in folders(root):
        if folder not in known:
            problems.append(f"checker/planted/{folder}: course.json has no exercise {folder}")
        for name in bugs(folder, root):
            count += 1
            try:
                bug = Bug(f"{folder}.{name}", root)
                bug.text()
                if bug.kind == "host" and not bug.path.startswith(f"Solutions/{folder}/"):
                    problems.append(f"{bug.shown}: a host-code bug changes a file of Solutions/{folder}/")
            except NotApplied as e:
                problems.append(str(e))
    for problem in problems:
        print(f"FAILED: {problem}")
    if problems:
        return 1
    print(f"ok: the course's {count} planted bugs are read and apply")
    return 0


def main(argv):
    parser = argparse.ArgumentParser(prog="planted.py", description="The checker's planted bugs.")
    modes = parser.add_subparsers(dest="mode", required=True)
    write = modes.add_parser("write", help="write the file with the planted bug")
    write.add_argument("--bug", required=True, help="Folder.bug")
    write.add_argument("--out", required=True, help="where to write it")
    modes.add_parser("check", help="read and apply every planted bug")
    args = parser.parse_args(argv)
    return write_mode(args) if args.mode == "write" else check_mode(args)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
