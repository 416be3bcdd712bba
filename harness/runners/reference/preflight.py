"""preflight: "Is a new action warranted?" Inventory, candidate work, repeat risk and a mode.

The mode is a recommendation; the host decides whether to wake, act, rest, read or respond.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, time
from typing import Any, Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from harness.runners.reference.evidence import Evidence, iso
from harness.runners.reference.judge import (
    Drift,
    PriorCheck,
    drifts,
    judge_action,
    prior_checks,
    stale_fields,
)
from harness.runners.reference.outcome import StageOutcome
from harness.runners.reference.preflight_host import (
    bad_output,
    delivery_unknown,
    finished_output_for_goal,
    local_retry,
    local_work_allowed,
    proven_reminder,
    queued_injection,
)
from harness.runners.reference.profile import Profile
from harness.schema import Claim, EvidenceItem, PreflightResult
from harness.schema.contracts import CandidateWork, Inventory, RepeatRisk
from harness.schema.package import QuietHours
from harness.text.normal import shorten
from harness.text.prose import (
    action_words_in,
    asks_before_injection,
    looks_like_injection,
    mentions_target,
    words,
)

Mode = Literal["act", "wait", "read", "ask_host"]

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


@dataclass
class Candidate:
    work: CandidateWork
    basis: EvidenceItem
    check: str | None = None


def in_quiet_hours(at: datetime, quiet: QuietHours | None) -> bool:
    if quiet is None:
        return False
    try:
        local = at.astimezone(ZoneInfo(quiet.tz)).time()
    except (ZoneInfoNotFoundError, ValueError):
        local = at.time()
    start, end = time.fromisoformat(quiet.start), time.fromisoformat(quiet.end)
    if start <= end:
        return start <= local < end
    return local >= start or local < end  # the window wraps past midnight


def active_cooldowns(ev: Evidence) -> list[str]:
    at = ev.invocation.activation.at
    return [c.kind for c in ev.invocation.constraints.cooldowns if c.until > at]


def _candidates(ev: Evidence, profile: Profile, stale_ids: set[str]) -> list[Candidate]:
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
                _extra(work, target=thread or str(data.get("from", "")), evidence=msg.id), msg
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
                _extra(work, target=state.target, evidence=latest.item.id), latest.item, check
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
        out.append(Candidate(_extra(work, target=label, evidence=item.id), item))
    return out


def _focus_blocked(ev: Evidence, item: EvidenceItem, profile: Profile) -> bool:
    """An in-progress focus item whose action awaits a receipt is covered by the verify work."""
    for state in ev.actions_in(item.text, loose=True):
        if judge_action(state, profile).done is False:
            return True
    return False


def _extra(work: CandidateWork, **fields: Any) -> CandidateWork:
    return CandidateWork.model_validate({**work.model_dump(), **fields})


def _repeat_risks(checks: list[PriorCheck]) -> list[RepeatRisk]:
    return [
        RepeatRisk(
            kind=c.kind,
            last_verified_at=iso(c.last_at),
            reason=f"No state change since {c.heartbeat.id}",
        )
        for c in checks
        if c.unchanged
    ]


def _drift_work(drift_list: list[Drift]) -> list[Candidate]:
    out: list[Candidate] = []
    for d in drift_list:
        work = CandidateWork(
            kind="provenance_review",
            novelty="new",
            urgency="high" if d.intended is not True else "medium",
            requires_host_authorization=True,
        )
        out.append(
            Candidate(_extra(work, target=d.path, evidence=d.item.id), d.item, "registry_audit")
        )
    return out


def decide(
    ev: Evidence,
    profile: Profile,
    candidates: list[Candidate],
    risks: list[RepeatRisk],
    drift_list: list[Drift],
) -> tuple[Mode, str]:
    inv = ev.invocation
    injected = queued_injection(ev) if profile.flags_repeats else None
    if injected is not None:
        return (
            "ask_host",
            f"{injected.id} carries an injected instruction; the host removes its source",
        )
    if in_quiet_hours(inv.activation.at, inv.constraints.quiet_hours):
        rule = local_work_allowed(ev) if profile.flags_repeats else None
        if rule is not None:
            return "act", f"local work reaches no one; {rule.id} does not hold it in quiet hours"
        urgent = [c for c in candidates if c.work.kind == "reply_message" and _pressing(c.basis)]
        if urgent and profile.flags_repeats:
            return (
                "ask_host",
                f"{urgent[0].basis.id} is urgent inside quiet hours; the host decides",
            )
        return "wait", "inside quiet hours"
    cooling = set(active_cooldowns(ev))
    live = [c for c in candidates if not _cooled(c, cooling)]
    if cooling and (_question_cooled(ev, cooling) or (candidates and not live)):
        return "wait", f"the matter is under cooldown ({', '.join(sorted(cooling))})"
    if profile.flags_repeats:
        decision = _host_decision(ev, profile, drift_list)
        if decision:
            return "ask_host", decision
    if any(c.work.kind in {"reply_message", "reopened_thread"} for c in live):
        return "act", "an unread message is waiting"
    if profile.flags_repeats:
        ready = _approved_work(ev)
        if ready:
            return "act", ready
    if any(c.work.novelty == "repeat" for c in live):
        return "act", "re-verify earlier checks"
    if any(c.work.urgency != "low" for c in live):
        return "act", "new or unfinished work with fresh evidence"
    awaited = _awaiting(ev)
    if awaited is not None:
        return "wait", f"{awaited.id}: the next move is someone else's"
    if profile.flags_repeats:
        held = _held(ev, profile)
        if held:
            return "wait", held
    if profile.flags_repeats or _reading_habit(ev):
        # Settled and quiet: the host's rule is to read rather than recheck a settled matter.
        return "read", "work and correspondence are settled; reading is the agent's rest"
    return "wait", "nothing new since the last verification" if risks else "nothing warrants action"


def _approved_work(ev: Evidence) -> str | None:
    """Work the context already makes ready for the agent itself (not the host), unless the WIP
    limit is full."""
    limit = ev.invocation.constraints.wip_limit
    if limit is not None and _open_count(ev) >= limit:
        return None
    proven = proven_reminder(ev)
    if proven is not None:
        return f"{proven[0].id} is pending but {proven[1].id} already proves it: acknowledge, never resend"
    output = finished_output_for_goal(ev)
    if output is not None:
        return f"{output.id} is finished and the approved goal builds on it"
    for state in ev.actions():
        latest = state.latest
        if latest is not None and latest.status == "failed" and local_retry(state):
            return f"{latest.item.id} failed locally; re-running it reaches no one"
    return None


def _held(ev: Evidence, profile: Profile) -> str | None:
    """Why a heartbeat with nothing to act on is still a wait rather than settled reading."""
    if active_cooldowns(ev):
        # A cooldown still running means the matter is not settled, only paused.
        return f"cooldown running ({', '.join(sorted(active_cooldowns(ev)))})"
    limit = ev.invocation.constraints.wip_limit
    if limit is not None and _open_count(ev) >= limit:
        return f"the WIP limit ({limit}) is full"
    in_flight = _in_flight(ev, profile)
    if in_flight is not None:
        return f"{in_flight.id} is with a worker; looking again changes nothing"
    unprobed = unprobed_output(ev)
    if unprobed is not None:
        return f"{unprobed.id} awaits a probe the worker could not run yet"
    return None


def _open_count(ev: Evidence) -> int:
    return sum(
        1
        for i in ev.of_kind("focus", "reminder")
        if (i.data or {}).get("state") in {"open", "in_progress", "pending"}
    )


def unprobed_output(ev: Evidence) -> EvidenceItem | None:
    """An output present but not yet measured: verification is pending with the probe worker."""
    for item in ev.of_kind("artifact"):
        measured = (item.data or {}).get("measurements")
        if isinstance(measured, dict) and measured.get("probe") in {"unavailable", "pending"}:
            return item
    return None


def _in_flight(ev: Evidence, profile: Profile) -> EvidenceItem | None:
    """The agent's own action still queued or pending with a worker (not yet done or failed)."""
    for state in ev.actions():
        latest = state.latest
        if latest is None or judge_action(state, profile).done:
            continue
        if latest.status in {"queued", "pending"}:
            return latest.item
    return None


