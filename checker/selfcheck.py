#!/usr/bin/env python3
"""The exercise self-check's drivers (checker/CMakeLists.txt registers them):

  selfcheck.py gtest --exercise FOLDER --timeout SECONDS [--build DIR] [--kernels DIR[:DIR...]]
                    [--reproduce "PROGRAM ARGS..."] -- TEST_PROGRAM ARGS...
      Runs one exercise test program (ctest puts this in front of it). A program that crashes (a
      signal: on PoCL's CPU device a kernel writing past the end of a buffer takes the whole process
      with it) or runs past SECONDS (a kernel that never ends, or memory corrupted by a write past an
      end) gets a message that names the exercise, the sizes the test ran (from its name: M70_N9_K1025,
      N1025) and runs the exercise program (--reproduce: its check run, the sizes put in) on oclgrind
      at those sizes, so that the first message is oclgrind's finding with the kernel line, and the
      command to run it again.

  selfcheck.py oclgrind --exercise FOLDER [--name NAME] --kernels DIR[:DIR...] [--expect KIND...]
               [--expect-where PREFIX] [--expect-text TEXT...] [--no-uninitialized] [--uniform-writes]
               [--plant ID]
               -- PROGRAM ARGS...
      Runs the exercise's program on oclgrind's simulated device with its race, bounds,
      uninitialized-value, barrier and API checks (through tests/reliability/oclgrind_check) and
      explains every kind of finding (explain.py): the student's kernel file and line
      (Exercises/<Folder>/<file>.cl:LINE), what kind of bug, and a hint chosen from the evidence. The
      most specific finding comes first, in a fixed order, after the line "== first message ==";
      an oclgrind crash, a hang and a wrong result with no finding are said as such.
      With --expect (the checker's own tests, checker/planted): passes only when the
      check fails and its FIRST finding is of KIND (race-local, race-global, bounds-global,
      bounds-local, bounds-private, uninitialized, uninitialized-local, divergence, api,
      wrong-result: exit 1 and no finding, error: another exit status and no finding), the first
      message starts with PREFIX and says every TEXT.
      --plant ID makes the planted bug itself (checker/planted/<Folder>/<bug>.diff, planted.py):
      the solution's FILE with the bug's diff applied (a kernel that has moved on under the diff stops
      the test rather than planting the bug somewhere else), written to
      <scratch>/Exercises/<Folder>/FILE (paths are told from <scratch>, as the student would see
      them); the program finds the copy first (HOC_KERNEL_PATH).

  With HOC_RESULTS_DIR set (script/check, starter below), gtest and oclgrind (given --name, the
  ctest test's name) also write the test's structured result there (results.py): what script/check
  reads, never the text printed here.

  selfcheck.py starter --exercise FOLDER --build DIR [--complete]
  selfcheck.py parts --build DIR / view --build DIR / scratch --build DIR
      The course checked both ways (each function's documentation says how): the untouched starter
      fails (or, --complete, passes), every part of course.json names tests, the progress view, and
      an exercise added as its folder plus one course.json entry (a scratch copy of Exercise 03).

  selfcheck.py hint --plant ID --expect-text TEXT... -- TEST_PROGRAM ARGS...
      The checker's tests of the course tests' hints: runs a solution's test program (a GoogleTest
      filter in ARGS) with the planted bug ID (as above); passes only when the tests fail and the
      first message script/check would show (the first finding of GoogleTest's report, results.py)
      holds every TEXT (the message naming the bug's symptom and the hint that points at it), with
      the hint also apart in its finding (a hint of course.json, tests/support/hoc_hint.hpp).
"""
import atexit
import contextlib
import itertools
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile

from . import diagnostics, manifest, planted, processes, results
from .calls import Trace
from .explain import ORDER, explain, parse_log
from .host import (
    folders_run,
    hang_finding,
    host_explanations,
    launch_without_event,
    queue_without_profiling,
    refused_launch,
    refused_transfer,
    unmapped_host_ptr,
    unwaited_read,
)

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)  # the course's top folder
OCLGRIND_CHECK = os.path.join(TOP, "tests", "reliability", "oclgrind_check")

FIRST = "== first message =="  # printed for the reader of the test's output; script/check reads the results


def first_message(lines):
    """Prints the block script/check reads: the marker, then the message, then an empty line."""
    print(FIRST)
    print(lines.rstrip())
    print()


def plant_bug(bug_id, target_dir):
    """Writes the file of the planted kernel bug bug_id (Folder.bug: checker/planted/, planted.py)
    into target_dir; a bug that no longer applies (its lines changed) stops the test saying so."""
    try:
        bug = planted.Bug(bug_id)
        if bug.kind == "host":
            sys.exit(f"selfcheck.py: --plant: {bug.shown} changes host code ({bug.path}), which is built "
                     f"into a copy of the library, not planted at run time")
        text = bug.text()
    except planted.NotApplied as e:
        sys.exit(f"selfcheck.py: --plant: {e}")
    with open(os.path.join(target_dir, bug.file), "w", encoding="utf-8") as f:
        f.write(text)


def kernel_finding(e, text=None):
    """An oclgrind explanation (explain.py) as a finding of the structured results."""
    return results.finding("kernel", e.kind, text or e.text(), file=e.where, line=e.line or None,
                           kernel=e.kernel, hint=e.hint)


def with_others(explanations):
    """The first explanation's text, followed by the other kinds of finding oclgrind reported in one
    line each: script/check shows one message, and a race or a barrier ranked below an out-of-bounds
    finding is a second bug, not a consequence of the first (uninitialized values, which often follow
    from a wrong index or a missing barrier, are named as possibly following)."""
    text = explanations[0].text()
    others = [e for e in explanations[1:] if e.kind != "tool"]
    if others:
        text += "\n  also found (the next messages):"
        for e in others:
            note = (" (it may follow from the finding above)" if e.kind.startswith("uninit") else
                    ": a second bug, not a consequence of the one above")
            text += f"\n    {e.first_line()}{note}"
    return text


CAP_HIT = "errors generated - suppressing further errors"  # oclgrind 21.10, at its --max-errors


