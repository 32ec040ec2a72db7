#!/usr/bin/env python3
"""No file a student reads hands out an answer (room.no_answers).

The files a student reads: Exercises/ (the rooms), course.json, every README and docs/. The answers:

1. The lines a student is asked to write: where a solution differs from its starter. The pairs are
   Solutions/<Folder>/F and Exercises/<Folder>/F, and Kernels/F and each room's own F.cl that is not
   a given kernel. An answer line is a line of the solution (comments left out) that the starter does
   not have, of at least MIN_TOKENS tokens: shorter lines (`}`, `return sum;`, `barrier(...);`,
   `++k;`) cannot carry an exercise's answer. Exercises whose starter passes unsolved (course.json's
   starter_passes: nothing to write, a race) have no answer lines.

   A room shows an answer when one of its lines holds WINDOW tokens in a row of an answer line (the
   whole line where it is shorter), whitespace, comments and Markdown's backquotes aside, unless those
   tokens are given code anyway: code (not comments) of the libraries (Common, Matmul, Measure, Pi,
   Cli), of the rooms before E's (a given kernel that is a copy of an answer file aside: Exercise
   11's given matmul_element.cl is Exercise 04's answer), and of E's own starters and given headers
   (the interface the student implements); E's other given files are not, since they could show
   the answer as code.

   Which files are scanned for exercise E's answers: the rooms up to E's in course order (a room
   after E's may show E's answer: the student arrives there having written it, and so may a part
   folder partN_<topic>/ show the answers of the parts before it), course.json, the READMEs outside
   the rooms and Solutions/, and docs/. A file the student changed (git: modified or
   untracked) is left out: a student's solved exercise holds its answer.

2. The numbers a step asks the student to predict or derive (predictions.json beside this file, with
   each answer as a regular expression of how it would be written): they must not appear in the
   exercise's room, course.json, the READMEs or docs/. A README of a room (Exercises/) holds none
   anywhere, a section to open after the step among them: what the solution measured, with those
   answers, is in the solution's README (Solutions/<Folder>/README.md, not scanned: the student opens
   it, as the solution's files, once they have their own answer). Outside the rooms (docs/, the
   measurement logs) a section to open after the step, `<details><summary>After step N ...`, may hold
   them.
   A prediction may also name, under "output", the lines of a program's output from which its answer
   follows (a rate that counts the floats asked for, a verdict beside the numbers it judges): those
   must not stand in an expected-output block (```console) of the exercise's own README either, nor
   anywhere in the exercise's measurement log, docs/measurements/<Folder>.md, outside such a section.
   Lines that answer only on the device the log measures (a GPU's times per span, where the README's
   expected output is a CPU's) are named under "log": refused in the log only.

Exit status 0 when nothing is handed out, 1 with one line per finding (file:line, what it shows and
where the answer comes from)."""
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
MIN_TOKENS = 6
WINDOW = 10
LIBRARIES = ("Common", "Matmul", "Measure", "Pi", "Cli")
CODE = (".cl", ".cpp", ".hpp", ".h", ".c")
TOKEN = re.compile(r"[A-Za-z_][A-Za-z0-9_]*|\d+(?:\.\d+)?[fFuUlL]*|<<=|>>=|->|\+\+|--|<=|>=|==|!=|&&|\|\||"
                   r"\+=|-=|\*=|/=|%=|&=|\|=|\^=|<<|>>|::|[^\sA-Za-z0-9_`]")
AFTER = re.compile(r"<details>\s*<summary>\s*After step", re.IGNORECASE)


def tokens(line):
    return TOKEN.findall(line)


def without_comments(text):
    """C and C++ comments blanked, line numbers kept (string literals are short enough not to matter)."""
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def part_of(path):
    """An exercise's part a file belongs to: N for a file under partN_<topic>/, else 1."""
    found = re.search(r"/part(\d+)_[^/]+/", path)
    return int(found.group(1)) if found else 1


def windows(toks, size):
    return [tuple(toks[i:i + size]) for i in range(len(toks) - size + 1)] if len(toks) >= size else []


