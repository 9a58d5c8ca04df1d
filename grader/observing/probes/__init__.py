"""The Project 5 probes: what the sandboxed child does with the student's modules for each check.

A probe is a function ``probe(modules, args, emit)``: ``modules`` the student's imported modules by name
(``board``, ``deque``, ``game``), ``args`` what the check asked for, ``emit`` sends one observation (a JSON-plain
dict) to the grader.  Probes never see an expected value; the checks judge what they send.

These files run inside the sandboxed child, not in the grader: the sandbox stages them, in the order of
``FILES``, as one file beside the child's harness (``grader.sandbox.child.load_probes``), which runs them in one
namespace with the harness's own helpers (``attempt``, ``enc``, ``raised``, ...), since the child imports nothing
of the grader.  So each file names what it takes from the others in an import the child skips, and no two
define the same name.  Every observation the grader trusts is made here, to be audited in one place
(``grader.observing.observations.OBSERVING`` keys every recording to these files).

A new probe goes in the file of its Part (``board``: Parts I-II; ``deque``: Part III's Deque; ``search``: the
traced search; ``programs``: Part VI's programs), by name in ``registry.PROBES``; the kinds of event it sends go
in ``grader.observing.schema.KINDS``.
"""

import os

FOLDER = os.path.dirname(os.path.abspath(__file__))
FILES = tuple(os.path.join(FOLDER, name) for name in ("common.py", "board.py", "deque.py", "search.py", "programs.py",
                                                       "registry.py"))
"""The probes files, in the order the child runs them (each may use what the ones before it define)."""
