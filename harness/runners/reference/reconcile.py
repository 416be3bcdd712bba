"""reconcile: "What is actually true right now?" An evidence-backed state card for one belief."""

from __future__ import annotations

import re
from typing import Any

from harness.runners.reference import beliefs, preflight
from harness.runners.reference.analyze import measured
from harness.runners.reference.beliefs import Finding
from harness.runners.reference.evidence import Evidence
from harness.runners.reference.judge import (
    EMPTY_SHA256,
    ActionVerdict,
    Drift,
    describe,
    drifts,
    judge_action,
    stale_fields,
)
from harness.runners.reference.outcome import StageOutcome
from harness.runners.reference.profile import Profile
from harness.schema import Claim, EvidenceItem, Fact, ReconcileResult
from harness.text.normal import shorten
from harness.text.prose import (
    COMPLETION_WORDS,
    claims_open,
    is_negated,
    keywords,
    mentions_target,
    target_tokens,
    words,
)

_DRIFT_WORDS = frozenset(
    {
        "intended",
        "intentional",
        "drift",
        "mismatch",
        "mismatches",
        "edit",
        "edits",
        "change",
        "changed",
        "corruption",
        "corrupt",
        "corrupted",
        "explained",
        "unexplained",
    }
)
#: Words that call a drift damage rather than an edit.
_DAMAGE_WORDS = frozenset({"corruption", "corrupt", "corrupted", "damage", "damaged", "unintended"})
_CLEAN_WORDS = frozenset({"zero", "clean", "match", "matches", "issues"})


def belief_of(ev: Evidence) -> str:
    return ev.invocation.subject.belief or ev.invocation.question


_CLAUSE = re.compile(r";|,\s*(?:and|but|so)\s+|\s+but\s+|:\s+")
_THREAD_OPEN = frozenset({"new", "answer", "reply", "unanswered", "owed", "owe", "waiting", "open"})
_THREAD_CLOSED = frozenset({"closed", "settled", "ended", "finished", "done"})


def clauses(belief: str) -> list[str]:
    parts = [p.strip() for p in _CLAUSE.split(belief)]
    return [p for p in parts if p]


def assess(ev: Evidence, profile: Profile, belief: str) -> list[Finding]:
    """Split the belief into the parts the context can decide, and decide each."""
    findings: list[Finding] = []
    for clause in clauses(belief):
        tokens = words(clause)
        # "No reply from X has arrived" is about X's messages, not about the agent's sends.
        about_others = beliefs.inbound(ev, clause)
        if about_others:
            findings.extend(about_others)
            continue
        negative = is_negated(tokens) or claims_open(tokens)
        # Only a clause about whether something happened is checked against receipts; "a second
        # send is not needed" is advice, not a state.
        if claims_open(tokens) or any(t in COMPLETION_WORDS for t in tokens):
            for verdict in _action_verdicts(ev, profile, clause):
                finding = _action_finding(verdict, negative)
                if _RECEPTION & set(tokens) and "sent" not in tokens and profile.checks_staleness:
                    finding = _reception_doubt(ev, finding, verdict)
                findings.append(finding)
        if not findings:
            findings.extend(_other_kinds(ev, profile, clause))
    tokens = words(belief)
    if any(t in _DRIFT_WORDS for t in tokens) and ev.of_kind("registry"):
        findings.extend(_drift_finding(d, tokens) for d in drifts(ev, profile))
    if any(t in _CLEAN_WORDS for t in tokens) and any(
        t in {"registry", "audit", "issues", "seal"} for t in tokens
    ):
        findings.extend(_registry_findings(ev))
    says_closed = bool(_THREAD_CLOSED & set(tokens)) or "nothing" in tokens
    opening = _THREAD_OPEN if not findings else _THREAD_OPEN - {"reply", "answer"}
    says_open = bool(opening & set(tokens)) and not says_closed
    if says_open or says_closed:
        findings.extend(_thread_findings(ev, profile, tokens, says_open))
    findings.extend(_unusable_outputs(ev, profile, findings, tokens))
    if not findings:
        findings.extend(_named_target(ev, profile, belief))
    return findings


def _other_kinds(ev: Evidence, profile: Profile, clause: str) -> list[Finding]:
    """Beliefs about what someone said, a waiting window, a thread, the workload, a measurement."""
    for rule in (beliefs.said, beliefs.waiting):
        found = rule(ev, clause)
        if found:
            return found
    found = beliefs.thread_state(ev, profile, clause)
    if found:
        return found
    found = beliefs.needs_action(ev, profile, clause, preflight.pending_work, preflight.unanswered)
    if found:
        return found
    return measured(ev, profile, clause)


