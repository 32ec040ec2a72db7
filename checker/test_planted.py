#!/usr/bin/env python3
"""planted.py, the checker's planted bugs, on a scratch course (a kernel, a host file and their bugs
written here): a bug's diff applied gives the file with the bug; a solution that lost a line the diff
needs stops with the bug's file and that line (never planted elsewhere); a file without checks or with
two files in its diff is refused. Then every planted bug of the course is read and applies
(`planted.py check`). No build needed."""
import os
import subprocess
import sys
import tempfile

from . import module_command, module_env, planted

HERE = os.path.dirname(os.path.abspath(__file__))

FOLDER = "ExerciseZZ_Scratch"
KERNEL = """// Doubles each element below n.
// (A hunk that starts at a file's first line is held there by git apply: this one starts below.)

__kernel void twice(__global float* x, uint n)
{
    const size_t i = get_global_id(0);
    if (i < n)
        x[i] += x[i];
}
"""
CHECKS = '{\n  "oclgrind": {"program": "twice", "args": [], "kind": "bounds-global", "says": ["i"]}\n}\n'


def diff(root, path, before, after):
    """The unified diff of PATH (from the course's top) from BEFORE to AFTER, as `git diff` gives it."""
    for name, text in (("before", before), ("after", after)):
        with open(os.path.join(root, name), "w", encoding="utf-8") as f:
            f.write(text)
    made = subprocess.run(["diff", "-u", "--label", "a/" + path, "--label", "b/" + path,
                           os.path.join(root, "before"), os.path.join(root, "after")],
                          stdout=subprocess.PIPE, text=True, check=False)
    return made.stdout


def make_course(root):
    os.makedirs(os.path.join(root, "Kernels"))
    with open(os.path.join(root, "Kernels", "twice.cl"), "w", encoding="utf-8") as f:
        f.write(KERNEL)
    where = planted.planted_dir(FOLDER, root)
    os.makedirs(where)
    buggy = KERNEL.replace("    if (i < n)\n", "    if (i <= n)  // planted bug\n")
    with open(os.path.join(where, "le.diff"), "w", encoding="utf-8") as f:
        f.write(CHECKS + diff(root, "Kernels/twice.cl", KERNEL, buggy))
    return buggy


def expect_refused(bug_id, root, *texts):
    try:
        planted.Bug(bug_id, root).text()
    except planted.NotApplied as e:
        missing = [t for t in texts if t not in str(e)]
        assert not missing, f"the message does not say {missing}:\n{e}"
        return
    raise AssertionError(f"{bug_id} was planted, it should have been refused")


def check_scratch():
    with tempfile.TemporaryDirectory() as root:
        buggy = make_course(root)
        bug = planted.Bug(f"{FOLDER}.le", root)
        assert bug.file == "twice.cl" and bug.kind == "kernel" and bug.path == "Kernels/twice.cl", vars(bug)
        assert bug.checks["oclgrind"]["kind"] == "bounds-global", bug.checks
        assert bug.text() == buggy, bug.text()
        assert planted.bugs(FOLDER, root) == ["le"]
        # The kernel's lines moved down: the diff still applies there.
        with open(os.path.join(root, "Kernels", "twice.cl"), "w", encoding="utf-8") as f:
            f.write("// a comment\n\n" + KERNEL)
        assert planted.Bug(f"{FOLDER}.le", root).text() == "// a comment\n\n" + buggy
        # The line the bug changes is gone: stopped, naming the line.
        with open(os.path.join(root, "Kernels", "twice.cl"), "w", encoding="utf-8") as f:
            f.write(KERNEL.replace("if (i < n)", "if (n > i)"))
        expect_refused(f"{FOLDER}.le", root, "checker/planted/ExerciseZZ_Scratch/le.diff",
                       "no longer applies to Kernels/twice.cl", "    |     if (i < n)")
        where = planted.planted_dir(FOLDER, root)
        with open(os.path.join(where, "le.diff"), encoding="utf-8") as f:
            text = f.read()
        # No checks, checks that are not JSON, an unknown check, two files, a file outside the three places.
        for name, bad, says in (
                ("bare", text[len(CHECKS):], "must be a JSON object"),
                ("prose", "The bug.\n" + text[len(CHECKS):], "not a JSON object"),
                ("unknown", '{"oclgrind": {}, "valgrind": {}}\n' + text[len(CHECKS):], "unknown checks"),
                ("two", text + text[len(CHECKS):].replace("twice.cl", "other.cl"), "must change one file"),
                ("outside", text.replace("Kernels/", "Other/"), "a planted bug changes a file of")):
            with open(os.path.join(where, name + ".diff"), "w", encoding="utf-8") as f:
                f.write(bad)
            expect_refused(f"{FOLDER}.{name}", root, says)
        expect_refused(f"{FOLDER}.absent", root, "no planted bug")
    print("ok: a planted bug applies where its lines are, stops naming the lines that are gone, and a "
          "file that is not checks and one diff is refused")


def main():
    check_scratch()
    done = subprocess.run([*module_command("planted"), "check"], env=module_env())
    return done.returncode


if __name__ == "__main__":
    sys.exit(main())
