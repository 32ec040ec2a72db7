"""The course manifest (course.json at the top, docs/manifest.md) as the Python tools read it:
script/check, selfcheck.py and the room and README-table tests. A course.json that cannot be read,
is not JSON, is nested deeper than any course needs or does not have the shape these tools read
raises ManifestError, whose message names course.json and the field."""
import json
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Deeper than any field of course.json (an exercise's planted bug's check's list: 5 levels), far below
# what would exhaust Python's recursion while parsing; the same limit as the configure step's.
MAX_DEPTH = 32


class ManifestError(ValueError):
    """course.json cannot be used: the message names the file and the field."""


def _depth_problem(text):
    """Where text nests brackets deeper than MAX_DEPTH (outside strings), or None."""
    depth, in_string, escaped = 0, False, False
    for at, c in enumerate(text):
        if in_string:
            if escaped:
                escaped = False
            elif c == "\\":
                escaped = True
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
        elif c in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return f"nested deeper than {MAX_DEPTH} levels (at character {at})"
        elif c in "]}":
            depth -= 1
    return None


def _read(root):
    path = os.path.join(root, "course.json")
    try:
        with open(path, "rb") as f:
            text = f.read(16 << 20).decode("utf-8")
    except IsADirectoryError:
        raise ManifestError(f"{path} is a folder, not the course's description") from None
    except OSError as e:
        raise ManifestError(f"{path} cannot be read: {e.strerror}") from None
    except UnicodeDecodeError as e:
        raise ManifestError(f"{path} is not UTF-8 text (byte {e.start})") from None
    problem = _depth_problem(text)
    if problem:
        raise ManifestError(f"{path}: {problem}")
    try:
        data = json.loads(text)
    except ValueError as e:
        raise ManifestError(f"{path} is not valid JSON: {e}") from None
    exercises = data.get("exercises") if isinstance(data, dict) else None
    if not isinstance(exercises, list) or not exercises:
        raise ManifestError(f'{path}: "exercises" must be a non-empty list of exercises')
    for index, found in enumerate(exercises):
        where = f'{path}: "exercises"[{index}]'
        if not isinstance(found, dict) or not isinstance(found.get("folder"), str) or not found["folder"]:
            raise ManifestError(f'{where} must be an object with a "folder" (a string)')
        where = f'{path}: exercise {found["folder"]}'
        parts = found.get("parts", [])
        if not isinstance(parts, list):
            raise ManifestError(f'{where}: "parts" must be a list')
        for number, part in enumerate(parts):
            if (not isinstance(part, dict) or not isinstance(part.get("names"), list)
                    or not all(isinstance(n, str) for n in part["names"]) or not isinstance(part.get("tests"), str)):
                raise ManifestError(f'{where}: "parts"[{number}] must have "names" (a list of strings) and '
                                    f'"tests" (a regular expression)')
            try:
                re.compile(part["tests"])
            except re.error as e:
                raise ManifestError(f'{where}: "parts"[{number}]: "tests" is not a regular expression '
                                    f'({part["tests"]!r}: {e})') from None
        for key in ("planted",):
            if not isinstance(found.get(key, []), list):
                raise ManifestError(f'{where}: "{key}" must be a list')
        for key in ("test",):
            if key in found and not isinstance(found[key], str):
                raise ManifestError(f'{where}: "{key}" must be a string')
    return exercises


_cache = {}


def load(root=ROOT):
    """The manifest's exercises, in course order (a list of dicts, as course.json has them)."""
    try:
        info = os.stat(os.path.join(root, "course.json"))
        stamp = (info.st_mtime_ns, info.st_size, info.st_ino)
    except OSError:
        stamp = None
    cached = _cache.get(root)
    if stamp is None or cached is None or cached[0] != stamp:
        cached = _cache[root] = (stamp, _read(root))
    return cached[1]


def entry(folder, root=ROOT):
    return next((e for e in load(root) if e["folder"] == folder), None)


def parts(folder, root=ROOT):
    """{part name: regular expression of its tests (after exercise.<Folder>.)} of folder; a technique
    check that names a part ("part": one of its names) adds its test (technique.<check>, or the course
    test of a check that names one)."""
    found = {}
    checks = techniques(folder, root)
    for part in (entry(folder, root) or {}).get("parts", []):
        regex = part["tests"]
        for check in checks:
            if check.get("part") in part["names"]:
                test = re.escape(check["test"]) if "test" in check else rf"technique\.{re.escape(check['check'])}"
                regex += f"|^{test}$"
        found.update(dict.fromkeys(part["names"], regex))
    return found


def part_names(folder, part, root=ROOT):
    """Every name of the part of folder that PART is one of (Exercise 16's ["reduce_sequential",
    "step2"]: its kernel's name and its step's), or [] for no such part."""
    return next((p["names"] for p in (entry(folder, root) or {}).get("parts", []) if part in p["names"]), [])


def techniques(folder, root=ROOT):
    """The technique checks of folder (its entry's "technique", docs/manifest.md), each with the fields
    it does not give itself taken from the check it is "like" (all but "check" and "part")."""
    listed = (entry(folder, root) or {}).get("technique", [])
    named = {check["check"]: check for check in listed}
    resolved = []
    for check in listed:
        base = named.get(check.get("like"), {})
        merged = {key: value for key, value in base.items() if key not in ("check", "part")}
        merged.update({key: value for key, value in check.items() if key != "like"})
        resolved.append(merged)
    return resolved


def starter_passes(root=ROOT):
    """The folders whose untouched starter passes its check."""
    return {e["folder"] for e in load(root) if e.get("starter_passes")}


def test_file(folder, root=ROOT):
    """The exercise's GoogleTest file (its entry's "test", else tests/course/test_<folder>.cpp)."""
    found = entry(folder, root) or {}
    return os.path.join(root, found.get("test") or os.path.join("tests", "course", f"test_{folder}.cpp"))


def help_levels(folder, part=None, root=ROOT):
    """The help in levels of the exercise (its entry's "help"), or of its part PART (the part's
    "help"), from what to achieve to close to the code; [] where there is none."""
    found = entry(folder, root) or {}
    if part:
        return next((list(p.get("help", [])) for p in found.get("parts", []) if part in p["names"]), [])
    return list(found.get("help", []))
