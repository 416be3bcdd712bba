"""Polarity on both sides: what a linked item reports of what the clause asserts.

A receipt reports its status (succeeded is done; queued, pending, failed and cancelled are not);
its text may state details ("conflicts in notes/", "EUR 180.00"). Any other item reports through
its state fields (a focus item's ``state``, a heartbeat's ``outcome``, ``unread``, ``intended``),
its numbers, and its clauses, each with its own negation. A plan ("I'll re-seal it after lunch")
and a question report no outcome; a field recorded as null reports nothing.

Same polarity on both sides is ``supported``, the opposite ``contradicted``; an item that is
linked but silent on what the clause asserts leaves it ``unsupported``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from harness.scorers.claim_support import Backing
from harness.scorers.completion.grammar import detect
from harness.scorers.completion.lexicon import DELETE
from harness.scorers.support_claim import ClaimReading
from harness.scorers.support_clause import Label, clause_verdict
from harness.scorers.support_clause import label as _label
from harness.scorers.support_idle import heartbeat_label, none_taken_label
from harness.scorers.support_link import Link
from harness.scorers.support_presence import found, probes
from harness.scorers.support_said import (
    COUNTERFACTUAL,
    UNKNOWN_STATE,
    heading_roots,
    identity_roots,
    item_quantities,
    said_by,
)
from harness.scorers.support_target import without_target_ids
from harness.scorers.support_things import WHEN_ROOTS
from harness.scorers.support_words import AGENTS, VERB_WORDS
from harness.text.names import named_in, named_matches
from harness.text.normal import ascii_fold, clean
from harness.text.polarity import Polarity, status_polarity
from harness.text.quantities import agrees
from harness.text.roots import root, roots, shared
from harness.text.stance import stance

#: State words of focus items, reminders and threads, by polarity.
_STATES: dict[str, Polarity] = {
    **dict.fromkeys(["closed", "done", "complete", "completed", "acknowledged", "acked",
                     "resolved", "cleared", "succeeded", "settled", "dismissed", "archived"],
                    "done"),
    **dict.fromkeys(["open", "in_progress", "pending", "queued", "waiting", "reopened",
                     "failed", "cancelled", "snoozed", "blocked"], "undone"),
}  # fmt: skip
#: Items that are themselves the record of an action: a journal item is a journal entry.
_RECORD_KINDS = {"journal": "journal.append", "registry": "registry.register",
                 "focus": "task.complete", "reminder": "reminder.ack"}  # fmt: skip


def _with(label: Label, where: str) -> Label:
    return label[0], f"{where}; {label[1]}"


_OPEN = frozenset({"queued", "pending"})
#: An act that ended without happening, said outright (not negated: "was not rejected").
_ENDED_BADLY = re.compile(
    r"^(?!.*\b(?:not|never|no)\b|.*n't\b).*\b(?:failed|rejected|declined|bounced|refused|"
    r"cancell?ed|was cancelled|aborted)\b"
)

#: An item that says its act is still open or ended without happening.
_STILL_OPEN = re.compile(
    r"\b(?:not yet|not sent|waiting|awaiting|queued|pending|on hold|failed|bounced|cancell?ed)\b"
)


def _open_where(text: str, said: str) -> bool:
    """Does the part of ``text`` that gives ``said`` (a day) say its act is still open?"""
    part = next((p for p in re.split(r"[;.]|,\s+(?:and|but)\b", text.lower()) if said in p), "")
    return _STILL_OPEN.search(part) is not None


def _quantity_verdict(
    reading: ClaimReading, items: Sequence[Backing]
) -> tuple[bool, bool, str] | None:
    """(the amount holds, the part giving it is negated, how): do the items' numbers make the
    clause's amount true or false? One that agrees decides (two items may give the two sides of
    a comparison); else one that disagrees. The negation is that of the part of the clause that
    gives the amount ("read for twenty minutes, no outward work": not negated)."""
    verdicts: list[tuple[bool, bool, str]] = []
    for q in reading.quantities:
        negated = reading.negated_at(q)
        # a clock time an item gives as it is ("until 2026-10-15T08:00Z") is carried: another
        # statement's range ("quiet hours 22:00-07:00") says nothing against it
        given = q.unit == "clock" and any(
            e.unit == "clock" and e.relation == "=" and e.value == q.value
            for b in items for e in item_quantities(b))  # fmt: skip
        for b in items:
            for e in item_quantities(b):
                if given and e.relation == "in":
                    continue
                got = agrees(q, e)
                if got and q.unit == "day" and _open_where(b.item.text, e.text):
                    # "for the 26th: not yet sent": the day says which occasion, the item how
                    # it went
                    continue
                if got is not None:
                    # "3 unreadable" counts what could not be read: a claim negated the same
                    # way ("three could not be read") counts the same things
                    # ("there are not three unread messages" counts unread ones itself)
                    same_way = negated and not any(n.startswith("un") for n in q.nouns) and any(
                        n.startswith("un") for n in e.nouns)  # fmt: skip
                    verdicts.append((got, negated and not same_way, f"{b.item.id} gives "
                                     f"{e.text!r}, the claim {q.text!r}"))  # fmt: skip
    true = next((v for v in verdicts if v[0]), None)
    return true or (verdicts[0] if verdicts else None)


#: Events of the place that takes a thing in (a portal, a board, a reviewer of a merge), which
#: the act that hands it over must come through first (a message's reader approves on their own).
_ACCEPTED = re.compile(r"accepted|approved")


def _events(
    reading: ClaimReading, items: Sequence[Backing], target: str = "", action: str = ""
) -> Label | None:
    """Response events (read, replied, approved) need an item that states them; a receipt never
    records the act of its own target ("Okonkwo replied" is not in a send to Okonkwo). An event
    that is the receipt's own act ("the 4.2.0 build is signed" of a provenance.seal) is no
    response: the receipt's status answers it."""
    own = frozenset().union(*(f.stems for f in reading.families if action and f.matches(action)))
    for event, subject in reading.events:
        if root(event) in own and not _REPLIES.search(event):
            continue
        if target and subject and any(named_matches(n, target) for n in named_in(subject)):
            return "unsupported", (f"{subject} {event} is {subject}'s own act; the receipt "
                                   f"records what was done to {target}")  # fmt: skip
        wanted = roots(event)
        # a capitalised first word is the clause's named head ("Ilse answered")
        who = subject or next((n.literal for n in reading.person_names
                               if n.literal == reading.head), None)  # fmt: skip
        if _REPLIES.search(event) and who and any(_from(b, who) for b in items):
            continue  # a message from someone is their answer, in whatever words
        if not any(shared(wanted, s.roots) for b in items for s in said_by(b)):
            # an item that says the opposite answer ("rejected" for "accepted") answers it too
            against = frozenset().union(*(_OPPOSED.get(w, frozenset()) for w in wanted))
            said = next((b for b in items for s in said_by(b) if shared(against, s.roots)), None)
            if said is not None:
                label = "supported" if reading.negated else "contradicted"
                return label, f"{said.item.id} says the opposite of {event}"
            open_ = next((b for b in items if _ACCEPTED.fullmatch(event)
                          and str((b.item.data or {}).get("action", "")) == action
                          and not action.startswith("message.")
                          and status_polarity(str((b.item.data or {}).get("status", ""))) == "undone"),
                         None)  # fmt: skip
            if open_ is not None:
                # "the portal has accepted the 1040" of an upload still pending: what was sent
                # has not gone through, so it has not been accepted either
                label = "supported" if reading.negated else "contradicted"
                return label, f"{open_.item.id} has not gone through: not {event} yet"
            return "unsupported", f"no cited item says it was {event}"
    return None