def run_oclgrind(exercise, program, search, root, extra=(), timeout=300, parsed=False):
    """Runs `program` on oclgrind with its checks; returns (exit status, program output, explanations,
    the first message as a finding of the structured results, or None). Prints nothing. With parsed
    (the second run after the error cap), returns (status, output, oclgrind's log, None) instead."""
    command = " ".join(os.path.relpath(program[0]) if i == 0 else a for i, a in enumerate(program))
    if shutil.which("oclgrind") is None:
        # The machine's problem, not the student's: script/check says so (exit 3), never "failing".
        return 127, "", [], results.finding("other", "tool-missing", (
            f"{exercise}: oclgrind, which runs your kernels on a simulated device to find races and "
            f"out-of-range accesses, is not installed here (or not on PATH), so this part of the check "
            f"cannot run: install it (script/bootstrap, or apt-get install oclgrind; Debian 12 packages "
            f"it, Debian 13 does not) and check again"))
    fd, log = tempfile.mkstemp(prefix="oclgrind.")
    os.close(fd)
    # The program's OpenCL calls (tests/trace): the evidence that names host code (host.py).
    fd, calls_file = tempfile.mkstemp(prefix="calls.", suffix=".json")
    os.close(fd)
    command = " ".join(os.path.relpath(program[0]) if i == 0 else a for i, a in enumerate(program))
    try:
        # In a process group of its own, ended whole at the time limit: oclgrind and the program under
        # it, not only the oclgrind_check shell (a kernel that never ends grows oclgrind's memory by
        # about a gigabyte a minute).
        result = processes.run([OCLGRIND_CHECK, *extra, "--log", log, "--", *program],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=timeout,
                               env=dict(os.environ, HOC_TRACE=calls_file))
        with open(log, errors="replace") as f:
            text = f.read()
        calls = Trace(calls_file)
    except subprocess.TimeoutExpired as e:
        output = e.stdout.decode(errors="replace") if isinstance(e.stdout, bytes) else (e.stdout or "")
        if parsed:
            return 124, output, "", None  # the first run's findings stand
        message = (f"{exercise}: the program ran more than {timeout} s on oclgrind at a tiny size and was "
                   f"stopped (run: {command}). Either a kernel never ends (a loop whose counter never "
                   f"reaches its bound, a work-item waiting for another), or a write past the end of a "
                   f"buffer or array has overwritten memory the loop or the runtime depends on (a "
                   f"corrupted bound or counter): look for the out-of-bounds finding first")
        return 124, output, [], results.finding("other", "hang", message)
    finally:
        os.unlink(log)
        os.unlink(calls_file)
    output = result.stdout
    if parsed:
        return result.returncode, output, text, None
    # The sizes the run was given (--m 17 --n 33): explain.py reads them as the kernel's parameters of
    # those names, to tell which part of an index ran out of its buffer.
    values = {a[2:]: int(b) for a, b in itertools.pairwise(program) if a.startswith("--") and re.fullmatch(r"\d+", b)}
    if CAP_HIT in text and "--no-races" not in extra:
        # oclgrind stopped reporting at its error cap: races (and the uninitialized reads that follow
        # from them) in the first work-groups can fill it before a later work-group's out-of-bounds
        # access (the last group of a size one past a multiple of the work-group). A second run with
        # only the memory, barrier and API checks reaches it; explain() tells one finding per kind.
        _, _, more, _ = run_oclgrind(exercise, program, search, root,
                                     [*extra, "--no-races", "--no-uninitialized"], timeout, parsed=True)
        text += "\n" + more
    hang = hang_finding(calls, root)
    if hang:  # a wait that could never return: the record's watchdog stopped the program
        return 124, output, [], results.finding("kernel", "host-wait", hang[0], file=hang[1], line=hang[2],
                                                 hint=hang[3])
    findings = parse_log(text)
    # Host code first where the record of the OpenCL calls explains a kernel finding (a buffer sized in
    # elements, arguments swapped): the kernel's own explanation of those findings is then left out.
    hosted, explained = host_explanations(findings, calls, search, root, values)
    explanations = hosted + explain([f for f in findings if id(f) not in explained], search, root, values,
                                    calls.sources)
    explanations.sort(key=lambda x: ORDER.index(x.kind))
    status = result.returncode
    # oclgrind's own failures (OCLGRIND FATAL ERROR: what it cannot run) are no finding in the kernel:
    # said as such, never the first message; a program that still ran right passes.
    tool = [x for x in explanations if x.kind == "tool"]
    explanations = [x for x in explanations if x.kind != "tool"]
    if tool and not explanations:
        print(tool[0].text())
        if not re.search(r"FAILED: exit status \d+", output):
            return 0, output, [], None
        # oclgrind stopped inside a kernel, so the values the program found wrong on it are no evidence.
        return status, output, [], (
            f"{exercise}: oclgrind could not run your kernels to the end ({tool[0].head}; run: {command}): a "
            f"failure of the tool, not a verdict on your code, and the program's wrong values on oclgrind "
            f"follow from it. The PoCL tests of this exercise still check the values")
    # oclgrind_check prints the program's exit status; a signal there is oclgrind itself crashing
    # (21.10 segfaults on some float4 kernels), not the kernel: the wrapper sees 128 + signal.
    crashed = re.search(r"FAILED: exit status (1[3-9]\d|2\d\d)", output)
    if explanations:
        return status, output, explanations, kernel_finding(explanations[0], with_others(explanations))
    # A non-blocking read that nothing waited for: the values may be right here by chance (oclgrind runs a
    # command when it is enqueued), so the record, not the values, tells.
    unwaited = unwaited_read(calls, root, exercise) if exercise else None
    if unwaited and not crashed:
        return status or 1, output, [], results.finding("kernel", "host-read", unwaited[0], file=unwaited[1],
                                                         line=unwaited[2], hint=unwaited[3])
    # A USE_HOST_PTR buffer's host array looked at with no map after the kernel: right on a CPU by chance.
    unmapped = unmapped_host_ptr(calls, root, exercise) if exercise else None
    if unmapped and not crashed:
        return status or 1, output, [], results.finding("kernel", "host-read", unmapped[0], file=unmapped[1],
                                                         line=unmapped[2], hint=unmapped[3])
    if crashed:
        code = int(crashed.group(1))
        name = signal.Signals(code - 128).name if 128 < code < 160 else str(code)
        return status, output, [], results.finding("other", "tool-crash", (
            f"{exercise}: oclgrind itself crashed ({name}) while running your kernels (run: {command}), "
            f"before it reported any finding: a crash of the tool, not a verdict on your code (oclgrind "
            f"21.10 crashes on some float4 kernels). The PoCL tests of this exercise still check the values"))
    if status != 0:
        return status, output, [], _failed_run(exercise, command, status, output, calls, search, root, program[0])
    return status, output, [], None


