"""``shadow compare RUN_A RUN_B``: two model versions on the same packages."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from harness.report import write_comparison
from harness.report.compare import COLUMNS
from harness.report.escape import text
from harness.report.render import terminal_table
from harness.tables import TableError
from harness.untrusted.display import printable


def add_parser(sub: Any) -> None:
    p = sub.add_parser("compare", help="compare two runs (model versions) on the same packages")
    p.add_argument("run_a", type=Path)
    p.add_argument("run_b", type=Path)
    p.add_argument(
        "--out", type=Path, default=None, help="folder (default: RUN_A/compare-<RUN_B name>)"
    )


def run(args: argparse.Namespace) -> int:
    out = args.out or args.run_a / f"compare-{args.run_b.resolve().name}"
    try:
        comparison, paths = write_comparison(args.run_a, args.run_b, out)
    except (TableError, ValueError) as exc:
        print(f"error: {printable(exc)}", file=sys.stderr)
        return 2
    # What changed first, one line per stage; the detail table after it.
    print(text(comparison.headline()))
    for change in comparison.changes():
        print(f"  {text(change.sentence())}")
    print()
    rows = [r for r in comparison.rows() if r["verdict"] in ("better", "worse")]
    print(
        f"a = {printable(comparison.label_a)}, b = {printable(comparison.label_b)}; "
        "detectable differences:"
    )
    print(terminal_table(rows, COLUMNS))
    for flip in comparison.flips:
        print(
            f"{flip['stage']:<10} {flip['metric']:<34} better in a: {len(flip['a_better']):>3}  "
            f"worse in a: {len(flip['a_worse']):>3}"
        )
    for path in paths.values():
        print(f"wrote {path}")
    return 0