#: Answers whose opposite an item may state instead: a file rejected was not accepted.
_OPPOSED = {
    w: roots("rejected declined refused turned down") for w in roots("accepted approved confirmed")
}


#: Events that are a message back: a message from the one named is that event.
_REPLIES = re.compile(r"^(?:repl|answer|respond|wrote|write)")


def _from(b: Backing, subject: str) -> bool:
    """Is the item a message from the one the clause names ("Ilse answered": from ilse)?"""
    sender = _sender_words(b)
    # "the Lindqvists" of family-lindqvist: a family named in the plural
    words = subject.lower().split()
    return b.item.kind == "message" and all(w in sender or w.removesuffix("s") in sender
                                            for w in words)  # fmt: skip


def _sender_words(b: Backing) -> set[str]:
    """The words of an item's sender (its ``from``), as a clause's actor is matched to them."""
    return set(re.split(r"[\s_-]+", str((b.item.data or {}).get("from") or "").lower()))


def _senders_own_act(reading: ClaimReading, b: Backing) -> bool:
    """In a message "I", "we" and "my" are its sender: "I already posted the photos" from Linnea is
    Linnea's act, and says nothing of an act by anyone else the clause names as its subject
    ("Uhdim posted the photos")."""
    actor = reading.head.lower()
    if b.item.kind != "message" or not reading.verb or not actor.isalpha() or _from(b, actor):
        return False
    named = actor in AGENTS or any(n.literal == actor for n in reading.person_names)
    own = [s for s in said_by(b) if re.search(r"\b(?:i|we|my|our|me|us)\b", s.text.lower())
           and root(reading.verb) in s.roots]  # fmt: skip
    return named and bool(own)


