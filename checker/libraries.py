"""A build that failed because the student's file reaches into a course library the exercise does not
link. A room links no library that does what the room asks the student to write (Exercise 10 does not
link Pi/run, whose hoc::pi::runTree runs steps 3 to 5 of its host program): its header is not on the
room's include path and its functions are not in the room's programs. The compiler or the linker says
which header or function is missing; this module says why, naming the student's line.

  outside_library(output, root)   the first message for such a build's output, or None
"""
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

MISSING_HEADER = re.compile(r"^(?P<file>\S+?):(?P<line>\d+):\d+: fatal error: (?P<header>hoc/[\w./]+\.hpp): "
                            r"No such file or directory")
# GNU ld: "path/pi.cpp:128: undefined reference to `hoc::pi::runTree(...)'" (with line tables);
# lld: "error: undefined symbol: hoc::pi::runTree(...)" then ">>> referenced by pi.cpp:128".
UNDEFINED = re.compile(r"^(?P<file>\S+?):(?P<line>\d+):(?:\([^)]*\):)? undefined reference to "
                       r"[`'](?P<name>hoc(?:::\w+)+)\(")


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


def _holder_of_header(header, root):
    for folder, include in library_include_folders(root).items():
        if os.path.isfile(os.path.join(include, header)):
            return folder, header
    return None


def _holder_of_function(name, root):
    """(library folder, header) of the header that declares hoc::<ns>::...::<function>, or None."""
    parts = name.split("::")
    if len(parts) < 3:
        return None
    namespace, function = parts[1], parts[-1]
    for folder, include in library_include_folders(root).items():
        headers = os.path.join(include, "hoc", namespace)
        for file in sorted(os.listdir(headers)) if os.path.isdir(headers) else []:
            try:
                with open(os.path.join(headers, file), errors="replace") as f:
                    text = f.read()
            except OSError:
                continue
            if re.search(rf"\b{re.escape(function)}\s*\(", text):
                return folder, f"hoc/{namespace}/{file}"
    return None


def _student_path(path, root):
    """The file as the student names it: from the course's top where it lies inside it."""
    full = os.path.normpath(path if os.path.isabs(path) else os.path.join(root, path))
    inside = os.path.relpath(full, root)
    return path if inside.startswith("..") else inside


def outside_library(output, root=ROOT):
    """The first message for a build whose `output` shows a student's file including a course library's
    header the exercise does not link, or calling a function declared only there; else None."""
    for line in output.splitlines():
        line = line.strip()
        m = MISSING_HEADER.match(line)
        holder = _holder_of_header(m.group("header"), root) if m else None
        what = f"includes {m.group('header')}" if holder else ""
        if not holder:
            m = UNDEFINED.match(line)
            holder = _holder_of_function(m.group("name"), root) if m else None
            what = f"calls {m.group('name')}, declared in {holder[1]}" if holder else ""
        if holder and "/Exercises/" in "/" + _student_path(m.group("file"), root):
            folder = holder[0]
            return (f"{_student_path(m.group('file'), root)}:{m.group('line')}: error: this file {what}, of the "
                    f"course library in {folder}/, which this exercise does not link: a room links no library that "
                    f"does what the room asks you to write, so this step's host code must be your own (the "
                    f"README's steps and the file's TODOs say what to write)")
    return None
