"""What a scorer is: a pure function of one stored case, returning values, an explanation naming the
evidence, and per-item details.

The registry of scorers is the explicit tuple ``SCORERS`` in ``harness.scorers``; the ``scorer``
decorator names a function, declares the type of its values (``harness.scorers.values``) and the
metrics made of them (inspect_ai's ``@scorer(metrics=...)``); it registers nothing at import
time. No scorer reads another's output: a verdict built from other scorers' values (usefulness)
is a ``Derived`` in ``DERIVED``, computed after every scorer has scored the case, from their
scores alone.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import TYPE_CHECKING, Any, Generic, Protocol, cast

from pydantic import TypeAdapter, ValidationError
from typing_extensions import TypeVar, is_typeddict

from harness.metrics.spec import MetricSpec
from harness.schema import Envelope, Package, RunRecord, Stage, TraceEvent

if TYPE_CHECKING:
    from harness.detectors.base import Detector

R = TypeVar("R")
#: A scorer's value type; a bare ``Score`` or ``Scorer`` is one of any value type.
V = TypeVar("V", bound=Mapping[str, object], default=Mapping[str, object])
V_co = TypeVar("V_co", bound=Mapping[str, object], covariant=True, default=Mapping[str, object])
S = TypeVar("S", bound="Score")


def result_list(result: dict[str, Any], key: str) -> list[Any]:
    """A result field that the contract makes a list, or [] when the model wrote anything else
    (a number, a string, true): an output of the wrong shape flags nothing and crashes nothing."""
    value = result.get(key)
    return value if isinstance(value, list) else []


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
class Score(Generic[V_co]):
    """``values`` is the scorer's declared value type (``harness.scorers.values``); a bare
    ``Score`` is one whose values are only known to be a mapping."""

    values: V_co
    explanation: str
    details: list[dict[str, Any]] = field(default_factory=list)
    #: The text detector behind the verdict (``lexical``, ``judge:MODEL``); None for scorers that
    #: judge structure only.
    detector: str | None = None


class PackageMemo:
    """What scorers work out of one package alone (the backing of each evidence item, the host's
    expected facts normalised), shared by the contexts of that package's stages: a run scores a
    package's stages one after the other, and each used to work it all out again.

    Tied to the package object, not to its id or text: a context for another object gets a memo
    of its own, so nothing outlives the package or crosses to another one."""

    def __init__(self, package: Package) -> None:
        self.package = package
        self._values: dict[Callable[[Package], object], object] = {}

    def get(self, compute: Callable[[Package], R]) -> R:
        """``compute(package)``, worked out once per package; keyed by the function itself."""
        if compute not in self._values:
            self._values[compute] = compute(self.package)
        return cast(R, self._values[compute])


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
    #: Shared with the other stages of the same package object (``score_run_dir`` passes it on);
    #: a memo of another package is replaced by a fresh one.
    shared: PackageMemo | None = field(default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.shared is None or self.shared.package is not self.package:
            self.shared = PackageMemo(self.package)

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

    def per_package(self, compute: Callable[[Package], R]) -> R:
        """``compute(package)``, worked out once per package (see ``PackageMemo``): a pure
        function of the package alone, never of the stage's output."""
        assert self.shared is not None  # set in __post_init__
        return self.shared.get(compute)

    def once(self, compute: Callable[[ScoreContext], R]) -> R:
        """``compute(self)``, worked out once per case: a pure function of the stored case that
        several scorers need (the citation checks, the completion statements), never a scorer's
        verdict. Keyed by the function itself, so nothing but its result goes in or comes out."""
        if compute not in self._memo:
            self._memo[compute] = compute(self)
        return cast(R, self._memo[compute])


class ScorerContractError(RuntimeError):
    """A scorer whose values do not match what it declares (a harness bug, never the model's):
    a metric reading a key its value type lacks (raised when the scorer is declared), or a score
    whose values are not of that type (raised when it returns)."""


def value_keys(values: type[Mapping[str, object]]) -> frozenset[str]:
    """Every key a scorer's value type declares, required or not."""
    return frozenset(getattr(values, "__required_keys__", ())) | frozenset(
        getattr(values, "__optional_keys__", ())
    )


def _declare(
    name: str, values: type[Mapping[str, object]], metrics: Sequence[MetricSpec]
) -> tuple[tuple[MetricSpec, ...], TypeAdapter[Any]]:
    """The metrics bound to their scorer, and the validator of its values; a value type that is
    not a TypedDict, or a metric reading a key the type lacks, fails here: at import."""
    if not is_typeddict(values):
        raise ScorerContractError(f"scorer {name!r}: values={values!r} is not a TypedDict")
    keys = value_keys(values)
    for metric in metrics:
        unknown = [key for key in metric.reads if key not in keys]
        if unknown:
            raise ScorerContractError(
                f"scorer {name!r}: metric {replace(metric, scorer=name).name!r} reads "
                f"{', '.join(map(repr, unknown))}, which {values.__name__} does not declare "
                f"(it declares: {', '.join(sorted(keys))})"
            )
    return tuple(replace(m, scorer=name) for m in metrics), TypeAdapter(values)


