"""Host code named from evidence: oclgrind's findings in a kernel read together with the record of the
program's OpenCL calls (calls.py; tests/trace writes it), so that a mistake made in the host program is
named in the host file, at its line, instead of at the kernel line where it shows.

  host_explanations(findings, trace, search, root, values)
      Explanations (explain.Explanation) of what the record shows, most specific first, and the kernel
      findings they explain (which then need no message of their own):
  host-arguments     oclgrind's "Invalid read from write-only buffer" and "Invalid write to read-only
                     buffer" where the launch passes the buffers in another order than the kernel's
                     parameters (clGetKernelArgInfo: which parameter the kernel reads, which it writes):
                     the launch's line, and which two are swapped; and an access past a buffer's end
                     where two integer parameters named like the run's sizes (M and N, --m and --n)
                     get each other's values.
  buffer-flags       the same findings otherwise: the buffer's line and its flags against what the kernel
                     does with the parameter it is passed as.
  host-buffer-size   an access past the end of a global buffer whose size (CL_MEM_SIZE) is the number of
                     elements the launch works on, not that many bytes: the buffer's line.
  host-count         the same access where the buffer holds the run's elements and an integer argument of
                     the launch is their size in bytes (the count the kernel's bounds check uses): the
                     launch's line.

  refused_launch, unwaited_read (the record alone, where no kernel finding explains a failure, or none
  was made): a launch the runtime refused because its range is no whole number of work-groups
  (host-launch), a non-blocking read that no wait covers (host-read).
  launch_without_event: a launch made without an event whose (empty) event was then waited for (host-event).
"""
import os
import re

from .calls import buffer_name, flag_names, source_line
from .explain import Explanation, Source, access_at, kernel_file, student_path

TYPE_BYTES = {"float": 4, "int": 4, "uint": 4, "double": 8, "long": 8, "ulong": 8, "short": 2, "ushort": 2,
              "char": 1, "uchar": 1, "half": 2}


def _place_text(place, root, program):
    """The text of the line a site names (its file as addr2line found it on disk)."""
    return source_line(place[2], place[1]) if place and place[2] else ""


def _element_bytes(param):
    """The bytes of one element of a pointer parameter ("float*": 4, "float4*": 16), or None."""
    m = re.fullmatch(r"(\w+?)(\d*)\*", (param or {}).get("type", "").replace(" ", ""))
    if not m or m.group(1) not in TYPE_BYTES:
        return None
    return TYPE_BYTES[m.group(1)] * (int(m.group(2)) if m.group(2) else 1)


def _accessed(f, kernel, search, built=None):
    """(parameter name, whether a store) of an oclgrind finding's first access, from the kernel's line."""
    e = f["entities"][0] if f["entities"] else None
    if not e:
        return None, None
    path = kernel_file(kernel, search, built)
    code = Source(path).code(e["line"]) if path else e["code"]
    store = f["head"].lower().startswith("invalid write") or e.get("op") == "store"
    name, _ = access_at(code, e["column"], store)
    return name, store


def _counts(trace, launch, values):
    """{count: how it is named} of the element counts this launch works with: its integer arguments,
    the run's sizes, its range and work-groups, and the products of two different ones of them."""
    params = trace.params(launch.get("name"))
    names = []  # (value, name or None, text)
    for i, v in trace.int_args(launch).items():
        name = params[i]["name"] if i < len(params) else None
        names.append((v, name, f"{name} = {v}" if name else f"argument {i + 1} = {v}"))
    for option, v in (values or {}).items():
        names.append((v, None, f"--{option} {v}"))
    global_ = launch.get("global") or []
    local = launch.get("local") or []
    for d, g in enumerate(global_):
        names.append((g, None, f"the range's size {g}" + (f" in dimension {d}" if len(global_) > 1 else "")))
        if d < len(local) and local[d] and g % local[d] == 0:
            names.append((g // local[d], None, f"the launch's {g // local[d]} work-groups"
                          + (f" in dimension {d}" if len(global_) > 1 else "")))
    names = [n for n in names if n[0] > 0]
    counts = {}
    for v, _, text in names:
        counts.setdefault(v, text)
    for i, (a, na, _) in enumerate(names):
        for b, nb, _ in names[i + 1:]:
            if na and nb and na != nb:
                counts.setdefault(a * b, f"{na} * {nb} = {a * b}")
    for a, na, _ in names:
        if na:
            counts.setdefault(a * a, f"{na} * {na} = {a * a}")
    return counts


