"""The channel: what a child sends back, framed, bounded and parsed.

A child writes one JSON object per line.  The parent keeps at most
``CHANNEL_LIMIT`` bytes, ``EVENT_LIMIT`` lines and ``VALUE_LIMIT`` values
whatever the child sends (``budget_allows``), parses each line as it arrives
(``Channel``: malformed or forged lines make the run "garbled"), escapes the
student's text in reported exceptions (``admit``), and marks each event with
its own clock as it arrives.  ``Outcome`` is what one run produced, with the
CPU time the kernel counted for the child.  Nothing here knows what is being
graded.  The child asks the parent for nothing while it runs: the timed runs of
the Deque's timing check are whole runs, measured from outside (red team, round
nine: a child that could ask for its events to be stamped sent the stamps of
runs it never made).
"""

import json
import os
import secrets
import signal
import time
from dataclasses import dataclass, field

from ..text.markdown import escape
from .child import ESCAPED_EXIT, MEMORY_EXIT, REPLACED_EXIT

CHANNEL_LIMIT = 16 * 2**20          # bytes of observations a run may send
EVENT_LIMIT = 50_000                # lines (events) a run may send: the grader builds one dict per line
VALUE_LIMIT = 1_000_000             # JSON separators (, : [ {) a run may send: a bound on the objects parsed
DEPTH_LIMIT = 32                    # nesting of one event (real observations nest 6 deep)
TEXT_LIMIT = 20_000                 # characters of one string of an event (the harness sends at most 8,000),
                                    # but the bytecode a compile event carries


@dataclass
class Outcome:
    """What one run of the child produced.

    ``status`` is ``"done"`` (the probe finished), ``"timeout"`` (killed at the
    deadline), ``"exited"`` (the process ended early: ``sys.exit``,
    ``os._exit``, a signal, a resource limit) or ``"garbled"`` (the channel
    carried something that is not an observation).
    """

    events: list
    stdout: str
    stderr: str
    status: str
    returncode: int
    elapsed: float
    timeout: float
    limits: dict = field(default_factory=dict)   # the run's resource limits (memory_bytes, cpu_seconds, file_bytes)
    cpu: float = None                  # CPU seconds the process used in all (its zygote's wait4), or None
    forged: bool = False               # the channel carried lines that are not the harness's, or too many

    def first(self, key):
        """The first event carrying ``key``, or None."""
        return next((e for e in self.events if key in e), None)

    def all(self, key):
        return [e for e in self.events if key in e]

    @property
    def ended_how(self):
        """A plain-words account of how the process ended, for feedback."""
        code = self.returncode
        if self.status == "timeout":
            return f"did not finish within {self.timeout:g} s and was stopped"
        if self.status == "garbled":
            return "wrote something to the grader's channel that is not an observation"
        if code is None:
            return "ended in an unknown way"
        limits = self.limits
        mib = f"{limits['memory_bytes'] / 2**20:g} MiB" if limits.get("memory_bytes") else "its limit"
        if code == MEMORY_EXIT:
            return f"ran out of memory: it needed more than the {mib} of memory it may use"
        if code == REPLACED_EXIT:
            return ("replaced the descriptor the grader reads its observations on (os.dup2 or os.close?), so the "
                    "grader stopped it")
        if code == ESCAPED_EXIT:
            return "ended with an error the grader could not report (exit status 70), often a runaway recursion"
        if code < 0:
            sig = -code
            name = signal.Signals(sig).name if sig in signal.Signals._value2member_map_ else f"signal {sig}"
            cpu = f"{limits['cpu_seconds']:g} s" if limits.get("cpu_seconds") else "its limit"
            size = f"{limits['file_bytes'] / 2**20:g} MiB" if limits.get("file_bytes") else "the limit"
            reasons = {signal.SIGXCPU: f"it used up its CPU time ({cpu})",
                       signal.SIGKILL: f"it was killed (SIGKILL): out of memory ({mib}) or CPU time, or it killed "
                                       f"itself",
                       signal.SIGXFSZ: f"it wrote a file larger than {size}",
                       signal.SIGSEGV: "it crashed the interpreter (SIGSEGV), often a runaway recursion"}
            return f"was ended by {name}: {reasons.get(sig, 'a signal')}"
        if code == 0:
            return "ended the Python process early with exit status 0 (os._exit?)"
        return f"ended the Python process early with exit status {code} (sys.exit or os._exit?)"


