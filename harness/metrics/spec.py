"""What a metric is: a headline number over runs, declared by the scorer whose values it reads.

A declaration says which of its scorer's values a run's number is made from (a small expression of
``Value`` leaves), whether it is a rate or a mean, which way is better, and so which interval and
paired test the tables use. It is plain data: ``harness.tables`` evaluates it over the run table,
and ``@scorer(..., values=..., metrics=...)`` checks each value it reads is a key of the scorer's
value type (``harness.scorers.values``), so a value renamed there fails the import instead of
emptying a report column.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Kind = Literal["rate", "mean"]
Direction = Literal["higher", "lower"]


@dataclass(frozen=True)
class Value:
    """One of the scorer's values for a run; NaN where the run has none, unless ``missing``
    says what an absent value means (a run the scorer did not speak about)."""

    key: str
    missing: float | None = None


@dataclass(frozen=True)
class Positive:
    """1 where the term is above zero, 0 where it is not, NaN where it is missing (a count read
    as "at least one")."""

    of: Term


@dataclass(frozen=True)
class Complement:
    """1 minus the term (a share of failures from a flag of success)."""

    of: Term


@dataclass(frozen=True)
class FirstKnown:
    """The first term where it is known, else the fallback (a value older scores lack)."""

    first: Term
    fallback: Term


@dataclass(frozen=True)
class Difference:
    left: Term
    right: Term


Term = Value | Positive | Complement | FirstKnown | Difference


def reads(term: Term) -> tuple[str, ...]:
    """The scorer values a term is made of, in order of appearance."""
    if isinstance(term, Value):
        return (term.key,)
    if isinstance(term, Positive | Complement):
        return reads(term.of)
    if isinstance(term, FirstKnown):
        return (*reads(term.first), *reads(term.fallback))
    return (*reads(term.left), *reads(term.right))


@dataclass(frozen=True)
class MetricSpec:
    """A headline metric of one scorer. Per run it is ``numerator / denominator``; without a
    denominator each run counts once (a share of runs, a mean per run); with one it is pooled:
    both are summed over runs before dividing (claims supported over all claims)."""

    key: str
    kind: Kind
    higher_is_better: bool
    numerator: Term
    denominator: Term | None
    description: str
    #: The scorer that declares it; set by ``@scorer`` / ``@derived``.
    scorer: str = ""

    @property
    def name(self) -> str:
        """``scorer.key``: the name tables, policies and reports use."""
        return f"{self.scorer}.{self.key}"

    @property
    def pooled(self) -> bool:
        return self.denominator is not None

    @property
    def reads(self) -> tuple[str, ...]:
        """The scorer's value keys this metric is computed from."""
        den = reads(self.denominator) if self.denominator is not None else ()
        return tuple(dict.fromkeys((*reads(self.numerator), *den)))

    @property
    def interval(self) -> Literal["wilson", "cluster-bootstrap"]:
        """How its table interval is made: Wilson (and exact one-sided bounds) on the effective
        number of clusters for a rate, a bootstrap that resamples clusters for a mean."""
        return "wilson" if self.kind == "rate" else "cluster-bootstrap"

    @property
    def paired_test(self) -> Literal["mcnemar", "bootstrap"]:
        """How two versions are compared on it: exact McNemar on the discordant runs for a share
        of runs (each run a yes or no), a paired cluster bootstrap otherwise."""
        return "mcnemar" if self.kind == "rate" and not self.pooled else "bootstrap"


def _term(of: Term | str) -> Term:
    return Value(of) if isinstance(of, str) else of


def rate(
    key: str, *, better: Direction, description: str, of: Term | str | None = None
) -> MetricSpec:
    """Share of runs where ``of`` (default: the value named ``key``) is true / 1."""
    return MetricSpec(key, "rate", better == "higher", _term(of or key), None, description)


def mean(
    key: str, *, better: Direction, description: str, of: Term | str | None = None
) -> MetricSpec:
    """Mean over runs of ``of`` (default: the value named ``key``)."""
    return MetricSpec(key, "mean", better == "higher", _term(of or key), None, description)


def pooled(
    key: str,
    *,
    kind: Kind,
    numerator: Term | str,
    denominator: Term | str,
    better: Direction,
    description: str,
) -> MetricSpec:
    """Sum of ``numerator`` over sum of ``denominator`` across runs: a rate of items (citations,
    claims) when ``kind`` is rate, a ratio with a bootstrap interval when it is mean."""
    return MetricSpec(
        key, kind, better == "higher", _term(numerator), _term(denominator), description
    )
