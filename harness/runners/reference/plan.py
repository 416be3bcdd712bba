"""plan: turn an approved goal into staged steps; every write, send or registry verb is proposed."""

from __future__ import annotations

import re

from harness.runners.reference import plan_guards as guards
from harness.runners.reference.beliefs import senders
from harness.runners.reference.evidence import Evidence
from harness.runners.reference.judge import drifts
from harness.runners.reference.outcome import StageOutcome
from harness.runners.reference.profile import Profile
from harness.runners.reference.relevance import quoted
from harness.schema import Claim, EvidenceItem, PlanResult, PlanStep
from harness.text.normal import shorten
from harness.text.prose import mentions_target, words

#: Goal words that call for a host-side write, the verb it needs, and the decision it asks for.
_WRITES: tuple[tuple[frozenset[str], str, str], ...] = (
    (
        frozenset({"register", "registration", "intended"}),
        "registry.register",
        "Host approval needed: registry.register for {t} (the changed bytes become the registered ones)",
    ),
    (
        frozenset({"seal", "reseal", "resealed", "repair"}),
        "provenance.seal",
        "Host approval needed: provenance.seal over {t} as it now stands",
    ),
    (
        frozenset({"restore", "restored", "restoring", "revert"}),
        "artifact.restore",
        "Host approval needed: artifact.restore of {t} from the snapshot copy",
    ),
    (
        frozenset({"send", "resend", "reply", "message", "dm", "respond", "answer"}),
        "message.send",
        "Host approval needed: message.send to {t}",
    ),
    (
        frozenset({"rerender", "retry", "render"}),
        "media.render",
        "Host approval needed: media.render of {t}, run again",
    ),
    (
        frozenset({"deliver", "redeliver", "delivery"}),
        "media.deliver",
        "Host approval needed: media.deliver of {t}",
    ),
    (
        frozenset({"publish", "post", "share"}),
        "post.publish",
        "Host approval needed: post.publish of {t}",
    ),
    (frozenset({"journal"}), "journal.append", "Host approval needed: journal.append about {t}"),
    (
        frozenset({"acknowledge", "ack"}),
        "reminder.ack",
        "Host approval needed: reminder.ack of {t}",
    ),
)
#: Verbs a plan may only ever propose, whatever the goal's wording.
WRITE_VERBS = frozenset(v for _, v, _ in _WRITES) | {
    "registry.mutate",
    "focus.mutate",
    "task.complete",
    "artifact.publish",
    "schedule.modify",
    "memory.write",
    "session.write",
    "payment.send",
}


#: A job or file named in the goal: "render-0431", "lattice-print-0903", "ledger/2026-q3.ledger".
_NAMED = re.compile(r"[\w.-]*/[\w./-]+|\b[a-z]+(?:-[a-z0-9]+)*-\d+[a-z0-9-]*\b", re.IGNORECASE)


def _target(ev: Evidence, goal: str) -> str:
    subject = ev.invocation.subject
    for ref in subject.artifacts:
        tail = ref.path.split("input/", 1)[-1]
        if "snapshot" not in tail and tail in goal:
            return tail
    named = _NAMED.findall(goal)
    if named:
        return str(named[0]).strip(".,;:")
    states = ev.actions_in(goal, loose=True)
    if states:
        return states[0].target
    for token in goal.split():
        if "/" in token or "-" in token:
            return token.strip(".,;:")
    return "the goal's subject"


#: Writes that go to someone: the decision names the person, not the job.
_TO_SOMEONE = frozenset({"message.send", "media.deliver"})


def _recipient(ev: Evidence, goal: str, fallback: str) -> str:
    tokens = words(goal)
    for person in senders(ev):
        if mentions_target(tokens, person):
            return person
    for state in ev.actions_in(goal, loose=True, need_target=True):
        if state.action in _TO_SOMEONE:
            return state.target
    return fallback


def _phrase(verb: str, tokens: set[str], decision: str) -> str:
    """The host names a decision by the goal's own verb: "Retry X" asks to approve a retry."""
    if verb == "media.render" and "retry" in tokens:
        return "Host approval needed: media.render of {t} again (a retry)"
    if verb == "media.deliver" and tokens & {"redeliver", "redelivery"}:
        return "Host approval needed: media.deliver to {t} again"
    if verb == "message.send" and "resend" in tokens:
        return "Host approval needed: message.send to {t} again"
    if verb == "artifact.restore" and "backup" in tokens:
        return "Host approval needed: artifact.restore of {t} from its backup"
    return decision


