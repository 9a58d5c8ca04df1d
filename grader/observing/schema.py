"""What each probe sends, checked by the parent before any check reads it: every event whole, and as many as
were asked for.

The student's code runs in the process that sends the observations, and may write on the channel itself:
an event of a shape no probe sends is not an observation (red team, round five: 45,000 well-formed events
of its own in every run made board_imports read a foreign event as the import report, an internal error; round
nine: well-formed answers whose values were empty made the judging of checks 1.4-1.6 raise KeyError, and a run
that ended after a forged "done" left check 2.17 one answer short, an internal error).  So every event a check
is handed is one of the kinds its probe sends (``KINDS``), whole: each key it must carry, no other, and every
value of the shape the harness gives it, down to the encoded values (``encoded``), the exceptions
(``exception``) and the boards (``snapshot``); the answers to a list of items come one per item, in the order
asked (the ``position``/``call``/``program`` number, or the item itself echoed: ``answers``); and a probe that
sends one report sends exactly one.  What fails here fails the check that asked, in plain words; nothing
reaches a check's judging that the harness could not have sent.
"""

from ..submission.locate import NAMES, OPTIONAL

PARENT = frozenset({"arrived"})
"""Keys the parent itself puts into an event (when it arrived)."""

CALLS = ("pushFront", "pushBack", "popFront", "popBack")
"""The Deque calls the trace records: exactly these (a trace whose calls lacked one made check 3.9's judging
raise KeyError, an internal error, red team, round eight)."""

UNKNOWN = 3 ** 9
"""The code of an item holding no board, in a trace's ``ops`` (``probes/search.py``)."""


def _whole(value):
    return type(value) is int


def _count(value):
    return type(value) is int and value >= 0


def _real(value):
    return type(value) in (int, float)


def _text(value):
    return type(value) is str


def _flag(value):
    return type(value) is bool


def encoded(value, depth=0):
    """Whether ``value`` has the shape of ``encoding.enc``'s result.

    >>> encoded({"type": "int", "value": 3}), encoded({"type": "list", "length": 1, "items": [{"type": "str",
    ... "value": "x", "truncated": False}]}), encoded({}), encoded({"type": "int", "value": "3"})
    (True, True, False, False)
    """
    if not isinstance(value, dict) or not _text(value.get("type")):
        return False
    keys = value.keys()
    if keys == {"type", "value"}:
        return value["value"] is None or type(value["value"]) in (bool, int)
    if keys == {"type", "value", "repr"}:
        return value["type"] == "float" and type(value["value"]) in (float, int, type(None)) and _text(value["repr"])
    if keys == {"type", "value", "truncated"}:
        return value["type"] == "str" and _text(value["value"]) and _flag(value["truncated"])
    if keys == {"type", "length", "items"}:
        return (depth < 2 and value["type"] in ("list", "tuple") and _count(value["length"])
                and isinstance(value["items"], list) and len(value["items"]) <= value["length"]
                and all(encoded(item, depth + 1) for item in value["items"]))
    return keys == {"type", "repr"} and _text(value["repr"])


EXCEPTION = {"type", "value_error", "index_error", "not_implemented", "memory", "missing_module", "message",
             "traceback", "where"}


def exception(value):
    """Whether ``value`` has the shape of ``encoding.raised``'s result (the channel has escaped its text)."""
    if not isinstance(value, dict) or value.keys() != EXCEPTION:
        return False
    where = value["where"]
    return (_text(value["type"]) and _text(value["message"]) and _text(value["traceback"])
            and all(_flag(value[k]) for k in ("value_error", "index_error", "not_implemented", "memory"))
            and (value["missing_module"] is None or _text(value["missing_module"]))
            and (where is None or (isinstance(where, dict) and where.keys() == {"file", "line", "text"}
                                   and _text(where["file"]) and (where["line"] is None or _whole(where["line"]))
                                   and (where["text"] is None or _text(where["text"])))))


def result(value):
    """Whether ``value`` is what ``attempt`` returns: ``{"value": encoded}`` or ``{"raised": exception}``."""
    return isinstance(value, dict) and (
        (value.keys() == {"value"} and encoded(value["value"])) or
        (value.keys() == {"raised"} and exception(value["raised"])))


FIELDS = ("state", "moves", "turn", "numMoves")


