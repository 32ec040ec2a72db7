#!/usr/bin/env python3
"""Runs Exercise 15b under mpirun and checks its results (tests/mpi/CMakeLists.txt registers the tests).

  python3 -m checker.check_mpi result --np N --under Exercises/<Folder> -- MPIEXEC PROGRAM ARGS...
      Runs PROGRAM on N ranks and, for N > 1, on 1 rank too, each run writing its results as the
      program records them (--json: each result's verdict, pi and each rank's part of it, the sum of C),
      which this reads; nothing is read from what the ranks print. Both runs must exit 0 with pi within the
      course's 1e-6 of the exact midpoint-rule value and every element of C within the matmul error
      bound (the program checks both on rank 0); the N-rank run's pi must be within 1e-6 of the
      one-rank run's, and its C the same (the sum of C equal to the last bit: every element of C is
      computed by the same kernel in the same order, whichever rank computes it).
  python3 -m checker.check_mpi error --np N --under DIR --exit S --message REGEX... -- MPIEXEC PROGRAM ARGS...
      PROGRAM on N ranks must exit with status S, print a line "[rank R on HOST] error: ..." on every
      rank R, and match every REGEX (one line each, in any order): the messages are what this tests.

Every run is stopped after --timeout seconds (a hang is a failure, named as one). The ranks run on
the test device: HOC_TEST_DEVICE, else PoCL's CPU device (HOC_DEVICE is set for the run).
"""

import argparse
import atexit
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

from . import manifest
from . import results as structured

NAME = None  # --name: the test's key in the self-check's structured results

K_TARGET = 1e-6  # hoc::pi::kTarget, the course's accuracy for pi (Pi/include/hoc/pi/reference.hpp)


def run(mpiexec, np, program, args, timeout, under, record=None):
    """Runs PROGRAM on np ranks; returns (exit status, output). With record (a file path), the program
    also writes its results there (--json), as rank 0 has them."""
    env = dict(os.environ)
    env["HOC_DEVICE"] = os.environ.get("HOC_TEST_DEVICE", "Portable Computing Language")
    env["OMPI_ALLOW_RUN_AS_ROOT"] = "1"          # CI runs as root; mpirun refuses root without both
    env["OMPI_ALLOW_RUN_AS_ROOT_CONFIRM"] = "1"
    env["OMPI_MCA_rmaps_base_oversubscribe"] = "1"
    # Open MPI copies large messages between ranks of one machine with cross-memory attach, which
    # containers (CI) often forbid ("Read -1, expected ..., errno = 1"); plain shared memory always works.
    env["OMPI_MCA_btl_vader_single_copy_mechanism"] = "none"
    # Every rank runs on this machine: TCP, where Open MPI uses it at all, stays on the loopback interface.
    # On this project's virtual machine Open MPI 5.0.7 prints "Unable to find reachable pairing between
    # local and remote interfaces" twice per rank when TCP may use eth0 (192.0.2.2/24), and nothing with
    # the loopback interface alone; Open MPI 4.1.4 prints nothing either way.
    env["OMPI_MCA_btl_tcp_if_include"] = "lo"
    command = [mpiexec, "-np", str(np), "--oversubscribe", program, *args, *(["--json", record] if record else [])]
    print("$ " + " ".join(command), flush=True)
    try:
        done = subprocess.run(command, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, timeout=timeout, text=True)
    except subprocess.TimeoutExpired as e:
        out = e.stdout.decode() if isinstance(e.stdout, bytes) else (e.stdout or "")
        print(out)
        fail(under, f"mpirun -np {np} did not finish within {timeout} s: a rank waits for another "
                    "(a collective that not every rank reaches?)", "crash", "hang")
    print(done.stdout, flush=True)
    return done.returncode, done.stdout


def fail(under, message, klass="other", kind="wrong-result"):
    print(f"{under}: {message}")
    if NAME:
        structured.write(os.path.basename(under), NAME, "failed",
                         [structured.finding(klass, kind, f"{under}: {message}")])
    sys.exit(1)


def recorded(path):
    """The program's results as its --json file has them: {result name: result}, or None where it
    wrote none that can be read (it stopped before its first result)."""
    try:
        with open(path, encoding="utf-8") as f:
            document = json.load(f)
        return {r["name"]: r for r in document["results"]}
    except (OSError, ValueError, KeyError, TypeError):
        return None


def result_named(found, prefix):
    return next((r for name, r in (found or {}).items() if name.startswith(prefix)), None)


