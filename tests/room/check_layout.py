#!/usr/bin/env python3
"""The course's layout rules that a count can hold (docs/layout.md, "What lives where").

check_layout.py names ROOT
    course.json is the one place a course fact is written: outside an exercise's own folders
    (Exercises/X, Solutions/X), no file names an exercise folder, except
      - course.json itself;
      - the documentation: docs/ and every Markdown file (a README links the lessons it builds on);
      - the tests: every path with a tests/ folder, CI's scripts (.ci/) and the test drivers
        (script/test, and the checker's own tests: its unit tests, robustness.py, its planted bugs,
        alternatives and technique cases, and the build files that register them);
    every other file finds an exercise through course.json (the build, the plain-make build, the
    bad-input cases, the programs' titles, the results page's ids). Prints each file and the folders
    it names; exit status 1 when there is one.

check_layout.py given ROOT [--course-ratio R] [--room-ratio R]
    A room holds the lesson: the lines of given/ code (every file under a given/ folder of
    Exercises/X) against the lines of the files the student works on (the room's other files but
    README.md, CMakeLists.txt and Makefile), over the course (at most --course-ratio) and in each room
    (at most --room-ratio). Prints the count, room by room; exit status 1 when a ratio is above its
    limit.

check_layout.py layers ROOT
    A library never includes a room: no C++ file of the libraries (Common/, Matmul/, Measure/, Pi/,
    Cli/, Mpi/, Tools/) or of the competition (Competition/, a layer above the course, which reaches
    Exercise 9b's code through Matmul's contender interface) includes a header that only a room holds
    (a .hpp under Exercises/ or Solutions/ that no library has). And the layers point one way
    (Common <- Matmul, Measure, Pi <- Cli): Common includes no other library's header, Matmul, Measure
    and Pi no Cli header, Cli no Matmul, Measure or Pi header; the matrix programs' main
    (Matmul/main/, above both Matmul and Cli) and the work-group sweep's (Measure/main/, above both
    Measure and Cli) are the places that include both; the MPI programs' library (Mpi/) includes Cli,
    Matmul and Pi, and none of them includes it. Prints each include; exit status 1 when there is one.

All count the files git tracks (and new files it would add), so build products are left out.

check_layout.py --self-test
    Each check against a made-up course in a scratch folder, each rule broken once."""
import json
import os
import re
import subprocess
import sys

DOCS = ("docs/",)
# The checker's own tests and their fixtures, which name the exercises they plant bugs in, check or copy:
# its unit tests, the robustness test, the planted bugs, alternatives and technique cases, and the build
# file that registers them. The checker itself (its driver and front end) takes the folders from course.json.
TESTS = (".ci/", "script/test", "checker/test_", "checker/robustness.py", "checker/planted/",
         "checker/alternatives/", "checker/technique/", "checker/CMakeLists.txt", "checker/technique.cmake")
NOT_STUDENT_FILES = ("README.md", "CMakeLists.txt", "Makefile")


def tracked(root, *paths):
    out = subprocess.run(["git", "-C", root, "ls-files", "--cached", "--others", "--exclude-standard", "--", *paths],
                         capture_output=True, text=True, check=True).stdout
    return sorted({f for f in out.split("\n") if f and os.path.isfile(os.path.join(root, f))})


def folders(root):
    with open(os.path.join(root, "course.json"), encoding="utf-8") as f:
        named = [e["folder"] for e in json.load(f)["exercises"]]
    rooms = os.path.join(root, "Exercises")
    present = []
    if os.path.isdir(rooms):
        present = [d for d in sorted(os.listdir(rooms)) if os.path.isdir(os.path.join(rooms, d))]
    return sorted(set(named) | set(present), key=len, reverse=True)


def exempt(path):
    return (path == "course.json" or path.endswith(".md") or path.startswith(DOCS) or path.startswith(TESTS)
            or "tests/" in path)


