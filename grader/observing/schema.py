"""What each probe sends, checked by the parent before any check reads it.

The student's code runs in the process that sends the observations, and may write on the channel itself:
an event of a shape no probe sends is not an observation (red team, round five: 45,000 well-formed events
of its own in every run made board_imports read a foreign event as the import report, an internal error).
So every event a check is handed must be one of the kinds its probe sends (``KINDS``: a key that names the
kind, and the keys that kind may carry), the answers to a list of items must come one per item, in the order
asked (the ``position``/``call``/``program`` number, or the item itself echoed), and a probe that sends one
report sends exactly one.  What fails here fails the check that asked, in plain words; nothing reaches a
check's judging that the harness could not have sent.
"""

from ..submission.locate import NAMES, OPTIONAL

PARENT = frozenset({"arrived", "cpu", "stamped"})
"""Keys the parent itself puts into an event (when it arrived; the CPU time of a stamped one)."""

HARNESS = {"done": {"done"}, "imported": {"imported", "seconds"}, "import_error": {"import_error"},
           "probe_error": {"probe_error"}}
"""The kinds child.py's harness sends in every run, by the key that names each, with the keys each carries."""

RESULT = {"value", "raised"}
"""What ``attempt`` returns: one of the two."""

REPORT = None
"""The kind of an event named by no key of its own: a probe's one report (``import``, ``board_new``)."""

KINDS = {
    "import": {REPORT: {*NAMES, *OPTIONAL, "X", "O", "XO()", "Deque()"}},
    "board_new": {REPORT: {"board_type", "fields", "shared"}},
    "board_items": {"state": {"state", "items"}},
    "board_str": {"state": {"state", "str"}},
    "xo_script": {"step": {"step", "board", "printed", "str", *RESULT}},
    "deque_ops": {"op": {"op", *RESULT}},
    "deque_timing": {"stamp": {"stamp", "run", "at", "seconds"}, "timed": {"timed"}},
    "optimal_moves": {"start": {"start"}, "position": {"position", "seconds", "after", "trace", *RESULT}},
    "runaway": {"runaway": {"runaway"}, "pops": {"pops"}},
    "minimax": {"start": {"start"}, "position": {"position", "values", "unchanged", "trace", "after", *RESULT}},
    "calls": {"call": {"call", *RESULT}},
    "programs": {"start": {"start"}, "program": {"program", "status", "stdout", "stderr", "more", "raised"}},
}
"""Probe → the kinds of event it sends (besides ``HARNESS``'s): the key that names each, and every key it may
carry.  Every corpus grading holds its recorded events to it, as every grading does (``Context.run``): the
2.2 million events of the corpus' recordings all fit."""

def _whole(value):
    return type(value) is int


def _real(value):
    return type(value) in (int, float)


CALLS = {"pushFront", "pushBack", "popFront", "popBack"}
"""The Deque calls the trace counts: exactly these (a trace whose calls lacked one made check 3.9's judging
raise KeyError, an internal error, red team, round eight)."""


def _trace(value):
    """The breadth-first trace ``probes._Trace.report`` sends, with its own types (a string where a count
    goes got check 3.9's judging to raise TypeError: an internal error, red team, round five)."""
    return (isinstance(value, dict)
            and value.keys() == {"calls", "runs", "unknown", "truncated", "instances", "boards"}
            and isinstance(value["calls"], dict) and value["calls"].keys() == CALLS
            and all(_whole(v) for v in value["calls"].values())
            and isinstance(value["runs"], list)
            and all(isinstance(r, list) and len(r) == 2 and all(map(_whole, r)) for r in value["runs"])
            and _whole(value["unknown"]) and type(value["truncated"]) is bool and _whole(value["instances"])
            and isinstance(value["boards"], list)
            and all(isinstance(b, list) and len(b) == 2 and _whole(b[0]) and isinstance(b[1], list)
                    and all(isinstance(pair, list) and len(pair) == 2 and all(map(_whole, pair))
                            and 0 <= pair[0] < 3 ** 9 and pair[1] > 0 for pair in b[1]) for b in value["boards"]))


VALUES = {"trace": _trace, "seconds": _real, "pops": _whole, "runaway": _whole, "timed": _whole}
"""Keys whose values a check computes with, and what each must be."""

