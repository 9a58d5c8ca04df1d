"""The sandbox for this assignment's checks: the student's files as the package ``xo``, the Project 5 probes,
and the grader's own files protected from the student's processes."""

import glob
import os

from .. import ROOT
from ..sandbox import default_backend
from .probes import FILES as PROBES

PACKAGE = "xo"
"""The package the student's files form, as the handout imports them (``from xo import XO``)."""


def protected_paths():
    """The grader's files no student process may read, whatever their modes: the expected values, the
    configuration, a built autograder zip and the TAs' compare output beside this checkout."""
    kit = os.path.dirname(ROOT)
    return [os.path.join(ROOT, "fixtures"), os.path.join(ROOT, "config.toml"),
            *sorted(glob.glob(os.path.join(kit, "dist", "autograder*.zip"))), os.path.join(kit, "build", "compare")]


def open_sandbox(files, limits, backend=None):
    """The sandbox for this assignment's checks: the student's ``files`` as the package ``xo``, the
    Project 5 probes, the grader's own files protected."""
    return (backend or default_backend())(files, limits, probes=PROBES, package=PACKAGE,
                                          protected=protected_paths())
