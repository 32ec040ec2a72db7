"""oclgrind's findings, read and explained from the evidence (selfcheck.py's oclgrind mode uses it).

parse_log(text)            oclgrind's log as findings: head line, kernel, and per work-item ("entity")
                           the operation (load, store, call), source line, column and code.
explain(findings, search)  one Explanation per kind of finding, most specific first, in a fixed order
                           (kind, then file and line): where (the kernel file, as the student's own
                           path, and line), what happened, and a hint chosen from what the log and the
                           kernel source show:
  race (local or global)   the same line writing in two work-items (x++ or x = ... at one address) needs
                           an atomic; a write on one line and a read on another needs a barrier between
                           them (named by their lines); in global memory a plain store from two
                           work-items to one element is a wrong index formula.
  out of bounds            the array and index at oclgrind's column; for a global buffer, from the element
                           oclgrind reports, the work-item's ids and the run's sizes, which part of the index
                           (row or column) ran out and by how much (access_evidence); the loop or condition that bounds
                           that index (a `<=`, a `>` for `>=`, a missing check) where the source shows it.
  uninitialized            the local arrays the kernel reads and where they are written: a write under
                           a condition leaves the other slots unset (give them 0), no write at all is
                           said as such.
  divergence               the barrier's line and the condition around it.
"""
import os
import re

# The order in which kinds are told: the cause first (a wrong index or a missing barrier often makes
# uninitialized values follow), the tool's own trouble last.
ORDER = ["host-wait", "host-launch", "host-queue", "host-event", "host-read", "host-arguments", "host-count",
         "host-buffer-size", "buffer-flags", "divergence", "bounds-global", "bounds-local", "bounds-private",
         "race-local", "race-global", "async-wait", "uninitialized-local", "uninitialized", "api", "other", "tool"]

WHAT = {
    "host-wait": "a wait that never returned",
    "host-launch": "a kernel launch that the runtime refused",
    "host-read": "a read or map the host never waited for",
    "host-queue": "a timestamp asked of a command whose queue has no profiling",
    "host-event": "a wait for the event of a launch made without one",
    "host-arguments": "kernel arguments passed in another order than the kernel's parameters",
    "host-buffer-size": "a buffer smaller than what the kernel works on",
    "host-count": "a count passed in bytes where the kernel counts elements",
    "buffer-flags": "a kernel access that the buffer's flags forbid",
    "race-local": "a data race in local memory",
    "race-global": "a data race in global memory",
    "bounds-global": "a read or write past the end of a global buffer",
    "bounds-local": "a read or write past the end of a local-memory array",
    "bounds-private": "a read or write past the end of a private array",
    "uninitialized": "a value used before anything was written to it",
    "uninitialized-local": "a local-memory value read before any work-item wrote it",
    "divergence": "a barrier or work-group function that not every work-item of the work-group reached",
    "api": "an OpenCL call with wrong arguments",
    "async-wait": "an async copy whose event the work-items never waited for",
    "other": "a problem oclgrind reports",
    "tool": "oclgrind stopped on something it does not support: a failure of the tool, not a finding in your code",
}


def kind_of(head):
    line = head.lower()
    if line.startswith("oclgrind fatal error"):  # the tool's own limit, whichever plugin it names
        return "tool"
    if "data race" in line:
        return "race-local" if "local memory" in line else "race-global"
    # "Invalid read from write-only buffer", "Invalid write to read-only buffer": the buffer's flags
    # (CL_MEM_WRITE_ONLY, CL_MEM_READ_ONLY) against the access, not an address past an end.
    if line.startswith("invalid") and ("write-only buffer" in line or "read-only buffer" in line):
        return "buffer-flags"
    if line.startswith("invalid") or "exceeds static array size" in line:
        for space in ("private", "local"):
            if space + " memory" in line:
                return "bounds-" + space
        if "exceeds static array size" in line:
            return "bounds-private"
        return "bounds-global"
    if "uninitialized" in line:
        return "uninitialized-local" if "local memory" in line else "uninitialized"
    if "divergence" in line:
        return "divergence"
    if "api" in line or line.startswith("oclgrind - opencl runtime error"):
        return "api"
    if "finished without waiting for events" in line:
        return "async-wait"
    return "other"


def parse_log(text):
    """oclgrind's findings: each starts with an unindented line, its details are indented."""
    findings = []
    op, ids = None, None
    for raw in text.splitlines():
        if not raw.strip():
            continue
        if raw.startswith("Oclgrind: ") and "suppressing" in raw:
            continue  # "50 errors generated - suppressing further errors"
        if not raw[0].isspace():
            if findings and findings[-1]["head"].startswith("OCLGRIND FATAL ERROR") and ":" not in \
                    findings[-1]["head"].split(")", 1)[-1]:
                # "OCLGRIND FATAL ERROR (file:line)" is followed by what stopped it on a line of its
                # own ("Unsupported instruction: freeze"): one finding, not two.
                findings[-1]["head"] += ": " + raw.strip()
                continue
            findings.append({"head": raw.strip(), "kernel": None, "entities": []})
            op, ids = None, None
            # "Invalid read of size 4 at global memory address 0x30000000009cc": oclgrind's global
            # addresses are the buffer's number in the top 16 bits and the byte offset in the rest.
            m = re.match(r"Invalid (read|write) of size (\d+) at (global|local) memory address 0x([0-9a-fA-F]+)", raw)
            if m:
                address = int(m.group(4), 16)
                findings[-1]["access" if m.group(3) == "global" else "local_access"] = {
                    "op": m.group(1), "size": int(m.group(2)), "buffer": address >> 48,
                    "offset": address & ((1 << 48) - 1)}
            # "Write-write data race at global memory address 0x1000000000004": the same encoding; the
            # element size comes from the racing store's type (below).
            m = re.match(r"\S+ data race at global memory address 0x([0-9a-fA-F]+)", raw)
            if m:
                address = int(m.group(1), 16)
                findings[-1]["address"] = {"buffer": address >> 48, "offset": address & ((1 << 48) - 1)}
            continue
        if not findings:
            continue
        f = findings[-1]
        text_ = raw.strip()
        m = re.match(r"Kernel:\s*(\S+)", text_)
        if m:
            f["kernel"] = m.group(1)
            continue
        # "Entity: Global(3,0,0) ..." (one work-item), or "First entity:  Global(2,0,0) ..." and
        # "Second entity: Global(1,0,0) ..." (the two work-items of a race).
        m = re.match(r"(?:First |Second )?[Ee]ntity:\s*Global\((\d+),(\d+),(\d+)\)(?:\s*Local\((\d+),(\d+),(\d+)\))?"
                     r"(?:\s*Group\((\d+),(\d+),(\d+)\))?", text_)
        if m:
            ids = tuple(int(x) for x in m.groups()[:3])
            if m.group(4) is not None:
                f.setdefault("local_ids", tuple(int(x) for x in m.groups()[3:6]))
            # The work-group's size in dimension 0, where this work-item's ids tell it (group > 0).
            if m.group(7) is not None and int(m.group(7)) > 0:
                f["group_size"] = (ids[0] - int(m.group(4))) // int(m.group(7))
            continue
        m = re.match(r"At line (\d+)(?: \(column (\d+)\))?(?: of (\S+?):)?", text_)
        if m:
            f["entities"].append({"op": op, "line": int(m.group(1)), "global": ids,
                                  "column": int(m.group(2)) if m.group(2) else 0, "code": "", "file": m.group(3)})
            continue
        if f["entities"] and not f["entities"][-1]["code"] and raw.startswith("\t  "):
            f["entities"][-1]["code"] = text_
            continue
        if re.match(r"(%\S+ = )?load\b", text_):
            op = "load"
        elif text_.startswith("store "):
            op = "store"
            # The stored value's type: its size in bytes turns a race's address into an element.
            size = _type_size(text_.split()[1] if len(text_.split()) > 1 else "")
            if size and "address" in f:
                f["address"].setdefault("size", size)
        elif re.match(r"(%\S+ = )?(call|tail call)\b", text_) or "atomicrmw" in text_:
            op = "call"
    for f in findings:
        f["kind"] = kind_of(f["head"])
    return findings


def _type_size(ir_type):
    """The size in bytes of an LLVM IR scalar type (float, i32, double, ...), or None."""
    return {"float": 4, "i32": 4, "double": 8, "i64": 8, "half": 2, "i16": 2, "i8": 1}.get(ir_type)


def kernel_file(kernel, dirs, built=None):
    """The .cl file in `dirs` that defines `kernel`: of several, the one whose text the program built
    (`built`: the sources it gave clCreateProgramWithSource, from the record of its calls), else the
    first, as the program's own search finds it."""
    if not kernel:
        return None
    pattern = re.compile(r"kernel\b[^;{()]*\bvoid\s+" + re.escape(kernel) + r"\s*\(")
    found = []
    for folder in dirs:
        if not os.path.isdir(folder):
            continue
        for name in sorted(os.listdir(folder)):
            path = os.path.join(folder, name)
            if name.endswith(".cl") and os.path.isfile(path):
                with open(path, errors="replace") as f:
                    text = f.read()
                if pattern.search(text):
                    found.append((path, text))
    for path, text in found:
        lines = {line.strip() for line in text.splitlines() if line.strip()}
        if any(lines <= {line.strip() for line in source.splitlines()} for source in built or []):
            return path
    return found[0][0] if found else None


def student_path(path, root):
    """How the student names a kernel file: from Exercises/ on (whatever copy of the course holds it),
    else relative to root."""
    parts = os.path.abspath(path).split(os.sep)
    if "Exercises" in parts:
        at = len(parts) - 1 - parts[::-1].index("Exercises")
        return "/".join(parts[at:])
    return os.path.relpath(path, root)


