"""Claim support with polarity: ``supported``, ``contradicted`` or ``unsupported``.

The outcome a claim states (delivered, not paid, still open) is compared with the one its cited
items report for the same occasion: the receipts of the claim's own action, the items naming most
of its object, each clause of an item with its own negation.
"""

from __future__ import annotations

import re

from harness.schema import EvidenceItem
from harness.scorers.base import Thresholds
from harness.scorers.claim_support import Backing, claim_support
from harness.scorers.completion.grammar import detect
from harness.scorers.completion.lexicon import Action
from harness.text.names import named_in
from harness.text.normal import fold
from harness.text.polarity import Polarity, polarity, status_polarity, without_outcome_words
from harness.text.stance import (
    clauses,
    evidence_negates,
    predicate_tokens,
    stance,
    statements,
)
from harness.text.support import disputes, evidence_tokens, quoted_spans, support_tokens

# What an item's own text states, worked out once per item (``Backing.once``): the claims
# citing it, in every stage of its package, read the same item.


def _outcome_clauses(item: EvidenceItem) -> tuple[tuple[frozenset[str], Polarity], ...]:
    """(words, outcome) of each clause of the item's statements that names an outcome."""
    return tuple((support_tokens(c), st.says) for c in clauses(statements(item.text))
                 if (st := stance(c)).says is not None)  # fmt: skip


def _said_polarity(item: EvidenceItem) -> Polarity | None:
    return polarity(statements(item.text))


def _stated_actions(item: EvidenceItem) -> tuple[Action, ...]:
    return tuple(hit.action for part in clauses(statements(item.text))
                 for hit in detect(stance(part).core)[0])  # fmt: skip


def _item_state(b: Backing, wanted: frozenset[str]) -> Polarity | None:
    """The outcome one item reports: a receipt's status, else what the clauses of its text that
    name an outcome and share words with the claim say, each with its own negation ("Got the
    frame sizes" is done in a message that also says "nothing else needed")."""
    state = status_polarity(str((b.item.data or {}).get("status", "")))
    if state is not None:
        return state
    stated = [(len(wanted & tokens), says) for tokens, says in b.once(_outcome_clauses)]
    if stated:
        near = {state for score, state in stated if score} or {state for _, state in stated}
        # "draft 2 sent - waiting on gallery": the open state decides, as within a clause
        return "undone" if "undone" in near else "done"
    return b.once(_said_polarity)


def _occasion_items(core: str, pool: list[Backing]) -> list[Backing]:
    """The cited items of the occasion the claim speaks of: receipts of its own action first
    ("notified" is the message receipt, not the delivery beside it), then those naming most of
    its object ("the second installment", not the first)."""
    families = [h.action for h in detect(core)[0]]
    receipts = [(b, str((b.item.data or {}).get("action", ""))) for b in pool]
    exact = [b for b, a in receipts if any(a == f.verb for f in families)]
    loose = [b for b, a in receipts if any(a and f.matches(a) for f in families)]
    picked = exact or loose
    if families and not picked:
        # no receipt of its action: only an item whose own words state that action can report
        # its outcome ("Patrick paid" is not answered by "Got the frame sizes")
        picked = [b for b, a in receipts if not a and _states_action(b, families)]
        if not picked:
            return []
    picked = picked or pool
    wanted = predicate_tokens(without_outcome_words(core), core)
    shared = {b.item.id: len(wanted & b.tokens) for b in picked}
    most = max(shared.values(), default=0)
    return [b for b in picked if shared[b.item.id] == most] if most else picked


#: Items that are themselves the record of an action: a journal item is a journal entry.
_RECORD_KINDS = {"journal": "journal.append", "registry": "registry.register",
                 "focus": "task.complete", "reminder": "reminder.ack"}  # fmt: skip


