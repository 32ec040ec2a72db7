#!/usr/bin/env python3
"""The shape of the student's room (issue 28; the rule is in cmake/HocCourse.cmake's header comment).

Checks, for every Exercises/X:
  - at most 8 entries at its top (README.md, CMakeLists.txt, Makefile, the files the student edits,
    given/ and the part folders), and README.md, CMakeLists.txt and Makefile among them;
  - its only folders are given/ and partN_<topic>/, and a part folder holds files and at most a given/;
for every Solutions/X: each of its files has a twin at the same path in Exercises/X (the overlay
rule: Solutions/X holds only the files that differ); and every source file an exercise's README (or
its solution's) names in backquotes (`given/reduce.cpp`) is there at that path relative to the exercise
folder, or to the course's top folder, or is a kernel of Kernels/ or a file at the top of another
exercise (Exercise 05 names Exercise 01's `vadd.cpp`).
Programs built by the plain-make path (executables that git does not track) are not counted.
Exit status 0 when the tree has the shape, 1 with one line per breach."""
import os
import re
import subprocess
import sys

MAX_ENTRIES = 8
PART = re.compile(r"part[0-9]+_[a-z0-9_]+$")


def listing(root, folder):
    """The files under root/folder: those git tracks or would add; every file without git."""
    try:
        out = subprocess.run(["git", "-C", root, "ls-files", "--cached", "--others", "--exclude-standard",
                              "--", folder], capture_output=True, text=True, check=True).stdout
        tracked = subprocess.run(["git", "-C", root, "ls-files", "--cached", "--", folder],
                                 capture_output=True, text=True, check=True).stdout.split()
        files = [f for f in out.split() if os.path.exists(os.path.join(root, f))]
        if files:
            return [f for f in files if f in tracked or not build_product(os.path.join(root, f))]
    except (OSError, subprocess.CalledProcessError):
        pass
    found = []
    for here, _, names in os.walk(os.path.join(root, folder)):
        for name in names:
            path = os.path.join(here, name)
            if not build_product(path):
                found.append(os.path.relpath(path, root))
    return found


def build_product(path):
    return path.endswith(".o") or (os.path.isfile(path) and os.access(path, os.X_OK)
                                   and not path.endswith((".py", ".sh")))


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", ".."))
    breaches = []
    exercises = sorted(d for d in os.listdir(os.path.join(root, "Exercises"))
                       if os.path.isdir(os.path.join(root, "Exercises", d)))
    for folder in exercises:
        base = os.path.join("Exercises", folder)
        rel = [os.path.relpath(f, base) for f in listing(root, base)]
        top = sorted({r.split(os.sep)[0] for r in rel})
        if len(top) > MAX_ENTRIES:
            breaches.append(f"{base}: {len(top)} entries at its top, at most {MAX_ENTRIES}: {' '.join(top)} "
                            "(move code the student does not edit into given/, a part into partN_<topic>/)")
        for needed in ("README.md", "CMakeLists.txt", "Makefile"):
            if needed not in top:
                breaches.append(f"{base}: no {needed} at its top")
        for entry in top:
            if not any(r.startswith(entry + os.sep) for r in rel):
                continue  # a file
            if entry != "given" and not PART.match(entry):
                breaches.append(f"{base}/{entry}/: the only folders of an exercise are given/ and partN_<topic>/")
            if PART.match(entry):
                inner = {r.split(os.sep)[1] for r in rel if r.startswith(entry + os.sep) and r.count(os.sep) > 1}
                if inner - {"given"}:
                    breaches.append(f"{base}/{entry}/: a part folder holds files and at most given/, not "
                                    f"{' '.join(sorted(inner - {'given'}))}")
    solutions = sorted(d for d in os.listdir(os.path.join(root, "Solutions"))
                       if os.path.isdir(os.path.join(root, "Solutions", d)))
    for folder in solutions:
        base = os.path.join("Solutions", folder)
        for f in listing(root, base):
            twin = os.path.join("Exercises", folder, os.path.relpath(f, base))
            if not os.path.isfile(os.path.join(root, twin)):
                breaches.append(f"{f}: no twin {twin} (a solution holds only files that replace the exercise's, "
                                "at the same path)")
    tops = {name for folder in exercises for name in os.listdir(os.path.join(root, "Exercises", folder))}
    named = re.compile(r"`([\w./-]+\.(?:cpp|hpp|cl))`")
    for kind in ("Exercises", "Solutions"):
        for folder in exercises:
            readme = os.path.join(root, kind, folder, "README.md")
            if not os.path.isfile(readme):
                continue
            with open(readme, encoding="utf-8") as f:
                for number, line in enumerate(f, 1):
                    for name in named.findall(line):
                        places = [os.path.join(root, "Exercises", folder, name), os.path.join(root, name),
                                  os.path.join(root, "Kernels", name)]
                        if not any(os.path.exists(p) for p in places) and name not in tops:
                            breaches.append(f"{kind}/{folder}/README.md:{number}: `{name}` is not at that path in "
                                            f"Exercises/{folder} (a file of given/ or a part folder is named with "
                                            "its folder, e.g. `given/main.cpp`)")
    for line in breaches:
        print(line)
    print(f"room: {len(exercises)} exercise folders, {len(solutions)} solution folders, {len(breaches)} breaches")
    return 1 if breaches else 0


if __name__ == "__main__":
    sys.exit(main())