def host_explanations(findings, trace, search, root, values=None):
    """(explanations, explained): host-code explanations the record supports, and the ids of the kernel
    findings (id(finding)) they account for."""
    if not trace:
        return [], set()
    out, explained = [], set()
    groups = {}
    for f in findings:
        groups.setdefault(f["kernel"], []).append(f)
    for kernel, group in groups.items():
        params = trace.params(kernel)
        launches = [x for x in trace.launches if x.get("name") == kernel]
        if not params or not launches:
            continue
        flags = [f for f in group if f["kind"] == "buffer-flags"]
        if flags:
            found = _flags_explanation(kernel, flags, params, launches, trace, search, root)
            if found:
                out.append(found)
                explained.update(id(f) for f in flags)
        bounds = [f for f in group if f["kind"] == "bounds-global" and f.get("access")]
        if bounds:
            found = (_sizes_swapped(kernel, bounds, params, launches, trace, root, values)
                     or _size_explanation(kernel, bounds, params, launches, trace, search, root, values))
            if found:
                out.append(found)
                explained.update(id(f) for f in bounds)
            else:
                _buffer_ends(kernel, bounds, params, launches, trace, search)
    return out, explained


def _buffer_ends(kernel, bounds, params, launches, trace, search):
    """Each access past a buffer's end that host code does not explain gets the buffer's length in
    elements (its CL_MEM_SIZE over the parameter's element size) as "buffer_elements": the kernel's own
    explanation then knows where the buffer ends, not only the lowest element reported past it. Only
    where every launch of the kernel passes that parameter a buffer of one size (the log does not say
    which launch the access was in)."""
    for f in bounds:
        name, _store = _accessed(f, kernel, search, trace.sources)
        index = next((i for i, p in enumerate(params) if p["name"] == name), None)
        element = _element_bytes(params[index]) if index is not None else None
        sizes = {(trace.buffer_of(launch, index) or {}).get("size") for launch in launches} if element else set()
        if len(sizes) == 1 and None not in sizes and 0 not in sizes:
            f["buffer_elements"] = sizes.pop() // element


def _finding(text, place, code, hint):
    """(message, file, line, hint) of a finding at place (file, line): its text, the line of code there
    when it is known, and the hint."""
    lines = [text]
    if code:
        lines.append(f"    {place[1]} | {code}")
    lines.append(f"  hint: {hint}")
    return "\n".join(lines), place[0], place[1], hint


def _where(trace, at, root):
    place = trace.site(at)
    if not place:
        return None, "", ""
    return place, _place_text(place, root, trace.program), f"{os.path.basename(place[0])}:{place[1]}"


