"""``shadow score RUN_DIR``: write scores.jsonl for a stored run and print a per-stage table."""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

from tabulate import tabulate

from harness.schema import STAGES, ScoreRecord
from harness.scorers.base import Thresholds
from harness.scorers.run import ScoringError, score_run_dir


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
        "--allow-changed-recordings",
        action="store_true",
        help="score even when the recordings differ from the ones the run replayed",
    )


def _mean(values: list[Any]) -> str:
    numbers = [float(v) for v in values if isinstance(v, int | float) and not isinstance(v, bool)]
    return f"{sum(numbers) / len(numbers):.2f}" if numbers else "-"


def _rate(values: list[Any]) -> str:
    flags = [v for v in values if isinstance(v, bool)]
    return f"{sum(flags)}/{len(flags)}" if flags else "-"


def stage_table(records: list[ScoreRecord]) -> str:
    by: dict[tuple[str, str, str], list[Any]] = defaultdict(list)
    cases: dict[str, set[str]] = defaultdict(set)
    for r in records:
        cases[str(r.stage)].add(r.package)
        for key, value in r.values.items():
            by[(str(r.stage), r.scorer, key)].append(value)
    rows = []
    for stage in STAGES:
        s = str(stage)
        if s not in cases:
            continue
        rows.append([
            s,
            len(cases[s]),
            _mean(by[(s, "evidence_fidelity", "citation_precision")]),
            _mean(by[(s, "evidence_fidelity", "decisive_recall")]),
            _rate(by[(s, "invented_completion", "invented")]),
            _mean(by[(s, "repeat_checks", "reduction")]),
            _rate(by[(s, "boundary", "compliant")]),
            _rate(by[(s, "parity", "match")]),
            _rate(by[(s, "usefulness", "useful")]),
            _mean(by[(s, "latency", "latency_s")]),
        ])  # fmt: skip
    headers = ["stage", "cases", "cite prec", "decisive", "invented", "repeat red",
               "compliant", "parity", "useful", "latency s"]  # fmt: skip
    return tabulate(rows, headers=headers, tablefmt="simple")


def run(args: argparse.Namespace) -> int:
    thresholds = Thresholds(quote=args.quote_threshold, claim_support=args.support_threshold)
    try:
        result = score_run_dir(
            args.run_dir,
            thresholds=thresholds,
            allow_changed_recordings=args.allow_changed_recordings,
        )
    except ScoringError as err:
        print(f"shadow score: {err}", file=sys.stderr)
        return 2
    for note in result.notes:
        print(f"shadow score: warning: {note}", file=sys.stderr)
    for note in result.skipped:
        print(f"shadow score: skipped {note}", file=sys.stderr)
    print(stage_table(result.records))
    print(f"\n{result.cases} cases, {len(result.records)} scores -> {result.path}")
    return 0