def snapshot(value):
    """Whether ``value`` is what ``probes.common.snapshot`` sends of a board."""
    if not isinstance(value, dict) or value.keys() != {"board_type", "fields"} or not _text(value["board_type"]):
        return False
    fields = value["fields"]
    return isinstance(fields, dict) and fields.keys() == set(FIELDS) and all(
        encoded(field) or (isinstance(field, dict) and field.keys() == {"missing", "raised"}
                           and field["missing"] is True and exception(field["raised"]))
        for field in fields.values())


def trace(value):
    """Whether ``value`` is the trace ``probes.search._Trace.report`` sends (the sandbox's ``Witness``): the four
    calls counted, and, when it is ``ordered``, every push and pop in order, as many as the counts say unless it
    was cut (``truncated``); ``tampered``, whether the wrapped methods were changed while it was kept."""
    if not (isinstance(value, dict) and value.keys() == {"calls", "ordered", "ops", "truncated", "instances",
                                                          "tampered"} and _flag(value["tampered"])
            and isinstance(value["calls"], dict) and value["calls"].keys() == set(CALLS)
            and all(_count(v) for v in value["calls"].values()) and _flag(value["ordered"])
            and _flag(value["truncated"]) and _count(value["instances"]) and isinstance(value["ops"], list)
            and all(type(op) is int and 0 <= op < 4 * (UNKNOWN + 1) for op in value["ops"])):
        return False
    made = sum(value["calls"].values())
    if not value["ordered"]:
        return not value["ops"] and not value["truncated"]
    return len(value["ops"]) <= made and (value["truncated"] or len(value["ops"]) == made)


def _board_list(value):
    return isinstance(value, list) and len(value) == 9 and all(v is None or _whole(v) for v in value)


def _module_report(value):
    return isinstance(value, dict) and value.keys() == {"BoardXO", "X", "O", "Deque", "XO"} and \
        all(_flag(v) for v in value.values())


def _shared(value):
    return isinstance(value, dict) and value.keys() == {"state", "moves", "turn"} and all(
        v == "not a list" or _flag(v) or (isinstance(v, dict) and v.keys() == {"raised"} and exception(v["raised"]))
        for v in value.values())


def _texts(value):
    return isinstance(value, list) and value and all(_text(piece) for piece in value)


def _step(value):
    """An ``xo_script`` step's answer, past its echoed step: a call's ``result``, a board (``{"board": snapshot}``,
    with the game's own after the copy was changed for ``getBoard_mutate``), or what ``show()`` printed with
    ``str()`` of the board."""
    rest = {k: v for k, v in value.items() if k != "step" and k not in PARENT}
    if rest.keys() == {"board"}:
        return snapshot(rest["board"])
    if rest.keys() == {"board", "game"}:          # getBoard(), then the game's own board (``getBoard_mutate``)
        return snapshot(rest["board"]) and snapshot(rest["game"])
    shown = {k: rest.pop(k) for k in ("printed", "str") if k in rest}
    if shown and not (shown.keys() == {"printed", "str"} and _text(shown["printed"]) and result(shown["str"])):
        return False
    return result(rest)


class Kind:
    """One kind of event: the keys it must carry (``needs``), those it may (``may``), and whether it is whole
    (``fits(event)``, given the keys are right)."""

    def __init__(self, needs, may=(), fits=None, **values):
        self.needs, self.may = frozenset(needs), frozenset(may)
        self.values = values             # key -> predicate of its value
        self.whole = fits

    def keys_fit(self, keys):
        return self.needs <= keys <= self.needs | self.may

    def problem(self, event):
        """None when ``event``'s values are whole, else the first key whose value is not."""
        for key, fits in self.values.items():
            if key in event and not fits(event[key]):
                return key
        if self.whole is not None and not self.whole(event):
            extra = sorted(event.keys() - self.needs - PARENT)
            return extra[0] if extra else min(self.needs)
        return None


def _attempted(event, *skip):
    return result({k: v for k, v in event.items() if k not in {*skip, *PARENT, "seconds", "after", "trace"}})


REPORT = None
"""The kind of an event named by no key of its own: a probe's one report (``import``, ``board_new``)."""

HARNESS = {
    "done": Kind({"done"}, done=lambda v: v is True),
    "imported": Kind({"imported", "seconds"}, imported=lambda v: v in NAMES + OPTIONAL, seconds=_real),
    "import_error": Kind({"import_error"}, import_error=lambda v: isinstance(v, dict) and _text(v.get("module"))
                         and exception({k: x for k, x in v.items() if k != "module"})),
    "probe_error": Kind({"probe_error"}, probe_error=exception),
}
"""The kinds child.py's harness sends in every run, by the key that names each."""

