"""``shadow calibrate --detector NAME LABELS.jsonl``: measure a detector on a labelled set.

The set is in one of the formats of docs/labelled-sets.md (completion, support, citations,
traces, repeat). Prints agreement, precision, recall and Cohen's kappa with 95% intervals from
resampling scenes, the confusion table, and the detector behind each figure. Text judgements
(completion, support, reopening) go to the named detector; citations, boundary traces and check
matching are structural and always judged by the scorers' rules. Misses are printed only with
``--show-misses``: lines of a blind set should be read only after its first-contact figure.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from harness.calibrate.formats import SET_KINDS, read_set
from harness.calibrate.judge_lines import judge_set
from harness.calibrate.report import Calibration
from harness.detectors import DETECTORS, DetectorOptionError, check_judgement, make_detector
from harness.report.escape import text


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "calibrate", help="measure a text detector on a labelled set", description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )  # fmt: skip
    parser.add_argument("labels", type=Path, metavar="LABELS.jsonl")
    parser.add_argument("--detector", default="lexical", choices=sorted(DETECTORS),
                        help="which detector answers the text judgements (default %(default)s)")  # fmt: skip
    parser.add_argument("--kind", choices=SET_KINDS, default=None,
                        help="the set's format (default: read from its lines)")  # fmt: skip
    parser.add_argument("--opt", action="append", default=[], metavar="KEY=VALUE",
                        help="detector option, e.g. base_url=..., model=... for judge")  # fmt: skip
    parser.add_argument("--show-misses", action="store_true",
                        help="list every line the detector got wrong, with its reason")  # fmt: skip


#: The text judgement a set's lines put to the detector; citations and traces are rules only.
_JUDGEMENT = {"completion": "completion", "support": "support", "repeat": "reopens"}


def run(args: argparse.Namespace) -> int:
    options: dict[str, str] = {}
    for raw in args.opt:
        key, sep, value = raw.partition("=")
        if not sep:
            print(f"--opt {text(raw)!s}: expected KEY=VALUE", file=sys.stderr)
            return 2
        options[key] = value
    try:
        detector = make_detector(args.detector, options)
        labelled = read_set(args.labels, args.kind)
    except (DetectorOptionError, OSError, ValueError) as err:
        print(f"shadow calibrate: {text(str(err))}", file=sys.stderr)
        return 2
    judgement = _JUDGEMENT.get(labelled.kind)  # citations and traces: rules, no detector
    try:
        if judgement is not None:
            check_judgement(args.detector, judgement)
    except DetectorOptionError as err:
        print(f"shadow calibrate: {err} ({text(str(args.labels))} is a {labelled.kind} set)",
              file=sys.stderr)  # fmt: skip
        return 2
    outcomes, problems = judge_set(labelled, detector)
    calibration = Calibration(labelled, detector.name, outcomes, problems)
    print(calibration.render(args.show_misses))
    # Figures are printed either way; lines that could not be read or judged make it exit 1.
    return 1 if labelled.errors or problems else 0
