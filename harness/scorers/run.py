"""Scoring stored runs: every case of a run directory scored, ``scores.jsonl`` written and the
scoring recorded in run.json.

The stored run is read through ``harness.scorers.stored`` (never the replay code that wrote it)
and written canonically through ``harness.scorers.lines``, so the same run gives the same bytes.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, cast

from harness.detectors.base import Detector
from harness.loading import LoadError
from harness.rundir import (
    SCORES,
    RunMeta,
    ScorerSpec,
    ScoringInfo,
    TraceStore,
    iso,
    recordings_digest,
    utc_now,
    write_run_meta,
)
from harness.schema import Package, RunRecord, ScoreRecord, ScoreValue, TraceEvent
from harness.scorers.base import Derived, PackageMemo, Score, ScoreContext, Scorer, Thresholds
from harness.scorers.infrastructure import is_error
from harness.scorers.judged import JUDGEMENTS
from harness.scorers.lines import SortedLines
from harness.scorers.stored import (
    PackageFiles,
    ScoringError,
    iter_records,
    read_meta,
    recording_paths,
    stored_trace,
)
from harness.untrusted.display import printable

__all__ = [
    "SCORES",
    "CaseScores",
    "RunScores",
    "ScoringError",
    "context_for",
    "score_case",
    "score_run",
    "score_run_dir",
]


def _scorers() -> tuple[Scorer, ...]:
    from harness.scorers import SCORERS  # the explicit registry lives in the package root

    return SCORERS


def _derived() -> tuple[Derived, ...]:
    from harness.scorers import DERIVED

    return DERIVED


def _round(values: Mapping[str, object]) -> dict[str, ScoreValue]:
    # Floats are rounded so that scores compare equal across platforms; details carry floats the
    # scorers have rounded themselves. A non-finite value has no JSON form: it is stored as no
    # value (null), as orjson writes it, rather than as a NaN no reader accepts.
    rounded = {
        k: (round(v, 6) if math.isfinite(v) else None) if isinstance(v, float) else v
        for k, v in values.items()
    }
    # Each leaf is a ScoreValue: every value type in harness.scorers.values is made of them, and
    # the scorer's score was validated against its type when it returned.
    return cast(dict[str, ScoreValue], rounded)


def score_case(ctx: ScoreContext, scorers: Sequence[Scorer] | None = None) -> list[ScoreRecord]:
    """Every scorer's verdict on one stored case, in registry order, then the derived verdicts
    whose input scorers all scored it (from those scores alone)."""
    package, record = ctx.package, ctx.record
    labels = dict(sorted(package.labels.items()))
    chosen = scorers if scorers is not None else _scorers()
    if is_error(record.status):
        # The model was never really asked: only the infrastructure scorer speaks about the run.
        chosen = [fn for fn in chosen if fn.name == "infrastructure"]
    scores: dict[str, Score] = {}
    for fn in chosen:
        scores[fn.name] = fn(ctx)
    for verdict in _derived():
        if all(name in scores for name in verdict.inputs):
            scores[verdict.name] = verdict({name: scores[name] for name in verdict.inputs})
    # model_construct: every field is built here from typed data, so validating the record
    # again would only spend time (scoring a run must cost far less than running it).
    return [
        ScoreRecord.model_construct(
            package=package.id,
            stage=ctx.stage,
            agent=package.agent,
            model=record.model,
            scorer=name,
            labels=dict(labels),
            values=_round(score.values),
            explanation=score.explanation,
            details=score.details,
            detector=score.detector,
        )
        for name, score in scores.items()
    ]


def context_for(
    package: Package,
    record: RunRecord,
    trace: Sequence[TraceEvent],
    *,
    thresholds: Thresholds | None = None,
    detectors: Mapping[str, Detector] | None = None,
    shared: PackageMemo | None = None,
) -> ScoreContext:
    return ScoreContext(
        package, record, trace, thresholds or Thresholds(), dict(detectors or {}), shared
    )


#: How many packages' memos scoring keeps: a package's stages are scored together, and the
#: package reader keeps as many packages (so the memo's package object is still the one read).
_MEMOS = 64


class CaseScores:
    """A run's scores made case by case and written to ``path`` as ``scores.jsonl`` (canonical
    order, whatever order the cases come in): what ``score_run_dir`` does with each stored case,
    and ``shadow run`` with each case as the replay records it."""

    def __init__(
        self,
        path: Path,
        thresholds: Thresholds | None = None,
        detectors: Mapping[str, Detector] | None = None,
    ) -> None:
        self.path = path
        self._tmp = path.with_name(f".{path.name}.tmp")
        self._thresholds = thresholds
        self._detectors = detectors
        self._lines = SortedLines(path)
        #: Each scorer's value keys, for run.json's ``scoring``.
        self.metrics: dict[str, set[str]] = {}
        self._memos: dict[str, PackageMemo] = {}
        self.cases = 0

    def add(
        self, package: Package, record: RunRecord, trace: Sequence[TraceEvent]
    ) -> list[ScoreRecord]:
        memos = self._memos
        ctx = context_for(
            package, record, trace, thresholds=self._thresholds, detectors=self._detectors,
            shared=memos.get(package.id),
        )  # fmt: skip
        if ctx.shared is not memos.get(package.id):
            assert ctx.shared is not None
            memos.pop(package.id, None)
            memos[package.id] = ctx.shared
            while len(memos) > _MEMOS:
                del memos[next(iter(memos))]
        scored = score_case(ctx)
        self._lines.add(scored)
        for score in scored:
            self.metrics.setdefault(score.scorer, set()).update(score.values)
        self.cases += 1
        return scored

    def write(self) -> dict[tuple[str, str], tuple[int, int]]:
        """The scores file, whole: written beside it, then moved into place. Returns where each
        (package, stage)'s lines are in it."""
        try:
            placed = self._lines.write(self._tmp)
        except BaseException:
            self.close()
            raise
        self._tmp.replace(self.path)
        return placed

    def close(self) -> None:
        """Drop what was scored (scoring stopped): no scores file, no scratch left behind."""
        self._lines.close()
        self._tmp.unlink(missing_ok=True)


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
    keep_records: bool = True,
    observe: Callable[[ScoreRecord], None] | None = None,
    allow_changed_recordings: bool = False,
    detectors: Mapping[str, Detector] | None = None,
) -> RunScores:
    """Score every stored case of ``run_dir`` and write ``scores.jsonl`` (or ``out``).

    Cases are read, scored and written one at a time. ``keep_records=False`` returns no records
    (memory stays flat in the run's size); ``observe`` sees each record as it is made.
    ``detectors`` chooses a detector per text judgement (``completion``, ``support``,
    ``reopens``); the rest are made by the scorers' own rules. A ``DetectorError`` stops scoring
    (no scores file is written): a detector that cannot answer is infrastructure, not a verdict."""
    run_dir = Path(run_dir)
    meta = read_meta(run_dir)
    notes: list[str] = []
    if packages is None:
        paths = recording_paths(run_dir, meta)
        notes.extend(check_recordings(paths, meta, allow_changed=allow_changed_recordings))
        by_id: Mapping[str, Package] = PackageFiles(paths)
    else:
        by_id = {p.id: p for p in packages}
    records: list[ScoreRecord] = []
    skipped: list[str] = []
    bad_lines: list[LoadError] = []
    scores = CaseScores(out or run_dir / SCORES, thresholds, detectors)
    traces = TraceStore(run_dir)
    bad_lines.extend(traces.errors)
    try:
        for record in iter_records(run_dir, bad_lines):
            package = by_id.get(record.package)
            if package is None:
                skipped.append(
                    f"{record.package}/{record.stage}: package not found in the recordings"
                )
                continue
            if record.stage not in package.stages:
                skipped.append(f"{record.package}/{record.stage}: package does not list the stage")
                continue
            trace = stored_trace(traces, record.archive_id or record.envelope.archive_id, bad_lines)
            scored = scores.add(package, record, trace)
            if observe is not None:
                for score in scored:
                    observe(score)
            if keep_records:
                records.extend(scored)
        scores.write()
    except BaseException:
        scores.close()
        raise
    finally:
        traces.close()
    skipped[:0] = [f"bad stored line {error}" for error in bad_lines]
    if out is None:
        record_scoring(run_dir, meta, scores.metrics, thresholds or Thresholds(), detectors or {})
    return RunScores(scores.path, records, scores.cases, skipped, notes)


