"""critique: a bounded second-pass challenge of a draft. It flags, it never reopens settled work."""

from __future__ import annotations

import re
from dataclasses import dataclass

from harness.runners.reference.beliefs import messages_from, senders
from harness.runners.reference.counterclaims import counter
from harness.runners.reference.evidence import ActionState, Evidence
from harness.runners.reference.judge import describe, drifts, injected, judge_action
from harness.runners.reference.outcome import StageOutcome
from harness.runners.reference.overclaims import overclaim
from harness.runners.reference.preflight_mode import unprobed_output
from harness.runners.reference.profile import Profile
from harness.schema import Citation, Claim, CritiqueResult, EvidenceItem
from harness.text.normal import shorten, strip_html
from harness.text.prose import INTENT_WORDS, asserts_completion, is_negated, mentions_target, words
from harness.text.sentences import sentences

#: Markup that would run when the draft is rendered: publishable only once it is stripped.
_ACTIVE_MARKUP = re.compile(r"<script|javascript:|\bon[a-z]+\s*=", re.IGNORECASE)
_INTENT_WORDS = frozenset({"intended", "intentional", "deliberate", "mine", "my"})


@dataclass(frozen=True)
class SentenceCheck:
    sentence: str
    supported: bool | None  # None: the sentence asserts nothing checkable
    reason: str
    evidence: tuple[EvidenceItem, ...]


def check_sentence(
    ev: Evidence, profile: Profile, sentence: str, unproven: list[ActionState]
) -> SentenceCheck:
    tokens = words(sentence)
    completes = asserts_completion(sentence)
    states = ev.actions_in(sentence) if completes else []
    if states:
        verdicts = [judge_action(s, profile) for s in states]
        bad = [v for v in verdicts if not v.done]
        basis = tuple(v.basis for v in verdicts if v.basis is not None)
        if bad:
            return SentenceCheck(sentence, False, "; ".join(describe(v) for v in bad), basis)
        return SentenceCheck(sentence, True, "; ".join(v.reason for v in verdicts), basis)
    if {"drift", "edit", "edits", "mismatch", "mismatches"} & set(tokens) and _INTENT_WORDS & set(
        tokens
    ):
        found = drifts(ev, profile)
        doubtful = [d for d in found if d.intended is not True]
        if doubtful:
            reason = "; ".join(d.reason for d in doubtful)
            return SentenceCheck(
                sentence, False, reason, tuple(i for d in doubtful for i in d.basis)
            )
        if found:
            return SentenceCheck(sentence, True, "every drift is explained", tuple(found[0].basis))
        # No registry row shows the drift: the sentence is about someone's word on it, so it is
        # checked against that person's messages, never against an unrelated receipt.
        return _drift_word(ev, sentence, tokens)
    # A general "it is done" rides on the specific actions: unproven ones make it unsupported.
    if completes and not profile.trusts_narrative and unproven:
        return SentenceCheck(
            sentence,
            False,
            "; ".join(describe(judge_action(s, profile)) for s in unproven[:2]),
            tuple(s.latest.item for s in unproven[:2] if s.latest is not None),
        )
    return SentenceCheck(sentence, None, "", ())


def _drift_word(ev: Evidence, sentence: str, tokens: list[str]) -> SentenceCheck:
    """ "Daim approved the lesson-07 drift as mine": backed by a message from the person named
    that speaks of the same drift; with none, the sentence is left unchecked."""
    names = {t for t in tokens if any(c.isdigit() for c in t)}
    for person in senders(ev):
        if not mentions_target(tokens, person):
            continue
        for msg in reversed(messages_from(ev, person)):
            theirs = words(msg.text)
            if "drift" in theirs and names <= set(theirs) and not is_negated(theirs):
                return SentenceCheck(sentence, True, f"{msg.id} speaks of the drift", (msg,))
    return SentenceCheck(sentence, None, "", ())


def flag(ev: Evidence, check: SentenceCheck) -> Claim:
    """``Unsupported: "<draft sentence>" — <id> says "<quote>"``: the draft's words are only
    mentioned (between quotes) and disputed; what stands against them is the evidence's own words.
    The runner's reading (``check.reason``) stays in the result's missing_evidence."""
    says = "; ".join(ev.says(i, check.reason) for i in check.evidence)
    return Claim(
        text=f"Unsupported: {_mention(check.sentence)} — {says}",
        evidence=[ev.cite(i, check.reason) for i in check.evidence],
    )


def backing(ev: Evidence, check: SentenceCheck) -> Claim:
    """``Supported: <id> says "<quote>"``: a receipt proves that an act happened, not the sizes,
    rates or dates the draft sentence adds, so the claim is what the evidence says and no more."""
    says = "; ".join(ev.says(i, check.reason) for i in check.evidence)
    return Claim(
        text=f"Supported: {says}", evidence=[ev.cite(i, check.reason) for i in check.evidence]
    )


def _mention(sentence: str) -> str:
    # Inner double quotes would end the mention early; single ones read the same.
    return '"' + sentence.replace('"', "'").strip() + '"'


def _countered(ev: Evidence, check: SentenceCheck) -> SentenceCheck:
    """Someone else's later words (a denial, a bounce, a reply), and receipts or measurements
    that say less than the draft, outrank the draft's own."""
    if check.supported is False:
        return check
    found = counter(ev, check.sentence) or overclaim(ev, check.sentence)
    if found is None:
        return check
    return SentenceCheck(check.sentence, False, found.reason, found.evidence)


def _unproven_mentions(ev: Evidence, profile: Profile, draft: str) -> list[ActionState]:
    return [s for s in ev.actions_in(draft, loose=True) if not judge_action(s, profile).done]


