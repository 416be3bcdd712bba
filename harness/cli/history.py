"""``shadow history RUN_DIR...``: each stage's main metrics and verdicts across runs."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from harness.policy import PolicyError, load_policy
from harness.report import write_history
from harness.report.render import terminal_table
from harness.tables import TableError
from harness.untrusted.display import printable


def add_parser(sub: Any) -> None:
    p = sub.add_parser("history", help="metrics and verdicts per stage across successive runs")
    p.add_argument("run_dirs", nargs="+", type=Path)
    p.add_argument("--out", type=Path, default=Path("reports/history"))
    p.add_argument("--policy", type=Path, default=None)


def run(args: argparse.Namespace) -> int:
    try:
        hist, paths = write_history(args.run_dirs, args.out, policy=load_policy(args.policy))
    except (PolicyError, TableError) as exc:
        print(f"error: {printable(exc)}", file=sys.stderr)
        return 2
    print(terminal_table(hist.rows))
    for path in paths.values():
        print(f"wrote {path}")
    return 0
