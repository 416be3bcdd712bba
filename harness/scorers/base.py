"""What a scorer is: a pure function of one stored case, returning values, an explanation naming the
evidence, and per-item details.

The registry of scorers is the explicit tuple ``SCORERS`` in ``harness.scorers``; the ``scorer``
decorator names a function and declares the metrics made of its values (inspect_ai's
``@scorer(metrics=...)``), it registers nothing at import time. No scorer reads another's
output: a verdict built from other scorers' values (usefulness) is a ``Derived`` in ``DERIVED``,
computed after every scorer has scored the case, from their scores alone.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, cast

from harness.metrics.spec import MetricSpec
from harness.schema import Envelope, Package, RunRecord, ScoreValue, Stage, TraceEvent

if TYPE_CHECKING:
    from harness.detectors.base import Detector

R = TypeVar("R")


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
    #: The text detector behind the verdict (``lexical``, ``judge:MODEL``); None for scorers that
    #: judge structure only.
    detector: str | None = None


@dataclass
class ScoreContext:
    """One stored case: the package, its run record (with the boundary events replay found) and
    its trace. No invocation: scoring judges what was stored, never one rebuilt from today's code."""

    package: Package
    record: RunRecord
    trace: Sequence[TraceEvent]
    thresholds: Thresholds = field(default_factory=Thresholds)
    #: Judgement (``completion``, ``support``, ``reopens``) -> the detector chosen for it; a
    #: judgement not named here is made by the scorers' own rules (the lexical detector).
    detectors: Mapping[str, Detector] = field(default_factory=dict)

    def chosen_detector(self, judgement: str) -> Detector | None:
        """The detector chosen for ``judgement``, or None when the scorer's own rules make it."""
        detector = self.detectors.get(judgement)
        return None if detector is None or detector.name == "lexical" else detector

    def detector_name(self, judgement: str) -> str:
        detector = self.chosen_detector(judgement)
        return "lexical" if detector is None else detector.name

    _memo: dict[Callable[[ScoreContext], object], object] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

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

    def once(self, compute: Callable[[ScoreContext], R]) -> R:
        """``compute(self)``, worked out once per case: a pure function of the stored case that
        several scorers need (the citation checks, the completion statements), never a scorer's
        verdict. Keyed by the function itself, so nothing but its result goes in or comes out."""
        if compute not in self._memo:
            self._memo[compute] = compute(self)
        return cast(R, self._memo[compute])


class ScorerContractError(RuntimeError):
    """A scorer returned values that do not match what it declares (a harness bug, never the
    model's): a metric reads a value the scorer no longer writes."""


def _check_values(name: str, metrics: Sequence[MetricSpec], score: Score) -> Score:
    for metric in metrics:
        for key in metric.reads:
            if key not in score.values:
                raise ScorerContractError(
                    f"scorer {name!r} returned no value {key!r}, which its metric "
                    f"{metric.name!r} reads (it returned: {', '.join(score.values) or 'nothing'})"
                )
    return score


def _bind(name: str, metrics: Sequence[MetricSpec]) -> tuple[MetricSpec, ...]:
    return tuple(replace(m, scorer=name) for m in metrics)


class Scorer(Protocol):
    @property
    def name(self) -> str: ...
    @property
    def metrics(self) -> tuple[MetricSpec, ...]: ...
    @property
    def detector(self) -> str | None: ...

    def __call__(self, ctx: ScoreContext) -> Score: ...


@dataclass(frozen=True)
class _DeclaredScorer:
    name: str
    metrics: tuple[MetricSpec, ...]
    detector: str | None
    fn: Callable[[ScoreContext], Score]

    def __call__(self, ctx: ScoreContext) -> Score:
        return _check_values(self.name, self.metrics, self.fn(ctx))


def scorer(
    name: str, *, metrics: Sequence[MetricSpec] = (), detector: str | None = None
) -> Callable[[Callable[[ScoreContext], Score]], Scorer]:
    """Give a scoring function its record name (the ``scorer`` field of ``scores.jsonl``), the
    headline metrics made of its values (``harness.metrics.spec``: ``rate``, ``mean``,
    ``pooled``) and the text detector behind its judgements (a ``harness.detectors`` name, for
    run.json's scorer specs; None when it judges structure only). Every score it returns must
    hold each value those metrics read."""
    bound = _bind(name, metrics)

    def wrap(fn: Callable[[ScoreContext], Score]) -> Scorer:
        return _DeclaredScorer(name, bound, detector, fn)

    return wrap


class Derived(Protocol):
    """A verdict computed from other scorers' scores of the same case (never from the case)."""

    @property
    def name(self) -> str: ...
    @property
    def inputs(self) -> tuple[str, ...]: ...
    @property
    def metrics(self) -> tuple[MetricSpec, ...]: ...

    def __call__(self, scores: Mapping[str, Score]) -> Score: ...


@dataclass(frozen=True)
class _DeclaredDerived:
    name: str
    inputs: tuple[str, ...]
    metrics: tuple[MetricSpec, ...]
    fn: Callable[[Mapping[str, Score]], Score]

    def __call__(self, scores: Mapping[str, Score]) -> Score:
        return _check_values(self.name, self.metrics, self.fn(scores))


def derived(
    name: str, inputs: Sequence[str], *, metrics: Sequence[MetricSpec] = ()
) -> Callable[[Callable[[Mapping[str, Score]], Score]], Derived]:
    """Name a derived verdict, the scorers whose scores it reads and the metrics it declares."""
    bound = _bind(name, metrics)

    def wrap(fn: Callable[[Mapping[str, Score]], Score]) -> Derived:
        return _DeclaredDerived(name, tuple(inputs), bound, fn)

    return wrap


def ratio(numerator: int, denominator: int) -> float | None:
    return round(numerator / denominator, 6) if denominator else None