def _states_action(b: Backing, families: list[Action]) -> bool:
    """May the item report the outcome of the claim's action? A record of it (a journal item for
    a journal entry) may, and so may any item whose own words state it ("draft 2 sent" in a
    focus item); a record of another action that states none (a focus item "closed" for a send)
    may not, and prose that states no action at all may."""
    kind = _RECORD_KINDS.get(b.item.kind)
    if kind is not None and any(f.verb == kind or f.matches(kind) for f in families):
        return True
    stated = b.once(_stated_actions)
    if any(a.verb == f.verb or f.matches(a.verb) or a.matches(f.verb)
           for a in stated for f in families):  # fmt: skip
        return True
    return kind is None and not stated


def _evidence_polarity(core: str, pool: list[Backing]) -> tuple[Polarity | None, str]:
    """The outcome the items of the claim's occasion report, the newest deciding (a retry
    overtakes a queue)."""
    wanted = support_tokens(core)
    for b in sorted(_occasion_items(core, pool), key=lambda b: b.item.at, reverse=True):
        state = _item_state(b, wanted)
        if state is not None:
            return state, b.item.id
    return None, ""


def _about(core: str, pool: list[Backing]) -> list[Backing]:
    """The cited items about what the claim names (render 0412, not the render-0413 receipt
    cited beside it); all of them when the claim names nothing they carry."""
    named = [evidence_tokens(n.literal) for n in named_in(core)]
    picked = [b for b in pool if named and all(n <= b.tokens for n in named)]
    return picked or pool


_CLAUSE_JOIN = re.compile(r";\s*|\s+but\s+")


def _clause_label(part: str, pool: list[Backing], thresholds: Thresholds) -> tuple[str, str]:
    st = stance(part)
    tokens = frozenset().union(*(b.tokens for b in pool))
    unmentioned = [e for e in st.events if not support_tokens(e) & tokens]
    if unmentioned:
        return "unsupported", f"its citations do not mention that it was {unmentioned[0]}"
    topic = claim_support(without_outcome_words(st.core), pool, thresholds)
    if not topic.supported:
        return "unsupported", topic.why
    about = _about(st.core, pool)
    if st.says is not None:
        reported, item = _evidence_polarity(st.core, about)
        if reported is None:
            return "unsupported", "the claim states an outcome its citations do not report"
        if st.says == reported:
            return "supported", f"{item} reports it {reported}, as the claim says"
        return "contradicted", f"the claim says {st.says}, {item} says {reported}"
    says_not, clause = evidence_negates(st, part, [c for b in about for c in b.clauses])
    if says_not is None or clause is None:
        return ("contradicted", "the claim denies what its citations back") if st.negated else (
            "supported", topic.why)  # fmt: skip
    if says_not == st.negated:
        return "supported", f"as its citation says: {clause.text!r}"
    said = "denies" if says_not else "says"
    return "contradicted", f"its citation {said} it: {clause.text!r}"


def support_label(text: str, pool: list[Backing], thresholds: Thresholds) -> tuple[str, str]:
    """(``supported`` | ``contradicted`` | ``unsupported``, why) for a claim and its cited items.

    Each clause is read for its stance: negation (not, never, no, n't, un-words), the outcome
    state it names (queued, pending, failed vs delivered, applied, in the archive) and response
    events (read, replied) that need their own evidence. Word overlap decides what a clause is
    about; a clause naming an outcome is compared with the state the items report (a receipt's
    status first), any other with the item clause that best matches it, negation on both sides.
    One contradicted clause contradicts the claim.
    """
    # A claim that quotes or disputes reports what others say: its words are not its outcome.
    if not pool or quoted_spans(fold(text)) or disputes(text):
        support = claim_support(text, pool, thresholds)
        return ("supported" if support.supported else "unsupported"), support.why
    labels = [_clause_label(p, pool, thresholds) for p in _CLAUSE_JOIN.split(text) if p.strip()]
    for wanted in ("contradicted", "unsupported"):
        hit = next((lw for lw in labels if lw[0] == wanted), None)
        if hit is not None:
            return hit
    return labels[0] if labels else ("unsupported", "asserts nothing its citations could back")
