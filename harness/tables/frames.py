"""Stored runs read into pandas: ``results.jsonl`` as one row per run, ``scores.jsonl`` in long
form (one row per scorer value), and the wide form (one row per run, one column per
``scorer.value``) the metrics are computed from.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import pandas as pd

from harness.rundir import SCORES, RunDirError, iter_results, iter_scores
from harness.schema import RunRecord, ScoreRecord
from harness.untrusted.parse import LoadError

#: ``harness.rundir.SCORES`` under the name this module's importers use.
SCORES_FILE = SCORES

#: What identifies one run in a table: a package replayed through a stage by one model.
RUN_KEY: tuple[str, ...] = ("package", "stage", "agent", "model")
#: What pairs two versions' runs: the same package through the same stage for the same agent.
PAIR_KEY: tuple[str, ...] = ("package", "stage", "agent")
LABEL_PREFIX = "label_"

SCORE_COLUMNS: tuple[str, ...] = (
    *RUN_KEY,
    "scorer",
    "metric",
    "value",
    "text",
    "explanation",
)
RESULT_COLUMNS: tuple[str, ...] = (
    "run_id",
    *RUN_KEY,
    "runner",
    "status",
    "latency_s",
    "attempts",
    "input_tokens",
    "output_tokens",
    "cost_usd",
    "boundary_events",
    "boundary_kinds",
    "archive_id",
    "error",
    "started_at",
)
T = TypeVar("T")


class TableError(ValueError):
    """A run directory that cannot be read into tables; the message names file, line and field."""


@dataclass(frozen=True)
class RunTables:
    results: pd.DataFrame
    scores: pd.DataFrame
    #: Stored lines that did not read (``file:line: field: message``); the rest is in the tables.
    errors: tuple[str, ...] = ()


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
    # Column by column, as the scores table: no dict per row to build and take apart again.
    columns: dict[str, list[Any]] = {name: [] for name in RESULT_COLUMNS}
    for r in records:
        row = (
            r.run_id, r.package, str(r.stage), r.agent, r.model, r.runner, r.status, r.latency_s,
            r.attempts, r.usage.input_tokens, r.usage.output_tokens, r.usage.cost_usd,
            len(r.boundary_events), ",".join(sorted({e.kind for e in r.boundary_events})),
            r.archive_id, r.error, r.started_at,
        )  # fmt: skip
        for column, value in zip(columns.values(), row, strict=True):
            column.append(value)
    if not columns["run_id"]:
        return pd.DataFrame([], columns=list(RESULT_COLUMNS))  # object columns, not float ones
    return pd.DataFrame(columns, columns=list(RESULT_COLUMNS))


def _numeric(value: Any) -> float:
    # bool before int: True is an int in Python, and a rate wants it as 1.0.
    if isinstance(value, bool):
        return 1.0 if value else 0.0
    if isinstance(value, int | float):
        return float(value)
    return math.nan


def scores_frame(records: Iterable[ScoreRecord]) -> pd.DataFrame:
    """Long form: one row per (run, scorer, value key). Numbers and booleans go to ``value``
    (float, NaN for None and text); strings go to ``text``; labels become ``label_<key>``."""
    # Built column by column, not from a dict per row: a large run has millions of rows, and
    # the same few ids repeat on every one of them (one shared string each, not one per row).
    shared: dict[str, str] = {}

    def one(text: str) -> str:
        return shared.setdefault(text, text)

    keys = ("package", "stage", "agent", "model", "scorer")
    columns: dict[str, list[Any]] = {
        k: [] for k in (*keys, "metric", "value", "text", "explanation")
    }
    labels: dict[str, list[Any]] = {}
    rows = 0
    for r in records:
        # A record's rows share all but the value: each column is extended once per record
        # (a record has about five values), not appended to once per row.
        values = r.values
        n = len(values)
        ids = (one(r.package), one(str(r.stage)), one(r.agent), one(r.model), one(r.scorer))
        for name, item in zip(keys, ids, strict=True):
            columns[name].extend([item] * n)
        columns["metric"].extend([one(key) for key in values])
        columns["value"].extend([_numeric(value) for value in values.values()])
        columns["text"].extend([v if isinstance(v, str) else None for v in values.values()])
        columns["explanation"].extend([r.explanation] * n)
        run_labels = {f"{LABEL_PREFIX}{k}": v for k, v in r.labels.items()}
        for name in run_labels:
            if name not in labels:
                labels[name] = [None] * rows
        for name, column in labels.items():
            column.extend([run_labels.get(name)] * n)
        rows += n
    label_cols = sorted(labels)
    frame = pd.DataFrame(
        {**columns, **{name: labels[name] for name in label_cols}},
        columns=[*SCORE_COLUMNS, *label_cols],
    )
    frame["value"] = frame["value"].astype(float)
    return frame


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
    results = results_frame(_read(record for _, record in iter_results(run_dir, bad_lines)))
    scores = scores_frame(_read(iter_scores(run_dir, bad_lines)))
    return RunTables(results=results, scores=scores, errors=tuple(map(str, bad_lines)))


def label_columns(frame: pd.DataFrame) -> list[str]:
    return [c for c in frame.columns if str(c).startswith(LABEL_PREFIX)]


def run_values(scores: pd.DataFrame) -> pd.DataFrame:
    """Wide form: one row per run (RUN_KEY + labels), one float column per ``scorer.metric``."""
    labels = label_columns(scores)
    if scores.empty:
        return pd.DataFrame(columns=[*RUN_KEY, *labels])
    keyed = scores.assign(column=scores["scorer"] + "." + scores["metric"])
    # A scorer writes one record per run, so duplicates only come from merged copies of the same
    # run; the last one wins, as it would on a re-score. (Not pivot_table: with dropna=False it
    # fills in every package x stage x model combination, runs that never happened.)
    wide = keyed.groupby([*RUN_KEY, "column"], sort=False)["value"].last().unstack("column")
    wide.columns = [str(c) for c in wide.columns]
    wide = wide.reset_index()
    if labels:
        # Labels belong to the package; take the first non-null per run.
        per_run = scores.groupby(list(RUN_KEY), sort=False)[labels].first().reset_index()
        wide = wide.merge(per_run, on=list(RUN_KEY), how="left")
    return wide.reset_index(drop=True)
