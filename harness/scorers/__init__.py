"""Scorers: pure functions of one stored case (package, invocation, run record, trace).

``SCORERS`` is the explicit registry of scorers; ``DERIVED`` holds the verdicts computed from their
scores afterwards. Each entry's ``name`` is the ``scorer`` field of ``scores.jsonl``;
``SCORER_NAMES`` is the order records are made in.
"""

from __future__ import annotations

from harness.scorers.base import Derived, Score, ScoreContext, Scorer, Thresholds, derived, scorer
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
    latency,
    cost,
    hygiene,
    infrastructure,
)

#: Verdicts from other scorers' scores of the same case, computed after all of ``SCORERS``.
DERIVED: tuple[Derived, ...] = (usefulness,)

SCORER_NAMES: tuple[str, ...] = (*(s.name for s in SCORERS), *(d.name for d in DERIVED))
#: Scorer -> the detector behind its text judgements when none is chosen (run.json records the
#: one a run used; a run scored before it did so was scored with these).
DECLARED_DETECTORS: dict[str, str] = {s.name: s.detector for s in SCORERS if s.detector}

__all__ = [
    "DECLARED_DETECTORS",
    "DERIVED",
    "SCORERS",
    "SCORER_NAMES",
    "Derived",
    "Score",
    "ScoreContext",
    "Scorer",
    "Thresholds",
    "derived",
    "scorer",
]
