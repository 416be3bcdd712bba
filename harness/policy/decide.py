"""promote / hold / demote per stage and model, from a metric table and a policy.

A gate passes only on enough data that meets its bound: a missing metric, an interval that could
not be estimated, or fewer trials than ``min_n`` all count as not passing. Reaching a phase needs
the gates of that phase and of every phase below it, phase 0 (the shadow budget) included, and a
phase with no gate for the stage is never reached. A rate's trials are its effective n.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Callable, Sequence
from typing import Any, Literal

import pandas as pd
from pydantic import BaseModel, ConfigDict

from harness.metrics.registry import METRICS
from harness.policy.models import Gate, Policy, RegressionGate
from harness.schema import STAGES, Stage

Verdict = Literal["promote", "hold", "demote"]
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


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True)


class GateResult(_Frozen):
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


class Decision(_Frozen):
    stage: str
    model: str
    current_phase: int
    max_phase: int
    verdict: Verdict
    target_phase: int
    reasons: list[str]
    gates: list[GateResult]
    #: False when a live stage no longer passes the gates of its current phase (or has no runs).
    meets_current_phase: bool
    #: False when the table holds no runs of this stage.
    evaluated: bool = True

    @property
    def live(self) -> bool:
        return self.current_phase >= 1

    @property
    def fails_gate(self) -> bool:
        """What `shadow gate` fails a CI job on: a stage off the gates of its current phase
        (phase 0, the shadow budget, included), or a live stage demoted."""
        return (self.live and self.verdict == "demote") or not self.meets_current_phase


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
) -> GateResult:
    return GateResult(
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


def _phase_results(
    phase: int,
    stage: Stage,
    model: str,
    rows: pd.DataFrame,
    policy: Policy,
    incumbent: pd.DataFrame | None,
    boundary_evidence: bool,
) -> list[GateResult]:
    spec = policy.gates(phase)
    results = [
        _check_gate(phase, gate, rows, stage, policy, boundary_evidence)
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
_SEVERITY: dict[str, int] = {"fail": 0, "missing": 1, "too_few": 2, "pass": 3}


def _not_passed(results: Sequence[GateResult], phase: int) -> list[str]:
    failed = sorted((r for r in results if not r.passed), key=lambda r: _SEVERITY[r.status])
    return [f"phase {phase}: {r.detail}" for r in failed]


def _phase_passes(results: Sequence[GateResult]) -> bool:
    # A phase stands on its threshold gates; with none (a policy the loader should have refused)
    # it passes on nothing, so it is never reached.
    return any(r.statistic != "paired" for r in results) and all(r.passed for r in results)


def _decide_one(
    stage: Stage,
    model: str,
    rows: pd.DataFrame,
    policy: Policy,
    incumbent: pd.DataFrame | None,
    boundary_evidence: bool,
) -> Decision:
    current = policy.current_phase(stage)
    ceiling = policy.max_phase(stage)
    by_phase = {
        phase: _phase_results(phase, stage, model, rows, policy, incumbent, boundary_evidence)
        for phase in range(0, ceiling + 1)
    }
    #: -1: not even the shadow budget (phase 0) is met.
    reached = -1
    for phase in range(0, ceiling + 1):
        if not _phase_passes(by_phase[phase]):
            break
        reached = phase
    meets_current = reached >= current
    gates = [r for phase in sorted(by_phase) for r in by_phase[phase]]
    critical = [
        f"phase {r.phase}: critical: {r.detail}"
        for r in gates
        if r.phase <= current and r.critical and r.status == "fail"
    ]
    verdict: Verdict
    if current >= 1 and critical:
        verdict, target, reasons = "demote", max(0, min(reached, current - 1)), critical
    elif reached > current:
        verdict, target = "promote", reached
        reasons = [f"gates of phase{'s 1-' if reached > 1 else ' '}{reached} pass"]
        if reached < ceiling:
            reasons += _not_passed(by_phase[reached + 1], reached + 1)
    elif not meets_current:
        verdict, target = "hold", current
        if current == 0:
            reasons = ["off its shadow budget (phase 0 gates)"]
        else:
            reasons = [f"no longer meets the gates of live phase {current}"]
        for phase in range(reached + 1, current + 1):
            reasons += _not_passed(by_phase[phase], phase)
    else:
        verdict, target = "hold", current
        if current >= ceiling:
            reasons = [f"at the highest allowed phase {ceiling}"]
        else:
            reasons = _not_passed(by_phase[current + 1], current + 1)
    has_regressions = any(policy.gates(p).regressions for p in range(0, target + 1))
    if verdict == "promote" and incumbent is None and has_regressions:
        # Not a failed gate (a first model has no incumbent), but the promotion rests on less.
        reasons.append("no incumbent compared: regression gates not checked")
    return Decision(
        stage=str(stage),
        model=model,
        current_phase=current,
        max_phase=ceiling,
        verdict=verdict,
        target_phase=target,
        reasons=reasons,
        gates=gates,
        meets_current_phase=meets_current,
    )


def _absent(stage: Stage, policy: Policy) -> Decision:
    current = policy.current_phase(stage)
    reasons = ["no runs of this stage in the table"]
    if current >= 1:
        reasons.append(f"live at phase {current}: its gates cannot be checked without runs")
    return Decision(
        stage=str(stage),
        model="",
        current_phase=current,
        max_phase=policy.max_phase(stage),
        verdict="hold",
        target_phase=current,
        reasons=reasons,
        gates=[],
        meets_current_phase=current == 0,
        evaluated=False,
    )


def decide(
    table: pd.DataFrame,
    policy: Policy,
    *,
    incumbent: pd.DataFrame | None = None,
    boundary_evidence: bool = True,
) -> list[Decision]:
    """One decision per (stage, model) of ``table`` (a ``metric_table`` grouped by stage and
    model, built at ``policy.confidence``), plus a hold for every stage without runs, in stage
    order. ``incumbent`` is a ``paired_table(candidate_scores, incumbent_scores)`` by stage.
    ``boundary_evidence`` is False for a run whose sandbox fell below full isolation: its
    boundary gates then never pass."""
    if "stage" not in table.columns:
        raise KeyError("the metric table must be grouped by stage")
    model_of = (
        table["model"].astype(str) if "model" in table.columns else pd.Series("", index=table.index)
    )
    decisions: list[Decision] = []
    for stage in STAGES:
        in_stage = table["stage"].astype(str) == str(stage)
        models = sorted(set(model_of[in_stage]))
        if not models:
            decisions.append(_absent(stage, policy))
            continue
        for model in models:
            rows = table[in_stage & (model_of == model)]
            decisions.append(_decide_one(stage, model, rows, policy, incumbent, boundary_evidence))
    return decisions


def decision_rows(decisions: Sequence[Decision]) -> list[dict[str, Any]]:
    """Flat rows for a decision table (terminal, markdown, HTML)."""
    return [
        {
            "stage": d.stage,
            "model": d.model or "-",
            "phase": d.current_phase,
            "max": d.max_phase,
            "verdict": d.verdict,
            "target": d.target_phase,
            "gates": f"{sum(r.passed for r in d.gates)}/{len(d.gates)}",
            "reason": d.reasons[0] if d.reasons else "",
        }
        for d in decisions
    ]


def failing_gates(decision: Decision) -> list[GateResult]:
    """The gates a decision did not pass, up to the phase that matters: the current phase for a
    stage off its gates (phase 0 for one off its shadow budget), else the next phase up."""
    limit = decision.current_phase if decision.fails_gate else decision.target_phase + 1
    failed = [r for r in decision.gates if not r.passed and r.phase <= limit]
    return sorted(failed, key=lambda r: (r.phase, _SEVERITY[r.status]))
