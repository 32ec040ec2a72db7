#!/usr/bin/env python3
"""selfcheck.robustness: script/check on a broken setup gives a message and an exit status, never a
Python traceback, a hang or a build it did not need.

It runs a scratch copy of script/check (with course.json, the modules it imports and Exercise 04's folder,
outside any git repository) against a stand-in build folder whose cmake and ctest are small scripts
on PATH (they log their arguments; cmake --build sleeps or fails when told): nothing of the course
is built or run, so each case takes a second. The cases:
  --build with no folder, --build of a folder that is not a build: exit 2
  an unknown exercise, an unknown part: exit 2, and cmake never called
  --tests REGEX not a regular expression, or beside a part: exit 2; naming no test: said, exit 1
  a kernel file that is a link to /dev/zero: the check ends (the fingerprint does not read it)
  results that cannot be saved (the state file's place is taken by a folder): shown, exit 1
  configuring a build that cannot be written (cmake --preset fails): exit 3 with cmake's message
  Ctrl-C during the first check of --watch, and during a plain check: exit 130
and the files it reads but did not write, each broken as a user or a full disk breaks them, and the
machine's state (one line and an exit status each, never a traceback):
  build/selfcheck/state.json a list, its entries numbers or of the wrong types: ignored and rewritten
  build/selfcheck/exercises.tsv cut short: configured again
  build/installed.txt naming a package missing whose programs are there now: configured again
  course.json cut short, not JSON, empty, a folder, "exercises" an object or an empty list, nested
  100000 deep, "parts" a string, a part's "tests" not a regular expression: exit 3 naming
  course.json and the field
  a 100000-digit exercise name: exit 2; standard output closed: exit 3
  a build whose output holds a Latin-1 byte or an ELF file's bytes (a host file that is not UTF-8
  text, a binary in place of a source): the compiler's first error shown, exit 1
  oclgrind not on PATH while a check needs it: exit 3 with the reason and the remedy (the stand-in
  ctest runs the real selfcheck.py oclgrind driver with a PATH without oclgrind)
  a build folder, or the whole checkout, on a read-only file system (a read-only bind mount, where
  unshare can make one): script/check and script/build exit 3 with the reason and the remedy, never
  "does not build"
"""
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
FOLDER = "Exercise04_MatmulKernel"

FAKE_CMAKE = """#!/bin/sh
echo "cmake $*" >> "$FAKE_LOG"
case " $* " in
  *" --preset "*) echo "CMake Error: cannot create the build folder: Read-only file system"; exit 1 ;;
  *" -B "*) printf '%s\\t%s\\t%s\\n' "$FAKE_FOLDER" "check_$FAKE_FOLDER" "$FAKE_FOLDER" > "$FAKE_TSV"; exit 0 ;;
  *" --build "*) [ -n "${FAKE_BUILD_OUTPUT:-}" ] && cat "$FAKE_BUILD_OUTPUT"
                 sleep "${FAKE_SLEEP:-0}"; exit "${FAKE_BUILD_STATUS:-0}" ;;
esac
exit 0
"""
# With FAKE_TEST set (a JSON list: the command of one test, whose --name is its key), ctest lists that
# one test and runs it; without, it lists none.
FAKE_CTEST = """#!/bin/sh
echo "ctest $*" >> "$FAKE_LOG"
case " $* " in
  *--show-only*)
    if [ -n "${FAKE_TEST:-}" ]; then
      printf '{"tests": [{"name": "exercise.%s.oclgrind.x", "command": %s}]}\\n' "$FAKE_FOLDER" "$FAKE_TEST"
    else
      echo '{"tests": []}'
    fi ;;
  *)
    if [ -n "${FAKE_TEST:-}" ]; then
      python3 -c 'import json, os, subprocess; subprocess.run(json.loads(os.environ["FAKE_TEST"]))' >/dev/null 2>&1
    fi ;;
esac
exit 0
"""


def shown(args):
    """The arguments as printed: a long one cut short."""
    return " ".join(a if len(a) <= 80 else f"{a[:20]}... ({len(a)} characters)" for a in args)


def scratch_copy(top):
    """script/check with what it reads, and Exercise 04's folder, in `top`/course; a stand-in build in
    `top`/build; cmake and ctest stand-ins in `top`/bin."""
    course = os.path.join(top, "course")
    modules = sorted("checker/" + name for name in os.listdir(HERE) if name.endswith(".py"))
    for name in ("script/check", "script/build", "course.json", *modules, "tests/reliability/oclgrind_check"):
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


