"""A class as ``batch`` and ``similarity`` find it: the submission folders of an export (or of a plain folder
of folders), and what Gradescope's ``submission_metadata.yml`` says of each (its students, its score), read
without a YAML library (``parse_metadata``)."""

import json
import os
import re

from .. import ROOT

TOP = os.path.dirname(ROOT)


METADATA = "submission_metadata.yml"


SKIP = {"__MACOSX", "__pycache__", ".git", "venv", ".venv", "node_modules"}


def _scalar(text):
    """A YAML scalar as Gradescope writes them: plain, 'single' or "double" quoted."""
    text = text.strip()
    if text.startswith("'"):
        end = text.rfind("'")
        return text[1:end].replace("''", "'") if end > 0 else text[1:]
    if text.startswith('"'):
        end = text.rfind('"')
        inner = text[1:end] if end > 0 else text[1:]
        try:
            return json.loads(f'"{inner}"')
        except ValueError:
            try:
                return inner.encode("latin-1", "backslashreplace").decode("unicode_escape")
            except UnicodeDecodeError:
                return inner
    text = re.sub(r"\s+#.*$", "", text)
    return None if text in ("", "~", "null") else text


def _key_value(text):
    """``:name: Alice`` or ``name: Alice`` → ("name", "Alice"); None when the line is no key."""
    match = re.match(r"""^:?("[^"]*"|'[^']*'|[^:'"\s][^:]*?):(?:\s+(.*))?$""", text.strip())
    if not match:
        return None
    key = match.group(1).strip("'\"").lstrip(":")
    return key, match.group(2)


def parse_metadata(text):
    """Read Gradescope's submission_metadata.yml: {folder: {"submitters": [...], "created_at", "score", "status"}}.

    Only the shape Gradescope writes is understood (Ruby symbol keys, block
    style); everything else in it (``:results:``, ``:history:``) is skipped.

    >>> meta = parse_metadata('''
    ... submission_123:
    ...   :submitters:
    ...   - :name: Ada O'Brien
    ...     :sid: '100'
    ...     :email: ada@example.edu
    ...   :created_at: 2024-03-01 12:00:00.000000000 -08:00
    ...   :score: 87.5
    ...   :history: []
    ... ''')
    >>> meta["submission_123"]["submitters"], meta["submission_123"]["score"]
    ([{'name': "Ada O'Brien", 'sid': '100', 'email': 'ada@example.edu'}], '87.5')
    """
    found = {}
    current = section = None
    item = None
    item_indent = None
    for raw in text.splitlines():
        line = raw.rstrip()
        if not line.strip() or line.lstrip().startswith("#") or line.startswith(("---", "...")):
            continue
        indent = len(line) - len(line.lstrip(" "))
        body = line.strip()
        if indent == 0:
            pair = _key_value(body)
            if pair:
                current = found.setdefault(pair[0], {"submitters": []})
            section = item = None
            continue
        if current is None:
            continue
        if section == "submitters" and (body.startswith("- ") or body == "-") and indent <= 4:
            item = {}
            item_indent = indent + 2
            current["submitters"].append(item)
            pair = _key_value(body[2:])
            if pair:
                item[pair[0]] = _scalar(pair[1] or "")
            continue
        if section == "submitters" and item is not None and indent == item_indent:
            pair = _key_value(body)
            if pair:
                item[pair[0]] = _scalar(pair[1] or "")
            continue
        if indent == 2 and not body.startswith("-"):
            pair = _key_value(body)
            if not pair:
                continue
            key, value = pair
            section, item = key, None
            if key in ("created_at", "score", "status") and value is not None:
                current[key] = _scalar(value)
    return found


def load_metadata(folder):
    path = os.path.join(folder, METADATA)
    if not os.path.isfile(path):
        return None
    with open(path, encoding="utf-8", errors="replace") as f:
        return parse_metadata(f.read())


def find_submissions(folder):
    """Return (export folder, is a Gradescope export, [(name, path, metadata or {})] sorted by name)."""
    folder = os.path.abspath(folder)
    metadata = load_metadata(folder)
    if metadata is None:                 # an export zip unpacks to one folder holding the metadata
        inner = [e for e in _subfolders(folder) if os.path.isfile(os.path.join(folder, e, METADATA))]
        if len(inner) == 1:
            folder = os.path.join(folder, inner[0])
            metadata = load_metadata(folder)
    names = _subfolders(folder)
    if metadata is not None:
        names = sorted(set(names) | set(metadata))
    found = [(name, os.path.join(folder, name), (metadata or {}).get(name, {})) for name in names]
    return folder, metadata is not None, found


def _subfolders(folder):
    try:
        entries = sorted(os.listdir(folder))
    except OSError:
        return []
    return [e for e in entries if e not in SKIP and not e.startswith(".") and os.path.isdir(os.path.join(folder, e))]


def _safe(name):
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", name).strip("._") or "submission"
