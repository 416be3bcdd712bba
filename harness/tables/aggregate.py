"""Headline metrics per group of runs, with counts, intervals and one-sided bounds."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

import pandas as pd

from harness import stats
from harness.clusters import cluster_ids
from harness.metrics.registry import METRICS
from harness.metrics.registry import metric as metric_spec
from harness.metrics.spec import MetricSpec
from harness.tables.frames import run_values
from harness.tables.values import extract, in_order

METRIC_COLUMNS: tuple[str, ...] = (
    "metric",
    "kind",
    "n",
    "events",
    "estimate",
    "lo",
    "hi",
    "lower",
    "upper",
    "p50",
    "p95",
    "runs",
    "packages",
    "clusters",
    "n_eff",
)


def _aggregate(
    spec: MetricSpec,
    num: pd.Series,
    den: pd.Series,
    packages: pd.Series,
    clusters: pd.Series,
    *,
    conf: float,
    n_boot: int,
    seed: int,
) -> dict[str, Any]:
    ok = num.notna() & den.notna()
    num, den, packages, clusters = num[ok], den[ok], packages[ok], clusters[ok]
    runs = int(ok.sum())
    # Trials per cluster: runs, or a pooled rate's denominators (citations, claims).
    weights = (den if spec.pooled else den.notna().astype(float)).groupby(clusters).sum()
    n_eff = stats.effective_n([float(w) for w in weights])
    row: dict[str, Any] = {
        "metric": spec.name,
        "kind": spec.kind,
        "runs": runs,
        "packages": int(packages.nunique()),
        "clusters": int(clusters.nunique()),
        "n_eff": n_eff,
        "events": math.nan,
        "p50": math.nan,
        "p95": math.nan,
    }
    if spec.interval == "wilson":
        k = round(float(num.sum()))
        n = round(float(den.sum())) if spec.pooled else runs
        # Bounds rest on the effective number of independent clusters, the rate kept as observed.
        estimate = k / n if n else math.nan
        k_eff = estimate * n_eff if n else 0.0
        lo, hi = stats.wilson(k_eff, n_eff, conf) if n else (math.nan, math.nan)
        row.update(
            n=n,
            events=float(k),
            estimate=estimate,
            lo=lo,
            hi=hi,
            lower=stats.lower_bound_rate(k_eff, n_eff, conf) if n else math.nan,
            upper=stats.upper_bound_rare(k_eff, n_eff, conf) if n else math.nan,
        )
        return row
    boot = stats.cluster_bootstrap(
        num.to_numpy(dtype=float),
        den.to_numpy(dtype=float),
        clusters.tolist(),
        n_boot=n_boot,
        seed=seed,
    )
    two = boot.interval(conf)
    row.update(
        n=runs,
        estimate=boot.estimate,
        lo=two.lo,
        hi=two.hi,
        lower=boot.lower(conf),
        upper=boot.upper(conf),
    )
    if spec.pooled:
        # The pooled denominator is what the estimate rests on; report it as the event count.
        row["events"] = float(den.sum())
    else:
        row["p50"], row["p95"] = stats.percentiles(num.to_numpy())
    return row


_CLUSTER = "__cluster"


def metric_table(
    scores: pd.DataFrame,
    by: Sequence[str] = ("stage", "model"),
    *,
    metrics: Sequence[str] | None = None,
    conf: float = 0.95,
    n_boot: int = 2000,
    seed: int = 0,
    wide: pd.DataFrame | None = None,
) -> pd.DataFrame:
    """Headline metrics per group of ``by`` (columns of the run table: stage, model, agent,
    package or ``label_<k>``), each with counts, a two-sided interval (lo, hi) and one-sided
    bounds (lower, upper) at ``conf``; rates use Wilson / exact Clopper-Pearson on the effective
    number of independent clusters ``n_eff`` (``harness.clusters``), means a bootstrap that
    resamples clusters. Every metric appears for every group, n == 0 if unscored.

    ``wide``: ``run_values(scores)`` when the caller has it already (a report makes several
    tables of one run; the run table is the costliest part of each).
    """
    names = list(metrics) if metrics is not None else list(METRICS)
    specs = [metric_spec(name) for name in names]
    by = list(by)
    if wide is None:
        wide = run_values(scores)
    missing = [c for c in by if c not in wide.columns]
    if missing:
        if wide.empty:
            return pd.DataFrame(columns=[*by, *METRIC_COLUMNS])
        raise KeyError(f"cannot group by {missing}: not a column of the run table")
    rows: list[dict[str, Any]] = []
    # A row's cluster depends on that row alone: worked out once for the table, not once per
    # metric and group (that was a quarter of the report's CPU).
    wide = wide.assign(**{_CLUSTER: cluster_ids(wide) if len(wide) else pd.Series(dtype=str)})
    groups: Iterable[tuple[Any, pd.DataFrame]] = (
        wide.groupby(by, dropna=False, sort=True) if by else [((), wide)]
    )
    for key, group in groups:
        keys = key if isinstance(key, tuple) else (key,)
        clusters = group[_CLUSTER]
        for spec in specs:
            num, den = extract(spec, group)
            row = _aggregate(
                spec,
                num,
                den,
                group["package"],
                clusters,
                conf=conf,
                n_boot=n_boot,
                seed=seed,
            )
            rows.append({**dict(zip(by, keys, strict=True)), **row})
    table = pd.DataFrame(rows, columns=[*by, *METRIC_COLUMNS])
    table["n"] = table["n"].astype(int)
    table["runs"] = table["runs"].astype(int)
    table["packages"] = table["packages"].astype(int)
    table["clusters"] = table["clusters"].astype(int)
    return in_order(table, by)
