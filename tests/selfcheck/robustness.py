#!/usr/bin/env python3
"""selfcheck.robustness: script/check on a broken setup gives a message and an exit status, never a
Python traceback, a hang or a build it did not need.

It runs a scratch copy of script/check (with tests/selfcheck's lists and Exercise 04's folder,
outside any git repository) against a stand-in build folder whose cmake and ctest are small scripts
on PATH (they log their arguments; cmake --build sleeps or fails when told): nothing of the course
is built or run, so each case takes a second. The cases:
  --build with no folder, --build of a folder that is not a build: exit 2
  an unknown exercise, an unknown part: exit 2, and cmake never called
  a kernel file that is a link to /dev/zero: the check ends (the fingerprint does not read it)
  results that cannot be saved (the state file's place is taken by a folder): shown, exit 1
  configuring a build that cannot be written (cmake --preset fails): exit 3 with cmake's message
  Ctrl-C during the first check of --watch, and during a plain check: exit 130
"""
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
FOLDER = "Exercise04_MatmulKernel"

FAKE_CMAKE = """#!/bin/sh
echo "cmake $*" >> "$FAKE_LOG"
case " $* " in
  *" --preset "*) echo "CMake Error: cannot create the build folder: Read-only file system"; exit 1 ;;
  *" --build "*) sleep "${FAKE_SLEEP:-0}"; exit "${FAKE_BUILD_STATUS:-0}" ;;
esac
exit 0
"""
FAKE_CTEST = """#!/bin/sh
echo "ctest $*" >> "$FAKE_LOG"
case " $* " in
  *--show-only*) echo '{"tests": []}' ;;
esac
exit 0
"""


def scratch_copy(top):
    """script/check with what it reads, and Exercise 04's folder, in `top`/course; a stand-in build in
    `top`/build; cmake and ctest stand-ins in `top`/bin."""
    course = os.path.join(top, "course")
    for name in ("script/check", "tests/selfcheck/explain.py", "tests/selfcheck/parts.txt",
                 "tests/selfcheck/starters.txt"):
        os.makedirs(os.path.dirname(os.path.join(course, name)), exist_ok=True)
        shutil.copy2(os.path.join(ROOT, name), os.path.join(course, name))
    shutil.copytree(os.path.join(ROOT, "Exercises", FOLDER), os.path.join(course, "Exercises", FOLDER),
                    symlinks=True)
    build = os.path.join(top, "build")
    os.makedirs(os.path.join(build, "selfcheck"))
    with open(os.path.join(build, "selfcheck", "exercises.tsv"), "w") as f:
        f.write(f"{FOLDER}\tcheck_{FOLDER}\t{FOLDER}\n")
    with open(os.path.join(build, "CMakeCache.txt"), "w") as f:
        f.write(f"CMAKE_HOME_DIRECTORY:INTERNAL={course}\n")
    bin_dir = os.path.join(top, "bin")
    os.makedirs(bin_dir)
    for name, text in (("cmake", FAKE_CMAKE), ("ctest", FAKE_CTEST)):
        with open(os.path.join(bin_dir, name), "w") as f:
            f.write(text)
        os.chmod(os.path.join(bin_dir, name), 0o755)
    return course, build, bin_dir


def main():
    top = tempfile.mkdtemp(prefix="check-robustness.")
    problems = []
    try:
        course, build, bin_dir = scratch_copy(top)
        log = os.path.join(top, "tools.log")
        check = os.path.join(course, "script", "check")

        def run(args, expect, env=None, interrupt_after=None, what=""):
            open(log, "w").close()
            environment = dict(os.environ, PATH=bin_dir + os.pathsep + os.environ["PATH"], FAKE_LOG=log,
                               NO_COLOR="1", **(env or {}))
            process = subprocess.Popen([check, *args], cwd=course, env=environment, stdout=subprocess.PIPE,
                                       stderr=subprocess.STDOUT, text=True, start_new_session=True)
            if interrupt_after:
                # Ctrl-C at a terminal reaches the whole process group: script/check and what it runs.
                deadline = time.time() + 30
                while time.time() < deadline and interrupt_after not in Path(log).read_text():
                    time.sleep(0.1)
                time.sleep(0.5)
                os.killpg(process.pid, signal.SIGINT)
            try:
                output, _ = process.communicate(timeout=60)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                output, _ = process.communicate()
                problems.append(f"{what}: script/check {' '.join(args)} did not end in 60 s")
                return output, None
            print(f"---- script/check {' '.join(args)} ({what}): exit {process.returncode}\n{output}")
            if "Traceback" in output:
                problems.append(f"{what}: a Python traceback")
            if process.returncode != expect:
                problems.append(f"{what}: exit {process.returncode}, not {expect}")
            return output, process.returncode

        out, _ = run(["--build"], 2, what="--build with no folder")
        if "--build needs a folder" not in out:
            problems.append("--build with no folder: no message saying so")
        run(["--build", os.path.join(top, "nothing"), "04"], 2, what="--build of no build")
        out, _ = run(["--build", build, "99"], 2, what="an unknown exercise")
        if "no exercise '99'" not in out:
            problems.append("an unknown exercise: the message does not name it")
        out, _ = run(["--build", build, "04", "nopart"], 2, what="an unknown part")
        if "has no part 'nopart'" not in out:
            problems.append("an unknown part: the message does not name it")
        if "cmake" in Path(log).read_text():
            problems.append("an unknown part: cmake ran before the part was refused")

        # A kernel file that is a link to /dev/zero: fingerprinted without reading it.
        kernel = os.path.join(course, "Exercises", FOLDER, "matmul_element.cl")
        os.remove(kernel)
        os.symlink("/dev/zero", kernel)
        run(["--build", build, "04"], 1, what="a kernel linked to /dev/zero")
        os.remove(kernel)
        shutil.copy2(os.path.join(ROOT, "Exercises", FOLDER, "matmul_element.cl"), kernel)

        # The saved results cannot be written: shown, and said so.
        state = os.path.join(build, "selfcheck", "state.json")
        if os.path.exists(state):
            os.remove(state)
        os.makedirs(state)
        out, _ = run(["--build", build, "04"], 1, what="results that cannot be saved")
        if "results not saved" not in out:
            problems.append("results that cannot be saved: not said")
        os.rmdir(state)

        # A build folder that cannot be configured (the default build/ of a read-only checkout).
        out, _ = run(["04"], 3, what="a build that cannot be configured")
        if "Read-only file system" not in out:
            problems.append("a build that cannot be configured: cmake's message is not shown")

        # Ctrl-C while the first check of --watch builds, and while a plain check builds.
        run(["--build", build, "--watch", "04"], 130, env={"FAKE_SLEEP": "30"}, interrupt_after="--build",
            what="Ctrl-C during --watch's first check")
        run(["--build", build, "04"], 130, env={"FAKE_SLEEP": "30"}, interrupt_after="--build",
            what="Ctrl-C during a check")
    finally:
        shutil.rmtree(top, ignore_errors=True)
    if problems:
        print("FAILED: " + "; ".join(problems))
        return 1
    print("ok: every broken setup gave a message and its exit status")
    return 0


if __name__ == "__main__":
    sys.exit(main())