def check_recordings(
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


def record_scoring(
    run_dir: Path,
    meta: dict[str, Any],
    metrics: dict[str, set[str]],
    thresholds: Thresholds,
    detectors: Mapping[str, Detector],
) -> None:
    """run.json's ``scoring``: which scorers made scores.jsonl (and the metrics each produced),
    with what settings, and the detector behind each scorer's text judgements."""
    # A detector chosen for a judgement stands for the scorer's declared one.
    by_scorer = {JUDGEMENTS[j]: d.name for j, d in detectors.items() if j in JUDGEMENTS}
    specs = [
        ScorerSpec(
            name=fn.name,
            metrics=sorted(metrics.get(fn.name, ())),
            detector=by_scorer.get(fn.name, fn.detector),
        )
        for fn in _scorers()
    ] + [
        ScorerSpec(
            name=d.name, metrics=sorted(metrics.get(d.name, ())), derived_from=list(d.inputs)
        )
        for d in _derived()
    ]
    scoring = ScoringInfo(scored_at=iso(utc_now()), thresholds=asdict(thresholds), scorers=specs)
    updated = RunMeta.model_validate(meta).model_copy(update={"scoring": scoring})
    write_run_meta(run_dir, updated)


def score_run(run_dir: Path, *, thresholds: Thresholds | None = None) -> Path:
    """Write ``scores.jsonl`` for a stored run and return its path."""
    result = score_run_dir(run_dir, thresholds=thresholds, keep_records=False)
    for note in result.skipped:
        print(f"shadow score: skipped {printable(note)}", file=sys.stderr)
    return result.path
