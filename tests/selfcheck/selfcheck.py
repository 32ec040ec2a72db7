#!/usr/bin/env python3
"""The exercise self-check's two drivers (tests/selfcheck/CMakeLists.txt registers them):

  selfcheck.py gtest --exercise FOLDER --timeout SECONDS [--build DIR] -- TEST_PROGRAM ARGS...
      Runs one exercise test program (ctest puts this in front of it). A program that crashes (a
      signal: on PoCL's CPU device a kernel writing past the end of a buffer takes the whole process
      with it) or runs past SECONDS (a kernel that never ends) gets a message that names the exercise,
      what probably happened and the one command that shows the kernel line: the exercise's
      oclgrind tests (exercise.FOLDER.oclgrind*, in the build folder DIR).

  selfcheck.py oclgrind --exercise FOLDER --kernels DIR[:DIR...] [--expect KIND...]
               [--no-uninitialized] [--plant ID] -- PROGRAM ARGS...
      Runs the exercise's program on oclgrind's simulated device with its race, bounds,
      uninitialized-value, barrier and API checks (through tests/reliability/oclgrind_check) and
      explains every kind of finding: the kernel, its file and line, what kind of bug, the lesson's
      hint. With --expect (the checker's own tests, tests/selfcheck/planted): passes only when the
      check fails and explains a finding of each KIND (race-local, race-global, bounds-global,
      bounds-local, bounds-private, uninitialized, uninitialized-local, divergence, api,
      wrong-result: exit 1 and no finding, error: another exit status and no finding).
      --plant ID makes the planted bug itself, as planted.txt (beside this file) describes it: a copy
      of FILE (found in the --kernels folders) whose line LINE, which must read OLD (spaces at either
      end aside: a kernel that has moved on stops the test rather than planting the bug somewhere
      else), reads NEW instead; the program finds the copy first (HOC_KERNEL_PATH).
"""
import atexit
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
OCLGRIND_CHECK = os.path.join(HERE, "..", "reliability", "oclgrind_check")

# What each kind of finding means, and the lesson's hint.
HINTS = {
    "race-local": (
        "a data race in local memory: two work-items used the same local memory without a barrier "
        "between them",
        "every work-item must reach barrier(CLK_LOCAL_MEM_FENCE) after the copy into local memory "
        "(before anyone reads it) and again after the last read of a tile or column, before the next "
        "copy overwrites it; in a histogram, between zeroing the local bins, counting into them, and "
        "the merge that reads them"),
    "race-global": (
        "a data race in global memory: two work-items wrote the same element (or one wrote what "
        "another read)",
        "each work-item must write only its own elements of the output: check the index formula "
        "(are i and j, or the row length, mixed up?); where work-items must add to the same element "
        "(a histogram's bin), use atomic_inc or atomic_add; and no work-group may read what another "
        "group writes in the same launch (leave that to a second kernel)"),
    "bounds-global": (
        "a read or write past the end of a global buffer",
        "check the loop bounds (< where <= was written?) and that work-items beyond the matrix or "
        "vector (the range is rounded up to a multiple of the work-group) touch no memory: "
        "if (i < M && j < N) around the loads and stores"),
    "bounds-local": (
        "a read or write past the end of a local-memory array",
        "an index past the local array's length (the host sets it with cl::Local or a fixed size in "
        "the kernel): check the loop bounds and the length the host gives"),
    "bounds-private": (
        "a read or write past the end of a private array",
        "the array is shorter than what is copied into it (e.g. float Awrk[1024] with K > 1024): copy "
        "in chunks no longer than the array"),
    "uninitialized": (
        "a value used before anything was written to it",
        "a private variable or local slot is read before it is set: start sums at 0, and let "
        "work-items past the end of the data fill their local slot with 0 instead of leaving it"),
    "uninitialized-local": (
        "a local-memory value read before any work-item wrote it",
        "either a barrier is missing between the work-items' writes into local memory and the reads "
        "of them (every work-item must reach barrier(CLK_LOCAL_MEM_FENCE) in between), or work-items "
        "past the end of the data leave their slot unset (give it 0 there)"),
    "divergence": (
        "a barrier that not every work-item of the work-group reached",
        "a barrier inside if (i < M), or inside a loop that runs a different number of times per "
        "work-item, is undefined: let every work-item run the loop and reach every barrier; put the "
        "bounds check around the loads and the stores only"),
    "api": (
        "an OpenCL call with wrong arguments",
        "oclgrind names the call below; compare its arguments with the lesson's host code"),
    "other": ("a problem oclgrind reports", "see oclgrind's text below"),
}


def kind_of(first_line):
    line = first_line.lower()
    if "data race" in line:
        return "race-local" if "local memory" in line else "race-global"
    if line.startswith("invalid"):
        for space in ("private", "local"):
            if space + " memory" in line:
                return "bounds-" + space
        return "bounds-global"
    if "uninitialized" in line:
        return "uninitialized-local" if "local memory" in line else "uninitialized"
    if "divergence" in line:
        return "divergence"
    if "api" in line or line.startswith("oclgrind - opencl runtime error"):
        return "api"
    return "other"


