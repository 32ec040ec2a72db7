#!/usr/bin/env python3
"""An exercise's alternative (course.json's "alternative"): a correct answer in another shape than the
solution's, written from the starter. checker/alternatives/<Folder>/ holds its files, each
either whole (FILE) or as the change that fills the starter's TODOs (FILE.diff: a unified diff of
Exercises/<Folder>/FILE, headers `--- a/FILE` and `+++ b/FILE`, applied with `git apply`, which takes
no line as matching unless it is the same to the letter; text before the first `---` says what the
alternative does). A diff whose lines the starter no longer has stops with a message naming the
exercise and those lines, never testing the starter in its place.

  alternative.py write --exercise FOLDER --file FILE --out PATH
      The build's step for a host file given as a diff (checker/CMakeLists.txt, tests/mpi):
      writes the starter with the diff applied to PATH. Where the diff does not apply (a student who
      has done the exercise has changed those lines) it says so and writes the starter as it is, so
      that the build goes on; `run` then fails the test with the message.

  alternative.py run --exercise FOLDER --dir DIR [--host FILE]... -- COMMAND ARGS...
      Runs an alternative's test: writes every file of the alternative but the host FILEs into DIR
      (kernels at its top, found first through HOC_KERNEL_PATH=DIR, whichever part's folder they are
      in), checks that each DIR/FILE given as a diff, a host file the test program was built from, is
      the starter with the diff applied as the starter is now (else: build again), and runs COMMAND
      with its exit status.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)  # the course's top folder
DIFF = ".diff"


class NotApplied(Exception):
    """An alternative's diff that does not apply to the starter; the text says which lines are gone."""


def alternatives_dir(folder, root=ROOT):
    return os.path.join(root, "checker", "alternatives", folder)


def files(folder, root=ROOT):
    """The names of the alternative's files as the tests see them (FILE for FILE and for FILE.diff), with
    the folder of a part in front (part3_fusion/fusion.cpp) where the file is one of that part's."""
    where = alternatives_dir(folder, root)
    names = []
    for top, _, found in os.walk(where):
        names += [os.path.relpath(os.path.join(top, name), where).replace(os.sep, "/") for name in found]
    return [name.removesuffix(DIFF) for name in sorted(names)]


def written_as(name):
    """Where `run` writes the alternative's file NAME in its folder: a kernel at the top, where the
    program's HOC_KERNEL_PATH finds it whichever part it belongs to; any other file at its own path."""
    return os.path.basename(name) if name.endswith(".cl") else name


def hunks(diff_text):
    """[(line in the starter, [the starter's lines the hunk needs, context and removed])] of a diff."""
    found = []
    for line in diff_text.splitlines():
        header = re.match(r"@@ -(\d+)(?:,\d+)? \+\d+(?:,\d+)? @@", line)
        if header:
            found.append((int(header.group(1)), []))
        elif found and line[:1] in (" ", "-") and not line.startswith("--- "):
            found[-1][1].append(line[1:])
        elif found and line == "":  # a blank context line whose space an editor removed
            found[-1][1].append("")
    return found


def apply(folder, name, root=ROOT, where=None):
    """The text of the alternative's file NAME: the file itself, or the starter Exercises/<folder>/NAME
    with NAME.diff applied. Raises NotApplied naming the exercise and the lines the starter lacks.
    where: another folder of such files (a technique check's case, checker/technique/)."""
    where = where or alternatives_dir(folder, root)
    whole = os.path.join(where, name)
    if os.path.isfile(whole):
        with open(whole, encoding="utf-8") as f:
            return f.read()
    diff_path = whole + DIFF
    shown = os.path.relpath(diff_path, root)
    starter = os.path.join(root, "Exercises", folder, name)
    shown_starter = os.path.relpath(starter, root)
    with open(diff_path, encoding="utf-8") as f:
        diff_text = f.read()
    target = re.search(r"^\+\+\+ b/(\S+)", diff_text, re.MULTILINE)
    if not target or target.group(1) != name:
        raise NotApplied(f"{folder}: {shown} must change b/{name} (its '+++ b/...' line names "
                         f"{target.group(1) if target else 'no file'})")
    if not os.path.isfile(starter):
        raise NotApplied(f"{folder}: {shown} changes the starter {shown_starter}, which does not exist")
    with open(starter, encoding="utf-8") as f:
        starter_text = f.read()
    applied, output = git_apply(starter_text, name, diff_path)
    if applied is not None:
        return applied
    try:
        missing_lines(diff_text, starter_text, "the starter")
    except NotApplied as e:
        raise NotApplied(f"{folder}: the alternative {shown} no longer applies to the starter "
                         f"{shown_starter}: {e}\nwrite the change again against the starter as it is now") from None
    raise NotApplied(f"{folder}: the alternative {shown} does not apply to the starter {shown_starter}:\n"
                     + output)


