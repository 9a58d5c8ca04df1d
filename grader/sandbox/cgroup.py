"""The slot's memory cgroup (``MemoryCgroup``): where the kernel allows one, the student's processes share a
memory limit they cannot leave, and the kernel's OOM killer ends them there, never the grader."""

import os


class MemoryCgroup:
    """A memory cgroup for one slot's processes, below the grader's own (cgroup v1's memory controller, or
    v2), so that everything they hold together (shared memory and memfd pages included, which RLIMIT_AS
    does not see) is limited and charged to them.  ``folder`` is None, and ``why`` says why, where the
    kernel or the container does not allow one (Docker mounts /sys/fs/cgroup read-only)."""

    def __init__(self, name, limit):
        self.folder, self.why = None, "no cgroup file system with a memory controller"
        for folder, knob in self.places(name):
            try:
                try:
                    os.mkdir(folder, 0o700)
                except FileExistsError:
                    pass
                with open(os.path.join(folder, knob), "w") as f:
                    f.write(str(limit))
                if knob == "memory.limit_in_bytes":
                    try:
                        with open(os.path.join(folder, "memory.memsw.limit_in_bytes"), "w") as f:
                            f.write(str(limit))
                    except OSError:
                        pass
                else:
                    try:
                        with open(os.path.join(folder, "memory.swap.max"), "w") as f:
                            f.write("0")
                    except OSError:
                        pass
                self.folder, self.why = folder, None
                return
            except OSError as error:
                self.why = f"cannot make a memory cgroup in {os.path.dirname(folder)}: {error.strerror}"

    @classmethod
    def places(cls, name):
        """(folder, limit's knob) where the cgroup ``name`` goes, below the grader's own: cgroup v1's memory
        controller, then v2's unified hierarchy, where each is mounted."""
        for mount, knob in (("/sys/fs/cgroup/memory", "memory.limit_in_bytes"), ("/sys/fs/cgroup", "memory.max")):
            if knob == "memory.max" and not os.path.exists("/sys/fs/cgroup/cgroup.controllers"):
                continue
            if not os.path.isdir(mount):
                continue
            own = cls._own(mount == "/sys/fs/cgroup")
            if own is not None:
                yield os.path.join(mount, own.lstrip("/"), name), knob

    @classmethod
    def remove_left(cls, name):
        """Remove the cgroup ``name`` a killed grading left (empty once its processes are killed); return
        how many folders were removed."""
        removed = 0
        for folder, _ in cls.places(name):
            try:
                os.rmdir(folder)
                removed += 1
            except OSError:
                pass
        return removed

    @staticmethod
    def _own(unified):
        """The grader's own cgroup path in the memory hierarchy (v1) or the unified one (v2)."""
        try:
            with open("/proc/self/cgroup") as f:
                for line in f:
                    _, controllers, path = line.rstrip("\n").split(":", 2)
                    if (unified and controllers == "") or (not unified and "memory" in controllers.split(",")):
                        return path
        except (OSError, ValueError):
            pass
        return None

    def add(self, pid):
        """Put process ``pid`` (the zygote, before it forks anything) in the cgroup."""
        if self.folder is None:
            return False
        try:
            with open(os.path.join(self.folder, "cgroup.procs"), "w") as f:
                f.write(str(pid))
            return True
        except OSError as error:
            self.why = f"cannot move the zygote into {self.folder}: {error.strerror}"
            return False

    def remove(self):
        if self.folder is not None:
            try:
                os.rmdir(self.folder)
            except OSError:
                pass
