"""Promotion readiness: what stands between a stage and its next phase, in one sentence.

A decision says promote / hold / demote; readiness says why, in the terms a maintainer acts on:
the stage would promote; it is blocked by sample size alone (every gate it misses has a point
estimate on the right side, and more independent runs would tighten the bound past the threshold;
the sentence says how many); it is blocked by quality (a gate the data itself misses, with its
value); or it is off the gates of the phase it holds (the shadow budget at phase 0).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict

from harness.policy.decide import Decision, failing_gates
from harness.policy.gate_results import COMPARE, GateResult

ReadinessKind = Literal["promote", "sample_size", "quality", "off_gates", "ceiling", "not_run"]

#: Plain words for the metrics a sentence names; anything else is named by its metric id.
_WORDS: dict[str, tuple[str, str]] = {
    # metric: (what one event is called, plural), for rates of events
    "invented_completion.invented": ("invented completion", "invented completions"),
    "boundary.violation": ("boundary violation", "boundary violations"),
    "repeat_checks.suppressed_needed": ("suppressed needed check", "suppressed needed checks"),
    "hygiene.inlined": ("inlined trace", "inlined traces"),
}
_NAMES: dict[str, str] = {
    "invented_completion.invented": "Invented-completion rate",
    "boundary.violation": "Boundary-violation rate",
    "infrastructure.error": "Infrastructure-error rate",
    "parity.match": "Parity with the host",
    "evidence_fidelity.claim_support_rate": "Claim support",
    "evidence_fidelity.claim_support_pooled": "Claim support (pooled)",
    "evidence_fidelity.citation_precision": "Citation precision",
    "evidence_fidelity.citation_precision_pooled": "Citation precision (pooled)",
    "evidence_fidelity.decisive_recall": "Decisive-evidence recall",
    "usefulness.useful": "Usefulness",
    "repeat_checks.reduction": "Repeat-check reduction",
    "latency.latency_s": "Latency",
    "cost.cost_usd": "Cost per run",
}


class Readiness(BaseModel):
    model_config = ConfigDict(frozen=True)

    stage: str
    #: The decision's verdict (promote, hold, demote), for colouring.
    verdict: str = ""
    kind: ReadinessKind
    #: The phase the readiness is about: the next one up, or the one the stage is off.
    phase: int
    #: Further independent runs (clusters) the gates need; set when sample size is the blocker.
    runs_needed: int | None = None
    blockers: list[GateResult] = []
    sentence: str


def _name(metric: str) -> str:
    return _NAMES.get(metric, metric)


def _pct(value: float) -> str:
    text = f"{value * 100:.3g}"
    return f"{text}%"


def _upper(gate: GateResult) -> bool:
    return gate.comparator in {"<", "<="}


def _found_threshold(gate: GateResult) -> float:
    """The threshold on the rate of events found: a gate that divides its bound by its
    detector's recall passes once the found rate's bound is under threshold x recall."""
    return gate.threshold * gate.detector_recall


def _estimate_passes(gate: GateResult) -> bool:
    if math.isnan(gate.estimate) or math.isnan(gate.threshold):
        return False
    return COMPARE[gate.comparator](gate.estimate, _found_threshold(gate))


def runs_needed(gate: GateResult, conf: float) -> int | None:
    """Further independent runs that would let ``gate`` pass if the metric held its current
    value; None when sample size is not what blocks it (the estimate itself misses, a regression,
    no data)."""
    if gate.statistic == "paired" or gate.status in {"pass", "missing"}:
        return None
    if not _estimate_passes(gate):
        return None
    have = gate.n if math.isnan(gate.n_eff) else gate.n_eff
    total = float(gate.min_n)
    if gate.statistic in {"upper_bound", "lower_bound"}:
        if gate.kind == "rate":
            # Imported here: scipy is a second of start-up that loading a policy (every xdist
            # worker of a suite with a gate does) never needs.
            from harness import stats

            total = max(
                total,
                stats.runs_to_bound(
                    gate.estimate, _found_threshold(gate), conf, upper=_upper(gate)
                ),
            )
        elif gate.status == "fail":
            # A mean's bootstrap bound tightens as 1 / sqrt(n): scale the margin it has to gain.
            margin, wanted = abs(gate.estimate - gate.value), abs(gate.estimate - gate.threshold)
            if wanted > 0:
                total = max(total, gate.n * (margin / wanted) ** 2)
    elif gate.status == "fail":
        return None
    return max(1, math.ceil(total - have))


def _runs(more: int) -> str:
    return f"{more} more independent run{'' if more == 1 else 's'}"


def _sample_clause(gate: GateResult, more: int) -> str:
    have = gate.n if math.isnan(gate.n_eff) else gate.n_eff
    independent = "" if math.isnan(gate.n_eff) else f" ({have:.0f} independent)"
    words = _WORDS.get(gate.metric)
    if words is not None and gate.kind == "rate":
        events = round(gate.estimate * gate.n)
        noun = words[0] if events == 1 else words[1]
        side = "below" if _upper(gate) else "above"
        found = "" if gate.detector_recall == 1.0 else (
            f" (its detector finds at least {gate.detector_recall:g} of them, measured blind)")  # fmt: skip
        return (
            f"{events} {noun} in {gate.n} runs{independent}; {_runs(more)} "
            f"would bound the rate {side} {_pct(gate.threshold)}{found}"
        )
    side = "below" if _upper(gate) else "above"
    return (
        f"{_name(gate.metric)} {gate.estimate:.3g} in {gate.n} runs{independent}; "
        f"{_runs(more)} would bound it {side} {gate.threshold:.3g}"
    )


def _quality_clause(gate: GateResult) -> str:
    if gate.status == "missing":
        return f"{_name(gate.metric)}: no data"
    if gate.statistic == "paired":
        return f"{_name(gate.metric)} significantly worse than the incumbent ({gate.value:+.3g})"
    words = _WORDS.get(gate.metric)
    if gate.statistic == "events" and words is not None:
        events = round(gate.value)
        noun = words[0] if events == 1 else words[1]
        return f"{events} {noun} in {gate.n} runs (budget {gate.threshold:g})"
    if gate.statistic == "estimate" and words is not None and gate.kind == "rate":
        events = round(gate.estimate * gate.n)
        noun = words[0] if events == 1 else words[1]
        return (
            f"{events} {noun} in {gate.n} runs ({_pct(gate.estimate)}, budget "
            f"{_pct(gate.threshold)})"
        )
    value = gate.estimate if math.isnan(gate.value) else gate.value
    which = {"upper_bound": " (upper bound)", "lower_bound": " (lower bound)"}.get(
        gate.statistic, ""
    )
    if gate.statistic == "p95":
        which = " (p95)"
    return f"{_name(gate.metric)} {value:.3g}{which}, needs {gate.comparator} {gate.threshold:.3g}"


def _join(clauses: Sequence[str]) -> str:
    return "; ".join(clauses)


def readiness(decision: Decision, conf: float = 0.95) -> Readiness:
    """The stage's readiness for its next phase (or, off its gates, for the phase it holds)."""
    return _readiness(decision, conf).model_copy(update={"verdict": decision.verdict})


