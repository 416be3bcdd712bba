"""Which cited item a claim speaks of, by structure first.

A receipt item carries ``{action, target, status}``. A clause speaks of it when it names the
target (a person's name, an id with its digits exactly, a series name written apart) or the
object the receipt's text names ("invoice 2198" in "payment.send to lenz: invoice 2198"), and
its words name an action family the receipt's action belongs to. A clause that names another
person, or an id the receipt does not carry ("chapter 5" against "packet ch.4"), speaks of
another occasion. A clause that names nothing speaks of the receipts of its own action.

Any other item (journal, message, artifact, registry, note, heartbeat, focus, reminder) is
linked by what the clause names (every name and id it gives is the item's, unless the item
names nothing at all) and by the words and numbers it asserts of them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from harness.scorers.claim_support import Backing
from harness.scorers.completion.lexicon import UPLOAD, verb_family
from harness.scorers.completion.occasions import id_numbers
from harness.scorers.support_claim import ClaimReading
from harness.scorers.support_ids import (
    ISSUED,
    glued_after,
    glued_name,
    kind_head,
    numbers_in,
    other_of_series,
    other_prerelease,
    says_participle,
    split_ids,
    version_moved,
)
from harness.scorers.support_ordinals import NO_NOUN, ordinal_of_target, other_ordinal
from harness.scorers.support_presence import probes
from harness.scorers.support_said import (
    NAME_FIELDS,
    identity_roots,
    item_quantities,
    item_roots,
    said_by,
)
from harness.scorers.support_target import (
    action_words,
    merged_named,
    names_target,
    numbered_alike,
    numbered_thing,
    other_period,
    owner_named,
    spelt_initial,
    target_named,
    upload_place_named,
)
from harness.scorers.support_things import (
    OUTCOME_ROOTS,
    TRANSPORT,
    gives_a_reason,
    other_kind,
    other_object,
    other_target,
    receipt_object,
)
from harness.scorers.support_words import AGENTS
from harness.text.names import (
    Named,
    glued_numbers,
    named_in,
    named_matches,
    target_words,
)
from harness.text.normal import clean
from harness.text.quantities import NUMBER_WORDS, agrees
from harness.text.roots import root, roots, same_root, shared


@dataclass(frozen=True)
class Link:
    """A cited item the clause speaks of, and why."""

    backing: Backing
    why: str
    #: A receipt whose action is exactly the clause's own family ("notified" is message.send,
    #: not the media.deliver beside it).
    exact: bool = False
    #: How much of the item's own object the clause names (more is the more specific occasion).
    score: int = 0

    @property
    def receipt(self) -> bool:
        return is_receipt(self.backing)


def is_receipt(b: Backing) -> bool:
    data = b.item.data or {}
    return bool(data.get("action")) and "status" in data


def item_names(b: Backing) -> list[str]:
    """The names an item gives itself: its name fields, its id, the ids in its text."""
    data = b.item.data or {}
    found = [str(data[k]) for k in NAME_FIELDS if isinstance(data.get(k), str) and data[k]]
    return [*found, b.item.id, *b.targets]


def carries(n: Named, b: Backing) -> bool:
    """Is the name or id ``n`` the item's own (a name field, its text, its id)?"""
    names = item_names(b)
    if any(named_matches(n, split_ids(s)) for s in names):
        return True
    if n.is_id:
        text_ids = [m for m in named_in(b.item.text) if m.is_id]
        if any(m.number == n.number and (not m.words or not n.words or
                                         same_root(root(m.words[0]), root(n.words[0])))
               for m in text_ids):  # fmt: skip
            return True
        # "chapter 5" against "ch.4": an id of the text whose head the name abbreviates
        # ("#412" has no head: its number alone is the id; nor has "batch 0614" a head that
        # tells it from another thing: "the 0614 certificate PDFs" carry it)
        head = n.words[0] if n.words else ""
        return n.number in numbers_in(b.item.text) and (
            head[:2] in clean(b.item.text) or kind_head(head, n.number, b.item.text))  # fmt: skip
    # whole words: Martin is not carried by a receipt to ``martina``
    spellings = {n.literal, n.literal.replace("-", " ")}  # "T4-pending" written apart
    whole = any(re.search(rf"(?<![\w]){re.escape(w)}(?![\w])", b.plain) for w in spellings)
    return whole or roots(n.literal) <= roots(b.plain)


