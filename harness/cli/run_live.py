"""``shadow run``'s scores, and the report's tables, made while the replay holds each case,
instead of read back from the run directory afterwards.

Scoring a stored run reads every result line, trace and package again (``score_run_dir``); in the
process that has just written them that is work done twice. Here each case is scored as the
replay records it, from what it has in hand: the package it ran (read and validated from the
same line ``score_run_dir`` would take), and the result line and trace record as they were
written, parsed and validated exactly as the stored-run readers parse them. The scores file and
run.json's ``scoring`` are the same bytes ``score_run_dir`` writes for the finished run, and the
tables the ones ``load_tables`` would read from it. (In the CLI: the one place that chains
replay, scoring and reporting.)

Anything out of the ordinary (a line or trace that would not read back, a case scored twice, a
scorer that raised) gives the live scores up (``usable`` turns false): the run is then scored
from its files as before, so an odd case is judged exactly as ``shadow score`` judges it.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import ValidationError

from harness.rundir import SCORES
from harness.rundir.traces import decode_trace
from harness.schema import Package, RunRecord
from harness.scorers.base import Thresholds
from harness.scorers.run import CaseScores, check_recordings, record_scoring
from harness.scorers.stored import read_meta, recording_paths
from harness.tables import LineIndex, ResultColumns, RunTables, ScoreColumns
from harness.untrusted.parse import BadInput, LoadError, parse_json_object


class LiveScores:
    """The hook the replay calls with each recorded case (``case``), then ``finish``."""

    def __init__(self, run_dir: Path, thresholds: Thresholds | None = None) -> None:
        self._run_dir = Path(run_dir)
        self._thresholds = thresholds
        # Opened with the first case: the replay makes the run directory.
        self._scores: CaseScores | None = None
        self.usable = True
        # The report's tables, built from the same records (``tables``), and where each case's
        # lines are: results.jsonl holds this run's lines alone, in the order they come here.
        self._results = ResultColumns()
        self._columns = ScoreColumns()
        self._lines = LineIndex()
        self._results_end = 0
        self._models: dict[tuple[str, str], str] = {}

    @property
    def cases(self) -> int:
        return 0 if self._scores is None else self._scores.cases

    def case(self, package: Package, line: bytes, trace_record: bytes | None) -> None:
        """Score one case the replay has just recorded: ``line`` as appended to results.jsonl,
        ``trace_record`` as appended to the traces file (None when none was kept)."""
        if not self.usable:
            return
        try:
            self._score(package, line, trace_record)
        except Exception:  # the stored run is scored instead, and says what went wrong
            self.give_up()

    def _score(self, package: Package, line: bytes, trace_record: bytes | None) -> None:
        try:
            record = RunRecord.model_validate(parse_json_object(line))
        except (BadInput, ValidationError):
            self.give_up()
            return
        archive_id = record.archive_id or record.envelope.archive_id
        if not archive_id or trace_record is None or record.stage not in package.stages:
            self.give_up()
            return
        errors: list[LoadError] = []
        trace = decode_trace(trace_record, archive_id, "<trace>", 0, True, errors)
        if errors:
            self.give_up()
            return
        if self._scores is None:
            self._scores = CaseScores(self._run_dir / SCORES, self._thresholds)
        scored = self._scores.add(package, record, trace)
        key = (record.package, str(record.stage))
        self._results.add(record)
        self._lines.results[key] = [(self._results_end, len(line) + 1)]
        self._results_end += len(line) + 1
        self._columns.add_case(scored)
        self._models[key] = record.model

    def give_up(self) -> None:
        self.usable = False
        if self._scores is not None:
            self._scores.close()
            self._scores = None

    def finish(self) -> Path:
        """Write scores.jsonl and run.json's ``scoring``, as ``score_run`` does for the finished
        run; ``ScoringError`` as there when the recordings changed since the run started."""
        assert self.usable and self._scores is not None
        scores, self._scores = self._scores, None
        try:
            meta = read_meta(self._run_dir)
            check_recordings(recording_paths(self._run_dir, meta), meta, allow_changed=False)
            placed = scores.write()
        except BaseException:
            scores.close()
            raise
        for (package, stage), span in placed.items():
            self._lines.scores[(package, stage, self._models[(package, stage)])] = [span]
        record_scoring(self._run_dir, meta, scores.metrics, self._thresholds or Thresholds(), {})
        return scores.path

    def tables(self) -> RunTables:
        """The tables ``load_tables`` reads from the run directory once ``finish`` has written
        it, made from the records in hand (the frames are dropped here: one report's worth)."""
        results, self._results = self._results.frame(), ResultColumns()
        scores, self._columns = self._columns.frame(), ScoreColumns()
        return RunTables(results, scores, (), self._lines)
