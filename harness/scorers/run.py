"""Scoring stored runs: read a run directory, score every case, write ``scores.jsonl``.

Reads ``run.json``, ``results.jsonl`` and ``traces/`` through ``harness.rundir`` (the stored-run
format, never the replay code that wrote them), and the packages named in ``run.json``.
The output is sorted and serialised canonically, so the same run gives the same bytes.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from harness.invocation import build_invocation
from harness.loading import load_packages
from harness.rundir import (
    RESULTS,
    RUN_META,
    SCORES,
    RunDirError,
    iter_results,
    read_run_meta,
    read_trace,
)
from harness.schema import Limits, Package, RunRecord, ScoreRecord, TraceEvent
from harness.scorers.base import Score, ScoreContext, Scorer, Thresholds
from harness.untrusted.display import printable
from harness.untrusted.parse import LoadError

__all__ = [
    "SCORES",
    "RunScores",
    "ScoringError",
    "context_for",
    "read_meta",
    "read_records",
    "score_case",
    "score_run",
    "score_run_dir",
    "serialise",
]


class ScoringError(Exception):
    """A run directory that cannot be scored (missing or unreadable run.json/results.jsonl)."""


def _scorers() -> tuple[Scorer, ...]:
    from harness.scorers import SCORERS  # the explicit registry lives in the package root

    return SCORERS


def _round(values: dict[str, Any]) -> dict[str, Any]:
    # Floats are rounded so that scores compare equal across platforms; details carry floats the
    # scorers have rounded themselves.
    return {k: round(v, 6) if isinstance(v, float) else v for k, v in values.items()}


def score_case(ctx: ScoreContext, scorers: Sequence[Scorer] | None = None) -> list[ScoreRecord]:
    """Every scorer's verdict on one stored case, in registry order."""
    records: list[ScoreRecord] = []
    package, record = ctx.package, ctx.record
    for fn in scorers if scorers is not None else _scorers():
        score: Score = fn(ctx)
        # model_construct: every field is built here from typed data, so validating the record
        # again would only spend time (scoring a run must cost far less than running it).
        records.append(
            ScoreRecord.model_construct(
                package=package.id,
                stage=ctx.stage,
                agent=package.agent,
                model=record.model,
                scorer=fn.name,
                labels=dict(sorted(package.labels.items())),
                values=_round(score.values),
                explanation=score.explanation,
                details=score.details,
            )
        )
    return records


def context_for(
    package: Package,
    record: RunRecord,
    trace: Sequence[TraceEvent],
    *,
    phase: int = 0,
    limits: Limits | None = None,
    thresholds: Thresholds | None = None,
) -> ScoreContext:
    invocation = build_invocation(package, record.stage, phase=phase, limits=limits)
    return ScoreContext(package, invocation, record, trace, thresholds or Thresholds())


def serialise(records: Iterable[ScoreRecord]) -> bytes:
    """Canonical JSON lines, sorted by (package, stage, scorer)."""
    lines = sorted(
        (r.package, str(r.stage), r.scorer,
         json.dumps(r.model_dump(mode="json"), sort_keys=True, separators=(",", ":"),
                    ensure_ascii=False))
        for r in records
    )  # fmt: skip
    return "".join(line + "\n" for *_, line in lines).encode()


# -- reading a run directory --------------------------------------------------------------------


def read_meta(run_dir: Path) -> dict[str, Any]:
    try:
        return read_run_meta(run_dir)
    except RunDirError as err:
        raise ScoringError(str(err)) from err


def read_records(run_dir: Path, errors: list[LoadError] | None = None) -> list[RunRecord]:
    """Run records in file order; the last record of a (package, stage) wins (resumed runs).
    A bad line is skipped into ``errors``; the others are scored."""
    path = run_dir / RESULTS
    if not path.exists():
        raise ScoringError(f"{path}: missing")
    latest: dict[tuple[str, str], RunRecord] = {}
    for _, record in iter_results(run_dir, errors):
        latest[record.key] = record
    return list(latest.values())


def _stored_trace(
    run_dir: Path, archive_id: str | None, errors: list[LoadError]
) -> list[TraceEvent]:
    """The archived trace of a run; empty when the run archived none."""
    try:
        return read_trace(run_dir, archive_id, missing_ok=True, errors=errors)
    except RunDirError as err:
        raise ScoringError(str(err)) from err


def _recording_paths(run_dir: Path, meta: dict[str, Any]) -> list[Path]:
    found: list[Path] = []
    for entry in meta.get("recordings") or []:
        candidate = Path(entry)
        options = [candidate] if candidate.is_absolute() else [
            Path.cwd() / candidate, *(parent / candidate for parent in run_dir.resolve().parents)
        ]  # fmt: skip
        match = next((p for p in options if p.exists()), None)
        if match is not None:
            found.append(match)
    return found


@dataclass
class RunScores:
    path: Path
    records: list[ScoreRecord]
    cases: int
    skipped: list[str] = field(default_factory=list)


def score_run_dir(
    run_dir: Path,
    *,
    packages: Sequence[Package] | None = None,
    thresholds: Thresholds | None = None,
    out: Path | None = None,
) -> RunScores:
    """Score every stored case of ``run_dir`` and write ``scores.jsonl`` (or ``out``)."""
    run_dir = Path(run_dir)
    meta = read_meta(run_dir)
    if packages is None:
        loaded = load_packages(_recording_paths(run_dir, meta))
        packages = loaded.items
    by_id = {p.id: p for p in packages}
    try:
        limits = Limits.model_validate(meta["limits"]) if meta.get("limits") else None
        phase = int(meta.get("phase") or 0)
    except (ValidationError, TypeError, ValueError) as err:
        raise ScoringError(f"{run_dir / RUN_META}: limits or phase unreadable: {err}") from err
    records: list[ScoreRecord] = []
    skipped: list[str] = []
    bad_lines: list[LoadError] = []
    cases = 0
    for record in read_records(run_dir, bad_lines):
        package = by_id.get(record.package)
        if package is None:
            skipped.append(f"{record.package}/{record.stage}: package not found in the recordings")
            continue
        if record.stage not in package.stages:
            skipped.append(f"{record.package}/{record.stage}: package does not list the stage")
            continue
        trace = _stored_trace(run_dir, record.archive_id or record.envelope.archive_id, bad_lines)
        ctx = context_for(package, record, trace, phase=phase, limits=limits, thresholds=thresholds)
        records.extend(score_case(ctx))
        cases += 1
    skipped[:0] = [f"bad stored line {error}" for error in bad_lines]
    path = out or run_dir / SCORES
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_bytes(serialise(records))
    tmp.replace(path)
    return RunScores(path, records, cases, skipped)


def score_run(run_dir: Path, *, thresholds: Thresholds | None = None) -> Path:
    """Write ``scores.jsonl`` for a stored run and return its path."""
    result = score_run_dir(run_dir, thresholds=thresholds)
    for note in result.skipped:
        print(f"shadow score: skipped {printable(note)}", file=sys.stderr)
    return result.path
