#!/usr/bin/env python3
"""The course at a glance, and one exercise checked in seconds.

  script/check                   every exercise in course order: passed, failing or untouched (its
                                 starter unchanged); the first failing exercise's first message and
                                 hint, and the command that checks just it. Exit status 0 only when
                                 every exercise passes.
  script/check NAME [PART]       one exercise (NAME: 04, Exercise04 or its whole folder name; 09 is
                                 not 09b), or one part of it (PART: e.g. 09 blocked_reqd, 10 step2;
                                 course.json lists them): builds that exercise's targets
                                 only (check_<Folder>), runs its tests (the GoogleTest tests on PoCL and
                                 the kernels on oclgrind) and prints the first message.
  script/check NAME --tests REGEX
                                 only the tests of NAME whose names, as ctest shows them, match
                                 exercise\\.REGEX (e.g. '<Folder>\\..*InChunks'):
                                 the same build and first message, the result not kept.
  script/check --watch [NAME]    checks NAME (else the first exercise not passed) whenever one of the
                                 files of an exercise is saved, then that exercise: a kernel (.cl) edit
                                 runs the tests without building, a host-code edit rebuilds only that
                                 exercise. Ctrl-C stops.
  script/check NAME [PART] --hint [LEVEL]
                                 help for the exercise (or its part) in levels, from what to achieve
                                 to close to the code (course.json's "help"): the next level not yet
                                 shown, after the ones shown before (or LEVEL); builds and runs
                                 nothing. The levels shown are kept in build/selfcheck/hints.json.
  --build DIR                    the build folder (default build/). A build of another checkout may be
                                 named: its programs are run with this checkout's kernels (.cl files,
                                 through HOC_KERNEL_PATH); host code must then match that checkout's.

Exit status: 0 passed, 1 failing, 2 the user's input (an unknown exercise, part or option, --build
without a configured build folder; refused before anything is built), 3 a machine that cannot build
here (configuring fails), 130 Ctrl-C. Results that cannot be saved (a read-only checkout) are shown,
not kept; a file that is not a regular one or is larger than any source (a link to /dev/zero) is
never read, only its size and modification time count.

The first message comes from the tests' structured results (each test writes one: see
checker/results.py), the most specific finding in a fixed order whatever test ended first: an
oclgrind finding (the kinds in checker/explain.py's order, then the tests' order), then a crash
or hang (with the sizes and oclgrind's finding at them), then the first failing GoogleTest assertion
(its whole message, the test's hint included), then anything else (a tool's own failure, a wrong
result with no finding, a test that gave no result). Untouched exercises are not run: a starter fails
its check, except the ones course.json says pass unsolved (starter_passes), which pass (CI checks
both: the selfcheck.starter.* tests); results of exercises whose files have not changed since their
last check are reused (build/selfcheck/state.json).
Plain text; colour only on a terminal (and not with NO_COLOR set).
"""
import argparse
import contextlib
import hashlib
import json
import os
import re
import shlex
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import textwrap
import time

from . import diagnostics, libraries, manifest, processes, results

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

COLOUR = sys.stdout is not None and sys.stdout.isatty() and not os.environ.get("NO_COLOR")
# What to do where the build folder cannot be written (a classroom's read-only copy of the course, a
# clone owned by another user).
READ_ONLY_REMEDY = (f"The course builds in build/ beside its files and keeps your results there: clone it "
                    f"into a folder you can write (git clone {ROOT} ~/hands-on-opencl) and work in that copy")
# An exercise is named by a few characters (04, or its folder's name); a longer name is refused
# before anything reads it as a number.
MAX_NAME = 200


class UsageError(Exception):
    """The user's input is wrong (an unknown exercise or part, a missing --build folder): exit 2."""


class SetupError(Exception):
    """The machine cannot build or check the course here (configuring failed, the tools cannot be
    installed, the build folder cannot be written, a checking tool is missing): exit 3."""


def read_json(path):
    """The JSON in path, or None when it cannot be read or parsed (a file this script did not write,
    or one cut short: its content is not trusted)."""
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_SOURCE_BYTES + 1)
        if len(data) > MAX_SOURCE_BYTES:
            return None
        return json.loads(data.decode("utf-8", errors="replace"))
    except (OSError, ValueError, RecursionError):
        return None


def valid_state(state):
    """The saved results that have the shape save() writes; anything else is dropped."""
    if not isinstance(state, dict):
        return {}
    return {folder: result for folder, result in state.items()
            if isinstance(result, dict) and isinstance(result.get("status"), str)
            and isinstance(result.get("fingerprint"), str) and isinstance(result.get("tests", 0), int)
            and isinstance(result.get("failed", 0), int) and isinstance(result.get("seconds", 0), (int, float))
            and isinstance(result.get("message") or "", str)}