def _flags_explanation(kernel, flags, params, launches, trace, search, root):
    """Reads from a write-only buffer and writes to a read-only one: the arguments swapped (the launch's
    line) where exchanging two makes every access allowed, else the buffer whose flags forbid it."""
    reads, writes = set(), set()
    for f in flags:
        name, _store = _accessed(f, kernel, search, trace.sources)
        index = next((i for i, p in enumerate(params) if p["name"] == name), None)
        if index is None:
            continue
        (writes if "read-only" in f["head"] else reads).add(index)
    if not reads and not writes:
        return None
    heads = sorted({f["head"] for f in flags})
    count = len(flags)
    names = ", ".join(p["name"] for p in params)

    def describe(buffer):
        place, code, short = _where(trace, buffer.get("at"), root)
        var = buffer_name(code) if code else None
        return place, code, short, var

    for launch in launches:
        bufs = {i: trace.buffer_of(launch, i) for i in range(len(params))}
        bad_reads = [i for i in reads if bufs.get(i) and bufs[i]["flags"] & 2]
        bad_writes = [i for i in writes if bufs.get(i) and bufs[i]["flags"] & 4]
        if not bad_reads and not bad_writes:
            continue
        place, code, short = _where(trace, launch.get("at"), root)
        # Two arguments swapped: the parameter read got the write-only buffer and the one written the
        # read-only buffer; exchanged, each goes where the kernel uses it as its flags allow.
        for r in bad_reads:
            for w in bad_writes:
                if place:
                    a, b = describe(bufs[r]), describe(bufs[w])
                    said = [f"{params[r]['name']} (parameter {r + 1}), which the kernel reads, gets the buffer "
                            f"made {flag_names(bufs[r]['flags'])}{' at ' + a[2] if a[2] else ''}"
                            f"{' (' + a[3] + ')' if a[3] else ''}",
                            f"{params[w]['name']} (parameter {w + 1}), which it writes, gets the buffer made "
                            f"{flag_names(bufs[w]['flags'])}{' at ' + b[2] if b[2] else ''}"
                            f"{' (' + b[3] + ')' if b[3] else ''}"]
                    hint = (f"the kernel's parameters are ({names}); in this launch {said[0]}, and {said[1]}: "
                            f"the two are swapped. Pass the arguments in the order of the kernel's parameters "
                            f"(the C++ functor takes them in that order, with nothing to check the names)")
                    return Explanation("host-arguments", place[0], place[1], code, kernel, "; ".join(heads), count,
                                       hint)
        # One buffer whose flags forbid what the kernel does with it: named where it was made.
        index = (bad_writes or bad_reads)[0]
        buf = bufs[index]
        bplace, bcode, _bshort, var = describe(buf)
        if not bplace:
            return None
        does = "writes" if index in bad_writes else "reads"
        allowed = "read-only (CL_MEM_READ_ONLY)" if does == "writes" else "write-only (CL_MEM_WRITE_ONLY)"
        hint = (f"the kernel {does} {params[index]['name']} (parameter {index + 1} of ({names})), and the launch"
                f"{' at ' + short if short else ''} passes this buffer{' (' + var + ')' if var else ''} for it, made "
                f"{allowed}: either the buffer's flags are wrong (CL_MEM_READ_WRITE, or "
                f"{'CL_MEM_WRITE_ONLY' if does == 'writes' else 'CL_MEM_READ_ONLY'}), or the launch passes it "
                f"in the wrong place")
        return Explanation("buffer-flags", bplace[0], bplace[1], bcode, kernel, "; ".join(heads), count, hint)
    return None


def _size_explanation(kernel, bounds, params, launches, trace, search, root, values):
    """An access past the end of a buffer whose size in bytes is the number of elements the launch works
    on (a size in elements where bytes were meant): the buffer's line."""
    by_name = {}
    for f in bounds:
        name, store = _accessed(f, kernel, search, trace.sources)
        index = next((i for i, p in enumerate(params) if p["name"] == name), None)
        if index is not None:
            by_name.setdefault(index, []).append((f, store))
    for index, hits in by_name.items():
        offsets = [f["access"]["offset"] for f, _ in hits]
        size = hits[0][0]["access"]["size"]
        element = _element_bytes(params[index]) or size
        for launch in launches:
            buf = trace.buffer_of(launch, index)
            if not buf or min(offsets) + size <= buf["size"]:
                continue  # not this launch's buffer: the access fits in it
            counts = _counts(trace, launch, values)
            # The elements reported, counted from the buffer's start: within its size read as a count.
            lowest, highest = min(offsets) // element, max(offsets) // element
            named = counts.get(buf["size"])
            if element <= 1 or not named or highest >= buf["size"]:
                continue
            bytes_arg = _count_in_bytes(trace, launch, buf["size"], element, values)
            if bytes_arg:
                return _count_explanation(kernel, bounds, hits, params, params[index], launch, bytes_arg, buf,
                                          element, trace, search, root)
            place, code, _short = _where(trace, buf.get("at"), root)
            if not place:
                return None
            _, _, lshort = _where(trace, launch.get("at"), root)
            var = buffer_name(code) if code else None
            f, store = hits[0]
            e = f["entities"][0] if f["entities"] else {"line": 0}
            kpath = kernel_file(kernel, search, trace.sources)
            kplace = f"{student_path(kpath, root)}:{e['line']}" if kpath else f"line {e['line']} of the kernel"
            type_name = params[index]["type"].rstrip("*").strip()
            hint = (f"this buffer{' (' + var + ')' if var else ''} holds {buf['size']} bytes (CL_MEM_SIZE), room for "
                    f"{buf['size'] // element} {type_name}s; the launch{' at ' + lshort if lshort else ''} passes it "
                    f"as {params[index]['name']} (parameter {index + 1}), and the kernel "
                    f"{'wrote' if store else 'read'} it at element {lowest} and on ({kplace}), past that end. "
                    f"{buf['size']} is {named}: the size was given in elements, but a buffer's size is in bytes: "
                    f"sizeof({type_name}) * {buf['size']} = {buf['size'] * element}")
            head = f["head"]
            return Explanation("host-buffer-size", place[0], place[1], code, kernel, head, len(bounds), hint)
    return None


