#!/usr/bin/env python3
"""selfcheck.processes: a student's kernel that never ends leaves no process of the check behind.

    test_processes.py --source DIR --build DIR --program EXERCISE_PROGRAM --tests EXERCISE_TEST_PROGRAM

Exercise 01's kernel, made endless (a loop on a counter the body never changes), found first through
HOC_KERNEL_PATH, is run the three ways the self-check runs a student's kernel; each time every process
the check started must be gone when it ends (this test is the "subreaper" of all of them: an orphan
is reparented here, where it is found), and the memory of everything it started, sampled while it
runs, must stay under MEMORY_BOUND (on oclgrind such a kernel grew by about 1.5 GB a minute in a
process left running for good):
  the oclgrind run (selfcheck.py oclgrind) at its time limit, 8 s here (where oclgrind is installed);
  a GoogleTest test of the exercise (selfcheck.py gtest) at its time limit, 8 s here;
  script/check 01 interrupted by Ctrl-C (SIGINT to script/check) once the kernel runs, and again by
      SIGTERM: exit 130 and 143, nothing left.
"""
import argparse
import contextlib
import ctypes
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

from . import module_command, module_env

HERE = os.path.dirname(os.path.abspath(__file__))
EXERCISE = "Exercise01_Vadd"
MEMORY_BOUND = 2 << 30
ENDLESS = """// vadd with a loop whose counter the body never changes: it never ends.
__kernel void vadd(__global const float* a, __global const float* b, __global float* c, const int count)
{
    const int i = get_global_id(0);
    int j = 0;
    while (j < count)
        c[i] = a[i] + b[i];
}
"""