def writable_folder_problem(folder):
    """Why nothing can be written in folder (or, where it does not exist yet, in the folder that
    would hold it), or None: a read-only checkout, a clone owned by another user."""
    probe_in = folder
    while not os.path.isdir(probe_in):
        parent = os.path.dirname(probe_in)
        if parent == probe_in:
            break
        probe_in = parent
    try:
        fd, name = tempfile.mkstemp(prefix=".write-test.", dir=probe_in)
        os.close(fd)
        os.unlink(name)
        return None
    except OSError as e:
        return f"{probe_in} cannot be written ({e.strerror})"


# A source file of the course is at most a few hundred KiB; what is larger, or not a regular file (a
# link to /dev/zero, a pipe), is fingerprinted by its size and modification time, never read whole.
MAX_SOURCE_BYTES = 4 << 20


def source_bytes(path):
    """The content of path when it is a regular file of at most MAX_SOURCE_BYTES; else a stand-in made
    of its kind, size and modification time (b"missing" when it cannot be reached)."""
    try:
        info = os.stat(path)
        if stat.S_ISREG(info.st_mode) and info.st_size <= MAX_SOURCE_BYTES:
            with open(path, "rb") as f:
                data = f.read(MAX_SOURCE_BYTES + 1)
            if len(data) <= MAX_SOURCE_BYTES:
                return data
        return f"not read: mode {stat.S_IFMT(info.st_mode):o}, {info.st_size} bytes, mtime {info.st_mtime_ns}".encode()
    except OSError as e:
        return f"missing: {e.strerror}".encode()


def paint(text, code):
    return f"\033[{code}m{text}\033[0m" if COLOUR else text


STATUS_COLOUR = {"passed": "32", "failing": "31", "untouched": "2", "not built": "33"}


def resolve(name, exercises):
    """The folder NAME means among EXERCISES: the full folder name, or its id (04, 4, 09b, A) with or
    without 'Exercise' in front. Exact: 09 is Exercise09_..., never Exercise09b_..."""
    if len(name) > MAX_NAME:
        example = next((e for e in exercises if e.startswith("Exercise04_")), "its folder's name")
        raise UsageError(f"no exercise named by {len(name)} characters (an exercise is named as 04, "
                         f"Exercise04 or {example})")
    wanted = name.strip().rstrip("/").split("/")[-1]
    if wanted in exercises:
        return wanted
    key = re.sub(r"^exercise", "", wanted, flags=re.I)
    if key.isdigit():
        key = f"{int(key):02d}"
    matches = [f for f in exercises if f.split("_")[0][len("Exercise"):].lower() == key.lower()]
    if len(matches) == 1:
        return matches[0]
    ids = ", ".join(f.split("_")[0][len("Exercise"):] for f in exercises)
    raise UsageError(f"no exercise {name!r} (the exercises: {ids})")


def short(folder):
    return folder.split("_")[0][len("Exercise"):]


class Help:
    """An exercise's help in levels (course.json's "help", or a part's), and the levels a student has
    been shown, kept in <build>/selfcheck/hints.json so that the next --hint gives the next one."""

    def __init__(self, build):
        self.file = os.path.join(os.path.abspath(build), "selfcheck", "hints.json")
        try:
            with open(self.file) as f:
                self.shown = json.load(f)
        except (OSError, ValueError):
            self.shown = {}
        if not isinstance(self.shown, dict):
            self.shown = {}

    @staticmethod
    def levels(folder, part=None):
        return manifest.help_levels(folder, part)

    def seen(self, folder, part=None):
        value = self.shown.get(f"{folder} {part}" if part else folder, 0)
        return value if isinstance(value, int) else 0

    def show(self, folder, part, level):
        """Prints the levels up to LEVEL ("next": one more than seen) and records them; returns 0."""
        levels = self.levels(folder, part)
        what = f"{folder}{' part ' + part if part else ''}"
        command = f"script/check {short(folder)}{' ' + part if part else ''} --hint"
        if not levels:
            raise UsageError(f"{what} has no help in levels (course.json)"
                             + (f"; try {command.replace(' ' + part, '')}" if part else ""))
        if level == "next":
            upto = min(self.seen(folder, part) + 1, len(levels))
        elif level.isdigit() and 1 <= int(level) <= len(levels):
            upto = int(level)
        else:
            raise UsageError(f"--hint {level}: {what} has help levels 1 to {len(levels)}")
        print(f"{what}: help, level {upto} of {len(levels)}\n")
        width = shutil.get_terminal_size((100, 24)).columns
        for number, text in enumerate(levels[:upto], 1):
            mark = paint("(new) ", "1") if number == upto and upto > self.seen(folder, part) else ""
            print(textwrap.fill(text, width=min(width, 100) - 2, initial_indent=f"  {number}. {mark}",
                                subsequent_indent="     "))
            print()
        seen = max(upto, self.seen(folder, part))
        if seen < len(levels):
            print(f"more, one level at a time: {command}   (level {seen + 1} of {len(levels)} is next)")
        elif upto == len(levels):
            print("that is the last level: the rest is yours to write")
        else:
            print(f"every level seen; {command} {len(levels)} shows the last one again")
        if upto > self.seen(folder, part):
            self.shown[f"{folder} {part}" if part else folder] = upto
            try:
                os.makedirs(os.path.dirname(self.file), exist_ok=True)
                with open(self.file, "w") as f:
                    json.dump(self.shown, f, indent=1)
            except OSError as e:  # a read-only build: the level is shown, not kept
                print(f"script/check: the levels shown are not kept ({self.file}: {e.strerror}); "
                      f"give the level, --hint N", file=sys.stderr)
        return 0