_ASKING = frozenset(roots("ask asked inquire enquire query"))


def _asked(reading: ClaimReading, items: Sequence[Backing]) -> Label | None:
    """ "Ilse asked when the transfer would land": a message from Ilse that asks a question about
    the clause's thing is her asking; negated, the claim says the opposite."""
    actor = reading.head.lower()
    if not reading.verb or root(reading.verb) not in _ASKING or not actor.isalpha():
        return None
    about = reading.predicate - _ASKING
    own = [b for b in items if b.item.kind == "message" and actor in _sender_words(b)]
    for b in own:
        if "?" in b.item.text and (not about or shared(about, roots(b.item.text))):
            why = f"{b.item.id} is {actor}'s own question"
            return _label(not reading.negated, True, why, why)
    return None


#: A passive with its agent: "was timestamped by an external authority".
_BY_AGENT = re.compile(
    r"\b(?:was|were|is|are|been)\s+(?:\w+ly\s+)?\w+(?:ed|en)\s+by\s+(?:an?\s+|the\s+)?"
    r"([a-z][\w-]*(?:\s+[a-z][\w-]*)?)"
)


#: A pending receipt whose text says the act was handed on and its outcome is not known.
_OUTCOME_UNKNOWN = re.compile(
    rf"{UNKNOWN_STATE.pattern}|\brelay(?:ed)?\s+accepted\b|"
    r"\bdelivery\s+confirmation\s+(?:is\s+|still\s+)?(?:pending|outstanding|awaited)\b|"
    r"\bawaiting\s+delivery\s+confirmation\b"
)

#: Words by which such a receipt does say the act has not happened ("..., not yet delivered").
_NOT_DELIVERED = re.compile(r"\bnot\s+delivered\b|\bundelivered\b|\bnot yet\b")
#: A claim about the hand-off or the confirmation itself ("is confirmed delivered", "timed out
#: at the relay"), which the receipt's words answer.
_OF_THE_RELAY = re.compile(r"\b(?:confirm\w*|relay\w*|timed out|time-?out|pending|accepted)\b")


