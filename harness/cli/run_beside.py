"""``shadow run``'s scores made by scoring processes beside the replay, instead of after it.

A recorded (inline) replay runs in one process, one core; scoring the finished run in parts
(``harness.scorers.parts``) then keeps every core busy, but the replay's own minutes are spent
with the other cores idle. Here the replay hands each part of results.jsonl to the scoring
processes as soon as its lines are written (``case`` is the replay's hook): the processes are
forked at the first part, read each part's lines and traces from the run directory as
``shadow score`` does (flushed at once by the replay's writers), and their scores are gathered
in the parts' order. The scores file, run.json's ``scoring`` and the report's tables are the
same as scoring the finished run in parts gives (``tests/test_run_beside.py``).

Only a fresh run whose every case is written once is scored so. Anything out of the ordinary (a
process with other threads, which must not fork; a scoring process that dies; a line the
parts would not read) gives the beside scores up (``usable`` turns false), and the finished run
is scored from its files as before.
"""

from __future__ import annotations

import sys
from pathlib import Path

from harness.rundir import SCORES, Part
from harness.schema import Package
from harness.scorers import parts as parts_module
from harness.scorers import run as scoring
from harness.scorers.base import Thresholds
from harness.scorers.parts import PartPool
from harness.scorers.run import (
    CaseScores,
    StoredCases,
    check_recordings,
    record_scoring,
    score_and_tables,
)
from harness.scorers.stored import PackageFiles, read_meta, recording_paths
from harness.tables import RunTables
from harness.untrusted.display import printable


class BesideScores:
    """The hook the replay calls with each recorded case (``case``), then ``finish``."""

    def __init__(self, run_dir: Path, workers: int, thresholds: Thresholds | None = None) -> None:
        self._run_dir = Path(run_dir)
        self._workers = workers
        self._thresholds = thresholds
        self.usable = True
        self.cases = 0
        # Where the part being gathered starts, where results.jsonl ends, and its lines before.
        self._start = self._end = self._before = 0
        self._pool: PartPool | None = None
        self._stored: StoredCases | None = None
        self._scores: CaseScores | None = None
        self._tables: RunTables | None = None

    def case(self, package: Package, line: bytes, trace_record: bytes | None) -> None:
        """One case the replay has just appended (``line`` without its line break)."""
        if not self.usable:
            return
        self.cases += 1
        self._end += len(line) + 1
        if self.cases - self._before >= parts_module.LINES_EACH:
            self._hand_in()

    def _hand_in(self) -> None:
        part = Part(self._start, self._end, self._before)
        self._start, self._before = self._end, self.cases
        self._submit(part)

    def _submit(self, part: Part) -> None:
        try:
            if self._pool is None:
                if not scoring.forkable():
                    self.give_up()  # a thread of this process would be copied mid-lock
                    return
                # the run's packages by id, as shadow score reads them (the replay wrote run.json)
                packages = PackageFiles(recording_paths(self._run_dir, read_meta(self._run_dir)))
                self._stored = StoredCases(self._run_dir, packages)
                self._scores = CaseScores(self._run_dir / SCORES, self._thresholds)
                self._pool = PartPool(self._stored, self._scores, None, self._workers, tables=True)
            self._pool.submit(part)
        except Exception:  # the finished run is scored from its files instead
            self.give_up()

    def give_up(self) -> None:
        self.usable = False
        if self._pool is not None:
            self._pool.abandon()
            self._pool = None
        if self._scores is not None:
            self._scores.close()
            self._scores = None
        if self._stored is not None:
            self._stored.close()
            self._stored = None

    def finish(self) -> Path:
        """Score the last part, write scores.jsonl and run.json's ``scoring``, as scoring the
        finished run in parts does; ``ScoringError`` as there when the recordings changed."""
        if self._start < self._end:
            self._hand_in()
        if not self.usable or self._pool is None:
            # the last part could not be handed in (or none was): scored from the files
            self.give_up()
            path, self._tables = score_and_tables(self._run_dir, workers=self._workers)
            return path
        assert self._scores is not None and self._stored is not None
        pool, scores, stored = self._pool, self._scores, self._stored
        self._pool = self._scores = self._stored = None
        try:
            meta = read_meta(self._run_dir)
            check_recordings(recording_paths(self._run_dir, meta), meta, allow_changed=False)
            pool.finish()
            placed = scores.write()
        except BaseException:
            pool.abandon()
            scores.close()
            raise
        finally:
            stored.close()
        record_scoring(self._run_dir, meta, scores.metrics, self._thresholds or Thresholds(), {})
        for note in [f"bad stored line {e}" for e in stored.bad_lines] + stored.skipped:
            print(f"shadow score: skipped {printable(note)}", file=sys.stderr)
        # a line that did not read leaves the report to the files, as load_tables judges them
        if pool.joined is not None and not stored.bad_lines:
            self._tables = pool.joined.tables(placed)
        return scores.path

    def tables(self) -> RunTables | None:
        """The report's tables of the run, once ``finish`` has written its scores."""
        return self._tables
