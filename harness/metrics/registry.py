"""The metric registry: every headline metric the scorers declare, by name, in report order.

Tables, policies and reports look metrics up here; a policy naming a metric not in ``METRICS`` is
an error. Built from the explicit scorer registries (``harness.scorers.SCORERS`` and ``DERIVED``)
when this module is imported, and checked: two declarations of one name, or a ``REPORT_ORDER``
that misses or invents a metric, fail the import rather than a report later.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol

from harness.metrics.spec import MetricSpec
from harness.scorers import DERIVED, SCORERS


class Declares(Protocol):
    """A scorer or derived verdict: its name and the metrics it declares."""

    @property
    def name(self) -> str: ...
    @property
    def metrics(self) -> tuple[MetricSpec, ...]: ...


#: The order tables, gates and reports list metrics in (what a reader looks at first: the
#: verdicts the shadow run exists for, then evidence, agreement, repeats and costs).
REPORT_ORDER: tuple[str, ...] = (
    "invented_completion.invented",
    "boundary.violation",
    "evidence_fidelity.citation_precision",
    "evidence_fidelity.citation_precision_pooled",
    "evidence_fidelity.claim_support_rate",
    "evidence_fidelity.claim_support_pooled",
    "evidence_fidelity.decisive_recall",
    "parity.match",
    "usefulness.useful",
    "repeat_checks.reduction",
    "repeat_checks.suppressed_needed",
    "latency.latency_s",
    "cost.cost_usd",
    "hygiene.inlined",
    "infrastructure.error",
)


class RegistryError(ValueError):
    """Metric declarations that do not make one consistent registry."""


def build_registry(sources: Iterable[Declares], order: Sequence[str]) -> dict[str, MetricSpec]:
    """Every metric of ``sources`` by name, in ``order``, which must name each exactly once."""
    declared: dict[str, MetricSpec] = {}
    for source in sources:
        for spec in source.metrics:
            if spec.scorer != source.name:
                raise RegistryError(f"{spec.name}: declared by {source.name!r}, not its scorer")
            if spec.name in declared:
                raise RegistryError(f"{spec.name}: declared twice")
            declared[spec.name] = spec
    unknown = [name for name in order if name not in declared]
    if unknown:
        raise RegistryError(f"report order names undeclared metrics: {', '.join(unknown)}")
    unlisted = [name for name in declared if name not in order]
    if unlisted:
        raise RegistryError(
            f"declared metrics missing from the report order: {', '.join(unlisted)}"
        )
    if len(set(order)) != len(order):
        raise RegistryError("report order names a metric twice")
    return {name: declared[name] for name in order}


#: The headline metrics by name, in report order.
METRICS: dict[str, MetricSpec] = build_registry((*SCORERS, *DERIVED), REPORT_ORDER)


def metric(name: str) -> MetricSpec:
    """The metric named ``name``; a KeyError listing the known ones otherwise."""
    try:
        return METRICS[name]
    except KeyError:
        raise KeyError(f"unknown metric {name!r}; known: {', '.join(METRICS)}") from None
