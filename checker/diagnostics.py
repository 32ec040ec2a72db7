"""A build that fails, named where the student reads it: the file and line of the compiler's first error.

Two builds can fail. The host code (C++) is compiled by `cmake --build` before any test runs: its
first error is `PATH:LINE:COLUMN: error: TEXT` (GCC and Clang), PATH absolute or relative to the build
folder. A kernel is compiled when the program runs (clBuildProgram): Common's hoc::BuildFailure
says "building kernel file NAME for DEVICE failed: CL_BUILD_PROGRAM_FAILURE (-11)" and holds the
device's build log, whose file names Common maps back to the kernel files (linesOfTheFiles). The logs
differ by implementation: PoCL 3.1 writes "error: vadd.cl:10:27: TEXT", Clang (PoCL 6.0, Intel's CPU
runtime) "vadd.cl:10:27: error: TEXT". Either becomes one first line,
"Exercises/<Folder>/vadd.cl:10: error: TEXT", with the compiler's lines after it and a hint."""
import contextlib
import os
import re

# GCC and Clang: "PATH:LINE:COLUMN: error: TEXT" (or "fatal error:").
_COMPILER_ERROR = re.compile(r"^(?P<file>[^:\s][^:]*):(?P<line>\d+):(?:(?P<column>\d+):)? "
                             r"(?:fatal )?error: (?P<text>.*)$")
# PoCL 3.1's build log: "error: FILE:LINE:COLUMN: TEXT".
_POCL_ERROR = re.compile(r"^(?:fatal )?error: (?P<file>[^:\s][^:]*):(?P<line>\d+):(?:(?P<column>\d+):)? "
                         r"(?P<text>.*)$")
_KERNEL_BUILD = re.compile(r"building kernel file (?P<name>\S+) for (?P<device>.*?) failed: "
                           r"(?P<code>CL_BUILD_PROGRAM_FAILURE|CL_INVALID_BUILD_OPTIONS) \(-?\d+\)\n"
                           r"---- build log ----\n(?P<log>.*?)\n?---- end of build log ----", re.DOTALL)

KERNEL_HINT = ("the kernel does not compile, so no test could run it (a kernel is compiled when the program "
               "runs, by clBuildProgram, after the C++ build succeeded): correct line {line} of {name}; the "
               "compiler's later errors often follow from the first, so check again after each correction")
HOST_HINT = ("the host code does not compile, so no test ran: correct line {line} of {name}; the compiler's "
             "later errors often follow from the first (a missing ';' or ')' is reported at the start of the "
             "next line), so check again after each correction")


def first_error(text):
    """(file, line, message) of the first compiler error in text, or None."""
    for line in text.splitlines():
        found = _COMPILER_ERROR.match(line.strip()) or _POCL_ERROR.match(line.strip())
        if found:
            return found.group("file"), int(found.group("line")), found.group("text").strip()
    return None


def compiler_error(line):
    """(file, line, text) of one line of a host compiler's output that reports an error (GCC's and
    Clang's "PATH:LINE:COLUMN: error: TEXT" or "fatal error: TEXT"), or None."""
    found = _COMPILER_ERROR.match(line.strip())
    return (found.group("file"), int(found.group("line")), found.group("text").strip()) if found else None


# GNU ld: "PATH:LINE: undefined reference to `NAME(...)'" where the object has line tables, else
# "PATH.o:(.text+0x9): undefined reference to ..." or the reference after "/usr/bin/ld: ...: " (no line).
_UNDEFINED = re.compile(r"(?:^(?P<file>[^:\s][^:]*):(?P<line>\d+):(?:\([^)]*\):)? )?"
                        r"undefined reference to [`'](?P<name>[^`']+)'")


def undefined_reference(line):
    """(file, line, name) of one line of a linker's output that reports an undefined reference, file and
    line None where the line does not give them, name the whole signature ("hoc::pi::runTree(...)");
    or None."""
    found = _UNDEFINED.search(line.strip())
    if not found:
        return None
    return found.group("file"), (int(found.group("line")) if found.group("line") else None), found.group("name")


def _inside(path, top):
    return os.path.commonpath([os.path.abspath(path), os.path.abspath(top)]) == os.path.abspath(top)


def student_path(path, root, base=None):
    """A compiler's PATH as the student names it: from the course's top folder where it lies inside it
    (a relative PATH is taken from BASE, the folder the compiler ran in, root where None); else whole."""
    full = os.path.normpath(path if os.path.isabs(path) else os.path.join(base or root, path))
    return os.path.relpath(full, root) if _inside(full, root) else full


