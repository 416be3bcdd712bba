"""Scoring stored runs: read a run directory, score every case, write ``scores.jsonl``.

Reads ``run.json``, ``results.jsonl`` and ``traces/`` through ``harness.rundir`` (the stored-run
format, never the replay code that wrote them), and the packages named in ``run.json``.
The output is sorted and serialised canonically, so the same run gives the same bytes.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from harness.invocation import build_invocation
from harness.loading import load_packages
from harness.rundir import (
    RESULTS,
    SCORES,
    RunDirError,
    RunMeta,
    ScorerSpec,
    ScoringInfo,
    iso,
    iter_results,
    read_run_meta,
    read_trace,
    recordings_digest,
    utc_now,
    write_run_meta,
)
from harness.schema import Limits, Package, RunRecord, ScoreRecord, TraceEvent
from harness.scorers.base import Score, ScoreContext, Scorer, Thresholds

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


def read_records(run_dir: Path) -> list[RunRecord]:
    """Run records in file order; the last record of a (package, stage) wins (resumed runs)."""
    path = run_dir / RESULTS
    if not path.exists():
        raise ScoringError(f"{path}: missing")
    latest: dict[tuple[str, str], RunRecord] = {}
    try:
        for _, record in iter_results(run_dir):
            latest[record.key] = record
    except RunDirError as err:
        raise ScoringError(str(err)) from err
    return list(latest.values())


def _stored_trace(run_dir: Path, archive_id: str | None) -> list[TraceEvent]:
    """The archived trace of a run; empty when the run archived none."""
    try:
        return read_trace(run_dir, archive_id, missing_ok=True)
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
    notes: list[str] = field(default_factory=list)


def score_run_dir(
    run_dir: Path,
    *,
    packages: Sequence[Package] | None = None,
    thresholds: Thresholds | None = None,
    out: Path | None = None,
    allow_changed_recordings: bool = False,
) -> RunScores:
    """Score every stored case of ``run_dir`` and write ``scores.jsonl`` (or ``out``)."""
    run_dir = Path(run_dir)
    meta = read_meta(run_dir)
    notes: list[str] = []
    if packages is None:
        paths = _recording_paths(run_dir, meta)
        notes.extend(_check_recordings(paths, meta, allow_changed=allow_changed_recordings))
        loaded = load_packages(paths)
        packages = loaded.items
    by_id = {p.id: p for p in packages}
    limits = Limits.model_validate(meta["limits"]) if meta.get("limits") else None
    phase = int(meta.get("phase") or 0)
    records: list[ScoreRecord] = []
    skipped: list[str] = []
    cases = 0
    for record in read_records(run_dir):
        package = by_id.get(record.package)
        if package is None:
            skipped.append(f"{record.package}/{record.stage}: package not found in the recordings")
            continue
        if record.stage not in package.stages:
            skipped.append(f"{record.package}/{record.stage}: package does not list the stage")
            continue
        trace = _stored_trace(run_dir, record.archive_id or record.envelope.archive_id)
        ctx = context_for(package, record, trace, phase=phase, limits=limits, thresholds=thresholds)
        records.extend(score_case(ctx))
        cases += 1
    path = out or run_dir / SCORES
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_bytes(serialise(records))
    tmp.replace(path)
    if out is None:
        _record_scoring(run_dir, meta, records, thresholds or Thresholds())
    return RunScores(path, records, cases, skipped, notes)


def _check_recordings(
    paths: Sequence[Path], meta: dict[str, Any], *, allow_changed: bool
) -> list[str]:
    """Scores are only about the run when the packages are the ones it replayed: the digest of
    the recordings found now must be the one run.json holds (resume and merge check the same)."""
    stored = meta.get("recordings_sha256")
    if not stored:
        return []
    found = recordings_digest(paths) if paths else None
    if found == stored:
        return []
    what = "are missing" if found is None else "changed since the run"
    message = f"the recordings {what} (run.json recordings_sha256 {stored[:12]}..., now {(found or '-')[:12]}...)"
    if not allow_changed:
        raise ScoringError(message + "; give --allow-changed-recordings to score them anyway")
    return [message + "; scored anyway (--allow-changed-recordings)"]


def _record_scoring(
    run_dir: Path, meta: dict[str, Any], records: Sequence[ScoreRecord], thresholds: Thresholds
) -> None:
    """run.json's ``scoring``: which scorers made scores.jsonl, with what settings."""
    metrics: dict[str, set[str]] = {}
    for record in records:
        metrics.setdefault(record.scorer, set()).update(record.values)
    specs = [
        ScorerSpec(name=fn.name, metrics=sorted(metrics.get(fn.name, ()))) for fn in _scorers()
    ]
    scoring = ScoringInfo(scored_at=iso(utc_now()), thresholds=asdict(thresholds), scorers=specs)
    updated = RunMeta.model_validate(meta).model_copy(update={"scoring": scoring})
    write_run_meta(run_dir, updated)


def score_run(run_dir: Path, *, thresholds: Thresholds | None = None) -> Path:
    """Write ``scores.jsonl`` for a stored run and return its path."""
    result = score_run_dir(run_dir, thresholds=thresholds)
    for note in result.skipped:
        print(f"shadow score: skipped {note}", file=sys.stderr)
    return result.path