class Course:
    def __init__(self, build):
        self.build = os.path.abspath(build)
        self.tsv = os.path.join(self.build, "selfcheck", "exercises.tsv")
        self.configure()
        changed = self.installed_changed()
        if changed:
            # Open MPI installed since the build was configured (Exercise 15b's README asks for it),
            # oclgrind removed: the build, its tests and the exercise list follow the machine.
            print(f"script/check: {changed} since the build was configured: configuring again", flush=True)
            self.configure(again=True)
        self.home = self.source_of_build()
        self.foreign = os.path.realpath(self.home) != os.path.realpath(ROOT)
        self.exercises, self.depends = [], {}
        self.depends = self.read_tsv()
        if self.depends is None:
            # Cut short or damaged (it is the configure step's): configuring again writes it anew.
            self.configure(again=True)
            self.depends = self.read_tsv()
            if self.depends is None:
                raise SetupError(f"{self.tsv} is damaged and configuring again did not mend it: remove "
                                 f"{self.build} and run script/check again")
        self.exercises = [e["folder"] for e in manifest.load() if e["folder"] in self.depends]
        self.parts = {folder: manifest.parts(folder) for folder in self.exercises}
        self.complete = manifest.starter_passes()
        # The saved results belong to this checkout: in its own build, or beside it for another's.
        self.state_file = (os.path.join(ROOT, ".check-state.json") if self.foreign
                           else os.path.join(self.build, "selfcheck", "state.json"))
        # Saved by an earlier run, but read as any file: one of another shape is dropped (and written
        # anew by the next save).
        self.state = valid_state(read_json(self.state_file))

    def installed_changed(self):
        """What differs between build/installed.txt (the optional packages as configure saw them,
        cmake/HocDependencies.cmake) and this machine now ("mpi installed, oclgrind removed"), or ""."""
        changes = []
        with contextlib.suppress(OSError), open(os.path.join(self.build, "installed.txt"), errors="replace") as f:
            for line in f:
                fields = line.rstrip("\n").split("\t")
                if len(fields) != 3 or fields[1] not in ("found", "missing"):
                    continue
                now = "found" if all(shutil.which(p) for p in fields[2].split()) else "missing"
                if now != fields[1]:
                    changes.append(f"{fields[0]} ({fields[2].replace(' ', ', ')}) "
                                   f"{'installed' if now == 'found' else 'removed'}")
        return ", ".join(changes)

    def read_tsv(self):
        """{folder: the folders its result depends on} from exercises.tsv; None when a line is not
        three fields or the file cannot be read."""
        depends = {}
        try:
            with open(self.tsv, encoding="utf-8", errors="replace") as f:
                for line in f:
                    fields = line.rstrip("\n").split("\t")
                    if len(fields) != 3 or not fields[0]:
                        return None
                    depends[fields[0]] = fields[2].split(":")
        except OSError:
            return None
        return depends or None

    def configure(self, again=False):
        if os.path.isfile(self.tsv) and not again:
            return
        if os.path.abspath(self.build) != os.path.join(ROOT, "build") and not again:
            raise UsageError(f"{self.build} is not a configured build of the course")
        problem = writable_folder_problem(self.build)
        if problem:
            raise SetupError(f"cannot build here: {problem}. {READ_ONLY_REMEDY}")
        print(f"script/check: configuring the build{'' if again else ' (first run)'} ...", flush=True)
        tools_missing = not shutil.which("cmake") or not shutil.which("c++")
        if tools_missing and subprocess.run([os.path.join(ROOT, "script", "bootstrap")]).returncode != 0:
            raise SetupError("script/bootstrap could not install the build tools (its message is above)")
        env = dict(os.environ)
        if shutil.which("ninja"):
            env.setdefault("CMAKE_GENERATOR", "Ninja")
        command = (["cmake", "--preset", "default"] if os.path.abspath(self.build) == os.path.join(ROOT, "build")
                   else ["cmake", "-S", self.source_of_build(), "-B", self.build])
        done = processes.run(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                             text=True)
        if done.returncode != 0:
            raise SetupError(f"cmake could not configure {self.build} (is the folder writable?):\n"
                             + done.stdout.strip()[-2000:])


    def source_of_build(self):
        with contextlib.suppress(OSError), open(os.path.join(self.build, "CMakeCache.txt"), errors="replace") as f:
            for line in f:
                if line.startswith("CMAKE_HOME_DIRECTORY:"):
                    return line.split("=", 1)[1].strip()
        return ROOT

    # --- names ---------------------------------------------------------------------------------
    def resolve(self, name):
        return resolve(name, self.exercises)

    def short(self, folder):
        return short(folder)

    # --- what changed --------------------------------------------------------------------------
    def files(self, folder):
        top = os.path.join(ROOT, "Exercises", folder)
        found = []
        for dirpath, dirnames, filenames in os.walk(top):
            dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
            for name in sorted(filenames):
                if not name.endswith((".o", ".a", "~")) and not name.startswith("."):
                    found.append(os.path.join(dirpath, name))
        return found

    def fingerprint(self, folder):
        digest = hashlib.sha256()
        tests = [manifest.test_file(folder)]
        for dep in self.depends[folder]:
            for path in self.files(dep) + [t for t in tests if os.path.isfile(t)]:
                digest.update(os.path.relpath(path, ROOT).encode())
                digest.update(source_bytes(path))
            tests = []
        return digest.hexdigest()

    def untouched(self, folder):
        """True when git says Exercises/<folder> is as the course gave it (no change in the work tree,
        the index, or commits since the upstream branch); None without git."""
        path = os.path.join("Exercises", folder)

        def git(*args):
            return processes.run(["git", "-C", ROOT, *args], stdout=subprocess.PIPE,
                                 stderr=subprocess.DEVNULL, text=True)
        if shutil.which("git") is None or git("rev-parse", "--git-dir").returncode != 0:
            return None
        status = git("status", "--porcelain", "--untracked-files=all", "--", path)
        if status.returncode != 0 or status.stdout.strip():
            return False
        # Committed but not pushed: differs from where this branch meets its upstream.
        upstream = git("merge-base", "HEAD", "@{upstream}")
        base = upstream.stdout.strip() if upstream.returncode == 0 else ""
        return not base or git("diff", "--quiet", base, "HEAD", "--", path).returncode == 0

    # --- checking ------------------------------------------------------------------------------
    def env(self, folder):
        env = dict(os.environ)
        if self.foreign:
            kernels = sorted({os.path.dirname(p) for d in self.depends[folder] for p in self.files(d)
                              if p.endswith(".cl")})
            env["HOC_KERNEL_PATH"] = ":".join(kernels + [p for p in env.get("HOC_KERNEL_PATH", "").split(":") if p])
        return env

    def host_differs(self, folder):
        """In a build of another checkout: the host files of folder that differ from that checkout's."""
        differ = []
        for path in self.files(folder):
            if path.endswith((".cl", ".md")):
                continue
            other = os.path.join(self.home, os.path.relpath(path, ROOT))
            if not os.path.isfile(other) or source_bytes(other) != source_bytes(path):
                differ.append(os.path.relpath(path, ROOT))
        return differ

    def build_exercise(self, folder):
        started = time.time()
        problem = writable_folder_problem(self.build)
        if problem:
            raise SetupError(f"cannot build {folder}: {problem}. {READ_ONLY_REMEDY}")
        result = processes.run(["cmake", "--build", self.build, "--target", f"check_{folder}", "--",
                                *(["-j", str(os.cpu_count() or 2)] if os.path.isfile(
                                    os.path.join(self.build, "build.ninja")) else [])],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if result.returncode != 0:
            # The build folder turned out not writable (a file in it owned by another user): the
            # machine's problem, said as such, never the student's code failing to build.
            denied = re.search(r"^.*(Read-only file system|Permission denied).*$", result.stdout, re.M)
            if denied and self.build in denied.group(0):
                raise SetupError(f"cannot build {folder}: {denied.group(0).strip()}. {READ_ONLY_REMEDY}")
            outside = libraries.outside_library(result.stdout, ROOT)
            if outside:  # the student's file reaches a library the room does not link: said why, first
                return outside
            named = diagnostics.host_build_failure(
                result.stdout, self.build, ROOT, f"cmake --build {os.path.relpath(self.build)} --target check_{folder}")
            if named:
                return named[0]
            unlinked = diagnostics.link_failure(result.stdout, folder, ROOT)
            if unlinked:
                return unlinked[0]
            lines = result.stdout.splitlines()
            errors = []
            for i, line in enumerate(lines):
                if re.search(r"error|Error", line):
                    errors.append(line)
                    # CMake's message follows its "CMake Error at ..." line, indented.
                    if "CMake Error" in line:
                        errors += [more for more in lines[i + 1:i + 8] if more.startswith("  ")]
            return ("\n".join(errors[:16]) or result.stdout[-2000:]).strip()
        self.build_seconds = time.time() - started
        return None

    def tests_of(self, folder, part=None):
        """[(ctest name, result key)] of the exercise's tests (of its part), in ctest's order."""
        tests = results.ctest_tests(self.build, _cmake_regex_exercise(folder), env=self.env(folder))
        if getattr(self, "test_filter", None) is not None:  # script/check NAME --tests REGEX: as ctest -R
            return [(n, k) for n, k in tests if re.search(r"exercise\." + self.test_filter, n)]
        if part:
            tests = [(n, k) for n, k in tests if re.search(self.part_regex(folder, part), _bare(n, folder))]
        return tests

    def shared_oclgrind_tests(self, folder, part):
        """A part that names no oclgrind run of its own (Exercise 16's steps: one program runs every
        kernel on oclgrind) still gets the exercise's oclgrind runs, of which only the findings in the
        part's own kernel count (part_findings): without them a race or an out-of-bounds read in the
        part's kernel passes the part's check, because its GoogleTest tests run on PoCL alone."""
        if not part or any(_bare(n, folder).startswith("oclgrind.") for n, _ in self.tests_of(folder, part)):
            return []
        return [(n, k) for n, k in self.tests_of(folder) if _bare(n, folder).startswith("oclgrind.")]

    def part_regex(self, folder, part):
        """The tests of PART of folder (course.json's parts); UsageError when it has none."""
        regex = self.parts.get(folder, {}).get(part)
        if regex is None:
            known = ", ".join(self.parts.get(folder, {})) or "none"
            raise UsageError(f"{folder} has no part {part!r} (its parts: {known})")
        return regex

    def check(self, folder, part=None, rebuild=True, quiet=False):
        """Checks one exercise; returns a result dict (status, message, counts) and saves it."""
        started = time.time()
        self.build_seconds = 0.0
        if self.foreign and self.host_differs(folder):
            return self.save(folder, part, {
                "status": "failing", "tests": 0, "failed": 0, "seconds": 0.0,
                "message": f"{folder}: the host code differs from the build's checkout ({self.home}): "
                           f"{', '.join(self.host_differs(folder))}; check it with a build of this "
                           f"checkout (script/check without --build)"})
        reached = libraries.answer_reached(folder, ROOT)
        if reached:  # a path into the answers or a library call that does the step: named before any build
            return self.save(folder, part, {"status": "failing", "tests": 0, "failed": 0,
                                            "seconds": time.time() - started, "message": reached})
        if rebuild:
            if not quiet:
                print(f"building {folder} (target check_{folder}) ...", flush=True)
            error = self.build_exercise(folder)
            if error:
                return self.save(folder, part, {"status": "failing", "tests": 0, "failed": 0,
                                                "seconds": time.time() - started,
                                                "message": error if re.match(r"\S+(:\d+: error|: the program does not "
                                                                             r"link): ", error)
                                                else f"{folder}: does not build:\n{error}"})
        tests = self.tests_of(folder, part)
        shared = self.shared_oclgrind_tests(folder, part) if tests else []
        kernels = set(manifest.part_names(folder, part)) if shared else set()
        tests, shared = tests + shared, {name for name, _ in shared}
        if not tests:
            missing = (f"{folder}: no test's name matches exercise\\.{self.test_filter} (ctest --test-dir "
                       f"{self.build} -N -L exercises lists them)" if getattr(self, "test_filter", None) is not None
                       else f"{folder}: no tests found (is it built?)")
            return self.save(folder, part, {"status": "failing", "tests": 0, "failed": 0, "seconds": 0.0,
                                            "message": missing})
        if not quiet:
            print(f"running {len(tests)} tests of {folder}{_part_label(part)} ...", flush=True)
        ran = results.run_tests(self.build, tests, ["-j", str(os.cpu_count() or 2)], env=self.env(folder))
        failed, notes = [], []
        for index, (name, result) in enumerate(ran):
            if name in shared:
                result = part_result(result, kernels)
            if result is not None and result["status"] == "skipped":
                # A check that could not collect its evidence here (oclgrind missing): said, never a verdict.
                notes += [found["text"] for found in result["findings"] if found["text"] not in notes]
            if result is None:
                failed.append((index, name, [results.finding(
                    "other", "no-result", f"{folder}: the test {_bare(name, folder)} gave no result (it is not "
                                          f"built, or ctest stopped it before it could write one)")]))
            elif result["status"] == "failed":
                failed.append((index, name, result["findings"] or [results.finding(
                    "other", "error", f"{folder}: the test {_bare(name, folder)} failed without a message")]))
        # A tool the check needs is missing (oclgrind not on PATH): the machine's problem, exit 3 with
        # the reason and the remedy, never a verdict on the student's code (and nothing saved).
        missing = [f for _, _, findings in failed for f in findings if f.get("kind") == "tool-missing"]
        if missing:
            raise SetupError(f"cannot check {folder} here: {missing[0]['text'].removeprefix(folder + ': ')}")
        message = None
        if failed:
            found, test = results.first(failed)
            message = (f"{found['text']}\n  (from test {_bare(test, folder)}; {len(failed)} of {len(tests)} "
                       f"tests failed)")
        result = {"status": "failing" if failed else "passed", "tests": len(tests), "failed": len(failed),
                  "message": message, "notes": notes, "seconds": round(time.time() - started, 1),
                  "build_seconds": round(self.build_seconds, 1)}
        return self.save(folder, part, result)

    def save(self, folder, part, result):
        if part is None:
            result["fingerprint"] = self.fingerprint(folder)
            self.state[folder] = result
            try:
                os.makedirs(os.path.dirname(self.state_file), exist_ok=True)
                with open(self.state_file, "w") as f:
                    json.dump(self.state, f, indent=1)
            except OSError as e:  # a read-only checkout or build: the result is shown, not kept
                if not getattr(self, "unsaved", False):
                    print(f"script/check: results not saved ({self.state_file}: {e.strerror}); every run "
                          f"checks again", file=sys.stderr)
                self.unsaved = True
        return result

    def status(self, folder):
        """(status, saved result or None) without running what need not run."""
        if self.untouched(folder):
            # As given: a starter fails its check, a complete one passes (CI checks both).
            if folder in self.complete:
                return "passed", {"status": "passed", "message": None, "tests": 0, "failed": 0}
            return "untouched", None
        saved = self.state.get(folder)
        if saved and saved.get("fingerprint") == self.fingerprint(folder):
            return saved["status"], saved
        return None, None


def part_result(result, kernels):
    """The result of an oclgrind run of the whole program (shared_oclgrind_tests) as a part's check sees
    it: only the findings in the part's own kernels (by name) count; the rest (another step's kernel
    unwritten, the program's own check failing for it) belongs to the other parts."""
    if result is None or result["status"] != "failed":
        return result
    mine = [f for f in result["findings"] if f.get("class") == "kernel" and f.get("kernel") in kernels]
    return dict(result, status="failed" if mine else "passed", findings=mine)


def _bare(name, folder):
    """A test's name without exercise.<Folder>. in front and ctest's '  # GetParam() = ...' behind."""
    name = re.sub(r"\s+# GetParam\(\) = .*$", "", name)
    return re.sub(rf"^(mpi\.)?exercise\.{re.escape(folder)}\.", "", name)


def _cmake_regex_exercise(folder):
    escaped = re.sub(r"([][.*+?^$|()\\{}])", r"\\\1", folder)
    return rf"^(mpi\.)?exercise\.{escaped}\.|^test_{escaped}_exercise_NOT_BUILT$"


def _part_label(part):
    """How a run of part of an exercise is named after the folder: ' part NAME', or ' --tests REGEX'."""
    return "" if not part else " " + part if part.startswith("--tests ") else " part " + part


def print_result(course, folder, part, result):
    label = paint(result["status"], STATUS_COLOUR.get(result["status"], "0"))
    what = f"{folder}{_part_label(part)}"
    if result["status"] == "passed":
        print(f"{what}: {label} ({result['tests']} tests, {result['seconds']:.0f} s)")
        for note in result.get("notes", []):
            print(f"  {note}")
    else:
        counts = f"{result['failed']} of {result['tests']} tests failed" if result["tests"] else "no test ran"
        print(f"{what}: {label} ({counts}, {result['seconds']:.0f} s)")
        print()
        print(result["message"])
    command = f"script/check {course.short(folder)}{' ' + part if part else ''}"
    print(f"\ncheck it again: {command}   (or script/check --watch {course.short(folder)})")
    if result["status"] != "passed":
        help_hint(course.build, folder, part)


def canonical_part(folder, part):
    """A part's first name in course.json (09's part1 for blocked), under which its help is kept."""
    if not part:
        return None
    return next((p["names"][0] for p in (manifest.entry(folder) or {}).get("parts", []) if part in p["names"]), part)


def help_hint(build, folder, part=None):
    """The line that offers the help in levels to a failing exercise (none where it has no help)."""
    helper = Help(build)
    part = canonical_part(folder, part)
    levels = helper.levels(folder, part) or helper.levels(folder)
    if part and not helper.levels(folder, part):
        part = None
    if levels:
        seen = helper.seen(folder, part)
        command = f"script/check {short(folder)}{' ' + part if part else ''} --hint"
        print(f"stuck? {command} gives help in {len(levels)} levels, from the idea to close to the code "
              f"({seen} seen so far)")


def view(course):
    rows, first_failing, first_open = [], None, None
    for folder in course.exercises:
        status, saved = course.status(folder)
        if status is None:
            print(paint(f"checking {folder} ...", "2"), flush=True)
            saved = course.check(folder, quiet=True)
            status = saved["status"]
        rows.append((folder, status))
        if status == "failing" and first_failing is None:
            first_failing = (folder, saved)
        if status != "passed" and first_open is None:
            first_open = folder
    passed = sum(1 for _, s in rows if s == "passed")
    print(f"\nHands-on OpenCL: {passed} of {len(rows)} exercises passed\n")
    for folder, status in rows:
        mark = {"passed": "[x]", "failing": "[!]", "untouched": "[ ]"}.get(status, "[?]")
        print(f"  {mark} {paint(f'{status:<9}', STATUS_COLOUR.get(status, '0'))}  {course.short(folder):<4} {folder}")
    print()
    if first_failing:
        folder, saved = first_failing
        print(f"First failing: {folder}\n")
        print(saved["message"])
        short = course.short(folder)
        print(f"\ncheck just it: script/check {short}   (or script/check --watch {short})")
        help_hint(course.build, folder)
    elif first_open:
        print(f"Next: {first_open}: read Exercises/{first_open}/README.md, then "
              f"script/check {course.short(first_open)}")
    else:
        print("Every exercise passes.")
    return 0 if passed == len(rows) else 1


def watch(course, name):
    folder = course.resolve(name) if name else next(
        (f for f in course.exercises if course.status(f)[0] != "passed"), course.exercises[0])

    def snapshot():
        stamps = {}
        for f in course.exercises:
            for path in course.files(f):
                with contextlib.suppress(OSError):  # a file removed while the list was read
                    stamps[path] = os.stat(path).st_mtime_ns
        return stamps

    print(f"watching Exercises/ (checking {folder} now; save a file of an exercise to check it; Ctrl-C stops)")
    result = course.check(folder)
    print_result(course, folder, None, result)
    before = snapshot()
    try:
        while True:
            time.sleep(0.5)
            now = snapshot()
            changed = [p for p in now if before.get(p) != now[p]] + [p for p in before if p not in now]
            before = now
            if not changed:
                continue
            owners = [f for f in course.exercises
                      if any(p.startswith(os.path.join(ROOT, "Exercises", f) + os.sep) for p in changed)]
            if folder not in owners and owners:
                folder = owners[0]
            kernels_only = all(p.endswith(".cl") for p in changed)
            print(paint(f"\n---- {time.strftime('%H:%M:%S')}: {', '.join(os.path.relpath(p, ROOT) for p in changed)} "
                        f"changed: checking {folder}{' (kernels only: no build)' if kernels_only else ''}", "1"))
            result = course.check(folder, rebuild=not kernels_only)
            print_result(course, folder, None, result)
    except KeyboardInterrupt:
        print()
        return 0 if result["status"] == "passed" else 1


def parse(argv):
    parser = argparse.ArgumentParser(
        prog="script/check", description=__doc__.split("\n\n")[0],
        epilog="\n\n".join(__doc__.split("\n\n")[1:]), formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("name", nargs="?", help="the exercise: 04, Exercise04 or its whole folder name")
    parser.add_argument("part", nargs="?", help="one part of it (course.json lists them)")
    parser.add_argument("--watch", action="store_true", help="check again whenever a file is saved")
    parser.add_argument("--tests", metavar="REGEX",
                        help="only NAME's tests whose ctest names match exercise\\.REGEX (not kept)")
    parser.add_argument("--build", default=os.path.join(ROOT, "build"), help="the build folder")
    parser.add_argument("--hint", nargs="?", const="next", metavar="LEVEL",
                        help="help for NAME in levels: the next one (or LEVEL); builds and runs nothing")
    args = parser.parse_args(argv)
    if args.watch and args.part:
        parser.error("--watch takes one exercise, not a part")
    if args.hint and (args.watch or not args.name):
        parser.error("--hint takes an exercise: script/check NAME [PART] --hint")
    if args.tests is not None and (args.watch or args.hint or args.part or not args.name):
        parser.error("--tests takes one exercise and no part: script/check NAME --tests REGEX")
    if args.tests is not None:
        try:
            re.compile(args.tests)
        except re.error as e:
            parser.error(f"--tests {args.tests!r} is not a regular expression: {e}")
    return args


def main(argv):
    args = parse(argv)
    if args.hint:
        folder = resolve(args.name, [e["folder"] for e in manifest.load()])
        if args.part is not None and args.part not in manifest.parts(folder):
            known = ", ".join(manifest.parts(folder)) or "none"
            raise UsageError(f"{folder} has no part {args.part!r} (its parts: {known})")
        return Help(args.build).show(folder, canonical_part(folder, args.part), args.hint)
    course = Course(args.build)
    if args.watch:
        return watch(course, args.name)
    if not args.name:
        return view(course)
    folder = course.resolve(args.name)
    if args.part is not None:
        course.part_regex(folder, args.part)  # an unknown part is refused before anything is built
    part = args.part
    if args.tests is not None:
        # The tests a regular expression names, shown and run again as "--tests REGEX"; like a
        # part's, their result is not kept as the exercise's.
        course.test_filter = args.tests
        part = "--tests " + shlex.quote(args.tests)
    result = course.check(folder, part)
    print_result(course, folder, part, result)
    return 0 if result["status"] == "passed" else 1


def run(argv):
    """main, with every way it can stop turned into one line and an exit status, never a traceback:
    2 the user's input, 3 the machine or the course's own files (a folder that cannot be written or
    read, a missing tool, a damaged course.json), 130 Ctrl-C (143 SIGTERM, 129 SIGHUP). Whatever it
    started ends with it (processes.py)."""
    if sys.stdout is None or sys.stderr is None:
        with contextlib.suppress(OSError):
            os.write(2, b"script/check: standard output is closed: run it with its output to a terminal or a file\n")
        return 3
    processes.install()
    try:
        return main(argv)
    except UsageError as e:
        print(f"script/check: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        # The builds and tests we started, each in a process group of its own, were ended first.
        print("\nscript/check: interrupted (Ctrl-C)", file=sys.stderr)
        return 128 + signal.SIGINT
    except manifest.ManifestError as e:
        print(f"script/check: {e} (restore it: git checkout -- course.json)", file=sys.stderr)
        return 3
    except BrokenPipeError:
        # The reader of our output went away (script/check | head): nothing more to say to it.
        # What is still buffered goes to /dev/null at exit instead of the closed pipe.
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 3
    except (SetupError, OSError) as e:
        text = str(e) if isinstance(e, SetupError) else f"{e.filename or ''}: {e.strerror or e}"
        print(f"script/check: {text}", file=sys.stderr)
        return 3
    except SystemExit as e:
        # SIGTERM or SIGHUP (processes.py): what we started is ended; say so, with its status.
        if e.code in (128 + signal.SIGTERM, 128 + signal.SIGHUP):
            print(f"\nscript/check: stopped ({signal.Signals(e.code - 128).name})", file=sys.stderr)
        raise
    except Exception as e:  # a defect of this script: one line naming where, never a traceback
        frame = e.__traceback__
        while frame and frame.tb_next:
            frame = frame.tb_next
        where = f" at {os.path.basename(frame.tb_frame.f_code.co_filename)}:{frame.tb_lineno}" if frame else ""
        print(f"script/check: internal error{where}: {type(e).__name__}: {e} (a defect of script/check; "
              f"please report it with the command you ran)", file=sys.stderr)
        return 3


if __name__ == "__main__":
    sys.exit(run(sys.argv[1:]))
