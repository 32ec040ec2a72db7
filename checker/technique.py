#!/usr/bin/env python3
"""The technique checks: does the student's kernel use the idea its exercise teaches, not only give the
right numbers? course.json's "technique" entries (docs/manifest.md, "A technique check") say, for a
kernel, what evidence shows the idea and what bound the idea keeps; this file collects the evidence
that oclgrind counts and compares it with the bound.

  technique.py --exercise FOLDER --check NAME --program PROGRAM --kernels DIR[:DIR...] [--name KEY]
               [--probe PATH] [--case DIR | --alternative] [--expect fail|pass]
      Runs PROGRAM with the entry's arguments on oclgrind with --inst-counts (loads and stores per memory
      space in bytes, barriers, atomics, every instruction executed, per kernel launch), adds up the
      launches of the entry's kernel and checks each of its "counts" bounds. A bound that does not hold
      fails with a first message naming the student's file and the kernel's line, what the counts show,
      the bound and why the technique keeps it, and the hint (course.json's hint of that id). With
      --name, writes the test's structured result (results.py: class "technique").
      Where oclgrind is not installed it says which evidence it could not collect (status "skipped",
      exit 77), never a pass or a fail. A bound on one of the probe's quantities (PROBE: which work-item
      touched which local address) loads --probe PATH, the oclgrind plugin checker/probe builds, beside
      --inst-counts; where it was not built (oclgrind other than 21.10) the check is skipped the same way.
      --case DIR puts the files of DIR (a kernel file whole, or FILE.diff: a change of the solution's
      file, Kernels/FILE or Solutions/<Folder>/FILE, or of the starter Exercises/<Folder>/FILE, named by
      its `+++ b/PATH` line; `+++ b/FILE` alone is the starter's) where the student's would be,
      <scratch>/Exercises/<Folder>/FILE, found first through HOC_KERNEL_PATH, so the message reads as
      the student's would; --alternative does the same with the exercise's alternative
      (checker/alternatives/<Folder>/). --expect fail: passes only when the check fails with a
      first message that names Exercises/<Folder>/<file> and says the hint (the checker's planted
      "technique absent" tests); --expect pass: only when it passes.

  technique.py gtest --exercise FOLDER --check NAME [--case DIR | --alternative] --expect fail|pass
               -- TEST_PROGRAM ARGS...
      The same test for a technique that a course test checks (evidence the OpenCL API gives:
      CL_KERNEL_LOCAL_MEM_SIZE, which elements a part of the range wrote): runs the solution's test
      program filtered to the entry's "test", with the case's kernel files found first; --expect fail
      passes only when the test fails with the entry's hint in its first message. Where the test skips
      itself (the device does not give that evidence: PoCL 6.0's CL_KERNEL_LOCAL_MEM_SIZE is always 0),
      exit 77, skipped.

  technique.py write --exercise FOLDER --case DIR --file FILE --out PATH
      The build's step for a case's host file given as FILE.diff: writes the file with the diff applied
      to PATH (technique.cmake builds it into a copy of the folder's library); a diff that no longer
      applies stops the build naming the lines that are gone.
"""
import argparse
import ast
import itertools
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile

from . import alternative, manifest, results
from .explain import student_path

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

FIRST = "== first message =="
SKIPPED = 77  # ctest's SKIP_RETURN_CODE for these tests

# ---- oclgrind's instruction counts -------------------------------------------------------------------

HEAD = re.compile(r"^Instructions executed for kernel '([^']+)':\s*$")
LINE = re.compile(r"^\s*(\d+) - (.+?)(?: \((\d+) bytes\))?\s*$")


def parse_counts(text):
    """[(kernel, {instruction: (count, bytes or None)})], one per kernel launch, in launch order, from
    the output of oclgrind --inst-counts (its InstructionCounter plugin prints one histogram per launch)."""
    launches, current = [], None
    for line in text.splitlines():
        head = HEAD.match(line)
        if head:
            current = {}
            launches.append((head.group(1), current))
            continue
        found = LINE.match(line) if current is not None else None
        if found:
            count, name, size = int(found.group(1)), found.group(2), found.group(3)
            old = current.get(name, (0, None))
            current[name] = (old[0] + count, (old[1] or 0) + int(size) if size else old[1])
        elif current is not None and line.strip():
            current = None  # the histogram ended: the program's own output follows
    return launches