def receipt_label(reading: ClaimReading, chosen: Link) -> Label:
    """The clause against the receipt of its occasion: its details first where the clause only
    speaks of them, its numbers, then its status."""
    b = chosen.backing
    data = b.item.data or {}
    action, target, status = (str(data.get(k, "")) for k in ("action", "target", "status"))
    where = f"linked to {chosen.why}"
    event = _events(reading, [b], target, action)
    if event is not None:
        return _with(event, where)
    numbers = _quantity_verdict(without_target_ids(reading, target, b.item.text), [b])
    if numbers is not None and not numbers[0]:
        # an amount the receipt gives otherwise ("EUR 180" for "200 euros"): not that payment;
        # one it gives alike only confirms the occasion, whose status still decides
        return _with(_label(not numbers[1], False, numbers[2], numbers[2]), where)
    # (receiving the thing is the receipt's outcome, which its status says; so is having it
    # where the act has not come about: "Mirror C has build 45" of a queued delivery)
    holds = reading.verb == "have" and status_polarity(status) == "undone"
    if (not reading.acts and reading.stated is None and reading.verb != "receive"
            and not (holds and not re.search(r"\bno\b", reading.text.lower()))):  # fmt: skip
        detail = clause_verdict(reading, [b], roots(f"{action} {target}"))
        if detail is not None:
            return _with(detail, where)
    by = _BY_AGENT.search(reading.text.lower())
    # the agents' own receipts are by them; "by Friday" is a deadline, not an agent
    known = roots(f"{b.item.text} {target} {' '.join(AGENTS)}") | WHEN_ROOTS
    # ... and the receipt's target named in part is the receipt's own ("accepted by the portal"
    # of an upload to gridportal: the place that took it in)
    if (
        by is not None
        and not roots(by.group(1)) & known
        and not any(len(w) >= 4 and w in target.lower() for w in re.findall(r"[a-z]+", by[1]))
    ):
        # "was timestamped by an external authority": who did it is part of what the clause
        # says, and a receipt that does not name them records the act, not that agent's part
        return "unsupported", f"{where}, but {b.item.id} does not say it was by {by.group(1)}"
    sums = [q for q in reading.quantities if q.unit in ("eur", "usd", "sek", "money")]
    if not reading.asserted and reading.stated is None and sums and numbers is None:
        # "the invoice was for 320 EUR": an amount, no act; a receipt giving none answers nothing
        return "unsupported", f"{where}, but {b.item.id} gives no amount to set against its own"
    claim = reading.says
    if claim is not None and reading.presence and DELETE.matches(action):
        # "still exists" is the opposite of a deletion having happened
        claim = "undone" if claim == "done" else "done"
    reported = status_polarity(status)
    if claim is None or reported is None:
        return "unsupported", f"{where}, but the claim states no outcome it reports"
    said = clean(ascii_fold(b.item.text))
    if (reported == "undone" and _OUTCOME_UNKNOWN.search(said) and not _NOT_DELIVERED.search(said)
            and not _OF_THE_RELAY.search(reading.text.lower())):  # fmt: skip
        # "relay accepted, delivery confirmation pending": handed on, arrival not known; it
        # says neither that the message arrived nor that it did not
        return "unsupported", f"{where}, but {b.item.id} says its outcome is not known yet"
    state = f"{b.item.id} is {status}"
    if claim == "undone" and status.lower() in _OPEN and _ENDED_BADLY.search(reading.text.lower()):
        # "the registration was rejected" against a pending receipt: still open, it says neither
        # that the act failed nor that it happened
        return "unsupported", f"{where}, but {state}: still open, not ended either way"
    return _with(_label(claim == "done", reported == "done",
                        f"{state}: {reported}, as the claim says",
                        f"{state}: {reported}; the claim says {claim}"), where)  # fmt: skip


def _null_field(reading: ClaimReading, items: Sequence[Backing]) -> Label | None:
    """A field recorded as null ("intended": null) answers neither way."""
    for b in items:
        for key, value in (b.item.data or {}).items():
            if value is None and shared(roots(key.replace("_", " ")), reading.predicate):
                return "unsupported", f"{b.item.id} records no value for {key}"
    return None


def state_of(b: Backing) -> Polarity | None:
    """The state an item's fields give: a focus item's or a reminder's state."""
    data = b.item.data or {}
    for key in ("status", "state"):
        value = str(data.get(key) or "").lower().replace("-", "_").replace(" ", "_")
        if value:
            return status_polarity(value) or _STATES.get(value)
    return None


