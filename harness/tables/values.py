"""A metric's value per run, evaluated from its declaration (``harness.metrics.spec``) over the wide
run table, and the order tables list stages and metrics in.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import assert_never

import numpy as np
import pandas as pd

from harness.metrics.registry import METRICS
from harness.metrics.registry import metric as metric_spec
from harness.metrics.spec import (
    Complement,
    Difference,
    FirstKnown,
    MetricSpec,
    Positive,
    Term,
    Value,
)
from harness.schema import STAGES


def _col(wide: pd.DataFrame, name: str) -> pd.Series:
    if name in wide.columns:
        return pd.to_numeric(wide[name], errors="coerce").astype(float)
    return pd.Series(np.nan, index=wide.index, dtype=float)


def _term(term: Term, scorer: str, wide: pd.DataFrame) -> pd.Series:
    """A metric's term per run, read from the ``scorer.value`` columns of the run table."""
    if isinstance(term, Value):
        column = _col(wide, f"{scorer}.{term.key}")
        return column if term.missing is None else column.fillna(term.missing)
    if isinstance(term, Positive):
        count = _term(term.of, scorer, wide)
        return count.gt(0).astype(float).where(count.notna())
    if isinstance(term, Complement):
        return 1.0 - _term(term.of, scorer, wide)
    if isinstance(term, FirstKnown):
        return _term(term.first, scorer, wide).combine_first(_term(term.fallback, scorer, wide))
    if isinstance(term, Difference):
        return _term(term.left, scorer, wide) - _term(term.right, scorer, wide)
    assert_never(term)


def extract(spec: MetricSpec, wide: pd.DataFrame) -> tuple[pd.Series, pd.Series]:
    """Per-run numerator and denominator of a metric (denominator 1 unless it is pooled)."""
    numerator = _term(spec.numerator, spec.scorer, wide)
    if spec.denominator is None:
        return numerator, pd.Series(1.0, index=wide.index, dtype=float)
    return numerator, _term(spec.denominator, spec.scorer, wide)


def metric_values(wide: pd.DataFrame, metric: str) -> pd.Series:
    """Per-run value of a metric (numerator / denominator), NaN where it was not scored."""
    num, den = extract(metric_spec(metric), wide)
    with np.errstate(invalid="ignore", divide="ignore"):
        values = num / den.where(den != 0)
    return values.astype(float)


def in_order(table: pd.DataFrame, by: Sequence[str]) -> pd.DataFrame:
    """Sort by ``by``, stages in pipeline order (reconcile .. draft) rather than alphabetically;
    a stable sort keeps the metric order within a group."""
    if not by or table.empty:
        return table.reset_index(drop=True)
    rank = {str(stage): i for i, stage in enumerate(STAGES)}

    def key(column: pd.Series) -> pd.Series:
        if column.name == "stage":
            return column.astype(str).map(rank).fillna(len(rank))
        if column.name == "metric":
            return column.map({name: i for i, name in enumerate(METRICS)}).fillna(len(METRICS))
        return column

    return table.sort_values(list(by), key=key, kind="stable").reset_index(drop=True)