_RECEPTION = frozenset({"has", "have", "received", "reached", "read", "got", "heard", "arrived"})
#: Feedback after a send that says nobody can vouch for its reception.
_NOT_RECEIVED = re.compile(
    r"could not be delivered|undeliverable|delivery fail|mailbox full|bounced|auto-?reply|"
    r"out of (the )?office",
    re.IGNORECASE,
)


def _reception_doubt(ev: Evidence, finding: Finding, verdict: ActionVerdict) -> Finding:
    """A succeeded send proves the message left, not that it was received or read: a later bounce
    or auto-reply about that recipient leaves reception undecided."""
    proof = verdict.state.proof
    if verdict.state.action != "message.send" or proof is None or finding.holds is None:
        return finding
    for msg in ev.of_kind("message"):
        if msg.at < proof.at or not _NOT_RECEIVED.search(msg.text):
            continue
        sender = str((msg.data or {}).get("from", ""))
        if mentions_target(words(f"{sender} {msg.text}"), verdict.state.target):
            claim = f"{proof.item.id} left the outbox, but {msg.id} reports it was not received"
            return Finding(claim, None, (proof.item, msg), "delivered")
    return finding


def _named_target(ev: Evidence, profile: Profile, belief: str) -> list[Finding]:
    """Last resort: a belief that names a target without a verb of completion ("Ines already has
    my message", "Marguerite has not heard from me") is judged on that target's receipts."""
    tokens = words(belief)
    negative = is_negated(tokens) or claims_open(tokens)
    states = ev.actions_in(belief, loose=True, need_target=True)
    out: list[Finding] = []
    for state in states:
        verdict = judge_action(state, profile)
        finding = _action_finding(verdict, negative)
        if _RECEPTION & set(tokens) and profile.checks_staleness:
            finding = _reception_doubt(ev, finding, verdict)
        out.append(finding)
    return out


_USABLE = frozenset({"usable", "ready", "finished", "complete", "intact", "good"})


def _unusable_outputs(
    ev: Evidence, profile: Profile, findings: list[Finding], tokens: list[str]
) -> list[Finding]:
    """A job's receipt can succeed while its output is empty: "usable" needs the output too."""
    if profile.trusts_narrative or not _USABLE & set(tokens):
        return []
    out: list[Finding] = []
    for item in ev.of_kind("artifact"):
        data = item.data or {}
        m = data.get("measurements") or {}
        empty = data.get("sha256") == EMPTY_SHA256 or (isinstance(m, dict) and m.get("bytes") == 0)
        if empty and any(
            mentions_target(words(item.text + " " + item.id), f.focus.split()[0])
            for f in findings
            if f.focus
        ):
            out.append(
                Finding(f"{item.id}: the output is empty, so not usable", False, (item,), "0 bytes")
            )
    return out


def _action_verdicts(ev: Evidence, profile: Profile, belief: str) -> list[ActionVerdict]:
    states = ev.actions_in(belief, loose=True)
    if not profile.checks_staleness:
        # Reading a UI field as current: an open focus item answers "is it unfinished?" by itself.
        states = [s for s in states if not _focus_says_open(ev, s.target)] or states
    return [judge_action(s, profile) for s in states]


def _focus_says_open(ev: Evidence, target: str) -> bool:
    for item in ev.of_kind("focus"):
        state = (item.data or {}).get("state")
        if state in {"open", "in_progress"} and mentions_target(words(item.text), target):
            return True
    return False


def _action_finding(verdict: ActionVerdict, negative: bool) -> Finding:
    basis = (verdict.basis,) if verdict.basis is not None else ()
    # A negative belief ("never sent", "still open") holds exactly when the action is not done.
    holds = None if verdict.done is None else (verdict.done != negative)
    status = verdict.state.latest.status if verdict.state.latest else verdict.state.action
    return Finding(describe(verdict), holds, basis, f"{verdict.state.target} {status}")


def _drift_finding(drift: Drift, tokens: list[str]) -> Finding:
    """Polarity follows the belief: "is corruption" holds when the drift is not intended;
    "is explained" fails on an unexplained drift (no note explains it), while "is intended" about
    an unexplained drift stays undecided."""
    holds = drift.intended
    if _DAMAGE_WORDS & set(tokens):
        holds = None if drift.intended is None else not drift.intended
    elif "unexplained" in tokens:
        holds = drift.intended is not True
    elif "explained" in tokens and drift.intended is None:
        holds = False
    note = f"{drift.path}: {drift.reason}" if drift.intended is None else ""
    return Finding(drift.claim, holds, drift.basis, drift.name, note)


def _registry_findings(ev: Evidence) -> list[Finding]:
    out: list[Finding] = []
    for item in ev.of_kind("registry"):
        data = item.data or {}
        expected, actual = data.get("expected_sha256"), data.get("actual_sha256")
        if not expected or not actual:
            continue
        path = str(data.get("path", item.id))
        if expected == actual:
            out.append(Finding(f"{path} matches its registered digest", True, (item,), "issues"))
        else:
            out.append(Finding(f"{path} differs from its registered digest", False, (item,), path))
    return out


