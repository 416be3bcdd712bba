"""Quantified statements: "all three renders are finished", "both posts are on the feed" claim
the action of every thing of their kind on that occasion. A statement that names no target
leaves the receipts to say which things those are: when one of them (the latest receipt for its
target that day) has not succeeded, the statement claims it too, and no receipt proves that.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime

from harness.schema import SUCCESS_STATUSES
from harness.scorers.completion.lists import TargetReceipt
from harness.text.normal import clean

_NUMBER = r"(?:two|three|four|five|six|seven|eight|nine|ten|\d{1,2})"
#: "both renders", "all three posts", "all of the reminders", "all 3.4.0 installers", "every
#: reminder", and the
#: quantifier after its verb ("are both on the feed"). "all done" quantifies nothing.
_ALL = re.compile(
    rf"\b(?:both|all)\s+(?:of\s+)?(?:(?:the|my|our|these|those|today's|tonight's)\s+)?"
    rf"(?:{_NUMBER}\s+)?(?:[\w'.-]+\s+){{0,2}}?[a-z]{{3,}}s\b|"
    rf"\b(?:every|each)\s+(?:one\s+of\s+the\s+)?[a-z]{{3,}}\b|"
    rf"\b(?:are|were|have|got)\s+(?:both|all)\b|"
    # "Lumen and vesna: both sealed": "both" before the participle it quantifies
    rf"\bboth\s+(?:now\s+|already\s+)?(?:[a-z]{{3,}}ed|sent|paid|done|gone)\b"
)


#: A receipt's text that lists more than one thing moved.
_OUTCOME_PAIR = re.compile(r"\b[a-z]+ed\s+(?:and|&)\s+[a-z]+ed\b")
_SEVERAL = re.compile(r"\s\+\s|&|\band\b|,\s*\w")
#: The joins of a list of things moved, as counted when a statement names three or more
#: (commas are too common in a receipt's text to count items by).
_JOINS = re.compile(r"\s\+\s|&|\band\b")
_NUMBERS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
            "nine": 9, "ten": 10}  # fmt: skip
#: Things one act moves many of at once: counted, they are its parts, not acts.
_PARTS = re.compile(
    r"\s*(?:files|frames|pages|tiles|images|photos|pictures|scans|hashes|rows|lines|tiffs|"
    r"jpegs|pngs|pdfs|sheets|copies|attachments)\b"
)
#: How many times a statement says the act happened ("sealed twice today").
_TIMES = re.compile(r"\b(?:twice|(?P<n>two|three|four|five|\d)\s+times)\b")


def _how_many(clause: str, said: str | None) -> tuple[int, str] | None:
    """How many things (or times) a quantified statement claims, and the words that say so:
    "both" two, "all three" three, "twice" two; None when it says no number (or more than ten:
    "all 64 page hashes" counts parts, not acts)."""
    if said is not None and re.search(r"\bboth\b", said):
        return 2, said
    if said is not None:
        m = re.search(r"\ball\s+(?:of\s+)?(?:(?:the|my|our|these|those)\s+)?(two|three|four|five|six|"
                      r"seven|eight|nine|ten|[2-9]|10)\b(?!\.\d)", said)  # fmt: skip
        if m is not None and _PARTS.search(said, m.end()):
            return None  # "all nine files": the parts one act moves, not acts
        if m is not None:
            return (int(m.group(1)) if m.group(1).isdigit() else _NUMBERS[m.group(1)]), said
    t = _TIMES.search(clean(clause))
    if t is None:
        return None
    n = t.group("n")
    return (2 if n is None else int(n) if n.isdigit() else _NUMBERS[n]), t.group()


_ENTRIES = re.compile(r"\b(?:entries|entry|lines|notes|records)\b")


def quantifier(clause: str) -> str | None:
    """The words by which ``clause`` speaks of every thing of a kind, or None."""
    m = _ALL.search(clean(clause))
    return m.group() if m else None


def unfinished_of_all(
    clause: str,
    proof: TargetReceipt,
    own: Sequence[TargetReceipt],
    recorded_at: datetime,
    record: bool = False,
) -> str | None:
    """Why a quantified statement is not proved by ``proof``: another thing of the same action
    that day, by its latest receipt at or before ``recorded_at``, has not succeeded. For a
    ``record`` (a journal entry) the count is of what it is about ("wrote both accessions into
    the journal" is one entry), unless it counts the entries themselves."""
    said = quantifier(clause)
    if said is None or proof.at is None or (record and not _ENTRIES.search(said)):
        return None
    few = not_both(clause, [proof], own, recorded_at)
    if few is not None:
        return few
    day = proof.at.date()
    latest: dict[str, TargetReceipt] = {}
    for r in sorted((r for r in own if r.at is not None and r.at <= recorded_at
                     and r.at.date() == day), key=lambda r: r.at or recorded_at):  # fmt: skip
        latest[r.target] = r
    left = [r for r in latest.values() if r.status not in SUCCESS_STATUSES]
    if not left:
        return None
    return (
        f"says {said!r}; of the same action that day "
        + ", ".join(f"{r.id} ({r.target}) is {r.status}" for r in left)
        + ": not all of them happened"
    )


def _lists_two(text: str, said: str) -> bool:
    """Whether a receipt's text lists more than one thing: joined ("TIFF + contact sheet"), and
    not one numbered thing of the kind the statement counts ("both invoices" against "invoice
    TW-2231, 48 GC vials, paid", whose commas part its details)."""
    # "signed and sealed": two words of one act's outcome, not two things
    text = _OUTCOME_PAIR.sub(" ", text)
    if not _SEVERAL.search(text):
        return False
    if _JOINS.search(text):
        return True
    kind = said.split()[-1].removesuffix("s")
    return len(re.findall(rf"\b{re.escape(kind)}s?\s+[\w#-]*\d", clean(text))) != 1


def not_both(
    clause: str,
    proofs: Sequence[TargetReceipt],
    own: Sequence[TargetReceipt],
    recorded_at: datetime,
) -> str | None:
    """Why a statement of "both" things is not proved: one success of the action in all, and
    ``proofs`` list no second thing ("both reminders are acknowledged" against one
    acknowledgement; one receipt that lists two, "TIFF + contact sheet", is both)."""
    counted = _how_many(clause, quantifier(clause))
    if counted is None or counted[0] < 2:
        return None
    wanted, said = counted
    done = {r.id for r in own if r.at is not None and r.at <= recorded_at
            and r.status in SUCCESS_STATUSES}  # fmt: skip
    found = len(done | {p.id for p in proofs})
    if wanted == 2:
        if found >= 2 or any(_lists_two(p.text or "", said) for p in proofs):
            return None
        return f"says {said!r}; only {', '.join(sorted(done))} of that action succeeded: not both"
    listed = sum(len(_JOINS.findall(p.text or "")) for p in proofs)
    # "all 24 frames" against "24 frames, 4096px": parts of one act, counted by its receipt
    parts = any(re.search(rf"(?<![\d.,]){wanted}(?![\d.,]\d)", p.text or "") for p in proofs)
    if found + listed >= wanted or parts:
        return None
    return (f"says {said!r} ({wanted}); only {', '.join(sorted(done)) or 'none'} of that "
            "action succeeded")  # fmt: skip