class Bounded:
    """Keep the first and last ``limit`` characters of a stream, count the rest."""

    def __init__(self, limit):
        self.limit = limit
        self.head = bytearray()
        self.tail = bytearray()
        self.total = 0

    def add(self, data):
        self.total += len(data)
        room = self.limit - len(self.head)
        if room > 0:
            self.head += data[:room]
            data = data[room:]
        if data:
            self.tail += data
            del self.tail[:-self.limit]

    def text(self):
        head = self.head.decode("utf-8", "replace")
        if not self.tail:
            return head
        skipped = self.total - len(self.head) - len(self.tail)
        tail = self.tail.decode("utf-8", "replace")
        if skipped <= 0:
            return head + tail
        return f"{head}\n… [{skipped:,} bytes not shown] …\n{tail}"


def zygote_status(line):
    """The exit code and CPU seconds in the zygote's "status CODE CPU" line (CPU None if absent).

    >>> zygote_status("status -9 1.250000")
    (-9, 1.25)
    """
    words = line.split()
    return int(words[1]), float(words[2]) if len(words) > 2 else None


def budget_allows(budget, data):
    """Count ``data``'s lines and JSON separators into ``budget``: whatever the child sends, the grader
    parses at most ``EVENT_LIMIT`` events of at most ``VALUE_LIMIT`` values in all (16 MiB of ``{}``
    lines would otherwise be 5.6 million dicts, a gigabyte of the grader's memory)."""
    budget[0] += data.count(b"\n")
    budget[1] += data.count(b",") + data.count(b":") + data.count(b"[") + data.count(b"{")
    return True


EXCEPTION_KEYS = ("raised", "import_error", "probe_error")


def _exception_ok(problem):
    return (isinstance(problem, dict) and all(isinstance(problem.get(k), str) for k in ("type", "message"))
            and isinstance(problem.get("traceback", ""), str)
            and all(isinstance(problem.get(k, False), bool) for k in ("value_error", "index_error", "not_implemented"))
            and (problem.get("where") is None or isinstance(problem["where"], dict))
            and isinstance(problem.get("missing_module") or "", str))


def _value_ok(item):
    """Whether a dict that looks like an encoded value (a ``type`` and a ``value``, ``repr`` or ``items``) has
    child.py's own shape."""
    if not isinstance(item["type"], (str, type(None))) or not isinstance(item.get("repr", ""), str):
        return False
    return "items" not in item or (isinstance(item["items"], list) and type(item.get("length")) is int
                                   and item["length"] >= len(item["items"]))


def _clipped(text):
    return text[:TEXT_LIMIT] + f"… [{len(text) - TEXT_LIMIT:,} more characters]"