def _thread_findings(
    ev: Evidence, profile: Profile, tokens: list[str], negative: bool
) -> list[Finding]:
    out: list[Finding] = []
    for thread in ev.invocation.constraints.closed:
        names = target_tokens(thread)
        if not names or names[0] not in tokens:
            continue
        messages = [m for m in ev.of_kind("message") if (m.data or {}).get("thread") == thread]
        if not messages:
            continue
        last = messages[-1]
        reopened = bool((last.data or {}).get("unread"))
        if not profile.flags_repeats:
            # Re-checking a settled thread: nothing counts as closed until looked at again.
            out.append(Finding(f"{thread} may have news; check again", None, (last,), thread))
            continue
        closed = not reopened
        holds = (not closed) if negative else closed
        # The cited claim is what the last message says; that the host closed the thread comes
        # from the constraints, not from the message, so it travels as a note.
        focus = " ".join(keywords(last.text)[:3])
        claim = f"In {thread}, " + ev.says(last, focus)
        note = f"{thread} is closed by the host" + (
            f"; {last.id} is unread" if reopened else "; no message in it is newer"
        )
        evidence: tuple[EvidenceItem, ...] = (last,)
        later = [b for b in ev.of_kind("heartbeat") if b.at > last.at]
        if later:
            evidence += (later[-1],)
        out.append(Finding(claim, holds, evidence, focus, note))
    return out


def status_of(findings: list[Finding]) -> str:
    decided = [f.holds for f in findings]
    if any(h is False for h in decided):
        return "contradicted"
    if decided and all(h is True for h in decided):
        return "supported"
    return "ambiguous"


def _fact(ev: Evidence, finding: Finding) -> Fact:
    cites = [ev.cite(item, finding.focus) for item in finding.evidence]
    return Fact(claim=finding.claim, evidence=cites, holds=finding.holds)


def _conflicts(ev: Evidence, profile: Profile) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    if profile.trusts_narrative:
        return out
    for state in ev.actions():
        latest = state.latest
        if state.assertions and state.proof is None:
            entry = state.assertions[-1].item
            against = latest.item.id if latest else None
            out.append(
                {
                    "about": state.key,
                    "claims_done": entry.id,
                    "shows_not_done": against,
                    "resolution": (
                        f"receipt {against} ({latest.status}) outranks the journal"
                        if latest
                        else "no receipt proves it; the journal alone is not proof"
                    ),
                }
            )
    return out


def run(ev: Evidence, profile: Profile) -> StageOutcome:
    belief = belief_of(ev)
    ev.search(belief, kinds=("receipt", "registry", "artifact", "journal", "focus", "message"))
    findings = assess(ev, profile, belief)
    status = status_of(findings)
    if not findings:
        # Nothing structured decides the belief: report the closest items as context only.
        for item in ev.search(belief, limit=2):
            findings.append(
                Finding(f"Related evidence: {shorten(item.text, 90)}", None, (item,), belief)
            )
    facts = [_fact(ev, f) for f in findings]
    stale = stale_fields(ev) if profile.checks_staleness else []
    staleness_flags = [
        {"field": s.field.id, "superseded_by": s.newer.id, "reason": s.reason} for s in stale
    ]
    conflicts = _conflicts(ev, profile)
    undecided = [f for f in findings if f.holds is None]
    next_check = _next_check(findings, status)
    result = ReconcileResult(
        status=status,
        facts=facts,
        conflicts=conflicts,
        staleness_flags=staleness_flags,
        recommended_next_check=next_check,
    )
    claims = [Claim(text=f.claim, evidence=list(f.evidence)) for f in facts if f.evidence]
    uncertainties = [f"Undecided: {f.claim}" for f in undecided]
    uncertainties += [f.note for f in findings if f.note]
    summary = f"Belief {shorten(belief, 80)!r} is {status}: " + "; ".join(
        shorten(f.claim, 80) for f in findings[:3]
    )
    return StageOutcome(
        result=result,
        summary=summary,
        claims=claims,
        next_steps=[next_check] if next_check else [],
        confidence="high"
        if status != "ambiguous" and not undecided
        else "medium"
        if findings
        else "low",
        uncertainties=uncertainties,
    )


def _next_check(findings: list[Finding], status: str) -> str | None:
    if status == "supported":
        return None
    for f in findings:
        if f.holds is None:
            return f"Host to confirm: {shorten(f.claim, 100)}"
    for f in findings:
        if f.holds is False and f.evidence and f.evidence[0].kind == "receipt":
            return f"Re-read receipt {f.evidence[0].id} once it leaves its current state"
    return None
