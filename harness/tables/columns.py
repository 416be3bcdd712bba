"""The run's tables built column by column, a record at a time: from stored lines as they are
read (``frames.load_tables``), or from the records themselves as ``shadow run`` makes them, so
that the report of a run just scored need not read scores.jsonl and results.jsonl back.

Either way the frame is the one the stored files give: rows in file order (scores.jsonl is
sorted by package, stage and scorer, and a scorer's values by key, as ``scorers.lines`` writes
them), strings as stored.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
import pandas as pd

from harness.schema import RunRecord, ScoreRecord

#: What identifies one run in a table: a package replayed through a stage by one model.
RUN_KEY: tuple[str, ...] = ("package", "stage", "agent", "model")
LABEL_PREFIX = "label_"

SCORE_COLUMNS: tuple[str, ...] = (*RUN_KEY, "scorer", "metric", "value", "text", "explanation")
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


class ResultColumns:
    """``results_frame``: one row per run record, usage and boundary events flattened."""

    def __init__(self) -> None:
        # Column by column, as the scores table: no dict per row to build and take apart again.
        self._columns: list[list[Any]] = [[] for _ in RESULT_COLUMNS]

    def add(self, r: RunRecord) -> None:
        row = (
            r.run_id, r.package, str(r.stage), r.agent, r.model, r.runner, r.status, r.latency_s,
            r.attempts, r.usage.input_tokens, r.usage.output_tokens, r.usage.cost_usd,
            len(r.boundary_events), ",".join(sorted({e.kind for e in r.boundary_events})),
            r.archive_id, r.error, r.started_at,
        )  # fmt: skip
        for column, value in zip(self._columns, row, strict=True):
            column.append(value)

    def frame(self) -> pd.DataFrame:
        if not self._columns[0]:
            return pd.DataFrame([], columns=list(RESULT_COLUMNS))  # object columns, not float ones
        data = dict(zip(RESULT_COLUMNS, self._columns, strict=True))
        return pd.DataFrame(data, columns=list(RESULT_COLUMNS))


def _numeric(value: Any) -> float:
    # bool before int: True is an int in Python, and a rate wants it as 1.0.
    if isinstance(value, bool):
        return 1.0 if value else 0.0
    if isinstance(value, int | float):
        return float(value)
    return math.nan


def _text(value: Any) -> str | None:
    # As stored: a str subclass (an enum's member) is written as its plain string.
    return value if type(value) is str else str.__str__(value) if isinstance(value, str) else None


class ScoreColumns:
    """``scores_frame``: long form, one row per (run, scorer, value key). Numbers and booleans go
    to ``value`` (float, NaN for None and text); strings go to ``text``; labels become
    ``label_<key>``. ``add`` takes records in file order; ``add_case`` a case's records in any
    order of cases, each case's rows put in file order when the frame is made."""

    _KEYS = ("package", "stage", "agent", "model", "scorer")

    def __init__(self) -> None:
        # A large run has millions of rows, and the same few ids repeat on every one of them
        # (one shared string each, not one per row).
        self._shared: dict[str, str] = {}
        self._columns: dict[str, list[Any]] = {
            k: [] for k in (*self._KEYS, "metric", "value", "text", "explanation")
        }
        self._labels: dict[str, list[Any]] = {}
        self._rows = 0
        #: (package, stage) -> (first row, rows) of each case given to ``add_case``.
        self._cases: dict[tuple[str, str], tuple[int, int]] = {}

    def add(self, r: ScoreRecord, values: Sequence[tuple[str, Any]] | None = None) -> None:
        # A record's rows share all but the value: each column is extended once per record
        # (a record has about five values), not appended to once per row.
        keys: Iterable[str] = r.values.keys() if values is None else [k for k, _ in values]
        found: Iterable[Any] = r.values.values() if values is None else [v for _, v in values]
        n = len(r.values)
        columns, shared = self._columns, self._shared
        ids = (r.package, str(r.stage), r.agent, r.model, r.scorer)
        for name, item in zip(self._KEYS, ids, strict=True):
            columns[name].extend([shared.setdefault(item, item)] * n)
        columns["metric"].extend([shared.setdefault(key, key) for key in keys])
        columns["value"].extend([_numeric(value) for value in found])
        columns["text"].extend([_text(value) for value in found])
        columns["explanation"].extend([r.explanation] * n)
        labels = self._labels
        run_labels = {f"{LABEL_PREFIX}{k}": v for k, v in r.labels.items()}
        for name in run_labels:
            if name not in labels:
                labels[name] = [None] * self._rows
        for name, column in labels.items():
            column.extend([run_labels.get(name)] * n)
        self._rows += n

    def add_case(self, records: Sequence[ScoreRecord]) -> None:
        """One case's records as scoring made them: in the stored order (by scorer, each
        scorer's values by key), the case's place among the others kept for ``frame``."""
        if not records:
            return
        first = self._rows
        for r in sorted(records, key=lambda r: r.scorer):
            self.add(r, sorted(r.values.items()))
        self._cases[(records[0].package, str(records[0].stage))] = (first, self._rows - first)

    def frame(self) -> pd.DataFrame:
        """The long table. It takes the columns over, freeing each list as it is converted, so
        a large run holds its rows once rather than as lists, a reordered copy and the frame's
        arrays at the same time (three copies of 5 million rows at 100,000 cases): call it
        once."""
        names = [*SCORE_COLUMNS, *sorted(self._labels)]
        sources = {**self._columns, **self._labels}
        order = None
        if self._cases:
            # Cases came in the order they ran; the stored file has them sorted.
            picked = [
                i
                for key in sorted(self._cases)
                for i in range(self._cases[key][0], sum(self._cases[key]))
            ]
            if len(picked) > 1 and picked != list(range(len(picked))):
                order = np.asarray(picked)
        data: dict[str, pd.Series] = {}
        for name in names:
            column = sources[name]
            series = pd.Series(column, dtype=float if name == "value" else None)
            column.clear()
            data[name] = series if order is None else series.take(order).reset_index(drop=True)
        return pd.DataFrame(data, columns=names, copy=False)
