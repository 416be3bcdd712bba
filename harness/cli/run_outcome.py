"""What ``shadow run`` does once the replay has ended: the count of runs per stage and status,
the scores and the report (unless ``--no-report``), the exit code, and the most frequent
reasons runs did not complete."""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from tabulate import tabulate

from harness.replay import (
    read_results,
)
from harness.rundir import STATUSES
from harness.schema import STAGES
from harness.untrusted.display import clean as display
from harness.untrusted.display import printable

if TYPE_CHECKING:
    from harness.cli.run_beside import BesideScores
    from harness.cli.run_live import LiveScores
    from harness.tables import RunTables


#: Option keys whose values stay out of run.json; a resumed run must be given them again.
#: How many load errors are printed before the rest are only counted.
SHOW_LOAD_ERRORS = 20


def after_run(
    run_dir: Path,
    *,
    report: bool = True,
    policy: Path | None = None,
    counts: Counter[tuple[str, str]] | None = None,
    live: LiveScores | BesideScores | None = None,
    score_workers: int = 1,
) -> None:
    """Once a run has finished (not when interrupted): counts per stage and status (``counts``,
    else read from results.jsonl), then the scores (scores.jsonl) and the report with its decision
    table, unless ``--no-report``. ``live``: the scores (and the report's tables) made during the
    replay of every case; without it the stored run is scored (by ``score_workers`` processes)
    and read."""
    if counts is None:
        counts = Counter((str(r.stage), str(r.status)) for r in read_results(run_dir))
    statuses = STATUSES
    rows = []
    for stage in STAGES:
        row = [counts[(str(stage), s)] for s in statuses]
        if any(row):
            rows.append([str(stage), *row, sum(row)])
    totals = [sum(counts[(str(stage), s)] for stage in STAGES) for s in statuses]
    rows.append(["total", *totals, sum(totals)])
    print(tabulate(rows, headers=["stage", *statuses, "runs"], tablefmt="github"))
    if not report:
        return
    # The CLI is the one place allowed to chain replay, scoring and reporting (the walls in the README).
    from harness.cli.report import print_report
    from harness.scorers.run import ScoringError, score_and_tables

    tables: RunTables | None
    try:
        if live is not None:
            wrote, tables = live.finish(), live.tables()
        else:
            wrote, tables = score_and_tables(run_dir, workers=score_workers)
        print(f"wrote {wrote}")
    except ScoringError as exc:
        print(f"error: scoring failed: {printable(exc)}", file=sys.stderr)
        return
    print()
    print_report(run_dir, policy, tables=tables)


def report_load_errors(errors: Sequence[object]) -> None:
    for error in errors[:SHOW_LOAD_ERRORS]:
        print(f"error: {printable(error)}", file=sys.stderr)
    if len(errors) > SHOW_LOAD_ERRORS:
        print(f"error: ... and {len(errors) - SHOW_LOAD_ERRORS} more load errors", file=sys.stderr)
    if errors:
        print(f"warning: {len(errors)} load error(s); those packages are skipped", file=sys.stderr)


def exit_code(counts: Mapping[str, int], max_error_rate: float | None, load_errors: int) -> int:
    recorded = sum(counts.get(s, 0) for s in STATUSES)
    errors = counts.get("error", 0)
    too_many = (
        errors == recorded and errors > 0
        if max_error_rate is None
        else recorded > 0 and errors / recorded > max_error_rate
    )
    if too_many:
        share = f"{errors} of {recorded} cases"
        print(f"error: {share} ended in an infrastructure error (exit 3)", file=sys.stderr)
        return 3
    if load_errors:
        print(
            f"error: {load_errors} load error(s): those packages did not run (exit 2)",
            file=sys.stderr,
        )
        return 2
    return 0


#: How many distinct reasons the summary lists.
SHOW_REASONS = 5


def print_error_reasons(run_dir: Path, counts: Counter[tuple[str, str]] | None = None) -> None:
    """The most frequent reasons runs did not complete, by status, with their counts: the last
    thing the terminal shows before the run directory, so a dead endpoint is named there.

    ``counts``: the run's records by (stage, status), when the replay has them (it counts every
    record results.jsonl holds); when all completed there is nothing to show, and results.jsonl
    is not read again (at 8,640 cases that read was an eighth of a recorded replay's CPU)."""
    if counts is not None and all(status == "completed" for _, status in +counts):
        return
    reasons: Counter[tuple[str, str]] = Counter(
        (str(r.status), display(r.error or "no reason recorded", 160))
        for r in read_results(run_dir)
        if r.status != "completed"
    )
    if not reasons:
        return
    print("\nmost frequent reasons runs did not complete:")
    for (status, reason), count in reasons.most_common(SHOW_REASONS):
        print(f"  {count:>5} x {status}: {reason}")
    if len(reasons) > SHOW_REASONS:
        print(f"  ... and {len(reasons) - SHOW_REASONS} other reason(s)")
