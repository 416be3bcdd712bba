"""A clause about whether a reply is still owed, against a line that closes the matter.

"no need to reply", "no answer needed", "nothing more needed from you": the writer closes the
thread. A clause that says no reply is needed ("the thread needs no reply") agrees with it; one
that says a reply is awaited, needed or owed ("Mira is still waiting for an answer") is the
opposite. Why a rule of its own: the line is also its writer's own word, which the answer reading
(``support_prose``) takes for a reply given, and the words "reply" and "need" on both sides say
nothing of polarity to a reading by shared words.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from harness.scorers.claim_support import Backing
from harness.scorers.support_claim import ClaimReading
from harness.scorers.support_link import is_receipt
from harness.text.normal import ascii_fold, clean

Label = tuple[str, str]

_REPLY = r"(?:reply|replies|answer|answers|response|word back|write back|respond)"
#: A line that closes the matter: no reply is needed.
_CLOSES = re.compile(
    rf"\bno need to {_REPLY}|\bno {_REPLY} (?:is )?(?:needed|required|necessary|expected)\b|"
    r"\b(?:nothing|no) (?:more|further|else) (?:is )?(?:needed|required)\b|"
    r"\bdon'?t (?:need|have) to (?:reply|answer|respond|write back)\b"
)
#: A clause that says the matter is closed: no reply needed.
_CLAUSE_CLOSED = re.compile(
    rf"\bneeds? no {_REPLY}|\bno {_REPLY} (?:is )?(?:needed|required|necessary|expected)\b|"
    rf"\bno need to {_REPLY}|\bnothing (?:is )?(?:owed|needed)\b"
)
#: A clause that says a reply is still awaited, needed or owed.
_CLAUSE_OPEN = re.compile(
    rf"\b(?:waiting|waits|wait) (?:for|on) (?:an?|the|your|his|her|their|a further) {_REPLY}|"
    rf"\b(?:expects?|expecting|needs?|needing|wants?) (?:an?|the|your|some) {_REPLY}|"
    rf"\bowes? (?:\w+ )?(?:an? )?{_REPLY}|\b{_REPLY} (?:is )?(?:still )?(?:owed|outstanding|due)\b"
)
_NOT = re.compile(r"\b(?:not|never)\b|n't\b")


def closure_label(reading: ClaimReading, pool: Sequence[Backing]) -> Label | None:
    """The clause against the newest line of a cited item that closes the matter, or None where
    the clause says nothing of a reply owed or no item closes it."""
    plain = clean(ascii_fold(reading.text))
    if _CLAUSE_CLOSED.search(plain):
        closed = True
    elif _CLAUSE_OPEN.search(plain):
        # "is not waiting for an answer" says it is closed
        closed = bool(_NOT.search(plain))
    else:
        return None
    found = [
        b for b in pool if not is_receipt(b) and _CLOSES.search(clean(ascii_fold(b.item.text)))
    ]
    if not found:
        return None
    b = max(found, key=lambda x: x.item.at)
    said = f"{b.item.id} closes the matter: no reply needed"
    return ("supported", f"{said}, as the claim says") if closed else (
        "contradicted", f"{said}; the claim says one is awaited")  # fmt: skip
