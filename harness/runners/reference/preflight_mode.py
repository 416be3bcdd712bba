"""preflight's recommended mode: act, wait, read or ask the host, from the candidate work, the
quiet hours and cooldowns, and the situations only the host may resolve.
"""

from __future__ import annotations

import re
from datetime import datetime, time
from typing import Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from harness.runners.reference.evidence import Evidence
from harness.runners.reference.judge import (
    Drift,
    judge_action,
)
from harness.runners.reference.preflight_host import (
    bad_output,
    delivery_unknown,
    finished_output_for_goal,
    local_retry,
    local_work_allowed,
    proven_reminder,
    queued_injection,
)
from harness.runners.reference.preflight_work import Candidate
from harness.runners.reference.profile import Profile
from harness.schema import EvidenceItem
from harness.schema.contracts import RepeatRisk
from harness.schema.package import QuietHours
from harness.text.prose import (
    action_words_in,
    mentions_target,
    words,
)

Mode = Literal["act", "wait", "read", "ask_host"]


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