class Source:
    """A kernel file's lines, with the helpers the hints need."""

    def __init__(self, path):
        self.path = path
        self.lines = []
        if path:
            with open(path, errors="replace") as f:
                self.lines = f.read().split("\n")

    def line(self, number):
        return self.lines[number - 1] if 0 < number <= len(self.lines) else ""

    def code(self, number):
        """The line without its // comment."""
        return self.line(number).split("//")[0]

    def conditions(self, number):
        """The if conditions a line runs under: on the line itself, on a brace-less if just above it,
        and of the enclosing blocks opened by an if."""
        found = []
        here = self.code(number)
        m = re.search(r"\bif\s*\((.*)\)\s*\S", here)
        if m:
            found.append((number, _balanced(m.group(1))))
        # A choice on the line itself: x = (cond) ? A[...] : 0.
        m = re.search(r"=\s*\((.*)\)\s*\?", here)
        if m and not found:
            found.append((number, _balanced(m.group(1) + ")")))
        previous = number - 1
        while previous > 0 and not self.code(previous).strip():
            previous -= 1
        m = re.match(r"\s*(?:else\s+)?if\s*\((.*)\)\s*$", self.code(previous))
        if m:
            found.append((previous, _balanced(m.group(1))))
        # Enclosing blocks: walk up, counting braces.
        depth = 0
        for n in range(number - 1, 0, -1):
            text = self.code(n)
            depth += text.count("}") - text.count("{")
            if depth < 0:
                m = re.search(r"\bif\s*\((.*)\)\s*\{", text)
                if m:
                    found.append((n, _balanced(m.group(1))))
                if re.search(r"\b(__kernel|kernel)\b", text) or re.match(r"\S", text):
                    break
                depth = 0
        return found

    def kernel_range(self, kernel):
        """First and last line of a kernel (or function)'s body, or the whole file."""
        if kernel:
            pattern = re.compile(r"\b" + re.escape(kernel) + r"\s*\(")
            for n in range(1, len(self.lines) + 1):
                if pattern.search(self.code(n)) and "void" in self.code(n):
                    depth, started = 0, False
                    for m in range(n, len(self.lines) + 1):
                        depth += self.code(m).count("{") - self.code(m).count("}")
                        started = started or "{" in self.code(m)
                        if started and depth <= 0:
                            return n, m
                    return n, len(self.lines)
        return 1, len(self.lines)

    def local_arrays(self, first, last):
        """Names of the __local arrays and pointers declared in lines first..last (and the file's
        helper functions' __local parameters, which the kernel passes on)."""
        names = []
        for n in range(1, len(self.lines) + 1):
            text = self.code(n)
            inside = first <= n <= last
            for m in re.finditer(r"__local\s+(?:const\s+)?\w+\s*\*?\s*(?:const\s+)?(\w+)", text):
                if (inside or "inline" in text or "(" in text) and m.group(1) not in names:
                    names.append(m.group(1))
        return names

    def element_type(self, name):
        """The element type a __local array or pointer `name` is declared with ("float", "uint", ...)."""
        for n in range(1, len(self.lines) + 1):
            m = re.search(r"__local\s+(?:const\s+)?(?:volatile\s+)?(\w+)\s*\*?\s*(?:const\s+)?" + re.escape(name)
                          + r"\b", self.code(n))
            if m:
                return m.group(1)
        return None

    def writes(self, name, first, last):
        """Lines in first..last that write name[...] (=, +=, ++ or an atomic on it)."""
        found = []
        pattern = re.compile(r"\b" + re.escape(name) + r"\s*(\[[^=;]*\])+\s*(=(?!=)|\+=|-=|\*=|\+\+|--)")
        atomic = re.compile(r"atomic_\w+\s*\(\s*&\s*" + re.escape(name) + r"\b")
        for n in range(first, last + 1):
            text = self.code(n)
            if pattern.search(text) or atomic.search(text):
                found.append(n)
        return found

    def reads(self, name, first, last):
        found = []
        pattern = re.compile(r"\b" + re.escape(name) + r"\s*\[")
        for n in range(first, last + 1):
            text = self.code(n)
            for m in pattern.finditer(text):
                rest = text[m.end():]
                close = _close_bracket(rest)
                after = rest[close + 1:].lstrip() if close is not None else ""
                while after.startswith("[") and _close_bracket(after[1:]) is not None:
                    after = after[_close_bracket(after[1:]) + 2:].lstrip()  # Btile[k][jloc]: every subscript
                if not re.match(r"=(?!=)", after) or after.startswith("=="):
                    found.append(n)
                    break
        return found


def _closing(text, opening, closing):
    """Where the `closing` bracket that ends an already opened `opening` one is in text, or None."""
    depth = 0
    for i, c in enumerate(text):
        if c == opening:
            depth += 1
        elif c == closing:
            if depth == 0:
                return i
            depth -= 1
    return None


def _balanced(text):
    """The text up to the parenthesis that closes an if's opening one."""
    end = _closing(text, "(", ")")
    return text[:end].strip() if end is not None else text.strip()


def _close_bracket(text):
    return _closing(text, "[", "]")


def access_at(code, column, store):
    """(array, index) of the access oclgrind points at: for a store, the subscripted name left of the
    '=' at `column`; for a load, the subscripted name starting at `column`; else the first one."""
    accesses = []
    for m in re.finditer(r"\b([A-Za-z_]\w*)\s*\[", code):
        close = _close_bracket(code[m.end():])
        if close is None:
            continue
        index = code[m.end():m.end() + close].strip()
        accesses.append((m.start() + 1, m.end() + close + 1, m.group(1), index))
    if not accesses:
        return None, None
    if column:
        if store:
            # The subscripted name whose subscripts run up to the '=' (or += or ++) at `column`.
            for a in accesses:
                between = code[a[1]:column - 1]
                if a[1] <= column and re.fullmatch(r"\s*(\[[^\]]*\]\s*)*[-+*]?", between):
                    return a[2], a[3]
        starting = [a for a in accesses if a[0] >= column]
        if starting:
            return starting[0][2], starting[0][3]
    return accesses[0][2], accesses[0][3]


def index_variables(index):
    return [v for v in re.findall(r"\b([A-Za-z_]\w*)\b", index)
            if not re.match(r"get_\w+|min|max|mad|size_t|int|uint", v)]


# Bounds from the evidence: the element oclgrind says was touched (its address: buffer and byte
# offset), the work-item that touched it (its global ids), the kernel's index expression at the
# reported column, and the sizes the run was given (the kernel parameters named by the program's
# options: --m 17 is M). Together they tell which part of the index ran out and by how much, whatever
# the variables are called.

CAST = re.compile(r"\(\s*(?:const\s+)?(?:unsigned\s+)?(?:size_t|int|uint|long|ulong|unsigned)\s*\)")


def _terms(expr, op):
    """The top-level terms of expr split at the one-character operator op (outside brackets)."""
    out, depth, start = [], 0, 0
    for n, c in enumerate(expr):
        depth += 1 if c in "([" else -1 if c in ")]" else 0
        if depth == 0 and c == op:
            out.append(expr[start:n].strip())
            start = n + 1
    out.append(expr[start:].strip())
    return out


def _strip(expr):
    expr = CAST.sub("", expr).strip()
    while expr.startswith("(") and _closing(expr[1:], "(", ")") == len(expr) - 2:
        expr = expr[1:-1].strip()
    return expr


def _value(expr, env):
    """expr's integer value with the names of env, or None (a name without a value, a call, ...)."""
    expr = _strip(expr)
    if not expr or not re.fullmatch(r"[\w\s+\-*/%()]*", expr):
        return None
    if set(re.findall(r"\b[A-Za-z_]\w*\b", expr)) - set(env):
        return None
    try:
        return int(eval(expr.replace("/", "//"), {"__builtins__": {}}, dict(env)))  # only digits, names, + - * / % ( )
    except Exception:  # a division by zero, ...: no value
        return None


def kernel_parameters(source, first, last):
    """The kernel's integer parameters, in order."""
    header = " ".join(source.code(n) for n in range(first, min(first + 8, last) + 1)).split("{")[0]
    return [m.group(1) for m in re.finditer(
        r"(?:const\s+)?(?:unsigned\s+)?(?:int|uint|long|ulong|size_t)\s+(\w+)\s*[,)]", header)]


def id_variables(source, first, last):
    """{name: dimension} of the variables the kernel sets from get_global_id(dimension)."""
    found = {}
    for n in range(first, last + 1):
        for m in re.finditer(r"\b(\w+)\s*=\s*(?:\(\w+\)\s*)?get_global_id\s*\(\s*(\d)\s*\)\s*[;,]", source.code(n)):
            found[m.group(1)] = int(m.group(2))
    return found


def pointer_base(source, first, last, name):
    """(buffer, offset) where name is a pointer into a buffer: `__global float* b = B + i;`."""
    for n in range(first, last + 1):
        m = re.search(r"\*\s*(?:const\s+)?" + re.escape(name) + r"\s*=\s*(\w+)\s*\+\s*([^;]+);", source.code(n))
        if m:
            return m.group(1), m.group(2).strip()
    return None, None


def access_evidence(source, first, last, name, index, entity, access, values, lowest):
    """What the reported access shows, as a dict (None where there is too little to go on):
    text     "work-item (33, 0) read B at element 627 (B[k * N + j] with k = 18, j = 33)"
    ran_out  the part of the index that ran out: "column" or "row" (None where undecided)
    var      the index expression of that part; bound: the bound it must stay under ("N")
    detail   what ran out and by how much."""
    if not access or not entity or entity.get("global") is None or not name:
        return None
    element = access["offset"] // max(access["size"], 1)
    params = kernel_parameters(source, first, last)
    env = {p: values[p.lower()] for p in params if p.lower() in values}
    ids = id_variables(source, first, last)
    dims = max(ids.values(), default=0) + 1
    env.update({v: entity["global"][d] for v, d in ids.items()})
    base, offset = pointer_base(source, first, last, name)
    buffer = base or name
    full = f"{offset} + {index}" if base else index
    verb = "read" if access["op"] == "read" else "wrote"
    workitem = "(" + ", ".join(str(x) for x in entity["global"][:dims]) + ")"
    through = f" through {name} = {base} + {offset}" if base else ""
    text = f"work-item {workitem} {verb} {buffer} at element {element}{through}"
    # One name without a value (a loop counter): solved from the element, where the index is linear in it.
    unknown = sorted(set(re.findall(r"\b[A-Za-z_]\w*\b", _strip(full))) - set(env) - {"size_t", "int"})
    solved = {}
    if len(unknown) == 1:
        u = unknown[0]
        v0, v1, v2 = (_value(full, dict(env, **{u: x})) for x in (0, 1, 2))
        if None not in (v0, v1, v2) and v1 - v0 == v2 - v1 and v1 != v0 and (element - v0) % (v1 - v0) == 0:
            solved[u] = (element - v0) // (v1 - v0)
            env[u] = solved[u]
    shown = {v: env[v] for v in re.findall(r"\b[A-Za-z_]\w*\b", _strip(full)) if v in env and v not in params}
    if shown:
        text += f" ({name}[{index}] with " + ", ".join(f"{v} = {x}" for v, x in shown.items()) + ")"
    evidence = {"text": text, "ran_out": None, "var": None, "bound": None, "detail": None, "element": element,
                "workitem": workitem}
    whole = _value(full, env)
    if (whole is not None and whole != element) or (whole is None and len(unknown) < 2):
        return evidence  # the sizes or the index could not be followed: say only what was seen
    # Two names without a value (k0 + k): the row part may still be known, and the column is the rest.
    # Split the index into row * row length + column: the term that is a product with a parameter.
    terms = _terms(_strip(full), "+")
    for n, term in enumerate(terms):
        factors = [_strip(x) for x in _terms(_strip(term), "*")]
        if len(factors) != 2:
            continue
        width = next((x for x in factors if x in params and x in env), None)
        if width is None:
            continue
        row = factors[1] if factors[0] == width else factors[0]
        column = " + ".join(t for m, t in enumerate(terms) if m != n) or "0"
        r, c, w = _value(row, env), _value(column, env), env[width]
        if r is not None and c is None and len(terms) > 1:
            c = element - r * w  # the column's names unknown (two loop counters): what is left of the element
        if None in (r, c):
            break
        if c >= w or c < 0:
            evidence.update(ran_out="column", var=column, bound=width, reached=c, detail=(
                f"the column index {column} reached {c}, but each row of {buffer} is {width} = {w} long "
                f"(columns 0 .. {w - 1}): {c - w + 1} past the last column"))
        else:
            # The buffer's rows: the lowest element reported past its end, where that is a whole
            # number of rows and one of the run's sizes (else the log does not say how long it is).
            rows = lowest // w if lowest is not None and lowest % w == 0 else None
            named = [p for p in params if env.get(p) == rows and p != width] if rows else []
            if len(named) == 1 and r >= rows:
                evidence.update(ran_out="row", var=row, bound=named[0], detail=(
                    f"the row index {row} reached {r}, but {buffer} has {named[0]} = {rows} rows of {width} = "
                    f"{w} (rows 0 .. {rows - 1}; element {lowest} is the first past its end): {r - rows + 1} "
                    f"past the last row"))
            elif _row_length(source, first, last, params, env, width, row, column, r, c, lowest):
                length, rows = _row_length(source, first, last, params, env, width, row, column, r, c, lowest)
                said = (f"{buffer} holds {lowest} elements, {rows} = {env[rows]} rows of {length} = {env[length]}, "
                        f"and the row index {row} = {r} is within its rows: element {element} = {r} * {w} + {c} "
                        f"is past its end because its rows are taken {width} = {w} long where they are {length} "
                        f"= {env[length]} long")
                evidence.update(ran_out="row-length", var=row, detail=said, why=(
                    f"row {row} of {buffer} starts at {row} * {length}, not {row} * {width}: multiply the row "
                    f"index by the length of {buffer}'s own rows ({length}), whatever the other arrays' rows are"))
            else:
                evidence.update(ran_out="row", var=row, detail=(
                    f"the column index {column} = {c} is within a row of {width} = {w}, and element {element} "
                    f"= {r} * {w} + {c} is past the end of {buffer}: either the row index {row} = {r} is past "
                    f"the rows {buffer} has, or {buffer}'s rows are not {width} long"))
        return evidence
    # One-dimensional: the index itself is the element.
    if lowest is not None and len(terms) == 1 and element >= lowest:
        named = [p for p in params if env.get(p) == lowest]
        evidence.update(ran_out="index", var=_strip(full), bound=named[0] if len(named) == 1 else None, detail=(
            f"the index {_strip(full)} reached {element}, and {buffer} ends before element {lowest}"
            f"{' (' + named[0] + ' = ' + str(lowest) + ')' if len(named) == 1 else ''}"))
    return evidence


