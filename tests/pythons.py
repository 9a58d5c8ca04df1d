"""The other Pythons the kit's documents name, for the tests that run the grader on them: CPython 3.10, the
Python of Gradescope's Ubuntu 22.04 image, with and without ``tomli`` (which reads the configuration before 3.11).

No network is needed: ``tomli`` is taken from that Python's own pip, which vendors the very package
(``pip/_vendor/tomli``, tomli 2.0.1 in pip 23), and put on ``PYTHONPATH`` as a package of its own.
"""

import glob
import os
import shutil
import subprocess

PYTHON_310 = (sorted(glob.glob("/root/.pyenv/versions/3.10.*/bin/python3.10")) + [None])[0]
"""A CPython 3.10 (pyenv's), or None where there is none."""
ABSENT = "no CPython 3.10 here (pyenv's /root/.pyenv/versions/3.10.*)"
"""Why a test of 3.10 is skipped where it cannot run."""


def version(python):
    return subprocess.run([python, "-c", "import platform; print(platform.python_version())"], capture_output=True,
                          text=True, check=True).stdout.strip()


def has_tomli(python):
    return subprocess.run([python, "-c", "import tomli"], capture_output=True).returncode == 0


def tomli_path(python, folder):
    """A folder (made in ``folder``) that holds ``tomli`` as ``python``'s pip vendors it, for ``PYTHONPATH``; or
    None when that pip vendors none."""
    found = subprocess.run([python, "-c", "import os, pip._vendor.tomli as t; print(os.path.dirname(t.__file__))"],
                           capture_output=True, text=True)
    if found.returncode:
        return None
    target = os.path.join(str(folder), "site")
    shutil.copytree(found.stdout.strip(), os.path.join(target, "tomli"), ignore=shutil.ignore_patterns("__pycache__"))
    return target
