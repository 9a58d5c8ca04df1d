"""A class graded in shards: ``batch --shard K/N`` grades every N-th submission (the K-th, the (K+N)-th, … of the
class sorted by name) and writes a partial result; ``batch merge PARTIAL...`` joins the N partials into the CSV
and the class report that one run over the whole class writes, byte for byte the same CSV.

A partial holds each of its submissions' ``Run`` (the export's metadata, how the grading ended and the
results.json it wrote), every submission's name in the class, and the Parts' points the shard graded against,
so that ``merge`` makes each ``Graded`` record exactly as a single run makes it (``gradebook.graded``), and
refuses partials that are not the N shards of one class graded alike.  The shards may run anywhere: one
machine (GNU parallel), a cluster (a Slurm job array), each with its own zip or folder of the export.
"""

import argparse
import json
import os
import sys
import time
from dataclasses import asdict, dataclass

from .gradebook import Run, graded, summary, write_class

FORMAT = "xo-kit batch partial, version 1"
"""What a partial result says it is, first: ``merge`` reads no other file."""


@dataclass(frozen=True)
class Shard:
    """The ``k``-th of ``n`` shards of a class."""
    k: int
    n: int

    @classmethod
    def parse(cls, text):
        """``K/N`` as ``--shard`` takes it (an argparse type).

        >>> Shard.parse("2/3"), str(Shard.parse("2/3"))
        (Shard(k=2, n=3), '2/3')
        """
        try:
            k, n = (int(part) for part in text.split("/"))
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r}: give K/N, two whole numbers, as in 1/3") from None
        if not 1 <= k <= n:
            raise argparse.ArgumentTypeError(f"{text!r}: give a shard K of N shards, K from 1 to N (1/3, 2/3 or 3/3 of "
                                             f"three)")
        return cls(k, n)

    def __str__(self):
        return f"{self.k}/{self.n}"

    def chosen(self, found):
        """Its submissions of the class ``found`` (sorted by name): the k-th, the (k+n)-th, …

        >>> Shard(2, 3).chosen(list("abcdefg"))
        ['b', 'e']
        """
        return found[self.k - 1::self.n]

    def path(self, csv_path):
        """Where its partial result goes: beside the CSV the merge will write."""
        return f"{os.path.splitext(csv_path)[0]}.shard-{self.k}-of-{self.n}.json"


def write_partial(path, shard, outcome):
    """Write the partial result of ``shard`` (a ``batch`` outcome) to ``path``; return ``path``."""
    data = {"format": FORMAT, "shard": [shard.k, shard.n], "class": outcome["folder"],
            "gradescope": outcome["gradescope"], "names": outcome["names"], "most": outcome["most"],
            "results_dir": outcome["results_dir"], "runs": [asdict(run) for run in outcome["runs"]]}
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    partial = f"{path}.{os.getpid()}.partial"
    with open(partial, "w", encoding="utf-8") as f:
        json.dump(data, f, ensure_ascii=False)
    os.replace(partial, path)
    return path


class MergeError(Exception):
    """Partial results that are not the shards of one class graded alike, in words."""


def read_partials(paths):
    """The outcome of the whole class from the partial results at ``paths``, as ``batch`` returns it for a single
    run (every ``Run`` and ``Graded`` record, sorted by submission); ``MergeError`` says why not."""
    partials = []
    for path in paths:
        try:
            with open(path, encoding="utf-8") as f:
                data = json.load(f)
        except (OSError, ValueError) as error:
            raise MergeError(f"{path}: cannot be read as a partial result ({error})") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise MergeError(f"{path}: not a partial result of `batch --shard` (no {FORMAT!r} in it)")
        partials.append((path, data))
    if not partials:
        raise MergeError("no partial result given")
    first_path, first = partials[0]
    n = first["shard"][1]
    seen = {}
    for path, data in partials:
        k, count = data["shard"]
        for key, what in (("names", "the class's submissions"), ("most", "the Parts' points")):
            if data[key] != first[key]:
                raise MergeError(f"{path} and {first_path} differ in {what}: they are not shards of one class graded "
                                 f"with one configuration")
        if count != n:
            raise MergeError(f"{path} is shard {k}/{count}, {first_path} one of {n}")
        if k in seen:
            raise MergeError(f"{path} and {seen[k]} are both shard {k}/{n}")
        seen[k] = path
    missing = [str(k) for k in range(1, n + 1) if k not in seen]
    if missing:
        raise MergeError(f"shard(s) {', '.join(f'{k}/{n}' for k in missing)} missing: give all {n} partial results")
    runs = {run["submission"]: Run(**run) for _, data in partials for run in data["runs"]}
    if sorted(runs) != sorted(first["names"]):
        lost = sorted(set(first["names"]) - set(runs))
        raise MergeError(f"the partials do not hold every submission of the class: {', '.join(lost[:10]) or '(none)'} "
                         f"missing")
    ordered = [runs[name] for name in first["names"]]
    return {"folder": first["class"], "gradescope": first["gradescope"], "results_dir": first["results_dir"],
            "names": first["names"], "most": first["most"], "runs": ordered, "graded": [graded(run) for run in ordered],
            "found": [(run.submission, None, run.meta) for run in ordered]}


def parser():
    p = argparse.ArgumentParser(prog="python -m grader batch merge",
                                description="join the partial results of `batch --shard K/N` into the class's CSV "
                                            "and report, as a single run writes them")
    p.add_argument("partials", nargs="+", metavar="PARTIAL", help="the N partial results (PATH.shard-K-of-N.json)")
    p.add_argument("--csv", required=True, metavar="PATH",
                   help="where to write the per-Part scores; the class report goes beside it (PATH.html)")
    p.add_argument("--excel", action="store_true", help="write the CSV as UTF-8 with a byte-order mark (for Excel)")
    p.add_argument("--no-report", action="store_true", help="write the CSV only, not the class report (PATH.html)")
    return p


def main(argv):
    """``python -m grader batch merge PARTIAL... --csv PATH``."""
    args = parser().parse_args(argv)
    started = time.monotonic()
    try:
        outcome = read_partials(args.partials)
    except MergeError as error:
        print(f"grader: batch merge: {error}", file=sys.stderr)
        return 2
    page = write_class(outcome, args.csv, excel=args.excel, page=not args.no_report)
    print(summary(outcome))
    print(f"\nmerged {len(args.partials)} partial result(s)\nCSV: {args.csv}\n"
          f"class report: {page or 'not written (--no-report)'}\nresults.json files: {outcome['results_dir']}/")
    print(f"{time.monotonic() - started:.1f} s")
    return 0
