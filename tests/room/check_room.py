#!/usr/bin/env python3
"""The shape of the student's room (the rule is in cmake/HocCourse.cmake's header comment).

Checks, for every Exercises/X:
  - at most 8 entries at its top (README.md, CMakeLists.txt, Makefile, the files the student edits,
    given/ and the part folders), and README.md, CMakeLists.txt and Makefile among them;
  - its only folders are given/ and partN_<topic>/, and a part folder holds files and at most a given/;
for every Solutions/X: each of its files has a twin at the same path in Exercises/X (the overlay
rule: Solutions/X holds only the files that differ); and every source file an exercise's README (or
its solution's) names in backquotes (`given/reduce.cpp`) is there at that path relative to the exercise
folder, or to the course's top folder, or is a kernel of Kernels/ or a file at the top of another
exercise (Exercise 05 names Exercise 01's `vadd.cpp`).
With --given-kernels A;B;... (course.json's given_kernels), the copies: a given kernel
Exercises/A is the same file as Kernels/<its name>; no other exercise kernel is a copy of a kernel of
Kernels/; no Solutions/X file is identical to its Exercises/X twin, but for the Makefile (make runs in
the folder it is given, and every folder's Makefile is the same line naming Make_def_files/course.mk).
A file the student changed (git: modified against HEAD, or untracked) is left out of these three
checks: a student may break a given kernel on purpose or write the solution's kernel to the letter;
CI's clean clone checks every file.
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


def changed(root, path):
    """Whether git sees path modified against HEAD or untracked (the student's own edit)."""
    try:
        out = subprocess.run(["git", "-C", root, "status", "--porcelain", "--", path],
                             capture_output=True, text=True, check=True).stdout
        return bool(out.strip())
    except (OSError, subprocess.CalledProcessError):
        return False


def same(a, b):
    with open(a, "rb") as fa, open(b, "rb") as fb:
        return fa.read() == fb.read()


def copies(root, given, breaches):
    """The given kernels and the solution overlay, byte for byte (see the module's doc)."""
    for entry in given:
        copy = os.path.join("Exercises", entry)
        kernel = os.path.join("Kernels", os.path.basename(entry))
        if not changed(root, copy) and not same(os.path.join(root, copy), os.path.join(root, kernel)):
            breaches.append(f"{copy} differs from {kernel}: a given kernel is the same file in both places "
                            "(copy the one you changed over the other)")
    for here, _, names in os.walk(os.path.join(root, "Exercises")):
        for name in names:
            path = os.path.relpath(os.path.join(here, name), root)
            kernel = os.path.join(root, "Kernels", name)
            if (name.endswith(".cl") and os.path.isfile(kernel) and os.path.relpath(path, "Exercises") not in given
                    and not changed(root, path) and same(os.path.join(root, path), kernel)):
                breaches.append(f"{path} is a copy of Kernels/{name}: declare it in "
                                "course.json's given_kernels, or make it the starter")
    for here, _, names in os.walk(os.path.join(root, "Solutions")):
        for name in names:
            path = os.path.relpath(os.path.join(here, name), root)
            twin = os.path.join("Exercises", os.path.relpath(path, "Solutions"))
            if (name != "Makefile" and os.path.isfile(os.path.join(root, twin)) and not changed(root, twin)
                    and same(os.path.join(root, path), os.path.join(root, twin))):
                breaches.append(f"{path} is identical to {twin}: delete it, the solution takes it from the exercise")


def build_product(path):
    return path.endswith(".o") or (os.path.isfile(path) and os.access(path, os.X_OK)
                                   and not path.endswith((".py", ".sh")))


def main():
    args = sys.argv[1:]
    given = []
    if "--given-kernels" in args:
        at = args.index("--given-kernels")
        given = [g for g in args[at + 1].split(";") if g]
        del args[at:at + 2]
    root = os.path.abspath(args[0] if args else os.path.join(os.path.dirname(__file__), "..", ".."))
    breaches = []
    copies(root, given, breaches)
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
