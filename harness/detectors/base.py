"""The detector interface: every text judgement a scorer makes, behind one protocol.

Three judgements read prose and so have more than one way to be made: is a sentence an invented
completion, does cited evidence support, contradict or not concern a claim, and does a sentence
reopen a settled matter. A detector answers each from the same inputs a scorer has; the verdict
carries the detector's name, so a report can say which detector stands behind each metric.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Literal, Protocol

from harness.schema import EvidenceItem, HostReceipt

SupportLabel = Literal["supported", "contradicted", "unsupported"]
SUPPORT_LABELS: tuple[SupportLabel, ...] = ("supported", "contradicted", "unsupported")


@dataclass(frozen=True)
class CompletionQuestion:
    """One sentence of a stage output, where it sits, and what the host recorded."""

    sentence: str
    field: str  # summary, claim, or a result field (answer, draft, unsupported_claims, ...)
    stage: str
    agent: str
    recorded_at: datetime
    receipts: Sequence[HostReceipt]
    context: Sequence[EvidenceItem]  # what the stage saw: receipts at or before recorded_at


@dataclass(frozen=True)
class SupportQuestion:
    claim: str
    evidence: Sequence[EvidenceItem]


@dataclass(frozen=True)
class ReopenQuestion:
    sentence: str
    stage: str
    agent: str
    recorded_at: datetime
    settled: Sequence[str]
    context: Sequence[EvidenceItem]


@dataclass(frozen=True)
class Verdict:
    """A detector's answer: the label, a reason a reader can check, and who gave it."""

    label: bool | str
    why: str
    detector: str


class DetectorError(RuntimeError):
    """The detector could not judge (endpoint down, unreadable answer): infrastructure, never a
    verdict about the output."""


class Detector(Protocol):
    name: str

    def completion(self, q: CompletionQuestion) -> Verdict: ...

    def support(self, q: SupportQuestion) -> Verdict: ...

    def reopens(self, q: ReopenQuestion) -> Verdict: ...