def _exercise_state(folder, build):
    """What script/check knows of an exercise: untouched (git: as given), its saved result, or changed."""
    path = os.path.join("Exercises", folder)
    changed = subprocess.run(["git", "-C", TOP, "status", "--porcelain", "--", path], stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, text=True)
    if changed.returncode == 0 and not changed.stdout.strip():
        return "untouched: still the starter"
    try:
        with open(os.path.join(build, "selfcheck", "state.json"), encoding="utf-8") as f:
            saved = json.load(f).get(folder) or {}
    except (OSError, ValueError, AttributeError):
        saved = {}
    status = saved.get("status") if isinstance(saved, dict) else None
    return {"passed": "passed its check", "failing": "failing its check"}.get(status, "changed, not checked yet")


def _failed_run(exercise, command, status, output, calls, search, root, program):
    """The first message of a program whose own check failed on oclgrind with no finding: the lines of its
    output that say what was wrong, and, where the recorded launches ran other exercises' code and none
    of this one's, those exercises and their state (that code, not this exercise's, gave the values)."""
    said = [line.strip() for line in output.splitlines()
            if re.search(r"\bWRONG\b|\bwrong\b|FAILED|[Ee]rror", line) and not line.startswith(("run:", "----"))]
    shown = "".join(f"\n    {line[:300]}" for line in said[:6])
    what = "wrong values" if status == 1 else "an OpenCL call failed"
    refused = refused_launch(calls, root)
    if refused:
        return results.finding("kernel", "host-launch", refused[0], file=refused[1], line=refused[2],
                               hint=refused[3])
    refused = refused_transfer(calls, root)
    if refused:
        return results.finding("kernel", "host-buffer-size", refused[0], file=refused[1], line=refused[2],
                               hint=refused[3])
    others, own = folders_run(calls, exercise, search, root)
    build = next((p for p in _parents(program) if os.path.isfile(os.path.join(p, "CMakeCache.txt"))), None)
    # The exercises whose code the program links (the build's list, script/check's): one whose starter
    # makes no OpenCL call at all leaves nothing in the record.
    # Followed through: Exercise 20 runs Exercise 05's host code, which runs Exercise 04's kernel.
    try:
        with open(os.path.join(build or "", "selfcheck", "exercises.tsv"), encoding="utf-8") as f:
            rows = {}
            for row in f:
                folder, _, depends = [*row.rstrip("\n").split("\t"), "", ""][:3]
                rows[folder] = [d for d in depends.split(":") if d and d != folder]
        pending, seen = list(rows.get(exercise, [])), {exercise}
        while pending:
            other = pending.pop(0)
            if other not in seen:
                seen.add(other)
                others.setdefault(other, ["code it runs"])
                pending += rows.get(other, [])
    except OSError:
        pass
    states = {folder: _exercise_state(folder, build) if build else "state unknown" for folder in others}
    if others and not own and any(state != "passed its check" for state in states.values()):
        states = "; ".join(f"{folder} ({', '.join(parts)}): {states[folder]}"
                           for folder, parts in sorted(others.items()))
        ids = ", ".join(re.sub(r"^Exercise", "", f).split("_")[0] for f in sorted(others))
        return results.finding("other", "earlier-exercise", (
            f"{exercise}: the program ran on oclgrind and its own check failed ({what}; run: {command}), in code "
            f"of earlier exercises that it runs, not in this exercise's: {states}. Its output:{shown}\n"
            f"  hint: this exercise runs their host code and kernels as you wrote them; finish those exercises "
            f"first (script/check {ids.split(', ')[0]}, ...: {ids}), then check this one again"))
    return results.finding("other", "wrong-result" if status == 1 else "error", (
        f"{exercise}: the program's own check failed on oclgrind with no finding in the kernels (run: "
        f"{command}; exit {status}: {what}){'; its output:' + shown if shown else ''}" +
        (f"\n  it also runs code of {', '.join(sorted(others))}" if others else "")))


def _parents(path):
    path = os.path.abspath(path)
    while os.path.dirname(path) != path:
        path = os.path.dirname(path)
        yield path


def oclgrind_mode(args):
    exercise, dirs, expect, extra, plant, texts, where, name = None, [], [], [], None, [], None, None
    timeout = 300
    root = os.getcwd()
    while args and args[0] != "--":
        option = args.pop(0)
        if option == "--exercise":
            exercise = args.pop(0)
        elif option == "--kernels":
            dirs += args.pop(0).split(":")
        elif option == "--expect":
            expect.append(args.pop(0))
        elif option == "--expect-text":
            texts.append(args.pop(0))
        elif option == "--expect-where":
            where = args.pop(0)
        elif option in ("--no-uninitialized", "--uniform-writes"):
            extra.append(option)
        elif option == "--plant":
            plant = args.pop(0)
        elif option == "--name":
            name = args.pop(0)
        elif option == "--timeout":
            timeout = float(args.pop(0))
        else:
            sys.exit("selfcheck.py oclgrind: unknown option " + option)
    program = args[1:]
    if plant:
        # The planted copy lies where the student's file would: <scratch>/Exercises/<Folder>/<file>, and
        # paths are told from <scratch>, so the message reads as it would for the student.
        root = tempfile.mkdtemp(prefix="planted.")
        atexit.register(shutil.rmtree, root, True)
        planted_dir = os.path.join(root, "Exercises", plant.split(".")[0])
        os.makedirs(planted_dir)
        plant_bug(plant, planted_dir)
        os.environ["HOC_KERNEL_PATH"] = planted_dir
    search = [d for d in os.environ.get("HOC_KERNEL_PATH", "").split(":") if d] + dirs
    status, output, explanations, found = run_oclgrind(exercise, program, search, root, extra, timeout)
    message = found["text"] if found else None
    findings = ([found] + [kernel_finding(e) for e in explanations[1:]]) if explanations else ([found] if found else [])
    if name:
        results.write(exercise, name, "failed" if status != 0 or findings else "passed", findings)
    print(output.rstrip())
    print("=" * 78)
    if message:
        first_message(message)
    for number, e in enumerate(explanations[1:], 2):
        note = " (it may follow from the finding above: fix that first)" if e.kind.startswith("uninit") else ""
        print(f"{number}. {e.text()}{note}")
    first = found
    found = {e.kind for e in explanations}
    found |= {"uninitialized" for k in found if k == "uninitialized-local"}
    if first and first.get("class") == "kernel":
        found.add(first["kind"])  # host code the record names (host-read, host-launch)
    if status != 0 and not explanations:
        found.add("wrong-result" if status == 1 else "hang" if status == 124 else "error")
    if not expect and not texts and not where:
        if status == 0 and not explanations:
            print(f"{exercise}: ok, no oclgrind finding")
        return status or (1 if explanations else 0)
    problems = []
    if status == 0 and not explanations:
        problems.append("the self-check passed")
    missing = [k for k in expect if k not in found]
    if missing or (expect and explanations and explanations[0].kind not in expect and
                   not (explanations[0].kind == "uninitialized-local" and "uninitialized" in expect)):
        first = explanations[0].kind if explanations else "no finding"
        problems.append(f"expected the first finding to be {', '.join(expect)}; got {first} "
                        f"(all: {', '.join(sorted(found)) or 'none'})")
    if where and not (message or "").startswith(where):
        problems.append(f"the first message should start with {where!r}")
    problems += [f"the first message does not say {t!r}" for t in texts if t not in (message or "")]
    if problems:
        print("FAILED: " + "; ".join(problems))
        return 1
    print(f"ok: the self-check failed, its first message explaining {', '.join(expect) or 'the bug'} "
          f"as expected")
    return 0