def _row_length(source, first, last, params, env, width, row, column, r, c, end):
    """(row length, rows) where a buffer of `end` elements is two of the run's sizes multiplied (M * N)
    and another row length than `width` fits what was seen: the row index r is within the rows and the
    column c within the row. Where both orders fit (M rows of N, N rows of M), the kernel's own bound on
    the column (a loop j < N) or on the row (if (i >= M) return) decides; None where nothing does."""
    if not end:
        return None
    fits = [(x, y) for x in params for y in params if x != y and x != width and x in env and y in env
            and env[x] * env[y] == end and r < env[y] and 0 <= c < env[x]]
    if len(fits) > 1:
        text = " ".join(source.code(n) for n in range(first, last + 1))
        col, rw = re.escape(_strip(column)), re.escape(_strip(row))
        fits = [(x, y) for x, y in fits
                if re.search(r"\b" + col + r"\s*<\s*" + re.escape(x) + r"\b", text)
                or re.search(r"\b" + rw + r"\s*(?:>=|<)\s*" + re.escape(y) + r"\b", text)] or fits
    return fits[0] if len(fits) == 1 else None


def _modifies(text, var):
    return re.search(r"(?<![\w.])" + re.escape(var) + r"\s*(\+\+|--|\+=|-=|\*=|=(?!=))", text) or \
        re.search(r"(\+\+|--)\s*" + re.escape(var) + r"\b", text)


def _stale_check(source, first, line, var):
    """An early exit that checks var once (if (at >= n) return;) before a loop that moves var on
    (++at) around the access at `line`: the check held for var's first value only. Returns the hint,
    or None where the source does not show that."""
    check = None
    for n in range(first, line):
        m = re.match(r"\s*if\s*\((.*)\)\s*(return|continue|$)", source.code(n))
        if m and (m.group(2) or re.match(r"\s*(return|continue)", source.code(n + 1))) and \
                re.search(r"(?<![\w.])" + re.escape(var) + r"\s*>", m.group(1)):
            check = (n, _balanced(m.group(1)))
    if not check:
        return None
    # The loop between the check and the access whose body holds the access, and where it moves var.
    for n in range(check[0] + 1, line):
        if not re.match(r"\s*(for|while|do)\b", source.code(n)):
            continue
        depth, started, end = 0, False, None
        for m in range(n, len(source.lines) + 1):
            depth += source.code(m).count("{") - source.code(m).count("}")
            started = started or "{" in source.code(m)
            if started and depth <= 0:
                end = m
                break
        if end is None or not n < line <= end:
            continue
        moved = next((m for m in range(n, end + 1) if _modifies(source.code(m), var)), None)
        if moved is None:
            continue
        return (f"the check at line {check[0]} (if ({check[1]})) tests {var} once, before the loop at line {n}; "
                f"line {moved} then moves {var} on ({source.code(moved).strip()}) while the loop runs its "
                f"rounds whatever {var} reaches, so the last work-item's later rounds run past the end: test "
                f"{var} against the size in every round (in the loop's condition, or around the access)")
    return None


def enclosing_loops(source, first, line):
    """The for loops around `line` (innermost first): (line of the loop, its text). A loop written on
    `line` itself (for (...) part[k] = A[...];) holds the access too."""
    found = []
    for n in range(line, first - 1, -1):
        text = source.code(n)
        if not re.search(r"\bfor\s*\(", text):
            continue
        after = next((m for m in range(n + 1, line + 1) if source.code(m).strip()), line)
        if "{" not in text[text.index("for"):] and not source.code(after).strip().startswith("{"):
            if after == line:  # a loop without braces: its body is the next statement
                found.append((n, text.strip()))
            continue
        depth, started = 0, False
        for m in range(n, len(source.lines) + 1):
            depth += source.code(m).count("{") - source.code(m).count("}")
            started = started or "{" in source.code(m)
            if started and depth <= 0:
                if m >= line:
                    found.append((n, text.strip()))
                break
    return found


def loop_bounded_otherwise(source, first, line, var, bound, reached):
    """A loop around the access whose counter is part of the index `var` that ran past `bound`, bounded by
    something else than what keeps var below bound (a copy bounded by CHUNK where K - k0 elements are
    left): the hint, or None."""
    names = index_variables(var)
    for n, text in enclosing_loops(source, min(first, function_start(source, line)), line):
        m = re.search(r";\s*([A-Za-z_]\w*)\s*(<=?)\s*([^;]+);", text)
        if not m or m.group(1) not in names or re.search(r"\b" + re.escape(bound) + r"\b", m.group(3)):
            continue
        counter, limit = m.group(1), m.group(3).strip()
        rest = [x for x in names if x != counter]
        left = f"{bound} - {' - '.join(rest)}" if rest else bound
        return (f"the loop at line {n} runs {counter} up to {limit} ({counter} {m.group(2)} {limit}), but "
                f"{var} must stay below {bound}, and it reached {reached}: "
                + (f"where {' + '.join(rest)} is near the end only {left} elements are left, so bound {counter} "
                   f"by what is left (min({limit}, {left})), not by {limit} alone" if rest else
                   f"bound {counter} by {bound}, or by the smaller of the two"))
    return None


def function_start(source, line):
    """The first line of the function (kernel or helper) that holds `line`: the last line above it that
    starts at the left margin with a name and a parenthesis, or 1."""
    for n in range(line, 0, -1):
        starts = re.match(r"(__kernel\b|kernel\b|inline\b|static\b|[A-Za-z_][\w\s\*]*\()", source.line(n))
        if starts and "(" in source.code(n):
            return n
    return 1


def _local_loop_start(source, first, last, line, index, group, values=None):
    """A tree whose loop starts its stride at the work-group's size (s = get_local_size(0)) where the
    first round must take half: lid + s is past a local array of one slot per work-item in the very
    first round. The hint, from the element oclgrind reports and the loop, or None."""
    f = next((g for g in group if g.get("local_access") and g.get("local_ids")), None)
    if not f:
        return None
    element = f["local_access"]["offset"] // max(f["local_access"]["size"], 1)
    lid = f["local_ids"][0]
    sizes = {m.group(1) for n in range(first, last + 1)
             for m in [re.search(r"\b(\w+)\s*=\s*(?:\(\w+\)\s*)?get_local_size\s*\(\s*0\s*\)", source.code(n))] if m}
    first = min(first, function_start(source, line))
    sizes |= {m.group(1) for n in range(first, line)
              for m in [re.search(r"\b(\w+)\s*=\s*(?:\(\w+\)\s*)?get_local_size\s*\(\s*0\s*\)", source.code(n))] if m}
    for loop_line, text in enclosing_loops(source, first, line):
        m = re.search(r"\bfor\s*\(\s*(?:\w+\s+)?([A-Za-z_]\w*)\s*=\s*([^;]+);", text)
        if not m or m.group(1) not in index_variables(index):
            continue
        counter, start = m.group(1), m.group(2).strip()
        said = "the work-group's size"
        if start not in sizes and not re.fullmatch(r"get_local_size\s*\(\s*0\s*\)", start):
            # A start the code does not show to be the group's size (a parameter, say): the run tells it,
            # where the index is the work-item's local id plus the counter and the counter was the run's
            # work-group size (--local) when it read past the end.
            local = (values or {}).get("local")
            terms = [_strip(t) for t in _terms(_strip(index), "+")]
            if not local or element - lid != local or len(terms) != 2 or counter not in terms:
                continue
            said = f"which was {local} here, the work-group's size (work-item {lid} read element {lid} + {local})"
        return (f"work-item {lid} of its group read {index} = element {element}; the loop at line {loop_line} starts "
                f"{counter} at {start}, {said}, so in its first round {index} already passes a "
                f"local array of one slot per work-item. The first round adds the upper half onto the lower: "
                f"start {counter} at half the size ({start} / 2)")
    return None


def check_tests_part(source, line, var, bound, reached):
    """A check around the access that compares a part of the index that ran out with its bound (jloc < K
    where the index's column is k0 + jloc): the hint, or None."""
    squeeze = lambda text: re.sub(r"\s+", "", _strip(text))  # noqa: E731
    whole = squeeze(var)
    parts = [squeeze(t) for t in _terms(_strip(var), "+")]
    for n, condition in source.conditions(line):
        for m in re.finditer(r"([\w\s+*]+?)\s*<=?\s*" + re.escape(bound) + r"\b", condition):
            tested = squeeze(m.group(1))
            if tested != whole and tested in parts:
                return (f"the check at line {n} ({condition}) tests {tested} < {bound}, but the index's part that "
                        f"must stay below {bound} is {_strip(var)}, which reached {reached}: test {_strip(var)} < "
                        f"{bound}")
    return None


