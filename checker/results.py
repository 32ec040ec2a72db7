"""The exercise self-check's structured results: what every exercise test writes and script/check reads.

When HOC_RESULTS_DIR is set (script/check and `selfcheck.py starter` set it for their ctest run), each
exercise test writes one file, DIR/<quoted key>.json, where the key is what ctest's command names the
test by: the GoogleTest filter of a course test (selfcheck.py gtest), or the --name of an oclgrind run
(selfcheck.py oclgrind) or an MPI run (checker/check_mpi.py). The file:

  {"schema": 1, "exercise": FOLDER, "test": KEY, "status": "passed" | "failed" | "skipped",
   "findings": [FINDING, ...]}

and a FINDING (the first message is one finding's "text", shown whole):

  {"class": "kernel" | "crash" | "assertion" | "technique" | "other",
   "kind": an oclgrind kind of explain.ORDER (race-local, bounds-global, ...) for "kernel";
           "crash", "hang" for "crash"; "assertion", "exception" for "assertion"; "technique" for
           "technique" (technique.py: the counts show the exercise's idea missing);
           "tool-crash", "tool-hang", "wrong-result", "error", "no-result", "no-evidence",
           "not-collected" for "other",
   "file": "Exercises/<Folder>/<file>" or a test file, "line": N, "kernel": NAME (when known),
   "hint": the hint alone (when the producer has it apart: explain.py's for a kernel finding, the
           course test's own, course.json's "hints", for an assertion), "text": the whole message}

The first message is the finding that ranks first (rank()): a kernel finding (by explain.ORDER), then
a crash or hang of the student's program, then a failed GoogleTest assertion, then a technique the
student's kernel does not use (right values, the lesson's idea missing: after every wrong value), then
anything else (a tool's own failure, a wrong result with no finding, a test that gave no result);
within a class the test that comes first in the exercise's test order, then the finding's own order."""
import contextlib
import fcntl
import json
import os
import re
import shutil
import subprocess
import tempfile
import urllib.parse

from . import processes
from .explain import ORDER

SCHEMA = 1
CLASSES = ["kernel", "crash", "assertion", "technique", "other"]


def file_name(key):
    """The result file's name for a test key (a GoogleTest name has '/': quoted)."""
    return urllib.parse.quote(key, safe="") + ".json"


def finding(klass, kind, text, file=None, line=None, kernel=None, hint=None):
    assert klass in CLASSES, klass
    found = {"class": klass, "kind": kind, "text": text}
    for name, value in (("file", file), ("line", line), ("kernel", kernel), ("hint", hint)):
        if value is not None:
            found[name] = value
    return found


def write(exercise, key, status, findings=(), directory=None):
    """Writes the result of one test to HOC_RESULTS_DIR (or directory); nothing when neither is set."""
    directory = directory or os.environ.get("HOC_RESULTS_DIR")
    if not directory:
        return None
    os.makedirs(directory, exist_ok=True)
    path = os.path.join(directory, file_name(key))
    result = {"schema": SCHEMA, "exercise": exercise, "test": key, "status": status,
              "findings": list(findings)}
    with open(path + ".part", "w", encoding="utf-8") as f:
        json.dump(result, f, indent=1)
    os.replace(path + ".part", path)  # whole or not at all
    return path


def read(directory, key):
    """The result of the test `key` in directory, or None when it wrote none."""
    try:
        with open(os.path.join(directory, file_name(key)), encoding="utf-8") as f:
            result = json.load(f)
    except (OSError, ValueError):
        return None
    return result if isinstance(result, dict) and result.get("schema") == SCHEMA else None


def key_of(command):
    """The key a test's ctest command names it by: its --gtest_filter=, else its --name."""
    for i, word in enumerate(command):
        if word.startswith("--gtest_filter="):
            return word.split("=", 1)[1]
        if word == "--name" and i + 1 < len(command):
            return command[i + 1]
    return None


def rank(found):
    """The order of a finding among the first-message candidates of one test (smaller: shown first)."""
    klass = CLASSES.index(found.get("class", "other")) if found.get("class") in CLASSES else len(CLASSES)
    kind = ORDER.index(found["kind"]) if klass == 0 and found.get("kind") in ORDER else len(ORDER)
    return klass, kind


