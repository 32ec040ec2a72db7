#!/usr/bin/env python3
"""alternative.py, the applying of an alternative's diff to the starter, on a scratch course (a starter
and its alternative written here): the diff applied gives the file the diff was made from; a starter
that has lost a line the diff needs stops with the exercise, the file and that line (never the starter
tested in its place), in `apply`, in `run` (the test fails, its command never runs) and in `write` (the
build goes on with the starter, saying why); `run` writes the kernels where the program finds them
first and refuses a host program built from a stale copy. Then every diff of the course applies to its
starter as the starter is now. No build needed."""
import os
import subprocess
import sys
import tempfile

from . import alternative, module_env

FOLDER = "ExerciseZZ_Scratch"
STARTER = """// a kernel to fill in
__kernel void twice(__global float* x, uint n)
{
    // TODO: double each element below n
}
"""
FILLED = """// a kernel to fill in
__kernel void twice(__global float* x, uint n)
{
    const size_t i = get_global_id(0);
    if (i < n)
        x[i] += x[i];
}
"""


def make_course(root, starter=STARTER):
    """A course of one exercise whose alternative is FILLED, as the diff of the starter STARTER."""
    exercise = os.path.join(root, "Exercises", FOLDER)
    os.makedirs(exercise)
    with open(os.path.join(exercise, "twice.cl"), "w", encoding="utf-8") as f:
        f.write(STARTER)
    os.makedirs(os.path.join(root, "filled"))
    with open(os.path.join(root, "filled", "twice.cl"), "w", encoding="utf-8") as f:
        f.write(FILLED)
    made = subprocess.run(["diff", "-u", "--label", "a/twice.cl", "--label", "b/twice.cl",
                           os.path.join(exercise, "twice.cl"), os.path.join(root, "filled", "twice.cl")],
                          stdout=subprocess.PIPE, text=True, check=False)
    where = alternative.alternatives_dir(FOLDER, root)
    os.makedirs(where)
    with open(os.path.join(where, "twice.cl.diff"), "w", encoding="utf-8") as f:
        f.write("What the alternative does, before the first '---' line.\n\n" + made.stdout)
    with open(os.path.join(where, "whole.cl"), "w", encoding="utf-8") as f:
        f.write("// a whole file\n")
    if starter != STARTER:
        with open(os.path.join(exercise, "twice.cl"), "w", encoding="utf-8") as f:
            f.write(starter)


def check_applies():
    with tempfile.TemporaryDirectory() as root:
        make_course(root)
        assert alternative.files(FOLDER, root) == ["twice.cl", "whole.cl"]
        assert alternative.apply(FOLDER, "twice.cl", root) == FILLED
        assert alternative.apply(FOLDER, "whole.cl", root) == "// a whole file\n"


def check_changed_starter():
    # The starter's TODO line was reworded: the diff must stop, naming the exercise, the file and the line.
    changed = STARTER.replace("double each element", "make each element twice as large")
    with tempfile.TemporaryDirectory() as root:
        make_course(root, starter=changed)
        try:
            alternative.apply(FOLDER, "twice.cl", root)
        except alternative.NotApplied as e:
            message = str(e)
        else:
            raise AssertionError("a diff whose lines the starter lost was applied")
        for text in (FOLDER, f"Exercises/{FOLDER}/twice.cl", "    // TODO: double each element below n",
                     "no longer has"):
            assert text in message, (text, message)
        # write (the build): says why and writes the starter as it is, so that the build goes on.
        out = os.path.join(root, "build", "twice.cl")
        done = run_tool(root, "write", "--exercise", FOLDER, "--file", "twice.cl", "--out", out)
        assert done.returncode == 0, done.stdout
        assert "no longer has" in done.stdout and f"selfcheck.alternative.{FOLDER}" in done.stdout, done.stdout
        with open(out, encoding="utf-8") as f:
            assert f.read() == changed
        # run (the test): fails with the message; the test program never runs.
        done = run_tool(root, "run", "--exercise", FOLDER, "--dir", os.path.dirname(out), "--host", "twice.cl",
                        "--", "sh", "-c", "echo RAN")
        assert done.returncode == 1 and "RAN" not in done.stdout, done.stdout
        assert "FAILED" in done.stdout and "// TODO: double each element below n" in done.stdout, done.stdout


def check_run():
    with tempfile.TemporaryDirectory() as root:
        make_course(root)
        out = os.path.join(root, "build")
        # The kernels are written into DIR, first in HOC_KERNEL_PATH; the command's status is the test's.
        done = run_tool(root, "run", "--exercise", FOLDER, "--dir", out, "--",
                        "sh", "-c", 'cat "${HOC_KERNEL_PATH%%:*}/twice.cl" "${HOC_KERNEL_PATH%%:*}/whole.cl"; exit 3')
        assert done.returncode == 3, done.stdout
        assert done.stdout == FILLED + "// a whole file\n", done.stdout
        # A host file built from another copy than the diff gives now (a build not redone): refused.
        with open(os.path.join(out, "twice.cl"), "w", encoding="utf-8") as f:
            f.write(STARTER)
        done = run_tool(root, "run", "--exercise", FOLDER, "--dir", out, "--host", "twice.cl", "--", "true")
        assert done.returncode == 1 and "build again" in done.stdout, done.stdout
        done = run_tool(root, "write", "--exercise", FOLDER, "--file", "twice.cl", "--out",
                        os.path.join(out, "twice.cl"))
        assert done.returncode == 0, done.stdout
        done = run_tool(root, "run", "--exercise", FOLDER, "--dir", out, "--host", "twice.cl", "--", "true")
        assert done.returncode == 0, done.stdout


def run_tool(root, *args):
    """alternative.py's command line on the scratch course at root."""
    code = "import sys; from checker import alternative; sys.exit(alternative.main(sys.argv[2:], root=sys.argv[1]))"
    return subprocess.run([sys.executable, "-c", code, root, *args], env=module_env(), stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, check=False)


def check_course():
    """Every diff of the course applies to its starter as the starter is now."""
    count = 0
    for folder in sorted(os.listdir(alternative.alternatives_dir(""))):
        for name in alternative.files(folder):
            if os.path.isfile(os.path.join(alternative.alternatives_dir(folder), name + alternative.DIFF)):
                alternative.apply(folder, name)
                count += 1
    return count


def main():
    check_applies()
    check_changed_starter()
    check_run()
    try:
        count = check_course()
    except alternative.NotApplied as e:
        print(f"FAILED: {e}")
        return 1
    print(f"ok: alternative.py applies a diff, stops on a changed starter, and the course's {count} diffs apply")
    return 0


if __name__ == "__main__":
    sys.exit(main())
