"""``shadow record RUN_DIR``: keep a run's outputs as recorded outputs of its model version."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from harness.replay.record import export_outputs
from harness.rundir import RunDirError, read_run_meta


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "record", help="save a run's completed outputs as recordings/outputs/<model>/ for replay"
    )
    p.add_argument("run_dir", type=Path)
    p.add_argument("--model", default=None, help="model label to record under (default: the run's)")
    p.add_argument(
        "--out", type=Path, default=None, help="folder (default recordings/outputs/<model>)"
    )


def run(args: argparse.Namespace) -> int:
    try:
        meta = read_run_meta(args.run_dir)
    except RunDirError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    model = args.model or str(meta.get("model") or "")
    if not model:
        print("error: the run names no model; pass --model", file=sys.stderr)
        return 2
    out = args.out or Path("recordings") / "outputs" / model
    counts = export_outputs(args.run_dir, out, model=model)
    for stage, count in counts.items():
        print(f"{stage:<10} {count:>5}")
    print(f"wrote {sum(counts.values())} recorded outputs of {model} to {out}")
    return 0