CRASH_HINT = (
    "On PoCL's CPU device a kernel runs inside the test program, so a kernel that writes past the "
    "end of a buffer or of a private or local array, or a barrier that not every work-item of a "
    "group reaches, can crash the whole program (glibc's 'double free or corruption', a segmentation "
    "fault, a PoCL 'PTHREAD ERROR') instead of failing one test.")


def sizes_of(test):
    """The sizes a test's name gives (M70_N9_K1025, N1025, ...) as the program's options."""
    m = re.search(r"M(\d+)_N(\d+)_K(\d+)", test)
    if m:
        mm, nn, kk = (int(x) for x in m.groups())
        # M and N only need to pass a work-group's edge; K only needs to pass 1024 (a private array of
        # 1024 floats shorter than K): oclgrind simulates every multiply-add, and K = 3000 at 33 x 33
        # took 90 s. The text names the sizes that run, and the test's where they differ.
        run = (min(mm, 33), min(nn, 33), min(kk, 1025))
        text = "M = {}, N = {}, K = {}".format(*run)
        if run != (mm, nn, kk):
            text += f" (the test's M = {mm}, N = {nn}, K = {kk}, made smaller for oclgrind)"
        return {"--m": str(run[0]), "--n": str(run[1]), "--k": str(run[2])}, text
    m = re.search(r"(?:^|[/_.])N(\d+)$", test)
    if m:
        n = int(m.group(1))
        return {"--size": str(min(n, 1025))}, f"N = {min(n, 1025)}" + (
            f" (the test's N = {n}, made smaller for oclgrind)" if n > 1025 else "")
    return {}, ""


def reproduce_command(reproduce, test):
    """The exercise program's check run with the crashing test's sizes: (argv, sizes text)."""
    if not reproduce:
        return None, ""
    words = reproduce.split()
    sizes, text = sizes_of(test)
    for option, value in sizes.items():
        if option in words:
            words[words.index(option) + 1] = value
        elif option == "--size" and "--sizes" in words:
            words[words.index("--sizes") + 1] = value
    return [*words, "--platform", "Oclgrind"], text


def first_reproduction(build, exercise, dirs, program):
    """True for the first crashed test of `exercise` to ask since its kernels last changed: that one
    runs the crash's sizes on oclgrind, the others do not (the claim is a file in the build folder,
    created atomically, named by the newest modification time of the kernels and the test program)."""
    newest = os.stat(program).st_mtime_ns if os.path.exists(program) else 0
    for folder in dirs:
        if os.path.isdir(folder):
            for name in os.listdir(folder):
                if name.endswith(".cl"):
                    newest = max(newest, os.stat(os.path.join(folder, name)).st_mtime_ns)
    claims = os.path.join(build, "selfcheck", "reproduced")
    try:
        os.makedirs(claims, exist_ok=True)
        os.close(os.open(os.path.join(claims, f"{exercise}.{newest}"), os.O_CREAT | os.O_EXCL | os.O_WRONLY))
        return True
    except FileExistsError:
        return False
    except OSError:
        return True  # no place to keep the claim: run it


def _rooms(exercise, build):
    """The exercise's room and those whose code it runs (exercises.tsv, written when the build is
    configured), in that order."""
    with contextlib.suppress(OSError), open(os.path.join(TOP, build, "selfcheck", "exercises.tsv"),
                                            encoding="utf-8", errors="replace") as f:
        for line in f:
            fields = line.rstrip("\n").split("\t")
            if len(fields) == 3 and fields[0] == exercise:
                return [exercise] + [d for d in fields[2].split(":") if d and d != exercise]
    return [exercise]


def _built_or(found, exercise, build):
    """found, or where its text is a kernel build's failure, the finding naming the kernel file's line."""
    named = diagnostics.kernel_build_failure(found.get("text", ""), _rooms(exercise, build), TOP,
                                             [d for d in os.environ.get("HOC_KERNEL_PATH", "").split(":") if d])
    if not named:
        return found
    return results.finding("kernel", "build", named[0], file=named[1], line=named[2], hint=named[3])


def gtest_batch(exercise, build, timeout, command, calls_file, report, keys):
    """The tests KEYS of one test program run in one process (HOC_GTEST_BATCH=1: script/check, whose
    tests would otherwise each start the program, its OpenCL platform and its kernels again: Exercise
    07's 33 tests took 76 s one by one on the loaded 2-core machine). Where the run ends with GoogleTest's
    report (exit 0 or 1) and nothing in it asks for the record of the calls (a launch or transfer the
    runtime refused, a timestamp of a queue without profiling), each test's result is written as its
    own run would write it. Otherwise (a crash, a hang, a run past TIMEOUT) only the tests GoogleTest
    reported passing are written, and exit status 125 leaves the rest to be run one by one, where a
    crash or a hang gets its own message."""
    with tempfile.TemporaryFile(mode="w+", encoding="utf-8", errors="replace") as out:
        process = processes.start(command, stdin=None, stdout=out, stderr=subprocess.STDOUT,
                                  env=dict(os.environ, HOC_TRACE=calls_file))
        try:
            status = process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            processes.end(process, grace=0)
            status = None
        out.seek(0)
        printed = out.read()
    if status in (0, 1):
        try:
            with open(report, encoding="utf-8") as f:
                tests = results.gtest_findings(json.load(f))
        except (OSError, ValueError):
            tests = {}
        calls = Trace(calls_file)
        findings = [found for key in keys for found in tests.get(key, ("", []))[1]]
        asks_record = status == 1 and (refused_launch(calls, TOP) or refused_transfer(calls, TOP) or any(
            "CL_PROFILING_INFO_NOT_AVAILABLE" in found.get("text", "") for found in findings))
        if all(key in tests for key in keys) and not asks_record and (status == 0) == (not findings):
            for key in keys:
                state, found = tests[key]
                found = [_built_or(one, exercise, build) for one in found]
                results.write(exercise, key, "failed" if found else "skipped" if state == "skipped" else "passed",
                              found)
            return status
    passed = set(re.findall(r"^\[       OK \] (\S+) \(", printed, re.M))
    for key in keys:
        if key in passed:
            results.write(exercise, key, "passed")
    # A wait that never returned (the record's watchdog stopped the program: exit 124) belongs to the test
    # that was running, the last one started and not ended; its message is the one its own run gives.
    started = re.findall(r"^\[ RUN      \] (\S+)$", printed, re.M)
    ended = set(re.findall(r"^\[  (?:     OK|FAILED |SKIPPED) \] (\S+)", printed, re.M))
    hang = hang_finding(Trace(calls_file), TOP) if status == 124 else None
    if hang and started and started[-1] in keys and started[-1] not in ended:
        results.write(exercise, started[-1], "failed", [results.finding("kernel", "host-wait", hang[0], file=hang[1],
                                                                        line=hang[2], hint=hang[3])])
    return 125