def _sizes_swapped(kernel, bounds, params, launches, trace, root, values):
    """An access past the end of a buffer where the launch passes two of the kernel's integer size
    parameters each other's values: the run's sizes (its options, --m 17 --n 33) name what each parameter
    of that name must be (clGetKernelArgInfo gives the names). The launch's line."""
    for launch in launches:
        ints = trace.int_args(launch)
        wrong = {}  # parameter index: (its name, the value passed, the run's value of that name)
        for i, v in ints.items():
            name = params[i]["name"] if i < len(params) else ""
            run = (values or {}).get(name.lower())
            if run is not None and v != run:
                wrong[i] = (name, v, run)
        pairs = [(i, j) for i in wrong for j in wrong if i < j and wrong[i][1] == wrong[j][2] and
                 wrong[j][1] == wrong[i][2]]
        if not pairs:
            continue
        place, code, _ = _where(trace, launch.get("at"), root)
        if not place:
            return None
        i, j = pairs[0]
        (a, av, ar), (b, bv, br) = wrong[i], wrong[j]
        names = ", ".join(p["name"] for p in params)
        options = " ".join(f"--{n.lower()} {(values or {})[n.lower()]}" for n in (a, b))
        hint = (f"the launch passes {a} = {av} and {b} = {bv}, but this run's sizes are {a} = {ar} and {b} = {br} "
                f"({options}): the two are swapped, so the kernel walks its buffers with the other size and reaches "
                f"past their end. The kernel's parameters are ({names}): pass each size in its place")
        f = bounds[0]
        return Explanation("host-arguments", place[0], place[1], code, kernel, f["head"], len(bounds), hint)
    return None


def _count_in_bytes(trace, launch, size, element, values):
    """(index, value) of the launch's integer argument that equals the buffer's size in bytes where the buffer
    holds just the elements the run works on (the run's --size, or the range's size): the buffer is right,
    the count the kernel bounds its work-items by is in bytes. Or None."""
    if element <= 1 or size % element:
        return None
    elements = size // element
    sizes = set((values or {}).values()) | set(launch.get("global") or [])
    if elements not in sizes:
        return None
    return next(((i, v) for i, v in trace.int_args(launch).items() if v == size), None)


def _count_explanation(kernel, bounds, hits, params, param, launch, bytes_arg, buf, element, trace, search, root):
    """The launch's line, where an integer argument is a count of bytes and the kernel's bounds check lets
    work-items past the end of every buffer."""
    place, code, _ = _where(trace, launch.get("at"), root)
    if not place:
        return None
    index, value = bytes_arg
    name = params[index]["name"] if index < len(params) else f"argument {index + 1}"
    f, store = hits[0]
    e = f["entities"][0] if f["entities"] else {"line": 0}
    kpath = kernel_file(kernel, search, trace.sources)
    kplace = f"{student_path(kpath, root)}:{e['line']}" if kpath else f"line {e['line']} of the kernel"
    elements = buf["size"] // element
    type_name = param["type"].rstrip("*").strip()
    hint = (f"the launch passes {name} (parameter {index + 1}) = {value}, and the buffers hold {elements} "
            f"{type_name}s ({buf['size']} bytes, CL_MEM_SIZE): {value} is their size in bytes, "
            f"sizeof({type_name}) * {elements}, where the kernel counts elements, so its bounds check lets "
            f"work-items up to {value - 1} through and they {'write' if store else 'read'} past the end "
            f"({kplace}). Pass the number of elements, {elements}")
    return Explanation("host-count", place[0], place[1], code, kernel, f["head"], len(bounds), hint)


WAIT_CALLS = {"clWaitForEvents": "a wait for events (clWaitForEvents: cl::Event::wait, cl::Event::waitForEvents)",
              "clFinish": "a wait for the queue (clFinish: queue.finish())",
              "blocking read": "a blocking read (CL_TRUE)", "blocking write": "a blocking write (CL_TRUE)",
              "blocking map": "a blocking map (CL_TRUE)"}
WHAT_OP = {"launch": "kernel launch", "read": "read", "write": "write", "copy": "copy", "fill": "fill",
           "map": "map", "unmap": "unmap", "marker": "marker", "barrier": "barrier"}


