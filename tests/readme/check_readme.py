#!/usr/bin/env python3
"""Runs the commands of the READMEs' expected-output blocks and compares what they print.

THE BLOCK FORMAT. An expected-output block is a fenced code block with the info string `console`
whose first line starts with "$ ". Each "$ " line is a command, pasted as a reader would paste it in
the course's top folder; the lines after it, up to the next "$ " line or the closing fence, are
what it prints (standard output and standard error together, as a terminal shows them):

    ```console
    $ build/Solutions/Exercise01_Vadd/vadd --size 1048576
    Exercise 1: vector addition, C = A + B
    ...
    ```

- The command's first word must be a program under build/ (the test runs it from the test's build
  tree; every other word is passed as written). A line ending in a backslash continues on the next.
  The one exception is an MPI launcher: `$ mpirun -np 3 --oversubscribe build/...` (or mpiexec)
  starts the program under build/ that follows its options (Exercise 15b).
- The command must exit with status 0. To show a program that fails, write the status into the
  output as a shell would: `$ build/... --local 3x4 || echo "exit status $?"`.
- A line holding only "…" (or "...") stands for any number of lines, none included.
- Other fenced blocks (```sh, ```text, no info string) are not run: use them for commands to type
  and for output from other machines, and say in the text where that output comes from.

THE RUN. Every command runs through bash in the top folder, with `build/` at the start of a word
replaced by the build tree, on PoCL's CPU device: HOC_DEVICE="Portable Computing Language", and,
where the loader's folder (OCL_ICD_VENDORS, else /etc/OpenCL/vendors) holds a PoCL .icd file,
OCL_ICD_VENDORS set to a folder with only that file, so that a machine with more platforms (a GPU)
prints what the course's test machine prints (the system's folder is searched too when
OCL_ICD_VENDORS names another). HOME is a new empty folder (no tuning cache, so
Exercise 9b tunes as on a first run); PoCL keeps its kernel cache where it was (POCL_CACHE_DIR).
HOC_TEST_DEVICE, HOC_KERNEL_PATH, HOC_KERNEL_PATH_ONLY, HOC_TUNING_CACHE and XDG_CACHE_HOME are
removed. The output is read through a pseudo-terminal, so stdout and stderr interleave as on screen.

THE MASKING RULES, applied in this order to the README's lines and to the program's lines alike:
 0. Lines the OpenCL implementation's compiler prints by itself while it builds a kernel
    ("3 warnings generated.", PoCL's clang) are dropped: they come only when the kernel is not
    in the implementation's cache, and they are not the program's.
 1. Names: the strings a line names as the device, platform, vendor or version are replaced by
    <device>, <platform>, <vendor> and <version> wherever they occur in the output, taken from the
    lines `Device: NAME (PLATFORM, TYPE)` (every program's second line), and Exercise 0's
    `Platform N: NAME`, `Device N: NAME`, `Vendor: X`, `Version: X` and `OpenCL C version: X`.
    Host names become <host>, taken from Exercise 15b's lines `Hosts: NAME, NAME, ...` and
    `[rank N on NAME] error: ...`.
    The home folder is replaced by `~`.
 2. Numbers: every number that does not continue a word (`12.658`, `-1.55e-04`, `1,926,201.6`,
    `2596`, the 24 of `2^24`, the 0 and 140 of `0-140`) becomes `#`. Digits inside a word stay:
    `float4`, `Exercise01`, `avx512`, `NV=2` keeps `NV=` and masks the 2, `8x8` keeps `x8`.
    Not masked: a line `exit status N` (what `|| echo "exit status $?"` prints), so a program that
    exits with another status than the README says fails.
 3. Units of time: `# us`, `# ms` and `# s` become `# <time>` (a time is printed in the unit that
    suits its size).
 4. Command states: CL_QUEUED, CL_SUBMITTED, CL_RUNNING and CL_COMPLETE become CL_<status> (how far
    a command got at a given moment is the implementation's business; the program's verdict lines,
    which stay, say whether the order was right).
 5. Spaces: every run of spaces and tabs becomes one space; spaces after "(" and before ")" and
    at the end of a line go (column widths and padding follow the numbers: "(  7%)", "(116%)").
 6. Repeats: consecutive lines that are equal after rules 1-5 count as one, so a table whose number
    of rows depends on the machine (the tuner's candidates, a grid of ids) matches however many
    rows it has. Every other line must be there, in order: the words, the verdicts ("all ...
    elements correct", "WRONG"), the blank lines and the number of distinct lines are compared.

Usage:
  check_readme.py --list ROOT                 one line per block: README, index, line of its first
                                              command, the command
  check_readme.py --run ROOT BUILD README N   runs block N (0-based) of README (relative to ROOT)
  check_readme.py --placeholders ROOT         fails on placeholders and on "Expected output"
                                              sections without a block
  check_readme.py --self-test                 checks the masking rules on examples
  check_readme.py --print ROOT BUILD 'COMMAND' runs a command as the test does and prints a block
                                              to paste into a README
"""

