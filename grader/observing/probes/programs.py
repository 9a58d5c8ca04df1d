"""The probes of Part VI's programs: a function of the student's module called on each input (``probe_calls``),
and the module run as ``python -m xo.NAME`` runs, on standard input (``run_program``, ``probe_programs``)."""

import io
import os
import sys

try:                       # in the grader: the harness's helpers and the other probes files, imported
    from ...sandbox.child import import_student  # noqa: F401
    from ...sandbox.encoding import MAX_TEXT, STUDENT, attempt, raised, safe_repr  # noqa: F401
except ImportError:        # in the sandboxed child: every probes file runs in one namespace (``child.load_probes``)
    pass


def probe_calls(modules, args, emit):
    """Call the function ``args["function"]`` of the student's module ``args["module"]`` once per item of
    ``args["calls"]`` (each a list of arguments).  With ``args["engine"]``, each call's event also says how many
    times it called ``XO.minimaxValues()`` of the student's ``game.py`` (``"engine"``), when that class has the
    method."""
    try:
        module = import_student(args["module"])
    except BaseException as error:
        emit({"import_error": {"module": args["module"], **raised(error)}})
        return
    asked = _count_engine() if args.get("engine") else None
    function = getattr(module, args["function"])
    for index, call in enumerate(args["calls"]):
        before = asked[0] if asked else 0
        event = {"call": index, **attempt(function, *call)}
        if asked:
            event["engine"] = asked[0] - before
        emit(event)


def _count_engine():
    """Count the calls of the student's ``XO.minimaxValues`` and ``XO.makeMinimaxMove`` from now on: a list whose
    one item is the count, or None when game.py does not import or its ``XO`` has neither method of its own."""
    try:
        cls = import_student("game").__dict__["XO"]
    except BaseException:
        return None
    if not isinstance(cls, type):
        return None
    asked = [0]

    def counting(original):
        def counted(self, *args, **kwargs):
            asked[0] += 1
            return original(self, *args, **kwargs)
        return counted

    wrapped = 0
    for name in ("minimaxValues", "makeMinimaxMove"):
        original = cls.__dict__.get(name)
        if callable(original):
            try:
                type.__setattr__(cls, name, counting(original))
                wrapped += 1
            except BaseException:
                pass
    return asked if wrapped else None