def check_before_loop(source, first, line, index):
    """A check of the index without a loop's counter (if (g * PER_ITEM < n)) made before that loop, which
    then adds its counter to it (g * PER_ITEM + e): the check held for the counter's first value only.
    The hint, or None where the source does not show that."""
    squeeze = lambda text: re.sub(r"\s+", "", _strip(text))  # noqa: E731
    terms = [squeeze(t) for t in _terms(_strip(index), "+")]
    first = min(first, function_start(source, line))
    for loop_line, text in enclosing_loops(source, first, line):
        m = re.search(r"\bfor\s*\([^;]*;\s*([A-Za-z_]\w*)\s*<=?\s*([^;]+);", text)
        if not m or m.group(1) not in terms or len(terms) < 2:
            continue
        counter = m.group(1)
        rest = "+".join(t for t in terms if t != counter)
        checks = [(n, c) for n, c in source.conditions(line) if n < loop_line]
        for n in range(first, loop_line):
            exit_if = re.match(r"\s*if\s*\((.*)\)\s*(return|continue|$)", source.code(n))
            if exit_if and (exit_if.group(2) or re.match(r"\s*(return|continue)", source.code(n + 1))):
                checks.append((n, _balanced(exit_if.group(1))))
        for n, condition in checks:
            if rest and rest in re.sub(r"\s+", "", condition):
                return (f"the check at line {n} (if ({condition})) tests {rest} once, before the loop at line "
                        f"{loop_line}, which then adds {counter} up to {m.group(2).strip()} to it: only the first "
                        f"element of each work-item is checked, and the last work-item's later ones pass the end. "
                        f"Test the whole index ({_strip(index)}) against the size for every element (in the loop's "
                        f"condition, or around the access)")
    return None


def _derived_from(source, first, line, var, names, depth=0):
    """The line that makes var from one of names, directly or through variables made from them, or None."""
    if depth > 4:
        return None
    for d in range(first, line):
        m = re.search(r"(?<![\w.])" + re.escape(var) + r"\s*=(?!=)\s*([^;,]+)", source.code(d))
        if not m:
            continue
        used = re.findall(r"\b([A-Za-z_]\w*)\b", m.group(1))
        if any(u in names for u in used) or any(
                u != var and _derived_from(source, first, d, u, names, depth + 1) for u in used):
            return d
    return None


def _offset_and_loop(source, first, last, line):
    """A local array indexed by an offset plus a loop variable (t[me + j]) whose loop runs over the
    array's whole length (for (j = 0; j < TILE; ...), the array declared t[TILE]): every work-item but
    the one at offset 0 reads past the end. Returns the hint, or None where the source does not show
    that."""
    code = source.code(line)
    for m in re.finditer(r"\b(\w+)\s*\[\s*(\w+)\s*\+\s*(\w+)\s*\]", code):
        name = m.group(1)
        length = None
        for n in range(first, last + 1):
            d = re.search(r"__local\s+\w+\s+" + re.escape(name) + r"\s*\[\s*([^\]]+?)\s*\]", source.code(n))
            if d:
                length = d.group(1)
        if length is None:
            continue
        for offset, var in ((m.group(2), m.group(3)), (m.group(3), m.group(2))):
            for n in range(first, line + 1):
                loop = re.search(r"\bfor\s*\([^;]*;\s*" + re.escape(var) + r"\s*<\s*([^;]+?)\s*;", source.code(n))
                if loop and loop.group(1).replace(" ", "") == length.replace(" ", ""):
                    return (f"the loop at line {n} runs {var} over all {length} elements of {name}, and the index "
                            f"adds {offset} to it: from {offset} = 1 on, {name}[{offset} + {var}] reaches past "
                            f"the last element. A round that starts at element {offset} and reads every element "
                            f"must go on from the array's start: wrap the index round at {length}, or make the "
                            f"array long enough for both ranges and fill all of it")
    return None


def _fixed_loop_bound(source, first, last, line, variables):
    """A loop around the access whose counter is part of the index and whose bound is a fixed number (a
    macro such as CHUNK, a literal, or a variable set to one), with none of the kernel's sizes in it: a
    chunk of the data taken CHUNK at a time runs past the end in the last, shorter chunk. The hint, or None."""
    params = kernel_parameters(source, first, last)
    start = min(first, function_start(source, line))
    for n, text in enclosing_loops(source, start, line):
        m = re.search(r";\s*([A-Za-z_]\w*)\s*(<=?)\s*([^;]+);", text)
        if not m or m.group(1) not in variables:
            continue
        counter, limit = m.group(1), m.group(3).strip()
        value, said = limit, ""
        made = next((d for d in range(n, start - 1, -1) for d_m in [re.search(
            r"\b(?:const\s+)?(?:int|uint|size_t|long)\s+" + re.escape(limit) + r"\s*=\s*([^;]+);", source.code(d))]
            if d_m), None) if re.fullmatch(r"[A-Za-z_]\w*", limit) else None
        if made is not None:
            value = re.search(re.escape(limit) + r"\s*=\s*([^;]+);", source.code(made)).group(1).strip()
            said = f", set at line {made} to {value}"
        names = set(re.findall(r"\b[A-Za-z_]\w*\b", value))
        if names & set(params) or re.search(r"get_\w+\s*\(", value) or not (
                names or re.fullmatch(r"\d+", value)):
            continue  # a bound made from the data's sizes, or one this cannot follow
        if names and not all(re.fullmatch(r"[A-Z_][A-Z0-9_]*", x) for x in names):
            continue  # a name that is no macro: what it holds is not shown
        return (f"the loop at line {n} runs {counter} up to {limit} ({counter} {m.group(2)} {limit}{said}), a "
                f"fixed number that none of the kernel's sizes ({', '.join(params)}) enters: where the data ends "
                f"before that many elements are left (the last chunk of a size that is no multiple of it), "
                f"{counter} runs past the end. Bound {counter} by what is left as well (min({value}, what is "
                f"left))")
    return None


def bound_hint(source, first, last, variables, line, bounds=None, space="global", seen=None):
    """The loop or condition that should keep the index in range, where the source shows it wrong.
    bounds: {variable: the bound the evidence shows it must stay under} (access_evidence)."""
    bounds = bounds or {}
    if space == "local":
        wraps = _offset_and_loop(source, first, last, line)
        if wraps:
            return wraps
    for var in variables:
        for n in range(first, last + 1):
            text = source.code(n)
            m = re.search(r"\bfor\s*\(.*;\s*" + re.escape(var) + r"\s*<=\s*([^;]+);", text)
            if m:
                return (f"the loop at line {n} runs {var} up to {m.group(1).strip()} itself ({var} <= "
                        f"{m.group(1).strip()}): the last valid index is one less; write {var} < "
                        f"{m.group(1).strip()}")
            m = re.search(r"\b" + re.escape(var) + r"\s*<=\s*(\w+)", text)
            if m and "if" in text:
                return (f"the check at line {n} lets {var} == {m.group(1)} through ({var} <= {m.group(1)}): "
                        f"indices run 0 .. {m.group(1)} - 1, so write {var} < {m.group(1)}")
            # An early exit whose condition lets var == bound through: if (var > bound) return;, also
            # as one term of several (if (i > M || j > N) return;), the return on the next line or not.
            m = None
            exit_if = re.search(r"\bif\s*\((.*)\)\s*(return|continue|$)", text)
            if exit_if and (exit_if.group(2) or re.match(r"\s*(return|continue)", source.code(n + 1))):
                m = re.search(r"(?<![\w.])" + re.escape(var) + r"\s*>(?!=)\s*(\w+)", exit_if.group(1))
                # Every index the same check lets one past its bound (the one that ran out first).
                terms = re.findall(r"(?<![\w.])([A-Za-z_]\w*)\s*>(?!=)\s*(\w+)", exit_if.group(1))
                terms.sort(key=lambda t: t[0] != var)
                if m and len(terms) > 1:
                    past = " and ".join(f"{v} only past {b}" for v, b in terms)
                    fixed = " || ".join(f"{v} >= {b}" for v, b in terms)
                    return (f"the check at line {n} stops {past} ({exit_if.group(1).strip()}): an index equal "
                            f"to its bound is already one past the end (here {var} == {m.group(1)}); write {fixed}")
            if m:
                return (f"the check at line {n} stops {var} only past {m.group(1)} ({var} > {m.group(1)}): "
                        f"{var} == {m.group(1)} is already one past the end; write {var} >= {m.group(1)}")
    for var in variables:
        stale = _stale_check(source, first, line, var)
        if stale:
            return stale
    guarded = set()
    for _, condition in source.conditions(line):
        guarded.update(re.findall(r"\b(\w+)\s*<", condition))
    for n in range(first, line):
        m = re.match(r"\s*if\s*\((.*)\)\s*(return|continue|$)", source.code(n))
        if m and not m.group(2) and not re.match(r"\s*(return|continue)", source.code(n + 1)):
            m = None  # an if whose body is not an early exit
        if m:
            guarded.update(re.findall(r"\b(\w+)\s*>=?", m.group(1)))
        guarded.update(re.findall(r"\bfor\s*\([^;]*;\s*(\w+)\s*(?:<|>)", source.code(n)))
    params = kernel_parameters(source, first, last)
    unguarded = [v for v in variables if v not in guarded and v not in params]
    if unguarded:
        names = " and ".join(unguarded)
        # The bound each index must stay under, only where the evidence shows it (the row length it
        # is a column of, the rows the buffer has), never from what the variable is called.
        # A kernel with one size parameter (vadd's count) bounds its one index by it.
        if len(params) == 1:
            bounds = {v: bounds.get(v, params[0]) for v in unguarded}
        example = " && ".join(f"{v} < {bounds[v]}" for v in unguarded if bounds.get(v))
        # The access sits under a check of another index (if (e < n) around in[gid]): the check is
        # there, the access uses a different index than the one it keeps in range. Only in a global
        # buffer of a one-dimensional kernel, where every index counts along the same range (in two
        # dimensions a check of j around an access by i is the normal case).
        one_dimensional = space == "global" and not any(
            re.search(r"get_(global|local|group)_id\s*\(\s*[12]\s*\)", source.code(n)) for n in range(first, last + 1))
        checks = []
        if one_dimensional:
            checks = [(n, c, re.findall(r"\b([A-Za-z_]\w*)\s*<", c)) for n, c in source.conditions(line)]
        for n in range(first, line if one_dimensional else first):  # early exits: if (e >= n) return;
            m = re.match(r"\s*if\s*\((.*)\)\s*(return|continue|$)", source.code(n))
            if m and (m.group(2) or re.match(r"\s*(return|continue)", source.code(n + 1))):
                checks.append((n, _balanced(m.group(1)), re.findall(r"\b([A-Za-z_]\w*)\s*>", m.group(1))))
        for n, condition, checked in checks:
            others = [v for v in checked if v not in variables and v not in params]
            # The index made from the checked one (i = first + k): the check holds for `first` only.
            for var in unguarded:
                made = next((d for d in range(first, line) for m in [re.search(
                    r"(?<![\w.])" + re.escape(var) + r"\s*=(?!=)\s*([^;]+)", source.code(d))]
                    if m and any(re.search(r"\b" + re.escape(o) + r"\b", m.group(1)) for o in others)), None)
                derived = _derived_from(source, first, line, var, others)
                loops = [t for _, t in enclosing_loops(source, first, line)]
                if derived and not made and not loops and seen and seen.get("element") is not None:
                    # One element per work-item, made from the checked id by a formula: a work-item the
                    # check lets through got an element past the end, so the formula, not the check, is wrong.
                    return (f"the check at line {n} (if ({condition})) keeps {' and '.join(others)} in range, and "
                            f"{var} is made from it (line {derived}: {source.code(derived).strip()}); the "
                            f"work-item {seen.get('workitem', '')} passed the check and got element "
                            f"{seen['element']}, past the end: with one element per work-item, every work-item "
                            f"the check lets through must get an element inside the data, so the formula that "
                            f"makes {var} is wrong; work it out by hand for the last work-items (checking {var} "
                            f"instead of {' and '.join(others)} would only skip the elements it misses). Only "
                            f"where a work-item takes several elements is the check on {var} itself the fix")
                if made:
                    return (f"the check at line {n} (if ({condition})) keeps {' and '.join(others)} in range, but "
                            f"the access indexes with {var}, made from it at line {made} "
                            f"({source.code(made).strip()}), which goes further: test {var} itself against "
                            f"the size, for every element the work-item takes")
            if others:
                return (f"line {line} runs after the check at line {n} (if ({condition})), which keeps "
                        f"{' and '.join(others)} in range, but the access indexes with {names}, which "
                        f"nothing checks: is {names} the index meant here, or should it be "
                        f"{' or '.join(others)}, the one the check keeps in range?")
        if space == "local":
            return (f"nothing keeps {names} within the local array before line {line}: it holds as many elements "
                    f"as its declaration (or the host's cl::Local) gives it, usually one per work-item of the "
                    f"group; check what {names} can reach against that length")
        return (f"nothing keeps {names} in range before line {line}: the global range is rounded up to "
                f"a multiple of the work-group, so the last work-items are past the end; check "
                f"{names} against the size{' (if (' + example + '))' if example else ''} around the loads "
                f"and stores")
    fixed = _fixed_loop_bound(source, first, last, line, variables) if space == "global" else None
    if fixed:
        return fixed
    # Every variable of the index is kept in range (no unguarded one, no <= found): then the formula
    # itself reaches past the end, most often a row length that is not this array's.
    kept = [v for v in variables if v in guarded]
    if kept and len(kept) == len([v for v in variables if v not in params]):
        return (f"{' and '.join(kept)} each stay in range (checks or loop bounds keep them), so the index "
                f"formula itself reaches past the end: is each row of this array as long as the number "
                f"it is multiplied by (an array of R rows and C columns: row r starts at r * C)? Compare "
                f"the row length with the array's shape")
    return ("check the bounds of that index: a loop bound written <= for <, or work-items past the end "
            "of the data (the range is rounded up to a multiple of the work-group) that still load or store")