_ACTIVE_MARKUP = re.compile(r"<script|javascript:|\bon[a-z]+\s*=", re.IGNORECASE)
_PRESSING = re.compile(r"\burgent\b|\basap\b|\bemergency\b|\bbefore \d{1,2}:\d{2}\b", re.I)


def _pressing(item: EvidenceItem) -> bool:
    return _PRESSING.search(item.text) is not None


def _question_cooled(ev: Evidence, cooling: set[str]) -> bool:
    text = f"{ev.invocation.question} {ev.invocation.subject.draft or ''} {ev.invocation.subject.goal or ''}"
    tokens = words(text)
    for kind in cooling:
        action, _, target = kind.partition(":")
        if target and mentions_target(tokens, target):
            return True
        if not target and action_words_in(tokens, action):
            return True
        # A cooldown on a kind of check ("registry_audit") covers a question that names it.
        if not target and "." not in action and mentions_target(tokens, action):
            return True
    return False


def _host_decision(ev: Evidence, profile: Profile, drift_list: list[Drift]) -> str | None:
    """Situations only the host may resolve: retries, duplicates, unexplained drift, stale fields."""
    if any(d.intended is not True for d in drift_list):
        return "registry drift whose intent only the host can confirm"
    if drift_list:
        # Even an explained edit leaves the registry naming old bytes: declaring it intended
        # (and registering it) is the host's act, not the agent's.
        return "registry drift the host must declare intended before it is registered"
    unknown = delivery_unknown(ev)
    if unknown is not None:
        return (
            f"{unknown.id}: delivery state unknown; only the host can establish whether it arrived"
        )
    output = bad_output(ev)
    if output is not None:
        return f"{output[1]}; a retry or redelivery is the host's call"
    for state in ev.actions():
        latest = state.latest
        if latest is None:
            continue
        if latest.status == "failed" and not local_retry(state):
            return f"{latest.item.id} failed; a retry is the host's call"
        earlier = [r for r in state.receipts[:-1] if r.succeeded]
        if latest.status in {"queued", "pending"} and earlier:
            return f"{latest.item.id} would repeat {earlier[-1].item.id}, which already succeeded"
    return None


