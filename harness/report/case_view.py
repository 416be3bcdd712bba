"""One case (package x stage) as plain text: what it was asked, what it saw, what it answered,
what the host expected, how it was scored and what it did, in that order.

Everything shown comes from recordings and runners, so every line goes through ``clean``
(control characters escaped, length bounded) before it reaches a terminal.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from harness.schema import EvidenceItem, Package, RunRecord, ScoreRecord, TraceEvent
from harness.untrusted.display import clean

#: How much of a long value (evidence text, a tool result) a line shows.
SHORT = 160


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)


@dataclass(frozen=True)
class ResolvedCitation:
    """One citation of a claim, looked up in the package's evidence: the item it names (None
    when no such item was in the context) and whether its quote is in that item's text."""

    cited: str
    quote: str
    item: EvidenceItem | None

    @property
    def found(self) -> bool:
        return self.item is not None and bool(self.quote) and self.quote in self.item.text

    @property
    def verdict(self) -> str:
        if self.item is None:
            return "not in the context"
        if not self.quote:
            return "item found, no quote"
        return "quote found" if self.found else "quote NOT in the item"


@dataclass(frozen=True)
class ResolvedClaim:
    text: str
    citations: tuple[ResolvedCitation, ...]


def resolve_claims(record: RunRecord, package: Package | None) -> list[ResolvedClaim]:
    """Every claim of the answer with each citation resolved against the evidence it saw."""
    claims = []
    for claim in record.envelope.claims:
        resolved = []
        for citation in claim.evidence:
            cited = citation.id or ""
            item = package.evidence(cited) if package is not None and cited else None
            label = cited or _json(citation.model_dump(exclude_none=True))
            resolved.append(ResolvedCitation(label, citation.quote or "", item))
        claims.append(ResolvedClaim(claim.text, tuple(resolved)))
    return claims


def _claims(record: RunRecord, package: Package | None) -> list[str]:
    lines: list[str] = []
    for i, claim in enumerate(resolve_claims(record, package), start=1):
        lines.append(f"  {i}. {clean(claim.text, SHORT)}")
        for citation in claim.citations:
            if citation.item is None:
                lines.append(f"     -> {clean(citation.cited, 80)}: not in the context")
                continue
            text = citation.item.text
            mark = f" ({citation.verdict})" if citation.quote else ""
            shown = (
                text.replace(citation.quote, f">>{citation.quote}<<", 1) if citation.found else text
            )
            lines.append(f"     -> {clean(citation.cited, 80)}{mark}: {clean(shown, SHORT)}")
    return lines or ["  (none)"]


def _trace(trace: Sequence[TraceEvent], record: RunRecord) -> list[str]:
    marked = {e.event_index: e for e in record.boundary_events if e.event_index is not None}
    lines = []
    for i, event in enumerate(trace):
        data = event.model_dump(exclude={"t", "type"})
        body = _json(data)
        flag = (
            f"  !! boundary: {marked[i].kind}: {clean(marked[i].detail, 80)}" if i in marked else ""
        )
        lines.append(f"  [{i:>3}] {event.t:7.2f}s {event.type:<11} {clean(body, SHORT)}{flag}")
    for crossed in record.boundary_events:
        if crossed.event_index is None:
            lines.append(f"  !! boundary: {crossed.kind}: {clean(crossed.detail, SHORT)}")
    return lines or ["  (no trace events)"]


def case_text(
    record: RunRecord,
    scores: Sequence[ScoreRecord],
    trace: Sequence[TraceEvent],
    package: Package | None,
) -> str:
    """The terminal case view (``shadow show``)."""
    out = [
        f"case {clean(record.package, 120)} [{record.stage}]  model {clean(record.model, 80)}  "
        f"status {record.status}  {record.latency_s:.2f}s",
    ]
    if record.error:
        out.append(f"error: {clean(record.error, 400)}")
    if package is None:
        out += ["", "question and evidence: the package is not in the run's recordings"]
    else:
        out += ["", f"question: {clean(package.question, 400)}", "", "evidence it saw:"]
        out += [
            f"  {clean(item.id, 60)} ({item.kind}, {item.at.isoformat()}): "
            f"{clean(item.text, SHORT)}"
            for item in package.context
        ]
    out += ["", f"output: {clean(record.envelope.summary, 400)}"]
    out.append(f"  result: {clean(_json(record.envelope.result), 1200)}")
    if package is not None:
        expected = package.host.expect.for_stage(record.stage)
        shown = _json(expected.model_dump(mode="json")) if expected is not None else "(none)"
        out.append(f"host expected: {clean(shown, 1200)}")
    out += ["", "claims and their citations:", *_claims(record, package)]
    out += ["", "scores:"]
    for score in scores:
        out.append(f"  {score.scorer}: {clean(score.explanation, 400)}")
    out += ["", "trace:", *_trace(trace, record)]
    return "\n".join(out)
