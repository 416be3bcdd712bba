"""preflight: "Is a new action warranted?" Inventory, candidate work, repeat risk and a mode.

The mode is a recommendation; the host decides whether to wake, act, rest, read or respond.
"""

from __future__ import annotations

from typing import Any

from harness.runners.reference.evidence import Evidence, iso
from harness.runners.reference.judge import (
    drifts,
    prior_checks,
    stale_fields,
)
from harness.runners.reference.outcome import StageOutcome
from harness.runners.reference.preflight_mode import decide
from harness.runners.reference.preflight_work import (
    Candidate,
    candidates_for,
    drift_work,
    repeat_risks,
    with_fields,
)
from harness.runners.reference.profile import Profile
from harness.schema import Claim, EvidenceItem, PreflightResult
from harness.schema.contracts import CandidateWork, Inventory
from harness.text.normal import shorten


def run(ev: Evidence, profile: Profile) -> StageOutcome:
    inv = ev.invocation
    ev.search(
        f"{inv.activation.kind} {inv.activation.cause} {inv.question}",
        kinds=("heartbeat", "message", "receipt", "focus", "reminder"),
    )
    stale = stale_fields(ev) if profile.checks_staleness else []
    stale_ids = {s.field.id for s in stale}
    drift_list = drifts(ev, profile)
    candidates = candidates_for(ev, profile, stale_ids)
    checks = prior_checks(ev)
    if profile.flags_repeats:
        risks = repeat_risks(checks)
        # A check that would be repeated with nothing new is a risk, not work.
        unchanged = {r.kind for r in risks}
        candidates = [c for c in candidates if c.check not in unchanged or c.work.urgency == "high"]
        candidates += [c for c in drift_work(drift_list) if c.check not in unchanged]
    else:
        risks = []
        candidates += drift_work(drift_list)
        for c in checks:
            # Re-verify whatever was verified before, changed or not.
            work = CandidateWork(
                kind=c.kind, novelty="repeat", urgency="medium", requires_host_authorization=False
            )
            candidates.append(
                Candidate(with_fields(work, evidence=c.heartbeat.id), c.heartbeat, c.kind)
            )
    mode, why = decide(ev, profile, candidates, risks, drift_list)
    inventory = Inventory(
        unread_messages=sum(1 for m in ev.of_kind("message") if (m.data or {}).get("unread")),
        open_tasks=sum(
            1
            for i in ev.of_kind("focus", "reminder")
            if (i.data or {}).get("state") in {"open", "in_progress", "pending"}
            and i.id not in stale_ids
        ),
        recent_actions=sum(1 for r in ev.receipts if r.succeeded),
    )
    result = PreflightResult(
        inventory=inventory,
        candidate_work=[c.work for c in candidates],
        repeat_risk=risks,
        recommended_mode=mode,
    )
    extra: dict[str, Any] = {"reason": why}
    if stale:
        extra["stale_fields"] = [{"field": s.field.id, "reason": s.reason} for s in stale]
    result = PreflightResult.model_validate({**result.model_dump(), **extra})
    claims = [
        Claim(
            text=f"Candidate {c.work.kind}: {shorten(c.basis.text, 80)}",
            evidence=[ev.cite(c.basis, c.work.kind)],
        )
        for c in candidates
    ]
    for c in checks:
        if c.unchanged and profile.flags_repeats:
            claims.append(
                Claim(
                    # "No change since" is an absence: the claim is what the heartbeat records.
                    text=f"{c.heartbeat.id} ran {c.kind} at {iso(c.last_at)}: "
                    + ev.quoting(c.heartbeat, c.kind.replace("_", " ")),
                    evidence=[ev.cite(c.heartbeat, c.kind.replace("_", " "))],
                )
            )
    for s in stale:
        claims.append(
            Claim(text=s.reason, evidence=[ev.cite(s.field, "open"), ev.cite(s.newer, "succeeded")])
        )
    next_steps = [f"Host decides: {why} -> {mode}"]
    uncertainties = [f"{d.path}: {d.reason}" for d in drift_list if d.intended is None]
    summary = (
        # The counts stand in their own sentence: "repeat risk(s)" beside the reason would read
        # as flagging whatever the reason names as a repeat.
        f"Recommend {mode}: {why}. {len(candidates)} candidate(s), {len(risks)} repeat risk(s), "
        f"{inventory.unread_messages} unread."
    )
    return StageOutcome(
        result=result,
        summary=summary,
        claims=claims,
        next_steps=next_steps,
        confidence="high" if mode in {"wait", "read"} and not uncertainties else "medium",
        uncertainties=uncertainties,
    )


def pending_work(ev: Evidence, profile: Profile) -> list[EvidenceItem]:
    """The evidence behind work that needs action now: unread messages and unfinished acts.
    Low-urgency items (an open reading focus, a reminder due next week) are not such work."""
    stale_ids = {s.field.id for s in stale_fields(ev)} if profile.checks_staleness else set()
    found = [c for c in candidates_for(ev, profile, stale_ids) if c.work.urgency != "low"]
    found += [c for c in drift_work(drifts(ev, profile)) if c.work.urgency == "high"]
    return [c.basis for c in found]


def unanswered(ev: Evidence, profile: Profile) -> list[EvidenceItem]:
    """Unread messages that would need a reply (closed threads stay closed)."""
    return [c.basis for c in candidates_for(ev, profile, set()) if c.work.kind == "reply_message"]
