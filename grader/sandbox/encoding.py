"""What the sandboxed child sends: values encoded exactly (``enc``: a value is plain only when its type is
exactly a built-in plain type), the student's exceptions described (``raised``), a call attempted
(``attempt``) and an observation written as JSON (``dump``), without the ``json`` module (whose import alone
costs more than the interpreter's start).

Runs in the child, staged before ``child.py`` in one file (``child.HARNESS_FILES``): it imports only modules
the interpreter has loaded anyway (and ``gc``, built in), and nothing of the grader.
"""

import gc
import itertools
import os

STUDENT = {"folder": "/nonexistent/", "package": "student", "names": ()}
"""The student's files as this process serves them: their folder, the package they form, their modules'
names.  Set from the request (``serve``) once, before any of the student's code runs; a forked child
serves one request and ends."""


def _traceback_type():
    try:
        raise LookupError
    except LookupError as error:
        return type(error.__traceback__)


TRACEBACK = _traceback_type()     # types.TracebackType, without importing ``types``


MAX_ITEMS = 20          # items of a list or tuple reported one by one


MAX_TEXT = 2000         # characters of a string or a repr


def safe_repr(value):
    try:
        text = repr(value)
    except BaseException as error:  # a broken __repr__ is the student's, not ours
        return f"<unprintable {type(value).__name__}: {type(error).__name__}>"
    if type(text) is not str:
        return "<repr returned a non-string>"
    return text if len(text) <= MAX_TEXT else text[:MAX_TEXT] + "…"


def type_name(value):
    kind = type(value)
    module = getattr(kind, "__module__", "")
    name = getattr(kind, "__qualname__", kind.__name__)
    if type(module) is not str or type(name) is not str:
        return "object"
    package = STUDENT["package"]
    return name if module in ("builtins", package) or module.startswith(package + ".") else f"{module}.{name}"


def enc(value, depth=0):
    """Encode ``value`` as a JSON-plain observation (exact types only)."""
    kind = type(value)
    if value is None or kind is bool or kind is int:
        return {"type": type_name(value), "value": value}
    if kind is float:
        return {"type": "float", "value": value if value == value and abs(value) != float("inf") else None,
                "repr": safe_repr(value)}
    if kind is str:
        return {"type": "str", "value": value[:MAX_TEXT], "truncated": len(value) > MAX_TEXT}
    if (kind is list or kind is tuple) and depth < 2:
        return {"type": kind.__name__, "length": len(value),
                "items": [enc(item, depth + 1) for item in value[:MAX_ITEMS]]}
    return {"type": type_name(value), "repr": safe_repr(value)}


def read_traceback(tb, _traceback=TRACEBACK, _isenabled=gc.isenabled, _disable=gc.disable, _enable=gc.enable,
                   _type=type, _islice=itertools.islice, _getattr=getattr, _none=(None, None, None, None)):
    """``(file, line, function, columns)`` of each frame of the traceback ``tb``, oldest first: ``columns``
    (3.11 on: last line, first and last column of the instruction that raised, which Python's own traceback
    underlines), or Nones.  The one reader of frames the sandbox allows once the student's code is loaded
    (``guard``, by this function's code object): it reads a real traceback's members only, so no code of the
    student's runs between its reads, and with the garbage collector off, so that no finalizer does either (it
    would read frames as this function).  It hands out names and numbers only, never a code object (one of
    the harness's would let a frame pass for the harness's own).  What it uses is bound in its defaults, which
    the student's code can neither read nor set."""
    enabled = _isenabled()
    _disable()
    found = []
    try:
        while _type(tb) is _traceback:
            code, line = tb.tb_frame.f_code, tb.tb_lineno
            positions = _getattr(code, "co_positions", None)
            where = _none
            if positions is not None and tb.tb_lasti >= 0:
                where = next(_islice(positions(), tb.tb_lasti // 2, None), _none)
            found.append((code.co_filename, line if where[0] is None else where[0], code.co_name, where[1:]))
            tb = tb.tb_next
    finally:
        if enabled:
            _enable()
    return found


def raised(error):
    """Describe an exception the student's code raised (frames of our own code removed)."""
    import traceback
    folder = STUDENT["folder"]
    frames = [traceback.FrameSummary(name, line, function, **({} if columns[1] is None else dict(
                  end_lineno=columns[0], colno=columns[1], end_colno=columns[2])))
              for name, line, function, columns in read_traceback(error.__traceback__)
              if type(name) is str and name.startswith(folder)]
    lines = [line.replace(f'"{folder}', '"') for line in traceback.format_list(frames)]   # board.py, not /tmp/…
    try:
        message = str(error)
    except BaseException:
        message = "<unprintable message>"
    return {
        "type": type(error).__name__,
        "value_error": isinstance(error, ValueError),
        "index_error": isinstance(error, IndexError),
        "not_implemented": isinstance(error, NotImplementedError),
        "memory": isinstance(error, MemoryError),
        "missing_module": error.name if isinstance(error, ImportError) and type(error.name) is str else None,
        "message": message[:MAX_TEXT],
        "traceback": "".join(lines)[-4 * MAX_TEXT:],
        "where": _where(error, frames),
    }


def _where(error, frames):
    if isinstance(error, SyntaxError) and error.filename:
        text = error.text if type(error.text) is str else ""
        return {"file": os.path.basename(str(error.filename))[:MAX_TEXT], "line": error.lineno,
                "text": text.rstrip()[:MAX_TEXT]}
    if frames:
        return {"file": os.path.basename(frames[-1].filename), "line": frames[-1].lineno, "text": frames[-1].line}
    return None


def attempt(function, *args):
    """Call ``function``; return ``{"value": …}`` or ``{"raised": …}``."""
    try:
        return {"value": enc(function(*args))}
    except BaseException as error:   # SystemExit and KeyboardInterrupt included: they are the student's
        return {"raised": raised(error)}


def dump(value, _type=type, _str=str, _repr=repr, _abs=abs, _ord=ord, _dict=dict, _list=list, _tuple=tuple,
         _float=float, _int=int, _bool=bool, _any=any, _inf=float("inf")):
    """JSON text of ``value`` (dicts, lists, strings, ints, finite floats, bools, None).

    Everything it uses is bound when this module is run, before any of the student's code (its defaults,
    and functions it makes afresh for each call): replacing a builtin, or a name of this module, changes
    nothing it writes (the channel's writer is ``child.writer``'s, bound the same way).

    >>> dump({"a": [1, 2.5, None, True, 'x"\\n']})
    '{"a": [1, 2.5, null, true, "x\\\\"\\\\n"]}'
    """
    def string(text):
        out = (text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\r", "\\r")
               .replace("\t", "\\t"))
        if _any(ch < " " or "\ud800" <= ch <= "\udfff" for ch in out):
            out = "".join("\\u%04x" % _ord(ch) if ch < " " or "\ud800" <= ch <= "\udfff" else ch for ch in out)
        return '"' + out + '"'

    def encode(item):
        kind = _type(item)
        if item is None:
            return "null"
        if kind is _bool:
            return "true" if item else "false"
        if kind is _int:
            return _int.__repr__(item)
        if kind is _float:
            return _float.__repr__(item) if item == item and _abs(item) != _inf else "null"
        if kind is _str:
            return string(item)
        if kind is _dict:
            return "{" + ", ".join(string(key if _type(key) is _str else _repr(key)) + ": " + encode(v)
                                   for key, v in _dict.items(item)) + "}"
        if kind is _list or kind is _tuple:
            return "[" + ", ".join(encode(v) for v in item) + "]"
        return string("<a value the harness does not send>")
    return encode(value)
