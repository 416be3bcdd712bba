"""Scorers: pure functions of one stored case (package, invocation, run record, trace).

``SCORERS`` is the explicit registry, in the order scores are written and reported; each entry's
``name`` is the ``scorer`` field of ``scores.jsonl``.
"""

from __future__ import annotations

from harness.scorers.base import Score, ScoreContext, Scorer, Thresholds, scorer
from harness.scorers.boundary import boundary
from harness.scorers.completion import invented_completion
from harness.scorers.cost import cost, hygiene, latency
from harness.scorers.evidence import evidence_fidelity
from harness.scorers.infrastructure import infrastructure
from harness.scorers.parity import parity
from harness.scorers.repeat import repeat_checks
from harness.scorers.usefulness import usefulness

SCORERS: tuple[Scorer, ...] = (
    evidence_fidelity,
    invented_completion,
    repeat_checks,
    boundary,
    parity,
    usefulness,
    latency,
    cost,
    hygiene,
    infrastructure,
)

SCORER_NAMES: tuple[str, ...] = tuple(s.name for s in SCORERS)

__all__ = [
    "SCORERS",
    "SCORER_NAMES",
    "Score",
    "ScoreContext",
    "Scorer",
    "Thresholds",
    "scorer",
]