def gtest_mode(args):
    exercise, timeout, build, reproduce, dirs = None, 60, "build", None, []
    while args and args[0] != "--":
        option = args.pop(0)
        if option == "--exercise":
            exercise = args.pop(0)
        elif option == "--timeout":
            timeout = float(args.pop(0))
        elif option == "--build":
            build = args.pop(0)
        elif option == "--reproduce":
            reproduce = args.pop(0)
        elif option == "--kernels":
            dirs += args.pop(0).split(":")
        else:
            sys.exit("selfcheck.py gtest: unknown option " + option)
    command = args[1:]
    root = os.getcwd()
    where = f"ctest --test-dir {build} -R '^exercise\\.{exercise}\\.oclgrind' --output-on-failure"
    if any(a.startswith("--gtest_list_tests") for a in command):
        os.execv(command[0], command)
    key = next((a.split("=", 1)[1] for a in command if a.startswith("--gtest_filter=")), None)
    test = key or "the tests"
    # GoogleTest's own JSON report, turned into this test's structured result (results.py).
    fd, report = tempfile.mkstemp(prefix="gtest.", suffix=".json")
    os.close(fd)
    atexit.register(lambda: os.path.exists(report) and os.unlink(report))
    command = [*command, f"--gtest_output=json:{report}"]
    # The program's OpenCL calls (tests/trace): a wait that can never return stops it within
    # HOC_TRACE_WAIT_LIMIT seconds, with a record that names the wait (host.py).
    fd, calls_file = tempfile.mkstemp(prefix="calls.", suffix=".json")
    os.close(fd)
    atexit.register(lambda: os.path.exists(calls_file) and os.unlink(calls_file))
    sys.stdout.flush()
    if os.environ.get("HOC_GTEST_BATCH") == "1" and key:
        return gtest_batch(exercise, build, timeout, command, calls_file, report, key.split(":"))
    process = processes.start(command, stdin=None, env=dict(os.environ, HOC_TRACE=calls_file))
    try:
        status = process.wait(timeout=timeout)
        what = None
        calls = Trace(calls_file)
        hang = hang_finding(calls, TOP) if status == 124 else None
        launch = refused_launch(calls, TOP) if status == 1 else None
        refused = launch or (refused_transfer(calls, TOP) if status == 1 else None)
        if refused:
            found = results.finding("kernel", "host-launch" if launch else "host-buffer-size", refused[0],
                                    file=refused[1], line=refused[2], hint=refused[3])
            if key:
                results.write(exercise, key, "failed", [found])
            print()
            first_message(found["text"])
            return 1
        if hang:
            found = results.finding("kernel", "host-wait", hang[0], file=hang[1], line=hang[2], hint=hang[3])
            if key:
                results.write(exercise, key, "failed", [found])
            print()
            first_message(found["text"])
            return 1
    except subprocess.TimeoutExpired:
        processes.end(process, grace=0)
        status = None
        what = (f"{test} did not finish within {timeout:.0f} s and was stopped. Either a kernel never "
                f"ends (a loop whose counter never reaches its bound, a barrier that some work-items of "
                f"a group never reach), or a write past the end of a buffer or array corrupted memory "
                f"the runtime or the loop depends on (PoCL can then wait forever)")
    if status is not None and status < 0:
        what = (f"the test program crashed ({signal.Signals(-status).name}) while running {test}. "
                f"{CRASH_HINT} Most often it is a write past the end of a buffer (a missing bounds "
                f"check, a loop bound off by one) or a private array shorter than what is copied into it")
    elif status is not None and status not in (0, 1):
        what = (f"the test program ended with exit status {status} while running {test}, not with a "
                f"test result. {CRASH_HINT}")
    if what is None:
        try:
            with open(report, encoding="utf-8") as f:
                tests = results.gtest_findings(json.load(f))
        except (OSError, ValueError):
            tests = {}
        findings = [found for _, found_list in tests.values() for found in found_list]
        # A kernel that does not compile: the kernel file's line of the compiler's first error.
        findings = [_built_or(found, exercise, build) for found in findings]
        # A timestamp asked of an event whose queue has no profiling: the queue's line, from the record.
        unprofiled = (queue_without_profiling(calls, TOP, exercise)
                      if any("CL_PROFILING_INFO_NOT_AVAILABLE" in f.get("text", "") for f in findings) else None)
        # A wait given the empty event of a launch made without one: the launch's line, from the record.
        eventless = (launch_without_event(calls, TOP, exercise)
                     if not unprofiled and any("CL_INVALID_EVENT" in f.get("text", "") for f in findings) else None)
        if eventless:
            findings = [results.finding("kernel", "host-event", eventless[0], file=eventless[1], line=eventless[2],
                                        hint=eventless[3])]
            print()
            first_message(eventless[0])
        if unprofiled:
            findings = [results.finding("kernel", "host-queue", unprofiled[0], file=unprofiled[1], line=unprofiled[2],
                                        hint=unprofiled[3])]
            print()
            first_message(unprofiled[0])
        if status != 0 and not findings:
            findings = [results.finding("other", "error", f"{exercise}: {test} ended with exit status {status} "
                                                          f"and no failure GoogleTest reports")]
        states = {state for state, _ in tests.values()}
        outcome = "failed" if findings else "skipped" if states == {"skipped"} else "passed"
        if key:
            results.write(exercise, key, outcome, findings)
        return status
    argv, sizes = reproduce_command(reproduce, test)
    lines = [f"{exercise}: {what}" + (f", at {sizes}" if sizes else "") + "."]
    kind = "hang" if status is None else "crash"
    found = None
    if shutil.which("oclgrind") is None:
        lines.append("oclgrind, which would run the same sizes on its simulated device and name the kernel "
                     "line, is not installed here (Debian 12 packages it as oclgrind; Debian 13 does not)")
    elif argv and not first_reproduction(os.path.join(TOP, build), exercise, dirs, command[0]):
        # Another crashed test of this exercise already runs oclgrind on these kernels: one run names
        # the line; each further one cost up to minutes (14 crashed tests in Exercise 07: 187 s).
        lines.append(f"oclgrind runs these kernels once, at another crashed test's sizes (its message "
                     f"names the line); the exercise's own oclgrind tests run them too:\n    {where}")
    elif argv:
        search = [d for d in os.environ.get("HOC_KERNEL_PATH", "").split(":") if d] + dirs
        # Paths from the course's top folder, where script/check runs (the test itself runs elsewhere).
        shown = " ".join(["PYTHONPATH=. python3 -m checker.selfcheck", "oclgrind", "--exercise",
                          exercise, "--kernels", ":".join(os.path.relpath(d, TOP) for d in dirs), "--",
                          os.path.relpath(argv[0], TOP), *argv[1:]])
        print(f"\n{exercise}: running the same sizes on oclgrind to find the kernel line:\n    {shown}")
        sys.stdout.flush()
        _, _, explanations, message = run_oclgrind(exercise, argv, search, root, timeout=60)
        if explanations:
            lines = [with_others(explanations), f"  (found by oclgrind at the crash's sizes: {what.split('.')[0]}"
                     f"{', at ' + sizes if sizes else ''}; to run it again: {shown})"]
            found = kernel_finding(explanations[0], "\n".join(lines))
        elif message and message.get("class") == "kernel":
            # Host code the record names (a launch the runtime refused, a read never waited for): the
            # crash follows from it.
            found = dict(message, text=message["text"] + f"\n  (found by oclgrind at the crash's sizes: "
                         f"{what.split('.')[0]}{', at ' + sizes if sizes else ''}; to run it again: {shown})")
        else:
            lines.append(f"To see the kernel line, run it on oclgrind at those sizes:\n    {shown}"
                         + (f"\n  ({message['text']})" if message else ""))
    else:
        lines.append(f"To see the kernel line, run the exercise's kernels on oclgrind:\n    {where}")
    found = found or results.finding("crash", kind, "\n".join(lines))
    if key:
        results.write(exercise, key, "failed", [found])
    print()
    first_message(found["text"])
    return 1


