"""The course's self-check, a package: script/check is its front door (check.py, the front end), and
the build's tests run its drivers as `python3 -m checker.<module>` with the course's top folder on
PYTHONPATH (selfcheck.py: the exercises' tests and oclgrind runs; technique.py: the technique checks;
check_mpi.py: the MPI runs; planted.py and alternative.py: the checker's own bugs and alternatives).
checker/README.md is the map."""
import os
import sys

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # the course's top folder


def module_command(module):
    """The command line that runs this package's module (e.g. "selfcheck") in a Python process of its
    own; run it with module_env's environment."""
    return [sys.executable, "-m", f"{__name__}.{module}"]


def module_env(env=None, top=TOP):
    """env (default: this process's environment) with the course's top folder at `top` first on
    PYTHONPATH, so that a Python process started with it finds that course's checker (and the working
    folder off the module path, PYTHONSAFEPATH, as script/check runs it)."""
    env = dict(os.environ if env is None else env)
    env["PYTHONPATH"] = os.pathsep.join([top, *([env["PYTHONPATH"]] if env.get("PYTHONPATH") else [])])
    env["PYTHONSAFEPATH"] = "1"
    return env
