"""``shadow report RUN_DIR``: summary.json, report.md, report.html and plots; prints decisions."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from harness.policy import PolicyError, load_policy
from harness.report import write_report
from harness.report.escape import text
from harness.report.render import terminal_table
from harness.report.run_report import DECISION_COLUMNS
from harness.tables import RunTables, TableError
from harness.untrusted.display import printable


def add_parser(sub: Any) -> None:
    p = sub.add_parser("report", help="write the report of a run and print its decision table")
    p.add_argument("run_dir", type=Path)
    p.add_argument("--policy", type=Path, default=None, help="policy file (TOML or YAML)")


def print_report(
    run_dir: Path, policy_path: Path | None, *, tables: RunTables | None = None
) -> int:
    """``tables``: the run's tables when they are in hand (``shadow run``), else read."""
    try:
        policy = load_policy(policy_path)
        data, paths = write_report(run_dir, policy=policy, tables=tables)
    except (PolicyError, TableError, FileNotFoundError) as exc:
        print(f"error: {printable(exc)}", file=sys.stderr)
        return 2
    for error in data.tables.errors:
        print(f"warning: skipped a bad stored line: {printable(error)}", file=sys.stderr)
    for ready in data.sentences():
        print(text(ready.sentence))
    print()
    print(terminal_table(data.decision_rows(), DECISION_COLUMNS))
    print()
    for path in (paths.summary, paths.markdown, paths.html, *paths.plots.values()):
        print(f"wrote {path}")
    return 0


def run(args: argparse.Namespace) -> int:
    return print_report(args.run_dir, args.policy)