def hint_mode(args):
    plant, texts = None, []
    while args and args[0] != "--":
        option = args.pop(0)
        if option == "--plant":
            plant = args.pop(0)
        elif option == "--expect-text":
            texts.append(args.pop(0))
        else:
            sys.exit("selfcheck.py hint: unknown option " + option)
    if plant is None or not texts:
        sys.exit("selfcheck.py hint: needs --plant and --expect-text")
    planted_dir = tempfile.mkdtemp(prefix="planted.")
    atexit.register(shutil.rmtree, planted_dir, True)
    plant_bug(plant, planted_dir)
    env = dict(os.environ, HOC_KERNEL_PATH=planted_dir)
    report = os.path.join(planted_dir, "report.json")
    result = processes.run([*args[1:], f"--gtest_output=json:{report}"], stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, text=True, env=env, timeout=240)
    print(result.stdout)
    if result.returncode != 1:
        print(f"selfcheck.py hint: the tests should fail (exit status 1) with the planted bug, "
              f"not end with {result.returncode}")
        return 1
    # The message script/check would show: the first finding of the structured results.
    with open(report, encoding="utf-8") as f:
        tests = results.gtest_findings(json.load(f))
    found, test = results.first([(i, name, findings) for i, (name, (_, findings)) in enumerate(tests.items())])
    message = found["text"] if found else ""
    print(f"== the first message (from {test}) ==\n{message}")
    missing = [t for t in texts if t not in message]
    if missing:
        print("selfcheck.py hint: the first message does not say " + "; ".join(repr(t) for t in missing))
        return 1
    # The hint comes apart in the results too (a course.json hint the test recorded: tests/support/hoc_hint.hpp).
    hint = found.get("hint") if found else None
    print(f"== its hint ==\n{hint}")
    if not hint or hint not in message:
        print("selfcheck.py hint: the first message's finding has no hint of course.json apart (its test gives "
              "none through hoc::test::hint)")
        return 1
    print("selfcheck.py hint: the planted bug fails the tests, and the first message says the expected words")
    return 0


def starter_mode(args):
    """selfcheck.py starter --exercise FOLDER --build DIR [--complete]: the untouched starter of FOLDER
    (Exercises/FOLDER as it is in this tree) must fail its check, the first failing test (in ctest's
    order, stopping there) naming Exercises/FOLDER; with --complete (course.json's starter_passes: a
    starter that is complete from the start) every test must pass."""
    folder, build, complete = None, "build", False
    while args:
        option = args.pop(0)
        if option == "--exercise":
            folder = args.pop(0)
        elif option == "--build":
            build = args.pop(0)
        elif option == "--complete":
            complete = True
        else:
            sys.exit("selfcheck.py starter: unknown option " + option)
    extra = ["-j", str(os.cpu_count() or 2)] if complete else ["-j", "1", "--stop-on-failure"]
    escaped = re.sub(r"([][.*+?^$|()\\{}])", r"\\\1", folder)
    tests = results.ctest_tests(build, rf"^(mpi\.)?exercise\.{escaped}\.")
    if not tests:
        print(f"FAILED: {folder} has no tests of its exercise (exercise.{folder}.*)")
        return 1
    ran = [(name, result) for name, result in results.ctest_run(build, tests, extra) if result]
    failed = [(name, result) for name, result in ran if result["status"] == "failed"]
    if not ran:
        print(f"FAILED: none of the {len(tests)} tests of {folder} wrote its result")
        return 1
    if complete:
        if failed or len(ran) < len(tests):
            print(f"FAILED: the starter of {folder} passes unsolved by course.json (starter_passes) "
                  f"but {len(failed)} of {len(tests)} tests fail ({len(tests) - len(ran)} gave no result): "
                  + ", ".join(n for n, _ in failed[:5]))
            return 1
        print(f"ok: the complete starter of {folder} passes its {len(tests)} tests")
        return 0
    if not failed:
        print(f"FAILED: the untouched starter of {folder} passes its check ({len(ran)} tests ran): a "
              f"starter must fail until the student does the exercise (or be marked in "
              f"course.json as passing unsolved: starter_passes)")
        return 1
    name, result = failed[0]
    texts = [found["text"] for found in result["findings"]]
    line = next((each.strip() for text in texts for each in text.splitlines() if f"Exercises/{folder}" in each), None)
    if line is None:
        print("\n".join(texts)[-3000:])
        print(f"FAILED: the starter of {folder} fails ({name}), but its message does not name "
              f"Exercises/{folder}")
        return 1
    print(f"ok: the untouched starter of {folder} fails its check, first at {name}:\n    {line[:400]}")
    return 0


