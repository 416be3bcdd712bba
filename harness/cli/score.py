"""``shadow score RUN_DIR``: write scores.jsonl for a stored run and print a per-stage table.

``--detector JUDGEMENT=NAME`` (repeatable) has one text judgement made by another detector:
``completion`` (invented_completion), ``support`` (evidence_fidelity's claim support) or
``reopens`` (repeat_checks' settled matters), e.g. ``--detector completion=judge --opt
model=NAME --opt base_url=URL``. Each score and run.json's ``scoring`` name the detector behind
it. A detector that cannot answer stops scoring with exit 3 and writes no scores."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from harness.cli.workers import HELP, resolve, workers_arg
from harness.detectors import (
    Detector,
    DetectorError,
    DetectorOptionError,
    check_judgement,
    make_detector,
)
from harness.rundir import RESULTS
from harness.scorers.base import Thresholds
from harness.scorers.judged import JUDGEMENTS
from harness.scorers.run import ScoringError, score_run_dir
from harness.scorers.stage_table import StageTable
from harness.untrusted.display import printable


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "score", help="score a stored run (writes RUN_DIR/scores.jsonl)", description=__doc__
    )
    parser.add_argument("run_dir", type=Path, metavar="RUN_DIR", help="e.g. reports/latest")
    parser.add_argument(
        "--quote-threshold",
        type=float,
        default=Thresholds.quote,
        help="rapidfuzz partial_ratio a quoted citation needs (0-100, default %(default)s)",
    )
    parser.add_argument(
        "--support-threshold",
        type=float,
        default=Thresholds.claim_support,
        help="share of a claim's words its cited text must carry (0-1, default %(default)s)",
    )
    parser.add_argument(
        "--detector",
        action="append",
        default=[],
        metavar="JUDGEMENT=NAME",
        help="the detector for one text judgement (completion, support, reopens), e.g. "
        "completion=judge; repeatable; unnamed judgements use the lexical rules",
    )
    parser.add_argument(
        "--opt",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="detector option (e.g. model=NAME, base_url=URL for judge); repeatable",
    )
    parser.add_argument(
        "--workers",
        type=workers_arg,
        default="auto",
        metavar="N",
        help=HELP,
    )
    parser.add_argument(
        "--allow-changed-recordings",
        action="store_true",
        help="score even when the recordings differ from the ones the run replayed",
    )


def _result_lines(run_dir: Path) -> int:
    try:
        with (run_dir / RESULTS).open("rb") as handle:
            return sum(block.count(b"\n") for block in iter(lambda: handle.read(1 << 20), b""))
    except OSError:
        return 0  # scoring says what is wrong with the run directory


def _pairs(raw: list[str], what: str) -> dict[str, str]:
    pairs: dict[str, str] = {}
    for item in raw:
        key, sep, value = item.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise DetectorOptionError(f"{what} {item!r} is not KEY=VALUE")
        pairs[key.strip()] = value.strip()
    return pairs


def chosen_detectors(choices: list[str], options: list[str]) -> dict[str, Detector]:
    """``completion=judge`` etc. as detectors, built once each; options go to every non-lexical
    one (the judge's model and endpoint)."""
    named = _pairs(choices, "--detector")
    unknown = sorted(set(named) - set(JUDGEMENTS))
    if unknown:
        raise DetectorOptionError(
            f"--detector: unknown judgement(s) {unknown} (known: {', '.join(JUDGEMENTS)})"
        )
    for judgement, name in sorted(named.items()):
        try:
            check_judgement(name, judgement)
        except DetectorOptionError as err:
            raise DetectorOptionError(f"--detector {judgement}={name}: {err}") from err
    opts = _pairs(options, "--opt")
    if opts and "judge" not in named.values():
        raise DetectorOptionError(f"--opt {sorted(opts)}: only the judge detector takes options")
    built: dict[str, Detector] = {}
    for name in sorted(set(named.values())):
        built[name] = make_detector(name, opts if name == "judge" else {})
    return {judgement: built[name] for judgement, name in named.items()}


def run(args: argparse.Namespace) -> int:
    thresholds = Thresholds(quote=args.quote_threshold, claim_support=args.support_threshold)
    try:
        detectors = chosen_detectors(args.detector, args.opt)
    except DetectorOptionError as err:
        print(f"shadow score: {printable(err)}", file=sys.stderr)
        return 2
    try:
        table = StageTable()
        result = score_run_dir(
            args.run_dir,
            thresholds=thresholds,
            keep_records=False,
            table=table,
            allow_changed_recordings=args.allow_changed_recordings,
            detectors=detectors,
            workers=resolve(
                args.workers,
                _result_lines(args.run_dir),
                judge=any(d.name != "lexical" for d in detectors.values()),
            ),
        )
    except ScoringError as err:
        print(f"shadow score: {printable(err)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        # Nothing half-written: the scores file is only moved into place once whole.
        print("shadow score: interrupted; no scores written", file=sys.stderr)
        return 130
    except DetectorError as err:
        # The detector could not judge: an infrastructure failure, never a verdict on the model.
        print(f"shadow score: detector error, no scores written: {printable(err)}",
              file=sys.stderr)  # fmt: skip
        return 3
    for note in result.notes:
        print(f"shadow score: warning: {printable(note)}", file=sys.stderr)
    for note in result.skipped:
        print(f"shadow score: skipped {printable(note)}", file=sys.stderr)
    print(table.render())
    print(f"\n{result.cases} cases, {table.scores} scores -> {result.path}")
    return 0
