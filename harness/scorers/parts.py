"""Scoring one run in several processes (``shadow score --workers N``, and ``shadow run`` beside
its replay: ``harness.cli.run_beside``).

Scoring is pure Python under one interpreter lock, so one process uses one core however many the
machine has. Here results.jsonl is cut into parts of whole lines (``harness.rundir.parts``), and
worker processes forked from this one (so they share its index of the packages and traces,
neither copied nor pickled) score a part each at a time. A worker sends back each case's
canonical lines (``case_lines``), the scorers' value keys, its per-stage table and its notes;
this process writes the lines in canonical order, so the file holds the same bytes one process
writes, and adds the tables and notes in the parts' order, as one process meets them.

Cases whose (package, stage) is on several lines (resumed or merged runs: the last record wins)
are scored here, after the parts, exactly as one process scores them at the end.

With ``tables``, each worker also builds the report's tables of its part from the records it has
in hand (``PartTables``), and this process joins them: ``shadow run`` then reports without
reading results.jsonl and scores.jsonl back, as when one process scores while it replays.

Why fork: a spawned worker would import the scorers again (about 2 s) and read every package
file's index again; the parent has no threads while it scores a stored run."""

from __future__ import annotations

import multiprocessing
import signal
from collections import deque
from collections.abc import Callable, Mapping
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from harness.rundir import Part, parts
from harness.schema import ScoreRecord
from harness.scorers.lines import case_lines
from harness.scorers.run import CaseScorer, CaseScores, StoredCases
from harness.scorers.stage_table import StageTable
from harness.scorers.stored import (
    ScoringError,
    latest_records,
    part_records,
    repeated_keys,
    results_path,
)
from harness.untrusted.parse import Line, LoadError

if TYPE_CHECKING:  # the tables import pandas and scipy: only a run that reports needs them
    from harness.detectors.base import Detector
    from harness.schema import RunRecord
    from harness.scorers.base import Thresholds
    from harness.tables import ResultColumns, RunTables, ScoreColumns

#: Lines a part holds: enough that a part's overhead (a pickle each way) is small against
#: scoring it, few enough that the workers finish together and little waits in memory.
LINES_EACH = 256


class ScoreSink(Protocol):
    """Where a pool's scores go (``CaseScores``: the scores file): each case's canonical lines
    as they come back, then each part's value keys and count (``merge``), parts in order."""

    @property
    def thresholds(self) -> Thresholds | None: ...
    @property
    def detectors(self) -> Mapping[str, Detector] | None: ...
    def add_case(self, key: tuple[str, str], blob: bytes) -> None: ...
    def merge(self, metrics: Mapping[str, set[str]], cases: int) -> None: ...


@dataclass(frozen=True)
class _Job:
    """What every worker scores with, handed over by the fork (never pickled)."""

    stored: StoredCases
    repeated: frozenset[tuple[str, str]]
    scorer: CaseScorer
    table: bool
    tables: bool = False


class PartTables:
    """The report's tables of some of a run's cases: their records' rows, their scores' rows,
    where each record's line is in results.jsonl and which model made it."""

    def __init__(self) -> None:
        from harness.tables import ResultColumns, ScoreColumns

        self.results: ResultColumns = ResultColumns()
        self.scores: ScoreColumns = ScoreColumns()
        self.spans: dict[tuple[str, str], tuple[int, int]] = {}
        self.models: dict[tuple[str, str], str] = {}

    def seen(self, line: Line, record: RunRecord) -> None:
        key = (record.package, str(record.stage))
        self.results.add(record)
        self.spans[key] = (line.offset, line.length)
        self.models[key] = record.model

    def extend(self, other: PartTables) -> None:
        self.results.extend(other.results)
        self.scores.extend(other.scores)
        self.spans.update(other.spans)
        self.models.update(other.models)

    def tables(self, placed: dict[tuple[str, str], tuple[int, int]]) -> RunTables:
        """The tables ``load_tables`` reads once the scores file is written, ``placed`` being
        where each case's lines are in it (call it once: the score rows' codes are given up as
        their frame is made)."""
        from harness.tables import LineIndex, RunTables

        lines = LineIndex(
            results={key: [span] for key, span in self.spans.items()},
            scores={(*key, self.models[key]): [span] for key, span in placed.items()},
        )
        return RunTables(self.results.frame(), self.scores.frame(), (), lines)


@dataclass
class PartScores:
    """A part's scores as a worker sends them back."""

    cases: list[tuple[tuple[str, str], bytes]] = field(default_factory=list)
    metrics: dict[str, set[str]] = field(default_factory=dict)
    table: StageTable | None = None
    skipped: list[str] = field(default_factory=list)
    bad_lines: list[LoadError] = field(default_factory=list)
    tables: PartTables | None = None


#: A worker's job, set once as the worker starts (``_start``); the parent never sets it.
_JOB: _Job | None = None


def _start(job: _Job) -> None:
    global _JOB
    # Ctrl-C is the parent's to handle: it stops handing out parts and writes nothing.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _JOB = job