import difflib
import os
import pty
import re
import select
import shutil
import subprocess
import sys
import tempfile
import time

ELLIPSIS = ("…", "...")
SKIP_DIRS = {".git", "build", "build-debug", "build-asan", "_deps"}


# ---------------------------------------------------------------------------------------- blocks
class Command:
    def __init__(self, text, line):
        self.text = text        # the command as written, without "$ "
        self.line = line        # its line in the README (1-based)
        self.expected = []      # (line number, text) of each expected line


class Block:
    def __init__(self, readme, index, line):
        self.readme, self.index, self.line = readme, index, line
        self.commands = []


def readmes(root):
    found = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS and not d.startswith("build"))
        if "README.md" in files:
            found.append(os.path.relpath(os.path.join(folder, "README.md"), root))
    return sorted(found)


def fences(lines):
    """(info string, first line number, body lines) of every fenced code block."""
    i = 0
    while i < len(lines):
        m = re.match(r"^(\s*)(```+|~~~+)\s*([^`\s]*)", lines[i])
        if not m:
            i += 1
            continue
        indent, fence, info = m.group(1), m.group(2), m.group(3)
        start, body = i + 1, []
        i += 1
        while i < len(lines) and not re.match(r"^\s*" + re.escape(fence) + r"\s*$", lines[i]):
            line = lines[i]
            body.append(line[len(indent):] if line.startswith(indent) else line.lstrip())
            i += 1
        yield info, start, body
        i += 1


def blocks(root, readme):
    with open(os.path.join(root, readme), encoding="utf-8") as f:
        lines = f.read().split("\n")
    result = []
    for info, start, body in fences(lines):
        if info != "console" or not body or not body[0].startswith("$ "):
            continue
        block = Block(readme, len(result), start)
        k = 0
        while k < len(body):
            number = start + 1 + k
            if body[k].startswith("$ "):
                text = body[k][2:]
                while text.endswith("\\") and k + 1 < len(body):
                    k += 1
                    text = text[:-1] + " " + body[k].strip()
                block.commands.append(Command(text.strip(), number))
            else:
                block.commands[-1].expected.append((number, body[k]))
            k += 1
        result.append(block)
    return result


# --------------------------------------------------------------------------------------- masking
NAME_LINES = [
    (re.compile(r"^\s*Device: (?P<device>.+) \((?P<platform>.+), (?:CPU|GPU|ACCELERATOR|CUSTOM|DEFAULT)\)\s*$"), None),
    (re.compile(r"^\s*Platform \d+: (?P<platform>.+?)\s*$"), None),
    (re.compile(r"^\s*Device \d+: (?P<device>.+?)\s*$"), None),
    (re.compile(r"^\s*Vendor:\s+(?P<vendor>.+?)\s*$"), None),
    (re.compile(r"^\s*Version:\s+(?P<version>.+?)\s*$"), None),
    (re.compile(r"^\s*OpenCL C version:\s+(?P<version>.+?)\s*$"), None),
    (re.compile(r"^\s*Hosts: (?P<host>.+?)\s*$"), ", "),  # several names, separated by ", "
    (re.compile(r"^\[rank \d+ on (?P<host>[^\]]+)\] "), None),  # an MPI rank's error line
]
TIME = re.compile(r"# (?:us|µs|ms|s)\b")
STATUS = re.compile(r"\bCL_(?:QUEUED|SUBMITTED|RUNNING|COMPLETE)\b")