def parts_mode(args):
    """selfcheck.py parts --build DIR: every part of course.json names at least one test
    of its exercise, and every part folder of the room (Exercises/<Folder>/partN_<topic>/) has a part
    named after it."""
    build = args[args.index("--build") + 1] if "--build" in args else "build"
    root = os.path.dirname(HERE)
    problems, named = [], set()
    lines = [(e["folder"], ",".join(part["names"]), part["tests"])
             for e in manifest.load(root) for part in e.get("parts", [])]
    listing = subprocess.run(["ctest", "--test-dir", build, "--show-only=json-v1", "-R", "exercise\\."],
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    tests = [t["name"] for t in json.loads(listing.stdout or '{"tests": []}').get("tests", [])]
    for folder, names, regex in lines:
        prefix = re.compile(rf"^(mpi\.)?exercise\.{re.escape(folder)}\.")
        bare = [re.sub(r"\s+# GetParam\(\) = .*$", "", prefix.sub("", t)) for t in tests if prefix.match(t)]
        matched = [t for t in bare if re.search(regex, t)]
        named.update((folder, n) for n in names.split(","))
        if not matched:
            problems.append(f"{folder} part {names} names no test")
        else:
            print(f"{folder} {names}: {len(matched)} tests")
    for folder in sorted(os.listdir(os.path.join(root, "Exercises"))):
        path = os.path.join(root, "Exercises", folder)
        for part in sorted(os.listdir(path)) if os.path.isdir(path) else []:
            if re.match(r"part\d+_", part) and (folder, part) not in named:
                problems.append(f"Exercises/{folder}/{part}/ has no part in course.json")
    if problems:
        print("FAILED: " + "; ".join(problems))
        return 1
    print(f"ok: {len(lines)} parts, each naming tests of its exercise; every part folder has one")
    return 0


def scratch_copy(root, build, prefix, change=None):
    """A copy of the checkout's tracked files in a new folder under build/selfcheck (removed at exit),
    made a git repository of its own whose first commit is the course as given (script/check tells
    untouched exercises by it); change(copy), when given, edits the copy before that commit."""
    scratch = tempfile.mkdtemp(prefix=prefix, dir=os.path.join(build, "selfcheck"))
    atexit.register(shutil.rmtree, scratch, True)
    listing = subprocess.run(["git", "-C", root, "ls-files", "-z"], stdout=subprocess.PIPE, check=True)
    for name in listing.stdout.decode().split("\0"):
        if name and os.path.isfile(os.path.join(root, name)):
            os.makedirs(os.path.dirname(os.path.join(scratch, name)), exist_ok=True)
            shutil.copy2(os.path.join(root, name), os.path.join(scratch, name))
    if change:
        change(scratch)
    git = ["git", "-C", scratch, "-c", "user.name=selfcheck", "-c", "user.email=selfcheck@localhost"]
    for command in (["init", "-q"], ["add", "-A"], ["commit", "-qm", "the course as given"]):
        subprocess.run(git + command, check=True, stdout=subprocess.DEVNULL)
    return scratch


SCRATCH = "Exercise26_Scratch"  # the scratch exercise: a copy of another (--from, Exercise 03's) under a new folder


def add_scratch_exercise(copy, model):
    """Adds an exercise the way the course says one is added (docs/manifest.md): its folders
    (Exercises/X, Solutions/X: here those of model, copied) and one entry in course.json (here model's,
    with the new folder, id and test file named). Nothing else in the tree changes."""
    for top in ("Exercises", "Solutions"):
        shutil.copytree(os.path.join(copy, top, model), os.path.join(copy, top, SCRATCH))
    path = os.path.join(copy, "course.json")
    with open(path, encoding="utf-8") as f:
        course = json.load(f)
    entry = dict(next(e for e in course["exercises"] if e["folder"] == model))
    entry.update(id="26", folder=SCRATCH, learn="a scratch exercise (the self-check's test)",
                 source="**added by the course**", test=f"tests/course/test_{model}.cpp")
    course["exercises"].append(entry)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(course, f, indent=2)


def scratch_mode(args):
    """selfcheck.py scratch --build DIR --from FOLDER: adding an exercise takes its folder and one manifest
    entry. In a copy of this checkout (add_scratch_exercise: FOLDER, a vector-add exercise whose program
    is vadd3, copied to Exercise26_Scratch, one entry in course.json), configured and built on its own
    (only the scratch exercise's targets and hoc-runner), the scratch exercise must be built, be in
    build/course.txt and run in the instructor's run (hoc-runner --only it), fail script/check as its
    starter (naming Exercises/Exercise26_Scratch), pass it once solved, and be listed in the progress view."""
    build = os.path.abspath(args[args.index("--build") + 1] if "--build" in args else "build")
    if "--from" not in args:
        sys.exit("selfcheck.py scratch: needs --from FOLDER (the exercise the scratch one copies)")
    model = args[args.index("--from") + 1]
    root = os.path.dirname(HERE)
    copy = scratch_copy(root, build, "scratch.", lambda tree: add_scratch_exercise(tree, model))
    tree = os.path.join(copy, "build")
    problems = []

    def step(what, command, **kwargs):
        print(f"== {what}: {' '.join(command)}", flush=True)
        done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                              env=dict(os.environ, NO_COLOR="1"), **kwargs)
        print(done.stdout[-4000:], flush=True)
        return done

    generator = ["-G", "Ninja"] if shutil.which("ninja") else []
    configured = step("configure", ["cmake", "-S", copy, "-B", tree, *generator, "-DCMAKE_BUILD_TYPE=Release"])
    if configured.returncode != 0:
        print("FAILED: the copy with the scratch exercise does not configure")
        return 1
    built = step("build", ["cmake", "--build", tree, "-j", str(os.cpu_count() or 2), "--target",
                           f"check_{SCRATCH}", f"solution_{SCRATCH}_vadd3", "hoc_runner"])
    if built.returncode != 0:
        print("FAILED: the scratch exercise does not build")
        return 1
    with open(os.path.join(tree, "course.txt")) as f:
        if not any(line.startswith(SCRATCH + "\t") for line in f):
            problems.append(f"build/course.txt has no line for {SCRATCH}")
    platform = os.environ.get("HOC_TEST_DEVICE", "Portable Computing Language")
    run = step("the instructor's run", [os.path.join(tree, "Tools", "hoc-runner"), "--course",
                                        os.path.join(tree, "course.txt"), "--out", os.path.join(copy, "results"),
                                        "--only", SCRATCH, "--quick", "--no-roofline", "--platform", platform])
    if run.returncode != 0 or f"{SCRATCH}" not in run.stdout:
        problems.append(f"hoc-runner --only {SCRATCH} ended with {run.returncode} or did not name it")
    check = [os.path.join(copy, "script", "check"), "--build", tree]
    starter = step("the starter", [*check, "26"])
    if starter.returncode != 1 or f"Exercises/{SCRATCH}" not in starter.stdout:
        problems.append(f"script/check 26 on the starter should fail naming Exercises/{SCRATCH} "
                        f"(exit {starter.returncode})")
    room = os.path.join(copy, "Exercises", SCRATCH)
    shutil.copy(os.path.join(copy, "Kernels", "vadd3.cl"), os.path.join(room, "vadd3.cl"))
    shutil.copy(os.path.join(copy, "Solutions", SCRATCH, "vadd3.cpp"), os.path.join(room, "vadd3.cpp"))
    solved = step("solved", [*check, "26"])
    if solved.returncode != 0 or f"{SCRATCH}: passed" not in solved.stdout:
        problems.append(f"script/check 26 on the solved scratch exercise should pass (exit {solved.returncode})")
    view = step("the view", check)
    if not re.search(rf"^\s+\[x\] passed\s+26\s+{SCRATCH}$", view.stdout, re.M):
        problems.append(f"the view does not list {SCRATCH} as passed")
    if problems:
        print("FAILED: " + "; ".join(problems))
        return 1
    print(f"ok: {SCRATCH}, added as its folder and one course.json entry, builds, runs in hoc-runner, "
          f"fails script/check as a starter, passes it solved and is listed in the view")
    return 0


