"""``shadow merge RUN_DIR... --out DIR``: merge shard run directories into one.

Exit codes: 0 merged, 1 the runs cannot be merged (overlapping cases, different runner, model or
recordings), 2 usage error. The last line printed is the merged run directory.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from tabulate import tabulate

from harness.replay import MergeError, RunDirError, merge_runs
from harness.rundir import RUN_META, new_run_id

RUNS_DIR = Path("reports/runs")


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "merge",
        help="merge shard run directories into one run directory",
        description=(
            "Merge run directories of one run split with --shard: results are concatenated, traces "
            "copied, counts added up. Refuses overlapping (package, stage) cases and runs of a "
            "different runner, model, phase or recordings."
        ),
    )
    p.add_argument("run_dirs", nargs="+", type=Path, metavar="RUN_DIR")
    p.add_argument(
        "--out",
        type=Path,
        metavar="DIR",
        help=f"merged run directory (default {RUNS_DIR}/<run-id>)",
    )


def run(args: argparse.Namespace) -> int:
    missing = [d for d in args.run_dirs if not (d / RUN_META).is_file()]
    if missing:
        print(
            f"shadow merge: error: not a run directory (no {RUN_META}): {', '.join(map(str, missing))}",
            file=sys.stderr,
        )
        return 2
    run_id = None if args.out else new_run_id()
    out: Path = args.out or RUNS_DIR / str(run_id)
    try:
        meta = merge_runs(args.run_dirs, out, run_id=run_id)
    except MergeError as exc:
        print(f"shadow merge: {exc}", file=sys.stderr)
        return 1
    except RunDirError as exc:
        print(f"shadow merge: error: {exc}", file=sys.stderr)
        return 2
    for note in meta["notes"]:
        print(f"note: {note}", file=sys.stderr)
    keys = list(meta["counts"])
    rows = [
        [m["dir"], m["shard"] or "-", *[(m["counts"] or {}).get(k, 0) for k in keys]]
        for m in meta["merged_from"]
    ]
    rows.append(["merged", "-", *[meta["counts"][k] for k in keys]])
    print(tabulate(rows, headers=["run", "shard", *keys], tablefmt="github"))
    print(out)
    return 0