def names(lines):
    """The device, platform, vendor and version strings the lines name, longest first."""
    found = {}
    for line in lines:
        for pattern, separator in NAME_LINES:
            m = pattern.match(line)
            if m:
                for key, value in m.groupdict().items():
                    for name in (value.split(separator) if separator and value else [value]):
                        if name and name.strip():
                            found[name.strip()] = "<" + key + ">"
    return sorted(found.items(), key=lambda item: -len(item[0]))


def mask_numbers(line):
    out, pos = [], 0
    # Numbers that stand alone or follow one of = ^ ( - ; digits glued to letters stay.
    for m in re.finditer(r"[-+]?(?:\d{1,3}(?:,\d{3})+(?!\d)|\d+)(?:\.\d+)?(?:[eE][-+]?\d+)?", line):
        start = m.start()
        before = line[start - 1] if start > 0 else " "
        text = m.group(0)
        if text[0] in "+-" and (before.isalnum() or before in "_."):
            # "0-140": the minus is a dash, not a sign
            start += 1
            text = text[1:]
            before = line[start - 1]
        if before.isalpha() or before == "_" or before == ".":
            continue
        out.append(line[pos:start])
        out.append("#")
        pos = m.end()
    out.append(line[pos:])
    return "".join(out)


EXIT_STATUS = re.compile(r"^\s*exit status \d+\s*$")
COMPILER_CHATTER = re.compile(r"^\d+ (?:warnings?|errors?)(?: and \d+ errors?)? generated\.$")


def mask(lines, home=None):
    """The masked form of each line (rules 1-5); rule 0 is drop_chatter(), rule 6 collapse()."""
    table = names(lines)
    result = []
    for line in lines:
        line = line.rstrip("\r")
        for value, replacement in table:
            if replacement == "<host>":  # a short host name ("vm") only as a word of its own
                line = re.sub(r"(?<![\w.-])" + re.escape(value) + r"(?![\w.-])", replacement, line)
            else:
                line = line.replace(value, replacement)
        if home and len(home) > 1:
            line = line.replace(home.rstrip("/") + "/", "~/")
        if EXIT_STATUS.match(line):
            result.append(line.strip())  # the status the block's `|| echo` shows is compared as is
            continue
        line = mask_numbers(line)
        line = TIME.sub("# <time>", line)
        line = STATUS.sub("CL_<status>", line)
        line = re.sub(r"[ \t]+", " ", line).rstrip()
        line = re.sub(r"\( ", "(", re.sub(r" \)", ")", line))
        result.append(line)
    return result


def drop_chatter(lines):
    """Rule 0."""
    return [line for line in lines if not COMPILER_CHATTER.match(line.strip())]


def collapse(masked, numbers):
    """Rule 6: runs of equal lines count once. Returns (line, number) pairs."""
    result = []
    for line, number in zip(masked, numbers, strict=True):
        if result and result[-1][0] == line:
            continue
        result.append((line, number))
    return result


def compare(expected, actual, where="line "):
    """expected: (README line number, text); actual: lines. Returns None or a list of problem lines."""
    actual = drop_chatter(actual)
    exp_masked = mask([text for _, text in expected])
    act_masked = mask(actual, os.environ.get("HOME"))
    exp = collapse(exp_masked, [n for n, _ in expected])
    act = collapse(act_masked, list(range(1, len(actual) + 1)))
    # Segments of the expected lines between "…" lines.
    segments, current = [], []
    for line, number in exp:
        if line.strip() in ELLIPSIS:
            segments.append(current)
            current = []
        else:
            current.append((line, number))
    segments.append(current)
    act_lines = [line for line, _ in act]
    pos = 0
    for s, segment in enumerate(segments):
        want = [line for line, _ in segment]
        if s == 0:
            at = 0 if act_lines[:len(want)] == want else -1
        else:
            at = -1
            last = len(act_lines) - len(want)
            for k in range(pos, last + 1) if s < len(segments) - 1 else [last]:
                if k >= pos and act_lines[k:k + len(want)] == want:
                    at = k
                    break
        if at < 0 or (s == len(segments) - 1 and at + len(want) != len(act_lines)):
            return report(exp, act, segment, act_lines, pos, where)
        pos = at + len(want)
    return None