def hang_finding(trace, root):
    """(text, file, line, hint) of a wait the record says could never return (its "hang": the program
    was stopped), or None."""
    if not trace or not trace.hangs:
        return None
    hang = trace.hangs[-1]
    place, code, _ = _where(trace, hang.get("at"), root)
    call = WAIT_CALLS.get(hang.get("call"), hang.get("call", "a wait"))
    causes = []
    for pending in hang.get("pending", []):
        _, made_code, made_short = _where(trace, pending.get("at"), root)
        waiters = []
        for w in pending.get("waiters", []):
            _, _, wshort = _where(trace, w.get("at"), root)
            what = WHAT_OP.get(w.get("op"), w.get("op", "command"))
            if w.get("op") == "launch" and w.get("kernel"):
                what += f" of {w['kernel']}"
            # A command of the queue this wait is for runs before the wait's command in an in-order queue.
            same = hang.get("queue") not in (None, "(nil)", "0x0") and w.get("queue") == hang.get("queue")
            waiters.append(f"the {what}{' at ' + wshort if wshort else ''}"
                           + (", enqueued before it in the same queue," if same else ""))
        event = f"the user event made{' at ' + made_short if made_short else ''}"
        if made_code:
            event += f" ({made_code})"
        if pending.get("direct"):
            # The wait names the user event itself: it returns only once the host has set it complete.
            causes.append(f"for {event} itself")
        else:
            causes.append(f"behind {event}, which {' and '.join(waiters)} wait{'s' if len(waiters) == 1 else ''} for")
    where = f"{place[0]}:{place[1]}" if place else "the host program"
    seconds = hang.get("seconds", 0)
    lines = [f"{where}: a wait that never returned: {call}"]
    if code:
        lines.append(f"    {place[1]} | {code}")
    hint = (f"this wait waits {'; and '.join(causes)}; that user event was never set complete before the "
            f"wait, and nothing else can set it while the program's one thread waits here, so the wait cannot "
            f"return (the program was stopped after {seconds:.0f} s). Release the event "
            f"(setStatus(CL_COMPLETE)) before you wait for it or for anything that comes after it")
    lines.append(f"  hint: {hint}")
    return "\n".join(lines), place[0] if place else None, place[1] if place else None, hint


def refused_transfer(trace, root):
    """(text, file, line, hint) of a read or write the runtime refused because it reaches past the end of
    its buffer (CL_INVALID_VALUE: offset + size beyond CL_MEM_SIZE), named at the call with the buffer's
    size and line, or None."""
    for r in trace.records if trace else []:
        if r.get("op") != "refused" or r.get("status") != -30:
            continue
        buf = trace.buffers.get(r.get("mem"))
        size, offset = r.get("size", 0), r.get("offset", 0)
        if not buf or offset + size <= buf.get("size", 0):
            continue
        place, code, _ = _where(trace, r.get("at"), root)
        _, bcode, bshort = _where(trace, buf.get("at"), root)
        if not place:
            return None
        held = buf["size"]
        var = buffer_name(bcode) if bcode else None
        verb = r.get("call") if r.get("call") in ("write", "map") else "read"
        def count(n):
            return f"{n} byte{'' if n == 1 else 's'}"

        text = (f"{place[0]}:{place[1]}: a {verb} of {count(size)} "
                f"{ {'write': 'into', 'map': 'of'}.get(verb, 'from')} a buffer "
                f"that holds {count(held)}: the runtime refused it (CL_INVALID_VALUE)")
        ratio = size // held if held and size % held == 0 else 0
        why = (f"{size} is {ratio} times {held}: where the buffer holds elements of {ratio} bytes (a float is 4), "
               f"its size was given as a count of elements, but a buffer's size is in bytes "
               f"(sizeof(float) * {held} = {4 * held} for floats)" if ratio in (2, 4, 8) else
               f"the {verb} reaches byte {offset + size}, past the buffer's end")
        made = f" made at {bshort}" if bshort else ""
        hint = (f"the buffer{' (' + var + ')' if var else ''}{made} holds {count(held)} (CL_MEM_SIZE), and this "
                f"{verb} {'takes' if verb == 'map' else 'moves'} {count(size)} from offset {offset}: {why}")
        return _finding(text, place, code, hint)
    return None


