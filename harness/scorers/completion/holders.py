"""Who a thing can reach: the holder of "X has the scans" or the recipient of "told X" must be a
name the sentence or the package knows, a place things are delivered to, or an id; a word that
is none of these is a container or a pronoun ("the outbox holds the scans")."""

from __future__ import annotations

import re
from collections.abc import Sequence

from harness.scorers.completion import lexicon as lx
from harness.text.names import Named, name_variants, target_words
from harness.text.normal import ascii_fold


def named_word(who: str, named: Sequence[Named], known: Sequence[str]) -> bool:
    """A name the sentence names, a place things go to, or a word of a known target."""
    plain = who.removesuffix("'s")
    if any(plain in n.literal.split() for n in named if not n.is_id):
        return True
    if lx.destination_family(plain) is not None:
        return True  # "is with the bindery": a place things are delivered to
    # target words are singular ("the students" of students-autumn) and unaccented ("Émile")
    forms = {plain, plain.removesuffix("s") if len(plain) > 3 else plain, ascii_fold(plain)}
    return any(plain in name_variants(k) or forms & target_words(k)[0] for k in known)


def holder(who: str, named: Sequence[Named], known: Sequence[str], before: str = "") -> bool:
    """A person or target a thing can reach: a name the sentence or the package knows, or an id
    ("glass-series-b got its seal"), never a container ("the outbox holds the scans")."""
    plain = who.removesuffix("'s")
    return (any(c.isdigit() for c in plain) or "-" in plain or named_word(plain, named, known)
            or named_by_modifier(plain, before, known))  # fmt: skip


_LAST_WORD = re.compile(r"([a-z]{2,})\s+$")


def named_by_modifier(who: str, before: str, known: Sequence[str]) -> bool:
    """A holder named by the word before it, as a target writes it: "the venue coordinator"
    of ``hales-venue``, "bed manager" of ``bed-mgr``, "the print lab" of ``printlab``."""
    m = _LAST_WORD.search(before)
    if m is None or m.group(1) in _NOT_MODIFIERS or not who.isalpha():
        return False
    word = m.group(1)
    return any(word in (words := target_words(k)[0]) or word + who in words for k in known)


#: Words before a holder that are no part of its name.
_NOT_MODIFIERS = frozenset(
    {"the", "our", "my", "your", "his", "her", "their", "its", "and", "or", "now", "also", "so",
     "that", "this", "then", "yes", "both", "all", "of", "for", "to", "in", "on", "at", "with",
     "by", "from"}
)  # fmt: skip