def first(failed):
    """failed: [(test index, test name, findings)] of the failed tests, in the exercise's test order.
    Returns (finding, test name) of the first message: the best-ranked finding, ties going to the
    earlier test and then to the earlier finding of that test."""
    candidates = []
    for index, test, findings in failed:
        for order, found in enumerate(findings):
            candidates.append(((*rank(found), index, order), found, test))
    if not candidates:
        return None, None
    candidates.sort(key=lambda c: c[0])
    return candidates[0][1], candidates[0][2]


def gtest_findings(report):
    """The findings of GoogleTest's JSON report (--gtest_output=json) of one test program run: one
    "assertion" finding per failure, its file and line from the failure's first line (GoogleTest writes
    "FILE:LINE" there, "unknown file" for an exception), its text the rest, whole (the hint a test
    streams after its check included), and its hint apart: the longest of the hints the test recorded
    (its properties "hint", "hint_2", ...: tests/support/hoc_hint.hpp) that the text holds.
    Returns {test name: (status, findings)}."""
    tests = {}
    for suite in report.get("testsuites", []):
        for case in suite.get("testsuite", []):
            name = f"{suite.get('name')}.{case.get('name')}"
            hints = [value for key, value in case.items()
                     if isinstance(value, str) and re.fullmatch(r"hint(_[0-9]+)?", key)]
            findings = []
            for failure in case.get("failures", []):
                head, _, text = failure.get("failure", "").partition("\n")
                file, _, line = head.rpartition(":")
                if not line.isdigit():
                    file, line = None, None
                kind = "exception" if file is None and "exception" in text else "assertion"
                text = _without_gtest_frame(text.strip())
                held = sorted((h for h in hints if h and h in text), key=len)
                findings.append(finding("assertion", kind, text, file=file, line=int(line) if line else None,
                                        hint=held[-1] if held else None))
            if findings:
                status = "failed"
            elif case.get("result") == "SKIPPED" or case.get("status") == "NOTRUN":
                status = "skipped"
            else:
                status = "passed"
            tests[name] = (status, findings)
    return tests


def _gtest_frame(lines):
    """How many of lines, from the first, are GoogleTest's own frame of a failed check (not what the
    test streams after it): 0 where the first line starts none of the frames it writes."""
    if not lines:
        return 0
    head = lines[0]

    def more(start, belongs):
        n = start
        while n < len(lines) and belongs(lines[n]):
            n += 1
        return n

    if head == "Expected equality of these values:":  # EXPECT_EQ, _STREQ, _DOUBLE_EQ, _FLOAT_EQ
        n = more(1, lambda line: line.startswith("  "))
        if n < len(lines) and lines[n] == "With diff:":
            n = more(n + 1, lambda line: line.startswith(("@@", "-", "+", " ")))
        return n
    if re.match(r"Expected: \(.*\) (==|!=|<=|<|>=|>) \(.*\), actual: ", head):  # EXPECT_NE, _LT, _LE, ...
        return 1
    if head.startswith("The difference between ") and head.endswith(", where"):  # EXPECT_NEAR
        return more(1, lambda line: " evaluates to " in line)
    if head.startswith("Expected: ") and ("throw" in head):  # EXPECT_THROW, _NO_THROW, _ANY_THROW
        return more(1, lambda line: line.startswith("  Actual: "))
    if head.startswith("Value of: "):  # EXPECT_FALSE, EXPECT_THAT, a plain EXPECT_TRUE
        return more(1, lambda line: line.startswith(("  Actual: ", "Expected: ", "  Which is: ")))
    if head.endswith(" evaluates to false, where"):  # EXPECT_PRED
        return more(1, lambda line: " evaluates to " in line)
    if head == "Failed":  # FAIL() and ADD_FAILURE(): the message follows
        return 1
    return 0


