"""preflight's candidate work: what in the context could be done (unread messages, open focus,
failed or unfinished actions, registry drift) and which earlier checks would only repeat.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from harness.runners.reference.evidence import Evidence, iso
from harness.runners.reference.judge import (
    Drift,
    PriorCheck,
    judge_action,
)
from harness.runners.reference.profile import Profile
from harness.schema import EvidenceItem
from harness.schema.contracts import CandidateWork, RepeatRisk
from harness.text.prose import (
    asks_before_injection,
    looks_like_injection,
)

#: The check that would re-verify each action family.
_RECHECK_FOR: dict[str, str] = {
    "message": "delivery_recheck",
    "media": "render_status",
    "journal": "journal_recheck",
    "registry": "registry_audit",
    "provenance": "registry_audit",
    "reminder": "reminder_check",
    "post": "delivery_recheck",
    "task": "focus_review",
}

_ACTIVE_MARKUP = re.compile(r"<script|javascript:|\bon[a-z]+\s*=", re.IGNORECASE)


@dataclass
class Candidate:
    work: CandidateWork
    basis: EvidenceItem
    check: str | None = None


def candidates_for(ev: Evidence, profile: Profile, stale_ids: set[str]) -> list[Candidate]:
    out: list[Candidate] = []
    closed = ev.invocation.constraints.closed
    for msg in ev.of_kind("message"):
        data = msg.data or {}
        thread = str(data.get("thread", ""))
        if not data.get("unread"):
            continue
        if profile.flags_repeats and (
            (looks_like_injection(msg.text) and not asks_before_injection(msg.text))
            or _ACTIVE_MARKUP.search(msg.text)
        ):
            # Instruction-like text or live markup (a tracking newsletter) is data to flag,
            # never work to do.
            continue
        # A closed thread is not reopened on the agent's own initiative, but an unread message
        # in it is new evidence: the host decides whether it reopens the matter.
        kind = "reopened_thread" if thread in closed else "reply_message"
        work = CandidateWork(
            kind=kind, novelty="new", urgency="medium", requires_host_authorization=True
        )
        out.append(
            Candidate(
                with_fields(work, target=thread or str(data.get("from", "")), evidence=msg.id), msg
            )
        )
    for state in ev.actions():
        verdict = judge_action(state, profile)
        latest = state.latest
        if verdict.done or latest is None:
            continue
        family = state.action.split(".", 1)[0]
        check = _RECHECK_FOR.get(family, "delivery_recheck")
        # A queued or pending job is the worker's move, not the agent's: it needs a later look,
        # not action now. A failed one needs a decision.
        waiting = latest.status in {"queued", "pending"} and profile.flags_repeats
        work = CandidateWork(
            kind=f"verify_{state.action.replace('.', '_')}",
            novelty="continuing",
            urgency="high" if latest.status == "failed" else "low" if waiting else "medium",
            requires_host_authorization=True,
        )
        out.append(
            Candidate(
                with_fields(work, target=state.target, evidence=latest.item.id), latest.item, check
            )
        )
    for item in ev.of_kind("focus", "reminder"):
        data = item.data or {}
        if data.get("state") not in {"open", "in_progress", "pending"} or item.id in stale_ids:
            continue
        if item.kind == "focus" and _focus_blocked(ev, item, profile):
            continue
        kind = "reminder_followup" if item.kind == "reminder" else "continue_focus"
        work = CandidateWork(
            kind=kind, novelty="continuing", urgency="low", requires_host_authorization=True
        )
        label = str(data.get("item") or data.get("reminder") or "")
        out.append(Candidate(with_fields(work, target=label, evidence=item.id), item))
    return out


def _focus_blocked(ev: Evidence, item: EvidenceItem, profile: Profile) -> bool:
    """An in-progress focus item whose action awaits a receipt is covered by the verify work."""
    for state in ev.actions_in(item.text, loose=True):
        if judge_action(state, profile).done is False:
            return True
    return False


def with_fields(work: CandidateWork, **fields: Any) -> CandidateWork:
    return CandidateWork.model_validate({**work.model_dump(), **fields})


def repeat_risks(checks: list[PriorCheck]) -> list[RepeatRisk]:
    return [
        RepeatRisk(
            kind=c.kind,
            last_verified_at=iso(c.last_at),
            reason=f"No state change since {c.heartbeat.id}",
        )
        for c in checks
        if c.unchanged
    ]


def drift_work(drift_list: list[Drift]) -> list[Candidate]:
    out: list[Candidate] = []
    for d in drift_list:
        work = CandidateWork(
            kind="provenance_review",
            novelty="new",
            urgency="high" if d.intended is not True else "medium",
            requires_host_authorization=True,
        )
        out.append(
            Candidate(
                with_fields(work, target=d.path, evidence=d.item.id), d.item, "registry_audit"
            )
        )
    return out
