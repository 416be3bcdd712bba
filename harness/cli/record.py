"""``shadow record RUN_DIR``: keep a run's outputs as recorded outputs of its model version."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from harness.replay.record import export_outputs
from harness.rundir import RunDirError, is_safe_archive_id, read_run_meta
from harness.untrusted.display import printable


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "record",
        help="save a run's model outcomes (not its infrastructure errors) as "
        "recordings/outputs/<model>/ for replay",
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
        print(f"error: {printable(exc)}", file=sys.stderr)
        return 2
    model = args.model or str(meta.get("model") or "")
    if not model:
        print("error: the run names no model; pass --model", file=sys.stderr)
        return 2
    if args.out is None and not is_safe_archive_id(model):
        # The label becomes a folder name: it must not climb out of recordings/outputs/.
        print(
            f"error: model {printable(model)!r} is not a safe folder name; pass --out",
            file=sys.stderr,
        )
        return 2
    out = args.out or Path("recordings") / "outputs" / model
    counts = export_outputs(args.run_dir, out, model=model)
    for stage, count in counts.items():
        print(f"{stage:<10} {count:>5}")
    print(
        f"wrote {sum(counts.values())} recorded outputs of {printable(model)} to {printable(out)}"
    )
    return 0