def git_apply(text, name, diff_path):
    """(the text of file NAME with the diff applied, "") or (None, git's message). Applied in a scratch
    folder outside any git repository, where git apply changes the files below its working folder by the
    diff's paths (-p1: a/NAME, b/NAME); it allows no fuzz: each hunk's lines must all match."""
    with tempfile.TemporaryDirectory() as scratch:
        work = os.path.join(scratch, "work")
        os.makedirs(os.path.dirname(os.path.join(work, name)), exist_ok=True)
        with open(os.path.join(work, name), "w", encoding="utf-8") as f:
            f.write(text)
        env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
        env["GIT_CEILING_DIRECTORIES"] = scratch  # the ceiling stops git's search for a repository
        try:
            done = subprocess.run(["git", "apply", "-p1", "--whitespace=nowarn", os.path.abspath(diff_path)],
                                  cwd=work, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        except FileNotFoundError:
            raise NotApplied(f"applying {diff_path} needs git (script/packages.txt, group student)") from None
        if done.returncode != 0:
            return None, done.stdout.strip()
        with open(os.path.join(work, name), encoding="utf-8") as f:
            return f.read(), ""


def missing_lines(diff_text, text, called="the file"):
    """Raises NotApplied saying which change of the diff needs lines that text (CALLED, as the message
    names it) lacks; returns where it has them all."""
    lines = text.splitlines()
    for number, (line, needed) in enumerate(hunks(diff_text), 1):
        if not any(lines[at:at + len(needed)] == needed for at in range(len(lines) + 1)):
            # The lines gone from the file, or, where each is still there, the run they no longer make.
            gone = [each for each in needed if each not in lines]
            what = f"these lines, which {called} no longer has" if gone else \
                f"these lines one after another, which {called} no longer has in this order"
            shown_lines = "\n".join("    | " + each for each in gone or needed)
            raise NotApplied(f"change {number} (at its line {line}) needs {what}:\n{shown_lines}")


def write_if_changed(path, text):
    """Writes text to path (through a temporary file: tests running at once never read half a file)."""
    if os.path.isfile(path):
        with open(path, encoding="utf-8") as f:
            if f.read() == text:
                return
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    fd, temporary = tempfile.mkstemp(dir=os.path.dirname(os.path.abspath(path)), prefix=".alternative-")
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(temporary, path)


def write_mode(args, root=ROOT):
    folder, name, out = args.exercise, args.file, args.out
    try:
        text = apply(folder, name, root)
    except NotApplied as e:
        print(f"alternative.py: {e}\n(the build goes on with the starter as it is; the test "
              f"selfcheck.alternative.{folder} fails with this message)", file=sys.stderr)
        starter = os.path.join(root, "Exercises", folder, name)
        if not os.path.isfile(starter):
            return 1
        with open(starter, encoding="utf-8") as f:
            text = f.read()
    write_if_changed(out, text)
    return 0


def run_mode(args, command, root=ROOT):
    folder, where, hosts = args.exercise, args.dir, args.host or []
    if not command:
        sys.exit("alternative.py run: no command after --")
    try:
        for name in files(folder, root):
            text = apply(folder, name, root)
            if name not in hosts:
                write_if_changed(os.path.join(where, written_as(name)), text)
            elif os.path.isfile(os.path.join(alternatives_dir(folder, root), name + DIFF)):
                built = os.path.join(where, name)
                current = None
                if os.path.isfile(built):
                    with open(built, encoding="utf-8") as f:
                        current = f.read()
                if current != text:
                    print(f"FAILED: {folder}: the test program was built from another {name} than the "
                          f"starter with the alternative's change ({built}): build again "
                          f"(script/build, or cmake --build build)")
                    return 1
    except NotApplied as e:
        print(f"FAILED: {e}")
        return 1
    env = dict(os.environ)
    env["HOC_KERNEL_PATH"] = os.pathsep.join(p for p in (os.path.abspath(where), env.get("HOC_KERNEL_PATH")) if p)
    sys.stdout.flush()
    return subprocess.run(command, env=env).returncode


def main(argv, root=ROOT):
    # The command to run is everything after the first "--" (it may hold a "--" of its own), split off
    # before argparse reads the options.
    argv = list(argv)
    cut = argv.index("--") if "--" in argv else len(argv)
    options, command = argv[:cut], argv[cut + 1:]
    parser = argparse.ArgumentParser(prog="alternative.py", description="An exercise's alternative: write a "
                                     "host file with its diff applied, or run its test.")
    modes = parser.add_subparsers(dest="mode", required=True)
    write = modes.add_parser("write", help="write the starter's FILE with the alternative's diff applied")
    write.add_argument("--exercise", required=True, help="the exercise's folder")
    write.add_argument("--file", required=True, help="the host file, as named in the starter")
    write.add_argument("--out", required=True, help="where to write it")
    run = modes.add_parser("run", help="write the alternative's other files into DIR and run the test after --")
    run.add_argument("--exercise", required=True, help="the exercise's folder")
    run.add_argument("--dir", required=True, help="the folder of the alternative's kernels")
    run.add_argument("--host", action="append", help="a host file the test program was built from (in DIR); "
                     "once per file")
    args = parser.parse_args(options)
    return write_mode(args, root) if args.mode == "write" else run_mode(args, command, root)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