def hint_text(under, hint_id):
    """The hint `hint_id` of the exercise in `under` (course.json's "hints" of its entry, which
    tests/course/hints.py holds to those this file gives)."""
    for hint in (manifest.entry(os.path.basename(os.path.normpath(under))) or {}).get("hints", []):
        if hint["id"] == hint_id:
            return hint["text"]
    raise manifest.ManifestError(f"course.json's {os.path.basename(under)} has no hint {hint_id!r}")


def results(under, np, status, record, exercise):
    """pi and the sum of C from one run's --json record, after checking its verdicts."""
    found = recorded(record)
    pi = result_named(found, "pi over ")
    c = result_named(found, "C = A * B over ")
    if pi is None or c is None or "pi" not in pi.get("extra", {}) or "sum_of_c" not in c.get("extra", {}):
        fail(under, f"mpirun -np {np}: exit status {status}, and the results it wrote (--json) lack pi or C")
    value, total = pi["extra"]["pi"], c["extra"]["sum_of_c"]
    problems = []
    if not pi["correct"]:
        hint = ""
        parts = [v for key, v in pi["extra"].items() if key.startswith("part_of_rank_")]
        if exercise and parts and all(x == 0.0 for x in parts):
            hint = "; " + hint_text(under, "mpi_every_part_zero")
        elif exercise and value == 0.0:
            hint = "; " + hint_text(under, "mpi_parts_not_reduced")
        elif exercise:
            hint = "; " + hint_text(under, "mpi_pi_kernel")
        problems.append(f"pi over {np} ranks is {value}, not within {K_TARGET:g} of the midpoint rule's value{hint}")
    if not c["correct"]:
        hint = "; " + hint_text(under, "mpi_rows_not_sent") if exercise else ""
        problems.append(f"C = A * B over {np} ranks: WRONG: {c['detail']}{hint}")
    if problems:
        fail(under, "; ".join(problems))
    if status != 0:
        fail(under, f"mpirun -np {np}: exit status {status} although every result is correct")
    return value, total


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("mode", choices=["result", "error"])
    parser.add_argument("--np", type=int, required=True)
    parser.add_argument("--under", required=True, help="whose code runs: Solutions/<Folder> or Exercises/<Folder>")
    parser.add_argument("--exit", type=int)
    parser.add_argument("--message", action="append", default=[])
    parser.add_argument("--timeout", type=int, default=120)
    parser.add_argument("--name", help="the test's name in the self-check's structured results")
    argv = sys.argv[1:]
    split = argv.index("--") if "--" in argv else len(argv)
    a = parser.parse_args(argv[:split])
    command = argv[split + 1:]
    if len(command) < 2:
        parser.error("give -- MPIEXEC PROGRAM [ARGS...] after the options")
    mpiexec, program, args = command[0], command[1], command[2:]
    exercise = a.under.startswith("Exercises/")
    global NAME
    NAME = a.name

    if a.mode == "result":
        # The results as the program records them (--json), one file per run, in a folder removed at exit.
        folder = tempfile.mkdtemp(prefix="check_mpi.")
        atexit.register(shutil.rmtree, folder, True)
        record = os.path.join(folder, f"ranks_{a.np}.json")
        status, _ = run(mpiexec, a.np, program, args, a.timeout, a.under, record)
        pi, total = results(a.under, a.np, status, record, exercise)
        if a.np > 1:
            record1 = os.path.join(folder, "ranks_1.json")
            status1, _ = run(mpiexec, 1, program, args, a.timeout, a.under, record1)
            pi1, total1 = results(a.under, 1, status1, record1, exercise)
            if abs(pi - pi1) > K_TARGET:
                fail(a.under, f"pi over {a.np} ranks is {pi}, over one rank {pi1}: more than {K_TARGET:g} apart")
            if total != total1:
                fail(a.under, f"C over {a.np} ranks differs from C over one rank (sum of C {total} against "
                              f"{total1}): some rows were computed from other rows of A, or landed in the wrong place")
        print(f"{a.under}: {a.np} ranks: pi and C as on one rank")
        if NAME:
            structured.write(os.path.basename(a.under), NAME, "passed")
        return 0

    status, out = run(mpiexec, a.np, program, args, a.timeout, a.under)
    problems = []
    if status != a.exit:
        problems.append(f"exit status {status}, expected {a.exit}")
    for rank in range(a.np):
        if not re.search(rf"^\[rank {rank} on [^\]]+\] error: ", out, re.M):
            problems.append(f"rank {rank} printed no error line ('[rank {rank} on HOST] error: ...')")
    for regex in a.message:
        if not re.search(regex, out, re.M):
            problems.append(f"no line matches {regex!r}")
    if problems:
        fail(a.under, "; ".join(problems))
    print(f"{a.under}: {a.np} ranks: every rank stopped with exit status {a.exit} and said why")
    return 0


if __name__ == "__main__":
    sys.exit(main())