SPACES = ("global", "local", "private", "constant")
ATOMIC = re.compile(r"^call _Z\d+atomi?c?_?\w*?P\w*?U3AS(\d)")
# vloadN / vstoreN are calls, not load or store instructions: the mangled name gives the width, the
# address space (U3AS1 global, U3AS2 constant, U3AS3 local; none: private) and the element type.
VECTOR_MEMORY = re.compile(r"^call _Z\d+v(load|store)(\d+)(?:Dv\d+_\w)?m(?:P\w*?U3AS(\d))?\w*?([a-z])\(?")
ADDRESS_SPACE = {"1": "global", "2": "constant", "3": "local", None: "private"}
ELEMENT_BYTES = {"c": 1, "h": 1, "s": 2, "t": 2, "i": 4, "j": 4, "f": 4, "l": 8, "m": 8, "d": 8}


def quantities(histogram):
    """The named quantities a bound may use, from one kernel's histogram (or several added up):
    load_<space> and store_<space> in bytes, load_<space>_n and store_<space>_n in instructions (a
    vloadN or vstoreN call counted as one, of its N elements), for global, local, private and constant
    memory; barriers (barrier() and work_group_barrier() calls);
    atomics_global and atomics_local (calls of atomic_* and atom_* on a global or a local address);
    divisions (fdiv instructions and calls of divide, native_divide, recip, ...); to_float (integers
    converted to floating point: uitofp, sitofp); instructions (all of them)."""
    q = {f"{op}_{space}{suffix}": 0 for op in ("load", "store") for space in SPACES for suffix in ("", "_n")}
    q.update(barriers=0, atomics_global=0, atomics_local=0, divisions=0, to_float=0, instructions=0)
    for name, (count, size) in histogram.items():
        q["instructions"] += count
        memory = re.fullmatch(r"(load|store) (global|local|private|constant)", name)
        if memory:
            q[f"{memory.group(1)}_{memory.group(2)}"] += size or 0
            q[f"{memory.group(1)}_{memory.group(2)}_n"] += count
        elif re.match(r"call _Z\d+(work_group_)?barrier", name):
            q["barriers"] += count
        elif name == "fdiv" or re.match(r"call _Z\d+\w*(divide|recip)", name):
            q["divisions"] += count
        elif name in ("uitofp", "sitofp"):
            q["to_float"] += count
        vector = VECTOR_MEMORY.match(name)
        if vector and vector.group(4) in ELEMENT_BYTES:
            op, width, space, element = vector.groups()
            space = ADDRESS_SPACE.get(space, "private")
            q[f"{op}_{space}"] += count * int(width) * ELEMENT_BYTES[element]
            q[f"{op}_{space}_n"] += count
        atomic = ATOMIC.match(name)
        if atomic and atomic.group(1) in ("1", "3"):
            q["atomics_global" if atomic.group(1) == "1" else "atomics_local"] += count
    return q


def label(name):
    """How a quantity reads in a message: "bytes read from local memory" for load_local."""
    memory = re.fullmatch(r"(load|store)_(global|local|private|constant)(_n)?", name)
    if memory:
        op, space, instructions = memory.groups()
        what = "instructions" if instructions else "bytes"
        return f"{'load' if op == 'load' else 'store'} {what} of {space} memory" if instructions else \
            f"{what} {'read from' if op == 'load' else 'written to'} {space} memory"
    return {"barriers": "barriers reached (work-item by work-item)",
            "atomics_global": "atomic operations on global memory",
            "atomics_local": "atomic operations on local memory", "divisions": "divisions",
            "to_float": "integers converted to floating point", "instructions": "instructions",
            "local_atomic_workitems": "work-items that made an atomic operation on local memory",
            "local_bank_ways_load": "loads from one local-memory bank at once (the worst warp access)",
            "local_bank_ways_store": "stores to one local-memory bank at once (the worst warp access)",
            "global_stores_most_by_one": "stores to global memory by one work-item (the most of any)",
            "global_loads_most_by_one": "loads from global memory by one work-item (the most of any)",
            "global_load_spread": "times the bytes a warp's global loads span over the bytes they read"}.get(name, name)