def _checked(
    name: str, values: type[Mapping[str, object]], adapter: TypeAdapter[Any], score: S
) -> S:
    # Validated, not converted: the values stored are the ones the scorer returned. Strict, with
    # no extra key, whatever the type's own config: a count is an int, a flag a bool (an int is
    # still a float), and a key a scorer adds is declared on its type first.
    try:
        adapter.validate_python(score.values, strict=True, extra="forbid")
    except ValidationError as err:
        problems = "; ".join(
            f"{'.'.join(map(str, e['loc'])) or 'values'}: {e['msg']}" for e in err.errors()
        )
        raise ScorerContractError(
            f"scorer {name!r} returned values that are not a {values.__name__}: {problems}"
        ) from None
    return score


class Scorer(Protocol[V_co]):
    @property
    def name(self) -> str: ...
    @property
    def values(self) -> type[V_co]: ...
    @property
    def metrics(self) -> tuple[MetricSpec, ...]: ...
    @property
    def detector(self) -> str | None: ...

    def __call__(self, ctx: ScoreContext) -> Score[V_co]: ...


@dataclass(frozen=True)
class _DeclaredScorer(Generic[V]):
    name: str
    values: type[V]
    metrics: tuple[MetricSpec, ...]
    detector: str | None
    fn: Callable[[ScoreContext], Score[V]]
    adapter: TypeAdapter[Any] = field(repr=False, compare=False)

    def __call__(self, ctx: ScoreContext) -> Score[V]:
        return _checked(self.name, self.values, self.adapter, self.fn(ctx))


def scorer(
    name: str,
    *,
    values: type[V],
    metrics: Sequence[MetricSpec] = (),
    detector: str | None = None,
) -> Callable[[Callable[[ScoreContext], Score[V]]], Scorer[V]]:
    """Give a scoring function its record name (the ``scorer`` field of ``scores.jsonl``), the
    type of the values it returns (a TypedDict in ``harness.scorers.values``), the headline
    metrics made of those values (``harness.metrics.spec``: ``rate``, ``mean``, ``pooled``) and
    the text detector behind its judgements (a ``harness.detectors`` name, for run.json's scorer
    specs; None when it judges structure only). A metric reading a key the type lacks fails
    here; a score whose values are not of the type fails when it is returned."""
    bound, adapter = _declare(name, values, metrics)

    def wrap(fn: Callable[[ScoreContext], Score[V]]) -> Scorer[V]:
        return _DeclaredScorer(name, values, bound, detector, fn, adapter)

    return wrap


class Inputs:
    """The scores a derived verdict reads, looked up by the scorer that made them, so each comes
    typed as that scorer's values (``inputs.of(parity).values["match"]`` is ``bool | None``)."""

    def __init__(self, scores: Mapping[str, Score]) -> None:
        self._scores = scores

    def of(self, source: Scorer[V]) -> Score[V]:
        # Each score was validated against its scorer's value type when the scorer returned.
        return cast(Score[V], self._scores[source.name])


class Derived(Protocol[V_co]):
    """A verdict computed from other scorers' scores of the same case (never from the case)."""

    @property
    def name(self) -> str: ...
    @property
    def inputs(self) -> tuple[str, ...]: ...
    @property
    def values(self) -> type[V_co]: ...
    @property
    def metrics(self) -> tuple[MetricSpec, ...]: ...

    def __call__(self, scores: Mapping[str, Score]) -> Score[V_co]: ...


@dataclass(frozen=True)
class _DeclaredDerived(Generic[V]):
    name: str
    inputs: tuple[str, ...]
    values: type[V]
    metrics: tuple[MetricSpec, ...]
    fn: Callable[[Inputs], Score[V]]
    adapter: TypeAdapter[Any] = field(repr=False, compare=False)

    def __call__(self, scores: Mapping[str, Score]) -> Score[V]:
        return _checked(self.name, self.values, self.adapter, self.fn(Inputs(scores)))


def derived(
    name: str,
    inputs: Sequence[Scorer],
    *,
    values: type[V],
    metrics: Sequence[MetricSpec] = (),
) -> Callable[[Callable[[Inputs], Score[V]]], Derived[V]]:
    """Name a derived verdict, the scorers whose scores it reads, the type of its values and the
    metrics it declares (checked as ``scorer`` checks them)."""
    bound, adapter = _declare(name, values, metrics)
    names = tuple(source.name for source in inputs)

    def wrap(fn: Callable[[Inputs], Score[V]]) -> Derived[V]:
        return _DeclaredDerived(name, names, values, bound, fn, adapter)

    return wrap


def ratio(numerator: int, denominator: int) -> float | None:
    return round(numerator / denominator, 6) if denominator else None
