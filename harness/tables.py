"""Stored runs as pandas tables, and the headline metrics with intervals per group.

``results.jsonl`` becomes one row per run; ``scores.jsonl`` becomes one row per scorer value (long
form). ``metric_table`` turns the long form into per-group rates and means with counts and
intervals; ``paired_table`` compares two versions on the same packages. A value that was not
scored stays NaN through every step: a group without data gets n == 0 and NaN estimates, never 0.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar, assert_never

import numpy as np
import pandas as pd

from harness import stats
from harness.clusters import cluster_ids
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
from harness.rundir import SCORES, RunDirError, iter_results, iter_scores
from harness.schema import STAGES, RunRecord, ScoreRecord
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
    rows = [
        {
            "run_id": r.run_id,
            "package": r.package,
            "stage": str(r.stage),
            "agent": r.agent,
            "model": r.model,
            "runner": r.runner,
            "status": r.status,
            "latency_s": r.latency_s,
            "attempts": r.attempts,
            "input_tokens": r.usage.input_tokens,
            "output_tokens": r.usage.output_tokens,
            "cost_usd": r.usage.cost_usd,
            "boundary_events": len(r.boundary_events),
            "boundary_kinds": ",".join(sorted({e.kind for e in r.boundary_events})),
            "archive_id": r.archive_id,
            "error": r.error,
            "started_at": r.started_at,
        }
        for r in records
    ]
    return pd.DataFrame(rows, columns=list(RESULT_COLUMNS))


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

    keys = ("package", "stage", "agent", "model", "scorer", "metric")
    columns: dict[str, list[Any]] = {k: [] for k in (*keys, "value", "text", "explanation")}
    labels: dict[str, list[Any]] = {}
    rows = 0
    for r in records:
        ids = (one(r.package), one(str(r.stage)), one(r.agent), one(r.model), one(r.scorer))
        run_labels = {f"{LABEL_PREFIX}{k}": v for k, v in r.labels.items()}
        for name in run_labels:
            if name not in labels:
                labels[name] = [None] * rows
        for key, value in r.values.items():
            for name, item in zip(keys, (*ids, one(key)), strict=True):
                columns[name].append(item)
            columns["value"].append(_numeric(value))
            columns["text"].append(value if isinstance(value, str) else None)
            columns["explanation"].append(r.explanation)
            for name, column in labels.items():
                column.append(run_labels.get(name))
            rows += 1
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


# --- per-run values ----------------------------------------------------------------------------


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


def _in_stage_order(table: pd.DataFrame, by: Sequence[str]) -> pd.DataFrame:
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


# --- aggregation -------------------------------------------------------------------------------


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


def metric_table(
    scores: pd.DataFrame,
    by: Sequence[str] = ("stage", "model"),
    *,
    metrics: Sequence[str] | None = None,
    conf: float = 0.95,
    n_boot: int = 2000,
    seed: int = 0,
) -> pd.DataFrame:
    """Headline metrics per group of ``by`` (columns of the run table: stage, model, agent,
    package or ``label_<k>``), each with counts, a two-sided interval (lo, hi) and one-sided
    bounds (lower, upper) at ``conf``; rates use Wilson / exact Clopper-Pearson on the effective
    number of independent clusters ``n_eff`` (``harness.clusters``), means a bootstrap that
    resamples clusters. Every metric appears for every group, n == 0 if unscored.
    """
    names = list(metrics) if metrics is not None else list(METRICS)
    specs = [metric_spec(name) for name in names]
    by = list(by)
    wide = run_values(scores)
    missing = [c for c in by if c not in wide.columns]
    if missing:
        if wide.empty:
            return pd.DataFrame(columns=[*by, *METRIC_COLUMNS])
        raise KeyError(f"cannot group by {missing}: not a column of the run table")
    rows: list[dict[str, Any]] = []
    groups: Iterable[tuple[Any, pd.DataFrame]] = (
        wide.groupby(by, dropna=False, sort=True) if by else [((), wide)]
    )
    for key, group in groups:
        keys = key if isinstance(key, tuple) else (key,)
        for spec in specs:
            num, den = extract(spec, group)
            row = _aggregate(
                spec,
                num,
                den,
                group["package"],
                cluster_ids(group),
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
    return _in_stage_order(table, by)


# --- pairing two versions ----------------------------------------------------------------------


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
    *,
    alpha: float,
    conf: float,
    n_boot: int,
    seed: int,
) -> dict[str, Any]:
    a = pairs["a"].to_numpy(dtype=float)
    b = pairs["b"].to_numpy(dtype=float)
    n = len(pairs)
    boot = stats.paired_bootstrap_diff(
        a, b, cluster_ids(pairs).tolist(), conf=conf, n_boot=n_boot, seed=seed
    )
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
        groups: Iterable[tuple[Any, pd.DataFrame]] = (
            pairs.groupby(by, dropna=False, sort=True) if by else [((), pairs)]
        )
        for key, group in groups:
            keys = key if isinstance(key, tuple) else (key,)
            row = _paired_row(spec, group, alpha=alpha, conf=conf, n_boot=n_boot, seed=seed)
            rows.append({**dict(zip(by, keys, strict=True)), **row})
    table = pd.DataFrame(rows, columns=[*by, *PAIRED_COLUMNS])
    return _in_stage_order(table, [*by, "metric"])