class Course:
    def __init__(self, root):
        self.root = root
        with open(os.path.join(root, "course.json"), encoding="utf-8") as f:
            manifest = json.load(f)
        self.order = [e["folder"] for e in manifest["exercises"]]
        self.nothing_to_write = {e["folder"] for e in manifest["exercises"] if e.get("starter_passes")}
        self.given = {"Exercises/" + g for g in manifest["given_kernels"]}
        listed = subprocess.run(["git", "-C", root, "ls-files", "--cached", "--others", "--exclude-standard"],
                                capture_output=True, text=True, check=True).stdout.split("\n")
        self.files = sorted(f for f in listed if f and os.path.isfile(os.path.join(root, f)))
        status = subprocess.run(["git", "-C", root, "status", "--porcelain", "--untracked-files=all"],
                                capture_output=True, text=True, check=True).stdout
        self.changed = {line[3:].split(" -> ")[-1] for line in status.split("\n") if line}

    def read(self, path):
        with open(os.path.join(self.root, path), encoding="utf-8", errors="replace") as f:
            return f.read()

    def room(self, path):
        parts = path.split("/")
        return parts[1] if parts[0] == "Exercises" and len(parts) > 2 and parts[1] in self.order else None

    def pairs(self):
        """[(folder, starter, solution)]: the files a student completes and the solution of each."""
        found = []
        for f in self.files:
            parts = f.split("/")
            if parts[0] == "Solutions" and len(parts) > 2 and f.endswith(CODE):
                starter = "Exercises/" + "/".join(parts[1:])
                if os.path.isfile(os.path.join(self.root, starter)):
                    found.append((parts[1], starter, f))
            elif self.room(f) and f.endswith(".cl") and f not in self.given:
                kernel = "Kernels/" + os.path.basename(f)
                if os.path.isfile(os.path.join(self.root, kernel)):
                    found.append((parts[1], f, kernel))
        return [(folder, s, a) for folder, s, a in found if folder not in self.nothing_to_write]


def answers(course):
    """{folder: [(tokens, solution file, line number, line)]} and the given code's windows for each
    folder (a set of token tuples of every length up to WINDOW)."""
    pairs = course.pairs()
    found = {}
    for folder, starter, solution in pairs:
        have = {tuple(tokens(line)) for line in without_comments(course.read(starter)).split("\n")}
        for number, line in enumerate(without_comments(course.read(solution)).split("\n"), 1):
            toks = tokens(line)
            if len(toks) >= MIN_TOKENS and tuple(toks) not in have:
                found.setdefault(folder, []).append((toks, solution, number, line.strip(), part_of(starter)))
    answer_files = {solution for _, _, solution in pairs}
    starters = {starter for _, starter, _ in pairs}
    # Given code: where it lies (a room's folder, or None for the libraries) and its lines.
    given = []
    for f in course.files:
        if not f.endswith(CODE):
            continue
        if f.split("/")[0] in LIBRARIES:
            given.append((None, f))
        elif course.room(f) and (f in starters or f not in course.given
                                 or "Kernels/" + os.path.basename(f) not in answer_files):
            given.append((course.room(f), f))
    grams = {}
    for place, f in given:
        into = grams.setdefault(place, set())
        for line in without_comments(course.read(f)).split("\n"):
            toks = tokens(line)
            for size in range(1, min(WINDOW, len(toks)) + 1):
                into.update(windows(toks, size))
    # For E's answers: the libraries, the rooms before E's, and E's own starters and given headers (the
    # interface the student implements); not E's other given files, which could show the answer as
    # code.
    own = {}
    for f in course.files:
        folder = course.room(f)
        if folder and (f in starters or f.endswith((".hpp", ".h"))):
            own.setdefault(folder, []).append(f)
    for folder, files in own.items():
        into = set()
        for f in files:
            for line in without_comments(course.read(f)).split("\n"):
                toks = tokens(line)
                for size in range(1, min(WINDOW, len(toks)) + 1):
                    into.update(windows(toks, size))
        own[folder] = into
    trivial = {}
    for at, folder in enumerate(course.order):
        seen = set(grams.get(None, ())) | own.get(folder, set())
        for earlier in course.order[:at]:
            seen |= grams.get(earlier, set())
        trivial[folder] = seen
    return found, trivial


def scanned_for(course, path):
    """The folders whose answers path must not show."""
    folder = course.room(path)
    if folder:
        return course.order[course.order.index(folder):]
    top = path.split("/")[0]
    elsewhere = path.endswith(".md") and top not in ("Exercises", "Solutions", "tests")
    if path == "course.json" or top == "docs" or elsewhere:
        return course.order
    return []


def after_sections(lines):
    """The line numbers (0-based) inside a `<details><summary>After step ...` section."""
    inside, hidden, depth = False, set(), 0
    for i, line in enumerate(lines):
        # <details> and its <summary> on one line or on two
        if not inside and (AFTER.search(line) or ("<details>" in line and i + 1 < len(lines)
                                                   and AFTER.search(line + lines[i + 1]))):
            inside, depth = True, 0
        if inside:
            hidden.add(i)
            depth += line.count("<details>") - line.count("</details>")
            if depth <= 0:
                inside = False
    return hidden