def host_build_failure(output, build, root, command="cmake --build build"):
    """The first message of a host build that failed (COMMAND's OUTPUT), or None where it holds no
    compiler error (a link error, a tool's failure: the caller shows those as they are). Returns
    (text, file, line, hint), file relative to root. The first error in a file of Exercises/ comes first
    (an error a library's template reports in its own header follows from the student's call)."""
    errors = []
    for number, line in enumerate(output.splitlines()):
        found = compiler_error(line)
        if found:
            errors.append((number, student_path(found[0], root, build), *found[1:]))
    if not errors:
        return None
    number, shown, line, what = next((e for e in errors if e[1].split(os.sep)[0] == "Exercises"), errors[0])
    lines = output.splitlines()
    # The compiler's own lines after the error: the source line and its caret ("   27 |     cl::...").
    quoted = []
    for more in lines[number + 1:number + 6]:
        if not re.match(r"^\s*(\d+\s*)?\|", more):
            break
        quoted.append("  " + more)
    others = len(errors) - 1
    text = "\n".join([f"{shown}:{line}: error: {what} (the host code does not compile)", *quoted,
                      *([f"  ({others} more error(s) after it; {command} shows them all)"]
                        if others else [])])
    hint = HOST_HINT.format(line=line, name=os.path.basename(shown))
    return text + f"\n  hint: {hint}", shown, line, hint


def kernel_files(name, folders, root, search=()):
    """Where the program would have found kernel file NAME: the folders of HOC_KERNEL_PATH (search)
    first, then the rooms FOLDERS (the exercise's, then those whose kernels it runs: Exercise 05 runs
    Exercise 04's), each with its subfolders. The first found, relative to root, or None."""
    for folder in search:
        if folder and os.path.isfile(os.path.join(folder, name)):
            return os.path.relpath(os.path.join(folder, name), root)
    for top in [os.path.join(root, "Exercises", folder) for folder in folders if folder]:
        for dirpath, dirnames, filenames in os.walk(top):
            dirnames.sort()
            if name in filenames:
                return os.path.relpath(os.path.join(dirpath, name), root)
    return None


def kernel_build_failure(text, folders, root, search=()):
    """A course test's message holding hoc::BuildFailure's text, as its first message: (text, file, line,
    hint) where the build log names an error, else None."""
    built = _KERNEL_BUILD.search(text)
    if not built:
        return None
    error = first_error(built.group("log"))
    if not error:
        return None
    logged, line, what = error
    name = os.path.basename(logged)
    path = kernel_files(name, folders, root, search) or built.group("name")
    hint = KERNEL_HINT.format(line=line, name=name)
    entries = built.group("log").strip().splitlines()
    log = [f"    {entry}" for entry in entries[:12]]
    # The line itself, where the log does not quote it (PoCL's does not; Clang's "   10 | ..." does).
    quoted = []
    if not any(re.match(rf"^\s*{line} \|", entry) for entry in entries):
        with contextlib.suppress(OSError, IndexError), open(os.path.join(root, path), encoding="utf-8",
                                                             errors="replace") as f:
            quoted = [f"  {line:>5} | {f.read().splitlines()[line - 1].rstrip()}"]
    first = (f"{path}:{line}: error: {what} (the kernel does not compile on "
             f"{built.group('device')}: {built.group('code')})")
    return "\n".join([first, *quoted, "  the build log:", *log, f"  hint: {hint}"]), path, line, hint


def _plain(signature):
    """A C++ signature as ld prints it, without the standard allocators' noise."""
    before = None
    while before != signature:
        before = signature
        signature = re.sub(r", std::allocator<[^<>]*(?:<[^<>]*>)?[^<>]*> ?>", ">", signature)
    return signature


def link_failure(output, folder, root):
    """The first message of a build whose link failed for a function the student's files do not define
    (ld's "undefined reference to `vadd(...)'"), or None: (text, file, hint), file the exercise's own
    C++ file (the only one outside given/, or the folder where it has several)."""
    names = list(dict.fromkeys(_plain(found[2]) for found in map(undefined_reference, output.splitlines())
                               if found))
    room = os.path.join(root, "Exercises", folder)
    if not names or not os.path.isdir(room):
        return None
    own, declared = [], None
    bare = re.sub(r"\(.*$", "", names[0]).split("::")[-1]
    for dirpath, dirnames, filenames in os.walk(room):
        dirnames.sort()
        for name in sorted(filenames):
            path = os.path.join(dirpath, name)
            if name.endswith(".cpp") and "given" not in os.path.relpath(path, room).split(os.sep):
                own.append(os.path.relpath(path, root))
            if name.endswith((".hpp", ".h")) and declared is None:
                with contextlib.suppress(OSError), open(path, encoding="utf-8", errors="replace") as f:
                    for number, line in enumerate(f, 1):
                        if re.search(rf"\b{re.escape(bare)}\s*\(", line) and not line.lstrip().startswith("//"):
                            declared = f"{os.path.relpath(path, root)}:{number}"
                            break
    file = own[0] if len(own) == 1 else os.path.relpath(room, root)
    more = f" (and {len(names) - 1} more)" if len(names) > 1 else ""
    hint = (f"define {bare} in your file with exactly the name and parameter types of its declaration"
            f"{' at ' + declared if declared else ''}: another name, a parameter of another type or a const "
            f"left out makes it another function, which nothing calls")
    text = (f"{file}: the program does not link: no definition of {names[0]}{more}, which the given code and "
            f"the course tests call\n  hint: {hint}")
    return text, file, hint