def report(exp, act, segment, act_lines, pos, where):
    problems = []
    # The first expected line of the failing segment that is not where it should be.
    for k, (line, number) in enumerate(segment):
        got = act_lines[pos + k] if pos + k < len(act_lines) else None
        if got != line:
            problems.append(f"{where}{number}: the README expects (masked)\n    {line!r}\n"
                            + (f"  the program printed (masked)\n    {got!r}" if got is not None
                               else "  the program printed nothing more"))
            break
    else:
        extra = act_lines[pos + len(segment):]
        problems.append("the program printed more lines than the README shows, from (masked)\n    "
                        + repr(extra[0] if extra else ""))
    diff = difflib.unified_diff([line for line, _ in exp], act_lines, "README (masked)",
                                "program (masked)", lineterm="", n=2)
    problems.append("masked diff:\n" + "\n".join(diff))
    return problems


# ------------------------------------------------------------------------------------------- run
def pocl_vendors():
    """A new folder with only PoCL's .icd file (from OCL_ICD_VENDORS, else the system's folder), or None."""
    places = [os.environ.get("OCL_ICD_VENDORS", ""), "/etc/OpenCL/vendors"]
    for place in places:
        if os.path.isfile(place) and place.endswith(".icd"):
            files = [place]
        elif os.path.isdir(place):
            files = [os.path.join(place, name) for name in sorted(os.listdir(place))]
        else:
            continue
        for path in files:
            name = os.path.basename(path)
            if name.endswith(".icd") and "pocl" in name.lower():
                only = tempfile.mkdtemp(prefix="readme-icd-")
                shutil.copy(path, os.path.join(only, name))
                return only
    return None


MPI_LAUNCHERS = ("mpirun", "mpiexec")


def run(command, root, build, env, timeout=300):
    """The command's exit status and output lines, read through a pseudo-terminal."""
    words = command.split()
    if words and words[0] in MPI_LAUNCHERS:  # `mpirun -np 3 ... build/...`: the program after the options
        words = [w for w in words if w.startswith("build/")][:1]
    if not words or not words[0].startswith("build/"):
        raise SystemExit(f"the command must start with a program under build/ (or an MPI launcher and "
                         f"then one): {command}")
    program = os.path.join(build, words[0][len("build/"):])
    if not os.access(program, os.X_OK):
        raise SystemExit(f"{words[0]} is not built in {build}: build it first "
                         "(script/build default check_solutions)")
    script = re.sub(r"(^|(?<=[\s=]))build/", lambda m: build.rstrip("/") + "/", command)
    master, slave = pty.openpty()
    started = time.monotonic()
    process = subprocess.Popen(["bash", "-c", script], cwd=root, env=env, stdin=subprocess.DEVNULL,
                               stdout=slave, stderr=slave, close_fds=True)
    os.close(slave)
    chunks = []
    while True:
        left = timeout - (time.monotonic() - started)
        if left <= 0:
            process.kill()
            raise SystemExit(f"timed out after {timeout} s: {command}")
        ready, _, _ = select.select([master], [], [], min(left, 1.0))
        if ready:
            try:
                data = os.read(master, 65536)
            except OSError:  # EIO: every writer has closed the terminal
                break
            if not data:
                break
            chunks.append(data)
        elif process.poll() is not None:
            # exited; read what is left
            try:
                while True:
                    ready, _, _ = select.select([master], [], [], 0.1)
                    if not ready:
                        break
                    data = os.read(master, 65536)
                    if not data:
                        break
                    chunks.append(data)
            except OSError:
                pass
            break
    os.close(master)
    status = process.wait()
    text = b"".join(chunks).decode("utf-8", "replace").replace("\r\n", "\n").replace("\r", "\n")
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return status, lines, time.monotonic() - started