class Explanation:
    def __init__(self, kind, where, line, code, kernel, head, count, hint, also=()):
        self.kind, self.where, self.line, self.code = kind, where, line, code
        self.kernel, self.head, self.count, self.hint, self.also = kernel, head, count, hint, list(also)

    def first_line(self):
        place = f"{self.where}:{self.line}" if self.line else self.where
        return f"{place}: {WHAT[self.kind]} (kernel {self.kernel or '?'})"

    def text(self):
        lines = [self.first_line()]
        if self.code:
            lines.append(f"    {self.line} | {self.code}")
        for line, code in self.also:
            lines.append(f"    {line} | {code}")
        times = f", {self.count} times" if self.count > 1 else ""
        lines.append(f"  oclgrind: {self.head}{times}")
        lines.append(f"  hint: {self.hint}")
        return "\n".join(lines)


def _race_hint(kind, group, source, first, last, values=None):
    """Barrier or atomic, from the racing accesses' lines and operations."""
    space = "local" if kind == "race-local" else "global"
    same_line_writes = []
    pairs = []
    for f in group:
        ents = f["entities"]
        if len(ents) >= 2:
            a, b = ents[0], ents[1]
            if a["line"] == b["line"] and ("Write-write" in f["head"] or "Read-write" in f["head"]):
                same_line_writes.append(a)
            else:
                pairs.append((a, b))
    if same_line_writes and not pairs:
        e = same_line_writes[0]
        code = source.code(e["line"]).strip() or e["code"]
        update = re.search(r"(\+\+|--|\+=|-=|\*=)", code) or (
            "atomic" not in code and re.search(r"\b(\w+)\s*(\[[^]]*\])+\s*=\s*\1\s*\[", code))
        # Which of the two it is, from the accesses oclgrind saw: a load in one work-item and a store
        # in another at different columns of the line are two different index expressions meeting at
        # one address (scratch[lid] += scratch[lid + s]: one work-item reads the element another
        # writes in the same round), which a barrier between rounds orders; the same expression in
        # both (x[b]++ at one column, or two stores) is two work-items updating one element: atomic.
        cross = [f for f in group if len(f["entities"]) >= 2 and f["entities"][0]["line"] == f["entities"][1]["line"]
                 and {f["entities"][0]["op"], f["entities"][1]["op"]} == {"load", "store"}]
        columns = [(f["entities"][0]["column"], f["entities"][1]["column"]) for f in cross]
        if space == "local" and cross and all(a and b and a != b for a, b in columns):
            indent = len(source.line(e["line"])) - len(source.line(e["line"]).lstrip())
            # The loop is searched for in the kernel, or in the helper function the update is in (a
            # work_group_sum the kernel calls): from the update up to the function's first line.
            top = max(first, 1)
            if not first <= e["line"] <= last:
                top = next((n for n in range(e["line"] - 1, 0, -1)
                            if source.line(n)[:1].strip() and "(" in source.line(n)), 1)
            loop = next((n for n in range(e["line"] - 1, top - 1, -1)
                         if re.match(r"\s*(for|while)\b", source.line(n))
                         and len(source.line(n)) - len(source.line(n).lstrip()) < indent), None)
            return (e["line"], code,
                    f"one work-item reads at line {e['line']} the element another work-item writes there in "
                    f"the same round ({code}: the read and the write are different index expressions that "
                    f"meet at one address): each round must finish before the next reads its results. Put "
                    f"barrier(CLK_LOCAL_MEM_FENCE) after the update, inside the loop"
                    f"{' (line ' + str(loop) + ')' if loop else ''}, reached by every work-item in every round; "
                    f"a barrier only after the loop, or an atomic update, does not order the rounds")
        if space == "local" and not update and not cross:
            return (e["line"], code,
                    f"two work-items use the same local element at line {e['line']} ({code}) in one phase, and "
                    f"oclgrind's report does not tell whether they both update it or one reads what the other "
                    f"wrote: if each work-item should own the element, a barrier between the write and the "
                    f"other's read is missing; if several must add to it, make the update atomic")
        if space == "local" or update:
            return (e["line"], code,
                    f"two work-items update the same {space} element at line {e['line']} at the same time "
                    f"({code}): a barrier cannot order them, they run in the same phase. Make the update "
                    f"atomic: atomic_inc(&x[b]) for x[b]++, atomic_add(&x[b], v) for x[b] += v")
        return (e["line"], code, _global_overlap_hint(group, e, code, source, first, last, values))
    if pairs:
        a, b = pairs[0]
        w, r = (a, b) if a["op"] in ("store", "call") else (b, a)
        wline, rline = w["line"], r["line"]
        wcode = source.code(wline).strip() or w["code"]
        if space == "global":
            return (wline, wcode,
                    f"work-item writes at line {wline} and another work-item's access at line {rline} touch "
                    f"the same global element in one launch: no barrier orders work-groups, so either the "
                    f"index formula gives two work-items one element, or a second kernel launch must do "
                    f"the later step")
        between = any("barrier(" in source.code(n) for n in range(min(wline, rline) + 1, max(wline, rline)))
        if wline < rline and between:
            order = (f"a barrier already separates the write at line {wline} from the read at line {rline} "
                     f"in one round, so the race is between rounds: the next round's write (line {wline}) "
                     f"overwrites what another work-item still reads (line {rline}); put "
                     f"barrier(CLK_LOCAL_MEM_FENCE) after the last read (line {rline}), before the loop "
                     f"goes round to the next write")
        elif wline < rline:
            order = (f"put barrier(CLK_LOCAL_MEM_FENCE) between the write at line {wline} and the read at "
                     f"line {rline}, where every work-item of the group reaches it")
        else:
            order = (f"the write at line {wline} (the next round's) overwrites what another work-item still "
                     f"reads at line {rline}: put barrier(CLK_LOCAL_MEM_FENCE) after the last read (line "
                     f"{rline}) and before the next write")
        return (wline, wcode,
                f"one work-item writes local memory at line {wline} while another reads or writes the same "
                f"element at line {rline} with no barrier between: {order}")
    f = group[0]
    e = f["entities"][0] if f["entities"] else {"line": 0, "code": ""}
    return (e["line"], e["code"], "two work-items used the same memory without a barrier or atomic between them")


def _place_merged_stores(group, source, first, last):
    """oclgrind reports line 0 for a store the compiler sank out of an if/else (out[e] = a; else
    out[e] = b; becomes one store after the branch, with no source line). The lines it came from are the
    kernel's stores to its writable __global buffers: give the line-less store entities the first of
    them (its code and column 0), and return them all (empty where oclgrind named a line)."""
    stores = [x for f in group for x in f["entities"] if x["op"] == "store" and not x["line"]]
    if not stores:
        return []
    header = " ".join(source.code(n) for n in range(first, min(first + 8, last) + 1)).split("{")[0]
    buffers = [m.group(1) for m in re.finditer(r"__global\s+(?!const\b)\w+\s*\*\s*(?:restrict\s+)?(\w+)", header)]
    lines = sorted({n for b in buffers for n in source.writes(b, first + 1, last)})
    if not lines:
        return []
    for x in stores:
        x["line"], x["column"], x["code"] = lines[0], 0, source.code(lines[0]).strip()
    return lines


