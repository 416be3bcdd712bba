"""Scoring stored runs: read a run directory, score every case, write ``scores.jsonl``.

Reads ``run.json``, ``results.jsonl`` and ``traces/`` through ``harness.rundir`` (the stored-run
format, never the replay code that wrote them), and the packages named in ``run.json``.
The output is sorted and serialised canonically, so the same run gives the same bytes.
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import orjson

from harness.detectors.base import Detector
from harness.loading import LoadError, Span, find_package_files, iter_loaded, reread
from harness.rundir import (
    RESULTS,
    SCORES,
    RunDirError,
    RunMeta,
    ScorerSpec,
    ScoringInfo,
    TraceStore,
    iso,
    iter_results,
    read_run_meta,
    recordings_digest,
    utc_now,
    write_run_meta,
)
from harness.schema import Package, RunRecord, ScoreRecord, TraceEvent
from harness.scorers.base import Derived, Score, ScoreContext, Scorer, Thresholds
from harness.scorers.infrastructure import is_error
from harness.scorers.judged import JUDGEMENTS
from harness.untrusted.display import printable

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


def _derived() -> tuple[Derived, ...]:
    from harness.scorers import DERIVED

    return DERIVED


def _round(values: dict[str, Any]) -> dict[str, Any]:
    # Floats are rounded so that scores compare equal across platforms; details carry floats the
    # scorers have rounded themselves. A non-finite value has no JSON form: it is stored as no
    # value (null), as orjson writes it, rather than as a NaN no reader accepts.
    return {
        k: (round(v, 6) if math.isfinite(v) else None) if isinstance(v, float) else v
        for k, v in values.items()
    }


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
) -> ScoreContext:
    return ScoreContext(package, record, trace, thresholds or Thresholds(), dict(detectors or {}))


def _line(record: ScoreRecord) -> bytes:
    # Keys sorted, compact, UTF-8: canonical. orjson writes the shortest float form (1e-6 where
    # json wrote 1e-06); both read back as the same number.
    data = record.model_dump(mode="json")
    if data.get("detector") is None:
        data.pop("detector", None)  # structural scorers name no detector
    try:
        return orjson.dumps(data, option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS)
    except orjson.JSONEncodeError:  # an integer past 64 bits in a scorer's details
        return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                          allow_nan=False).encode()  # fmt: skip


def serialise(records: Iterable[ScoreRecord]) -> bytes:
    """Canonical JSON lines, sorted by (package, stage, scorer)."""
    lines = sorted((r.package, str(r.stage), r.scorer, _line(r)) for r in records)
    return b"".join(line + b"\n" for *_, line in lines)


class _SortedLines:
    """``serialise``'s bytes, written case by case without holding them: each case's lines go to
    a scratch file as they are scored, and only (package, stage) -> where they are stays in
    memory until the cases are copied out in order."""

    def __init__(self, path: Path) -> None:
        self._scratch_path = path.with_name(f".{path.name}.unsorted")
        self._scratch = self._scratch_path.open("w+b")
        self._index: dict[tuple[str, str], tuple[int, int]] = {}
        self._offset = 0

    def add(self, records: Sequence[ScoreRecord]) -> None:
        if not records:
            return
        key = (records[0].package, str(records[0].stage))
        lines = sorted((r.scorer, _line(r)) for r in records)
        blob = b"".join(line + b"\n" for _, line in lines)
        if key in self._index:
            raise ValueError(f"{key[0]}/{key[1]} scored twice")
        self._scratch.write(blob)
        self._index[key] = (self._offset, len(blob))
        self._offset += len(blob)

    def write(self, path: Path) -> None:
        self._scratch.flush()
        try:
            with path.open("wb") as out:
                for key in sorted(self._index):
                    offset, length = self._index[key]
                    self._scratch.seek(offset)
                    out.write(self._scratch.read(length))
        finally:
            self.close()

    def close(self) -> None:
        self._scratch.close()
        self._scratch_path.unlink(missing_ok=True)


# -- reading a run directory --------------------------------------------------------------------


def read_meta(run_dir: Path) -> dict[str, Any]:
    try:
        return read_run_meta(run_dir)
    except RunDirError as err:
        raise ScoringError(str(err)) from err


def read_records(run_dir: Path, errors: list[LoadError] | None = None) -> list[RunRecord]:
    """Run records in file order; the last record of a (package, stage) wins (resumed runs).
    A bad line is skipped into ``errors``; the others are scored."""
    return list(iter_records(run_dir, errors))


def _repeated_keys(path: Path) -> set[tuple[str, str]]:
    """(package, stage) keys on more than one line, from a quick parse of each line; a line that
    does not parse is left to the validating reader to report."""
    seen: set[tuple[str, str]] = set()
    repeated: set[tuple[str, str]] = set()
    with path.open("rb") as handle:
        for raw in handle:
            try:
                value = orjson.loads(raw)
                key = (str(value["package"]), str(value["stage"]))
            except (orjson.JSONDecodeError, KeyError, TypeError):
                continue
            if key in seen:
                repeated.add(key)
            seen.add(key)
    return repeated


def iter_records(run_dir: Path, errors: list[LoadError] | None = None) -> Iterator[RunRecord]:
    """As ``read_records``, streamed: a record whose (package, stage) is on no later line is
    yielded at once; only records with a later copy (merged or re-run cases) wait for the end."""
    path = run_dir / RESULTS
    if not path.exists():
        raise ScoringError(f"{path}: missing")
    repeated = _repeated_keys(path)
    latest: dict[tuple[str, str], RunRecord] = {}
    try:
        for _, record in iter_results(run_dir, errors):
            if record.key in repeated:
                latest[record.key] = record
            else:
                yield record
    except RunDirError as err:
        raise ScoringError(str(err)) from err
    yield from latest.values()


def _stored_trace(
    store: TraceStore, archive_id: str | None, errors: list[LoadError]
) -> list[TraceEvent]:
    """The archived trace of a run; empty when the run archived none."""
    try:
        return store.read(archive_id, missing_ok=True, errors=errors)
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


class _PackageFiles(Mapping[str, Package]):
    """The run's packages by id, read from their files as cases need them: in memory are only
    where each line is and the last few packages (a package's stages are scored together), so a
    large corpus is not held whole. Lines that do not load are skipped, as ``load_packages``
    skips them (``shadow validate`` reports them)."""

    _KEEP = 64

    def __init__(self, paths: Sequence[Path]) -> None:
        self._files: list[Path] = []
        self._where: dict[str, tuple[int, Span]] = {}
        self._recent: dict[str, Package] = {}
        for entry in iter_loaded(Package, find_package_files(paths), lambda p: p.id):
            if isinstance(entry, LoadError):
                continue
            if not self._files or self._files[-1] != entry.path:
                self._files.append(entry.path)
            self._where[entry.item.id] = (len(self._files) - 1, entry.span)

    def __getitem__(self, package_id: str) -> Package:
        kept = self._recent.get(package_id)
        if kept is not None:
            return kept
        file, span = self._where[package_id]
        path = self._files[file]
        package = reread(Package, path, span)
        if isinstance(package, str):
            raise ScoringError(f"{path} changed while scoring: {package}")
        if len(self._recent) >= self._KEEP:
            del self._recent[next(iter(self._recent))]
        self._recent[package_id] = package
        return package

    def __iter__(self) -> Iterator[str]:
        return iter(self._where)

    def __len__(self) -> int:
        return len(self._where)


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
        paths = _recording_paths(run_dir, meta)
        notes.extend(_check_recordings(paths, meta, allow_changed=allow_changed_recordings))
        by_id: Mapping[str, Package] = _PackageFiles(paths)
    else:
        by_id = {p.id: p for p in packages}
    records: list[ScoreRecord] = []
    skipped: list[str] = []
    bad_lines: list[LoadError] = []
    cases = 0
    path = out or run_dir / SCORES
    tmp = path.with_name(f".{path.name}.tmp")
    lines = _SortedLines(path)
    metrics: dict[str, set[str]] = {}
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
            trace = _stored_trace(
                traces, record.archive_id or record.envelope.archive_id, bad_lines
            )
            ctx = context_for(package, record, trace, thresholds=thresholds, detectors=detectors)
            scored = score_case(ctx)
            lines.add(scored)
            for score in scored:
                metrics.setdefault(score.scorer, set()).update(score.values)
            if observe is not None:
                for score in scored:
                    observe(score)
            if keep_records:
                records.extend(scored)
            cases += 1
        lines.write(tmp)
    except BaseException:
        lines.close()
        tmp.unlink(missing_ok=True)
        raise
    finally:
        traces.close()
    tmp.replace(path)
    skipped[:0] = [f"bad stored line {error}" for error in bad_lines]
    if out is None:
        _record_scoring(run_dir, meta, metrics, thresholds or Thresholds(), detectors or {})
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