def admit(event):
    """Check and neuter one parsed line in a single walk; return whether it is one of the harness's events.

    It is when it nests no deeper than ``DEPTH_LIMIT`` and every exception report (``EXCEPTION_KEYS``) and
    every encoded value in it has child.py's own shape.  On the way, every string longer than ``TEXT_LIMIT``
    is cut (but ``pyc``, the compiled bytecode: a forged event's 16 MB of text would otherwise reach
    results.json once per check, 560 MB in the red team's round four), and the student's text in each
    exception report (its type's name and its message) is escaped, so that no check can put it into the
    Markdown raw (``feedback.escape``).  One walk, not four: this runs on every line of every run, and was
    most of the grader's own time in a grading.  What it changes of an event it then refuses does not matter:
    a refused event is dropped.

    >>> admit({"raised": {"type": "<b>", "message": "x" * 5}, "v": [{"type": "int", "value": 1}]})
    True
    >>> e = {"raised": {"type": "<b>", "message": "**"}}; admit(e), e["raised"]
    (True, {'type': '&lt;b&gt;', 'message': '\\\\*\\\\*'})
    >>> admit({"raised": {"type": 1, "message": ""}}), admit({"v": {"type": "list", "items": [1], "length": 0}})
    (False, False)
    >>> deep = {}
    >>> for _ in range(DEPTH_LIMIT): deep = {"d": deep}
    >>> admit(deep), admit({"d": deep})
    (True, False)
    """
    stack = [(event, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            if item and depth >= DEPTH_LIMIT:
                return False
            for key in EXCEPTION_KEYS:
                if key in item:
                    problem = item[key]
                    if not _exception_ok(problem):
                        return False
                    for name in ("type", "message"):
                        problem[name] = escape(problem[name], limit=2000)
            if "type" in item and ("value" in item or "repr" in item or "items" in item) and not _value_ok(item):
                return False
            pairs = item.items()
        else:
            if item and depth >= DEPTH_LIMIT:
                return False
            pairs = enumerate(item)
        for key, value in pairs:
            if isinstance(value, str):
                if len(value) > TEXT_LIMIT and key != "pyc":
                    item[key] = _clipped(value)
            elif isinstance(value, (dict, list)):
                stack.append((value, depth + 1))
    return True


def run_token():
    """The token of one run, drawn by the parent and sent in its request: the child's writer (``child.writer``)
    holds it only in its defaults and starts every line with it, and ``Channel`` reads no other line."""
    return secrets.token_hex(16)


class Channel:
    r"""The observation channel of one run, parsed line by line as it arrives.

    Only the line not yet ended is held as bytes; each complete line becomes an
    event at once (``arrived``: the parent's clock when its last byte was read,
    whatever the child put in that key).  Past ``CHANNEL_LIMIT`` bytes,
    ``EVENT_LIMIT`` lines or ``VALUE_LIMIT`` values nothing more is read
    (``overflow``); a line that is not one of the harness's events makes the run
    ``garbled``.

    >>> c = Channel()
    >>> c.feed(b'{"a": 1}\n{"b"'); c.feed(b': 2}\n{"c": 3}'); c.close()
    >>> [{k: v for k, v in e.items() if k != "arrived"} for e in c.events], c.garbled, c.overflow
    ([{'a': 1}, {'b': 2}, {'c': 3}], False, False)
    >>> c = Channel(); c.feed(b'not json\n'); c.close(); c.events, c.garbled
    ([], True)
    """

    def __init__(self, token=""):
        self.token = token.encode("ascii")  # what starts every line the harness writes (``child.writer``)
        self.pending = bytearray()         # the line not ended yet
        self.size = 0                      # bytes accepted
        self.budget = [0, 0]               # lines and JSON separators accepted (see budget_allows)
        self.events = []
        self.garbled = self.overflow = False
        self.last = None                   # when the last bytes were read

    def feed(self, data):
        if self.overflow:
            return
        if self.size + len(data) > CHANNEL_LIMIT or not (
                budget_allows(self.budget, data) and self.budget[0] <= EVENT_LIMIT and self.budget[1] <= VALUE_LIMIT):
            self.overflow = True
            return
        self.size += len(data)
        self.last = time.monotonic()
        self.pending += data
        start = 0
        while True:
            end = self.pending.find(b"\n", start)
            if end < 0:
                break
            self._line(bytes(self.pending[start:end + 1]), complete=True)
            start = end + 1
        del self.pending[:start]

    @property
    def forged(self):
        """The channel carried lines that are not the harness's, or too many."""
        return bool(self.garbled or self.overflow)

    def status(self, returncode):
        """How a run that was not stopped ended, once the child is gone: ``"done"`` only when the harness's
        "done" is the last event and the process exited with status 0 (a child that wrote "done" itself and
        killed itself before the probe's own events did not finish: red team, round four), ``"garbled"`` when
        the channel was ``forged``, else ``"exited"``.

        >>> c = Channel(); c.feed(b'{"done": true}\\n'); c.close()
        >>> c.status(0), c.status(-9)
        ('done', 'exited')
        """
        if self.forged:
            return "garbled"
        return "done" if self.events and self.events[-1].get("done") and returncode == 0 else "exited"

    def close(self):
        """The child is gone: its last line, if it did not end it, is read as it is."""
        if self.pending:
            self._line(bytes(self.pending), complete=False)
            self.pending.clear()

    def _line(self, line, complete):
        if not line.strip():
            return
        if self.token:
            if not line.startswith(self.token):
                self.garbled = True              # written by something other than the harness's writer
                return
            line = line[len(self.token):]
        try:
            event = json.loads(line)
        except (ValueError, RecursionError):      # RecursionError: a line nested thousands deep
            self.garbled = True
            return
        if not (isinstance(event, dict) and admit(event)):
            self.garbled = True
            return
        event["arrived"] = self.last
        self.events.append(event)