def environment():
    env = dict(os.environ)
    for name in ("HOC_TEST_DEVICE", "HOC_KERNEL_PATH", "HOC_KERNEL_PATH_ONLY", "HOC_TUNING_CACHE",
                 "XDG_CACHE_HOME"):
        env.pop(name, None)
    if "POCL_CACHE_DIR" not in env:
        cache = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        env["POCL_CACHE_DIR"] = os.path.join(cache, "pocl", "kcache")
    env["HOC_DEVICE"] = "Portable Computing Language"
    vendors = pocl_vendors()
    if vendors:
        env["OCL_ICD_VENDORS"] = vendors
    env["HOME"] = tempfile.mkdtemp(prefix="readme-home-")
    env["OMPI_ALLOW_RUN_AS_ROOT"] = "1"  # Open MPI's mpirun refuses root (CI) without both
    env["OMPI_ALLOW_RUN_AS_ROOT_CONFIRM"] = "1"
    env["OMPI_MCA_btl_vader_single_copy_mechanism"] = "none"  # as checker/check_mpi.py, for containers
    env["OMPI_MCA_btl_tcp_if_include"] = "lo"  # as checker/check_mpi.py: one machine, TCP on loopback
    env["TERM"] = "dumb"
    env["LC_ALL"] = "C.UTF-8"
    return env


def run_block(root, build, readme, index):
    found = blocks(root, readme)
    if index >= len(found):
        print(f"{readme}: has {len(found)} expected-output blocks now, not {index + 1}: "
              "re-run cmake (the README changed since the tests were listed)")
        return 1
    block = found[index]
    env = environment()
    failed = False
    try:
        for command in block.commands:
            where = f"{readme}:{command.line}"
            status, lines, seconds = run(command.text, root, build, env)
            print(f"{where}: $ {command.text}   (exit status {status}, {seconds:.1f} s)")
            os.environ["HOME"] = env["HOME"]  # for masking the home folder
            problems = []
            if status != 0:
                problems.append(f"exit status {status}; a block that shows a failing program writes "
                                "`|| echo \"exit status $?\"` after the command")
            mismatch = compare(command.expected, lines, readme + ":")
            if mismatch:
                problems += mismatch
            if problems:
                failed = True
                print(f"{where}: FAILED: the output does not match the README's block")
                for p in problems:
                    print("  " + p.replace("\n", "\n  "))
                print("  the program printed:")
                for line in lines:
                    print("    | " + line)
            else:
                print(f"{where}: matches ({len(command.expected)} lines)")
    finally:
        shutil.rmtree(env["HOME"], ignore_errors=True)
        if env.get("OCL_ICD_VENDORS", "").startswith(tempfile.gettempdir() + "/readme-icd-"):
            shutil.rmtree(env["OCL_ICD_VENDORS"], ignore_errors=True)
    return 1 if failed else 0


# ---------------------------------------------------------------------------- placeholders, list
def placeholders(root):
    bad = []
    for readme in readmes(root):
        with open(os.path.join(root, readme), encoding="utf-8") as f:
            lines = f.read().split("\n")
        for n, line in enumerate(lines, 1):
            if re.search(r"EXPECTED_|HERE_TABLE", line):
                bad.append(f"{readme}:{n}: a placeholder: {line.strip()}")
        # Every "Expected output" section shows at least one block that is run.
        tested = {b.line for b in blocks(root, readme)}
        for n, line in enumerate(lines, 1):
            if re.match(r"^#+\s+Expected output", line):
                end = next((k for k in range(n, len(lines)) if re.match(r"^#+\s", lines[k])), len(lines))
                if not any(n < t <= end for t in tested):
                    bad.append(f"{readme}:{n}: an \"Expected output\" section without a ```console block "
                               "that starts with \"$ \" (see tests/readme/check_readme.py)")
    for line in bad:
        print(line)
    print(f"{len(readmes(root))} READMEs, {len(bad)} problems")
    return 1 if bad else 0


def list_blocks(root):
    for readme in readmes(root):
        for block in blocks(root, readme):
            print(f"{readme}\t{block.index}\t{block.commands[0].line}\t{block.commands[0].text}")
    return 0


