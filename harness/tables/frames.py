"""Stored runs read into pandas: ``results.jsonl`` as one row per run, ``scores.jsonl`` in long
form (one row per scorer value), and the wide form (one row per run, one column per
``scorer.value``) the metrics are computed from.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import numpy as np
import pandas as pd

from harness.rundir import SCORES, RunDirError, Spans, add_span, iter_result_lines, iter_score_lines
from harness.schema import RunRecord, ScoreRecord
from harness.tables.columns import (
    LABEL_PREFIX,
    RUN_KEY,
    ResultColumns,
    ScoreColumns,
)
from harness.tables.wide import coded_values
from harness.untrusted.parse import LoadError

#: ``harness.rundir.SCORES`` under the name this module's importers use.
SCORES_FILE = SCORES

#: What pairs two versions' runs: the same package through the same stage for the same agent.
PAIR_KEY: tuple[str, ...] = ("package", "stage", "agent")
T = TypeVar("T")


class TableError(ValueError):
    """A run directory that cannot be read into tables; the message names file, line and field."""


@dataclass(frozen=True)
class LineIndex:
    """Where each case's lines are in results.jsonl (by package and stage) and scores.jsonl (by
    package, stage and model), noted while the tables read them: the report's case pages read
    their few cases' lines again from there instead of parsing both files whole once more."""

    results: dict[tuple[str, str], Spans] = field(default_factory=dict)
    scores: dict[tuple[str, str, str], Spans] = field(default_factory=dict)


@dataclass(frozen=True)
class RunTables:
    results: pd.DataFrame
    scores: pd.DataFrame
    #: Stored lines that did not read (``file:line: field: message``); the rest is in the tables.
    errors: tuple[str, ...] = ()
    #: Where the lines behind the tables are, when they were read from a run directory.
    lines: LineIndex | None = None


# --- loading -----------------------------------------------------------------------------------


def _read(records: Iterable[T]) -> Iterator[T]:
    """Every record the reader yields, one at a time (a large run's records never sit in memory
    all at once), its ``file:line: field`` error as a TableError."""
    try:
        yield from records
    except RunDirError as exc:
        raise TableError(str(exc)) from exc


def results_frame(records: Iterable[RunRecord]) -> pd.DataFrame:
    """One row per run record, usage and boundary events flattened."""
    columns = ResultColumns()
    for r in records:
        columns.add(r)
    return columns.frame()


def scores_frame(records: Iterable[ScoreRecord]) -> pd.DataFrame:
    """Long form: one row per (run, scorer, value key) (``ScoreColumns``)."""
    columns = ScoreColumns()
    for r in records:
        columns.add(r)
    return columns.frame()


def load_tables(run_dir: Path) -> RunTables:
    """Read a run directory's results.jsonl and scores.jsonl. A missing results file gives an
    empty results table; a missing scores file is an error (score the run first)."""
    run_dir = Path(run_dir)
    if not run_dir.is_dir():
        raise TableError(f"{run_dir}: not a run directory")
    scores_path = run_dir / SCORES
    if not scores_path.is_file():
        raise TableError(f"{scores_path}: no such file (run `shadow score {run_dir}` first)")
    bad_lines: list[LoadError] = []
    lines = LineIndex()

    def results_noted() -> Iterator[RunRecord]:
        for line, record in iter_result_lines(run_dir, bad_lines):
            add_span(lines.results.setdefault((record.package, str(record.stage)), []), line)
            yield record

    def scores_noted() -> Iterator[ScoreRecord]:
        # A case's lines are together in a file sorted by case: its span is noted when the next
        # case starts (or a line was skipped between), not lengthened line by line.
        last: tuple[str, str, str] | None = None
        start = end = 0
        for line, score in iter_score_lines(run_dir, bad_lines):
            key = (score.package, score.stage, score.model)
            if key != last or line.offset != end:
                if last is not None:
                    _note(lines.scores, last, start, end - start)
                last, start = key, line.offset
            end = line.offset + line.length
            yield score
        if last is not None:
            _note(lines.scores, last, start, end - start)

    results = results_frame(_read(results_noted()))
    scores = scores_frame(_read(scores_noted()))
    return RunTables(results, scores, tuple(map(str, bad_lines)), lines)


def _note(
    spans_of: dict[tuple[str, str, str], Spans], key: tuple[str, Any, str], start: int, length: int
) -> None:
    """``add_span`` for a run of neighbouring lines at once: joined to the case's last span
    when it follows it directly."""
    spans = spans_of.setdefault((key[0], str(key[1]), key[2]), [])
    if spans and spans[-1][0] + spans[-1][1] == start:
        spans[-1] = (spans[-1][0], spans[-1][1] + length)
    else:
        spans.append((start, length))


def label_columns(frame: pd.DataFrame) -> list[str]:
    return [c for c in frame.columns if str(c).startswith(LABEL_PREFIX)]


def _joined_keys(scorer: pd.Series, metric: pd.Series) -> np.ndarray[Any, np.dtype[np.object_]]:
    """``scorer + "." + metric`` row by row, each distinct result one string object."""
    codes, pairs = pd.MultiIndex.from_arrays([scorer, metric]).factorize()
    joined = np.array([f"{a}.{b}" for a, b in pairs], dtype=object)
    # Two pairs may join to one key ("a.b" + "c", "a" + "b.c"): as with the strings, one column.
    key_codes, keys = pd.factorize(joined)
    shared: np.ndarray[Any, np.dtype[np.object_]] = np.asarray(keys, dtype=object)
    rows: np.ndarray[Any, np.dtype[np.object_]] = shared.take(np.asarray(key_codes)[codes])
    return rows


def run_values(scores: pd.DataFrame) -> pd.DataFrame:
    """Wide form: one row per run (RUN_KEY + labels), one float column per ``scorer.metric``."""
    labels = label_columns(scores)
    if scores.empty:
        return pd.DataFrame(columns=[*RUN_KEY, *labels])
    wide = coded_values(scores, labels)
    return grouped_values(scores, labels) if wide is None else wide


def grouped_values(scores: pd.DataFrame, labels: list[str]) -> pd.DataFrame:
    """``run_values`` by grouping the long table on its key columns: what ``coded_values`` makes
    from codes, for the keys it cannot code (a missing key)."""
    # The value column grouped by the key columns themselves, not a copy of the long table with
    # one more column; and each row's "scorer.metric" key is one of a few shared strings, not a
    # new string a row (450 MB at 100,000 cases, 5 million rows).
    column = pd.Series(_joined_keys(scores["scorer"], scores["metric"]), index=scores.index,
                       name="column")  # fmt: skip
    keys = [scores[name] for name in RUN_KEY]
    # A scorer writes one record per run, so duplicates only come from merged copies of the same
    # run; the last one wins, as it would on a re-score. (Not pivot_table: with dropna=False it
    # fills in every package x stage x model combination, runs that never happened.)
    wide = scores["value"].groupby([*keys, column], sort=False).last().unstack("column")
    wide.columns = [str(c) for c in wide.columns]
    wide = wide.reset_index()
    if labels:
        # Labels belong to the package; take the first non-null per run.
        per_run = scores.groupby(list(RUN_KEY), sort=False)[labels].first().reset_index()
        wide = wide.merge(per_run, on=list(RUN_KEY), how="left")
    return wide.reset_index(drop=True)
