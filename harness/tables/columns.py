"""The run's tables built column by column, a record at a time: from stored lines as they are
read (``frames.load_tables``), or from the records themselves as ``shadow run`` makes them, so
that the report of a run just scored need not read scores.jsonl and results.jsonl back.

Either way the frame is the one the stored files give: rows in file order (scores.jsonl is
sorted by package, stage and scorer, and a scorer's values by key, as ``scorers.lines`` writes
them), strings as stored.
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Sequence
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

    def extend(self, other: ResultColumns) -> None:
        """Another table's rows after these (a part of the run read in another process)."""
        for mine, theirs in zip(self._columns, other._columns, strict=True):
            mine.extend(theirs)

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


#: Value types that are numbers as stored (no subclass: an enum member or a numpy number is
#: for ``_numeric`` to judge, as before).
_NUMBERS = frozenset({float, int, bool})
#: Distinct lists of value keys coded once each (``ScoreColumns._key_codes``).
_MAX_KEY_LISTS = 4096


def _text(value: Any) -> str | None:
    # As stored: a str subclass (an enum's member) is written as its plain string.
    return value if type(value) is str else str.__str__(value) if isinstance(value, str) else None


class _Codes:
    """Distinct values in the order first seen, and each one's code: a column of a few distinct
    values kept as 4-byte codes instead of an 8-byte pointer (and often an object) a row."""

    __slots__ = ("codes", "values")

    def __init__(self, *first: Any) -> None:
        self.codes: dict[Any, int] = {}
        self.values: list[Any] = []
        for value in first:
            self.code(value)

    def code(self, value: Any) -> int:
        found = self.codes.get(value)
        if found is None:
            found = self.codes[value] = len(self.values)
            self.values.append(value)
        return found


def _recoded(mine: _Codes, theirs: _Codes, codes: array[int]) -> bytes:
    """``codes`` into ``theirs`` as codes into ``mine`` (adding what ``mine`` lacks), as the raw
    bytes of an ``array("i")``."""
    if not codes:
        return b""
    mapping = np.array([mine.code(value) for value in theirs.values], dtype=np.intc)
    return mapping.take(np.frombuffer(codes, dtype=np.intc)).tobytes()


def _objects(values: Sequence[Any]) -> np.ndarray[Any, np.dtype[np.object_]]:
    # Filled in place: np.array would make a 2-d array of a list of tuples.
    shared = np.empty(len(values), dtype=object)
    shared[:] = values
    return shared


def _series(
    shared: np.ndarray[Any, np.dtype[np.object_]], codes: np.ndarray[Any, Any]
) -> pd.Series:
    """A column of ``shared[codes]``, its dtype inferred as from a list of the values (what the
    stored lines give). An object array of strings and None infers ``str`` (None as missing) as
    the list does, without the list (a list of 5 million took the frame's peak 250 MB higher);
    anything else (numbers) goes through a list so that inference is the list's, exactly."""
    if all(value is None or type(value) is str for value in shared):
        # Which dtype the rows infer depends on which kinds of value they hold (a string or
        # None), so it is inferred from the distinct values they use; the column is then those
        # values converted once and taken by code, not every row inferred and converted again.
        used = np.bincount(codes, minlength=len(shared)) > 0
        kind = pd.Series(shared[used]).dtype
        if isinstance(kind, pd.StringDtype):
            return pd.Series(pd.array(shared, dtype=kind).take(codes))
        return pd.Series(shared.take(codes))
    return pd.Series(shared.take(codes).tolist())


