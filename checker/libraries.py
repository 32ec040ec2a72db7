"""A build that failed because the student's file reaches into a course library the exercise does not
link. A room links no library that does what the room asks the student to write (Exercise 10 does not
link Pi/run, whose hoc::pi::runTree runs steps 3 to 5 of its host program; Exercise 11 not Measure/times,
whose hoc::commandTimes reads the four timestamps it teaches): its header is not on the room's include
path and its functions are not in the room's programs. The compiler or the linker says which header or
name is missing; this module says why, naming the student's line, where the name is a library's that
the room does not link (course.json's "libraries" of the room and of those it "uses").

A student's file can reach the lesson without a build failing, too: by naming an answer's path (a
solution's file in Solutions/, a solution kernel in Kernels/, or another room's file, in an #include or
a string such as a kernel file's name) or by calling a function a linked library holds that does the
step's work (course.json's "shortcuts" of the room: Exercise 02's build log asked of hoc::BuildFailure
instead of the program).
answer_reached reads the room's files before the build and names that line.

  outside_library(output, root)   the first message for such a build's output, or None
  answer_reached(folder, root)    the first message for a file of Exercises/<folder> that reaches an answer
                                  by path or calls a shortcut, or None
"""
import importlib.util
import json
import os
import re
import stat

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


SOURCE_SUFFIXES = (".cpp", ".hpp", ".h", ".cc", ".cxx", ".cl")
# A path into the course's answers: Solutions/ (the solutions' files) or Kernels/ (the solutions'
# kernels), as a component of a quoted or bracketed path: "../../Kernels/matmul_row.cl",
# <../Solutions/X/y.cpp>, "Kernels" joined with "/".
ANSWER_PATH = re.compile(r"""(?:^|[/\\"'<])(?P<folder>Solutions|Kernels)(?=[/\\"'>])""")
# A path into another room: Exercises/<Folder>/... or ../<Folder>/... (a later room's given kernel can
# be an earlier room's answer: Exercise 11 hands out Exercise 04's kernel).
ROOM_PATH = re.compile(r"""(?:^|[/\\"'<])(?:Exercises(?=[/\\"'>])|\.\.[/\\](?P<room>Exercise\w+))""")


def _code(text, keep_strings):
    """`text` (C, C++ or OpenCL C) with its comments blanked, and its string and character literals too
    unless keep_strings; newlines kept, so that line numbers stay."""
    out, i, n = [], 0, len(text)
    while i < n:
        c, two = text[i], text[i:i + 2]
        if two == "//":
            end = text.find("\n", i)
            end = n if end < 0 else end
            out.append(" " * (end - i))
            i = end
        elif two == "/*":
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            out.append("".join(ch if ch == "\n" else " " for ch in text[i:end]))
            i = end
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" and text[j + 1:j + 2] != "\n" else 1
            j = min(j, n) + (1 if j < n and text[j] == c else 0)  # a newline ends an unclosed one, kept
            out.append(text[i:j] if keep_strings else c + " " * max(0, j - i - 2) + (c if j - i >= 2 else ""))
            i = j
        else:
            out.append(c)
            i += 1
    return "".join(out)


def _room_files(folder, root):
    top = os.path.join(root, "Exercises", folder)
    for dirpath, dirnames, filenames in os.walk(top):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
        for name in sorted(filenames):
            if name.endswith(SOURCE_SUFFIXES) and not name.startswith("."):
                yield os.path.join(dirpath, name)


def _read_text(path):
    """The text of a regular file (its first MiB); None for anything else (a link to a device, a FIFO:
    never opened, so never blocking)."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return None
        with open(path, "rb") as f:
            return f.read(1 << 20).decode("utf-8", errors="replace")
    except OSError:
        return None


def _shortcuts(folder, root):
    """course.json's "shortcuts" of the room: [{"file", "names", "step"}]."""
    try:
        with open(os.path.join(root, "course.json"), encoding="utf-8") as f:
            entries = json.load(f)["exercises"]
    except (OSError, ValueError, KeyError, TypeError):
        return []
    entry = next((e for e in entries if isinstance(e, dict) and e.get("folder") == folder), None)
    found = entry.get("shortcuts", []) if entry else []
    return [s for s in found if isinstance(s, dict) and isinstance(s.get("names"), list)] if isinstance(found, list) \
        else []


def answer_reached(folder, root=ROOT):
    """The first message for a file of the room Exercises/<folder> whose code (comments left out) names
    a path into Solutions/ or Kernels/, or calls a name the room's "shortcuts" in course.json forbid in
    that file; else None."""
    for path in _room_files(folder, root):
        text = _read_text(path)
        if text is None:
            continue
        student = os.path.relpath(path, root)
        for number, line in enumerate(_code(text, keep_strings=True).split("\n"), start=1):
            m = ANSWER_PATH.search(line)
            room = None if m else ROOM_PATH.search(line)
            if room:
                return (f"{student}:{number}: error: this line names a path into a room (Exercises/"
                        f"{room.group('room') or '...'}): a room's code uses its own files and the libraries it "
                        f"links, never another room's files by path (a later room's given code may hold this "
                        f"room's answer); write this step yourself (the README's steps and the file's TODOs say what)")
            if m:
                what = ("a solution's file (Solutions/)" if m.group("folder") == "Solutions"
                        else "a solution kernel (Kernels/, the course's answers)")
                return (f"{student}:{number}: error: this line names a path into {what}: a room's code uses "
                        f"its own files, the files of its room (given/ among them) and the libraries it links, "
                        f"never the course's answers; write this step yourself (the README's steps and the "
                        f"file's TODOs say what)")
    for shortcut in _shortcuts(folder, root):
        path = os.path.join(root, "Exercises", folder, str(shortcut.get("file", "")))
        text = _read_text(path) if shortcut.get("file") else None
        if text is None:
            continue
        names = [n for n in shortcut["names"] if isinstance(n, str) and re.fullmatch(r"\w+", n)]
        if not names:
            continue
        pattern = re.compile(r"\b(" + "|".join(map(re.escape, names)) + r")\b")
        for number, line in enumerate(_code(text, keep_strings=False).split("\n"), start=1):
            m = pattern.search(line)
            if m:
                student, step = os.path.relpath(path, root), shortcut.get("step", "this step")
                return (f"{student}:{number}: error: this line uses {m.group(1)}, which does {step} for you: "
                        f"the step is yours to write here, with the OpenCL calls themselves")
    return None
