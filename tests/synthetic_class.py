"""A synthetic class, built from the corpora, whose mistakes are known: what ``batch``'s class report must count.

``build(folder)`` lays out a Gradescope export (``submission_NNNN/`` folders and a ``submission_metadata.yml``
naming a student for each) holding, under students' names and in a shuffled order:

- several copies of every corpus submission whose one mistake has a diagnosis (``tests/submissions/
  expectations.toml``'s ``diagnosis``: the rule one program breaking which plays all its moves);
- copies of the two whose moves no rule explains (``diagnosis = "none"``): each must make a group of its own;
- correct submissions, and buggy ones whose mistake is no move's (they must be counted under no mistake);
- broken uploads: a misnamed file (``Game.py``), and the hostile corpus' two harmless ones, a missing file
  (``missing_file``: no deque.py) and a game.py that does not parse (``syntax_error``).

The answer key (``KEY``, beside the class) says what was planted in whom.  ``python tests/synthetic_class.py
grade CLASS CSV --shard K/N`` grades one shard of it as ``batch --shard`` does, each submission on the corpus'
recorded observations while they hold (``golden.grade_recorded``'s way, on a copy of the recording: a class test
never writes tests/golden; the two hostile uploads, never recorded, in the real sandbox), and writes its partial
result.
"""

import json
import os
import random
import shutil
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [os.path.join(HERE, "golden"), HERE]
import golden  # noqa: E402  (the pinned configuration; tests/ on the path)

try:
    import tomllib
except ModuleNotFoundError:
    import tomli as tomllib

KEY = "answer_key.json"

MOVES_ELSEWHERE = ("dot_empty", "getboard_live", "collections_deque")
"""Buggy submissions whose mistake is in Part I, II or III, not in the moves: counted under no mistake."""

CORRECT = ("circular_deque", "linked_list_deque", "dict_items")

BROKEN = {"submissions/buggy/misnamed_game": ("misnamed", 2), "adversarial/missing_file": ("missing file", 1),
          "adversarial/syntax_error": ("syntax error", 1)}
"""Broken uploads: (what is wrong, copies)."""

FIRST = ["Ada", "Bea", "Cy", "Dana", "Eli", "Fen", "Gus", "Hana", "Ivo", "Jo", "Kai", "Lena", "Milo", "Nia", "Oren",
         "Pia", "Quin", "Rosa", "Sami", "Tove", "Uma", "Vic", "Wren", "Xiu", "Yara", "Zoë"]
LAST = ["Okafor", "Lindqvist", "Moreau", "Tanaka", "Novak", "Haddad", "O'Neil", "Silva", "Kowalski", "Nguyen"]


def plan():
    """``[(corpus name, what is planted, copies)]``: what is planted is a rule's name, ``"unexplained"``, None
    (no mistake of the moves) or the broken upload's kind prefixed ``"upload: "``."""
    with open(os.path.join(HERE, "submissions", "expectations.toml"), "rb") as f:
        buggy = tomllib.load(f)["buggy"]
    diagnosed = sorted(name for name, e in buggy.items() if e.get("diagnosis") and e["diagnosis"] != "none")
    chosen = [(f"submissions/buggy/{name}", buggy[name]["diagnosis"], 3 if k < 4 else 2)
              for k, name in enumerate(diagnosed)]
    chosen += [(f"submissions/buggy/{name}", "unexplained", 3 if k == 0 else 2)
               for k, name in enumerate(sorted(n for n, e in buggy.items() if e.get("diagnosis") == "none"))]
    chosen += [(f"submissions/buggy/{name}", None, 1) for name in MOVES_ELSEWHERE]
    chosen += [(f"submissions/correct/{name}", None, 1) for name in CORRECT]
    chosen += [(name, f"upload: {kind}", copies) for name, (kind, copies) in BROKEN.items()]
    return chosen


def folder_of(corpus):
    return os.path.join(HERE, *corpus.split("/"))


def build(target):
    """Lay the class out in ``target`` (made); write the answer key beside it; return the key:
    ``{submission: {"corpus", "planted", "name", "sid"}}``."""
    students = [(corpus, planted) for corpus, planted, copies in plan() for _ in range(copies)]
    random.Random(42).shuffle(students)
    os.makedirs(target)
    key, metadata = {}, []
    for k, (corpus, planted) in enumerate(students):
        submission = f"submission_{5001 + k}"
        shutil.copytree(folder_of(corpus), os.path.join(target, submission), ignore=shutil.ignore_patterns("__pycache__"))
        name = f"{FIRST[k % len(FIRST)]} {LAST[(k // len(FIRST) + k) % len(LAST)]}"
        if k == 7:
            name = "Kim <b>Bold</b> & Co"         # the page must show it as text, never as markup
        sid = str(9000 + k)
        key[submission] = {"corpus": corpus, "planted": planted, "name": name, "sid": sid}
        metadata.append(f"{submission}:\n  :submitters:\n  - :name: {json.dumps(name)}\n    :sid: '{sid}'\n"
                        f"    :email: s{sid}@example.edu\n  :created_at: 2024-03-01 12:00:00.000000000 -08:00\n"
                        f"  :status: processed\n  :history: []\n")
    with open(os.path.join(target, "submission_metadata.yml"), "w", encoding="utf-8") as f:
        f.write("---\n" + "".join(metadata))
    with open(os.path.join(os.path.dirname(target), KEY), "w", encoding="utf-8") as f:
        json.dump(key, f, indent=1, ensure_ascii=False)
    return key


def recorded_grader(key, scratch):
    """A ``batch`` grade function: each submission graded in this process as ``grade`` grades it, on a copy of
    its corpus recording while that holds (the real sandbox where there is none: the hostile corpus' uploads)."""
    from grader.commands.grade import grade
    from grader.grading.points import load
    from grader.observing.observations import Recorded
    config = load()

    def grade_one(name, path, results_path):
        started = time.monotonic()
        corpus = key[name]["corpus"]
        recording = os.path.join(scratch, f"{name}.json.xz")
        if os.path.exists(golden.observations_path(corpus)):
            shutil.copy(golden.observations_path(corpus), recording)
        golden.prepare(corpus)
        grade(path, results_path, config, backend=Recorded.backend(recording))
        with open(results_path, encoding="utf-8") as f:
            results = json.load(f)
        return "graded", results, time.monotonic() - started, None
    return grade_one


def grade_shard(klass, csv_path, shard_text, scratch):
    """Grade the shard ``shard_text`` (K/N) of the class at ``klass`` and write its partial result."""
    from grader.ta.batch import batch
    from grader.ta.shards import Shard, write_partial
    with open(os.path.join(os.path.dirname(klass), KEY), encoding="utf-8") as f:
        key = json.load(f)
    shard = Shard.parse(shard_text)
    os.makedirs(scratch, exist_ok=True)
    outcome = batch(klass, csv_path, jobs=1, shard=shard, grade=recorded_grader(key, scratch))
    return write_partial(shard.path(csv_path), shard, outcome)


if __name__ == "__main__":
    if sys.argv[1:2] == ["build"]:
        print(len(build(sys.argv[2])), "submissions")
    elif sys.argv[1:2] == ["grade"] and len(sys.argv) == 6 and sys.argv[4] == "--shard":
        print(grade_shard(sys.argv[2], sys.argv[3], sys.argv[5], sys.argv[3] + f".scratch-{os.getpid()}"))
    else:
        sys.exit("usage: synthetic_class.py build FOLDER | grade CLASS CSV --shard K/N")