class ScoreColumns:
    """``scores_frame``: long form, one row per (run, scorer, value key). Numbers and booleans go
    to ``value`` (float, NaN for None and text); strings go to ``text``; labels become
    ``label_<key>``. ``add`` takes records in file order; ``add_case`` a case's records in any
    order of cases, each case's rows put in file order when the frame is made."""

    def __init__(self) -> None:
        # Held until the frame is made: at 100,000 cases that is 1 million records and 5 million
        # rows. Everything but the value repeats (a run's ids on each of its rows, a few thousand
        # distinct explanations, a few hundred label sets): each is a code into the distinct
        # values, 4 bytes a record or row, instead of a pointer a row and often a string a record
        # (about 6 KB a case as lists; the frame's own columns are made only in ``frame``).
        self._run = _Codes()  # (package, stage, agent, model)
        self._scorer = _Codes()
        self._explanation = _Codes()
        self._labels = _Codes()  # the record's labels as a tuple of (name, value)
        self._metric = _Codes()
        self._text = _Codes(None)
        #: Per record: its codes and number of rows.
        self._records: dict[str, array[int]] = {
            k: array("i") for k in ("run", "scorer", "explanation", "labels", "rows")
        }
        #: Per row: the value key's code, the value as a number, the value as text's code.
        self._rows_metric: array[int] = array("i")
        self._rows_value: array[float] = array("d")
        self._rows_text: array[int] = array("i")
        #: (package, stage) -> (first row, rows) of each case given to ``add_case``.
        self._cases: dict[tuple[str, str], tuple[int, int]] = {}
        #: A record's value keys -> their codes (``_key_codes``).
        self._key_lists: dict[tuple[str, ...], array[int]] = {}

    def add(self, r: ScoreRecord, values: Sequence[tuple[str, Any]] | None = None) -> None:
        numbers: list[Any]
        if values is None:
            keys, numbers = tuple(r.values), list(r.values.values())
        else:
            keys, numbers = tuple(k for k, _ in values), [v for _, v in values]
        records = self._records
        records["run"].append(self._run.code((r.package, str(r.stage), r.agent, r.model)))
        records["scorer"].append(self._scorer.code(r.scorer))
        records["explanation"].append(self._explanation.code(r.explanation))
        records["labels"].append(self._labels.code(tuple(r.labels.items())))
        records["rows"].append(len(keys))
        self._rows_metric.extend(self._key_codes(keys))
        if set(map(type, numbers)) <= _NUMBERS:
            # The common record (counts, rates, flags): every value a plain number, so no text
            # (code 0 is None's) and each value as float() gives it, without a call a row.
            self._rows_value.fromlist(numbers)
            self._rows_text.frombytes(bytes(self._rows_text.itemsize * len(numbers)))
        else:
            text = self._text.code
            self._rows_value.extend([_numeric(value) for value in numbers])
            self._rows_text.extend([text(_text(value)) for value in numbers])

    def _key_codes(self, keys: tuple[str, ...]) -> array[int]:
        """The codes of a record's value keys. A scorer writes the same keys record after
        record (10 distinct key lists in 86,400 records of a run), so they are coded once per
        distinct list; past a bound (a scorer keying values by something of each case) each
        record's keys are coded as they come, so nothing grows with the run."""
        found = self._key_lists.get(keys)
        if found is None:
            found = array("i", [self._metric.code(key) for key in keys])
            if len(self._key_lists) < _MAX_KEY_LISTS:
                self._key_lists[keys] = found
        return found

    def add_case(self, records: Sequence[ScoreRecord]) -> None:
        """One case's records as scoring made them: in the stored order (by scorer, each
        scorer's values by key), the case's place among the others kept for ``frame``."""
        if not records:
            return
        first = len(self._rows_metric)
        for r in sorted(records, key=lambda r: r.scorer):
            self.add(r, sorted(r.values.items()))
        rows = len(self._rows_metric) - first
        self._cases[(records[0].package, str(records[0].stage))] = (first, rows)

    def extend(self, other: ScoreColumns) -> None:
        """Another table's cases after these (a part of the run scored in another process), its
        codes coded again as this table's. Both take their cases by ``add_case``: the frame puts
        every case's rows in file order, wherever its part came."""
        if any(t._records["rows"] and not t._cases for t in (self, other)):
            raise ValueError("extend joins tables whose records came by add_case")
        start = len(self._rows_metric)
        for name in ("run", "scorer", "explanation", "labels"):
            mine: _Codes = getattr(self, f"_{name}")
            self._records[name].frombytes(
                _recoded(mine, getattr(other, f"_{name}"), other._records[name])
            )
        self._records["rows"].extend(other._records["rows"])
        self._rows_metric.frombytes(_recoded(self._metric, other._metric, other._rows_metric))
        self._rows_text.frombytes(_recoded(self._text, other._text, other._rows_text))
        self._rows_value.extend(other._rows_value)
        for key, (first, rows) in other._cases.items():
            self._cases[key] = (first + start, rows)

    def _order(self) -> np.ndarray[Any, Any] | None:
        """Rows in file order: cases came in the order they ran; the stored file has them
        sorted. None when they are in that order already."""
        if not self._cases:
            return None
        spans = np.array([self._cases[key] for key in sorted(self._cases)], dtype=np.int64)
        starts, lengths = spans[:, 0], spans[:, 1]
        # Where each case's rows go: first..first+rows, the cases one after the other. Told from
        # the cases (100,000) before any row (5 million) is touched.
        shift = starts - (np.cumsum(lengths) - lengths)
        total = int(lengths.sum())
        if total < 2 or not shift.any():
            return None
        dtype = np.intc if total < 2**31 else np.int64
        picked: np.ndarray[Any, Any] = np.repeat(shift.astype(dtype), lengths)
        picked += np.arange(total, dtype=dtype)
        return picked

    def frame(self) -> pd.DataFrame:
        """The long table, its columns made one at a time from the codes (call it once: the
        codes are given up as the frame is made)."""
        records = {k: np.array(v, dtype=np.intc) for k, v in self._records.items()}
        metric, value = np.array(self._rows_metric, dtype=np.intc), np.array(self._rows_value)
        text = np.array(self._rows_text, dtype=np.intc)
        order = self._order()
        # The codes as arrays now; the buffers they were gathered in are given up.
        self._records, self._rows_metric, self._rows_text = {}, array("i"), array("i")
        self._rows_value = array("d")
        row_record = np.repeat(np.arange(len(records["rows"]), dtype=np.intc), records["rows"])
        if order is not None:
            row_record, metric = row_record.take(order), metric.take(order)
            value, text = value.take(order), text.take(order)
        label_sets = [dict(t) for t in self._labels.values]
        label_names = sorted({name for labels in label_sets for name in labels})
        names = [*SCORE_COLUMNS, *(f"{LABEL_PREFIX}{name}" for name in label_names)]
        if not len(row_record):
            empty = {n: pd.Series([], dtype=float if n == "value" else None) for n in names}
            return pd.DataFrame(empty, columns=names)
        data: dict[str, pd.Series] = {}
        runs = records["run"].take(row_record)
        for i, name in enumerate(RUN_KEY):
            data[name] = _series(_objects([key[i] for key in self._run.values]), runs)
        del runs
        data["scorer"] = _series(_objects(self._scorer.values), records["scorer"].take(row_record))
        data["metric"] = _series(_objects(self._metric.values), metric)
        data["value"] = pd.Series(value, dtype=float)
        data["text"] = _series(_objects(self._text.values), text)
        explanations = records["explanation"].take(row_record)
        data["explanation"] = _series(_objects(self._explanation.values), explanations)
        del explanations
        labels = records["labels"].take(row_record)
        for name in label_names:
            shared = _objects([found.get(name) for found in label_sets])
            data[f"{LABEL_PREFIX}{name}"] = _series(shared, labels)
        return pd.DataFrame(data, columns=names, copy=False)
