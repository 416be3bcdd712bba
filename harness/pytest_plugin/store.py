"""Where a pytest session's cases go: the run directory ``shadow run`` would write.

A lone process appends to the run directory itself. Under pytest-xdist each worker appends to its
own part (``<run dir>/.parts/<worker>``: ``results.jsonl``, per-case scores, ``part.json`` at its
end; traces go straight to the shared ``traces/``) and the controller merges the parts into the
run directory at the end of the session.
"""

from __future__ import annotations

import json
import shutil
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

if TYPE_CHECKING:
    from harness.loading import Span
    from harness.replay.case import CaseContext
    from harness.rundir import ResultsWriter
    from harness.schema import Package, RunRecord, ScoreRecord, TraceEvent
    from harness.scorers.base import PackageMemo
    from harness.scorers.lines import SortedLines
    from harness.tables import RunTables

PARTS = ".parts"
PART_META = "part.json"
#: A worker's run.json as it starts: what a resume needs of a session killed before its end.
PART_START = "start.json"
PART_SCORES = "scores.part.jsonl"


@dataclass
class CaseOutcome:
    record: RunRecord
    trace: list[TraceEvent]
    scores: list[ScoreRecord]

    @property
    def by_scorer(self) -> dict[str, ScoreRecord]:
        return {s.scorer: s for s in self.scores}


@dataclass
class Store:
    """This process's share of the run directory: results and per-case scores, appended as each
    case ends; traces go straight to ``run_dir/traces``."""

    run_dir: Path
    part_dir: Path
    cases: CaseContext
    writer: ResultsWriter
    #: Under xdist only: every case's scores, for gates on other workers and the final merge.
    scores: IO[bytes] | None
    #: In one process: the session's ``scores.jsonl``, each case's lines written as it is
    #: scored (``SortedLines``), so no case's scores stay in memory until the end.
    lines: SortedLines | None = None
    #: The report's tables, made as each case is stored (``InHand``), when the session writes
    #: a report of its cases alone.
    in_hand: InHand | None = None
    #: The last package's scoring memo: its stages are scored one after the other, so what the
    #: scorers work out of the package alone is worked out once (as ``shadow score`` does).
    _memo: PackageMemo | None = None

    def score(
        self, package: Package, record: RunRecord, trace: Sequence[TraceEvent]
    ) -> list[ScoreRecord]:
        from harness.scorers.run import context_for, score_case

        ctx = context_for(package, record, trace, shared=self._memo)
        self._memo = ctx.shared
        return score_case(ctx)

    def append(self, outcome: CaseOutcome, line: bytes) -> Span:
        """Store a case: ``line`` is its record as ``run_case`` serialized it. Returns where the
        line went in this process's ``results.jsonl``."""
        span = self.writer.append_line(line)
        self.keep(outcome, line, span)
        return span

    def keep(
        self, outcome: CaseOutcome, line: bytes, span: Span, blob: bytes | None = None
    ) -> None:
        """A case whose line is stored at ``span``, once it is scored (``blob``: its scores'
        canonical lines, when a scoring process made them). Cases come here in their lines'
        order, as the report's tables read them."""
        self.share(outcome, blob)
        if self.in_hand is not None and not self.in_hand.add(line, span, outcome.scores):
            self.in_hand = None

    def share(self, outcome: CaseOutcome, blob: bytes | None = None) -> None:
        """Keep a case's scores for the session's end: its lines, or under xdist its part's line
        for the other workers' gates and the final merge (a resumed case's too: its record is
        already in the run directory)."""
        if self.lines is not None:
            if blob is None:
                self.lines.add(outcome.scores)
            else:
                self.lines.add_case((outcome.record.package, str(outcome.record.stage)), blob)
        if self.scores is None:
            return
        # One line per case, written at once: a gate on another worker reads whole cases only.
        entry = json.dumps(
            {"key": [outcome.record.package, str(outcome.record.stage)],
             "scores": [s.model_dump(mode="json") for s in outcome.scores]},
            separators=(",", ":"),
        )  # fmt: skip
        self.scores.write(entry.encode() + b"\n")
        self.scores.flush()

    def write_scores(self, path: Path) -> RunTables | None:
        """Write ``lines`` out as ``path`` (scores.jsonl); the report's tables if in hand."""
        assert self.lines is not None
        placed = self.lines.write(path)
        return None if self.in_hand is None else self.in_hand.tables(placed)

    def close(self) -> None:
        self.writer.close()
        self.cases.traces.close()
        if self.scores is not None:
            self.scores.close()
        # ``lines`` stays open: the session's end writes it out (``SortedLines.write``).