def _rows_overlap(f, e, code, source, first, last, values):
    """Two work-items' stores meeting at one element of an index row * W + column, where one work-item's
    column is past W: the rows are taken W long while the column runs further (a loop j < N over rows
    multiplied by K), so one row runs into the next. The hint, from the race's element, the work-items'
    ids and the run's sizes, or None."""
    address = f.get("address") or {}
    if not address.get("size") or not values:
        return None
    _name, index = access_at(source.code(e["line"]) or code, e["column"], True)
    params = kernel_parameters(source, first, last)
    env = {p: values[p.lower()] for p in params if p.lower() in values}
    ids = id_variables(source, first, last)
    element = address["offset"] // address["size"]
    terms = _terms(_strip(index or ""), "+")
    for n, term in enumerate(terms):
        factors = [_strip(x) for x in _terms(_strip(term), "*")]
        width = next((x for x in factors if x in env), None) if len(factors) == 2 else None
        if width is None:
            continue
        row = factors[1] if factors[0] == width else factors[0]
        column = " + ".join(t for m, t in enumerate(terms) if m != n)
        w = env[width]
        for x in f["entities"][:2]:
            r = _value(row, dict(env, **{v: x["global"][d] for v, d in ids.items()}))
            if r is None or re.search(r"[^\w\s]", column):
                continue
            c = element - r * w
            if c < w:
                continue
            text = " ".join(source.code(k) for k in range(first, last + 1))
            m = re.search(r"\b" + re.escape(column) + r"\s*<\s*([A-Za-z_]\w*)", text)
            runs = m.group(1) if m and m.group(1) in env and m.group(1) != width else None
            return (f"Element {element} is {row} = {r} times {width} = {w} plus {column} = {c}: {column} went past "
                    f"{width}, the length this index gives a row, so row {r} runs into row {r + 1}"
                    + (f" ({column} runs up to {runs} = {env[runs]}, and {runs} > {width})" if runs else "")
                    + ". Multiply the row index by the length of this array's own rows"
                    + (f" ({runs})" if runs else "") + f", not by {width}")
    return None