def console_lines(lines):
    """The line numbers (0-based) of the output lines of ```console blocks (their "$ " commands left out)."""
    inside, found = False, set()
    for i, line in enumerate(lines):
        fence = re.match(r"^\s*```+\s*(\S*)", line)
        if fence:
            inside = not inside and fence.group(1) == "console"
            continue
        if inside and not line.lstrip().startswith("$ "):
            found.add(i)
    return found


PREDICTIONS = os.path.join(HERE, "predictions.json")


def scan(root, predictions_file=PREDICTIONS):
    course = Course(root)
    found, trivial = answers(course)
    with open(predictions_file, encoding="utf-8") as f:
        predictions = json.load(f)
    findings = []
    for path in course.files:
        if path in course.changed:
            continue
        folders = scanned_for(course, path)
        if not folders:
            continue
        lines = course.read(path).split("\n")
        line_tokens = [tokens(line) for line in lines]
        index = {}
        for i, toks in enumerate(line_tokens):
            for size in range(MIN_TOKENS, WINDOW + 1):
                for gram in windows(toks, size):
                    index.setdefault(gram, i)
        shown = {}
        for folder in folders:
            for toks, solution, number, line, part in found.get(folder, ()):
                if folder == course.room(path) and part < part_of(path):
                    continue  # a later part of the exercise may show an earlier part's answer
                for gram in windows(toks, min(WINDOW, len(toks))):
                    if gram in trivial[folder] or gram not in index:
                        continue
                    shown.setdefault(index[gram], f"a line of the answer, {solution}:{number} `{line}`")
                    break
        # A room's README hides nothing: a section to open after a step is still the student's page.
        hidden = after_sections(lines) if path.endswith(".md") and not path.startswith("Exercises/") else set()
        for folder in folders:
            if path != "course.json" and not path.endswith(".md") and course.room(path) != folder:
                continue  # a prediction is said in prose, or in the room's own files
            if path == f"Exercises/{folder}/README.md":
                output = console_lines(lines)
            elif path == f"docs/measurements/{folder}.md":
                output = set(range(len(lines)))  # a measurement log: every line is output
            else:
                output = set()
            for prediction in predictions.get(folder, ()):
                for pattern in prediction["answers"]:
                    for i, line in enumerate(lines):
                        if i not in hidden and re.search(pattern, line):
                            shown.setdefault(i, f"{folder}'s answer to step {prediction['step']} "
                                                f"({prediction['asks']}), outside a section to open after it")
                logged = prediction.get("log", ()) if path == f"docs/measurements/{folder}.md" else ()
                for pattern in [*prediction.get("output", ()), *logged]:
                    for i in sorted(output - hidden):
                        if re.search(pattern, lines[i]):
                            shown.setdefault(i, f"an expected output that gives {folder}'s answer to step "
                                                f"{prediction['step']} ({prediction['asks']}) away, outside a "
                                                "section to open after it")
        findings += [f"{path}:{i + 1}: {what}" for i, what in sorted(shown.items())]
    return findings


SELF_TEST_STARTER = """__kernel void twice(__global float* x, const uint n)
{
    const uint i = get_global_id(0);
    // TODO: double x[i] where i is below n.
}
"""
SELF_TEST_SOLUTION = """__kernel void twice(__global float* x, const uint n)
{
    const uint i = get_global_id(0);
    if (i < n)
        x[i] = x[i] + x[i] * 1.0f;
}
"""