_AWAITING = re.compile(
    r"\bno reply from \w+ yet\b|\bwaiting (on|for) (a |the )?\w+|"
    r"\bawaiting (a |the )?(reply|answer|worker)|\bpromised\b",
    re.IGNORECASE,
)


def _awaiting(ev: Evidence) -> EvidenceItem | None:
    """The agent's latest own note says someone else (a person, a worker slot) has the next move:
    looking again changes nothing, so wait rather than read."""
    notes = ev.of_kind("heartbeat", "session")
    if notes and _AWAITING.search(notes[-1].text):
        return notes[-1]
    return None


_READING = frozenset({"read", "reading", "book", "chapter", "essay", "reread", "library"})


def _reading_habit(ev: Evidence) -> bool:
    if _READING & set(words(ev.invocation.question)):
        return True  # the host itself weighs reading against other work
    for item in ev.of_kind("heartbeat", "session", "memory", "history", "focus"):
        data = item.data or {}
        label = str(data.get("item", ""))
        if data.get("outcome") == "read" or _READING & set(words(f"{item.text} {label}")):
            return True
    return False


def _cooled(c: Candidate, cooling: set[str]) -> bool:
    kind = c.work.kind
    return kind in cooling or (c.check in cooling) or any(k in kind for k in cooling)


def run(ev: Evidence, profile: Profile) -> StageOutcome:
    inv = ev.invocation
    ev.search(
        f"{inv.activation.kind} {inv.activation.cause} {inv.question}",
        kinds=("heartbeat", "message", "receipt", "focus", "reminder"),
    )
    stale = stale_fields(ev) if profile.checks_staleness else []
    stale_ids = {s.field.id for s in stale}
    drift_list = drifts(ev, profile)
    candidates = _candidates(ev, profile, stale_ids)
    checks = prior_checks(ev)
    if profile.flags_repeats:
        risks = _repeat_risks(checks)
        # A check that would be repeated with nothing new is a risk, not work.
        unchanged = {r.kind for r in risks}
        candidates = [c for c in candidates if c.check not in unchanged or c.work.urgency == "high"]
        candidates += [c for c in _drift_work(drift_list) if c.check not in unchanged]
    else:
        risks = []
        candidates += _drift_work(drift_list)
        for c in checks:
            # Re-verify whatever was verified before, changed or not.
            work = CandidateWork(
                kind=c.kind, novelty="repeat", urgency="medium", requires_host_authorization=False
            )
            candidates.append(Candidate(_extra(work, evidence=c.heartbeat.id), c.heartbeat, c.kind))
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
    found = [c for c in _candidates(ev, profile, stale_ids) if c.work.urgency != "low"]
    found += [c for c in _drift_work(drifts(ev, profile)) if c.work.urgency == "high"]
    return [c.basis for c in found]


def unanswered(ev: Evidence, profile: Profile) -> list[EvidenceItem]:
    """Unread messages that would need a reply (closed threads stay closed)."""
    return [c.basis for c in _candidates(ev, profile, set()) if c.work.kind == "reply_message"]