def _stride_overlap(f, e, code, source, first, last):
    """One-dimensional rounds that overlap: the index is the work-item's id plus the round times a step
    set from get_local_size(0) (i = g + p * step), so the work-item g reaches in a later round the
    element another work-item takes in its first. The hint, from the race's element, the two work-items
    and the work-group size oclgrind's ids give, or None."""
    address = f.get("address") or {}
    if not address.get("size") or not f.get("group_size"):
        return None
    element = address["offset"] // address["size"]
    text = " ".join(source.code(n) for n in range(first, last + 1))
    steps = re.findall(r"\b(\w+)\s*=\s*(?:\(\w+\)\s*)?get_local_size\s*\(\s*0\s*\)", text)
    ids = [v for v, d in id_variables(source, first, last).items() if d == 0]
    _name, index = access_at(source.code(e["line"]) or code, e["column"], True)
    made = re.search(r"\b" + re.escape(index or "?") + r"\s*=\s*([^;]+);", text) if index else None
    formula = _strip(made.group(1) if made and re.fullmatch(r"\w+", index or "") and index not in ids
                     else index or "")
    for step in steps:
        for g in ids:
            m = re.fullmatch(re.escape(g) + r"\s*\+\s*\(?\s*(\w+)\s*\*\s*" + re.escape(step) + r"\s*\)?", formula) or \
                re.fullmatch(re.escape(g) + r"\s*\+\s*\(?\s*" + re.escape(step) + r"\s*\*\s*(\w+)\s*\)?", formula) or \
                (formula == g and re.search(r"\b" + re.escape(g) + r"\s*\+=\s*" + re.escape(step) + r"\b", text)
                 and re.match(r"()", ""))  # i = get_global_id(0), then i += step each round
            if not m:
                continue
            size = f["group_size"]
            rounds = sorted(((element - x["global"][0]) // size, x["global"][0]) for x in f["entities"][:2]
                            if (element - x["global"][0]) % size == 0 and element >= x["global"][0])
            if len(rounds) < 2 or rounds[0][0] == rounds[1][0]:
                return None
            (r0, w0), (r1, w1) = rounds[0], rounds[1]
            said = f"round {m.group(1)} = {r1}" if m.group(1) else f"round {r1}"
            return (f"Element {element} is {w1} + {r1} * {size} (work-item {w1}, {said}) and "
                    f"{w0} + {r0} * {size} (work-item {w0}, round {r0}): {step} is get_local_size(0) = {size}, one "
                    f"work-group, while every work-item of the range starts at its own id {g}, so a work-item's "
                    f"later rounds land on the elements other work-items take first. Rounds that start at the "
                    f"global id must step by the whole range (get_global_size(0)); a work-item taking a block "
                    f"of its own starts at {g} times the block instead")
    return None


def _global_overlap_hint(group, e, code, source, first, last, values=None):
    """Two work-items storing to one global element on one line: which two, and which element, from
    oclgrind's report (the race's address, the store's type, both work-items' global ids)."""
    f = next((g for g in group if len(g["entities"]) >= 2 and g["entities"][0]["global"] is not None
              and g["entities"][1]["global"] is not None), None)
    seen = ""
    dims = max(id_variables(source, first, last).values(), default=0) + 1
    if f:
        a, b = f["entities"][0], f["entities"][1]
        dims = max(dims, max((d + 1 for d in range(3) if a["global"][d] or b["global"][d]), default=1))

        def item(x):
            return "(" + ", ".join(str(v) for v in x["global"][:dims]) + ")"

        name, _ = access_at(source.code(e["line"]) or code, e["column"], True)  # oclgrind's column counts the indent
        address = f.get("address") or {}
        element = (f" at element {address['offset'] // address['size']}"
                   if address.get("size") and name else "")
        seen = (f"work-items {item(b)} and {item(a)} both store to {name or 'one element'}{element} "
                f"at line {e['line']} ({code}). ")
    else:
        seen = f"two work-items write the same global element at line {e['line']} ({code}). "
    # A loop around the store that runs one round too far (k <= PER_ITEM) reaches the next work-item's
    # first element: that loop, where the source shows it.
    indent = len(source.line(e["line"])) - len(source.line(e["line"]).lstrip())
    for n in range(e["line"] - 1, first - 1, -1):
        text = source.code(n)
        if len(text) - len(text.lstrip()) >= indent or not text.strip():
            continue
        m = re.search(r"\bfor\s*\(.*;\s*(\w+)\s*<=\s*([^;]+);", text)
        if m:
            var, bound = m.group(1), m.group(2).strip()
            return (f"{seen}The loop at line {n} runs {var} up to {bound} itself ({var} <= {bound}): one round "
                    f"too many, into the elements of the next work-item, which writes them too (the same value "
                    f"here, so the result still looks right); write {var} < {bound}")
        indent = len(text) - len(text.lstrip())
    overlap = (_rows_overlap(f, e, code, source, first, last, values) or _stride_overlap(f, e, code, source, first,
                                                                                          last)) if f else None
    if overlap:
        return seen + overlap
    # Two index dimensions can be swapped or given the wrong row length; one index can only be wrong.
    why = ("are the row and column indices, or the row length, mixed up?" if dims > 1 else
           "work out by hand which element each of these work-items computes")
    return (f"{seen}Each element of the output should belong to one work-item, so the formula that gives "
            f"a work-item its element is wrong ({why}); where work-items must add to one element, use "
            f"atomic_add")


def _swapped_bounds(cond, code):
    """The two bounds of a guard swapped, read from the access it guards: a condition X < Y && Z < W
    over an access X * Y + Z (X counts rows of Y elements, Z is the column in one) bounds X by the row
    length and Z by the row count. Returns (X, W, Z, Y, the access's text) or None. Only the swap of
    two different names counts: with one name for both sizes (a square matrix) the comparisons
    cannot be told apart."""
    pairs = []
    for part in cond.split("&&"):
        m = re.fullmatch(r"\s*\(?\s*([\w\s+]+?)\s*<=?\s*([A-Za-z_]\w*)\s*\)?\s*", part)
        if m:
            pairs.append((m.group(1).strip(), m.group(2)))

    def expression(text):  # the text with any spacing between its tokens
        return r"\s*".join(re.escape(t) for t in re.findall(r"\w+|\S", text))

    cast = r"(?:\(\s*\w+\s*\)\s*)?"
    for x, y in pairs:
        for z, w in pairs:
            if y == w or x == z:
                continue
            m = re.search(cast + r"\(?\s*" + expression(x) + r"\s*\)?\s*\*\s*" + cast + re.escape(y)
                          + r"\b\s*\+\s*" + expression(z) + r"\b", code)
            if m:
                return x, w, z, y, m.group(0)
    return None


def _only_access_line(source, first, last, store):
    """(line, column) of the one line of the kernel that reads (store: writes) its global pointer
    parameters, where all such accesses share one line; (0, 0) otherwise."""
    header = " ".join(source.code(n) for n in range(first, min(first + 8, last) + 1)).split("{")[0]
    buffers = re.findall(r"__global\s+(?:const\s+)?\w+\s*\*\s*(?:const\s+)?(\w+)", header)
    found = []
    for n in range(first, last + 1):
        text = source.code(n)
        for b in buffers:
            for m in re.finditer(r"\b" + re.escape(b) + r"\s*\[", text):
                close = _close_bracket(text[m.end():])
                after = text[m.end() + close + 1:].lstrip() if close is not None else ""
                writes = bool(re.match(r"(=(?!=)|\+=|-=|\*=)", after))
                if writes == store:
                    found.append((n, m.start() + 1))
    lines = {n for n, _ in found}
    return found[0] if len(lines) == 1 else (0, 0)


def _async_copy_at(source, first, line):
    """The async work-group copy that oclgrind's line reaches (its wait_group_events, or the copy itself):
    (its line, the function, its arguments), or None."""
    if not re.search(r"\b(wait_group_events|async_work_group_\w*copy)\s*\(", source.code(line)):
        return None
    for n in range(line, first - 1, -1):
        m = re.search(r"\b(async_work_group_(?:strided_)?copy)\s*\(", source.code(n))
        if m:
            inside = source.code(n)[m.end():]
            end = _closing(inside, "(", ")")
            return n, m.group(1), [a.strip() for a in _terms(inside[:end] if end is not None else inside, ",")]
    return None


def _copy_too_short(source, first, last, name, w, wcode):
    """A local array filled one slot per work-item (name[lid] = ..., lid the local id, no loop around the
    write) and read in a loop over more slots (name[k], k up to a size of the data): the group's copy covers
    get_local_size(0) slots, and the reads go further. The hint, or None where the source does not show it."""
    m = re.search(r"\b" + re.escape(name) + r"\s*\[\s*([A-Za-z_]\w*)\s*\]\s*=(?!=)", wcode)
    if not m:
        return None
    slot = m.group(1)
    local_id = re.compile(r"\b" + re.escape(slot) + r"\s*=\s*(?:\(\w+\)\s*)?get_local_id\s*\(\s*0\s*\)")
    if slot != "get_local_id" and not any(local_id.search(source.code(n)) for n in range(first, last + 1)):
        return None
    if any(re.search(r"\b" + re.escape(slot) + r"\b", text.split(";")[-1] if ";" in text else text)
           for _, text in enclosing_loops(source, first, w)):
        return None  # the write steps through slots in a loop (cyclic copy): not one slot per work-item
    for n in range(first, last + 1):
        for r in re.finditer(r"\b" + re.escape(name) + r"\s*\[\s*([A-Za-z_]\w*)\s*\]", source.code(n)):
            counter = r.group(1)
            if counter == slot or n == w:
                continue
            loop = next(((ln, t) for ln, t in enclosing_loops(source, first, n)
                         if re.search(r";\s*" + re.escape(counter) + r"\s*<=?\s*([^;]+);", t)), None)
            if not loop:
                continue
            bound = re.search(r";\s*" + re.escape(counter) + r"\s*<=?\s*([^;]+);", loop[1]).group(1).strip()
            # A bound that is the work-group's size (get_local_size, or a name set from it) reads no further
            # than the copy reaches.
            size = re.compile(r"\b" + re.escape(bound) + r"\s*=\s*(?:\(\w+\)\s*)?get_local_size\s*\(")
            if "get_local_size" in bound or (re.fullmatch(r"[A-Za-z_]\w*", bound) and any(
                    size.search(source.code(k)) for k in range(first, last + 1))):
                continue
            return (f"{name} is filled one slot per work-item ({wcode} at line {w}: slot {slot}, the local id), so "
                    f"the group's copy covers get_local_size(0) slots at most; line {n} reads {name}[{counter}] for "
                    f"every {counter} < {bound} (the loop at line {loop[0]}), further than that when "
                    f"{bound} is more than the work-group's size: those slots were never written. Let each "
                    f"work-item copy several slots, {slot}, {slot} + get_local_size(0), ... below {bound}")
    return None


def _limits(condition):
    """The names a condition's comparisons stop at: {rows, cols} of "r0 + k < rows && c0 + lx < cols"."""
    return set(re.findall(r"<=?\s*([A-Za-z_]\w*)\b(?!\s*[\[(])", condition))


def _guarded_read_of_unset_slots(source, name, line, on_line, cond, w, wcode):
    """The read at `line` runs under a condition that bounds the same limits as the write's condition
    (every name the write's comparisons stop at, rows and cols, is one the read's stop at too), and it
    still read unset slots: the reads stay inside the data as the writes do, so the slot read for an
    element is not the slot written with it (a transpose whose copy or read forgot to mirror the block).
    Writing 0 into the unset slots would hide that, so the hint says it instead; None otherwise."""
    if name not in on_line:
        return None
    guards = [c for _, c in source.conditions(line)]
    written = _limits(cond)
    read = set().union(*(_limits(c) for c in guards)) if guards else set()
    if not written or not written <= read or cond in guards:
        return None
    return (f"line {line} reads {name} only where {guards[0]}, within the same limits "
            f"({', '.join(sorted(written))}) as the write at line {w} ({wcode}), which runs where {cond}; "
            f"yet it read slots that were never written, so the slot it reads for an element is not the slot "
            f"the write filled with that element. Take one element of the output and follow it: which slot of "
            f"{name} does line {w} put it in, and which slot does line {line} take it from? They must be "
            f"the same (in a transpose one of the two indexes the block mirrored). Writing 0 into the unset "
            f"slots would only hide this")


def _uninitialized_hint(kind, e, kernel, source, first, last):
    """Which local array or slot is never written, from the kernel source."""
    line = e["line"]
    code = source.code(line)
    arrays = source.local_arrays(first, last)
    on_line = [a for a in arrays if re.search(r"\b" + re.escape(a) + r"\s*\[", code)]
    candidates = on_line or [a for a in arrays if source.reads(a, first, last)]
    whole_file = (1, len(source.lines))
    for name in candidates:
        writes = source.writes(name, first, last) or source.writes(name, *whole_file)
        if not writes:
            return (f"nothing in the kernel writes {name} before it is read (line {line}): fill it first "
                    f"(each work-item its own slots), then barrier(CLK_LOCAL_MEM_FENCE), then read it")
        sets = [w for w in writes if not re.search(
            r"(\+\+|--|\+=|-=|\*=|atomic_\w+\s*\(\s*&\s*" + re.escape(name) + r")", source.code(w))]
        if not sets:
            return (f"nothing sets {name} before line {line} updates it (line {writes[0]}: "
                    f"{source.code(writes[0]).strip()}): local memory starts undefined, so an update adds to "
                    f"garbage. Set every element to 0 first (each work-item a share: for (b = lid; b < size; "
                    f"b += get_local_size(0))), then barrier(CLK_LOCAL_MEM_FENCE), then update")
        for w in sets:
            conditions = [c for _, c in source.conditions(w)]
            wcode = source.code(w).strip()
            short = _copy_too_short(source, first, last, name, w, wcode)
            if short:
                return short
            if conditions and not re.search(r"\?\s*[^:]+:", wcode):
                cond = conditions[0]
                element = source.element_type(name) or "float"
                zero = {"float": "0.0f", "double": "0.0", "half": "0.0h"}.get(
                    element, "0u" if element.startswith("u") else "0")
                reads = source.reads(name, first, last)
                use = (f"line {line} reads them" if name in on_line else
                       f"line {reads[0] if reads else '?'} reads them into what line {line} stores")
                swapped = _swapped_bounds(cond, wcode)
                if swapped:
                    x, xb, z, zb, text = swapped
                    return (f"{name} is written only where {cond} (line {w}: {wcode}), but that line reads "
                            f"{text}: {x} counts rows of {zb} elements and {z} is the column "
                            f"within one, so {x} is bounded by {xb} and {z} by {zb}, the other way round "
                            f"({x} < {xb} && {z} < {zb}). The slots the swapped condition skips stay unset, "
                            f"and {use}")
                mismatch = _guarded_read_of_unset_slots(source, name, line, on_line, cond, w, wcode)
                if mismatch:
                    return mismatch
                return (f"{name} is written only where {cond} (line {w}: {wcode}); the work-items for "
                        f"which it is false leave their slots of {name} unset (garbage: in the first "
                        f"round nothing was ever written there), and {use}. Write 0 "
                        f"there instead: {name}[...] = ({cond}) ? value : {zero}")
        if kind == "uninitialized-local" or on_line:
            first_write = sets[0]
            return (f"{name} is read at line {line} in slots no work-item has written yet: every slot that "
                    f"is read must be written first (line {first_write} writes it), with "
                    f"barrier(CLK_LOCAL_MEM_FENCE) after the writes and before the reads, reached by every "
                    f"work-item; work-items past the end of the data must write their slot too (with 0)")
    skipped = _private_copy_skips(source, first, last, line)
    if skipped:
        return skipped
    return ("a private variable or local slot is read before it is set: start sums at 0, and let "
            "work-items past the end of the data fill their local slot with 0 instead of leaving it")


def _loop_lowest(text):
    """(counter, the lowest value a for loop's counter takes) from its header, where it reads plainly:
    for (int k = 1; k < K; ++k) gives 1, for (int k = K; k > 0; --k) gives 1, for (int k = K; k-- > 0;)
    gives 0; None where the header is some other shape."""
    m = re.search(r"\bfor\s*\(\s*(?:(?:const\s+)?(?:unsigned\s+)?\w+\s+)?(\w+)\s*=\s*([^;]+);\s*([^;]*);([^)]*)\)",
                  text)
    if not m:
        return None
    k, start, cond, step = m.group(1), m.group(2).strip(), m.group(3).strip(), m.group(4)
    if re.fullmatch(re.escape(k) + r"\s*(<=?)\s*.+", cond) and re.search(r"\+\+|\+=", step):
        return (k, start) if re.fullmatch(r"\d+", start) else None
    down = re.fullmatch(re.escape(k) + r"\s*(--)?\s*(>=?)\s*(\d+)", cond)
    if down and (down.group(1) or re.search(r"--|-=", step)):
        low = int(down.group(3)) + (1 if down.group(2) == ">" else 0) - (1 if down.group(1) else 0)
        return k, str(low)
    return None


def _private_copy_skips(source, first, last, line):
    """A private array read at `line` inside a loop from element 0 on, filled by a copy loop whose counter
    never takes the lowest values (for (k = 1; ...), or a count-down that stops before 0): the elements
    below the copy's first stay unset. The hint, or None where the source does not show that."""
    declared = [d.group(1) for n in range(first, last + 1) for d in [re.search(
        r"^\s*(?:float|double|int|uint|half)\d*\s+(\w+)\s*\[[^\]]+\]\s*;", source.code(n))] if d]
    # The array read on the line oclgrind names, else one read elsewhere (the sum it went into is
    # what oclgrind saw stored).
    on_line = [a for a in declared if re.search(r"\b" + re.escape(a) + r"\s*\[", source.code(line))]
    for name in on_line or declared:
        read_low, at = None, line
        for r in ([line] if on_line else source.reads(name, first, last)):
            code = source.code(r)
            read_low = next((x for x in map(_loop_lowest, [t for _, t in enclosing_loops(source, first, r)])
                             if x and re.search(r"\b" + re.escape(name) + r"\s*\[\s*" + re.escape(x[0])
                                                + r"\s*\]", code)), None)
            if read_low:
                at = r
                break
        if not read_low:
            continue
        for w in source.writes(name, first, last):
            wcode = source.code(w)
            m = re.search(r"\b" + re.escape(name) + r"\s*\[\s*(\w+)\s*\]\s*=(?!=)", wcode)
            if not m:
                continue
            loop = next(((at, t) for at, t in enclosing_loops(source, first, w)
                         if (_loop_lowest(t) or ("",))[0] == m.group(1)), None)
            if not loop:
                continue
            low = _loop_lowest(loop[1])[1]
            if int(low) > int(read_low[1]):
                unset = (f"element {read_low[1]}" if int(low) - int(read_low[1]) == 1
                         else f"elements {read_low[1]} to {int(low) - 1}")
                return (f"the loop at line {loop[0]} ({loop[1]}) writes {name}[{m.group(1)}] from {m.group(1)} = "
                        f"{low} on, and line {at} reads {name}[{read_low[0]}] from {read_low[0]} = {read_low[1]}: "
                        f"{unset} of the private array {name} is never written, so the sums read what was "
                        f"there before. Let the copy take every element the reads take, from {read_low[1]}")
    return None


def explain(findings, search, root, values=None, built=None):
    """Explanations, most specific first (ORDER, then file and line). values: the sizes the run was
    given, {option name without dashes: integer} ({"m": 17, "n": 33}), read as the kernel's parameters
    of those names (M, N)."""
    # oclgrind's "Index (257) exceeds static array size (256)" names no memory space; at a line where
    # the same kernel also read or wrote past the end of a local array, it is that access seen again,
    # not a private array (a __local float4 t[TILE] indexed past TILE gives both).
    local_bounds = {(f["kernel"], e.get("line")) for f in findings if f["kind"] == "bounds-local"
                    for e in f["entities"]}
    for f in findings:
        if (f["kind"] == "bounds-private" and "exceeds static array size" in f["head"].lower()
                and f["entities"] and all((f["kernel"], e.get("line")) in local_bounds for e in f["entities"])):
            f["kind"] = "bounds-local"
    groups = {}
    for f in findings:
        groups.setdefault((f["kind"], f["kernel"]), []).append(f)
    out = []
    for (kind, kernel), group in groups.items():
        path = kernel_file(kernel, search, built)
        # A line of a file the kernel's file includes (#include "name.cl", which
        # hoc::readKernelFile expands between #line directives): oclgrind names that file.
        named = next((e["file"] for g in group for e in g["entities"] if e.get("file")), None)
        if named and path and named.endswith(".cl") and named != os.path.basename(path):
            path = next((os.path.join(d, named) for d in search if os.path.isfile(os.path.join(d, named))), path)
        source = Source(path)
        where = student_path(path, root) if path else "the kernel source"
        first, last = source.kernel_range(kernel)
        f = group[0]
        e = f["entities"][0] if f["entities"] else {"line": 0, "column": 0, "code": "", "op": None}
        line, code = e["line"], (source.line(e["line"]).strip() if path else e["code"]) or e["code"]
        also = []
        merged = _place_merged_stores(group, source, first, last) if kind == "race-global" and path else []
        if kind.startswith("race"):
            line, code, hint = _race_hint(kind, group, source, first, last, values)
            if merged:
                hint = (f"(oclgrind names no line: the compiler merged the stores of lines "
                        f"{' and '.join(str(n) for n in merged)} into one; the race is at "
                        f"{'one of them' if len(merged) > 1 else 'that line'}) {hint}")
            others = sorted({x["line"] for g in group for x in g["entities"]} - {line})
            also = [(n, source.line(n).strip()) for n in others[:2] if source.line(n).strip()]
        elif kind.startswith("bounds"):
            store = f["head"].lower().startswith("invalid write") or e.get("op") == "store"
            if not line and path and kind == "bounds-global":
                # oclgrind names no line (the compiler merged or moved the access): the kernel's only line
                # that reads (or writes) a global buffer that way, where there is one.
                line, column = _only_access_line(source, first, last, store)
                if line:
                    code, e = source.line(line).strip(), dict(e, line=line, column=column)
            name, index = access_at(source.code(line) if path else e["code"], e["column"], store)
            copy = _async_copy_at(source, first, line) if path and not name else None
            if copy:
                n, call, args = copy
                element = (f" at element {f['access']['offset'] // max(f['access']['size'], 1)}"
                           if f.get("access") else "")
                src = args[1] if len(args) > 1 else "?"
                stride = f", {args[3]} apart" if "strided" in call and len(args) > 3 else ""
                hint = (f"oclgrind reports the access where the copy is done (line {line}); the copy is "
                        f"{call} at line {n} ({source.line(n).strip()}): it {'writes' if store else 'reads'} "
                        f"{args[2] if len(args) > 2 else '?'} elements{stride} starting at {src}, and it went past "
                        f"the end of the buffer{element}. Check its start ({src}), count and stride against where "
                        f"the data lies in the buffer (a column of a row-major matrix starts at its column index, "
                        f"one row length apart)")
                line, code = n, source.line(n).strip()
            elif kind == "bounds-private" or (kind != "bounds-local" and
                                              "exceeds static array size" in " ".join(g["head"] for g in group)):
                decl = None
                for n in range(first, last + 1):
                    m = re.search(r"\b\w+\s+" + re.escape(name or "?") + r"\s*\[\s*(\w+)\s*\]\s*;", source.code(n))
                    if m:
                        decl = (n, m.group(1))
                size = next((re.search(r"size \((\d+)\)", g["head"]).group(1) for g in group
                             if re.search(r"size \((\d+)\)", g["head"])), None)
                length = decl[1] if decl else size or "?"
                hint = (f"{name or 'a private array'}[{index or '...'}] goes past the array's length "
                        f"({length}{', declared at line ' + str(decl[0]) if decl else ''}): the array is "
                        f"shorter than what is copied into it (e.g. float Awrk[1024] with K > 1024); copy "
                        f"in chunks no longer than the array, or size it from the build options")
                kind = "bounds-private"
            else:
                target = f"{name}[{index}]" if name else "an index"
                variables = index_variables(index or "")
                seen = None
                if kind == "bounds-global" and path and f.get("access"):
                    buffer = f["access"]["buffer"]
                    lowest = min(g["access"]["offset"] // max(g["access"]["size"], 1) for g in group
                                 if g.get("access") and g["access"]["buffer"] == buffer)
                    # Where the buffer ends, from the record of the calls (its CL_MEM_SIZE), when known.
                    lowest = min(lowest, f.get("buffer_elements") or lowest)
                    seen = access_evidence(source, first, last, name, index or "", e, f["access"], values or {},
                                           lowest)
                bounds = {}
                if seen and seen["var"]:
                    ran = index_variables(seen["var"])
                    variables = ran + [v for v in variables if v not in ran] + [
                        v for v in index_variables(pointer_base(source, first, last, name)[1] or "")
                        if v not in variables and v not in ran]
                    if len(ran) == 1 and seen["bound"]:
                        bounds[ran[0]] = seen["bound"]
                why = seen.get("why") if seen else None
                if not why and seen and seen["var"] and seen["bound"] and seen.get("reached") is not None:
                    why = loop_bounded_otherwise(source, first, line, seen["var"], seen["bound"], seen["reached"])
                if not why and seen and seen["var"] and seen["bound"] and seen.get("reached") is not None:
                    why = check_tests_part(source, line, seen["var"], seen["bound"], seen["reached"])
                why = why or check_before_loop(source, first, line, index or "")
                if kind == "bounds-local" and not why:
                    why = _local_loop_start(source, first, last, line, index or "", group, values)
                why = why or bound_hint(source, first, last, variables, line, bounds,
                                        "local" if kind == "bounds-local" else "global", seen)
                space = "local array" if kind == "bounds-local" else "buffer"
                owner = pointer_base(source, first, last, name)[0] or name if name else ""
                hint = f"{target} goes past the end of the {space} {owner or ''}".rstrip() + f": {why}"
                if seen and seen["detail"]:
                    hint = f"{seen['text']}: {seen['detail']}. {hint}"
                elif seen and not any(re.search(r"get_(global|local|group)_id\s*\(\s*[12]\s*\)", source.code(n))
                                      for n in range(first, last + 1)) and not any(
                        _strip(x) in kernel_parameters(source, first, last)
                        for t in _terms(_strip(index or ""), "+") for x in _terms(_strip(t), "*")[1:] + _terms(
                            _strip(t), "*")[:1] if "*" in t):
                    hint = f"{seen['text']}, past the end of {name}. {hint}"  # one dimension: no row to tell
                elif seen:
                    hint = (f"{seen['text']}, past the end of {name}. What this run shows does not tell which "
                            f"part of the index ran out (the sizes, or the index's form, could not be followed): "
                            f"either the row index reached the number of rows, or the column index the row "
                            f"length; check both. {hint}")
        elif kind.startswith("uninitialized"):
            hint = _uninitialized_hint(kind, e, kernel, source, first, last)
        elif kind == "divergence":
            conditions = source.conditions(line) if path else []
            group_call = None
            if not conditions and path:
                # oclgrind names the barrier where the group parted; the barrier, or the work-group function
                # (an async copy, its wait), inside a branch is the cause.
                for n in range(first, last + 1):
                    call = re.search(r"\b(barrier|async_work_group_(?:strided_)?copy|wait_group_events|"
                                     r"work_group_\w+)\s*\(", source.code(n))
                    if call and source.conditions(n):
                        line, code, conditions = n, source.line(n).strip(), source.conditions(n)
                        group_call = call.group(1) if call.group(1) != "barrier" else None
                        break
            around = f" it sits under if ({conditions[0][1]}) (line {conditions[0][0]})" if conditions else ""
            placed = around or " it sits in a branch or a loop whose count differs between work-items"
            if group_call:
                hint = (f"{group_call} is a work-group function: like a barrier, every work-item of the group must "
                        f"reach it with the same arguments, or none:{placed}, so some work-items wait at the "
                        f"next barrier while the others are still in it. Call it outside the branch, for the "
                        f"whole group, and keep the bounds check around this work-item's loads and stores only")
            else:
                hint = (f"a barrier must be reached by every work-item of the group or by none:{placed}; "
                        f"let every work-item run the loop and reach every barrier, and put the bounds check "
                        f"around the loads and the stores only")
        elif kind == "buffer-flags":
            name, _ = access_at(source.code(line) if path else e["code"], e["column"],
                                f["head"].lower().startswith("invalid write"))
            does = "writes" if "read-only" in f["head"] else "reads"
            made = "read-only (CL_MEM_READ_ONLY)" if does == "writes" else "write-only (CL_MEM_WRITE_ONLY)"
            hint = (f"the kernel {does} {name or 'a buffer'} here, and the buffer the host passed for it was made "
                    f"{made}: either that buffer's flags are wrong, or the host passes the buffers in another "
                    f"order than the kernel's parameters (compare the launch's arguments with the kernel's "
                    f"parameter list)")
        elif kind == "api":
            hint = "oclgrind names the call: compare its arguments with the lesson's host code"
        elif kind == "tool":
            m = re.search(r"Unsupported instruction: (\w+)", f["head"])
            stopped = f"LLVM's `{m.group(1)}` instruction" if m else "something in this kernel"
            plugin = re.search(r"plugins/(\w+)\.cpp", f["head"])
            hint = (f"oclgrind 21.10{' (its ' + plugin.group(1) + ' check)' if plugin else ''} cannot run "
                    f"{stopped}, which the compiler makes of correct code too (`freeze`: a ceiling division "
                    f"a / b + (a % b != 0), for example). This is not a verdict on your kernel: what oclgrind "
                    f"could still check is above, and the course tests on PoCL check the values")
        elif kind == "async-wait" and path:
            # oclgrind names the kernel's end; the cause is the copy whose event no wait_group_events takes.
            copies = [n for n in range(first, last + 1)
                      if re.search(r"\basync_work_group_(?:strided_)?copy\s*\(", source.code(n))]
            waits = [n for n in range(first, last + 1) if re.search(r"\bwait_group_events\s*\(", source.code(n))]
            if copies:
                line, code = copies[0], source.line(copies[0]).strip()
            waited = ("no wait_group_events in the kernel waits for" if not waits else
                      f"the wait_group_events at line {', '.join(str(n) for n in waits)} does not wait for (another "
                      f"event, or one not reached)")
            hint = (f"oclgrind names where the work-items ended; the asynchronous copy"
                    f"{' at line ' + str(copies[0]) if copies else ''} returned an event that {waited}"
                    f": the work-items may read the local copy before the copy has written it. Pass the copy's "
                    f"event to wait_group_events after the copy and before the local array is read, in code every "
                    f"work-item of the group reaches")
        else:
            hint = "see oclgrind's text above"
        count = sum(1 for _ in group)
        out.append(Explanation(kind, where, line, code, kernel, f["head"], count, hint, also))
    out.sort(key=lambda x: (ORDER.index(x.kind), x.where, x.line))
    return out