def _conflicting_id(n: Named, b: Backing) -> bool:
    """Does the item name another id of the same series ("render-0412" against render 0421)?"""
    if not n.is_id:
        return False
    for s in item_names(b):
        words, numbers = target_words(split_ids(s))
        if numbers and n.number not in numbers and (not n.words or n.words[0] in words):
            return True
    # "chapter 5" against "packet ch.4": the same head, cut short, with another number
    if n.words and len(n.words[0]) >= 2:
        head = re.escape(n.words[0][:2])
        found = re.findall(rf"\b{head}[a-z]*[\s.#-]*(\d+)\b", clean(b.item.text))
        return bool(found) and all(int(x) != n.number for x in found)
    return False


def _other_number(reading: ClaimReading, b: Backing) -> str | None:
    """A number the clause names as an id that the receipt does not carry: after one of the
    target's own words ("kiln diary 4" is not ``kiln-diary-3``), or any id-like number of three
    digits or more ("the 2025 ledger"). Amounts with a unit ("200 euros") are not ids: they are
    compared as amounts."""
    target = str((b.item.data or {}).get("target", ""))
    words, numbers = target_words(target)
    own = {root(w) for w in words}
    text = clean(b.item.text)
    for m in re.finditer(r"\b([a-z][a-z-]*)\s+#?(\d+)\b", clean(reading.text)):
        if m.group(1) in NO_NOUN:
            continue  # "the 2016 archive" against "the 10-year retention": no numbered noun
        if numbers and root(m.group(1)) in own and int(m.group(2)) not in numbers:
            return m.group()
        # "volume 3" against a receipt of "volume 2": the same numbered noun in its text, with
        # another number and never this one, is another of the series
        # ("bulletin 2026-285" gives 285 with its year: each part of the number is given)
        given = re.findall(rf"\b{re.escape(m.group(1))}\s+#?(\d+(?:[-/]\d+)*)\b", text)
        parts = {int(p) for g in given for p in re.split(r"[-/]", g)}
        # ...unless the target glues that word to that number: inspection-round-13's text may
        # name round 12 as what it conflicted with, and round 13 is still its own
        if given and int(m.group(2)) not in parts and not _glued_to(m, target):
            return m.group()
    if gives_a_reason(b):
        return None  # "relay timeout": a receipt that says why it failed names no id to differ
    amounts = {str(int(q.value)) for q in reading.quantities if q.unit and q.value == int(q.value)}
    carried = id_numbers(
        f"{split_ids(target)} {b.item.text} {b.item.id.replace(':', ' ')} {b.item.at.year}"
    )
    # an id glued to its letters ("sample-batch-sb121") carries the number a clause writes apart
    # ("SB-121"); only the item's side is read so, so no clause gains an id it did not write
    carried |= glued_numbers(f"{target} {b.item.text}")
    stray = id_numbers(reading.text) - carried - amounts
    return min(stray) if stray else None


def _glued_to(said: re.Match[str], target: str) -> bool:
    """Does the target glue the clause's word to its number ("round 13" of inspection-round-13)?"""
    word, number = re.escape(said.group(1)), int(said.group(2))
    return re.search(rf"(?:^|[-_]){word}[-_]?0*{number}(?:$|[-_])", target.lower()) is not None


def _anonymous(b: Backing) -> bool:
    """An item that names nothing (a bare file listing): any clause may be about it."""
    data = b.item.data or {}
    return not any(isinstance(data.get(k), str) for k in NAME_FIELDS) and not named_in(b.item.text)


def _family_ok(reading: ClaimReading, action: str) -> tuple[bool, bool]:
    """(compatible, exact): does the clause name a family the receipt's action belongs to?
    Exact is the action the clause asserts ("the gallery was notified" is the message send,
    not the delivery beside it), or, asserting none, one its words name."""
    if re.search(rf"(?<![\w.]){re.escape(action)}(?![\w.])", clean(reading.text)):
        return True, True  # the host verb written out ("payment.receive for ... happened")
    own = verb_family(action)
    named = reading.asserted or tuple(reading.families)
    half = action.rpartition(".")[2]
    # the same verb in another namespace is another act: a payment sent is no message sent
    exact = any(f.verb == action or (f.verb.rpartition(".")[2] == half and f.matches(action))
                for f in named)  # fmt: skip
    loose = exact or any(f.matches(action) or f is own for f in reading.families)
    return loose, exact