def self_test():
    """The rule on a scratch course of two exercises: an answer line in a TODO, in a README and in the
    room of the exercise before is found; in the room after, in given code, as a short line, in a file
    the student changed, it is not; a predicted number is found anywhere in a room's README, after-sections
    too, and elsewhere outside an after-section only, never in the solution's README; an output line it
    follows from in an expected output of the exercise's own README, or in its measurement log outside
    an after-section (not in a command, another kind of block of the README, another README or another
    exercise's log)."""
    import tempfile
    with tempfile.TemporaryDirectory() as root:
        def write(path, text):
            os.makedirs(os.path.dirname(os.path.join(root, path)) or root, exist_ok=True)
            with open(os.path.join(root, path), "w", encoding="utf-8") as f:
                f.write(text)
        exercises = [{"folder": "ExerciseA_First"}, {"folder": "ExerciseB_Twice"}, {"folder": "ExerciseC_Later"}]
        write("course.json", json.dumps({"exercises": exercises, "given_kernels": []}))
        write("Kernels/twice.cl", SELF_TEST_SOLUTION)
        write("Exercises/ExerciseB_Twice/twice.cl", SELF_TEST_STARTER.replace(
            "where i is below n.", "where i is below n: x[i] = x[i] + x[i] * 1.0f;"))
        write("Exercises/ExerciseB_Twice/README.md", "Step 2: predict the speedup.\n\n"
              "Write `x[i] = x[i] + x[i] * 1.0f` in the kernel.\n\n"
              "<details><summary>After step 2: the speedup</summary>\n\nIt is 42.5 times.\n</details>\n"
              "<details>\n<summary>After step 2, again</summary>\n\nStill 42.5 times.\n</details>\n"
              "Given code is no answer: `if (i < n)`.\nThe speedup is 42.5 times.\n"
              "```console\n$ build/twice --rate 4.0 GB/s\n  time 1.0 ms, 4.0 GB/s\n```\n"
              "```sh\n  time 1.0 ms, 4.0 GB/s\n```\n"
              "<details><summary>After step 2: the run</summary>\n\n"
              "```console\n$ build/twice\n  time 1.0 ms, 4.0 GB/s\n```\n</details>\n")
        write("Exercises/ExerciseA_First/README.md", "Later you will write x[i] = x[i] + x[i] * 1.0f.\n")
        write("Exercises/ExerciseC_Later/README.md", "Exercise B wrote x[i] = x[i] + x[i] * 1.0f.\n"
              "```console\n$ build/later\n  time 1.0 ms, 4.0 GB/s\n```\n")
        write("Exercises/ExerciseC_Later/mine.cl", "// x[i] = x[i] + x[i] * 1.0f, as you like it\n")
        write("docs/notes.md", "const uint i = get_global_id(0); is given code.\n")
        write("docs/measurements/ExerciseB_Twice.md", "# Runs\n\n```text\n  time 1.0 ms, 4.0 GB/s\n```\nspan 32: 1 ms\n"
              "<details><summary>After step 2 of Exercise B: every run</summary>\n\n"
              "```text\n  time 2.0 ms, 2.0 GB/s\n```\n</details>\n")
        write("docs/measurements/ExerciseC_Later.md", "```text\n  time 1.0 ms, 4.0 GB/s\n```\n")
        write("Exercises/ExerciseA_First/given/vadd.cl", "    if (i < n)\n        y[i] += x[i];\n")
        write("predictions.json", json.dumps({"ExerciseB_Twice": [
            {"step": 2, "asks": "the speedup", "answers": [r"\b42\.5 times"], "output": [r"\d GB/s"],
             "log": [r"^span \d+:"]}]}))
        write("Solutions/ExerciseB_Twice/README.md", "After step 2: it is 42.5 times.\n"
              "```console\n$ build/twice\n  time 1.0 ms, 4.0 GB/s\n```\n")
        write("docs/after.md", "<details><summary>After step 2 of Exercise B</summary>\n\n42.5 times.\n</details>\n")
        subprocess.run(["git", "init", "-q", root], check=True)
        subprocess.run(["git", "-C", root, "add", "-A"], check=True)
        subprocess.run(["git", "-C", root, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "t"],
                       check=True)
        write("Exercises/ExerciseA_First/changed.cl", "// x[i] = x[i] + x[i] * 1.0f;\n")  # untracked: left out
        found = scan(root, os.path.join(root, "predictions.json"))
        expected = {"Exercises/ExerciseB_Twice/twice.cl:4": "a line of the answer",
                    "Exercises/ExerciseB_Twice/README.md:3": "a line of the answer",
                    "Exercises/ExerciseB_Twice/README.md:7": "answer to step 2",
                    "Exercises/ExerciseB_Twice/README.md:12": "answer to step 2",
                    "Exercises/ExerciseB_Twice/README.md:27": "an expected output that gives",
                    "Exercises/ExerciseB_Twice/README.md:15": "answer to step 2",
                    "Exercises/ExerciseB_Twice/README.md:18": "an expected output that gives",
                    "docs/measurements/ExerciseB_Twice.md:4": "an expected output that gives",
                    "docs/measurements/ExerciseB_Twice.md:6": "an expected output that gives",
                    "Exercises/ExerciseA_First/README.md:1": "a line of the answer"}
        where = {f.split(": ")[0]: f for f in found}
        problems = [f"not found: {place} ({what})" for place, what in expected.items()
                    if what not in where.get(place, "")]
        problems += [f"found, but it should not be: {f}" for place, f in where.items() if place not in expected]
        for problem in problems:
            print(f"FAILED: {problem}")
        if problems:
            return 1
    print(f"ok: the rule finds the {len(expected)} answers of the scratch course and nothing else")
    return 0


def main():
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", ".."))
    findings = scan(root)
    for finding in findings:
        print(finding)
    print(f"room.no_answers: {len(findings)} places that hand out an answer")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
