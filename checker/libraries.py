"""A build that failed because the student's file reaches into a course library the exercise does not
link. A room links no library that does what the room asks the student to write (Exercise 10 does not
link Pi/run, whose hoc::pi::runTree runs steps 3 to 5 of its host program; Exercise 11 not Measure/times,
whose hoc::commandTimes reads the four timestamps it teaches): its header is not on the room's include
path and its functions are not in the room's programs. The compiler or the linker says which header or
name is missing; this module says why, naming the student's line, where the name is a library's that
the room does not link (course.json's "libraries" of the room and of those it "uses").

  outside_library(output, root)   the first message for such a build's output, or None
"""
import importlib.util
import json
import os
import re

from . import diagnostics

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The text of a compiler's error (diagnostics.compiler_error) that names a course library's header or
# function. GCC: "fatal error: hoc/pi/run.hpp: No such file or directory", "'commandTimes' is not a member
# of 'hoc'" (typographic quotes in a UTF-8 locale); Clang: "no member named 'commandTimes' in namespace 'hoc'".
MISSING_HEADER = re.compile(r"^(?P<header>hoc/[\w./]+\.hpp): No such file or directory")
NOT_MEMBER = re.compile(r"^(?:[`'\u2018](?P<gcc>\w+)[`'\u2019] is not a member of [`'\u2018](?P<gns>hoc(?:::\w+)*)"
                        r"[`'\u2019]|no member named '(?P<clang>\w+)' in namespace '(?P<cns>hoc(?:::\w+)*)')")


def library_include_folders(root=ROOT):
    """The course libraries' header folders, {folder's path from root: its include folder}: every
    <Library>/include and <Library>/<part>/include that holds hoc/."""
    found = {}
    for top in sorted(os.listdir(root)):
        if top.startswith(".") or top in ("Exercises", "Solutions", "build", "tests", "checker"):
            continue
        for folder in (top, *(os.path.join(top, sub) for sub in sorted(_subfolders(os.path.join(root, top))))):
            include = os.path.join(root, folder, "include")
            if os.path.isdir(os.path.join(include, "hoc")):
                found[folder] = include
    return found


def _subfolders(path):
    try:
        return [d for d in os.listdir(path) if os.path.isdir(os.path.join(path, d))]
    except OSError:
        return []


def _make_libraries(root):
    """course_make.py's LIBRARIES: each name of "libraries" and its folder (None: none of the course's)."""
    spec = importlib.util.spec_from_file_location("course_make", os.path.join(root, "Make_def_files", "course_make.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.LIBRARIES


def linked_folders(exercise, root=ROOT):
    """The library folders the programs of `exercise` (its folder's name) may reach: Common and Cli, and
    those of the "libraries" of its entry and of the entries it "uses" (Matmul/main with Matmul, Measure/main
    with Measure)."""
    with open(os.path.join(root, "course.json"), encoding="utf-8") as f:
        entries = json.load(f)["exercises"]
    by_id = {e["id"]: e for e in entries}
    entry = next((e for e in entries if e["folder"] == exercise), None)
    if entry is None:
        return None
    mapping = _make_libraries(root)
    folders, seen, todo = {"Common", "Cli"}, set(), [entry["id"]]
    while todo:
        ident = todo.pop()
        if ident in seen or ident not in by_id:
            continue
        seen.add(ident)
        e = by_id[ident]
        for name in e.get("build", {}).get("libraries", []):
            if mapping.get(name):
                folders.add(mapping[name])
        todo += e.get("build", {}).get("uses", []) + [u for p in e.get("programs", []) for u in p.get("uses", [])]
    for library in ("Matmul", "Measure"):  # their programs' main()s (Matmul/main, Measure/main)
        if library in folders:
            folders.add(os.path.join(library, "main"))
    return folders


def _holder_of_header(header, root):
    for folder, include in library_include_folders(root).items():
        if os.path.isfile(os.path.join(include, header)):
            return folder, header
    return None


def _holder_of_function(name, root):
    """(library folder, header) of the header that declares hoc::<ns>::...::<function>, or None."""
    parts = name.split("::")
    if len(parts) < 2:
        return None
    namespace, function = (parts[1] if len(parts) > 2 else None), parts[-1]
    for folder, include in library_include_folders(root).items():
        top = os.path.join(include, "hoc")
        spaces = [namespace] if namespace else sorted(_subfolders(top))
        for space, file in [(n, f) for n in spaces if os.path.isdir(os.path.join(top, n))
                            for f in sorted(os.listdir(os.path.join(top, n)))]:
            try:
                with open(os.path.join(top, space, file), errors="replace") as f:
                    text = f.read()
            except OSError:
                continue
            if re.search(rf"^[\w:<>,&* ]+\b{re.escape(function)}\s*\(", text, re.M):
                return folder, f"hoc/{space}/{file}"
    return None


def _reached(line, root):
    """(file, line, what, library folder) where one line of a build's output shows a student's file
    including a course library's header or naming a function declared only in one; else None."""
    error = diagnostics.compiler_error(line)
    if error:
        file, number, text = error
        m = MISSING_HEADER.match(text)
        if m:
            holder = _holder_of_header(m.group("header"), root)
            return (file, number, f"includes {m.group('header')}", holder[0]) if holder else None
        m = NOT_MEMBER.match(text)
        name = m and f"{m.group('gns') or m.group('cns')}::{m.group('gcc') or m.group('clang')}"
    else:
        reference = diagnostics.undefined_reference(line)
        if not reference or reference[0] is None:
            return None
        file, number, name = reference[0], reference[1], re.sub(r"\(.*$", "", reference[2])
        name = name if re.fullmatch(r"hoc(?:::\w+)+", name) else None
    holder = name and _holder_of_function(name, root)
    return (file, number, f"calls {name}, declared in {holder[1]}", holder[0]) if holder else None


def outside_library(output, root=ROOT):
    """The first message for a build whose `output` shows a student's file including a course library's
    header its exercise does not link, or naming a function declared only there; else None."""
    for line in output.splitlines():
        found = _reached(line, root)
        if not found:
            continue
        file, number, what, folder = found
        student = diagnostics.student_path(file, root)
        parts = student.split("/")
        if len(parts) < 3 or parts[0] != "Exercises":
            continue
        linked = linked_folders(parts[1], root)
        if linked is None or folder in linked:
            continue  # a library the room links: the compiler's own message says what is wrong
        return (f"{student}:{number}: error: this file {what}, of the course library in {folder}/, "
                f"which this exercise does not link: a room links no library that does what the room asks you "
                f"to write, so this step's host code must be your own (the README's steps and the file's TODOs say "
                f"what to write)")
    return None
