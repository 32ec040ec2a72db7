"""The course manifest (course.json at the top, docs/manifest.md) as the Python tools read it:
script/check, selfcheck.py and the room and README-table tests."""
import json
import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def load(root=ROOT):
    """The manifest's exercises, in course order (a list of dicts, as course.json has them)."""
    with open(os.path.join(root, "course.json"), encoding="utf-8") as f:
        return json.load(f)["exercises"]


def entry(folder, root=ROOT):
    return next((e for e in load(root) if e["folder"] == folder), None)


def parts(folder, root=ROOT):
    """{part name: regular expression of its tests (after exercise.<Folder>.)} of folder."""
    return {name: part["tests"] for part in (entry(folder, root) or {}).get("parts", [])
            for name in part["names"]}


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
