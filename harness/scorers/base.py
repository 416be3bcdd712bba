"""What a scorer is: a pure function of one stored case, returning values, an explanation naming the
evidence, and per-item details.

The registry of scorers is the explicit tuple ``SCORERS`` in ``harness.scorers``; the ``scorer``
decorator only names a function, it registers nothing at import time. No scorer reads another's
output: a verdict built from other scorers' values (usefulness) is a ``Derived`` in ``DERIVED``,
computed after every scorer has scored the case, from their scores alone.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Protocol

from harness.schema import Envelope, Package, RunRecord, ScoreValue, Stage, TraceEvent


@dataclass(frozen=True)
class Thresholds:
    """Fuzzy-matching thresholds (rapidfuzz scores 0..100, overlaps 0..1); configurable per run.

    ``claim_support``: a claim is backed only when the share of its own content words found in the
    cited items *exceeds* this value (half is not enough)."""

    quote: float = 90.0
    claim_support: float = 0.5
    expected_fact: float = 80.0
    plan_decision: float = 70.0


@dataclass(frozen=True)
class Score:
    values: dict[str, ScoreValue]
    explanation: str
    details: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class ScoreContext:
    """One stored case: the package, its run record (with the boundary events replay found) and
    its trace. No invocation: scoring judges what was stored, never one rebuilt from today's code."""

    package: Package
    record: RunRecord
    trace: Sequence[TraceEvent]
    thresholds: Thresholds = field(default_factory=Thresholds)

    @property
    def envelope(self) -> Envelope:
        return self.record.envelope

    @property
    def stage(self) -> Stage:
        return self.record.stage

    @property
    def result(self) -> dict[str, Any]:
        result = self.record.envelope.result
        return result if isinstance(result, dict) else {}

    @cached_property
    def envelope_json(self) -> dict[str, Any]:
        """The envelope as JSON data, dumped once for the scorers that measure or search it."""
        return self.record.envelope.model_dump(mode="json")

    @cached_property
    def shared(self) -> dict[str, Any]:
        """Memo for work several scorers need (citation checks), keyed by the computing module."""
        return {}


class Scorer(Protocol):
    name: str

    def __call__(self, ctx: ScoreContext) -> Score: ...


def scorer(name: str) -> Callable[[Callable[[ScoreContext], Score]], Scorer]:
    """Give a scoring function its record name (the ``scorer`` field of ``scores.jsonl``)."""

    def wrap(fn: Callable[[ScoreContext], Score]) -> Scorer:
        fn.name = name  # type: ignore[attr-defined]
        return fn  # type: ignore[return-value]

    return wrap


class Derived(Protocol):
    """A verdict computed from other scorers' scores of the same case (never from the case)."""

    name: str
    inputs: tuple[str, ...]

    def __call__(self, scores: Mapping[str, Score]) -> Score: ...


def derived(
    name: str, inputs: Sequence[str]
) -> Callable[[Callable[[Mapping[str, Score]], Score]], Derived]:
    """Name a derived verdict and the scorers whose scores it reads."""

    def wrap(fn: Callable[[Mapping[str, Score]], Score]) -> Derived:
        fn.name = name  # type: ignore[attr-defined]
        fn.inputs = tuple(inputs)  # type: ignore[attr-defined]
        return fn  # type: ignore[return-value]

    return wrap


def ratio(numerator: int, denominator: int) -> float | None:
    return round(numerator / denominator, 6) if denominator else None
