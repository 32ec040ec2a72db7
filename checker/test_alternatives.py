#!/usr/bin/env python3
"""Every exercise of course.json has a correct answer in another shape than the solution's
("alternative", whose files are in checker/alternatives/<folder>/, whole or as the change of
the starter's file, FILE.diff, and whose tests are selfcheck.alternative.<folder>), or says in data
why it cannot ("no_alternative": the reason). An exercise added without either fails here."""
import os
import sys

from . import manifest

ALTERNATIVES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "alternatives")


def problems(exercises, alternatives=ALTERNATIVES):
    """What is wrong with the exercises' alternatives, one line each (none: all is well)."""
    found = []
    for e in exercises:
        folder = e["folder"]
        alternative, reason = e.get("alternative"), e.get("no_alternative")
        if alternative is None and not (isinstance(reason, str) and reason.strip()):
            found.append(f"{folder}: no \"alternative\" and no \"no_alternative\" reason in course.json")
            continue
        if alternative is not None and reason is not None:
            found.append(f"{folder}: both \"alternative\" and \"no_alternative\": keep the one that holds")
            continue
        if alternative is None:
            continue
        where = os.path.join(alternatives, folder)
        # A file is whole or the change of the starter's file (FILE.diff, alternative.py); a part's file
        # lies in the part's folder (part3_fusion/fusion.cpp).
        files = []
        for top, _, names in os.walk(where):
            files += [os.path.relpath(os.path.join(top, n), where).replace(os.sep, "/").removesuffix(".diff")
                      for n in names]
        host = alternative.get("host")
        hosts = host if isinstance(host, list) else [host] if host else []
        missing = [h for h in hosts if h not in files]
        if missing:
            found += [f"{folder}: the alternative's host file {h} is not in {where}" for h in missing]
        elif not hosts and not any(f.endswith(".cl") for f in files):
            found.append(f"{folder}: the alternative is a kernel, but {where} holds no .cl file")
    return found


def main():
    # The checker itself: an entry without either field, and one whose files are missing, are found.
    assert problems([{"folder": "ExerciseZZ_New"}]) == [
        "ExerciseZZ_New: no \"alternative\" and no \"no_alternative\" reason in course.json"]
    assert problems([{"folder": "ExerciseZZ_New", "no_alternative": " "}])
    assert problems([{"folder": "ExerciseZZ_New", "no_alternative": "prints only the device's limits"}]) == []
    assert problems([{"folder": "ExerciseZZ_New", "alternative": {}}])
    assert problems([{"folder": "ExerciseZZ_New", "alternative": {"host": "x.cpp"}}])
    found = problems(manifest.load())
    for line in found:
        print(line)
    if found:
        return 1
    print(f"ok: each of the {len(manifest.load())} exercises has an alternative or a stated reason")
    return 0


if __name__ == "__main__":
    sys.exit(main())
