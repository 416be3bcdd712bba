"""Each gate of a phase judged on a metric table: a threshold gate on one metric's statistic
(with its sample size judged on the effective number of clusters for a rate), or a regression
gate against the incumbent's paired comparison. A ``GateResult`` says pass, fail, too few or
missing, and why in words.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Callable, Mapping
from typing import Literal

import pandas as pd
from pydantic import BaseModel, ConfigDict

from harness.detectors.measured import RecallBound
from harness.metrics.registry import METRICS
from harness.policy.models import Gate, Policy, RegressionGate
from harness.schema import Stage

GateStatus = Literal["pass", "fail", "too_few", "missing"]

COMPARE: dict[str, Callable[[float, float], bool]] = {
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
    "==": operator.eq,
}
#: Metric-table column each gate statistic reads.
_COLUMN: dict[str, str] = {
    "upper_bound": "upper",
    "lower_bound": "lower",
    "estimate": "estimate",
    "mean": "estimate",
    "p50": "p50",
    "p95": "p95",
    "events": "events",
}


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True)


class GateResult(Frozen):
    phase: int
    metric: str
    statistic: str
    value: float
    threshold: float
    comparator: str
    n: int
    min_n: int
    passed: bool
    critical: bool
    status: GateStatus
    detail: str
    #: The metric's point estimate (a rate or a mean), whatever column the gate reads.
    estimate: float = math.nan
    #: Effective number of independent clusters behind a rate (``harness.clusters``); what
    #: ``min_n`` is judged on for rates. NaN for means and regressions.
    n_eff: float = math.nan
    kind: str = ""
    why: str = ""
    #: The share of the metric's events its text detector was measured to find at least (1: the
    #: events are no detector's judgement, or it is trusted fully); ``value`` is already divided.
    detector_recall: float = 1.0


def _fmt(value: float) -> str:
    return "n/a" if math.isnan(value) else f"{value:.4g}"


def _sample(n: int, n_eff: float) -> str:
    if math.isnan(n_eff) or round(n_eff, 1) == n:
        return f"n={n}"
    return f"n={n}, n_eff={n_eff:.1f}"


def _result(
    phase: int,
    gate: Gate | RegressionGate,
    *,
    statistic: str,
    value: float,
    threshold: float,
    comparator: str,
    n: int,
    min_n: int,
    status: GateStatus,
    detail: str,
    estimate: float = math.nan,
    n_eff: float = math.nan,
    kind: str = "",
    detector_recall: float = 1.0,
) -> GateResult:
    return GateResult(
        detector_recall=detector_recall,
        estimate=estimate,
        n_eff=n_eff,
        kind=kind,
        why=gate.why,
        phase=phase,
        metric=gate.metric,
        statistic=statistic,
        value=value,
        threshold=threshold,
        comparator=comparator,
        n=n,
        min_n=min_n,
        passed=status == "pass",
        critical=gate.critical,
        status=status,
        detail=detail,
    )


def _row(rows: pd.DataFrame, metric: str) -> pd.Series | None:
    hit = rows[rows["metric"] == metric]
    return None if hit.empty else hit.iloc[0]


#: Metrics that only a fully isolated run can vouch for: below ``full`` the child could have
#: acted where the harness does not look, so a clean record of them proves nothing.
ISOLATION_BOUND_PREFIX = "boundary."


def _check_gate(
    phase: int,
    gate: Gate,
    rows: pd.DataFrame,
    stage: Stage,
    policy: Policy,
    boundary_evidence: bool = True,
    recall: RecallBound | None = None,
) -> GateResult:
    threshold = gate.threshold
    if gate.budget is not None:
        threshold = policy.budget_for(stage, gate.budget)
    limit = math.nan if threshold is None else float(threshold)
    row = _row(rows, gate.metric)
    n = 0 if row is None else int(row["n"])
    value = math.nan if row is None else float(row[_COLUMN[gate.statistic]])
    estimate = math.nan if row is None else float(row["estimate"])
    kind = METRICS[gate.metric].kind
    n_eff = math.nan
    if row is not None and kind == "rate" and "n_eff" in row.index:
        n_eff = float(row["n_eff"])
    # A rate's trials are its independent clusters; an event count needs no sample size.
    judged = n if math.isnan(n_eff) or gate.statistic == "events" else n_eff
    sample = _sample(n, n_eff)
    what = f"{gate.metric} {gate.statistic}"
    if gate.statistic != "upper_bound" or math.isnan(value):
        recall = None  # only a bound on a rate of events found is one to divide
    if recall is not None:
        # The rate counts the events its detector found; one that finds only part of them
        # bounds the true rate only once divided by the share it finds (measured blind).
        found = value
        value = recall.adjust(found)
        sample += f"; {_fmt(found)} found / recall {recall.low:g} of the {recall.source}"
    status: GateStatus
    if row is None or n == 0:
        status, detail = "missing", f"{what}: no data"
    elif not boundary_evidence and gate.metric.startswith(ISOLATION_BOUND_PREFIX):
        status = "missing"
        detail = f"{what}: no evidence (sandbox isolation fell below full in this run)"
    elif judged < gate.min_n:
        status = "too_few"
        detail = f"{what}: too few runs ({sample} < min_n={gate.min_n})"
    elif math.isnan(value) or math.isnan(limit):
        status, detail = "missing", f"{what}: could not be estimated ({sample})"
    elif COMPARE[gate.comparator](value, limit):
        status = "pass"
        detail = f"{what} = {_fmt(value)} {gate.comparator} {_fmt(limit)} ({sample})"
    else:
        status = "fail"
        detail = f"{what} = {_fmt(value)}, needs {gate.comparator} {_fmt(limit)} ({sample})"
    return _result(
        phase,
        gate,
        statistic=gate.statistic,
        value=value,
        threshold=limit,
        comparator=gate.comparator,
        n=n,
        min_n=gate.min_n,
        status=status,
        detail=detail,
        estimate=estimate,
        n_eff=n_eff,
        kind=kind,
        detector_recall=recall.low if recall is not None else 1.0,
    )


def _incumbent_row(
    incumbent: pd.DataFrame, stage: str, model: str, metric: str
) -> pd.Series | None:
    hit = incumbent[(incumbent["stage"].astype(str) == stage) & (incumbent["metric"] == metric)]
    if "model_a" in hit.columns and model:
        hit = hit[hit["model_a"].astype(str) == model]
    return None if hit.empty else hit.iloc[0]


def _check_regression(
    phase: int, gate: RegressionGate, incumbent: pd.DataFrame, stage: str, model: str
) -> GateResult:
    row = _incumbent_row(incumbent, stage, model, gate.metric)
    n = 0 if row is None else int(row["n"])
    diff = math.nan if row is None else float(row["diff"])
    p = math.nan if row is None else float(row["p"])
    what = f"{gate.metric} vs incumbent"
    status: GateStatus
    if row is None or n == 0:
        status, detail = "missing", f"{what}: no paired runs"
    elif n < gate.min_pairs:
        status, detail = "too_few", f"{what}: too few pairs (n={n} < min_n={gate.min_pairs})"
    elif math.isnan(p) or math.isnan(diff):
        status, detail = "missing", f"{what}: could not be tested (n={n})"
    else:
        worse = (
            p < gate.alpha and diff != 0.0 and (diff > 0) != METRICS[gate.metric].higher_is_better
        )
        status = "fail" if worse else "pass"
        against = str(row.get("model_b", "the incumbent"))
        interval = f"[{_fmt(float(row['lo']))}, {_fmt(float(row['hi']))}]"
        detail = (
            f"{what} ({against}): diff {diff:+.4g} {interval}, p={_fmt(p)} ({row.get('test', '')}, "
            f"n={n}){': significantly worse' if worse else ''}"
        )
    return _result(
        phase,
        gate,
        statistic="paired",
        value=diff,
        threshold=gate.alpha,
        comparator="not worse",
        n=n,
        min_n=gate.min_pairs,
        status=status,
        detail=detail,
    )


def phase_results(
    phase: int,
    stage: Stage,
    model: str,
    rows: pd.DataFrame,
    policy: Policy,
    incumbent: pd.DataFrame | None,
    boundary_evidence: bool,
    recall: Mapping[str, RecallBound] | None = None,
) -> list[GateResult]:
    """The results of a phase's gates for one stage and model. ``recall`` (metric -> the recall
    bound of its detector) turns a bound on the events found into a bound on the events."""
    spec = policy.gates(phase)
    results = [
        _check_gate(
            phase, gate, rows, stage, policy, boundary_evidence, (recall or {}).get(gate.metric)
        )
        for gate in spec.gates
        if gate.applies_to(stage)
    ]
    if incumbent is not None:
        results.extend(
            _check_regression(phase, gate, incumbent, str(stage), model)
            for gate in spec.regressions
            if gate.applies_to(stage)
        )
    return results


#: Reasons lead with what data already contradicts, then what is missing, then what needs more runs.
SEVERITY: dict[str, int] = {"fail": 0, "missing": 1, "too_few": 2, "pass": 3}