def add(histograms):
    total = {}
    for histogram in histograms:
        for name, (count, size) in histogram.items():
            old = total.get(name, (0, None))
            total[name] = (old[0] + count, (old[1] or 0) + size if size is not None else old[1])
    return total


# ---- the probe: which work-item touched which local address ------------------------------------------

# Quantities only the probe's lines give (checker/probe/oclgrind_probe.cpp, an oclgrind plugin): a bound on
# one of them runs the program with the probe loaded beside --inst-counts.
PROBE = ("local_atomic_workitems", "local_bank_ways_load", "local_bank_ways_store", "global_stores_most_by_one",
         "global_loads_most_by_one", "global_load_spread")
BANKS, BANK_BYTES, WARP = 32, 4, 32  # the README of Exercise 17's banks: 32 banks of 4 bytes, warps of 32


def parse_probe(text):
    """[(kernel, [(kind, local id (x, y), group (x, y), address, bytes)])], one per launch, from the probe's
    file (kind: L load, S store, A atomic)."""
    launches = []
    for line in text.splitlines():
        words = line.split()
        if words[:1] == ["kernel"] and len(words) == 2:
            launches.append((words[1], []))
        elif len(words) == 7 and words[0] in ("L", "S", "A", "l", "s", "a") and launches:
            numbers = [int(w) for w in words[1:]]
            launches[-1][1].append((words[0], tuple(numbers[0:2]), tuple(numbers[2:4]), numbers[4], numbers[5]))
    return launches


