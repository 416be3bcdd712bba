"""``shadow show RUN_DIR CASE``: one case of a stored run in the terminal.

CASE is ``PACKAGE[STAGE]`` or ``PACKAGE/STAGE`` (the names pytest and the report use), or a
package id alone for every stage of it. Exit 2 when the run or the case is not there.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import Any

from harness.loading import load_packages
from harness.report.case_view import case_text
from harness.rundir import RunDirError, TraceStore, iter_results, iter_scores, read_run_meta
from harness.schema import Package
from harness.untrusted.display import clean


def add_parser(sub: Any) -> None:
    p = sub.add_parser("show", help="print one case of a run: question, evidence, output, scores")
    p.add_argument("run_dir", type=Path, metavar="RUN_DIR")
    p.add_argument("case", metavar="CASE", help="PACKAGE[STAGE], PACKAGE/STAGE or PACKAGE")


def _split(case: str) -> tuple[str, str | None]:
    match = re.fullmatch(r"(.+?)(?:\[(\w+)\]|/(\w+))?", case)
    assert match is not None
    return match.group(1), match.group(2) or match.group(3)


def _package(run_dir: Path, package_id: str) -> Package | None:
    from harness.scorers.stored import recording_paths

    paths = recording_paths(run_dir, read_run_meta(run_dir))
    return next((p for p in load_packages(paths).items if p.id == package_id), None)


def run(args: argparse.Namespace) -> int:
    run_dir: Path = args.run_dir
    package_id, stage = _split(args.case)
    try:
        records = [
            r for _, r in iter_results(run_dir)
            if r.package == package_id and (stage is None or str(r.stage) == stage)
        ]  # fmt: skip
        try:
            scores = [s for s in iter_scores(run_dir) if s.package == package_id]
        except FileNotFoundError:
            scores = []
        if not records:
            print(f"error: {run_dir}: no case {clean(args.case, 120)}", file=sys.stderr)
            return 2
        package = _package(run_dir, package_id)
        views = []
        with TraceStore(run_dir) as traces:
            for record in records:
                trace = traces.read(record.archive_id, missing_ok=True)
                mine = [s for s in scores if str(s.stage) == str(record.stage)]
                views.append(case_text(record, mine, trace, package))
    except (RunDirError, OSError) as exc:
        print(f"error: {clean(exc, 400)}", file=sys.stderr)
        return 2
    print("\n\n".join(views))
    return 0
