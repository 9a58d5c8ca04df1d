from .export import ExportError, check

"""The TAs' and instructors' tools, never shipped in a zip (``ship/`` leaves this folder out by rule):
``batch`` grades a class and writes the gradebook (``roster`` finds the class's submissions, ``gradebook``
makes each submission's record and the CSV, ``mistakes`` counts the class's mistakes by diagnosis,
``class_report`` and ``charts`` write the class report, ``shards`` grades a class in shards and merges them,
``regrade`` writes the notes for regrade requests), ``compare`` runs a submission on every position against the
reference (``playing``, ``reference``; ``contracts`` for Part VI's programs), ``similarity`` ranks the pairs of
submissions that share the most code, and ``fixtures_build`` regenerates the expected values from the
reference (``xo/``).

The top layer with ``grader.commands``: it may import every layer of the grader, and the reference itself,
which it loads only when a command that needs it runs.  A new staff tool is a module here with an
``add_parser(commands)``, named in ``grader.commands.cli.parser``."""



def add_staff_options(grade):
    """``grade``'s staff-only flags, added here so that they exist only where the TAs' tools are: the
    Gradescope zip leaves ``grader/ta/`` out, so its ``grade`` has no ``--reveal`` whatever its
    ``run_autograder`` says."""
    grade.add_argument("--reveal", action="store_true",
                       help="staff only: show hidden checks' full details (the position, the expected move); "
                            "never in the Gradescope flow")


def existing_folder(text):
    """An argparse type: ``text`` if it names a folder; otherwise argparse says so and exits with status 2."""
    import argparse
    import os
    if not os.path.isdir(text):
        raise argparse.ArgumentTypeError(f"{text} is not a folder")
    return text


def existing_class(text):
    """An argparse type: ``text`` if it names a folder or a readable zip (Gradescope's export as downloaded);
    otherwise argparse says why and exits with status 2, before anything is written."""
    import argparse

    try:
        check(text)
    except ExportError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text


def class_parser(commands, name, help):
    """The sub-command ``name`` of a tool that takes a class (what ``batch`` grades) first: a folder, or the
    export's zip (unpacked safely into a temporary folder: ``export.class_folder``)."""
    p = commands.add_parser(name, help=help)
    p.add_argument("folder", type=existing_class, metavar="EXPORT",
                   help="a Gradescope 'Export Submissions' zip or folder, or a folder of submission folders")
    return p