def descendants():
    """{pid: (command name, resident bytes)} of every process below this one."""
    parents, info = {}, {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as f:
                head, _, rest = f.read().rpartition(b")")
            fields = rest.split()
            parents[int(name)] = int(fields[1])
            info[int(name)] = (head.partition(b"(")[2].decode(errors="replace"),
                               int(fields[21]) * os.sysconf("SC_PAGE_SIZE"), fields[0] == b"Z")
        except (OSError, IndexError, ValueError):
            continue
    below, frontier = {}, [os.getpid()]
    while frontier:
        parent = frontier.pop()
        for pid, ppid in parents.items():
            if ppid == parent and pid not in below and not info[pid][2]:  # zombies hold no memory
                below[pid] = info[pid][:2]
                frontier.append(pid)
    return below


def reap():
    """Waits for every child that has ended (orphans reparented here included)."""
    with contextlib.suppress(ChildProcessError):
        while os.waitpid(-1, os.WNOHANG)[0] > 0:
            pass


def follow(what, process, interrupt, limit, problems):
    """Samples the memory below process until it ends (see watch); (exit status, peak, seconds)."""
    started, peak, sent, seen = time.monotonic(), 0, False, None
    while process.poll() is None:
        below = descendants()
        peak = max(peak, sum(rss for _, rss in below.values()))
        if interrupt and seen is None and any(name.startswith(interrupt[1]) for name, _ in below.values()):
            seen = time.monotonic()
        if interrupt and not sent and seen is not None and time.monotonic() - seen >= 2:
            print(f"-- {signal.Signals(interrupt[0]).name} to {process.pid} while "
                  f"{sorted({name for name, _ in below.values()})} run", flush=True)
            os.kill(process.pid, interrupt[0])  # the checker only: what it started is its job
            sent = True
        if time.monotonic() - started > limit:
            problems.append(f"{what}: did not end within {limit} s")
            os.killpg(process.pid, signal.SIGKILL)
        time.sleep(0.25)
    seconds = time.monotonic() - started
    return process.returncode, peak, seconds


def watch(what, command, env, interrupt=None, limit=120):
    """Runs command, sampling its descendants' memory; with interrupt=(signal, names) sends that
    signal to the command's process alone, 2 s after a process whose name starts with one of names
    (the program running the kernel) appeared below it. Returns (exit status, output, problems)."""
    problems = []
    print(f"== {what}: {' '.join(command)}", flush=True)
    with tempfile.TemporaryFile() as output_file:
        process = subprocess.Popen(command, env=env, stdin=subprocess.DEVNULL, stdout=output_file,
                                   stderr=subprocess.STDOUT, start_new_session=True)
        status, peak, seconds = follow(what, process, interrupt, limit, problems)
        output_file.seek(0)
        output = output_file.read().decode(errors="replace")
    time.sleep(1)  # what the check left would still run now
    reap()
    left = descendants()
    print(output[-3000:].rstrip())
    print(f"-- exit {process.returncode} after {seconds:.1f} s; peak memory of the check {peak / 2**20:.0f} MiB; "
          f"left running: {sorted({name for name, _ in left.values()}) or 'nothing'}", flush=True)
    if left:
        problems.append(f"{what}: left running: " + ", ".join(f"{name} ({pid})" for pid, (name, _) in left.items()))
        for pid in left:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        time.sleep(0.5)
        reap()
    if peak > MEMORY_BOUND:
        problems.append(f"{what}: its processes held {peak / 2**30:.1f} GiB")
    return status, output, problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--source", required=True)
    parser.add_argument("--build", required=True)
    parser.add_argument("--program", required=True, help="the exercise's vadd")
    parser.add_argument("--tests", required=True, help="the exercise's GoogleTest program")
    args = parser.parse_args()
    # Every orphan of what this test starts is reparented here (PR_SET_CHILD_SUBREAPER), not to init.
    if ctypes.CDLL(None, use_errno=True).prctl(36, 1, 0, 0, 0) != 0:
        print("FAILED: cannot become a subreaper (prctl PR_SET_CHILD_SUBREAPER)")
        return 1
    kernels = tempfile.mkdtemp(prefix="endless.")
    problems = []
    try:
        with open(os.path.join(kernels, "vadd.cl"), "w") as f:
            f.write(ENDLESS)
        env = dict(os.environ, HOC_KERNEL_PATH=kernels, NO_COLOR="1")
        env = module_env(env)
        selfcheck = module_command("selfcheck")

        if shutil.which("oclgrind"):
            status, output, found = watch(
                "the oclgrind run at its time limit",
                [*selfcheck, "oclgrind", "--exercise", EXERCISE, "--kernels", kernels, "--timeout", "8", "--",
                 args.program, "--size", "64", "--platform", "Oclgrind"], env)
            problems += found
            if status == 0 or not re.search(r"ran more than 8(\.0)? s on oclgrind", output):
                problems.append("the oclgrind run: no failure saying the time limit stopped it")
        else:
            print("== the oclgrind run: not run (oclgrind is not installed)")

        listing = subprocess.run([args.tests, "--gtest_list_tests"], stdout=subprocess.PIPE, text=True, env=env)
        suite, first = None, None
        for line in listing.stdout.splitlines():
            if not line.startswith(" "):
                suite = line.strip()
            elif suite and first is None:
                first = suite + line.split("#")[0].strip()
        status, output, found = watch(
            "a GoogleTest test at its time limit",
            [*selfcheck, "gtest", "--exercise", EXERCISE, "--timeout", "8", "--", args.tests,
             f"--gtest_filter={first}"], env)
        problems += found
        if status == 0 or "did not finish within 8 s and was stopped" not in output:
            problems.append("the GoogleTest test: no failure saying the time limit stopped it")

        check = os.path.join(args.source, "script", "check")
        for sig, code in ((signal.SIGINT, 130), (signal.SIGTERM, 143)):
            name = signal.Signals(sig).name
            status, output, found = watch(f"script/check 01 stopped by {name}", [check, "--build", args.build, "01"],
                                          env, interrupt=(sig, ("test_Exercise01", "vadd", "oclgrind")))
            problems += found
            if status != code:
                problems.append(f"script/check 01 stopped by {name}: exit {status}, not {code}")
            if "Traceback" in output:
                problems.append(f"script/check 01 stopped by {name}: a traceback")
    finally:
        shutil.rmtree(kernels, ignore_errors=True)
    if problems:
        print("FAILED: " + "; ".join(problems))
        return 1
    print("ok: every way the check runs an endless kernel ended it and everything it started")
    return 0


if __name__ == "__main__":
    sys.exit(main())