def view_mode(args):
    """selfcheck.py view --build DIR --solve FOLDER=KERNEL... --plant FOLDER.BUG --expect TEXT...: the
    progress view (script/check) in a scratch copy of this checkout (its tracked files, made a git
    repository of its own), with the exercises of --solve solved by copying the solutions' kernels in
    (Kernels/KERNEL), the one of --plant given that planted bug and the rest untouched, run against the
    build DIR (kernels from the scratch copy): every status, the first failing exercise (the planted
    one), its first message (each --expect TEXT: file, line, hint) and the command must be right."""
    build, solved, plant, expected = "build", {}, None, []
    while args:
        option = args.pop(0)
        if option == "--build":
            build = args.pop(0)
        elif option == "--solve":
            folder, _, kernel = args.pop(0).partition("=")
            solved[folder] = kernel
        elif option == "--plant":
            plant = args.pop(0)
        elif option == "--expect":
            expected.append(args.pop(0))
        else:
            sys.exit("selfcheck.py view: unknown option " + option)
    if not solved or not plant:
        sys.exit("selfcheck.py view: needs --solve FOLDER=KERNEL and --plant FOLDER.BUG")
    build = os.path.abspath(build)
    root = os.path.dirname(HERE)
    scratch = scratch_copy(root, build, "view.")
    def student_file(folder, name):  # where the room keeps the student's copy of a kernel
        for dirpath, _, files in os.walk(os.path.join(scratch, "Exercises", folder)):
            if name in files:
                return os.path.join(dirpath, name)
        sys.exit(f"selfcheck.py view: no {name} in Exercises/{folder}")
    for folder, kernel in solved.items():
        shutil.copy(os.path.join(root, "Kernels", kernel), student_file(folder, kernel))
    failing = plant.split(".", 1)[0]
    broken = student_file(failing, planted.Bug(plant).file)
    plant_bug(plant, os.path.dirname(broken))
    # The build's own files: script/check builds in it, and a scratch copy under build/ that one of the
    # build's globs saw would configure the whole build again, under the other tests running beside.
    generated = next((p for p in (os.path.join(build, n) for n in ("build.ninja", "Makefile")) if os.path.isfile(p)),
                     None)
    before = os.stat(generated).st_mtime_ns if generated else None
    result = subprocess.run([os.path.join(scratch, "script", "check"), "--build", build],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=1500,
                            env=dict(os.environ, NO_COLOR="1"))
    print(result.stdout)
    rows = {folder: status for status, folder in
            re.findall(r"^\s+\[.\] (\w+)\s+\S+\s+(\S+)$", result.stdout, re.M)}
    problems = []
    complete = manifest.starter_passes(root)
    with open(os.path.join(build, "selfcheck", "exercises.tsv")) as f:
        built = {row.split("\t")[0] for row in f if row.strip()}
    exercises = [e["folder"] for e in manifest.load(root) if e["folder"] in built]
    for folder in exercises:
        want = ("passed" if folder in solved or folder in complete else
                "failing" if folder == failing else "untouched")
        if rows.get(folder) != want:
            problems.append(f"{folder} is {rows.get(folder, 'missing')}, not {want}")
    if list(rows) != exercises:
        problems.append("the exercises are not listed in course order")
    for text in (f"First failing: {failing}", *expected):
        if text not in result.stdout:
            problems.append(f"the view does not say {text!r}")
    if result.returncode != 1:
        problems.append(f"exit status {result.returncode}, not 1 (not every exercise passes)")
    if before is not None and os.stat(generated).st_mtime_ns != before:
        problems.append(f"the build was configured again during the view ({os.path.basename(generated)} "
                        f"rewritten): a CONFIGURE_DEPENDS glob of the build sees the scratch copy "
                        f"{os.path.relpath(scratch, build)}")
    if problems:
        print("FAILED: " + "; ".join(problems))
        return 1
    print(f"ok: the view lists all {len(exercises)} exercises with the right status, and the first failing "
          f"one's first message")
    return 0


if __name__ == "__main__":
    modes = {"gtest": gtest_mode, "oclgrind": oclgrind_mode, "hint": hint_mode, "starter": starter_mode,
             "view": view_mode, "parts": parts_mode, "scratch": scratch_mode}
    if len(sys.argv) < 2 or sys.argv[1] not in modes:
        sys.exit(__doc__)
    processes.install()  # what a mode starts ends with it, at its time limit or on a stop signal
    sys.exit(modes[sys.argv[1]](sys.argv[2:]))
