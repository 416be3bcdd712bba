"""Scoring stored runs: every case of a run directory scored, ``scores.jsonl`` written and the
scoring recorded in run.json.

The stored run is read through ``harness.scorers.stored`` (never the replay code that wrote it)
and written canonically through ``harness.scorers.lines``, so the same run gives the same bytes.
"""

from __future__ import annotations

import math
import sys
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

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
from harness.scorers.stage_table import StageTable
from harness.scorers.stored import (
    PackageFiles,
    ScoringError,
    iter_records,
    read_meta,
    recording_paths,
    stored_trace,
)
from harness.untrusted.display import printable

if TYPE_CHECKING:
    from harness.tables import RunTables

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


class CaseScorer:
    """Scores stored cases one at a time, each package's memo shared by its stages; keeps each
    scorer's value keys (for run.json's ``scoring``) and how many cases it scored."""

    def __init__(
        self, thresholds: Thresholds | None = None, detectors: Mapping[str, Detector] | None = None
    ) -> None:
        self.thresholds = thresholds
        self.detectors = detectors
        #: Each scorer's value keys, for run.json's ``scoring``.
        self.metrics: dict[str, set[str]] = {}
        self._memos: dict[str, PackageMemo] = {}
        self.cases = 0

    def score(
        self, package: Package, record: RunRecord, trace: Sequence[TraceEvent]
    ) -> list[ScoreRecord]:
        memos = self._memos
        ctx = context_for(
            package, record, trace, thresholds=self.thresholds, detectors=self.detectors,
            shared=memos.get(package.id),
        )  # fmt: skip
        if ctx.shared is not memos.get(package.id):
            assert ctx.shared is not None
            memos.pop(package.id, None)
            memos[package.id] = ctx.shared
            while len(memos) > _MEMOS:
                del memos[next(iter(memos))]
        scored = score_case(ctx)
        self.count(scored, 1)
        return scored

    def count(self, scored: Sequence[ScoreRecord], cases: int) -> None:
        for score in scored:
            self.metrics.setdefault(score.scorer, set()).update(score.values)
        self.cases += cases

    def merge(self, metrics: Mapping[str, set[str]], cases: int) -> None:
        """Count what another process scored."""
        for scorer, keys in metrics.items():
            self.metrics.setdefault(scorer, set()).update(keys)
        self.cases += cases


class CaseScores(CaseScorer):
    """A run's scores made case by case and written to ``path`` as ``scores.jsonl`` (canonical
    order, whatever order the cases come in): what ``score_run_dir`` does with each stored case,
    and ``shadow run`` with each case as the replay records it."""

    def __init__(
        self,
        path: Path,
        thresholds: Thresholds | None = None,
        detectors: Mapping[str, Detector] | None = None,
    ) -> None:
        super().__init__(thresholds, detectors)
        self.path = path
        self._tmp = path.with_name(f".{path.name}.tmp")
        self._lines = SortedLines(path)

    def add(
        self, package: Package, record: RunRecord, trace: Sequence[TraceEvent]
    ) -> list[ScoreRecord]:
        scored = self.score(package, record, trace)
        self._lines.add(scored)
        return scored

    def add_scored(self, scored: Sequence[ScoreRecord]) -> None:
        """A case this scorer has scored (``score``)."""
        self._lines.add(scored)

    def add_case(self, key: tuple[str, str], blob: bytes) -> None:
        """A case scored in another process, as its canonical lines (``case_lines``)."""
        self._lines.add_case(key, blob)

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
    #: The report's tables, when scoring in parts built them (``score_run_dir(tables=True)``).
    tables: RunTables | None = None