def _without_gtest_frame(text):
    """A failed check as the student should read it: the course's sentence (what the test streams after
    the check, or a boolean check's own message) first. GoogleTest frames a boolean check's message as
    'Value of: EXPR / Actual: false (MESSAGE) / Expected: true', which becomes MESSAGE; any other frame
    (Expected equality of these values, The difference between ... evaluates to ..., Expected: (a) <=
    (b), ...) goes after the test's own lines, in one line, or stays where the test streams nothing but
    for an equality, which becomes one sentence of its two sides (_equality_sentence). An
    exception's frame ('C++ exception with description "WHAT" thrown in the test body.') goes: WHAT stays."""
    # An exception: 'C++ exception with description "WHAT" thrown in the test body.' (or in SetUp(), ...)
    # becomes WHAT, the course's sentence (a failed build's message and log, an OpenCL call's error).
    thrown = re.fullmatch(r'C\+\+ exception with description "(.*)" thrown in [^\n"]*\.', text, re.DOTALL)
    if thrown and thrown.group(1).strip():
        text = thrown.group(1).strip()
    lines = text.split("\n")
    if (len(lines) >= 3 and lines[0].startswith("Value of: ") and lines[1].startswith("  Actual: false (")):
        end = next((i for i in range(1, len(lines)) if lines[i] == "Expected: true"), None)
        if end is not None:
            message = "\n".join(lines[1:end])[len("  Actual: false ("):]
            message = message[:-1] if message.endswith(")") else message
            rest = [line for line in lines[end + 1:] if line.strip()]
            return "\n".join([message.strip(), *rest])
    frame = _gtest_frame(lines)
    rest = [line for line in lines[frame:] if line.strip()]
    if frame and not rest and lines[0] == "Expected equality of these values:":
        said = _equality_sentence(lines[1:frame])
        if said:
            return said
    if not frame or not rest:
        return "\n".join(line for line in lines if line.strip())
    shown = [line for line in lines[:frame] if line.strip() and line not in ("Failed",)]
    # EXPECT_TRUE(flag): 'Value of: flag / Actual: false / Expected: true' says nothing the message does not.
    if shown and shown[0].startswith("Value of: ") and shown[1:] == ["  Actual: false", "Expected: true"]:
        shown = []
    return "\n".join(rest + ([f"  (the check: {' '.join(line.strip() for line in shown)})"] if shown else []))


def _equality_sentence(lines):
    """EXPECT_EQ's frame with nothing streamed after it ("  a / Which is: 1 / b / Which is: 2") as one
    sentence: "a is 1, where the test expects 2" (a literal's side has no "Which is"), "a is 1 and b is 2:
    the test expects them equal" where both are expressions; None for any other shape."""
    sides, at = [], 0
    while at < len(lines):
        if not lines[at].startswith("  ") or lines[at].startswith("    "):
            return None
        expression, value = lines[at].strip(), None
        if at + 1 < len(lines) and lines[at + 1].startswith("    Which is: "):
            value = lines[at + 1][len("    Which is: "):]
            at += 1
        sides.append((expression, value))
        at += 1
    if len(sides) != 2:
        return None
    (a, av), (b, bv) = sides
    if av is not None and bv is None:
        return f"{a} is {av}, where the test expects {b}"
    if bv is not None and av is None:
        return f"{b} is {bv}, where the test expects {a}"
    if av is not None:
        return f"{a} is {av} and {b} is {bv}: the test expects them equal"
    return None


def cmake_exact(name):
    """A ctest -R regular expression that matches exactly name."""
    return "^" + re.sub(r"([][.*+?^$|()\\{}])", r"\\\1", name) + "$"


@contextlib.contextmanager
def discovery_lock(build):
    """Held while one ctest reads the build's test lists. Each test program's GoogleTest list is
    found when ctest starts (DISCOVERY_MODE PRE_TEST, tests/course/CMakeLists.txt) whenever the
    program or its CMake file is newer than the list: after any configure or build, every ctest
    started then writes the lists anew. Several at once (the self-check's starters side by side, or
    script/check beside them) write and read the same file together, and a ctest that read it half
    written has none of that program's tests: in the starter test of Exercise 09b, 21 of its
    27 tests then gave no result. One at a time, the first writes the lists and the others find them
    current. Where the build folder cannot hold the lock file, no lock is taken."""
    path = os.path.join(build, "selfcheck", "discovery.lock")
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        descriptor = os.open(path, os.O_CREAT | os.O_WRONLY, 0o644)
    except OSError:
        yield
        return
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX)
        yield
    finally:
        os.close(descriptor)  # closing it releases the lock


