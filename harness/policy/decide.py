"""promote / hold / demote per stage and model, from a metric table and a policy.

A gate passes only on enough data that meets its bound: a missing metric, an interval that could
not be estimated, or fewer trials than ``min_n`` all count as not passing. Reaching a phase needs
the gates of that phase and of every phase below it, phase 0 (the shadow budget) included, and a
phase with no gate for the stage is never reached. A rate's trials are its effective n.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

import pandas as pd

from harness.detectors.measured import RecallBound
from harness.policy.gate_results import SEVERITY, Frozen, GateResult, phase_results
from harness.policy.models import Policy
from harness.schema import STAGES, Stage

Verdict = Literal["promote", "hold", "demote"]


class Decision(Frozen):
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


def _not_passed(results: Sequence[GateResult], phase: int) -> list[str]:
    failed = sorted((r for r in results if not r.passed), key=lambda r: SEVERITY[r.status])
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
    recall: Mapping[str, RecallBound],
) -> Decision:
    current = policy.current_phase(stage)
    ceiling = policy.max_phase(stage)
    by_phase = {
        phase: phase_results(
            phase, stage, model, rows, policy, incumbent, boundary_evidence, recall
        )
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
    recall: Mapping[str, RecallBound] | None = None,
) -> list[Decision]:
    """One decision per (stage, model) of ``table`` (a ``metric_table`` grouped by stage and
    model, built at ``policy.confidence``), plus a hold for every stage without runs, in stage
    order. ``incumbent`` is a ``paired_table(candidate_scores, incumbent_scores)`` by stage.
    ``boundary_evidence`` is False for a run whose sandbox fell below full isolation: its
    boundary gates then never pass. ``recall`` (``harness.detectors.measured.recall_bounds``)
    divides the upper bound of a rate whose events a text detector finds by the share of them
    it was measured to find on a blind set: with none, the gates trust the detector fully."""
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
            decisions.append(
                _decide_one(
                    stage, model, rows, policy, incumbent, boundary_evidence, dict(recall or {})
                )
            )
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
    return sorted(failed, key=lambda r: (r.phase, SEVERITY[r.status]))