def _score_part(part: Part) -> PartScores:
    job = _JOB
    assert job is not None, "a part is scored in a worker started by a PartPool"
    stored = job.stored
    # A run still being replayed has written traces since this worker was forked.
    stored.traces.refresh()
    # Each part's notes and counts are its own: the parent adds them up in the parts' order.
    stored.skipped, stored.bad_lines = [], []
    scorer = job.scorer
    scorer.metrics, scorer.cases = {}, 0
    tables = PartTables() if job.tables else None
    out = PartScores(table=StageTable() if job.table else None, tables=tables)

    def take(scored: list[ScoreRecord]) -> None:
        out.cases.append(case_lines(scored))
        if out.table is not None:
            out.table.observe_all(scored)
        if tables is not None:
            tables.scores.add_case(scored)

    seen = None if tables is None else tables.seen
    records = part_records(stored.run_dir, part, job.repeated, stored.bad_lines, seen)
    stored.score(records, scorer, take)
    out.metrics, out.skipped, out.bad_lines = scorer.metrics, stored.skipped, stored.bad_lines
    return out


class PartPool:
    """Worker processes forked from this one (at the first part handed in), scoring parts of
    results.jsonl; their scores go to ``scores`` and ``table`` in the order the parts were
    given, as one process meets them. Parts may be handed in while the run is still being
    replayed (each worker reads the traces written since it was forked)."""

    def __init__(
        self,
        stored: StoredCases,
        scores: ScoreSink,
        table: StageTable | None,
        workers: int,
        *,
        repeated: frozenset[tuple[str, str]] = frozenset(),
        tables: bool = False,
    ) -> None:
        self._stored, self._scores, self._table = stored, scores, table
        # The workers' scorer is made here, with this one's settings, before they fork.
        job = _Job(
            stored,
            repeated,
            CaseScorer(scores.thresholds, scores.detectors),
            table is not None,
            tables and not repeated,
        )
        self.joined = PartTables() if job.tables else None
        self._pool = ProcessPoolExecutor(
            workers,
            mp_context=multiprocessing.get_context("fork"),
            initializer=_start,
            initargs=(job,),
        )
        # At most two parts a worker wait or run at once: memory stays flat in the run's size.
        self._limit = 2 * workers
        self._pending: deque[Future[PartScores]] = deque()

    def submit(self, part: Part) -> None:
        try:
            self._pending.append(self._pool.submit(_score_part, part))
        except BrokenProcessPool as err:  # a worker died before: the pool takes no more
            raise _died(err) from err
        if len(self._pending) >= self._limit:
            self._collect(self._next())

    def collect_one(self) -> bool:
        """Wait for the oldest part handed in and take its scores; False when none is out."""
        if not self._pending:
            return False
        self._collect(self._next())
        return True

    def finish(self) -> None:
        """Wait for every part handed in, then stop the workers."""
        while self.collect_one():
            pass
        self._pool.shutdown()

    def abandon(self) -> None:
        """Stop the workers, dropping the parts not yet scored."""
        self._pool.shutdown(wait=False, cancel_futures=True)

    def _next(self) -> PartScores:
        try:
            return self._pending.popleft().result()
        except BrokenProcessPool as err:
            raise _died(err) from err

    def _collect(self, done: PartScores) -> None:
        for key, blob in done.cases:
            self._scores.add_case(key, blob)
        self._scores.merge(done.metrics, len(done.cases))
        if self._table is not None and done.table is not None:
            self._table.merge(done.table)
        self._stored.skipped.extend(done.skipped)
        self._stored.bad_lines.extend(done.bad_lines)
        if self.joined is not None and done.tables is not None:
            self.joined.extend(done.tables)


def _died(err: BrokenProcessPool) -> ScoringError:
    return ScoringError(f"a scoring process died ({err}); no scores written")


def score_in_parts(
    stored: StoredCases,
    scores: CaseScores,
    table: StageTable | None,
    workers: int,
    take: Callable[[list[ScoreRecord]], None],
    tables: bool = False,
) -> PartTables | None:
    """Score every stored case into ``scores`` with ``workers`` processes; notes go to
    ``stored`` and each record to ``table``, as when one process scores them. ``take`` is what
    one process does with a case's scores (``score_run_dir``'s), for the cases scored here.
    With ``tables``: the report's tables of the run, unless a line did not read or a case is on
    several lines (the report then reads the files, as ``load_tables`` judges them)."""
    path = results_path(stored.run_dir)
    repeated = frozenset(repeated_keys(path))
    pool = PartPool(stored, scores, table, workers, repeated=repeated, tables=tables)
    try:
        for part in parts(path, LINES_EACH):
            pool.submit(part)
        pool.finish()
    except BaseException:
        pool.abandon()
        raise
    stored.score(latest_records(stored.run_dir, repeated, stored.bad_lines), scores, take)
    return None if stored.bad_lines else pool.joined
