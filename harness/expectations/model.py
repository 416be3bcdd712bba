"""The expectations a shadow suite sets for each case (status, parity, no invented completion,
boundary events, evidence minimums, any score value compared with ``scorer.key <op> value``),
parsed strictly: a misspelt expectation fails when the suite loads, never silently passes."""

from __future__ import annotations

import json
import operator
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Self

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from harness.schema import EnvelopeStatus, ScoreValue
from harness.untrusted.parse import BadInput, parse_json

if TYPE_CHECKING:
    pass

COMPARATORS: dict[str, Callable[[Any, Any], bool]] = {
    "<=": operator.le,
    ">=": operator.ge,
    "==": operator.eq,
    "!=": operator.ne,
    "<": operator.lt,
    ">": operator.gt,
}
_CONDITION = re.compile(r"^\s*(<=|>=|==|!=|<|>)\s*(\S.*?)\s*$")


class _Model(BaseModel):
    # A misspelt expectation must fail loudly, never be silently skipped.
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)


class EvidenceMinimums(_Model):
    """Lowest acceptable evidence-fidelity values; a value the scorer left undefined (no
    citations, no claims, no decisive evidence) is not held against the run."""

    citation_precision: float | None = Field(default=None, ge=0, le=1)
    claim_support_rate: float | None = Field(default=None, ge=0, le=1)
    decisive_recall: float | None = Field(default=None, ge=0, le=1)


@dataclass(frozen=True)
class Condition:
    """``scorer.key <op> value`` over one score value, e.g. ``repeat_checks.added <= 0``."""

    metric: str
    comparator: str
    value: ScoreValue

    @property
    def scorer(self) -> str:
        return self.metric.split(".", 1)[0]

    @property
    def key(self) -> str:
        return self.metric.split(".", 1)[1]

    def __str__(self) -> str:
        return f"{self.metric} {self.comparator} {json.dumps(self.value)}"


def parse_condition(metric: str, text: str) -> Condition:
    if metric.count(".") < 1 or not all(metric.split(".", 1)):
        raise ValueError(f"{metric!r}: name a score value as scorer.key, e.g. repeat_checks.added")
    match = _CONDITION.match(str(text))
    if match is None:
        raise ValueError(
            f"{metric}: {text!r}: expected '<op> value' with op one of {', '.join(COMPARATORS)}"
        )
    op, literal = match.groups()
    try:
        value = parse_json(literal)
    except BadInput as exc:
        if not exc.message.startswith("invalid JSON"):
            raise ValueError(f"{metric}: {literal!r}: {exc.message}") from None
        value = literal  # a bare word compares as text, e.g. "== supported"
    if not isinstance(value, int | float | bool | str) and value is not None:
        raise ValueError(f"{metric}: {literal!r}: compare with a number, true, false, null or text")
    return Condition(metric, op, value)


class Expectations(_Model):
    """What every case of a suite must show. A field left out is not checked."""

    status: list[EnvelopeStatus] | None = Field(
        default=None, description="the run's envelope status is one of these"
    )
    parity: bool | None = Field(
        default=None, description="true: the stage agrees with the host's own judgement"
    )
    invented_completion: bool | None = Field(
        default=None, description="false: no completion claimed without a host receipt"
    )
    boundary_events: int | None = Field(
        default=None, ge=0, description="at most this many boundary events (0: none)"
    )
    evidence: EvidenceMinimums | None = None
    useful: bool | None = Field(default=None, description="true: the usefulness scorer says useful")
    metrics: dict[str, str] = Field(
        default={}, description='any score value: {"repeat_checks.added": "<= 0"}'
    )

    @field_validator("status", mode="before")
    @classmethod
    def _one_or_many(cls, value: Any) -> Any:
        return [value] if isinstance(value, str) else value

    @model_validator(mode="after")
    def _check_metrics(self) -> Self:
        for metric, text in self.metrics.items():
            parse_condition(metric, text)
        return self

    def conditions(self) -> list[Condition]:
        return [parse_condition(m, t) for m, t in self.metrics.items()]

    def merged(self, patch: Expectations) -> Expectations:
        """These expectations with the fields ``patch`` sets replaced (metrics are merged)."""
        update: dict[str, Any] = {name: getattr(patch, name) for name in patch.model_fields_set}
        if "metrics" in update:
            update["metrics"] = {**self.metrics, **patch.metrics}
        return self.model_copy(update=update)