def folders_run(trace, exercise, search, root):
    """{folder: what of it ran} for the exercises other than `exercise` whose code the recorded launches
    ran (the launch's line in their host code, or the kernel from their room), and whether any launch
    ran the exercise's own code: (others, own)."""
    others, own = {}, False
    # Any OpenCL call made from the exercise's own files (a buffer made, a command enqueued) is its own
    # code running: a program that fails before its first launch (a write larger than its buffer) failed
    # there, not in the kernels it would have run.
    for record in trace.records if trace else []:
        if record.get("op") in ("buffer", "read", "write", "copy", "fill", "map", "user-event", "queue"):
            place = trace.site(record.get("at"))
            if place and re.match(r"Exercises/" + re.escape(exercise) + r"/", place[0]):
                own = True
                break
    for launch in trace.launches if trace else []:
        place = trace.site(launch.get("at"))
        path = kernel_file(launch.get("name"), search, trace.sources)
        kernel = student_path(path, root) if path else ""
        for file, what in ((place[0] if place else "", "host code"), (kernel, f"kernel {launch.get('name')}")):
            m = re.match(r"Exercises/([^/]+)/", file)
            if not m:
                continue
            if m.group(1) == exercise:
                own = True
            else:
                entry = others.setdefault(m.group(1), [])
                if what not in entry:
                    entry.append(what)
    return others, own


ERRORS = {-54: "CL_INVALID_WORK_GROUP_SIZE", -63: "CL_INVALID_GLOBAL_WORK_SIZE", -52: "CL_INVALID_KERNEL_ARGS",
          -53: "CL_INVALID_WORK_DIMENSION", -55: "CL_INVALID_WORK_ITEM_SIZE"}


def refused_launch(trace, root):
    """(text, file, line, hint) of a kernel launch the runtime refused because its range is no whole
    number of work-groups (CL_INVALID_WORK_GROUP_SIZE with a global size that the local size does not
    divide), named at the launch's line with both sizes, or None."""
    for r in trace.records if trace else []:
        if r.get("op") != "refused" or r.get("call") != "launch":
            continue
        global_, local = r.get("global") or [], r.get("local") or []
        ragged = [d for d in range(min(len(global_), len(local))) if local[d] and global_[d] % local[d]]
        if r.get("status") != -54 or not ragged:
            continue
        place, code, _ = _where(trace, r.get("at"), root)
        if not place:
            return None
        d = ragged[0]
        dim = f" in dimension {d}" if len(global_) > 1 else ""
        name = ERRORS.get(r.get("status"), str(r.get("status")))
        text = (f"{place[0]}:{place[1]}: a launch of kernel {r.get('name')} that the runtime refused ({name} "
                f"({r.get('status')})): its range is no whole number of work-groups")
        hint = (f"the launch asks for a range of {global_[d]}{dim} in work-groups of {local[d]}: {global_[d]} is "
                f"not a multiple of {local[d]}, and a device of OpenCL 1.2 (or one without non-uniform "
                f"work-groups) refuses it. Round the global size up to whole work-groups "
                f"({(global_[d] + local[d] - 1) // local[d] * local[d]} here) and let the kernel's bounds check "
                f"keep the extra work-items from writing")
        if local[d] > global_[d] and local[d] % global_[d] == 0:
            # A work-group larger than the whole range, and a multiple of it: the two sizes were passed in
            # each other's places (the range first, then the work-group).
            hint = (f"the launch asks for a range of {global_[d]}{dim} in work-groups of {local[d]}: a work-group "
                    f"larger than the whole range, and {local[d]} is a multiple of {global_[d]}, so the two sizes "
                    f"are given in each other's places. The global size (the whole range, rounded up to whole "
                    f"work-groups) comes first, then the local size (one work-group, {global_[d]} here): check "
                    f"the order of the NDRanges in the launch (cl::EnqueueArgs(queue, global, local))")
        turned = list(reversed(local[:2])) + list(local[2:])
        if len(global_) >= 2 and len(local) >= 2 and local[0] != local[1] and all(
                t and g % t == 0 for g, t in zip(global_, turned, strict=False)):
            # The same two sides in the other order divide the range: the work-group's shape was given
            # turned round, not a range that needs rounding.
            shape, other = " x ".join(map(str, local)), " x ".join(map(str, turned))
            hint = (f"the launch's range is {' x '.join(map(str, global_))} and its work-groups {shape} "
                    f"(dimension 0 first): {global_[d]}{dim} is not a multiple of {local[d]}, but the same sides in "
                    f"the other order, {other}, divide the range. The work-group's sizes are given in the order of "
                    f"the range's dimensions, dimension 0 (along a row, x) first: check which size you pass first")
        return _finding(text, place, code, hint)
    return None


