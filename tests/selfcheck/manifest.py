"""The course manifest (course.json at the top, docs/manifest.md) as the Python tools read it:
script/check, selfcheck.py and the room and README-table tests."""
import json
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def load(root=ROOT):
    """The manifest's exercises, in course order (a list of dicts, as course.json has them)."""
    with open(os.path.join(root, "course.json"), encoding="utf-8") as f:
        return json.load(f)["exercises"]


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
