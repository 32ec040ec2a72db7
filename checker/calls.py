"""The record of a program's OpenCL calls (tests/trace/trace.cpp writes it with HOC_TRACE=FILE), read as
evidence for host code: the buffers made (size, flags, where), the kernels' parameters as the
implementation reports them, each launch (range, arguments), the commands, user events and waits, and
a wait that could never return ("hang").

  Trace(path)            the last run recorded in path (a program run twice appends twice)
  trace.site(at)         (file, line) in the student's code of a record's "at" (addr2line on the program's
                         file; the first frame in Exercises/<Folder>/ or Solutions/<Folder>/), or None
"""
import json
import os
import re
import shutil
import subprocess

PLACE = re.compile(r"^(.*?)(?:^|/)((?:Exercises|Solutions)/[^/]+/[^:]+):(\d+)")
TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

CL_MEM_READ_WRITE, CL_MEM_WRITE_ONLY, CL_MEM_READ_ONLY = 1, 2, 4
CL_MEM_USE_HOST_PTR, CL_MEM_ALLOC_HOST_PTR, CL_MEM_COPY_HOST_PTR = 8, 16, 32


def flag_names(flags):
    names = [n for n, bit in (("CL_MEM_READ_WRITE", 1), ("CL_MEM_WRITE_ONLY", 2), ("CL_MEM_READ_ONLY", 4),
                              ("CL_MEM_USE_HOST_PTR", 8), ("CL_MEM_ALLOC_HOST_PTR", 16),
                              ("CL_MEM_COPY_HOST_PTR", 32)) if flags & bit]
    return " | ".join(names) or "CL_MEM_READ_WRITE (the default)"


class Trace:
    def __init__(self, path):
        self.records = []
        try:
            with open(path, errors="replace") as f:
                for line in f:
                    try:
                        record = json.loads(line)
                    except ValueError:
                        continue  # a line cut short by a kill
                    if isinstance(record, dict):
                        if record.get("op") == "program":
                            self.records = []  # a new run: only the last one counts
                        self.records.append(record)
        except OSError:
            pass
        self.program = next((r.get("path") for r in self.records if r.get("op") == "program"), None)
        self.buffers = {r["id"]: r for r in self.records if r.get("op") == "buffer"}
        self.kernels = {}
        for r in self.records:
            if r.get("op") == "kernel" and r.get("params"):
                self.kernels[r["name"]] = r
        self.launches = [r for r in self.records if r.get("op") == "launch"]
        self.hangs = [r for r in self.records if r.get("op") == "hang"]
        self.sources = [r.get("source", "") for r in self.records if r.get("op") == "program-source"]
        self._sites = {}

    def __bool__(self):
        return bool(self.records)

    def params(self, kernel):
        """The kernel's parameters [{name, type, space, const}] as the implementation reports them."""
        found = self.kernels.get(kernel)
        return found["params"] if found else []

    def _resolve(self, offsets):
        todo = [o for o in offsets if o not in self._sites]
        if not todo or not self.program or not shutil.which("addr2line") or not os.path.isfile(self.program):
            return
        try:
            done = subprocess.run(["addr2line", "-i", "-a", "-e", self.program, *todo], stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, timeout=30)
        except (OSError, subprocess.SubprocessError):
            return
        # addr2line -a prints each address (in the order given), then its file:line, innermost inlined
        # call first: the first place in the course's exercises or solutions is the student's line.
        index = -1
        for line in done.stdout.splitlines():
            if re.fullmatch(r"0x[0-9a-fA-F]+", line.strip()):
                index += 1
                if index < len(todo):
                    self._sites[todo[index]] = None
                continue
            m = PLACE.search(line.strip())
            if m and 0 <= index < len(todo) and self._sites.get(todo[index]) is None:
                self._sites[todo[index]] = (m.group(2), int(m.group(3)), self._on_disk(m.group(1), m.group(2)))
        for o in todo:
            self._sites.setdefault(o, None)

    @staticmethod
    def _on_disk(prefix, file):
        """The file addr2line names, where it is on this machine (else the course's copy, else None)."""
        for path in (os.path.join(prefix, file) if prefix else file, os.path.join(TOP, file)):
            if os.path.isabs(path) and os.path.isfile(path):
                return os.path.normpath(path)
        return None

    def site(self, at):
        """(file, line, path on disk or None) of the first of the frames `at` that lies in the course's
        exercises or solutions: file as the student names it (Exercises/<Folder>/f.cpp), or None."""
        at = at or []
        self._resolve(at)
        for offset in at:
            if self._sites.get(offset):
                return self._sites[offset]
        return None

    def buffer_of(self, launch, index):
        """The buffer record passed as argument index of a launch, or None."""
        args = launch.get("args") or []
        if index >= len(args) or not isinstance(args[index], dict) or "mem" not in args[index]:
            return None
        return self.buffers.get(args[index]["mem"])

    def int_args(self, launch):
        """{index: value} of the launch's arguments that are integers of 4 or 8 bytes (floats are told
        apart by the parameter's type where the implementation reports it)."""
        params = self.params(launch.get("name"))
        out = {}
        for i, a in enumerate(launch.get("args") or []):
            if not isinstance(a, dict) or "bits" not in a or a.get("size") not in (4, 8):
                continue
            kind = params[i]["type"] if i < len(params) else ""
            if kind and not re.fullmatch(r"(unsigned )?(u?int|u?long|size_t|uint32_t|uint64_t|int32_t|int64_t)", kind):
                continue
            value = a["bits"] & ((1 << (8 * a["size"])) - 1)
            if a["size"] == 4 and value >= 1 << 31 and kind in ("int", ""):
                value -= 1 << 32
            out[i] = value
        return out


def source_line(path, line):
    """The statement that ends on a line of a file (a call written over several lines ends where the
    line tables place it), its lines joined, or ""."""
    try:
        with open(path, errors="replace") as f:
            lines = f.read().split("\n")
    except OSError:
        return ""
    if not 0 < line <= len(lines):
        return ""
    first = line
    while first > 1 and line - first < 6 and not re.search(r"[;{}]\s*(//.*)?$", lines[first - 2].strip()) \
            and lines[first - 2].strip() and not lines[first - 2].strip().startswith(("//", "#")):
        first -= 1
    return " ".join(text.strip() for text in lines[first - 1:line])


def buffer_name(code):
    """The variable a line makes a buffer in (cl::Buffer d_c(...), d_c = cl::Buffer(...), emplace_back ...), or
    None: read from the line the evidence names, to say which buffer that is."""
    m = re.search(r"\bBuffer\s+(\w+)\s*[({]", code) or re.search(r"\b(\w+)\s*=\s*cl::Buffer\s*[({]", code)
    return m.group(1) if m else None