def bank_ways(accesses, kind):
    """The most accesses to different words of one bank that a warp makes at once, over the launch: the
    work-items of a work-group in warps of WARP consecutive local ids (x first), each work-item's n-th
    access of this kind taken together, as a GPU's warp executes one instruction for all of them; a word's
    bank is its 4-byte word number mod BANKS (the local arrays start at a multiple of BANKS * 4 bytes)."""
    groups = {}
    for k, local, group, address, size in accesses:
        if k == kind:
            groups.setdefault(group, []).append((local, address, size))
    worst = 0
    for items in groups.values():
        width = max(local[0] for local, _, _ in items) + 1
        nth, seen = {}, {}
        for local, address, size in items:
            n = seen.get(local, 0)
            seen[local] = n + 1
            warp = (local[0] + local[1] * width) // WARP
            words = nth.setdefault((warp, n), set())
            words.update(range(address // BANK_BYTES, (address + max(size, 1) - 1) // BANK_BYTES + 1))
        for words in nth.values():
            per_bank = {}
            for word in words:
                per_bank[word % BANKS] = per_bank.get(word % BANKS, 0) + 1
            worst = max(worst, max(per_bank.values()))
    return worst


def load_spread(accesses):
    """How far apart a warp's global loads lie, against how close they could: over every load of every
    warp (WARP consecutive local ids, each work-item's n-th global load taken together, as bank_ways
    does), the bytes from the lowest address to the end of the highest, added up, over the bytes
    loaded, added up. 1.0: each warp load reads one contiguous stretch (coalesced); 2.0: neighbouring
    work-items read every other float; 0 without any global load."""
    groups = {}
    for k, local, group, address, size in accesses:
        if k == "l":
            groups.setdefault(group, []).append((local, address, size))
    spanned = loaded = 0
    for items in groups.values():
        width = max(local[0] for local, _, _ in items) + 1
        nth, seen = {}, {}
        for local, address, size in items:
            n = seen.get(local, 0)
            seen[local] = n + 1
            nth.setdefault(((local[0] + local[1] * width) // WARP, n), []).append((address, size))
        for loads in nth.values():
            spanned += max(a + s for a, s in loads) - min(a for a, _ in loads)
            loaded += sum(dict(loads).values())
    return spanned / loaded if loaded else 0


def probe_quantities(launches):
    """The probe's quantities over the kernel's launches: local_atomic_workitems (work-items, counted per
    launch, that made at least one atomic operation on local memory), local_bank_ways_load and
    local_bank_ways_store (bank_ways: 1 when no warp's access meets another in a bank, 0 without any),
    global_stores_most_by_one and global_loads_most_by_one (the most stores to, loads from, global memory
    that one work-item made in one launch, each counted once whatever its width),
    global_load_spread (load_spread, the worst launch's)."""
    q = dict.fromkeys(PROBE, 0)
    for accesses in launches:
        q["local_atomic_workitems"] += len({(group, local) for k, local, group, _, _ in accesses if k == "A"})
        q["local_bank_ways_load"] = max(q["local_bank_ways_load"], bank_ways(accesses, "L"))
        q["local_bank_ways_store"] = max(q["local_bank_ways_store"], bank_ways(accesses, "S"))
        for kind, name in (("s", "global_stores_most_by_one"), ("l", "global_loads_most_by_one")):
            made = {}
            for k, local, group, _, _ in accesses:
                if k == kind:
                    made[(group, local)] = made.get((group, local), 0) + 1
            q[name] = max([q[name], *made.values()])
    spreads = [load_spread(accesses) for accesses in launches]
    q["global_load_spread"] = max(spreads, default=0)
    return q


def probe_path(given):
    """The probe's library (--probe, else HOC_OCLGRIND_PROBE), or None where it was not built."""
    path = given or os.environ.get("HOC_OCLGRIND_PROBE", "")
    return path if path and os.path.isfile(path) else None


# ---- bounds: arithmetic over the run's sizes ------------------------------------------------------------

FUNCTIONS = {"min": min, "max": max, "ceil": math.ceil, "floor": math.floor, "log2": math.log2,
             "ceil_div": lambda a, b: -(-a // b), "round_up": lambda a, b: -(-a // b) * b}
OPERATORS = {ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b, ast.Mult: lambda a, b: a * b,
             ast.Div: lambda a, b: a / b, ast.FloorDiv: lambda a, b: a // b, ast.Mod: lambda a, b: a % b,
             ast.Pow: lambda a, b: a ** b}


def evaluate(expression, names):
    """The value of an arithmetic expression of course.json (numbers, the names given, + - * / // % **,
    and the functions of FUNCTIONS); ValueError for anything else."""
    def value(node):
        if isinstance(node, ast.Expression):
            return value(node.body)
        if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)):
            return node.value
        if isinstance(node, ast.Name):
            if node.id not in names:
                raise ValueError(f"unknown name {node.id!r} in {expression!r}")
            return names[node.id]
        if isinstance(node, ast.BinOp) and type(node.op) in OPERATORS:
            return OPERATORS[type(node.op)](value(node.left), value(node.right))
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            return -value(node.operand)
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in FUNCTIONS
                and not node.keywords):
            return FUNCTIONS[node.func.id](*(value(a) for a in node.args))
        raise ValueError(f"not allowed in a bound: {ast.dump(node)[:60]} in {expression!r}")
    return value(ast.parse(str(expression), mode="eval"))


def sizes(args):
    """The numbers a program's arguments give, by option name (--tile-rows 2: tile_rows = 2)."""
    found = {}
    for option, word in itertools.pairwise(args):
        if option.startswith("--") and re.fullmatch(r"-?\d+", word):
            found.setdefault(option[2:].replace("-", "_"), int(word))
    return found


def shown(number):
    return f"{int(number)}" if float(number).is_integer() else f"{number:.4g}"


class Template(dict):
    """Fills a text's {name} from the run's values; an unknown name stays as written."""

    def __missing__(self, key):
        return "{" + key + "}"


def fill(text, values):
    return text.format_map(Template({k: shown(v) if isinstance(v, (int, float)) else v for k, v in values.items()}))


# ---- the entry, the student's file, the message ---------------------------------------------------------

def entry_of(folder, check):
    found = manifest.entry(folder) or {}
    for each in manifest.techniques(folder):
        if each["check"] == check:
            return found, each
    sys.exit(f"technique.py: course.json has no technique check {check!r} for {folder}")


def hint_text(exercise, hint_id):
    for hint in exercise.get("hints", []):
        if hint["id"] == hint_id:
            return hint["text"]
    sys.exit(f"technique.py: course.json's {exercise['folder']} has no hint {hint_id!r}")


def fixed_part(text):
    """The longest stretch of a hint without a {name}: what any filled-in copy of it says."""
    return max(re.split(r"\{[a-z_]+\}", text), key=len).strip()


def kernel_line(path, kernel, function=None):
    """The line where `kernel` is defined in path (1-based), or None; with function, the line where that
    function (one the kernel calls, which the student writes) is defined."""
    try:
        with open(path, errors="replace") as f:
            text = f.read()
    except OSError:
        return None
    if function:
        found = re.search(rf"^[A-Za-z_][^\n;=]*\b{re.escape(function)}\s*\([^;]*?\{{", text, re.M)
    else:
        found = re.search(rf"__kernel\b[^;{{]*?\b{re.escape(kernel)}\s*\(", text)
    return text.count("\n", 0, found.start()) + 1 if found else None


def find_file(name, search):
    return next((os.path.join(d, name) for d in search if os.path.isfile(os.path.join(d, name))), None)


def case_text(folder, case, name):
    """The text of a case's file NAME (as the student's file is called): CASE/NAME whole, or CASE/NAME.diff
    applied to the file its `+++ b/PATH` line names: a path from the course's top (Kernels/FILE or
    Solutions/<Folder>/FILE: the solution's file; Exercises/<Folder>/FILE: the starter), or NAME alone
    for the starter, as an alternative's diff. Applied with `git apply` (no fuzz): a diff whose lines the
    file no longer has stops with a message naming the case and those lines."""
    whole = os.path.join(case, name)
    if os.path.isfile(whole):
        with open(whole, encoding="utf-8") as f:
            return f.read()
    diff_path = whole + alternative.DIFF
    shown = os.path.relpath(diff_path, ROOT)
    with open(diff_path, encoding="utf-8") as f:
        diff_text = f.read()
    targets = re.findall(r"^\+\+\+ b/(\S+)", diff_text, re.MULTILINE)
    if len(targets) != 1:
        raise alternative.NotApplied(f"{shown} must change one file (its '+++ b/PATH' lines name {targets})")
    if "/" not in targets[0]:
        return alternative.apply(folder, name, where=case)
    path = targets[0]
    if os.path.basename(path) != os.path.basename(name):
        raise alternative.NotApplied(f"{shown} changes {path}, not a file called {os.path.basename(name)}")
    try:
        with open(os.path.join(ROOT, path), encoding="utf-8") as f:
            source = f.read()
    except OSError:
        raise alternative.NotApplied(f"{shown} changes {path}, which does not exist") from None
    applied, output = alternative.git_apply(source, path, diff_path)
    if applied is None:
        try:
            alternative.missing_lines(diff_text, source, path)
        except alternative.NotApplied as e:
            raise alternative.NotApplied(f"the case {shown} no longer applies to {path}: {e}\nwrite the case "
                                         f"again against {path} as it is now") from None
        raise alternative.NotApplied(f"the case {shown} does not apply to {path}:\n{output}")
    if applied == source:
        raise alternative.NotApplied(f"the case {shown} changes nothing in {path}")
    return applied


def place_case(folder, case, use_alternative):
    """Writes the case's files where the student's would be (<scratch>/Exercises/<folder>/), and returns
    (scratch, that folder)."""
    scratch = tempfile.mkdtemp(prefix="technique.")
    target = os.path.join(scratch, "Exercises", folder)
    os.makedirs(target)
    if use_alternative:
        names = [(name, alternative.apply(folder, name)) for name in alternative.files(folder)]
    else:
        names = []
        for name in sorted(os.listdir(case)):
            if name.removesuffix(alternative.DIFF).endswith((".cpp", ".hpp")):
                continue  # host code: built into a copy of the test program (technique.cmake)
            name = name.removesuffix(alternative.DIFF)
            names.append((name, case_text(folder, case, name)))
    for name, text in names:
        path = os.path.join(target, alternative.written_as(name))  # a part's kernel too, where it is found
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    return scratch, target


def counts_check(folder, check, program, search, root, probe=None):
    """Runs the check; returns (status, findings, printed text): status passed, failed or skipped."""
    exercise, entry = entry_of(folder, check)
    kernel, file = entry["kernel"], entry["file"]
    args = list(entry["args"])
    command = " ".join([os.path.basename(program), *args])
    needs_probe = any(bound["count"] in PROBE for bound in entry["counts"])
    if shutil.which("oclgrind") is None:
        source = ("each work-item's accesses, which an oclgrind plugin records (checker/probe)" if needs_probe else
                  "oclgrind's instruction counts (oclgrind --inst-counts)")
        text = (f"{folder}: not checked here: whether {kernel} uses {entry['idea']} is read from {source}, and "
                f"oclgrind is not installed (Debian 12 packages it as oclgrind; Debian 13 does not). The other "
                f"tests still check the values")
        return "skipped", [results.finding("other", "not-collected", text)], text
    if needs_probe and probe is None:
        text = (f"{folder}: not checked here: whether {kernel} uses {entry['idea']} is read from the local "
                f"accesses of each work-item, which checker/probe/oclgrind_probe.cpp (an oclgrind plugin) "
                f"records, and it was not built: it is built next to oclgrind 21.10 only, the version whose "
                f"plugin interface it restates. The other tests still check the values")
        return "skipped", [results.finding("other", "not-collected", text)], text
    env = dict(os.environ, HOC_KERNEL_PATH=":".join(search))
    probe_file = None
    plugins = []
    if needs_probe:
        handle, probe_file = tempfile.mkstemp(prefix="probe.", suffix=".txt")
        os.close(handle)
        env.update(HOC_PROBE_OUT=probe_file, HOC_PROBE_KERNEL=kernel)
        plugins = ["--plugins", probe]
    try:
        done = subprocess.run(["oclgrind", "--inst-counts", *plugins, program, *args, "--platform", "Oclgrind"],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env,
                              stdin=subprocess.DEVNULL, timeout=240)
        output, status = done.stdout, done.returncode
    except subprocess.TimeoutExpired as e:
        output = e.stdout.decode(errors="replace") if isinstance(e.stdout, bytes) else (e.stdout or "")
        status = None
    probed = []
    if probe_file:
        with open(probe_file, encoding="utf-8", errors="replace") as f:
            probed = [accesses for name, accesses in parse_probe(f.read()) if name == kernel]
        os.remove(probe_file)
    launches = [h for name, h in parse_counts(output) if name == kernel]
    if needs_probe and status == 0 and len(probed) != len(launches):
        status = "probe"
    if status != 0 or not launches:
        why = ("did not finish within 240 s" if status is None else
               f"left {len(probed)} launches in the probe's file for {len(launches)} launches counted"
               if status == "probe" else
               f"ended with exit status {status}" if status != 0 else f"never launched {kernel}")
        text = (f"{folder}: the technique check of {kernel} could not collect its evidence: the program "
                f"({command}) {why} on oclgrind; the other tests of this exercise say what went wrong")
        return "failed", [results.finding("other", "no-evidence", text)], output + "\n" + text
    counted = quantities(add(launches))
    if needs_probe:
        counted.update(probe_quantities(probed))
    names = dict(sizes(args))
    names["launches"] = len(launches)
    for name, expression in entry.get("let", {}).items():
        names[name] = evaluate(expression, names)
    path = find_file(file, search)
    where = student_path(path, root) if path else f"Exercises/{folder}/{file}"
    line = kernel_line(path, kernel, entry.get("function")) if path else None
    report = [f"{kernel}: {len(launches)} launch(es) of {command} on oclgrind"]
    failed = []
    for bound in entry["counts"]:
        value = counted[bound["count"]]
        most, least = bound.get("at_most"), bound.get("at_least")
        limit = evaluate(most if most is not None else least, {**names, **counted})
        ok = value <= limit if most is not None else value >= limit
        relation = "at most" if most is not None else "at least"
        report.append(f"  {bound['count']} = {shown(value)} ({relation} {shown(limit)}): {'ok' if ok else 'NOT'}")
        if not ok:
            failed.append((bound, value, limit, relation))
    if not failed:
        return "passed", [], "\n".join(report)
    bound, value, limit, relation = failed[0]
    values = {**names, **counted, "kernel": kernel, "value": value, "limit": limit}
    evidence = ("oclgrind with the probe of each work-item's accesses" if bound["count"] in PROBE else
                "oclgrind --inst-counts")
    says = bound.get("says_none") if value == 0 and bound.get("says_none") else bound["says"]
    hint = fill(hint_text(exercise, entry["hint"]), values)
    lines = [f"{where}:{line}: {fill(says, values)} (kernel {kernel})" if line else
             f"{where}: {fill(says, values)} (kernel {kernel})",
             f"  evidence: {evidence}, {command}: {shown(value)} {label(bound['count'])}; with the "
             f"technique {relation} {shown(limit)} ({fill(bound['why'], values)})"]
    lines += [f"  also: {shown(v)} {label(b['count'])}; with the technique {r} {shown(lim)}"
              for b, v, lim, r in failed[1:]]
    lines.append(f"  hint: {hint}")
    text = "\n".join(lines)
    found = results.finding("technique", "technique", text, file=where, line=line, kernel=kernel, hint=hint)
    return "failed", [found], "\n".join(report)


def expected_text(folder, entry, exercise, top):
    return f"{top}/{folder}/{entry['file']}", fixed_part(hint_text(exercise, entry["hint"]))


def judge(expect, status, findings, folder, entry, exercise, top="Exercises"):
    """Whether a planted case came out as expected: (exit status, line to print). top: where the first
    message names the file from (a solution's test program names it Solutions/<Folder>/FILE: the name
    its HOC_UNDER_TEST gives; the student's, Exercises/<Folder>/FILE)."""
    message = findings[0]["text"] if findings else ""
    if expect == "pass":
        if status == "passed":
            return 0, "ok: the technique check passes, as expected"
        return 1, f"FAILED: the technique check should pass but {status}: {message}"
    where, words = expected_text(folder, entry, exercise, top)
    problems = []
    if status != "failed":
        problems.append(f"the check {status}, where it should fail")
    if top == "Exercises" and not message.startswith(where):
        problems.append(f"the first message should start with {where!r}")
    # A course test names the code under test first (HOC_UNDER_TEST: Solutions/<Folder>) and the file in
    # its message, at its start or in its "where:" line.
    if top != "Exercises" and not (message.startswith(f"{top}/{folder}") and entry["file"] in message):
        problems.append(f"the first message should start with {top}/{folder} and name {entry['file']}")
    if words not in message:
        problems.append(f"the first message does not say the hint's {words!r}")
    if problems:
        return 1, "FAILED: " + "; ".join(problems)
    return 0, "ok: the technique check fails with its hint, as expected"


def counts_mode(options):
    folder, check = options.exercise, options.check
    exercise, entry = entry_of(folder, check)
    # HOC_KERNEL_PATH's folders first, as the programs search them: script/check puts the student's
    # checkout there when it runs a build made from another checkout's tests.
    search = [d for d in os.environ.get("HOC_KERNEL_PATH", "").split(":") + options.kernels.split(":") if d]
    root = os.getcwd()
    scratch = None
    # Without oclgrind the check is skipped before the case is placed (a case's diff needs git, which a
    # machine without oclgrind may lack too).
    if (options.case or options.alternative) and shutil.which("oclgrind"):
        scratch, placed = place_case(folder, options.case, options.alternative)
        search = [placed, *search]
        root = scratch
    try:
        status, findings, report = counts_check(folder, check, options.program, search, root,
                                                probe_path(options.probe))
    finally:
        if scratch:
            shutil.rmtree(scratch, ignore_errors=True)
    if options.name:
        results.write(folder, options.name, status, findings)
    print(report.rstrip())
    print("=" * 78)
    if findings:
        print(FIRST)
        print(findings[0]["text"].rstrip())
        print()
    if options.expect:
        if status == "skipped":
            return SKIPPED
        code, line = judge(options.expect, status, findings, folder, entry, exercise)
        print(line)
        return code
    if status == "skipped":
        return SKIPPED
    return 0 if status == "passed" else 1


def gtest_mode(options, command):
    folder, check = options.exercise, options.check
    exercise, entry = entry_of(folder, check)
    scratch, placed = place_case(folder, options.case, options.alternative)
    try:
        env = dict(os.environ)
        env["HOC_KERNEL_PATH"] = ":".join(p for p in (placed, env.get("HOC_KERNEL_PATH")) if p)
        report = os.path.join(scratch, "report.json")
        try:
            done = subprocess.run([*command, f"--gtest_filter={entry['test']}", f"--gtest_output=json:{report}"],
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env, timeout=240)
        except subprocess.TimeoutExpired as e:
            output = e.stdout.decode(errors="replace") if isinstance(e.stdout, bytes) else (e.stdout or "")
            print(output)
            print("=" * 78)
            print(f"FAILED: {entry['test']} did not finish within 240 s: no evidence either way")
            return 1
        print(done.stdout)
        try:
            with open(report, encoding="utf-8") as f:
                tests = results.gtest_findings(json.load(f))
        except (OSError, ValueError):
            tests = {}
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    found, _ = results.first([(i, name, findings) for i, (name, (_, findings)) in enumerate(tests.items())])
    status = "passed" if done.returncode == 0 and tests else "failed"
    if status == "passed" and all(state == "skipped" for state, _ in tests.values()):
        # The test saw that this implementation does not give its evidence (it says why, above): neither
        # a pass nor a fail.
        print("=" * 78)
        print(f"skipped: {entry['test']} could not collect its evidence on this device")
        return SKIPPED
    print("=" * 78)
    if found:
        print(FIRST)
        print(found["text"].rstrip())
        print()
    code, line = judge(options.expect, status, [found] if found else [], folder, entry, exercise, "Solutions")
    print(line)
    return code


def write_mode(words):
    """The build's step for a case's host file given as a diff (technique.cmake): writes it to --out."""
    parser = argparse.ArgumentParser(prog="technique.py write")
    parser.add_argument("--exercise", required=True, help="the exercise's folder")
    parser.add_argument("--case", required=True, help="the case's folder")
    parser.add_argument("--file", required=True, help="the host file, as the student's is called")
    parser.add_argument("--out", required=True, help="where to write it")
    options = parser.parse_args(words)
    try:
        text = case_text(options.exercise, options.case, options.file)
    except alternative.NotApplied as e:
        print(f"technique.py: {e}", file=sys.stderr)
        return 1
    alternative.write_if_changed(options.out, text)
    return 0


def main(argv):
    argv = list(argv)
    cut = argv.index("--") if "--" in argv else len(argv)
    words, command = argv[:cut], argv[cut + 1:]
    if words[:1] == ["write"]:
        return write_mode(words[1:])
    gtest = bool(words) and words[0] == "gtest"
    parser = argparse.ArgumentParser(prog="technique.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--exercise", required=True, help="the exercise's folder")
    parser.add_argument("--check", required=True, help="the technique entry's name (its \"check\")")
    parser.add_argument("--name", help="the test's result key (script/check's results)")
    parser.add_argument("--case", help="a folder of kernel files put in the student's place")
    parser.add_argument("--alternative", action="store_true", help="the exercise's alternative in the student's place")
    parser.add_argument("--expect", choices=("fail", "pass"), help="what the check must do (the checker's own tests)")
    if not gtest:
        parser.add_argument("--program", required=True, help="the program that runs the kernel")
        parser.add_argument("--kernels", default="", help="the kernel folders, first found first")
        parser.add_argument("--probe", help="the oclgrind plugin of local accesses (checker/probe), where built")
    options = parser.parse_args(words[1:] if gtest else words)
    if gtest and (not command or not options.expect):
        parser.error("gtest needs --expect and the test program after --")
    try:
        return gtest_mode(options, command) if gtest else counts_mode(options)
    except alternative.NotApplied as e:
        print(f"FAILED: {e}")  # a case whose diff no longer applies: never the check run on another file
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