class InHand:
    """The report's tables made while each case is in hand, as ``shadow run`` makes them
    (``cli.run_live``), instead of read back from results.jsonl and scores.jsonl at the end: the
    same frames, since ``columns`` builds them from records as ``load_tables`` does from lines.
    Made only where results.jsonl holds this session's lines alone, in the order they come here
    (one process, no resumed run); a line that would not read back gives them up (``add``)."""

    def __init__(self) -> None:
        from harness.tables import LineIndex, ResultColumns, ScoreColumns

        self._results = ResultColumns()
        self._scores = ScoreColumns()
        self._lines = LineIndex()
        self._models: dict[tuple[str, str], str] = {}

    def add(self, line: bytes, span: Span, scores: Sequence[ScoreRecord]) -> bool:
        """One stored case: its line as written at ``span``, and its scores; False when the line
        does not read back as a record (the report then reads the files)."""
        from pydantic import ValidationError

        from harness.schema import RunRecord
        from harness.untrusted.parse import BadInput, parse_json_object

        try:
            # Read as the stored run's reader reads it: the table holds what the file says.
            record = RunRecord.model_validate(parse_json_object(line))
        except (BadInput, ValidationError):
            return False
        key = (record.package, str(record.stage))
        self._results.add(record)
        self._lines.results[key] = [(span.offset, span.length)]
        self._scores.add_case(scores)
        self._models[key] = record.model
        return True

    def tables(self, placed: Mapping[tuple[str, str], tuple[int, int]]) -> RunTables:
        """The tables, once scores.jsonl is written (``placed``: where each case's lines went)."""
        from harness.tables import RunTables

        for (package, stage), span in placed.items():
            self._lines.scores[(package, stage, self._models[(package, stage)])] = [span]
        return RunTables(self._results.frame(), self._scores.frame(), (), self._lines)


def part_scores(data: bytes) -> Iterator[tuple[tuple[str, str], list[ScoreRecord]]]:
    """The cases of whole lines of a worker's ``scores.part.jsonl``: (package, stage), scores."""
    from harness.schema import ScoreRecord

    for line in data.splitlines():
        entry = json.loads(line)
        key = (str(entry["key"][0]), str(entry["key"][1]))
        yield key, [ScoreRecord.model_validate(s) for s in entry["scores"]]


def finish_run(
    run_dir: Path,
    meta: dict[str, Any],
    statuses: Counter[str],
    write_scores: Callable[[Path], RunTables | None],
    *,
    planned: int,
    interrupted: bool,
    report: bool = True,
) -> None:
    """Write the session's scores (``write_scores(path)`` writes ``scores.jsonl`` and returns the
    report's tables when they are in hand), the final run.json, ``reports/latest`` and (unless
    ``report`` is false: ``--shadow-no-report``) the report. ``statuses``: how many stored cases
    end in each status."""
    from harness.rundir import SCORES, iso, run_counts, update_latest, utc_now, write_run_meta

    stored = sum(statuses.values())
    counts = run_counts(statuses, max(planned, stored), stored)
    meta.update(
        counts=counts,
        ended_at=iso(utc_now()),
        state="interrupted" if interrupted or counts["pending"] else "finished",
    )
    tables = write_scores(run_dir / SCORES)
    write_run_meta(run_dir, meta)
    update_latest(run_dir)
    if stored and report:
        from harness.report import write_report

        write_report(run_dir, tables=tables)


def merge_parts(
    run_dir: Path, *, resumed: bool = False, notes: Sequence[str] = (), report: bool = True
) -> int:
    """Merge the workers' parts under ``run_dir/.parts`` into the run directory; the number of
    cases. A case run by two workers (two suites, or a fixture, asking for it) is kept once.
    With ``resumed`` the run directory already holds results: they come first and stay."""
    from harness.replay.merge import gather_results
    from harness.rundir import RESULTS, SCORES, iter_scores
    from harness.scorers.lines import serialise

    parts = sorted(p for p in (run_dir / PARTS).iterdir() if p.is_dir())
    gathered = gather_results([run_dir, *parts] if resumed else parts)
    dropped: list[str] = []
    # A repeat's trace stays in its worker's traces file, which no kept record names.
    for part, record in gathered.repeats:
        dropped.append(f"{record.package}/{record.stage} again in {part.name}")
    scores: dict[tuple[str, str], list[ScoreRecord]] = {}
    for part in parts:
        path = part / PART_SCORES
        if path.exists():
            for key, found in part_scores(path.read_bytes()):
                scores.setdefault(key, found)
    if resumed and (run_dir / SCORES).exists():
        # Stored cases no worker judged (deselected this time) keep the scores stored for them.
        stored: dict[tuple[str, str], list[ScoreRecord]] = {}
        for score in iter_scores(run_dir):
            stored.setdefault((score.package, str(score.stage)), []).append(score)
        for key, found in stored.items():
            scores.setdefault(key, found)
    metas = [
        json.loads((p / PART_META).read_text(encoding="utf-8"))
        for p in parts
        if (p / PART_META).exists()
    ]
    starts = [m["meta"] for m in metas if m.get("meta")]
    meta: dict[str, Any] = dict(starts[0]) if starts else {"run_id": run_dir.name}
    if starts:
        meta["started_at"] = min(m["started_at"] for m in starts)
    meta["notes"] = [
        *meta.get("notes", []),
        *notes,
        *(f"duplicate case dropped: {d}" for d in dropped),
    ]
    planned = {tuple(k) for m in metas for k in m.get("planned", [])}
    interrupted = any(m.get("interrupted") for m in metas) or len(metas) < len(parts)
    (run_dir / RESULTS).write_bytes(b"".join(line + b"\n" for _, line, _ in gathered.kept.values()))
    statuses = Counter(str(record.status) for _, _, record in gathered.kept.values())
    lines = serialise(s for k in gathered.kept for s in scores.get(k, []))

    def write_scores(path: Path) -> None:
        path.write_bytes(lines)

    finish_run(run_dir, meta, statuses, write_scores,
               planned=len(planned | set(gathered.kept)), interrupted=interrupted,
               report=report)  # fmt: skip
    shutil.rmtree(run_dir / PARTS)
    return len(gathered.kept)