def _receipt_link(reading: ClaimReading, b: Backing) -> Link | str:
    data: dict[str, Any] = dict(b.item.data or {})
    action, target = str(data.get("action", "")), str(data.get("target", ""))
    ok, exact = _family_ok(reading, action)
    if not ok and not reading.asserted and target_named(reading, target):
        # a clause that names the target itself and asserts no act of its own, only how it went
        # ("render-0731 failed to finish", "didn't get past tile 20"), speaks of the target's
        # own action, whatever family a word of the outcome ("finish", "get") could name
        ok = True
    if (not ok and reading.verb in _FINISHED and target_named(reading, target)
            and not action.endswith(".ack")
            and not any(f.verb == "task.complete" for f in reading.asserted)):  # fmt: skip
        # "OCR batch 18 completed" of a media.render to ocr-batch-18: the thing named finished
        # whatever its act was, and the receipt of that thing says whether it did (a task said
        # complete is the task's own act; a reminder acknowledged finished nothing)
        ok = True
    if (
        not ok
        and reading.presence
        and UPLOAD.matches(action)
        and upload_place_named(reading, target)
    ):
        # "3.4.1 is live on the add-on store" of the upload to store-3.4.1: being there is what
        # the upload to that place brings about, whatever word the clause gives it
        ok = True
    obj = receipt_object(b)
    topic = reading.topic - roots(" ".join(action_words(reading)))
    # "Trailer T3 is booked" against "registry.register booking-t3-dec06: ... booked": the
    # receipt's own words give its target the claim's verb, whatever family records it; and
    # "SP-0829 has accession NSA-2026-1142" against an upload that issued both ids
    ok = ok or (bool(reading.verb) and target_named(reading, target)
                and says_participle(obj, reading.verb))  # fmt: skip
    ok = ok or (len(reading.id_names) > 1 and bool(ISSUED & roots(obj))
                and all(carries(n, b) for n in reading.id_names))  # fmt: skip
    if not ok and (reading.families or reading.stated is None):
        return f"{b.item.id} is a {action}, not the action the claim speaks of"
    if reading.subject_acts and names_target(reading.head, target):
        # a receipt records what was done to its target, never the target's own act
        # ("Okonkwo replied", "the foundry sent an invoice")
        return (f"its subject {reading.head} acts ({reading.verb}); {b.item.id} records a "
                f"{action} to {target}, not {target}'s own act")  # fmt: skip
    # the receipt's own action ("branch.merge teaching-notes into main") is not what it moved
    # and a number a registry issues ("accession MRA-0417 issued") is the target's, no object
    obj_roots = (roots(obj) - TRANSPORT - roots(target) - roots(action.replace(".", " "))
                 - ISSUED)  # fmt: skip
    others = [n for n in reading.person_names if not named_matches(n, target)
              and not glued_name(n.words, target) and not carries(n, b)
              and not glued_after(reading.text, n.literal, target)
              and not spelt_initial(n.literal, reading.text, target)
              and n.literal not in AGENTS and not numbered_thing(n, reading.text)
              and not owner_named(n, reading.text, target, b.plain)]  # fmt: skip
    if others:
        return f"names {others[0].literal}; {b.item.id} is {action} to {target}"
    another = (other_target(reading.text, target) or other_period(reading.text, target)
               or other_prerelease(reading.text, target))  # fmt: skip
    if another:
        return f"names {another}; {b.item.id} is {action} of {target}, another target"
    # an id the receipt moved into its target ("recordings-catalog: rec-0313-requiem") is told
    # apart the same way: rec-0313-encore is another recording
    for moved in _MOVED_ID.findall(clean(obj)):
        another = other_target(reading.text, moved)
        if another and moved not in clean(reading.text):
            return f"names {another}; {b.item.id} moved {moved}, another thing"
    stray = [
        n for n in reading.id_names if not carries(n, b) and not numbered_alike(n, reading, target)
    ]
    if stray:
        return f"names {stray[0].label}, which {b.item.id} does not carry"
    numbered = _other_number(reading, b)
    if numbered:
        return f"names {numbered}, which {b.item.id} ({action} {target}) does not carry"
    other = other_ordinal(reading.text, b.item.text)
    if other:
        return f"names the {other[0]}; {b.item.id} is of the {other[1]}"
    ordinal = ordinal_of_target(reading.text, target)
    if ordinal is False:
        return f"names another of the series {target} is one of"
    moved = None if ordinal else other_object(reading, b, target)
    if moved:
        return moved
    by_target = (
        bool(ordinal) or target_named(reading, target) or merged_named(reading, action, target, b)
    )
    by_object = shared(reading.topic, obj_roots) or (
        frozenset({"version"}) if version_moved(reading.text, topic, obj, target) else frozenset()
    )
    ids = [n for n in reading.id_names if carries(n, b)]
    if not (by_target or by_object or ids):
        # A clause that names nothing but its action ("the 16:20 journal write went through")
        # speaks of the receipt of that action it cites; one that names a thing the receipt
        # does not ("Tessera loop delivered") speaks of something else.
        own = roots(" ".join([action, target, b.item.text, *action_words(reading)]))
        leftover = reading.topic - own - OUTCOME_ROOTS
        if reading.names or not exact or leftover:
            return f"names neither {b.item.id}'s target {target} nor what it moved"
        return Link(b, f"{b.item.id} is the {action} receipt it cites", exact, 0)
    why = f"names its target {target}" if by_target else (
        f"names what it moved ({', '.join(sorted(by_object)) or ids[0].label})")  # fmt: skip
    if not ok:
        # no family named at all ("render-0388 succeeded"): the receipt's own action
        why += f"; states the outcome of its {action}"
    else:
        why += f"; {action} is the action it speaks of"
    return Link(b, f"{b.item.id} ({why})", exact, len(by_object) + 2 * len(ids) + by_target)