def parse_log(text):
    """oclgrind's findings: each starts with an unindented line, its details are indented."""
    findings = []
    for line in text.splitlines():
        if not line.strip():
            continue
        if line.startswith("Oclgrind: ") and "suppressing" in line:
            continue  # "50 errors generated - suppressing further errors"
        if not line[0].isspace():
            findings.append({"head": line.strip(), "kernel": None, "lines": []})
        elif findings:
            f = findings[-1]
            m = re.match(r"\s*Kernel:\s*(\S+)", line)
            if m:
                f["kernel"] = m.group(1)
            m = re.match(r"\s*At line (\d+)", line)
            if m:
                f["lines"].append([int(m.group(1)), ""])
            elif f["lines"] and not f["lines"][-1][1] and line.startswith("\t  "):
                f["lines"][-1][1] = line.strip()
    return findings


def kernel_file(kernel, dirs):
    """The .cl file in `dirs` (first match, as the program's own search) that defines `kernel`."""
    if not kernel:
        return None
    pattern = re.compile(r"kernel\b[^;{()]*\bvoid\s+" + re.escape(kernel) + r"\s*\(")
    for folder in dirs:
        if not os.path.isdir(folder):
            continue
        for name in sorted(os.listdir(folder)):
            path = os.path.join(folder, name)
            if name.endswith(".cl") and os.path.isfile(path):
                with open(path, errors="replace") as f:
                    if pattern.search(f.read()):
                        return os.path.relpath(path)
    return None


def planted_bug(bug_id):
    """(FILE, LINE, OLD, NEW) of planted.txt's line for bug_id."""
    with open(os.path.join(HERE, "planted.txt")) as f:
        for line in f:
            if line.startswith(bug_id + " "):
                where, rest = line[len(bug_id) + 1:].rstrip("\n").split(" ", 1)
                name, number = where.split(":")
                old, new = rest.split(" => ", 1)
                return name, number, old, new
    sys.exit(f"selfcheck.py: --plant: no line for {bug_id} in planted.txt")


def plant_bug(plant, dirs, target_dir):
    """Writes FILE with line LINE changed from OLD to NEW into target_dir (see --plant)."""
    name, line, old, new = plant
    source = next((os.path.join(d, name) for d in dirs if os.path.isfile(os.path.join(d, name))), None)
    if source is None:
        sys.exit(f"selfcheck.py: --plant: {name} is in none of {dirs}")
    with open(source) as f:
        lines = f.read().split("\n")
    index = int(line) - 1
    if not 0 <= index < len(lines) or lines[index].strip() != old.strip():
        found = lines[index] if 0 <= index < len(lines) else "(no such line)"
        sys.exit(f"selfcheck.py: --plant: line {line} of {source} is no longer {old.strip()!r} but "
                 f"{found.strip()!r}: move the planted bug to where that code is now")
    indent = lines[index][:len(lines[index]) - len(lines[index].lstrip())]
    lines[index] = indent + new.strip()
    with open(os.path.join(target_dir, name), "w") as f:
        f.write("\n".join(lines))