def run(ev: Evidence, profile: Profile) -> StageOutcome:
    inv = ev.invocation
    draft = inv.subject.draft or inv.question
    ev.search(draft, kinds=("receipt", "journal", "registry", "artifact", "message"))
    unproven = _unproven_mentions(ev, profile, draft)
    checks = [check_sentence(ev, profile, s, unproven) for s in sentences(strip_html(draft))]
    if not profile.trusts_narrative:
        checks = _against_measurements(ev, profile, checks)
        checks = [_countered(ev, c) for c in checks]
    unsupported = [c for c in checks if c.supported is False]
    strengths = [f"Backed by evidence: {shorten(c.sentence, 100)}" for c in checks if c.supported]
    missing: list[str] = [f"{shorten(c.sentence, 80)} -> {c.reason}" for c in unsupported]
    risks: list[str] = []
    questions: list[str] = []
    tokens = words(draft)
    for thread in inv.constraints.closed:
        if mentions_target(tokens, thread):
            if profile.flags_repeats:
                risks.append(
                    f"The draft touches {thread}, which the host has closed; do not reopen it"
                )
            else:
                questions.append(f"Should {thread} be re-checked for replies?")
    if inv.subject.draft_kind == "message" and profile.flags_repeats:
        for state in ev.actions_in(draft, loose=True):
            if state.action == "message.send" and state.proof is not None:
                risks.append(
                    f"{state.key} already succeeded ({state.proof.item.id}); check this is not a resend"
                )
    cooling = [c for c in inv.constraints.cooldowns if c.until > inv.activation.at]
    cooled = [
        c.kind for c in cooling if mentions_target(tokens, c.kind.partition(":")[2] or c.kind)
    ]
    if cooled and profile.flags_repeats:
        risks.append(f"Under cooldown ({', '.join(cooled)}): hold until it ends")
    if _ACTIVE_MARKUP.search(draft) and profile.flags_repeats:
        risks.append("The draft carries active markup (script, event handler or javascript: link)")
    for item in injected(ev.items):
        risks.append(f"{item.id} contains instruction-like text; treated as data, not followed")
    if not profile.flags_repeats:
        for state in ev.actions():
            if state.proof is not None:
                questions.append(
                    f"Re-verify that {state.action} for {state.target} really happened?"
                )
    # The host's critique rule: a pending verification (an output present but unprobed) only
    # conditions an otherwise supported draft; it does not make it unready.
    if unsupported or (risks and any("closed" in r for r in risks)):
        recommendation = "not_ready"
    elif (
        (cooled and profile.flags_repeats)
        or (profile.flags_repeats and unprobed_output(ev) is not None)
        or any("active markup" in r for r in risks)
        or (
            not any(c.supported for c in checks)
            and any(asserts_completion(c.sentence) for c in checks)
        )
    ):
        recommendation = "conditionally_ready"
    else:
        recommendation = "ready_for_host_review"
    for c in unsupported:
        questions.append(f"Hold {shorten(c.sentence, 80)!r} until a succeeded receipt exists?")
    result = CritiqueResult(
        strengths=strengths,
        unsupported_claims=[c.sentence for c in unsupported],
        missing_evidence=missing,
        risks=risks,
        questions_for_host=questions,
        publish_or_commit_recommendation=recommendation,
    )
    claims = [flag(ev, c) for c in unsupported if c.evidence] + [
        backing(ev, c) for c in checks if c.supported and c.evidence
    ]
    summary = f"{recommendation}: {len(unsupported)} unsupported claim(s), {len(risks)} risk(s)."
    return StageOutcome(
        result=result,
        summary=summary,
        claims=claims,
        next_steps=[f"Host reviews: {q}" for q in questions[:3]],
        confidence="high" if unsupported or strengths else "medium",
        uncertainties=[] if checks else ["The draft is empty"],
    )


__all__ = ["Citation", "SentenceCheck", "backing", "check_sentence", "flag", "run"]


_POSITIVE = frozenset(
    {
        "clean",
        "ready",
        "holds",
        "hold",
        "usable",
        "confirmed",
        "passes",
        "pass",
        "every",
        "all",
        "complete",
        "correct",
        "faithful",
        "matches",
        "verified",
    }
)


def _against_measurements(
    ev: Evidence, profile: Profile, checks: list[SentenceCheck]
) -> list[SentenceCheck]:
    """A sentence that calls the subject's artifacts good, while the analysis finds anomalies,
    is unsupported; so is a present-tense claim about a target whose receipt has not succeeded."""
    from harness.runners.reference import analyze  # analyze is a sibling stage, imported lazily

    anomalies = analyze.find_anomalies(ev, profile) if ev.invocation.subject.artifacts else []
    out: list[SentenceCheck] = []
    for c in checks:
        tokens = words(c.sentence)
        if c.supported is None and anomalies and _POSITIVE & set(tokens) and not is_negated(tokens):
            detail = "; ".join(f"{a.subject}: {a.detail}" for a in anomalies[:2])
            basis = tuple(i for a in anomalies[:2] for i in a.evidence)
            out.append(SentenceCheck(c.sentence, False, detail, basis))
            continue
        if c.supported is None and not is_negated(tokens) and not INTENT_WORDS & set(tokens):
            pending = [
                s
                for s in ev.actions_in(c.sentence, need_target=True, loose=True)
                if judge_action(s, profile).done is False
            ]
            if pending:
                basis = tuple(s.latest.item for s in pending if s.latest is not None)
                reason = "; ".join(describe(judge_action(s, profile)) for s in pending)
                out.append(SentenceCheck(c.sentence, False, reason, basis))
                continue
        out.append(c)
    return out
