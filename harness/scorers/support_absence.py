"""A clause against a statement of absence: "No seal.", "no journal entry", "checks: none",
"Wrote to nobody.", an empty list field (``"checks": []``).

Why a module of its own: such a statement names the thing that did not come about with a noun
or a bare verb, and no status word. The statement reading (``support_statements``) finds no
state in it, and the item-level reading matches the clause's words against the item's other
statements ("audited project-general" for "re-sealed project-general"), which gives the wrong
polarity. Here the absent words are read off the statement and compared with the clause's own
act and object: every absent word among the clause's words, and the statement says the clause's
act did not come about. The clause affirming it is contradicted; the clause denying it is
supported. A statement that is asked, guessed or planned says nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from harness.schema import EvidenceItem
from harness.scorers.claim_support import Backing
from harness.scorers.completion import lexicon as lx
from harness.scorers.completion.lexicon import Action
from harness.scorers.support_claim import ClaimReading
from harness.scorers.support_dates import DEICTIC, days_in
from harness.scorers.support_link import is_receipt
from harness.scorers.support_statements import statements_of, uncommitted, verb_families
from harness.scorers.support_words import AGENTS
from harness.text.normal import ascii_fold, clean
from harness.text.roots import root, roots, same_root

Label = tuple[str, str]

#: "no journal entry", "No seal.": a statement that opens with "no" and a noun of one to three
#: words, then ends or goes on after a comma. "no need to ..." and "no longer" are no absence.
_NO_NOUN = re.compile(
    r"^\W*no\s+(?!need\b|longer\b|more\b|doubt\b|problem\b|worries\b)"
    r"([a-z][\w-]*(?:\s+[a-z][\w-]*){0,2})\s*(?:[,.;!]|$)"
)
#: "checks: none", "replies - 0": a heading and nothing under it.
_NONE_UNDER = re.compile(
    r"^\W*([a-z][\w-]*(?:\s+[a-z][\w-]*){0,2})\s*(?::|\s-)\s*(?:none|nothing|nil|n/a|0)\s*[.!]?$"
)
#: "Wrote to nobody", "sent nothing": a verb whose object is no one or nothing.
_VERB_NOBODY = re.compile(
    r"^\W*([a-z]{3,})\s+(?:to\s+|with\s+)?(?:nobody|no one|noone|nothing|none)\b"
)


@dataclass(frozen=True)
class Absence:
    """One statement of absence: its text, the roots of what it says is absent, whether that
    is a bare verb (the writer's own act), and, for a universal one ("Nothing went out
    today"), the action families it denies and the day word it is said of."""

    text: str
    absent: frozenset[str]
    verb: bool = False
    families: frozenset[Action] = frozenset()
    day: str = ""


def _absences(item: EvidenceItem) -> tuple[Absence, ...]:
    """Every statement of absence of the item, and every empty list among its fields."""
    sender = str((item.data or {}).get("from") or "") if item.kind == "message" else ""
    out: list[Absence] = []
    # most items state no absence: their statements are not read for one (scoring speed)
    marked = _MARKED.search(clean(ascii_fold(item.text))) is not None
    for s in statements_of(item.id, item.text, sender) if marked else ():
        for part in _parts(s.text):
            if uncommitted(part):
                continue  # "no seal yet?" asks; "no seal, probably" guesses
            plain = clean(ascii_fold(part)).strip()
            found = _absence(part.strip(), plain)
            if found is not None:
                out.append(found)
                break
    for key, value in (item.data or {}).items():
        if isinstance(value, list) and not value:
            absent = frozenset({root(w) for w in re.split(r"[_\W]+", key) if w})
            out.append(Absence(f"{key}: []", absent))
    return tuple(out)


def _absence(text: str, plain: str) -> Absence | None:
    for pattern, verb in ((_NO_NOUN, False), (_NONE_UNDER, False), (_VERB_NOBODY, True)):
        hit = pattern.match(plain)
        if hit is not None:
            return Absence(text, frozenset(root(w) for w in hit.group(1).split()), verb)
    if _UNIVERSAL.search(plain) and not _RESPONSE.search(plain):
        families = _verb_families(plain)
        if families:
            day = DEICTIC.search(plain)
            return Absence(text, frozenset(), True, families, day.group() if day else "")
    return None


#: A word every form of absence below holds.
_MARKED = re.compile(r"\b(?:no|none|nothing|nobody|noone|nil|n/a|0|anyone|anybody|anything)\b")
#: "Nothing went out today", "Not sending to anyone today", "nobody was paid": no act of the
#: kind its verb names came about, whatever its object.
_UNIVERSAL = re.compile(
    r"\b(?:nothing(?! (?:new|more|else|much|owed|due|pending|to|left))|nobody|no one|noone)\b|"
    r"\b(?:not|never|no)\b[^.;]*\b(?:anyone|anybody|anything)\b"
)
#: Words of someone else's response ("nobody replied"): not the writer's own act.
_RESPONSE = re.compile(r"\b(?:repl|answer|respon|back\b|heard)")
#: "went out", "go out": a sending of any kind.
_OUT = re.compile(r"\b(?:went|gone|go|goes|going) out\b")
_GOING_OUT = frozenset({lx.SEND, lx.DELIVER_FILE, lx.PUBLISH})


def _verb_families(plain: str) -> frozenset[Action]:
    """The action families the text's verbs name ("sending", "paid"), and a sending of any
    kind for "went out" ("something went out today")."""
    return verb_families(plain) | (_GOING_OUT if _OUT.search(plain) else frozenset())


def _parts(text: str) -> Iterator[str]:
    """The statement, and its part before the first comma ("no journal entry, will think
    first"): the absence is stated there whatever the rest adds."""
    yield text
    head = text.split(",", 1)[0]
    if head != text:
        yield head


def _clause_words(reading: ClaimReading) -> frozenset[str]:
    """The roots of the clause's words, its verb too, with a "re" prefix off as well: a
    recheck is a check, re-sealing is sealing."""
    words = re.findall(r"[a-z][a-z-]*", clean(ascii_fold(reading.text)))
    out = set(roots(reading.text))
    for w in words:
        out.add(root(w))
        bare = w.removeprefix("re-") if w.startswith("re-") else w.removeprefix("re")
        if bare != w and len(bare) >= 4:
            out.add(root(bare))
    if reading.verb:
        out.add(root(reading.verb))
    return frozenset(out)


def _same_family(mine: frozenset[Action], theirs: frozenset[Action]) -> bool:
    return any(a is b or a.matches(b.verb) or b.matches(a.verb) for a in mine for b in theirs)


def _all_in(absent: frozenset[str], words: frozenset[str]) -> bool:
    return bool(absent) and all(any(same_root(a, w) for w in words) for a in absent)


def absence_label(reading: ClaimReading, pool: Sequence[Backing]) -> Label | None:
    """The clause against the newest statement of absence whose every absent word is one of
    the clause's own words, or None. A bare verb's absence ("Wrote to nobody") is the writer's
    own: it answers a clause of the agent's act or no one's, not another person's."""
    words = _clause_words(reading)
    person = reading.head.lower() if reading.subject_acts else ""
    # the clause's own verbs, not its nouns ("the render retries" is no render done)
    mine = frozenset(reading.asserted) | _verb_families(clean(ascii_fold(reading.text)))
    day = DEICTIC.search(clean(ascii_fold(reading.text)))
    found: list[tuple[Backing, str]] = []
    for b in pool:
        if is_receipt(b):
            continue
        for a in b.once(_absences):
            if a.families:
                if not _same_family(mine, a.families) or (day and day.group() != a.day):
                    continue  # another kind of act; or a claim of another day than it
                if not day and days_in(reading.text):
                    continue
            elif not _all_in(a.absent, words):
                continue
            if a.verb and person and person not in AGENTS:
                continue
            found.append((b, a.text))
    if not found:
        return None
    b, text = max(enumerate(found), key=lambda e: (e[1][0].item.at, e[0]))[1]
    said = f"{b.item.id} says {text!r}: none, so undone"
    # the clause's own negation of the thing ("ran no checks", "did not re-seal", "- no
    # deadline") denies it, whatever else the clause says came about
    claim = "undone" if reading.negated or reading.says == "undone" else "done"
    if claim == "undone":
        return "supported", f"{said}, as the claim says"
    return "contradicted", f"{said}; the claim says done"
