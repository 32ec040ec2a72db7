#!/usr/bin/env python3
"""Writes course.json's build facts as make variables, for the plain-make build (course.mk beside this
file includes what it writes, and remakes it when course.json changes).

Usage: course_make.py COURSE_JSON OUT_MK

For each exercise folder F of the course, in course order, OUT_MK sets:
  hoc.F.programs        the programs the folder builds (those of a "module" are the module's: CMake only)
  hoc.F.P.main          program P's main file, F/given/main.cpp unless its "main" says otherwise
  hoc.F.P.title         the line P prints first (HOC_TITLE), as a C string literal, quoted for the shell
  hoc.F.P.sources       P's other files: the folder's "build" sources, then those of every folder it
                        uses ("uses" of the entry and of P, and theirs), each as Folder/path
  hoc.F.P.rooms         the rooms on P's include path: F, then the folders it uses
  hoc.F.P.kernel_rooms  the rooms on an exercise's kernel path: F, its "kernels_from", the folders it
                        uses and theirs
  hoc.F.P.libraries     the course libraries P links beyond Common and Cli (Matmul, Matmul/buffers, Measure,
                        Measure/times, Pi, Pi/run, Mpi)
  hoc.F.mpi             "yes" when the folder's library is built with MPI (compiled with mpicxx)
"""
import json
import os
import shlex
import sys

LIBRARIES = {"matmul": "Matmul", "matmul_buffers": "Matmul/buffers", "measure": "Measure",
             "measure_times": "Measure/times", "pi": "Pi", "pi_run": "Pi/run", "cli": None, "mpi": "Mpi"}


def make_text(value):
    """`value` as make reads it literally on the right of := (no $ expansion, no comment)."""
    return value.replace("$", "$$").replace("#", "\\#")


def c_string(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def main(argv):
    if len(argv) != 3:
        sys.exit(__doc__)
    with open(argv[1], encoding="utf-8") as f:
        entries = json.load(f)["exercises"]
    by_id = {e["id"]: e for e in entries}

    def entry_of(ident, who):
        if ident not in by_id:
            sys.exit(f"{argv[1]}: {who} names the exercise id {ident!r}, which no entry has")
        return by_id[ident]

    def closure(entry, start):
        """The entries `start` (ids) name through "uses", and those they use, in first-seen order."""
        seen, order, todo = {entry["id"]}, [], list(start)
        while todo:
            ident = todo.pop(0)
            if ident in seen:
                continue
            seen.add(ident)
            used = entry_of(ident, entry["folder"])
            order.append(used)
            todo += used.get("build", {}).get("uses", [])
        return order

    lines = ["# Written by Make_def_files/course_make.py from course.json: edit course.json, not this file.",
             "HOC_COURSE_FOLDERS := " + " ".join(e["folder"] for e in entries)]
    for entry in entries:
        folder, build = entry["folder"], entry.get("build", {})
        programs = [p for p in entry.get("programs", []) if not p.get("module")]
        lines.append("")
        lines.append(f"hoc.{folder}.programs := " + " ".join(p["name"] for p in programs))
        lines.append(f"hoc.{folder}.mpi := " + ("yes" if "mpi" in build.get("libraries", []) else ""))
        for program in programs:
            used = closure(entry, build.get("uses", []) + program.get("uses", []))
            linked = [entry, *used]
            sources = [f"{e['folder']}/{s}" for e in linked for s in e.get("build", {}).get("sources", [])]
            kernel_rooms = []
            for e in linked:
                for room in [e] + [entry_of(i, e["folder"]) for i in e.get("build", {}).get("kernels_from", [])]:
                    if room["folder"] not in kernel_rooms:
                        kernel_rooms.append(room["folder"])
            libraries = []
            for e in linked:
                for name in e.get("build", {}).get("libraries", []):
                    if name not in LIBRARIES:
                        sys.exit(f"{argv[1]}: {e['folder']} uses the library {name!r}, which is not one of the "
                                 f"course's ({', '.join(LIBRARIES)})")
                    if LIBRARIES[name] and LIBRARIES[name] not in libraries:
                        libraries.append(LIBRARIES[name])
            prefix = f"hoc.{folder}.{program['name']}"
            lines += [f"{prefix}.main := {folder}/{program.get('main', 'given/main.cpp')}",
                      f"{prefix}.title := " + make_text(shlex.quote(c_string(program["title"]))),
                      f"{prefix}.sources := " + " ".join(sources),
                      f"{prefix}.rooms := " + " ".join(e["folder"] for e in linked),
                      f"{prefix}.kernel_rooms := " + " ".join(kernel_rooms),
                      f"{prefix}.libraries := " + " ".join(libraries)]
    text = "\n".join(lines) + "\n"
    partial = argv[2] + ".new"
    with open(partial, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(partial, argv[2])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