def names(root):
    pattern = re.compile("|".join(re.escape(f) for f in folders(root)))
    problems = []
    for path in tracked(root):
        if exempt(path):
            continue
        try:
            with open(os.path.join(root, path), encoding="utf-8") as f:
                text = f.read()
        except (UnicodeDecodeError, OSError):
            continue  # not text
        named = sorted({m for m in pattern.findall(text)
                        if not path.startswith((f"Exercises/{m}/", f"Solutions/{m}/"))})
        if named:
            problems.append(f"{path}: names {', '.join(named)}; take it from course.json instead")
    for p in problems:
        print(p)
    if problems:
        print(f"{len(problems)} file(s) name an exercise folder outside its own folders (tests/room/check_layout.py)")
        return 1
    print("no file outside an exercise's folders, its tests, the documentation and course.json names it")
    return 0


def lines(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return sum(1 for _ in f)


def given(root, course_ratio, room_ratio):
    rooms = {}
    for path in tracked(root, "Exercises"):
        parts = path.split("/")
        if len(parts) < 3 or parts[-1] in NOT_STUDENT_FILES or parts[-1].endswith(".md"):
            continue
        counts = rooms.setdefault(parts[1], [0, 0])
        counts[1 if "given" in parts[2:-1] else 0] += lines(os.path.join(root, path))
    problems = []
    print(f"{'room':32} {'student':>8} {'given':>8} {'ratio':>6}")
    for room, (student, given_lines) in sorted(rooms.items()):
        ratio = given_lines / max(student, 1)
        mark = ""
        if ratio > room_ratio:
            mark = f"  above {room_ratio:g}"
            problems.append(f"Exercises/{room}: given/ has {given_lines} lines, {ratio:.1f} times the {student} "
                            f"of the student's files (at most {room_ratio:g})")
        print(f"{room:32} {student:8d} {given_lines:8d} {ratio:6.2f}{mark}")
    student = sum(s for s, _ in rooms.values())
    given_lines = sum(g for _, g in rooms.values())
    ratio = given_lines / max(student, 1)
    print(f"{'the course':32} {student:8d} {given_lines:8d} {ratio:6.2f}")
    if ratio > course_ratio:
        problems.append(f"the course: given/ has {given_lines} lines, {ratio:.2f} times the {student} of the "
                        f"student's files (at most {course_ratio:g})")
    for p in problems:
        print(p)
    if problems:
        print("given/ holds what a room's lesson needs to be read and run; the measuring and checking a room "
              "shares with others belongs in Measure/, Matmul/ or Pi/ (docs/layout.md)")
        return 1
    return 0


LAYERS = ("Common/", "Matmul/", "Measure/", "Pi/", "Cli/", "Mpi/", "Tools/", "Competition/")
# Each library's folder and the header folders (hoc/<name>/) of the libraries it must not include. Mpi
# (the MPI programs' library) sits above Cli, Matmul and Pi, as Matmul/main does: none of them includes it.
BELOW = {"Common/": ("cli", "matmul", "measure", "pi", "mpi"), "Matmul/": ("cli", "measure", "pi", "mpi"),
         "Measure/": ("cli", "matmul", "pi", "mpi"), "Pi/": ("cli", "matmul", "measure", "mpi"),
         "Cli/": ("matmul", "measure", "pi", "mpi"), "Mpi/": ("measure",)}
INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)


def layers(root):
    files = tracked(root, *LAYERS, "Exercises", "Solutions")
    library = [f for f in files if f.startswith(LAYERS)]
    library_headers = {os.path.basename(f) for f in library if f.endswith(".hpp")}
    room_headers = {os.path.basename(f) for f in files if f.startswith(("Exercises/", "Solutions/"))
                    and f.endswith(".hpp")} - library_headers
    breaches = []
    for f in library:
        if not f.endswith((".cpp", ".hpp")):
            continue
        with open(os.path.join(root, f), encoding="utf-8") as source:
            for included in INCLUDE.findall(source.read()):
                if os.path.basename(included) in room_headers:
                    breaches.append(f"{f} includes \"{included}\", a room's header")
    for f in library:
        if not f.endswith((".cpp", ".hpp")) or f.startswith(("Matmul/main/", "Measure/main/")):
            continue
        below = next((folder for folder in BELOW if f.startswith(folder)), None)
        if below is None:
            continue
        with open(os.path.join(root, f), encoding="utf-8") as source:
            for included in INCLUDE.findall(source.read()):
                if included.split("/")[:2] in [["hoc", other] for other in BELOW[below]]:
                    breaches.append(f"{f} includes \"{included}\", a header of a layer that is not below "
                                    f"{below.rstrip('/')}")
    for b in breaches:
        print(b)
    if breaches:
        print("a library never includes a room nor a layer above or beside it (Common <- Matmul, Measure, Pi "
              "<- Cli); the competition reaches Exercise 9b through hoc/matmul/contender.hpp (docs/layout.md)")
        return 1
    print(f"no file of {', '.join(LAYERS)} includes a room's header ({len(library)} files, "
          f"{len(room_headers)} room headers), and no library a header of a layer above or beside it")
    return 0