def score_run_dir(
    run_dir: Path,
    *,
    packages: Sequence[Package] | None = None,
    thresholds: Thresholds | None = None,
    out: Path | None = None,
    keep_records: bool = True,
    table: StageTable | None = None,
    allow_changed_recordings: bool = False,
    detectors: Mapping[str, Detector] | None = None,
    workers: int = 1,
    tables: bool = False,
) -> RunScores:
    """Score every stored case of ``run_dir`` and write ``scores.jsonl`` (or ``out``).

    Cases are read, scored and written one at a time. ``keep_records=False`` returns no records
    (memory stays flat in the run's size); ``table`` sees each record as it is made.
    ``detectors`` chooses a detector per text judgement (``completion``, ``support``,
    ``reopens``); the rest are made by the scorers' own rules. A ``DetectorError`` stops scoring
    (no scores file is written): a detector that cannot answer is infrastructure, not a verdict.
    ``workers`` > 1 scores parts of the run in that many processes (``harness.scorers.parts``):
    the same file, the same notes; not with ``keep_records`` or a detector other than the
    lexical one (a judge model is asked one case at a time, from this process). ``tables``: the
    workers build the report's tables too (``RunScores.tables``; None in one process)."""
    if workers > 1 and (
        keep_records or any(d.name != "lexical" for d in (detectors or {}).values())
    ):
        raise ValueError("scoring in several processes keeps no records and asks no judge model")
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
    stored = StoredCases(run_dir, by_id)
    scores = CaseScores(out or run_dir / SCORES, thresholds, detectors)

    def take(scored: list[ScoreRecord]) -> None:
        scores.add_scored(scored)
        if table is not None:
            table.observe_all(scored)
        if keep_records:
            records.extend(scored)

    joined = None
    try:
        if workers > 1 and forkable():
            from harness.scorers.parts import score_in_parts

            joined = score_in_parts(stored, scores, table, workers, take, tables)
        else:
            stored.score(iter_records(run_dir, stored.bad_lines), scores, take)
        placed = scores.write()
    except BaseException:
        scores.close()
        raise
    finally:
        stored.close()
    skipped = [f"bad stored line {error}" for error in stored.bad_lines] + stored.skipped
    if out is None:
        record_scoring(run_dir, meta, scores.metrics, thresholds or Thresholds(), detectors or {})
    made = None if joined is None else joined.tables(placed)
    return RunScores(scores.path, records, scores.cases, skipped, notes, made)


def forkable() -> bool:
    """Whether workers may be forked from this process: not while other threads run (a fork
    copies the locks they hold, held). ``shadow run`` and ``shadow score`` have none left when
    they score; a caller that has (a test runner's own threads) scores in one process."""
    return threading.active_count() == 1


class StoredCases:
    """A stored run's cases as scoring meets them: each record with its package (by id) and its
    archived trace. What does not fit is noted, never raised: a record whose package is not
    found or does not list its stage (``skipped``), a line that does not read (``bad_lines``)."""

    def __init__(self, run_dir: Path, by_id: Mapping[str, Package]) -> None:
        self.run_dir = run_dir
        self.by_id = by_id
        self.traces = TraceStore(run_dir)
        self.bad_lines: list[LoadError] = list(self.traces.errors)
        self.skipped: list[str] = []

    def score(
        self,
        records: Iterable[RunRecord],
        scorer: CaseScorer,
        take: Callable[[list[ScoreRecord]], None],
    ) -> None:
        """Score each record that fits with ``scorer`` and hand its scores to ``take``."""
        for record in records:
            package = self.by_id.get(record.package)
            if package is None:
                self.skipped.append(
                    f"{record.package}/{record.stage}: package not found in the recordings"
                )
                continue
            if record.stage not in package.stages:
                self.skipped.append(
                    f"{record.package}/{record.stage}: package does not list the stage"
                )
                continue
            archive_id = record.archive_id or record.envelope.archive_id
            take(
                scorer.score(package, record, stored_trace(self.traces, archive_id, self.bad_lines))
            )

    def close(self) -> None:
        self.traces.close()


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


def score_run(run_dir: Path, *, thresholds: Thresholds | None = None, workers: int = 1) -> Path:
    """Write ``scores.jsonl`` for a stored run and return its path."""
    return score_and_tables(run_dir, thresholds=thresholds, workers=workers, tables=False)[0]


def score_and_tables(
    run_dir: Path, *, thresholds: Thresholds | None = None, workers: int = 1, tables: bool = True
) -> tuple[Path, RunTables | None]:
    """``score_run``, and the report's tables when workers could build them (``tables``)."""
    result = score_run_dir(
        run_dir, thresholds=thresholds, keep_records=False, workers=workers, tables=tables
    )
    for note in result.skipped:
        print(f"shadow score: skipped {printable(note)}", file=sys.stderr)
    return result.path, result.tables