#: An id a receipt's text names as what it moved: words and a number, hyphen-joined.
#: (with a word after its number, "rec-0313-requiem": "c-2026-031" is only written shorter)
_MOVED_ID = re.compile(r"(?<![\w.-])[a-z][a-z0-9]*(?:-[a-z0-9]+)*-\d+(?:-[a-z][a-z0-9]*)+(?![\w-])")
#: Verbs that say only that a thing's act finished ("completed", "ran").
_FINISHED = roots("complete completed finish finished ran run")


_NUMBER_ROOTS = roots(" ".join(NUMBER_WORDS))


def _item_link(reading: ClaimReading, b: Backing) -> Link | str:
    if reading.presence and probes(reading.text, b):
        # a probe of the path answers presence: it is the record of whether the thing is there
        return Link(b, f"{b.item.id} (the probe of what it says is present)", False, 1)
    missing = [n for n in reading.names if not carries(n, b)]
    if missing and (any(_conflicting_id(n, b) for n in missing) or not _anonymous(b)):
        return f"names {missing[0].label}, which {b.item.id} does not"
    series = other_of_series(reading.text, f"{b.item.text} {' '.join(item_names(b))}")
    if series is not None:
        return f"names {series[0]}; {b.item.id} is {series[1]}"
    have = item_roots(b)
    other = other_kind(reading.text, b.item.text, have)
    if other:
        return f"names {other[0]}; {b.item.id} speaks of {other[1]}"
    about = shared(reading.topic, have)
    record = b.item.kind in reading.records
    measured = [q for q in reading.quantities for e in item_quantities(b)
                if agrees(q, e) is not None]  # fmt: skip
    # amounts are matched as quantities, not as words ("three of the sixteen thumbnails")
    topic = reading.topic - _NUMBER_ROOTS
    if not reading.names and not record and not measured and len(about) * 2 <= len(topic):
        # a clause that names nothing is linked by its words: most of them
        return f"{b.item.id} shares too little with it ({', '.join(sorted(about)) or 'nothing'})"
    said = shared(reading.predicate, have - identity_roots(b))
    outcome = reading.stated is not None and (
        _has_state(b) or any(s.says is not None for s in said_by(b))
    )
    if not (said or measured or record or outcome):
        return f"{b.item.id} says nothing of what it asserts"
    named = [n.label for n in reading.names if carries(n, b)]
    parts = [f"names {', '.join(named)}" if named else "",
             f"says {', '.join(sorted(said))}" if said else "",
             f"measures {measured[0]}" if measured else "",
             f"is the {b.item.kind} it speaks of" if record else ""]  # fmt: skip
    why = "; ".join(p for p in parts if p) or "states an outcome of it"
    return Link(b, f"{b.item.id} ({why})", False, len(about) + len(named))


#: Data fields that hold an item's state ("open", "acknowledged", "rested").
STATE_FIELDS = ("status", "state", "outcome")


def _has_state(b: Backing) -> bool:
    data = b.item.data or {}
    return any(isinstance(data.get(k), str) for k in STATE_FIELDS)


def link(reading: ClaimReading, pool: Sequence[Backing]) -> tuple[list[Link], list[str]]:
    """The cited items the clause speaks of, and why each other item is not one of them. A
    clause that speaks of a record ("the journal entry states") is linked to that record."""
    kinds = [b for b in pool if b.item.kind in reading.records]
    scope = kinds or list(pool)
    links: list[Link] = []
    misses: list[str] = []
    for b in scope:
        found = _receipt_link(reading, b) if is_receipt(b) else _item_link(reading, b)
        (links.append(found) if isinstance(found, Link) else misses.append(found))
    return links, misses
