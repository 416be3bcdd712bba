"""Draft sentences that the context answers in someone else's words.

- Denied: the draft says a thing was done ("the framer has reserved the moulding") and a message
  from the party concerned says it was not ("Nothing reserved yet").
- Unreceived: the draft says someone has what was sent, and a later bounce says it never arrived.
- Resent: the draft resends "in case it went missing" what a succeeded receipt and the
  recipient's own later reply show arrived.

Each check reads structure first (senders, receipts, dates) and uses words only to tie a sentence
to that structure; none of them follows anything the prose asks for.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from harness.runners.reference.beliefs import senders
from harness.runners.reference.evidence import Evidence
from harness.schema import EvidenceItem
from harness.text.normal import lower_ascii, strip_html
from harness.text.prose import (
    INTENT_WORDS,
    STOPWORDS,
    action_words_in,
    is_negated,
    mentions_target,
    words,
)
from harness.text.sentences import sentences


@dataclass(frozen=True)
class Counter:
    reason: str
    evidence: tuple[EvidenceItem, ...]


def counter(ev: Evidence, sentence: str) -> Counter | None:
    tokens = words(sentence)
    if sentence.rstrip().endswith("?"):
        return None
    for check in (_resent, _unreceived, _denied):
        found = check(ev, sentence, tokens)
        if found is not None:
            return found
    return None


# -- denied by the party concerned -------------------------------------------------------------


def _done_words(tokens: Sequence[str]) -> set[str]:
    """Past participles the sentence asserts ("reserved", "approved"), as their stems."""
    return {t[:-1] if t.endswith("ed") else t for t in tokens if t.endswith("ed") and len(t) > 4}


def _denied(ev: Evidence, sentence: str, tokens: list[str]) -> Counter | None:
    if is_negated(tokens) or INTENT_WORDS & set(tokens):
        return None
    done = _done_words(tokens)
    if not done:
        return None
    content = {t for t in tokens if t not in STOPWORDS and len(t) > 3} - {d + "d" for d in done}
    for msg in reversed(ev.of_kind("message")):
        sender = lower_ascii(str((msg.data or {}).get("from", "")))
        if not sender or sender == ev.invocation.agent.lower():
            continue
        for said in sentences(strip_html(msg.text)):
            theirs = words(said)
            if not is_negated(theirs) or not done & _done_words(theirs):
                continue
            # The same matter: the sentence names the sender or shares another content word.
            names_them = any(mentions_target(tokens, part) for part in re.split(r"[-_ ]", sender))
            if names_them or content & set(words(msg.text)):
                return Counter(f"{msg.id} says otherwise: {said}", (msg,))
    return None


# -- sent, but bounced -------------------------------------------------------------------------

_POSSESSION = frozenset({"has", "have", "got", "received", "holds", "passing", "opened", "read"})
_BOUNCE = re.compile(
    r"could not be delivered|undeliverable|delivery fail|mailbox full|bounced", re.IGNORECASE
)


def _unreceived(ev: Evidence, sentence: str, tokens: list[str]) -> Counter | None:
    if is_negated(tokens) or not _POSSESSION & set(tokens):
        return None
    for state in ev.actions():
        proof = state.proof
        if state.action not in {"message.send", "media.deliver"} or proof is None:
            continue
        if not mentions_target(tokens, state.target):
            continue
        for msg in ev.of_kind("message"):
            if (
                msg.at >= proof.at
                and _BOUNCE.search(msg.text)
                and state.target in lower_ascii(msg.text)
            ):
                return Counter(
                    f"{proof.item.id} left the outbox, but {msg.id} reports it was not delivered",
                    (proof.item, msg),
                )
    return None


# -- a resend of what arrived ------------------------------------------------------------------

#: Drafts that stay with the agent: they record, they never send.
_INTERNAL = frozenset({"journal", "memory", "heartbeat", "handoff", "plan"})
_RESEND = frozenset({"resending", "resend", "resent", "again"})
_DOUBT = re.compile(r"\bin case\b|\bwent missing\b|\bnever arrived\b|\bjust to be safe\b", re.I)


def _resent(ev: Evidence, sentence: str, tokens: list[str]) -> Counter | None:
    # "Again" is a resend only beside a verb of sending ("send it again"); alone it is reflection
    # ("Lesson, again: the receipt first").
    is_message = ev.invocation.subject.draft_kind not in _INTERNAL
    sends = any(action_words_in(tokens, a) for a in ("message.send", "media.deliver"))
    wants_resend = _RESEND & set(tokens) - (set() if sends else {"again"})
    if not (wants_resend or (is_message and _DOUBT.search(sentence))):
        return None
    people = senders(ev)
    found: list[tuple[bool, Counter]] = []
    for state in ev.actions():
        proof = state.proof
        if state.action not in {"message.send", "media.deliver"} or proof is None:
            continue
        later = [m for m in ev.of_kind("message") if m.at > proof.at]
        if any(_BOUNCE.search(m.text) and state.target in lower_ascii(m.text) for m in later):
            continue  # a bounce is a reason to resend
        replies = [
            m for m in later if lower_ascii(str((m.data or {}).get("from", ""))) == state.target
        ]
        if replies:
            why = Counter(
                f"{proof.item.id} succeeded and {state.target} replied after it "
                f"({replies[-1].id}); nothing went missing",
                (proof.item, replies[-1]),
            )
        else:
            # A timed-out acknowledgement is not a failed send: the receipt says it went out.
            why = Counter(f"{proof.item.id} already succeeded", (proof.item,))
        found.append((mentions_target(tokens, state.target) or state.target in people, why))
    named = [c for hit, c in found if hit]
    # A draft that names nobody ("Dear Ines") is about the one delivery that was answered.
    if named:
        return named[0]
    return found[0][1] if len(found) == 1 else None
