"""The processes the self-check starts (script/check: cmake and ctest; selfcheck.py: oclgrind and the
test programs), each in a process group of its own and ended with its whole group: at its time limit,
on Ctrl-C (SIGINT), SIGTERM or SIGHUP, and when the process that started it exits, however it exits.
A program left running a kernel that never ends on oclgrind grows by about a gigabyte a minute, so
nothing the check started may outlive it.

  install()          once, at start: the stop signals end every group and then this process (SIGINT
                     as KeyboardInterrupt, SIGTERM and SIGHUP as SystemExit(128 + signal)); at exit,
                     every group still running is ended. On Linux this process also becomes the
                     "subreaper" of what it starts, so that a process whose parent died (a grandchild
                     that left its group) is found among its children and ended too.
  run(command, timeout=None, **popen)   subprocess.run in a group of its own: on timeout the whole
                     group is ended and subprocess.TimeoutExpired raised with the output read so far.
  start(command, **popen)               subprocess.Popen in a group of its own; end(process) ends it.
Text read from a pipe is decoded with errors replaced: a program's output is not ours to trust.
"""
import atexit
import contextlib
import ctypes
import os
import signal
import subprocess
import sys
import time

_running = {}  # pid of a group's leader -> its Popen
_installed = False
GRACE_SECONDS = 2.0  # how long a group has to end after SIGTERM before SIGKILL


def _group_alive(pgid):
    try:
        os.killpg(pgid, 0)
        return True
    except (ProcessLookupError, PermissionError):
        return False


def end(process, grace=GRACE_SECONDS):
    """Ends process's whole group: SIGTERM, then SIGKILL after `grace` seconds (at once with 0)."""
    pgid = process.pid
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pgid, signal.SIGKILL if grace <= 0 else signal.SIGTERM)
    deadline = time.monotonic() + grace
    while grace > 0 and time.monotonic() < deadline:
        process.poll()  # reaps the leader, so that only the rest of its group keeps the group alive
        if process.returncode is not None and not _group_alive(pgid):
            break
        time.sleep(0.05)
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pgid, signal.SIGKILL)
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(timeout=5)
    _running.pop(pgid, None)


def _children_of(pid):
    """The pids whose parent is pid (from /proc; empty where there is none)."""
    found = []
    with contextlib.suppress(OSError):
        for name in os.listdir("/proc"):
            if not name.isdigit():
                continue
            try:
                with open(f"/proc/{name}/stat", "rb") as f:
                    fields = f.read().rsplit(b")", 1)[1].split()
            except (OSError, IndexError):
                continue
            if len(fields) > 1 and int(fields[1]) == pid:
                found.append(int(name))
    return found


def end_all(grace=GRACE_SECONDS):
    """Ends every group still running, then every process left among this process's children (the
    orphans a subreaper receives), with their own children."""
    for process in list(_running.values()):
        end(process, grace)
    stack = _children_of(os.getpid())
    seen = set()
    while stack:
        pid = stack.pop()
        if pid in seen:
            continue
        seen.add(pid)
        stack += _children_of(pid)
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(pid, signal.SIGKILL)
    for pid in seen:
        with contextlib.suppress(ChildProcessError, OSError):
            os.waitpid(pid, os.WNOHANG)


def _on_signal(number, _frame):
    # A second signal while the groups are being ended waits for the first to finish its work.
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, signal.SIG_IGN)
    end_all(grace=0.5)
    if number == signal.SIGINT:
        raise KeyboardInterrupt
    raise SystemExit(128 + number)


def install():
    """See the module's documentation. Safe to call more than once."""
    global _installed
    if _installed:
        return
    _installed = True
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        if signal.getsignal(sig) is not signal.SIG_IGN:  # a nohup'ed run stays deaf to SIGHUP
            signal.signal(sig, _on_signal)
    atexit.register(end_all)


def start(command, **popen):
    """subprocess.Popen(command) in a process group of its own, ended by end(), on a stop signal and
    at exit. Text mode decodes with errors replaced."""
    if popen.get("text") or popen.get("universal_newlines") or popen.get("encoding"):
        popen.setdefault("errors", "replace")
    popen.setdefault("stdin", subprocess.DEVNULL)
    process = subprocess.Popen(command, start_new_session=True, **popen)
    _running[process.pid] = process
    return process


def run(command, timeout=None, input=None, check=False, **popen):
    """subprocess.run(command) in a process group of its own (see start); on timeout the group is
    ended and subprocess.TimeoutExpired raised, its output what was read before."""
    if input is not None:
        popen["stdin"] = subprocess.PIPE
    process = start(command, **popen)
    try:
        output, errors = process.communicate(input, timeout=timeout)
    except subprocess.TimeoutExpired as expired:
        end(process, grace=0)
        output, errors = process.communicate()
        raise subprocess.TimeoutExpired(command, timeout, output=output, stderr=errors) from expired
    except BaseException:
        end(process, grace=0)
        raise
    _running.pop(process.pid, None)
    # The leader has ended; whatever it left in its group (a background job) ends with it.
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signal.SIGKILL)
    done = subprocess.CompletedProcess(command, process.returncode, output, errors)
    if check:
        done.check_returncode()
    return done