def unwaited_read(trace, root, exercise):
    """(text, file, line, hint) of a non-blocking read or map in the exercise's own code that no wait of the
    host covers before the program ends (a map: before its unmap): no clFinish of its queue, no wait for
    its event or for a later command of its in-order queue, no blocking command after it in that queue,
    no callback on or status read of such an event. The host used data the device may not have written
    yet. Or None."""
    if not trace:
        return None
    out_of_order = {r.get("id") for r in trace.records if r.get("op") == "queue" and (r.get("properties") or 0) & 1}
    records = trace.records
    for i, r in enumerate(records):
        if r.get("op") not in ("read", "map") or r.get("blocking") is not False:
            continue
        place = trace.site(r.get("at"))
        if not place or not re.match(r"(Exercises|Solutions)/" + re.escape(exercise) + r"/", place[0]):
            continue
        queue = r.get("queue")
        in_order = queue not in out_of_order
        # The events whose end means this read has ended, and the queues where a later wait covers it.
        done = {r["event"]} if r.get("event") not in (None, "null", "(nil)", "0x0") else set()
        queues = {queue}
        covered = False
        for later in records[i + 1:]:
            op = later.get("op")
            events = set(later.get("events") or [])
            if r.get("op") == "map" and op == "unmap" and later.get("mem") == r.get("mem"):
                break  # the host had the mapped memory, and gave it back, before anything said it was there
            if op == "wait":
                if events & done or (later.get("queue") in queues and (
                        later.get("call") == "clFinish" or in_order)):
                    covered = True
                    break
            elif op in ("seen-complete", "callback"):
                if events & done:
                    covered = True
                    break
            elif later.get("queue") and "event" in later and (
                    set(later.get("waits") or []) & done or (later.get("queue") == queue and in_order)):
                # A command after the read: in its in-order queue, or waiting for it, it ends after it.
                if later.get("event") not in (None, "null"):
                    done.add(later["event"])
                queues.add(later.get("queue"))
                if later.get("blocking") is True:
                    covered = True
                    break
        if covered:
            continue
        _, code, _ = _where(trace, r.get("at"), root)
        buf = trace.buffers.get(r.get("mem"))
        _, bcode, _ = _where(trace, buf.get("at"), root) if buf else (None, "", "")
        var = buffer_name(bcode) if bcode else None
        what = "map" if r.get("op") == "map" else "read"
        text = (f"{place[0]}:{place[1]}: a {what} the host never waited for: it was enqueued non-blocking "
                f"(CL_FALSE), and nothing {'before its unmap' if what == 'map' else 'after it'} waits for it")
        hint = (f"this {what} of {r.get('size', 0)} bytes of {('buffer ' + var) if var else 'the buffer'} returns at "
                f"once, before the device has done anything; the record of the program's OpenCL calls shows no "
                f"wait {'before the unmap' if what == 'map' else 'after it'} (no blocking call on its queue, no "
                f"clFinish, no wait for its event), so the program "
                f"may use the host memory before the data has arrived: the values were there in this run by chance, "
                f"and on another device or at another size they are not. Make the {what} blocking (CL_TRUE), or wait "
                f"for its event (or queue.finish()) before the data is used")
        return _finding(text, place, code, hint)
    return None


def queue_without_profiling(trace, root, exercise):
    """(text, file, line, hint) of a command-queue made in the exercise's own code without
    CL_QUEUE_PROFILING_ENABLE, where asking an event for a timestamp failed with
    CL_PROFILING_INFO_NOT_AVAILABLE: the queue's line. Or None."""
    for r in trace.records if trace else []:
        if r.get("op") != "queue" or (r.get("properties") or 0) & 2:
            continue
        place, code, _ = _where(trace, r.get("at"), root)
        if not place or not re.match(r"(Exercises|Solutions)/" + re.escape(exercise) + r"/", place[0]):
            continue
        profiled = [q for q in trace.records if q.get("op") == "queue" and (q.get("properties") or 0) & 2]
        text = (f"{place[0]}:{place[1]}: a command-queue made without profiling, whose commands' events were "
                f"asked for their timestamps (CL_PROFILING_INFO_NOT_AVAILABLE)")
        hint = (f"an event gives its QUEUED, SUBMIT, START and END times only when its queue was made with "
                f"CL_QUEUE_PROFILING_ENABLE; the record of the program's OpenCL calls shows this queue made without "
                f"it{', while ' + str(len(profiled)) + ' other queue(s) have it' if profiled else ''}. Pass "
                f"CL_QUEUE_PROFILING_ENABLE (cl::QueueProperties::Profiling) when you make it")
        return _finding(text, place, code, hint)
    return None


