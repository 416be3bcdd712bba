"""Two versions compared on the same packages: per-run pairs and a paired test per metric."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
import pandas as pd

from harness import stats
from harness.clusters import cluster_ids
from harness.metrics.registry import METRICS
from harness.metrics.registry import metric as metric_spec
from harness.metrics.spec import MetricSpec
from harness.tables.columns import RUN_KEY
from harness.tables.frames import PAIR_KEY, label_columns, run_values
from harness.tables.values import in_order, metric_values

PAIRED_COLUMNS: tuple[str, ...] = (
    "metric",
    "kind",
    "model_a",
    "model_b",
    "n",
    "a",
    "b",
    "diff",
    "lo",
    "hi",
    "p",
    "test",
    "a_only",
    "b_only",
    "higher_is_better",
    "verdict",
)


def _per_run(wide: pd.DataFrame, metric: str) -> pd.DataFrame:
    frame = wide[[*RUN_KEY, *label_columns(wide)]].copy()
    frame["value"] = metric_values(wide, metric) if not wide.empty else pd.Series(dtype=float)
    dup = frame.duplicated(list(PAIR_KEY), keep=False)
    if dup.any():
        first = frame[dup].iloc[0]
        raise ValueError(
            f"several models ran package {first['package']!r} through stage {first['stage']!r}; "
            "pair one model against one model"
        )
    return frame


def paired_outcomes(scores_a: pd.DataFrame, scores_b: pd.DataFrame, metric: str) -> pd.DataFrame:
    """Per-run values of ``metric`` for two versions on the same (package, stage, agent):
    columns package, stage, agent, model_a, model_b, a, b (plus labels of side a). Only runs
    scored on both sides are kept, since an unpaired run says nothing about the difference."""
    return _pairs(run_values(scores_a), run_values(scores_b), metric)


def _pairs(wide_a: pd.DataFrame, wide_b: pd.DataFrame, metric: str) -> pd.DataFrame:
    a = _per_run(wide_a, metric).rename(columns={"model": "model_a", "value": "a"})
    b = _per_run(wide_b, metric)[[*PAIR_KEY, "model", "value"]].rename(
        columns={"model": "model_b", "value": "b"}
    )
    pairs = a.merge(b, on=list(PAIR_KEY), how="inner")
    pairs = pairs[pairs["a"].notna() & pairs["b"].notna()]
    labels = label_columns(pairs)
    columns = [*PAIR_KEY, "model_a", "model_b", "a", "b", *labels]
    return pairs[columns].sort_values(list(PAIR_KEY)).reset_index(drop=True)


def _verdict(diff: float, p: float, higher_is_better: bool, alpha: float) -> str:
    if math.isnan(p) or math.isnan(diff):
        return "no data"
    if p >= alpha or diff == 0.0:
        return "no detectable difference"
    return "better" if (diff > 0) == higher_is_better else "worse"


def _paired_row(
    spec: MetricSpec,
    pairs: pd.DataFrame,
    clusters: pd.Series,
    *,
    alpha: float,
    conf: float,
    n_boot: int,
    seed: int,
) -> dict[str, Any]:
    a = pairs["a"].to_numpy(dtype=float)
    b = pairs["b"].to_numpy(dtype=float)
    n = len(pairs)
    boot = stats.paired_bootstrap_diff(a, b, clusters.tolist(), conf=conf, n_boot=n_boot, seed=seed)
    a_only = b_only = math.nan
    p = boot.p
    test = "bootstrap"
    if spec.paired_test == "mcnemar" and n:
        a_only = float(np.count_nonzero((a > 0) & (b <= 0)))
        b_only = float(np.count_nonzero((a <= 0) & (b > 0)))
        p = stats.mcnemar_exact(int(a_only), int(b_only))
        test = "mcnemar"
    return {
        "metric": spec.name,
        "kind": spec.kind,
        "model_a": ", ".join(sorted(pairs["model_a"].astype(str).unique())),
        "model_b": ", ".join(sorted(pairs["model_b"].astype(str).unique())),
        "n": n,
        "a": float(a.mean()) if n else math.nan,
        "b": float(b.mean()) if n else math.nan,
        "diff": boot.diff,
        "lo": boot.lo,
        "hi": boot.hi,
        "p": p,
        "test": test,
        "a_only": a_only,
        "b_only": b_only,
        "higher_is_better": spec.higher_is_better,
        "verdict": _verdict(boot.diff, p, spec.higher_is_better, alpha),
    }


def paired_table(
    scores_a: pd.DataFrame,
    scores_b: pd.DataFrame,
    *,
    metrics: Sequence[str] | None = None,
    by: Sequence[str] = ("stage",),
    alpha: float = 0.05,
    conf: float = 0.95,
    n_boot: int = 2000,
    seed: int = 0,
) -> pd.DataFrame:
    """Version a against version b per group and metric: both means, ``diff`` = a - b with a
    paired cluster-bootstrap interval, p (exact McNemar for run-level rates, else bootstrap),
    the discordant counts and a verdict for a: better, worse or no detectable difference."""
    names = list(metrics) if metrics is not None else list(METRICS)
    by = list(by)
    rows: list[dict[str, Any]] = []
    wide_a, wide_b = run_values(scores_a), run_values(scores_b)
    for name in names:
        spec = metric_spec(name)
        pairs = _pairs(wide_a, wide_b, name)
        # A row's cluster depends on that row alone: worked out once per metric, not once per
        # group (per stage, that was a fifth of a gate against an incumbent).
        clusters = cluster_ids(pairs)
        groups: Iterable[tuple[Any, pd.DataFrame]] = (
            pairs.groupby(by, dropna=False, sort=True) if by else [((), pairs)]
        )
        for key, group in groups:
            keys = key if isinstance(key, tuple) else (key,)
            row = _paired_row(
                spec,
                group,
                clusters.loc[group.index],
                alpha=alpha,
                conf=conf,
                n_boot=n_boot,
                seed=seed,
            )
            rows.append({**dict(zip(by, keys, strict=True)), **row})
    table = pd.DataFrame(rows, columns=[*by, *PAIRED_COLUMNS])
    return in_order(table, [*by, "metric"])