def run(ev: Evidence, profile: Profile) -> StageOutcome:
    inv = ev.invocation
    goal = inv.subject.goal or inv.question
    tokens = set(words(goal))
    target = _target(ev, goal)
    ev.search(goal, kinds=("registry", "receipt", "artifact", "message", "journal"))
    drift_words = "drift" in tokens
    steps: list[PlanStep] = [
        PlanStep(
            id="audit",
            capability="registry.audit"
            if drift_words or "provenance" in tokens
            else "artifact.read",
            mode="read",
            acceptance=f"Current state of {target} read and the exact differences identified",
        ),
    ]
    decisions: list[str] = []
    writes: list[str] = []
    for vocab, verb, decision in _WRITES:
        if not tokens & vocab:
            continue
        if verb == "registry.register" and not (
            tokens & {"register", "registration"} or ("intended" in tokens and drift_words)
        ):
            continue
        if (
            verb == "provenance.seal"
            and "repair" in tokens
            and not (drift_words or "provenance" in tokens)
        ):
            continue
        decision = _phrase(verb, tokens, decision)
        where = _recipient(ev, goal, target) if verb in _TO_SOMEONE else target
        writes.append(verb)
        steps.append(
            PlanStep(
                id=verb.split(".")[-1],
                capability=verb,
                mode="proposed-write",
                acceptance=f"Host approves: {decision.format(t=where)}",
            )
        )
        decisions.append(decision.format(t=where))
    judgements: list[str] = []
    extras = guards.host_decisions(ev, profile, goal)
    for extra in extras:
        if extra.capability is None:
            judgements.append(extra.text)
            continue
        if extra.capability in writes:
            # The context names exactly what the write acts on; the goal's wording did not.
            at = writes.index(extra.capability)
            decisions[at] = extra.text
            step = next(s for s in steps if s.capability == extra.capability)
            step.acceptance = f"Host approves: {extra.text}"
            continue
        writes.append(extra.capability)
        decisions.append(extra.text)
        steps.append(
            PlanStep(
                id=extra.capability.replace(".", "-"),
                capability=extra.capability,
                mode="proposed-write",
                acceptance=f"Host approves: {extra.text}",
            )
        )
    decisions = judgements + decisions
    if any(w in tokens for w in ("restore", "prepare", "candidate", "report", "write", "stage")):
        steps.insert(
            1,
            PlanStep(
                id="prepare",
                capability="artifact.write",
                mode="read",
                acceptance="Candidate output written under output/ only and declared",
            ),
        )
    steps.append(
        PlanStep(
            id="verify",
            capability="registry.audit"
            if drift_words or "provenance" in tokens
            else "evidence.search",
            mode="read",
            acceptance="Verification shows the intended end state with zero unexplained issues",
        )
    )
    if not profile.flags_repeats:
        # Re-verify what receipts already settle, as the seed's rechecking loops did.
        for state in ev.actions():
            if state.proof is not None:
                steps.append(
                    PlanStep(
                        id=f"recheck-{len(steps)}",
                        capability="evidence.search",
                        mode="read",
                        acceptance=f"Re-confirm {state.action} for {state.target}",
                    )
                )
    unexplained = [d for d in drifts(ev, profile) if d.intended is not True]
    stops = [
        "Unexpected paths differ from the audit",
        "Any step would need a verb outside the manifest",
    ]
    if unexplained and profile.flags_repeats and "registry.register" in writes:
        stops.append(
            "Drift on "
            + ", ".join(d.path for d in unexplained)
            + " is not explained; do not register it"
        )
    if "provenance.seal" in writes:
        stops.append("External timestamping required")
    closed = inv.constraints.closed
    if closed:
        stops.append("Any step would reopen " + ", ".join(closed))
    result = PlanResult(
        goal=goal, steps=steps, stop_conditions=stops, host_decisions_required=decisions
    )
    claims = [
        Claim(text=d.claim, evidence=[ev.cite(i, d.name) for i in d.basis])
        for d in drifts(ev, profile)
    ]
    # What each host decision rests on, in the evidence's own (quoted) words.
    basis: list[EvidenceItem] = []
    for x in extras:
        basis += [i for i in x.evidence if all(i is not b for b in basis)]
    claims += [Claim(text=f"{i.id} reads: {quoted(i)}", evidence=[ev.cite(i)]) for i in basis]
    summary = f"Plan for {shorten(goal, 80)!r}: {len(steps)} steps, {len(writes)} proposed write(s) for the host."
    return StageOutcome(
        result=result,
        summary=summary,
        claims=claims,
        next_steps=[f"Host decision: {d}" for d in decisions],
        confidence="medium",
        uncertainties=[f"{d.path}: {d.reason}" for d in unexplained],
    )