NO_EVENT = (None, "null", "(nil)", "0x0")


def launch_without_event(trace, root, exercise):
    """(text, file, line, hint) of a kernel launch in the exercise's own code made without an event (its
    event argument nullptr), where a later wait was given an empty event (CL_INVALID_EVENT): the launch's
    line, and where the empty event was waited for. Or None."""
    if not trace:
        return None
    empty = next((r for r in trace.records if r.get("op") == "wait" and r.get("events")
                  and any(e in NO_EVENT for e in r["events"])), None)
    if not empty:
        return None
    before = trace.records[:trace.records.index(empty)]
    for r in reversed(before):
        if r.get("op") != "launch" or r.get("event") not in NO_EVENT:
            continue
        place, code, _ = _where(trace, r.get("at"), root)
        if not place or not re.match(r"(Exercises|Solutions)/" + re.escape(exercise) + r"/", place[0]):
            continue
        _, wcode, wshort = _where(trace, empty.get("at"), root)
        text = (f"{place[0]}:{place[1]}: a launch of kernel {r.get('name')} made without an event, whose event "
                f"was then waited for (CL_INVALID_EVENT)")
        waited = f" at {wshort}" + (f" ({wcode})" if wcode else "") if wshort else ""
        hint = (f"the record of the program's OpenCL calls shows this launch given no event to fill in (its last "
                f"argument nullptr), and a wait{waited} given an empty event: the cl::Event the program waits for, "
                f"and reads the kernel's times from, was never set by any command. Pass the event's address "
                f"(&event) as the launch's last argument, or keep the event the functor returns")
        return _finding(text, place, code, hint)
    return None


def unmapped_host_ptr(trace, root, exercise):
    """(text, file, line, hint) of a CL_MEM_USE_HOST_PTR buffer made in the exercise's own code that a
    kernel was given (and may write: no CL_MEM_READ_ONLY) and that no map or read of the buffer followed:
    the program then looked at the host array the buffer was made on, whose contents OpenCL guarantees
    only once a map of the buffer (or a read from it) has completed. The buffer's line. Or None."""
    if not trace:
        return None
    records = trace.records
    for i, b in enumerate(records):
        if b.get("op") != "buffer" or not (b.get("flags") or 0) & 8 or (b.get("flags") or 0) & 4:
            continue
        place, code, _ = _where(trace, b.get("at"), root)
        if not place or not re.match(r"(Exercises|Solutions)/" + re.escape(exercise) + r"/", place[0]):
            continue
        mem, last, seen = b.get("id"), None, False
        for r in records[i + 1:]:
            if r.get("op") == "buffer" and r.get("id") == mem:
                break  # the same handle made again: another buffer from here on
            if r.get("op") == "launch" and any(a.get("mem") == mem for a in r.get("args") or []):
                last, seen = r, False
            elif r.get("op") in ("map", "read") and r.get("mem") == mem and last is not None:
                seen = True
        if last is None or seen:
            continue
        _, _, lshort = _where(trace, last.get("at"), root)
        var = buffer_name(code) if code else None
        name = var or "the buffer"
        text = (f"{place[0]}:{place[1]}: a CL_MEM_USE_HOST_PTR buffer ({name}) that kernel {last.get('name')} was "
                f"given, with no map or read of it after the kernel")
        hint = (f"the record of the program's OpenCL calls shows {name} made on a host array with CL_MEM_USE_HOST_PTR "
                f"and passed to the launch of {last.get('name')}{' at ' + lshort if lshort else ''}, and no map of "
                f"{name} (nor a read from it) after that launch, so the program looked at the host array without one. "
                f"OpenCL lets an implementation keep a copy of such a buffer in device memory and run kernels on it: "
                f"the host array is guaranteed to hold the kernel's results only once a map of the buffer has "
                f"completed (clEnqueueMapBuffer). The values were in the array here because this CPU device works in "
                f"place; a GPU's are in its own memory. Map {name} for reading (CL_MAP_READ) after the kernel, look at "
                f"the array, then unmap it")
        return _finding(text, place, code, hint)
    return None