KINDS = {
    "import": {REPORT: Kind((), {*NAMES, *OPTIONAL, "X", "O", "XO()", "Deque()"},
                            fits=lambda e: all(_module_report(e[m]) for m in NAMES + OPTIONAL if m in e)
                            and all(encoded(e[k]) for k in ("X", "O") if k in e)
                            and all(result(e[k]) for k in ("XO()", "Deque()") if k in e))},
    "board_new": {REPORT: Kind({"board_type", "fields", "shared"}, board_type=_text, shared=_shared,
                               fits=lambda e: snapshot({"board_type": e["board_type"], "fields": e["fields"]}))},
    "board_items": {"state": Kind({"state", "items"}, state=_board_list,
                                  items=lambda v: isinstance(v, list) and len(v) == 9 and all(map(result, v)))},
    "board_str": {"state": Kind({"state", "str"}, state=_board_list, str=result)},
    "xo_script": {"step": Kind({"step"}, {"board", "game", "printed", "str", "value", "raised"},
                               step=lambda v: isinstance(v, list) and v and _text(v[0]), fits=_step)},
    "deque_ops": {"op": Kind({"op"}, {"value", "raised"}, op=lambda v: isinstance(v, list) and v and _text(v[0]),
                             fits=lambda e: _attempted(e, "op"))},
    "deque_timing": {"timed": Kind({"timed", "popped", "digest"}, timed=_count, popped=_count, digest=_count)},
    "optimal_moves": {"start": Kind({"start"}, start=_whole),
                      "position": Kind({"position", "seconds"}, {"after", "trace", "value", "raised"},
                                       position=_whole, seconds=_real, after=snapshot, trace=trace,
                                       fits=lambda e: _attempted(e, "position"))},
    "runaway": {"runaway": Kind({"runaway"}, runaway=_count), "pops": Kind({"pops"}, pops=_count)},
    "minimax": {"start": Kind({"start"}, start=_whole),
                "position": Kind({"position"}, {"values", "value", "raised", "unchanged", "trace", "after"},
                                 position=_whole, values=_board_list, value=encoded, raised=exception,
                                 unchanged=_flag, trace=trace, after=snapshot,
                                 fits=lambda e: len({"values", "value", "raised"} & e.keys()) == 1)},
    "calls": {"call": Kind({"call"}, {"value", "raised", "engine"}, call=_whole, engine=_count,
                           fits=lambda e: _attempted(e, "call", "engine"))},
    "programs": {"start": Kind({"start"}, start=_whole),
                 "program": Kind({"program", "status", "stdout", "stderr", "more"}, {"raised"}, program=_whole,
                                 status=_whole, stdout=_texts, stderr=_texts, more=_count, raised=exception)},
}
"""Probe → the kinds of event it sends (besides ``HARNESS``'s), by the key that names each.  Every corpus grading
holds its recorded events to it, as every grading does (``Context.run``)."""

NUMBERED = {"positions": "position", "calls": "call", "inputs": "program"}
"""Lists of items whose answers carry the item's number: the k-th answer says k."""
ECHOED = {"ops": "op", "states": "state", "steps": "step"}
"""Lists of items whose answers carry the item itself."""
ANSWERED = {**NUMBERED, **ECHOED}
"""Every list of items a probe is asked, and the key of the one event it sends per item: a run that finished
with fewer (its "done" forged, the channel closed: red team, round five; a "done" forged by a board's method:
round nine) is not judged on the rest (``answers``)."""
ONE_REPORT = {"import", "board_new", "deque_timing"}
"""Probes that send one report, never more (``deque_timing``: its one "timed")."""
AT_MOST = {"done": 1, "imported": len(NAMES + OPTIONAL), "import_error": len(NAMES + OPTIONAL), "probe_error": 1,
           "runaway": 1, "pops": 1}
"""How many of these kinds one run sends at most."""


def kind_of(probe, event):
    """The ``Kind`` of ``event`` among ``probe``'s (and the harness's), with the key naming it (``REPORT`` for a
    report), or (False, None) if ``event`` is of no kind ``probe`` sends.

    >>> kind_of("optimal_moves", {"position": 3, "seconds": 0.1, "value": {"type": "int", "value": 4}})[0]
    'position'
    >>> kind_of("calls", {"v": [0]})[0], kind_of("import", {"board": {}})[0], kind_of("import", {"v": 1})[0]
    (False, None, False)
    """
    keys = event.keys() - PARENT
    for name, kind in (*HARNESS.items(), *KINDS.get(probe, {}).items()):
        if name is not REPORT and name in keys:
            return (name, kind) if kind.keys_fit(keys) else (False, None)
    report = KINDS.get(probe, {}).get(REPORT)
    return (REPORT, report) if report is not None and keys and report.keys_fit(keys) else (False, None)


