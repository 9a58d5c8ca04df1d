"""A class given as Gradescope's "Export Submissions" zip, unpacked safely for ``batch``, ``similarity`` and
``compare``'s class runs.

The zip holds files the students named, so it is read as untrusted: an entry whose name is absolute or climbs
out (``..``) is left out, as is a link or a device (only regular files and folders are made, never through a
link); the total unpacked is bounded by the bytes actually written (not by what the zip's headers claim, which
a crafted zip can understate), and so is the number of entries.  It is unpacked into a temporary folder that is
removed afterwards, whatever happens.
"""

import contextlib
import os
import shutil
import stat
import tempfile
import zipfile
from dataclasses import dataclass, field

MAX_BYTES = 2 * 1024 ** 3
"""Bytes a class's zip may unpack to, in all: a 300-student export of this project is a few megabytes; a zip
that unpacks to more is refused (a zip bomb, or the wrong file)."""

MAX_ENTRIES = 200_000
"""Entries a class's zip may hold."""

CHUNK = 1 << 20


class ExportError(ValueError):
    """A class's zip that cannot be unpacked: the message names the file and why."""


@dataclass
class Unpacked:
    """A zip unpacked: the folder it went into, and the entries left out, each with why."""
    folder: str
    source: str
    left_out: list = field(default_factory=list)


def is_zip(path):
    """Whether ``path`` is a regular file holding a zip archive."""
    return os.path.isfile(path) and zipfile.is_zipfile(path)


def check(path):
    """Raise ``ExportError`` unless ``path`` names a folder or a readable zip (read nothing else)."""
    if os.path.isdir(path):
        return
    if not os.path.exists(path):
        raise ExportError(f"{path} does not exist (give the export's folder or its zip)")
    if not is_zip(path):
        raise ExportError(f"{path} is neither a folder nor a zip file (give the export's folder or its zip)")
    try:
        with zipfile.ZipFile(path) as archive:
            archive.infolist()
    except (zipfile.BadZipFile, OSError) as error:
        raise ExportError(f"{path} is not a readable zip file: {error}") from None


def _parts(name):
    """The folders and file of an entry's name, or None when it is absolute or climbs out of the folder.

    >>> _parts("a/b/c.py"), _parts("../x"), _parts("/etc/passwd"), _parts("a\\\\..\\\\..\\\\x"), _parts("C:/x")
    (['a', 'b', 'c.py'], None, None, None, None)
    """
    text = name.replace("\\", "/")
    if text.startswith("/") or (len(text) > 1 and text[1] == ":"):
        return None
    parts = [p for p in text.split("/") if p not in ("", ".")]
    if not parts or ".." in parts or any("\0" in p for p in parts):
        return None
    return parts


def unpack(path, folder, *, max_bytes=None, max_entries=None):
    """Unpack the zip ``path`` into the existing, empty ``folder``; return the ``Unpacked`` record.

    Raises ``ExportError`` (naming the file) when the zip cannot be read, is encrypted, holds more than
    ``max_entries`` entries or unpacks to more than ``max_bytes``."""
    record = Unpacked(folder, path)
    max_bytes = MAX_BYTES if max_bytes is None else max_bytes
    max_entries = MAX_ENTRIES if max_entries is None else max_entries
    written = 0
    try:
        archive = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, OSError) as error:
        raise ExportError(f"{path} is not a readable zip file: {error}") from None
    with archive:
        entries = archive.infolist()
        if len(entries) > max_entries:
            raise ExportError(f"{path} holds {len(entries):,} entries, more than the {max_entries:,} a class's "
                              f"export may hold")
        for info in entries:
            parts = _parts(info.filename)
            if parts is None:
                record.left_out.append(f"{info.filename!r}: its name leaves the folder")
                continue
            kind = stat.S_IFMT(info.external_attr >> 16) if info.create_system == 3 else 0
            if kind and kind not in (stat.S_IFREG, stat.S_IFDIR):
                record.left_out.append(f"{info.filename!r}: a link or special file, never unpacked")
                continue
            if info.flag_bits & 0x1:
                raise ExportError(f"{path}: {info.filename!r} is encrypted; export the submissions again without a "
                                  f"password")
            target = _folder_of(folder, parts[:-1] if not info.is_dir() else parts, record, info.filename)
            if target is None or info.is_dir():
                continue
            destination = os.path.join(target, parts[-1])
            try:
                fd = os.open(destination, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o644)
            except FileExistsError:
                record.left_out.append(f"{info.filename!r}: named twice in the zip (the first one is kept)")
                continue
            except OSError as error:
                record.left_out.append(f"{info.filename!r}: cannot be written ({error.strerror})")
                continue
            try:
                with os.fdopen(fd, "wb") as out, archive.open(info) as data:
                    while True:
                        chunk = data.read(CHUNK)
                        if not chunk:
                            break
                        written += len(chunk)
                        if written > max_bytes:
                            raise ExportError(f"{path} unpacks to more than {max_bytes / 1024 ** 2:,.0f} MiB "
                                              f"(at {info.filename!r}): not a class's export, or a zip bomb")
                        out.write(chunk)
            except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, EOFError, NotImplementedError) as error:
                raise ExportError(f"{path}: {info.filename!r} cannot be read: {error}") from None
    return record


def _folder_of(root, parts, record, name):
    """The folder ``root/parts…``, made as needed; None (and a note) when something in the way is not a
    folder of ours (a file of that name, or a link)."""
    here = root
    for part in parts:
        here = os.path.join(here, part)
        if os.path.lexists(here):
            if os.path.islink(here) or not os.path.isdir(here):
                record.left_out.append(f"{name!r}: {part!r} is not a folder in the zip")
                return None
            continue
        os.mkdir(here, 0o755)
    return here


@contextlib.contextmanager
def class_folder(path, *, report=None):
    """Yield ``(folder, label)`` for a class given as ``path``: a folder as it is, or a zip unpacked into a
    temporary folder removed on leaving.  ``label`` names it for people (the zip's path, never the temporary
    one); ``report`` gets one line per entry left out of the zip."""
    check(path)
    if os.path.isdir(path):
        yield path, path
        return
    work = tempfile.mkdtemp(prefix="xo-export-")
    try:
        unpacked = unpack(path, work)
        if report:
            for line in unpacked.left_out:
                report(f"{path}: left out {line}")
        yield work, path
    finally:
        shutil.rmtree(work, ignore_errors=True)
