"""Ordinals as ids: "the third installment" is not the receipt of the second, and "the first
refund round" is ``refund-round-1``, not ``refund-round-2``."""

from __future__ import annotations

import re

from harness.text.normal import clean
from harness.text.roots import root

#: Words before a number that are no noun it numbers.
NO_NOUN = frozenset({"the", "a", "an", "of", "for", "to", "in", "on", "at", "by", "and", "or",
                   "its", "his", "her", "their", "our", "my", "your", "this", "that", "all",
                   "from", "with", "about", "since", "until", "after", "before"})  # fmt: skip


_ORDINALS = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4,
             "4th": 4, "fifth": 5, "5th": 5, "sixth": 6, "6th": 6}  # fmt: skip
_ORDINAL = re.compile(r"\b(" + "|".join(_ORDINALS) + r")\s+([a-z][a-z-]+)")


def other_ordinal(claim: str, text: str) -> tuple[str, str] | None:
    """An ordinal is an id too: "the third installment" is not the receipt of the "second
    installment" (the same noun, another number)."""
    said = {(root(n), _ORDINALS[o]): f"{o} {n}" for o, n in _ORDINAL.findall(clean(claim))}
    have = {(root(n), _ORDINALS[o]): f"{o} {n}" for o, n in _ORDINAL.findall(clean(text))}
    for (noun, number), words in said.items():
        others = [w for (n, m), w in have.items() if n == noun and m != number]
        if others and (noun, number) not in have:
            return words, others[0]
    return None


def ordinal_of_target(claim: str, target: str) -> bool | None:
    """ "The first refund round" of ``refund-round-1`` (True), of ``refund-round-2`` (False): an
    ordinal before a noun the target numbers; None where the target numbers no such noun."""
    for m in _ORDINAL_PHRASE.finditer(clean(claim)):
        for noun in m[2].split():
            if not noun.isalpha() or noun in NO_NOUN:
                continue  # "the first attempt at turn-0388": the id is no numbered noun
            glued = rf"(?:^|[-_]){re.escape(root(noun))}[a-z]*[-_]?0*(\d+)(?:$|[-_])"
            numbered = re.search(glued, target.lower())
            if numbered is not None:
                return int(numbered[1]) == _ORDINALS[m[1]]
    return None


#: An ordinal and up to three words after it ("the first refund round").
_ORDINAL_PHRASE = re.compile(
    r"\b(" + "|".join(_ORDINALS) + r")\s+((?:[a-z][a-z-]+\s+){0,2}[a-z][a-z-]+)"
)