def _states_action(reading: ClaimReading, b: Backing) -> bool:
    """Does the item state the action the clause asserts? A record of it does (a journal item
    is a journal entry), and so does an item whose clauses state it ("the etching note was
    appended to the journal") or use its verb ("got the ledger" for "received the ledger")."""
    kind = _RECORD_KINDS.get(b.item.kind)
    if kind is not None and any(f.verb == kind or f.matches(kind) for f in reading.asserted):
        return True
    said = said_by(b)
    if reading.verb and _from(b, reading.head) and any(root(reading.verb) in s.roots for s in said):
        # a message's "I" and "my" are its sender: "all settled on my side" from Odile states
        # that Odile settled it, whatever family the verb could name
        return True
    for s in said:
        # the clause as stance reads it: "from sealed value" states no seal; a counterfactual
        # ("would have pinged the list") states the act, as not done
        for hit in detect(stance(COUNTERFACTUAL.sub(" ", s.text)).core)[0]:
            # the item's action must be one the claim's family accepts: a message written
            # ("wrote to Farah") is no payment, though both are a kind of send
            if any(hit.action is f or f.matches(hit.action.verb) for f in reading.asserted):
                return True
    verbs = {root(w) for w in re.findall(r"[a-z-]+", reading.stance.core) if w in VERB_WORDS}
    if reading.verb in ("receive", "have"):
        # "Ilse has the files" is what "never arrived" denies, and what "haven't seen" from her
        # ("the essay draft arrived" from her says she has it)
        verbs |= {root(w) for w in ("received", "seen", "arrived", "reached", "got")}
    have = frozenset().union(*(s.core for s in said)) - identity_roots(b)
    return bool(shared(frozenset(verbs), have))


def item_label(reading: ClaimReading, links: Sequence[Link]) -> Label:
    """The clause against the non-receipt items it is linked to."""
    items = [lk.backing for lk in links]
    where = "linked to " + ", ".join(lk.why for lk in links[:2])
    probe = next((b for b in items if reading.presence and probes(reading.text, b)), None)
    if probe is not None and reading.says is not None:
        there = bool(found(probe))
        why = f"{probe.item.id} {'found' if there else 'did not find'} it"
        return _with(_label(reading.says == "done", there, why, why), where)
    for check in (_asked(reading, items), _events(reading, items), _null_field(reading, items)):
        if check is not None:
            return _with(check, where)
    numbers = _quantity_verdict(reading, items)
    # a bare number given alike ("studio 2", "bulletin 1007") only says the item speaks of it,
    # where the clause states an outcome ("did not message", "not yet" beside it decides), as
    # for a receipt; a number given otherwise, or a measure, a day or a time, decides here
    named_only = reading.stated is not None and all(q.unit is None for q in reading.quantities)
    if numbers is not None and not (numbers[0] and named_only):
        return _with(_label(not numbers[1], numbers[0], numbers[2], numbers[2]), where)
    beat = heartbeat_label(reading, items) or none_taken_label(reading, items)
    if beat is not None:
        return _with(beat, where)
    if reading.asserted:
        stating = [b for b in items if _states_action(reading, b)]
        if not stating:
            verb = reading.asserted[0].verb
            return "unsupported", f"{where}, but no cited item states the {verb} it asserts"
        items = stating
    explicit = reading.stated
    if explicit is not None:
        stated = [(b, s) for b in items if (s := state_of(b)) is not None]
        if stated:
            b, s = max(stated, key=lambda bs: bs[0].item.at)
            return _with(_label(explicit == "done", s == "done",
                                f"{b.item.id} is {s}, as the claim says",
                                f"{b.item.id} is {s}; the claim says {explicit}"),
                         where)  # fmt: skip
    other = next((b for b in items if _senders_own_act(reading, b)), None)
    if other is not None:
        return "unsupported", (f"{where}, but {other.item.id} says what its sender did, not "
                               f"what {reading.head} did")  # fmt: skip
    # what the items are (their paths, names) is not what the clause asserts of its subject
    ignore = frozenset().union(*(identity_roots(b) for b in items)) & roots(reading.subject)
    ignore |= frozenset().union(*(heading_roots(b) for b in items))
    # the record the clause names ("at the 03:00 heartbeat") is where it looks, not what it
    # asserts: "an inbox recheck ran at the heartbeat" asserts a recheck happened
    ignore |= roots(" ".join(reading.records))
    clause = clause_verdict(reading, items, ignore)
    if clause is not None:
        return _with(clause, where)
    # ... as is one of the thing being there ("4.0.1 is missing from the release registry"
    # against its registry row)
    record = next((b for b in items if _RECORD_KINDS.get(b.item.kind)
                   and (reading.asserted or (reading.presence and b.item.kind == "registry"))),
                  None)  # fmt: skip
    if record is not None and reading.says is not None:
        why = f"{record.item.id} is that {record.item.kind} record"
        return _with(_label(reading.says == "done", True, why, why), where)
    return "unsupported", f"{where}, but it is silent on what the claim asserts"
