"""inquire: a bounded question answered with claims and provenance, not a narrative.

The answer is extractive: a short verdict from the shared reconcile rules (when the question is one
they can decide), then the words of the evidence that bears on the question, each quoted exactly
and dated, so the host reads the facts themselves rather than a paraphrase of them.
"""

from __future__ import annotations

from harness.runners.reference import preflight, reconcile
from harness.runners.reference.beliefs import Finding
from harness.runners.reference.evidence import Evidence
from harness.runners.reference.judge import stale_fields
from harness.runners.reference.outcome import StageOutcome
from harness.runners.reference.profile import Profile
from harness.runners.reference.relevance import dated, quoted, rank, state_of
from harness.schema import Claim, EvidenceItem, Fact, InquireResult
from harness.text.normal import shorten
from harness.text.prose import words

#: Items quoted in the answer: enough for a two- or three-source answer plus one for context.
_QUOTED = 4
#: A question about a span of time ("between Aug 23 and Aug 25, in order") may quote more.
_TIMELINE = 6
_OPEN_STATES = frozenset({"open", "in_progress", "pending"})


def _lead(findings: list[Finding]) -> str:
    status = reconcile.status_of(findings)
    lead = {"supported": "Yes", "contradicted": "No", "ambiguous": "Unclear"}[status]
    return f"{lead}: " + "; ".join(shorten(f.note or f.claim, 110) for f in findings[:3]) + "."


#: Questions about the workload itself: what is open, whether anything calls for action now.
_WORKLOAD = frozenset(
    {"open", "pending", "unfinished", "outstanding", "heartbeat", "action", "activity", "changed"}
)


def _workload(ev: Evidence, profile: Profile, question: str) -> list[EvidenceItem]:
    """The items preflight would weigh: work that needs action, open fields that no newer
    receipt overtook, and the latest record of each standing check (heartbeat, audit)."""
    if not _WORKLOAD & set(words(question)):
        return []
    stale = {s.field.id for s in stale_fields(ev)} if profile.checks_staleness else set()
    out = list(preflight.pending_work(ev, profile))
    for item in ev.of_kind("focus", "reminder"):
        if (item.data or {}).get("state") in _OPEN_STATES and item.id not in stale:
            out.append(item)
    for kind in ("heartbeat", "registry"):
        latest = ev.of_kind(kind)[-1:]
        out.extend(i for i in latest if not out or kind == "heartbeat" or _clean(i))
    unique: list[EvidenceItem] = []
    for item in out:
        if all(item is not u for u in unique):
            unique.append(item)
    return unique


def _clean(item: EvidenceItem) -> bool:
    data = item.data or {}
    return data.get("expected_sha256") == data.get("actual_sha256")


def _shown(item: EvidenceItem) -> str:
    state = state_of(item)
    return f"[{dated(item.at)}] {item.id}" + (f" ({state})" if state else "") + f": {quoted(item)}"


def _stale_notes(ev: Evidence, profile: Profile, chosen: list[EvidenceItem]) -> list[str]:
    """A quoted UI/task field that a newer receipt overtook is named stale, not read as current."""
    if not profile.checks_staleness:
        return []
    ids = {i.id for i in chosen}
    return [
        f"{s.field.id} is stale: {s.newer.id} ({s.newer.text.split(':', 1)[0]}) is newer."
        for s in stale_fields(ev)
        if s.field.id in ids
    ]


def run(ev: Evidence, profile: Profile) -> StageOutcome:
    inv = ev.invocation
    question = inv.question
    findings = reconcile.assess(ev, profile, question)
    decisive = [i for f in findings for i in f.evidence]
    lead = decisive + [i for i in _workload(ev, profile, question) if i not in decisive]
    ranking = rank(ev, question, first=lead)
    room = _TIMELINE if ranking.timeline else min(max(_QUOTED, len(lead) + 1), _TIMELINE)
    chosen = ranking.items[:room]
    if ranking.timeline:
        chosen.sort(key=lambda i: i.at)
    ev.record(
        "evidence.search",
        {"query": shorten(question, 200)},
        ", ".join(i.id for i in chosen) or "no match",
    )
    facts: list[Fact] = [
        Fact(claim=f.claim, evidence=[ev.cite(i, f.focus) for i in f.evidence]) for f in findings
    ]
    for item in chosen:
        if item in decisive:
            continue
        facts.append(
            Fact(
                claim=f"{item.id} ({item.kind}) reads: {quoted(item)}",
                evidence=[ev.cite(item, question)],
            )
        )
    undecided = [f.claim for f in findings if f.holds is None]
    parts: list[str] = []
    if findings:
        parts.append(_lead(findings))
    parts.extend(_stale_notes(ev, profile, chosen))
    if chosen:
        parts.append("Evidence: " + "; ".join(_shown(i) for i in chosen) + ".")
    answer = " ".join(parts) or "The context holds no evidence on this question."
    cited: list[EvidenceItem] = []
    for item in [*decisive, *chosen]:
        if all(item.id != c.id for c in cited):
            cited.append(item)
    citations = [ev.cite(i, question) for i in cited]
    result = InquireResult(
        answer=answer,
        findings=facts,
        uncertainties=undecided,
        citations=citations,
        follow_up_options=[f"Host to confirm: {c}" for c in undecided[:2]],
    )
    claims = [Claim(text=f.claim, evidence=f.evidence) for f in facts if f.evidence]
    summary = shorten(parts[0] if parts else answer, 160)
    return StageOutcome(
        result=result,
        summary=summary,
        claims=claims,
        next_steps=list(result.follow_up_options),
        confidence="high" if findings and not undecided else "medium" if facts else "low",
        # A finding's note (an absence, a host constraint) is the runner's, not a cited fact.
        uncertainties=undecided + [f.note for f in findings if f.note],
    )