def self_test():
    """The three checks against a made-up course in a scratch git folder: each rule broken once where it
    must be found and kept where it must not be."""
    import contextlib
    import io
    import tempfile

    def write(root, path, text):
        os.makedirs(os.path.dirname(os.path.join(root, path)), exist_ok=True)
        with open(os.path.join(root, path), "w", encoding="utf-8") as f:
            f.write(text)

    def run(check, root):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            status = check(root)
        return status, out.getvalue()

    failures = []
    with tempfile.TemporaryDirectory() as root:
        subprocess.run(["git", "init", "-q", root], check=True)
        write(root, "course.json", json.dumps({"exercises": [{"folder": "Exercise01_Vadd"}]}))
        write(root, "Exercises/Exercise01_Vadd/vadd.cpp", "// Exercise01_Vadd's own file\n" * 2)
        write(root, "Exercises/Exercise01_Vadd/given/vadd.hpp", "#pragma once\n" * 20)
        write(root, "docs/notes.md", "Exercise01_Vadd\n")
        write(root, "tests/course/test_Exercise01_Vadd.cpp", "// Exercise01_Vadd\n")
        write(root, "Tools/src/page.cpp", "const char* folder = \"Exercise01_Vadd\";\n")
        status, out = run(names, root)
        if status != 1 or "Tools/src/page.cpp" not in out or "docs/" in out or "test_Exercise01" in out:
            failures.append(f"names: a tool naming a folder not found alone ({status}): {out}")
        write(root, "Common/src/common.cpp", '#include "vadd.hpp"\n')
        write(root, "Cli/src/cli.cpp", '#include "hoc/matmul/dims.hpp"\n')
        write(root, "Matmul/src/dims.cpp", '#include "hoc/common/errors.hpp"\n')
        write(root, "Matmul/main/include/hoc/matmul/main.hpp", '#include "hoc/cli/main.hpp"\n')
        status, out = run(layers, root)
        if (status != 1 or "Common/src/common.cpp" not in out or "Cli/src/cli.cpp" not in out
                or "Matmul/src/dims.cpp" in out or "Matmul/main/" in out):
            failures.append(f"layers: the room's header and the layer above not both found, or more ({status}): {out}")
        status, out = run(lambda r: given(r, 1.5, 6), root)
        if status != 1 or "10.00" not in out:
            failures.append(f"given: 20 lines of given/ over 2 of the student's not refused ({status}): {out}")
        status, out = run(lambda r: given(r, 1.5, 20), root)
        if status != 1 or "at most 6" in out:
            failures.append(f"given: the room limit not taken ({status}): {out}")
    for f in failures:
        print(f)
    print("check_layout.py self-test failed" if failures else "check_layout.py finds each rule broken and nothing else")
    return 1 if failures else 0


def main(argv):
    if len(argv) >= 2 and argv[1] == "--self-test":
        return self_test()
    if len(argv) >= 3 and argv[1] == "layers":
        return layers(argv[2])
    if len(argv) >= 3 and argv[1] == "names":
        return names(argv[2])
    if len(argv) >= 3 and argv[1] == "given":
        options = dict(zip(argv[3::2], argv[4::2], strict=False))
        return given(argv[2], float(options.get("--course-ratio", 1.5)), float(options.get("--room-ratio", 6)))
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