def self_test():
    cases = [
        # (README line, program line): must match after masking
        ("Device: pthread-skylake-avx512-AMD EPYC (Portable Computing Language, CPU)",
         "Device: cpu-haswell-Intel(R) Xeon(R) CPU E5-2690 v3 @ 2.60GHz (Portable Computing Language, CPU)"),
        ("  time 12.658 ms, 0.994 GB/s", "  time 2.721 s, 1234.5 GB/s"),
        ("error -1.55e-04 = rule 4.44e-16", "error 5.47e-09 = rule 4.40e-16"),
        ("  0           0-140   55.1%", "  0         0-1024  100.0%"),
        ("tuning sgemm_panel NV=2 RM=12 SKEW=1 VW=16: 32.474 ms", "tuning sgemm_panel NV=4 RM=8 SKEW=0 VW=8: 7.1 us"),
        ("status: CL_QUEUED", "status: CL_SUBMITTED"),
        ("| 1,926,201.6 |", "| 636.2 |"),
        ("2^12    3.92    0.285 (  7%)", "2^16   5.71    1.59 (116%)"),
    ]
    different = [
        ("C = A + B, N = 1024: all 1024 elements correct", "C = A + B, N = 1024: WRONG: 3 of 1024 elements wrong"),
        ("float4 (pi_vector)", "float8 (pi_vector)"),
        ("work-groups of 4x4", "work-groups of 4x8"),
        ("exit status 2", "exit status 3"),
        ("  time 1.0 ms", "  time 1.0 ms, 2.0 GB/s"),
    ]
    failures = 0
    for a, b in cases:
        ma, mb = mask([a])[0], mask([b])[0]
        if ma != mb:
            failures += 1
            print(f"should match:\n  {a!r} -> {ma!r}\n  {b!r} -> {mb!r}")
    for a, b in different:
        if mask([a])[0] == mask([b])[0]:
            failures += 1
            print(f"should differ: {a!r} and {b!r} both -> {mask([a])[0]!r}")
    # Device names learnt from the Device: line are masked later in the output too.
    lines = mask(["Device: my dev 7 (Plat, GPU)", "  0 0-9 my dev 7 (Plat, GPU), sub-device"])
    if lines[1] != " # #-# <device> (<platform>, GPU), sub-device":
        failures += 1
        print(f"names: {lines[1]!r}")
    # Host names from the Hosts: line, each on its own.
    lines = mask(["Hosts: node1, vm", "  0 vm 0-9 node1 vmx", "[rank 1 on n7] error: x", "n7 vm"])
    if lines[1] != " # <host> #-# <host> vmx" or lines[3] != "<host> <host>":
        failures += 1
        print(f"hosts: {lines!r}")
    # Rule 6 and "…".
    exp = [(1, "a 1"), (2, "a 2"), (3, "…"), (4, "end 3")]
    if compare(exp, ["a 5", "b", "c", "end 9"]) is not None:
        failures += 1
        print("ellipsis and repeats: should match")
    if compare([(1, "x 1"), (2, "y")], ["x 1", "x 2", "z"]) is None:
        failures += 1
        print("a changed line should not match")
    if compare([(1, "x 1")], ["3 warnings generated.", "x 2"]) is not None:
        failures += 1
        print("compiler chatter should be dropped")
    if compare([(1, "x 1")], ["x 1", "extra"]) is None:
        failures += 1
        print("an extra line should not match")
    print(f"masking self-test: {len(cases) + len(different) + 6} checks, {failures} failed")
    return 1 if failures else 0


def print_block(root, build, command):
    env = environment()
    try:
        status, lines, _ = run(command, root, build, env)
    finally:
        shutil.rmtree(env["HOME"], ignore_errors=True)
    home = env["HOME"].rstrip("/") + "/"
    print("```console")
    print("$ " + command)
    for line in drop_chatter(lines):
        print(line.replace(home, "~/"))
    print("```")
    return 0 if status == 0 else 1


def main(argv):
    if len(argv) >= 2 and argv[1] == "--list" and len(argv) == 3:
        return list_blocks(argv[2])
    if len(argv) == 6 and argv[1] == "--run":
        return run_block(argv[2], argv[3], argv[4], int(argv[5]))
    if len(argv) == 3 and argv[1] == "--placeholders":
        return placeholders(argv[2])
    if len(argv) == 5 and argv[1] == "--print":
        return print_block(argv[2], argv[3], argv[4])
    if len(argv) == 2 and argv[1] == "--self-test":
        return self_test()
    print(__doc__.split("Usage:")[1].rstrip(), file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