def ctest_tests(build, regex, env=None):
    """[(name, key)] of the tests of build whose names match regex (ctest's -R), in ctest's order.
    The test lists are brought up to date under discovery_lock, so the run that follows finds them so."""
    with discovery_lock(build):
        listing = processes.run(["ctest", "--test-dir", build, "--show-only=json-v1", "-R", regex],
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
    try:
        tests = json.loads(listing.stdout or "{}").get("tests", [])
    except ValueError:
        tests = []
    for t in tests:
        properties = {p.get("name"): p.get("value") for p in t.get("properties", []) if isinstance(p, dict)}
        COMMANDS[t["name"]] = (t.get("command", []), properties.get("WORKING_DIRECTORY"),
                               "ENVIRONMENT" in properties, properties.get("TIMEOUT"))
    return [(t["name"], key_of(t.get("command", []))) for t in tests]


# What ctest_tests read of each test: (command, working directory, whether it sets an environment,
# its time limit), for run_tests' runs of several GoogleTest tests in one process.
COMMANDS = {}
# A batch of GoogleTest tests stops after this many seconds; the tests it did not finish run one by one.
BATCH_SECONDS = 30


def _batches(tests):
    """{(command without its filter, working directory): [(name, key)]} of the GoogleTest tests of
    tests (run through selfcheck.py gtest, one filter each, no environment of their own). The filter
    may have arguments after it (CMake's gtest_discover_tests adds --gtest_also_run_disabled_tests)."""
    groups = {}
    for name, key in tests:
        command, cwd, has_environment, _ = COMMANDS.get(name, ([], None, True, None))
        filters = [i for i, word in enumerate(command) if word.startswith("--gtest_filter=")]
        if (not key or has_environment or len(filters) != 1 or "checker.selfcheck" not in command
                or "gtest" not in command):
            continue
        groups.setdefault((tuple(command[:filters[0]] + command[filters[0] + 1:]), cwd), []).append((name, key))
    return groups


def run_tests(build, tests, extra=(), env=None):
    """As ctest_run, but the GoogleTest tests of each test program run in one process first (selfcheck.py
    gtest with HOC_GTEST_BATCH=1 and every key in its filter; its --timeout at most BATCH_SECONDS): one
    start of the program, its platform and its kernels instead of one per test), while ctest runs every
    other test (oclgrind, technique); then what a batch did not decide (a crash, a hang: gtest_batch)
    runs through ctest as before, each test writing its own result. HOC_CHECK_BATCH=0 runs every test
    through ctest."""
    directory = tempfile.mkdtemp(prefix="results.")
    try:
        env = dict(env if env is not None else os.environ, HOC_RESULTS_DIR=directory)
        batches = _batches(tests) if os.environ.get("HOC_CHECK_BATCH", "1") != "0" else {}
        batches = {where: members for where, members in batches.items() if len(members) >= 2}
        running = []
        for (prefix, cwd), members in batches.items():
            command = list(prefix)
            with contextlib.suppress(ValueError, IndexError):
                at = command.index("--timeout") + 1
                command[at] = str(min(float(command[at]), BATCH_SECONDS))
            command.append("--gtest_filter=" + ":".join(key for _, key in members))
            with contextlib.suppress(OSError):
                running.append(processes.start(command, cwd=cwd, env=dict(env, HOC_GTEST_BATCH="1"),
                                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        # The other tests (oclgrind, technique) run meanwhile, on the other core.
        batched = {name for members in batches.values() for name, _ in members}
        others = [(name, key) for name, key in tests if name not in batched]
        if others:
            processes.run(["ctest", "--test-dir", build, *extra, "-R", "|".join(cmake_exact(n) for n, _ in others)],
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        for process in running:
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=BATCH_SECONDS + 30)
            processes.end(process, grace=0)
        rest = [(name, key) for name, key in tests if name in batched and read(directory, key) is None]
        if rest:
            exact = "|".join(cmake_exact(name) for name, _ in rest)
            processes.run(["ctest", "--test-dir", build, *extra, "-R", exact],
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        return [(name, read(directory, key) if key else None) for name, key in tests]
    finally:
        shutil.rmtree(directory, ignore_errors=True)


def ctest_run(build, tests, extra=(), env=None):
    """Runs the named tests (from ctest_tests) once, each writing its result into a fresh folder, and
    returns [(name, result or None)] in the same order: None for a test that wrote none (one not
    built, one ctest stopped, one after --stop-on-failure's first failure)."""
    directory = tempfile.mkdtemp(prefix="results.")
    try:
        env = dict(env if env is not None else os.environ, HOC_RESULTS_DIR=directory)
        exact = "|".join(cmake_exact(name) for name, _ in tests) if tests else "^$"
        # In a process group of its own with its tests, ended with it (processes.py).
        processes.run(["ctest", "--test-dir", build, *extra, "-R", exact],
                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        return [(name, read(directory, key) if key else None) for name, key in tests]
    finally:
        shutil.rmtree(directory, ignore_errors=True)
