"""draft: language from verified facts only.

Only receipt-proven actions become verified facts and are stated as done; everything else is
worded as not yet confirmed and listed for host confirmation.
"""

from __future__ import annotations

from harness.runners.reference.evidence import ActionState, Evidence, iso
from harness.runners.reference.judge import describe, judge_action
from harness.runners.reference.outcome import StageOutcome
from harness.runners.reference.profile import Profile
from harness.schema import Claim, DraftResult, EvidenceItem, Fact
from harness.text.normal import shorten
from harness.text.prose import mentions_target, words


def _relevant(ev: Evidence, text: str) -> list[ActionState]:
    found = ev.actions_in(text, loose=True)
    return found or ev.actions()


def _voices(ev: Evidence, states: list[ActionState]) -> list[EvidenceItem]:
    """The latest message from someone else about the same matter: who the work waits on."""
    agent = ev.invocation.agent.lower()
    out: list[EvidenceItem] = []
    for msg in reversed(ev.of_kind("message")):
        sender = str((msg.data or {}).get("from", "")).lower()
        if sender == agent:
            continue
        tokens = words(msg.text)
        if any(mentions_target(tokens, s.target) for s in states) or any(
            t in tokens for s in states for t in s.action.split(".")
        ):
            out.append(msg)
            break
    return out


def run(ev: Evidence, profile: Profile) -> StageOutcome:
    inv = ev.invocation
    purpose = inv.subject.purpose or inv.question
    ev.search(f"{purpose} {inv.question}", kinds=("receipt", "journal", "message", "artifact"))
    states = _relevant(ev, f"{purpose} {inv.question}")
    verified: list[Fact] = []
    confirm: list[str] = []
    lines: list[str] = []
    claims: list[Claim] = []
    for state in states:
        verdict = judge_action(state, profile)
        basis = verdict.basis
        if verdict.done and basis is not None:
            cite = ev.cite(basis, f"{state.target} succeeded")
            text = f"{state.action} for {state.target} succeeded ({basis.id})"
            if profile.trusts_narrative and basis.kind == "journal":
                text = f"{state.action} for {state.target} is done, as the journal records"
            verified.append(Fact(claim=text, evidence=[cite]))
            claims.append(Claim(text=text, evidence=[cite]))
            lines.append(_done_sentence(state))
        else:
            latest = state.latest
            status = latest.status if latest else "unreceipted"
            note = f"{state.action} for {state.target}: {status}; needs a succeeded receipt before it is stated as done"
            confirm.append(note)
            lines.append(f"{state.target}: {state.action} is {status}, not yet confirmed.")
            if basis is not None:
                claims.append(Claim(text=describe(verdict), evidence=[ev.cite(basis, status)]))
    interpretations: list[str] = []
    for msg in _voices(ev, states):
        sender = str((msg.data or {}).get("from", "someone")).capitalize()
        interpretations.append(f"Next move rests with {sender}: {shorten(msg.text, 100)}")
        lines.append(f"Waiting on {sender}.")
        # Which message is the latest is the runner's ordering; the claim is what it says.
        claims.append(
            Claim(
                text=f"{sender} wrote at {iso(msg.at)}: " + ev.quoting(msg, msg.text[:40]),
                evidence=[ev.cite(msg, msg.text[:40])],
            )
        )
    draft_text = (
        " ".join(lines) or "No action in the context has a receipt yet; nothing to report as done."
    )
    result = DraftResult(
        verified_facts=list(verified),
        interpretations=interpretations,
        draft=draft_text,
        claims_needing_host_confirmation=confirm,
    )
    return StageOutcome(
        result=result,
        summary=f"Draft for {shorten(purpose, 60)!r}: {len(verified)} verified fact(s), {len(confirm)} to confirm.",
        claims=claims,
        next_steps=["Host appends or sends only after the pending actions succeed"]
        if confirm
        else [],
        confidence="high" if not confirm else "medium",
        uncertainties=confirm,
    )


def _done_sentence(state: ActionState) -> str:
    verb = {
        "message.send": "Sent the message to {t}.",
        "journal.append": "Journal entry for {t} recorded.",
        "registry.register": "Registered {t}.",
        "provenance.seal": "Sealed {t}.",
        "media.render": "Rendered {t}.",
        "media.deliver": "Delivered {t}.",
        "reminder.ack": "Acknowledged the {t} reminder.",
        "post.publish": "Published {t}.",
        "task.complete": "Completed {t}.",
        "artifact.restore": "Restored {t}.",
    }.get(state.action, "{a} for {t} completed.")
    return verb.format(t=state.target, a=state.action)
