#!/usr/bin/env python3
"""script/check NAME [PART] --hint: the help in levels (course.json's "help"). In a scratch build
folder: the levels come one per call, each call showing the ones before; the record
(<build>/selfcheck/hints.json) keeps them per exercise and part (a part's other name counts as the
same part); --hint N shows level N; the last level stays the last; an exercise without help, an
unknown part or level exits 2 with a message; a read-only build folder shows the level and says it is
not kept. And every exercise the student has something to write in (no "starter_passes") has at
least two levels, each a sentence or more. Nothing is built or run."""
import json
import os
import stat
import subprocess
import sys
import tempfile

from . import manifest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
CHECK = os.path.join(ROOT, "script", "check")

def check(build, *args):
    done = subprocess.run([CHECK, *args, "--build", build], stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, timeout=60, env=dict(os.environ, NO_COLOR="1"))
    return done.returncode, done.stdout


def main():
    problems = []

    def expect(condition, what, output=""):
        if not condition:
            problems.append(what + (f"\n{output}" if output else ""))

    levels = manifest.help_levels("Exercise08_MatmulLocalColumn")
    with tempfile.TemporaryDirectory() as build:
        for n in range(1, len(levels) + 2):
            status, out = check(build, "08", "--hint")
            shown = min(n, len(levels))
            expect(status == 0, f"--hint call {n}: exit {status}", out)
            expect(f"level {shown} of {len(levels)}" in out, f"--hint call {n} does not give level {shown}", out)
            expect(all(levels[k][:40] in out.replace("\n     ", " ") for k in range(shown)),
                   f"--hint call {n} does not show levels 1 to {shown}", out)
            if shown < len(levels):
                later = levels[shown][:40] in out.replace("\n     ", " ")
                expect(not later, f"--hint call {n} shows a later level", out)
        expect("the last level" in out, "the last call does not say it is the last level", out)
        with open(os.path.join(build, "selfcheck", "hints.json")) as f:
            record = json.load(f)
        expect(record.get("Exercise08_MatmulLocalColumn") == len(levels), f"hints.json holds {record}")
        status, out = check(build, "08", "--hint", "1")
        expect(status == 0 and "level 1 of" in out and "shows the last one again" in out, "--hint 1 after all", out)
        # A part: its own levels, kept under its first name whichever name is given.
        part = manifest.help_levels("Exercise09_MatmulBlocked", "part2")
        status, out = check(build, "09", "blocked_dynamic", "--hint")
        expect(status == 0 and part[0][:40] in out.replace("\n     ", " "), "09 blocked_dynamic --hint", out)
        status, out = check(build, "09", "part2", "--hint")
        expect(f"level 2 of {len(part)}" in out, "09 part2 --hint after 09 blocked_dynamic --hint is not level 2", out)
        for args, says in ((("01", "--hint"), "has no help in levels"), (("09", "part9", "--hint"), "has no part"),
                           (("08", "--hint", "9"), "has help levels 1 to"), (("99", "--hint"), "no exercise")):
            status, out = check(build, *args)
            expect(status == 2 and says in out, f"{' '.join(args)}: exit {status}, expected 2 saying {says!r}", out)
    with tempfile.TemporaryDirectory() as build:
        os.makedirs(os.path.join(build, "selfcheck"))
        os.chmod(os.path.join(build, "selfcheck"), stat.S_IRUSR | stat.S_IXUSR)
        try:
            status, out = check(build, "04", "--hint")
            writable = os.access(os.path.join(build, "selfcheck"), os.W_OK)  # root writes anyway
            expect(status == 0 and "level 1 of" in out and (writable or "not kept" in out),
                   "a read-only build folder", out)
        finally:
            os.chmod(os.path.join(build, "selfcheck"), stat.S_IRWXU)
    for entry in manifest.load():
        if entry.get("starter_passes"):
            continue
        help_levels = entry.get("help", [])
        expect(len(help_levels) >= 2 and all(len(t.split()) >= 8 for t in help_levels),
               f"{entry['folder']}: course.json's \"help\" needs at least two levels, each a sentence or more")
    for problem in problems:
        print(f"FAILED: {problem}")
    if problems:
        return 1
    print("ok: the help comes a level at a time, is kept per exercise and part, and every exercise to write has it")
    return 0


if __name__ == "__main__":
    sys.exit(main())
