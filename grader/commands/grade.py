"""Grade one submission and write its results.json: Gradescope's, or PrairieLearn's (``platform``).

Whatever happens (missing files, hostile code, a bug of the grader's own), a schema-valid results.json is
written, once, after every student process is gone; an internal error is reported in its top-level output.
"""

from ..grading.run import grading_of
from ..render.gradescope import gradescope, write
from ..render.prairielearn import prairielearn


def grade(submission, results_path, config, *, backend=None, only=None, progress=None, fixtures=None, record=None,
          reveal=False, selection=None, platform="gradescope", runnable=None):
    """Grade ``submission``, write Gradescope's results.json to ``results_path``; return the ``Grading``.
    The options are ``grader.grading.run.grading_of``'s; ``platform``: whose results.json to write,
    "gradescope" or "prairielearn" (``grader.render.prairielearn``: a missing file is ``gradable: false``)."""
    grading, located = grading_of(submission, config, backend=backend, only=only, progress=progress,
                                  fixtures=fixtures, record=record, reveal=reveal, selection=selection,
                                  runnable=runnable)
    if platform == "prairielearn":
        missing = [located.missing_message(name) for name in located.missing] if located is not None else []
        write(prairielearn(grading, format_errors=missing), results_path)
    else:
        write(gradescope(grading), results_path)
    return grading


__all__ = ["grade"]