def oclgrind_mode(args):
    exercise, dirs, expect, extra, plant = None, [], [], [], None
    while args and args[0] != "--":
        option = args.pop(0)
        if option == "--exercise":
            exercise = args.pop(0)
        elif option == "--kernels":
            dirs += args.pop(0).split(":")
        elif option == "--expect":
            expect.append(args.pop(0))
        elif option == "--no-uninitialized":
            extra.append(option)
        elif option == "--plant":
            plant = planted_bug(args.pop(0))
        else:
            sys.exit("selfcheck.py oclgrind: unknown option " + option)
    program = args[1:]
    if plant:
        planted_dir = tempfile.mkdtemp(prefix="planted.")
        atexit.register(shutil.rmtree, planted_dir, True)
        plant_bug(plant, dirs, planted_dir)
        os.environ["HOC_KERNEL_PATH"] = planted_dir
    search = [d for d in os.environ.get("HOC_KERNEL_PATH", "").split(":") if d] + dirs
    fd, log = tempfile.mkstemp(prefix="oclgrind.")
    os.close(fd)
    try:
        result = subprocess.run([OCLGRIND_CHECK, *extra, "--log", log, "--", *program],
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                stdin=subprocess.DEVNULL, timeout=300)
        with open(log, errors="replace") as f:
            text = f.read()
    except subprocess.TimeoutExpired:
        print(f"{exercise}: the program ran more than 5 minutes on oclgrind at a tiny size: a kernel "
              "probably never ends (a loop whose counter never reaches its bound, or a work-item "
              "waiting for another)")
        return 1
    finally:
        os.unlink(log)
    output = result.stdout
    findings = parse_log(text)
    print(output.rstrip())
    print("=" * 78)
    seen = {}
    for f in findings:
        kind = kind_of(f["head"])
        key = (kind, f["kernel"], tuple(sorted(n for n, _ in f["lines"])))
        seen.setdefault(kind, {}).setdefault(key, [f, 0])[1] += 1
    # The cause first: a wrong index or a missing barrier often makes uninitialized values follow.
    order = ["divergence", "bounds-global", "bounds-local", "bounds-private", "race-local", "race-global",
             "uninitialized-local", "uninitialized", "api", "other"]
    seen = dict(sorted(seen.items(), key=lambda item: order.index(item[0])))
    found = set(seen) | {"uninitialized" for k in seen if k == "uninitialized-local"}
    command = " ".join(os.path.basename(program[0]) if i == 0 else a for i, a in enumerate(program))
    if findings:
        print(f"{exercise}: oclgrind found {len(seen)} kind(s) of bug in your kernel code "
              f"(run: {command}):")
        number = 0
        for kind, places in seen.items():
            what, hint = HINTS[kind]
            number += 1
            print(f"{number}. {what}")
            for (kind_, kernel, _), (f, count) in list(places.items())[:3]:
                where = kernel_file(kernel, search) or "the kernel source"
                times = f" ({count} times)" if count > 1 else ""
                print(f"   in kernel {kernel or '?'} ({where}){times}: {f['head']}")
                for line, code in f["lines"]:
                    print(f"     line {line}: {code}")
            if number > 1 and kind.startswith("uninitialized"):
                hint += " (or it follows from the bug above: fix that first)"
            print(f"   Hint: {hint}.")
    if result.returncode != 0 and not findings:
        found.add("wrong-result" if result.returncode == 1 else "error")
        print(f"{exercise}: the program failed on oclgrind (see its output above) with no finding in "
              "the kernels: its own check found wrong values (exit 1) or an OpenCL call failed (exit 3). "
              "The GoogleTest tests of this exercise say which elements are wrong.")
    if not expect:
        if result.returncode == 0:
            print(f"{exercise}: ok, no oclgrind finding")
        return result.returncode
    missing = [k for k in expect if k not in found]
    if result.returncode != 0 and not missing:
        print(f"ok: the self-check failed and explained {', '.join(expect)}")
        return 0
    print(f"FAILED: expected the self-check to fail explaining {', '.join(expect)}; "
          f"it {'failed' if result.returncode else 'passed'} with {', '.join(sorted(found)) or 'no finding'}")
    return 1


CRASH_HINT = (
    "On PoCL's CPU device a kernel runs inside the test program, so a kernel that writes past the "
    "end of a buffer or of a private or local array, or a barrier that not every work-item of a "
    "group reaches, can crash the whole program (glibc's 'double free or corruption', a segmentation "
    "fault, a PoCL 'PTHREAD ERROR') instead of failing one test.")


def gtest_mode(args):
    exercise, timeout, build = None, 60, "build"
    while args and args[0] != "--":
        option = args.pop(0)
        if option == "--exercise":
            exercise = args.pop(0)
        elif option == "--timeout":
            timeout = float(args.pop(0))
        elif option == "--build":
            build = args.pop(0)
        else:
            sys.exit("selfcheck.py gtest: unknown option " + option)
    command = args[1:]
    where = f"ctest --test-dir {build} -R '^exercise\\.{exercise}\\.oclgrind' --output-on-failure"
    if any(a.startswith("--gtest_list_tests") for a in command):
        os.execv(command[0], command)
    test = next((a.split("=", 1)[1] for a in command if a.startswith("--gtest_filter=")), "the tests")
    sys.stdout.flush()
    process = subprocess.Popen(command, start_new_session=True)
    try:
        status = process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        print(f"\n{exercise}: {test} did not finish within {timeout:.0f} s and was stopped. A kernel "
              "probably never ends: a loop whose counter never reaches its bound, or a barrier that "
              "some work-items of a group never reach (a barrier inside if (i < M)), so the others "
              f"wait forever. To see where, run the exercise's kernels on oclgrind:\n    {where}")
        return 1
    if status < 0:
        name = signal.Signals(-status).name
        print(f"\n{exercise}: the test program crashed ({name}) while running {test}. {CRASH_HINT} "
              f"Most often it is a write past the end of a buffer (a missing bounds check, a loop "
              f"bound off by one) or a private array shorter than what is copied into it. To see "
              f"which kernel line, run the exercise's kernels on oclgrind:\n    {where}")
        return 1
    if status not in (0, 1):
        print(f"\n{exercise}: the test program ended with exit status {status} while running {test}, "
              f"not with a test result. {CRASH_HINT} To see which kernel line, run the exercise's "
              f"kernels on oclgrind:\n    {where}")
    return status


if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1] not in ("gtest", "oclgrind"):
        sys.exit(__doc__)
    sys.exit((gtest_mode if sys.argv[1] == "gtest" else oclgrind_mode)(sys.argv[2:]))