def broken_files(top, course, build, bin_dir, run):
    """The files script/check reads but did not write, broken; the tools' output; the machine."""
    problems = []
    state = os.path.join(build, "selfcheck", "state.json")
    for text, what in (("[1, 2]", "a list"), (f'{{"{FOLDER}": 5}}', "an entry that is a number"),
                       (f'{{"{FOLDER}": {{"status": 3, "fingerprint": [], "message": 7}}}}', "entries of wrong types"),
                       ('{"a": ' * 5000, "cut short and deep")):
        Path(state).write_text(text)
        for args in (["--build", build], ["--build", build, "04"]):
            run(args, 1, what=f"state.json {what}")
        try:
            saved = json.loads(Path(state).read_text())
            if not isinstance(saved.get(FOLDER), dict):
                raise ValueError
        except ValueError:
            problems.append(f"state.json {what}: not rewritten with the new result")
    os.remove(state)

    tsv = os.path.join(build, "selfcheck", "exercises.tsv")
    whole = Path(tsv).read_text()
    Path(tsv).write_text(whole[:12])
    out, _ = run(["--build", build, "04"], 1, what="exercises.tsv cut short")
    if "configuring the build" not in out or Path(tsv).read_text() != whole:
        problems.append("exercises.tsv cut short: not configured again")
    Path(tsv).write_text(whole)

    # An optional package installed since the build was configured (build/installed.txt, written by
    # configure, says it was missing; its program, sh here, is there now): configured again.
    Path(build, "installed.txt").write_text("mpi\tmissing\tsh\n")
    out, _ = run(["--build", build, "04"], 1, what="a package installed since configuring")
    if "mpi (sh) installed since the build was configured: configuring again" not in out or \
            "-B" not in Path(top, "tools.log").read_text():
        problems.append("a package installed since configuring: not configured again")
    os.remove(os.path.join(build, "installed.txt"))

    out, _ = run(["--build", build, "1" * 100000], 2, what="a 100000-digit exercise name")
    if "no exercise named by 100000 characters" not in out:
        problems.append("a 100000-digit exercise name: not said")

    manifest_path = os.path.join(course, "course.json")
    original = Path(manifest_path).read_text()
    data = json.loads(original)
    entry = next(e for e in data["exercises"] if e["folder"] == FOLDER)

    def with_entry(**fields):
        changed = json.loads(original)
        next(e for e in changed["exercises"] if e["folder"] == FOLDER).update(fields)
        return json.dumps(changed)
    cases = [(original[:len(original) // 2], "cut short", "is not valid JSON"),
             ("exercises: none", "not JSON", "is not valid JSON"),
             ("", "empty", "is not valid JSON"),
             (None, "a folder", "is a folder"),
             ('{"exercises": {}}', "exercises an object", '"exercises" must be a non-empty list'),
             ('{"exercises": []}', "exercises an empty list", '"exercises" must be a non-empty list'),
             ('{"exercises": ' + "[" * 100000 + "]" * 100000 + "}", "nested 100000 deep", "nested deeper than"),
             (with_entry(parts="blocked"), "parts a string", f'exercise {FOLDER}: "parts" must be a list'),
             (with_entry(parts=[{"names": ["p"], "tests": "(["}]), "a part's tests not a regular expression",
              '"tests" is not a regular expression')]
    assert entry  # the scratch copy's exercise is in course.json
    for text, what, says in cases:
        if os.path.isdir(manifest_path):
            os.rmdir(manifest_path)
        elif os.path.exists(manifest_path):
            os.remove(manifest_path)
        if text is None:
            os.makedirs(manifest_path)
        else:
            Path(manifest_path).write_text(text)
        for args in (["--build", build], ["--build", build, "04", "p"]):
            out, _ = run(args, 3, what=f"course.json {what}")
            if "course.json" not in out or says not in out:
                problems.append(f"course.json {what}: the message does not name course.json and say {says!r}")
    if os.path.isdir(manifest_path):
        os.rmdir(manifest_path)
    Path(manifest_path).write_text(original)

    # Standard output closed at start-up: said on standard error.
    done = subprocess.run(f'"{os.path.join(course, "script", "check")}" --build "{build}" >&-', shell=True,
                          cwd=course, stderr=subprocess.PIPE, text=True,
                          env=dict(os.environ, PATH=bin_dir + os.pathsep + os.environ["PATH"], FAKE_LOG=os.devnull))
    print(f"---- script/check with standard output closed: exit {done.returncode}\n{done.stderr}")
    if done.returncode != 3 or "standard output is closed" not in done.stderr or "Traceback" in done.stderr:
        problems.append(f"standard output closed: exit {done.returncode}, {done.stderr.strip()!r}")

    # The compiler quotes a line of a host file that is not UTF-8 (a Latin-1 comment), or of an ELF
    # file saved in place of a source: its bytes reach script/check through the build's output.
    output_file = os.path.join(top, "build-output")
    with open("/bin/sh", "rb") as f:
        elf = f.read(256)
    for data, what in ((b"main.cpp:3:1: error: stray '\\351' in program\n  3 | // caf\xe9\n", "a Latin-1 byte"),
                       (b"main.cpp:1:1: error: stray '\\177' in program\n  1 | " + elf + b"\n", "an ELF file's bytes")):
        Path(output_file).write_bytes(data)
        out, _ = run(["--build", build, "04"], 1, env={"FAKE_BUILD_OUTPUT": output_file, "FAKE_BUILD_STATUS": "1"},
                     what=f"build output with {what}")
        if "does not compile" not in out or "error: stray" not in out:
            problems.append(f"build output with {what}: the compiler's line is not shown")

    # oclgrind missing from PATH (found when the build was configured): the real oclgrind driver,
    # run by the stand-in ctest with a PATH that has no oclgrind.
    no_oclgrind = os.path.join(top, "no-oclgrind")
    os.makedirs(no_oclgrind)
    for tool in ("python3", "bash", "sh", "env", "mktemp", "rm", "cat", "grep"):
        # python3 as this interpreter's own file: a python3 on PATH may be a launcher (pyenv's shim)
        # that needs the rest of PATH to find the interpreter.
        found = os.path.realpath(sys.executable) if tool == "python3" else shutil.which(tool)
        if found:
            os.symlink(found, os.path.join(no_oclgrind, tool))
    driver = ["python3", "-m", "checker.selfcheck", "oclgrind", "--exercise", FOLDER,
              "--name", f"exercise.{FOLDER}.oclgrind.x", "--kernels", os.path.join(course, "Exercises", FOLDER),
              "--", "/bin/true"]
    fake_test = json.dumps(["env", f"PATH={bin_dir}:{no_oclgrind}", f"PYTHONPATH={course}", *driver])
    Path(os.path.join(course, "Exercises", FOLDER, "matmul_element.cl")).touch()
    out, _ = run(["--build", build, "04"], 3, env={"FAKE_TEST": fake_test}, what="oclgrind not on PATH")
    if "oclgrind" not in out or "is not installed here" not in out or "failing" in out:
        problems.append("oclgrind not on PATH: not said as the machine's problem")

    # The build folder on a read-only file system (a classroom's read-only copy of the course).
    namespaces = shutil.which("unshare") and subprocess.run(["unshare", "-rm", "true"],
                                                            stderr=subprocess.DEVNULL).returncode == 0
    if namespaces:
        for what, target, tool, args in (
                ("a read-only build folder", build, "check", ["--build", build, "04"]),
                ("script/check in a read-only checkout", course, "check", ["04"]),
                ("script/build in a read-only checkout", course, "build", [])):
            script = (f'mount --bind "{target}" "{target}" && mount -o remount,bind,ro "{target}" && '
                      f'exec "{os.path.join(course, "script", tool)}" "$@"')
            done = subprocess.run(["unshare", "-rm", "sh", "-c", script, "sh", *args], cwd=course,
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=60,
                                  env=dict(os.environ, PATH=bin_dir + os.pathsep + os.environ["PATH"],
                                           FAKE_LOG=os.devnull, NO_COLOR="1"))
            print(f"---- script/{tool} {shown(args)} ({what}): exit {done.returncode}\n{done.stdout}")
            if done.returncode != 3 or "Read-only file system" not in done.stdout or "clone it" not in done.stdout:
                problems.append(f"{what}: exit {done.returncode}, not 3 with the reason and the remedy")
    else:
        print("---- a read-only build folder: not run (unshare cannot make a mount namespace here)")
    return problems


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
                               NO_COLOR="1", FAKE_FOLDER=FOLDER,
                               FAKE_TSV=os.path.join(build, "selfcheck", "exercises.tsv"), **(env or {}))
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
                problems.append(f"{what}: script/check {shown(args)} did not end in 60 s")
                return output, None
            print(f"---- script/check {shown(args)} ({what}): exit {process.returncode}\n{output}")
            if "Traceback" in output:
                problems.append(f"{what}: a Python traceback")
            if process.returncode != expect:
                problems.append(f"{what}: exit {process.returncode}, not {expect}")
            return output, process.returncode

        out, _ = run(["--build"], 2, what="--build with no folder")
        if "argument --build: expected one argument" not in out:
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
        # script/check NAME --tests REGEX (script/test --exercises REGEX): a bad expression and a part
        # beside it refused before anything is built; one that names no test said so.
        out, _ = run(["--build", build, "04", "--tests", "("], 2, what="--tests with a bad expression")
        if "is not a regular expression" not in out or "cmake" in Path(log).read_text():
            problems.append("--tests with a bad expression: not refused as such before building")
        run(["--build", build, "04", "part1", "--tests", "x"], 2, what="--tests beside a part")
        out, _ = run(["--build", build, "04", "--tests", "NoSuchTest"], 1, what="--tests naming no test")
        if "no test's name matches exercise\\.NoSuchTest" not in out:
            problems.append("--tests naming no test: the message does not say so")

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

        problems += broken_files(top, course, build, bin_dir, run)
    finally:
        shutil.rmtree(top, ignore_errors=True)
    if problems:
        print("FAILED: " + "; ".join(problems))
        return 1
    print("ok: every broken setup gave a message and its exit status")
    return 0


if __name__ == "__main__":
    sys.exit(main())