def problem(probe, args, events):
    """What is wrong with the ``events`` of one run of ``probe`` asked ``args`` (the parent's marks and the
    harness's events included), in words, or None when every event is one ``probe`` sends, whole, and the
    answers are the ones asked for, in order.  A probe this module does not know is not checked.

    >>> problem("calls", {"calls": [[1], [2]]}, [{"call": 0, "value": {"type": "int", "value": 1}},
    ...                                         {"call": 1, "raised": 3}])
    "it sent a 'raised' of a shape the harness never sends"
    >>> problem("calls", {"calls": [[1], [2]]}, [{"call": 1, "value": {"type": "int", "value": 1}}])
    'its answer 1 is to item 2 of what it was asked, not to item 1'
    >>> problem("import", {}, [{"board": {"BoardXO": True, "X": True, "O": True, "Deque": False, "XO": False}}] * 2)
    'it sent 2 reports where the harness sends one'
    >>> problem("board_new", {}, [{"done": True}] * 3)
    "it sent 3 'done' events where the harness sends at most 1"
    """
    if probe not in KINDS:
        return None
    kinds = []
    for event in events:
        name, kind = kind_of(probe, event)
        if name is False:
            keys = ", ".join(sorted(map(str, event.keys() - PARENT)))[:200]
            return f"it sent an event the harness never sends for this probe ({f'with {keys}' if keys else 'empty'})"
        wrong = kind.problem(event)
        if wrong is not None:
            return f"it sent a {wrong!r} of a shape the harness never sends"
        kinds.append(name)
    if probe in ONE_REPORT:
        one = REPORT if REPORT in KINDS[probe] else next(iter(KINDS[probe]))
        if kinds.count(one) > 1:
            return f"it sent {kinds.count(one)} reports where the harness sends one"
    for kind, most in AT_MOST.items():
        if kinds.count(kind) > most:
            return f"it sent {kinds.count(kind):,} {kind!r} events where the harness sends at most {most}"
    if not isinstance(args, dict):
        return None
    asked_for = next((len(args[a]) for a in NUMBERED if isinstance(args.get(a), list)), None)
    for event, kind in zip(events, kinds):
        if kind == "start" and not (0 <= event["start"] < (asked_for or 0)):
            return f"it said it started item {str(event['start'])[:40]}, which it was not asked for"
    for asked, key in ANSWERED.items():
        items = args.get(asked)
        if not isinstance(items, list):
            continue
        answers = [event[key] for event, kind in zip(events, kinds) if kind == key]
        for number, (answer, item) in enumerate(zip(answers, items), 1):
            expected = number - 1 if asked in NUMBERED else item
            if type(answer) is not type(expected) or answer != expected:
                return f"its answer {number} is to item {_number(answer, items, asked)} of what it was asked, " \
                       f"not to item {number}"
        if len(answers) > len(items):
            return f"it sent {len(answers):,} answers to the {len(items):,} items it was asked"
    return None


def answers(probe, args, events):
    """(how many answers ``events`` hold, how many were asked): the answers to the first list of items asked, or
    the one report of a probe that sends one (``ONE_REPORT``); None when the probe is asked no list and sends no
    report.  A run that ended with fewer (its "done" forged, the process ended by the student's code) is not
    judged: check 1.1 once read the report that was not there, an internal error (red team, round nine)."""
    if probe in ONE_REPORT:
        one = REPORT if REPORT in KINDS[probe] else next(iter(KINDS[probe]))
        return sum(1 for event in events if kind_of(probe, event)[0] == one), 1
    for asked, key in ANSWERED.items():
        items = args.get(asked) if isinstance(args, dict) else None
        if isinstance(items, list):
            return sum(1 for e in events if key in e), len(items)
    return None


def _number(answer, items, asked):
    """Which item (counted from 1) ``answer`` names, or "?"."""
    if asked in NUMBERED:
        return answer + 1 if type(answer) is int else "?"
    return next((k for k, item in enumerate(items, 1) if item == answer), "?")
