"""Every probe by the name a check asks for it (``PROBES``): the last of the probes files the child runs."""

try:                       # in the grader: the probes, imported from their files
    from .board import (probe_board_items, probe_board_new, probe_board_str, probe_import,  # noqa: F401
                        probe_xo_script)
    from .deque import probe_deque_ops, probe_deque_timing  # noqa: F401
    from .programs import probe_calls, probe_programs  # noqa: F401
    from .search import probe_minimax, probe_optimal_moves, probe_runaway  # noqa: F401
except ImportError:        # in the sandboxed child: every probes file runs in one namespace (``child.load_probes``)
    pass

PROBES = {
    "runaway": probe_runaway,
    "import": probe_import,
    "board_new": probe_board_new,
    "board_items": probe_board_items,
    "board_str": probe_board_str,
    "xo_script": probe_xo_script,
    "deque_ops": probe_deque_ops,
    "deque_timing": probe_deque_timing,
    "optimal_moves": probe_optimal_moves,
    "minimax": probe_minimax,
    "calls": probe_calls,
    "programs": probe_programs,
}
