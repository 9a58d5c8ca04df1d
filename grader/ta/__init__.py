"""The TAs' and instructors' tools, never shipped in a zip (``ship/`` leaves this folder out by rule):
``batch`` grades a class and writes the gradebook, ``compare`` runs a submission on every position against
the reference, ``similarity`` ranks the pairs of submissions that share the most code, and
``fixtures_build`` regenerates the expected values from the reference (``xo/``)."""



def existing_folder(text):
    """An argparse type: ``text`` if it names a folder; otherwise argparse says so and exits with status 2."""
    import argparse
    import os
    if not os.path.isdir(text):
        raise argparse.ArgumentTypeError(f"{text} is not a folder")
    return text


def class_parser(commands, name, help):
    """The sub-command ``name`` of a tool that takes a class's folder (what ``batch`` grades) first."""
    p = commands.add_parser(name, help=help)
    p.add_argument("folder", type=existing_folder,
                   help="a Gradescope 'Export Submissions' folder, or a folder of submission folders")
    return p
