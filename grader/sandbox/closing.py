"""The sandboxes' bases, with no POSIX-only import (Windows loads them too): ``Closing``, a thing to use in
``with``, and ``Staged``, a plain copy of the student's files."""

import os
import shutil
import tempfile


class Closing:
    """A thing to use in ``with``: its ``close()`` runs on the way out, whatever happened inside."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class Staged(Closing):
    """The student's ``files`` copied into a temporary folder of their own (``folder``), removed on close:
    the stage of the sandboxes without users or enclosure (``runner.InProcess``, ``spawned.Spawned``)."""

    prefix = "xo-staged-"

    def __init__(self, files, limits, *, probes, package, protected=(), drop=None):
        self.files = dict(files)
        self.limits = limits
        self.probes, self.package = probes, package
        self.stage = tempfile.mkdtemp(prefix=self.prefix)
        self.folder = os.path.join(self.stage, "submission")
        os.mkdir(self.folder)
        for name, path in files.items():
            shutil.copyfile(path, os.path.join(self.folder, f"{name}.py"))

    def close(self):
        shutil.rmtree(self.stage, ignore_errors=True)

    def source(self, name):
        return self.files[name]

    def request(self, probe, args, modules):
        """What a child is asked to do: the probe, its arguments, the student's modules to import first."""
        return {"folder": self.folder, "modules": list(modules), "probe": probe, "args": args,
                "probes": self.probes, "package": self.package, "names": sorted(self.files)}