NUMBERED = {"positions": "position", "calls": "call", "inputs": "program"}
"""Lists of items whose answers carry the item's number: the k-th answer says k."""
ECHOED = {"ops": "op", "states": "state", "steps": "step"}
"""Lists of items whose answers carry the item itself."""
ONE_REPORT = {"import", "board_new"}
"""Probes that send one report, never more."""
AT_MOST = {"done": 1, "imported": len(NAMES + OPTIONAL), "import_error": len(NAMES + OPTIONAL), "probe_error": 1,
           "timed": 1, "runaway": 1, "pops": 1}
"""How many of these kinds one run sends at most."""


def kind_of(probe, event):
    """The key naming the kind of ``event`` among ``probe``'s, ``REPORT`` for a report, or ``False`` if
    ``event`` is of no kind ``probe`` sends.

    >>> kind_of("optimal_moves", {"position": 3, "value": 4, "arrived": 1.5}), kind_of("calls", {"v": [0]})
    ('position', False)
    >>> kind_of("import", {"board": {"BoardXO": True}, "X": 1}), kind_of("import", {"v": 1})
    (None, False)
    """
    keys = event.keys() - PARENT
    for name, allowed in (*HARNESS.items(), *KINDS.get(probe, {}).items()):
        if name is not REPORT and name in keys:
            return name if keys <= allowed else False
    report = KINDS.get(probe, {}).get(REPORT)
    return REPORT if report is not None and keys and keys <= report else False


def problem(probe, args, events):
    """What is wrong with the ``events`` of one run of ``probe`` asked ``args`` (the parent's marks and the
    harness's events included), in words, or None when every event is one ``probe`` sends and the answers
    are the ones asked for.  A probe this module does not know is not checked.

    >>> problem("calls", {"calls": [[1], [2]]}, [{"call": 0, "value": 1}, {"call": 1, "value": 2}, {"done": True}])
    >>> problem("calls", {"calls": [[1], [2]]}, [{"call": 1, "value": 1}, {"call": 0, "value": 2}])
    'its answer 1 is to item 2 of what it was asked, not to item 1'
    >>> problem("import", {}, [{"board": {}}, {"board": {}}])
    'it sent 2 reports where the harness sends one'
    >>> problem("optimal_moves", {"positions": [{}]}, [{"position": 0, "value": 4, "seconds": "0"}])
    "it sent a 'seconds' of a shape the harness never sends"
    >>> problem("board_new", {}, [{"done": True}] * 3)
    "it sent 3 'done' events where the harness sends at most 1"
    """
    if probe not in KINDS:
        return None
    kinds = []
    for event in events:
        kind = kind_of(probe, event)
        if kind is False:
            keys = ", ".join(sorted(map(str, event.keys() - PARENT)))[:200]
            return f"it sent an event the harness never sends for this probe ({f'with {keys}' if keys else 'empty'})"
        for key, fits in VALUES.items():
            if key in event and not fits(event[key]):
                return f"it sent a {key!r} of a shape the harness never sends"
        kinds.append(kind)
    if probe in ONE_REPORT and kinds.count(REPORT) > 1:
        return f"it sent {kinds.count(REPORT)} reports where the harness sends one"
    for kind, most in AT_MOST.items():
        if kinds.count(kind) > most:
            return f"it sent {kinds.count(kind):,} {kind!r} events where the harness sends at most {most}"
    if not isinstance(args, dict):
        return None
    asked_for = next((len(args[a]) for a in NUMBERED if isinstance(args.get(a), list)), None)
    for event, kind in zip(events, kinds):
        if kind == "start" and not (type(event["start"]) is int and 0 <= event["start"] < (asked_for or 0)):
            return f"it said it started item {str(event['start'])[:40]}, which it was not asked for"
    for asked, key in {**NUMBERED, **ECHOED}.items():
        items = args.get(asked)
        if not isinstance(items, list):
            continue
        answers = [event[key] for event, kind in zip(events, kinds) if kind == key]
        for number, (answer, item) in enumerate(zip(answers, items), 1):
            expected = number - 1 if asked in NUMBERED else item
            if type(answer) is not type(expected) or answer != expected:
                return f"its answer {number} is to item {_number(answer, items, asked)} of what it was asked, " \
                       f"not to item {number}"
    return None


def _number(answer, items, asked):
    """Which item (counted from 1) ``answer`` names, or "?"."""
    if asked in NUMBERED:
        return answer + 1 if type(answer) is int else "?"
    return next((k for k, item in enumerate(items, 1) if item == answer), "?")