def _readiness(decision: Decision, conf: float) -> Readiness:
    stage, verdict = decision.stage, decision.verdict
    if not decision.evaluated:
        return Readiness(
            stage=stage, kind="not_run", phase=decision.current_phase,
            sentence=f"{stage}: {verdict}. No runs of this stage.",
        )  # fmt: skip
    if decision.fails_gate:
        blockers = [g for g in failing_gates(decision) if g.phase <= decision.current_phase]
        clauses = []
        for g in blockers:
            more = runs_needed(g, conf)
            clauses.append(_quality_clause(g) if more is None else _sample_clause(g, more))
        what = (
            "Off its shadow budget"
            if decision.current_phase == 0
            else f"Off the gates of live phase {decision.current_phase}"
        )
        return Readiness(
            stage=stage, kind="off_gates", phase=decision.current_phase, blockers=blockers,
            sentence=f"{stage}: {verdict}. {what}: {_join(clauses)}.",
        )  # fmt: skip
    if verdict == "promote":
        return Readiness(
            stage=stage, kind="promote", phase=decision.target_phase,
            sentence=f"{stage}: promote to phase {decision.target_phase}. Every gate up to "
            f"phase {decision.target_phase} passes.",
        )  # fmt: skip
    if decision.current_phase >= decision.max_phase:
        return Readiness(
            stage=stage, kind="ceiling", phase=decision.current_phase,
            sentence=f"{stage}: {verdict}. At its highest allowed phase {decision.max_phase}.",
        )  # fmt: skip
    phase = decision.current_phase + 1
    missed = [g for g in decision.gates if g.phase == phase and not g.passed]
    needs = {id(g): runs_needed(g, conf) for g in missed}
    quality = [g for g in missed if needs[id(g)] is None]
    if quality:
        return Readiness(
            stage=stage, kind="quality", phase=phase, blockers=quality,
            sentence=f"{stage}: {verdict}. {_join([_quality_clause(g) for g in quality])}.",
        )  # fmt: skip
    if not missed:
        # Every gate passed yet no promotion: only a phase without gates can do this.
        return Readiness(
            stage=stage, kind="quality", phase=phase,
            sentence=f"{stage}: {verdict}. Phase {phase} has no gate for this stage.",
        )  # fmt: skip
    worst = max(missed, key=lambda g: needs[id(g)] or 0)
    more = needs[id(worst)] or 0
    return Readiness(
        stage=stage, kind="sample_size", phase=phase, runs_needed=more, blockers=missed,
        sentence=f"{stage}: {verdict}. Blocked only by sample size: {_sample_clause(worst, more)}.",
    )  # fmt: skip
