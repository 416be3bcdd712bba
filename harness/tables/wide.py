"""The wide run table (one row per run, one float column per ``scorer.metric``) made from integer
codes of the long table's key columns, instead of grouping its millions of rows on five string
columns.

At 100,000 cases the long table has 5 million rows; grouping them on (package, stage, agent,
model, "scorer.metric") peaked 613 MB above where it started and took 24 s. Here each key column
is factorized on its own (a small table of its distinct values), a run is one integer made of
the four codes, a value's cell one integer made of run and column, and the values are placed in
a float array of runs x columns: 172 MB and about 3 s (the same stored run; benchmarks/README.md).

The table is the one the grouping makes (``grouped_values``, kept for what it cannot code: a
missing key, a key column not of the tables' ``str`` dtype, more key combinations than an int64
holds, or a ``scorer.metric`` spelled as another column's name), row for row and column for
column:

- rows in the order ``unstack`` gives them: by the first-seen rank of the package, then of the
  stage, agent and model (each key's distinct values numbered in the order they first appear);
- columns in the order their key first appears;
- a cell the last non-missing value of its (run, key) (``GroupBy.last`` skips NaN), NaN if none;
- labels: the first non-missing value per run, as ``GroupBy.first`` gives it.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd

from harness.tables.columns import RUN_KEY

_MAX = np.iinfo(np.int64).max
_MAX32 = np.iinfo(np.int32).max

Codes = np.ndarray[Any, np.dtype[np.int64]]
#: Row codes as int32 where the rows fit (int64 otherwise).
Small = np.ndarray[Any, np.dtype[np.signedinteger[Any]]]


def _factorized(column: pd.Series) -> tuple[Codes, pd.Index] | None:
    codes, uniques = pd.factorize(column, sort=False)
    if len(codes) and codes.min() < 0:  # a missing key: the grouping drops its rows
        return None
    return codes.astype(np.int64, copy=False), uniques


def _small(codes: np.ndarray[Any, Any]) -> Small:
    # 4 bytes a row where it fits (5 million rows, 100,000 runs at 100,000 cases), not 8.
    small: Small = codes.astype(np.int32) if len(codes) < _MAX32 else codes
    return small


def _run_codes(scores: pd.DataFrame) -> tuple[Small, list[pd.Index], Codes] | None:
    """Each row's run (0..runs-1, runs in ``unstack``'s order), each key's distinct values, and
    each run's code in each key (runs x keys)."""
    composite: Codes | None = None
    uniques: list[pd.Index] = []
    for name in RUN_KEY:
        found = _factorized(scores[name])
        if found is None:
            return None
        codes, values = found
        size = max(len(values), 1)
        if composite is None:
            composite = codes
        elif composite.max(initial=0) > (_MAX - size) // size:
            return None
        else:
            composite *= size
            composite += codes
        del codes, found
        uniques.append(values)
    assert composite is not None
    # Sorted: the runs in the lexical order of their keys' first-seen ranks, as unstack has them.
    run, combos = pd.factorize(composite, sort=True)
    del composite
    keys = np.empty((len(combos), len(RUN_KEY)), dtype=np.int64)
    rest = np.asarray(combos, dtype=np.int64)
    for i in range(len(RUN_KEY) - 1, -1, -1):
        size = max(len(uniques[i]), 1)
        keys[:, i], rest = rest % size, rest // size
    return _small(run), uniques, keys


def _column_codes(scores: pd.DataFrame) -> tuple[Small, list[str]] | None:
    """Each row's ``scorer.metric`` column and the column names in first-seen order; two pairs
    that spell the same key ("a.b" + "c", "a" + "b.c") are one column, as with the strings."""
    scorer, metric = _factorized(scores["scorer"]), _factorized(scores["metric"])
    if scorer is None or metric is None:
        return None
    size = max(len(metric[1]), 1)
    combined = scorer[0] * size
    combined += metric[0]
    scorers, metrics = scorer[1], metric[1]
    del scorer, metric
    pair, pairs = pd.factorize(combined, sort=False)
    del combined
    pairs = np.asarray(pairs, dtype=np.int64)
    joined = [f"{scorers[p // size]}.{metrics[p % size]}" for p in pairs.tolist()]
    key_of_pair, names = pd.factorize(np.asarray(joined, dtype=object), sort=False)
    column = _small(np.asarray(key_of_pair, dtype=np.int64)).take(pair)
    return column, [str(name) for name in names]


def _cells(run: Small, column: Small, runs: int, columns: int, value: pd.Series) -> np.ndarray:
    """runs x columns floats: each (run, column)'s last non-missing value, NaN where none."""
    values = value.to_numpy(dtype=float)
    known = ~np.isnan(values)
    cell = run[known].astype(np.int64)
    cell *= columns
    cell += column[known]
    found = values[known]
    del known
    out = np.full(runs * columns, np.nan)
    seen = np.zeros(runs * columns, dtype=bool)
    seen[cell] = True
    if np.count_nonzero(seen) == len(cell):  # each cell once: a fancy assignment is exact
        out[cell] = found
    else:
        # A run scored twice (merged copies): the last value wins, as on a re-score. A stable
        # sort keeps each cell's rows in row order; the last of each is placed.
        by_cell = np.argsort(cell, kind="stable")
        cell, found = cell[by_cell], found[by_cell]
        last = np.append(cell[1:] != cell[:-1], True)
        out[cell[last]] = found[last]
    return out.reshape(runs, columns)


def coded_values(scores: pd.DataFrame, labels: list[str]) -> pd.DataFrame | None:
    """``grouped_values``'s table made from codes, or None when a key cannot be coded (or is not
    of the ``str`` dtype the tables' columns have)."""
    if not all(isinstance(scores[k].dtype, pd.StringDtype) for k in (*RUN_KEY, "scorer", "metric")):
        return None  # the tables' own str columns; other dtypes come out as the grouping has them
    runs = _run_codes(scores)
    columns = _column_codes(scores) if runs is not None else None
    if runs is None or columns is None:
        return None
    run, uniques, keys = runs
    column, names = columns
    if set(names) & {*RUN_KEY, *labels}:  # a key spelled as another column: as the grouping has it
        return None
    cells = _cells(run, column, len(keys), len(names), scores["value"])
    del column
    data: dict[str, Any] = {
        name: pd.Series(uniques[i].take(keys[:, i])) for i, name in enumerate(RUN_KEY)
    }
    data.update({name: cells[:, j] for j, name in enumerate(names)})
    if labels:
        # Labels belong to the package; the first non-null per run, runs in code order.
        per_run = scores[labels].groupby(run, sort=True).first()
        data.update({name: per_run[name].reset_index(drop=True) for name in labels})
    return pd.DataFrame(data, columns=[*RUN_KEY, *names, *labels])
