"""Promotion policy: the phase ladder, per-phase gates, and promote / hold / demote decisions."""

from harness.policy.decide import Decision, decide, decision_rows, failing_gates
from harness.policy.gate_results import GateResult
from harness.policy.models import (
    Budget,
    Gate,
    PhaseGates,
    Policy,
    PolicyError,
    RegressionGate,
    StagePolicy,
    load_policy,
    merge_policy,
    parse_policy,
    policy_data,
    policy_digest,
)
from harness.policy.readiness import Readiness, readiness, runs_needed

__all__ = [
    "Budget",
    "Decision",
    "Gate",
    "GateResult",
    "PhaseGates",
    "Policy",
    "PolicyError",
    "Readiness",
    "RegressionGate",
    "StagePolicy",
    "decide",
    "decision_rows",
    "failing_gates",
    "load_policy",
    "merge_policy",
    "parse_policy",
    "policy_data",
    "policy_digest",
    "readiness",
    "runs_needed",
]
