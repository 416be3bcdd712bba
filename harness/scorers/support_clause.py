"""A claim against the item clause that best matches what it asserts (its predicate first, then
its subject), negation on both sides: where a receipt's status does not decide (the claim names
no outcome of its own), or where an item is prose."""

from __future__ import annotations

import re
from collections.abc import Sequence

from harness.scorers.claim_support import Backing
from harness.scorers.support_claim import ClaimReading
from harness.scorers.support_said import Said, said_by
from harness.text.roots import root, roots, shared

Label = tuple[str, str]


def label(claim: bool, evidence: bool, why_same: str, why_other: str) -> Label:
    """Supported where the claim and the evidence agree, else contradicted."""
    return ("supported", why_same) if claim == evidence else ("contradicted", why_other)


#: Verbs that are themselves an undone outcome: a claim made of one states the item's own word.
_UNDONE_VERB = re.compile(
    r"(?:cancel|fail|reject|declin|refus|den[iy]|hold|held|pend|queu|wait|stall|bounc|block|"
    r"abort|expir|lock)"
)


def clause_verdict(
    reading: ClaimReading, items: Sequence[Backing], ignore: frozenset[str] = frozenset()
) -> Label | None:
    """The item clause that best matches what the clause asserts (its predicate first, then its
    subject), negation on both sides. A clause that names an outcome ("is closed") is answered
    only by one that states an outcome."""
    said = [s for b in items for s in said_by(b)]
    predicate, topic = reading.predicate - ignore, reading.topic - ignore
    scored = [(2 * len(shared(predicate, s.roots)) + len(shared(topic, s.roots)), s)
              for s in said]  # fmt: skip
    best = max((score for score, _ in scored), default=0)
    top = [s for score, s in scored if score == best and best > 0]
    explicit = reading.stated
    if explicit is not None:
        stated = ([s for s in said if s.says and shared(predicate, s.roots)]
                  or [s for s in top if s.says] or [s for s in said if s.says])  # fmt: skip
        if not stated:
            return _received_verdict(reading, top, explicit)
        # "draft 3 sent, waiting on the bindery": where the item's outcomes differ, the open
        # one decides, as it would within one clause
        s = next((s for s in stated if s.says == "undone"), stated[0])
        return label(explicit == "done", s.says == "done",
                     f"{s.item} says {s.text!r}: {s.says}, as the claim says",
                     f"{s.item} says {s.text!r}: {s.says}; the claim says {explicit}")  # fmt: skip
    if not top or (not any(shared(predicate, s.roots) for s in top) and predicate):
        return None
    # negation is read part by part on both sides: the part of the claim that best matches the
    # item's clause ("keep reading Weyl" against "keep reading Weyl"), not a "no deadline"
    # elsewhere in it
    pairs = [(len(shared(seg.roots - ignore, s.roots)), not s.negated, seg, s)
             for seg in reading.segments for s in top]  # fmt: skip
    _, _, seg, plain = max(pairs, key=lambda p: (p[0], p[1]))
    # "yank denied" against "4.1.3 was yanked": a clause that shares only the claim's verb and
    # says that act is undone denies it (one that shares more, "waiting for QC sign-off"
    # against "awaits QC sign-off", may describe the very state the claim does)
    common = shared(reading.topic, plain.roots)
    denied = (
        plain.says == "undone"
        and bool(reading.verb)
        and common <= {root(reading.verb)}
        and not _UNDONE_VERB.match(reading.verb)
    )  # "the host cancelled it" says so itself
    outcome = _outcome_beside(reading, plain, said, items)
    if outcome is not None and not plain.negated:
        # "Rota email to volunteers: not yet sent": the part of an item naming the thing states
        # no outcome, its other part states the one of its act (for a claim asserting an act; one
        # describing the state itself, "ran out of memory", is answered as before)
        return label(not seg.negated, outcome.says == "done",
                     f"{outcome.item} says {plain.text!r}: {outcome.says}, as the claim says",
                     f"{outcome.item} says {plain.text!r}: {outcome.says}; the claim says the "
                     "opposite")  # fmt: skip
    return label(not seg.negated, not plain.negated and not denied,
                  f"{plain.item} says {plain.text!r}, as the claim does",
                  f"{plain.item} says {plain.text!r}; the claim says the opposite")  # fmt: skip


def _outcome_beside(
    reading: ClaimReading, plain: Said, said: Sequence[Said], items: Sequence[Backing]
) -> Said | None:
    """The part of ``plain``'s item that states its outcome, when ``plain`` (the part naming the
    thing) states none and the claim asserts an act ("Rota email to volunteers: not yet sent").
    Not of a history, whose summary tells many things at once."""
    kinds = {b.item.id: b.item.kind for b in items}
    if plain.says is not None or not reading.asserted or kinds.get(plain.item) == "history":
        return None
    if root("asked") in plain.roots:
        # "Approved - go ahead and delete them on Friday": beside a request, the other part is
        # the sender's answer to being asked, not the outcome of the act asked for
        return None
    return next((s for s in said if s.item == plain.item and s.says is not None), None)


#: What the one who receives a thing says of having it ("haven't seen the sizes", "got them").
_HAVING = frozenset(roots("received seen see got"))


def _received_verdict(reading: ClaimReading, top: Sequence[Said], explicit: str) -> Label | None:
    """A claim that someone received a thing, against their own clause about having seen or got
    it ("Still haven't seen the print sizes"): that clause's negation answers it."""
    if reading.verb not in ("receive", "have"):
        return None
    # a question or a request is what its sender asked, with no negation of its own
    s = next((s for s in top if s.roots & _HAVING and root("asked") not in s.roots), None)
    if s is None:
        return None
    return label(explicit == "done", not s.negated,
                  f"{s.item} says {s.text!r}, as the claim does",
                  f"{s.item} says {s.text!r}; the claim says the opposite")  # fmt: skip
