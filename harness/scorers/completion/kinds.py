"""The package's targets as prose names them other than by name: by number ("Study 13" beside
``symmetry-study-12``, "31 \u2713"), and by kind ("both appointments" of ``groom-appt-0312`` and
``groom-appt-0313``; "all three recaptures" of the ``recap-*`` targets). A clause that names
every target of a kind and says they are over claims each of them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from harness.text.names import target_words
from harness.text.normal import ascii_fold, clean


@dataclass(frozen=True)
class Target:
    """A known target as prose names it: its words and numbers."""

    name: str
    words: frozenset[str]
    numbers: frozenset[int]
    own: frozenset[str]  # its words no other known target has: its name, not its kind's
    kind: frozenset[str]  # the words of its first part ("ledger" of ledger-birch)


@lru_cache(maxsize=256)
def targets(known: tuple[str, ...]) -> tuple[Target, ...]:
    """The package's targets, read once per package (scoring asks for every clause)."""
    split = {k: target_words(k) for k in known}
    out: list[Target] = []
    for k, (words, numbers) in split.items():
        others = set().union(*(w for j, (w, _) in split.items() if j != k))
        kind = target_words(re.split(r"[-_\s]", clean(k))[0])[0]
        out.append(Target(k, words, numbers, frozenset(words - others), kind))
    return tuple(out)


@lru_cache(maxsize=4096)
def accents_off(text: str) -> str:
    """``text`` with each accented letter as its base letter, one character for one ("Zoë" is
    "Zoe", "Thảo" "Thao"), so that a position in it is the same position in ``text``."""
    if text.isascii():
        return text
    return "".join(f if len(f := ascii_fold(c)) == 1 else c for c in text)


def numbered_siblings(text: str, known: Sequence[str]) -> list[tuple[str, int]]:
    """Items of a numbered series the host acts on, named in prose by another number ("Study 13"
    beside ``symmetry-study-12``, "grade batch 4" beside ``grade-batch-3``): the last word
    before the target's number followed by a number no known target of that kind has."""
    found: list[tuple[str, int]] = []
    plain = accents_off(clean(text))
    for t in targets(tuple(known)):
        parts = [p for p in re.split(r"[\s_.:/#-]+", clean(t.name)) if p]
        if len(t.numbers) != 1 or len(parts) < 2 or not parts[-1].isdigit():
            continue
        word = parts[-2]
        if word.isdigit() or len(word) < 4:
            continue  # "tk-118": too short a word to tell a series by
        for m in re.finditer(rf"\b{re.escape(word)}s?[\s#-]*(\d+)\b", plain):
            number = int(m.group(1))
            if number in t.numbers or any(
                number in o.numbers and word in o.name for o in targets(tuple(known))
            ):
                continue
            found.append(("-".join([*parts[:-1], m.group(1)]), m.start()))
    return found


_MARKED_NUMBER = re.compile(r"(?<![\w.-])(\d+)\s*[\u2713\u2714\u2611\u2705]")


def marked_numbers(text: str, known: Sequence[str]) -> list[tuple[str, int]]:
    """Numbers each marked done ("Uploads: 31 \u2713 32 \u2713 33 \u2713"), as the targets whose
    number they are; once one is a host target, a marked number no target has is an item the
    host has no record of."""
    marked = [(int(m.group(1)), m.start()) for m in _MARKED_NUMBER.finditer(text)]
    numbered = {k: target_words(k)[1] for k in known}
    found: list[tuple[str, int]] = []
    for number, at in marked:
        owners = [k for k, ns in numbered.items() if ns == {number}]
        found += [(owners[0], at)] if len(owners) == 1 else []
    if found:
        taken = {at for _, at in found}
        found += [(str(n), at) for n, at in marked if at not in taken]
    return found


#: A kind named in the plural with a quantifier of every one: "both appointments", "all three
#: recaptures", "the two bundles", "each of the runs".
_EVERY_OF_KIND = re.compile(
    r"\b(?:both|all|the two|the three|each of the)\s+(?:of\s+)?(?:(?:the|my|our|these|those|"
    r"today's|tonight's|two|three|four|five)\s+)*(?:[\w-]+\s+){0,2}?"
    r"(?P<kind>[a-z]{3,}(?:s|es))\b"
)


def _singular(word: str) -> str:
    for end, to in (("ies", "y"), ("ches", "ch"), ("shes", "sh"), ("xes", "x"), ("s", "")):
        if word.endswith(end):
            return word[: -len(end)] + to
    return word


def _of_kind(kind: str, t: Target) -> bool:
    """Is ``t`` of the kind written out: a word of its name is the word, or the word cut short
    to four letters or more ("recap" of "recapture", "appt" of "appointment")."""
    return any(w == kind or (len(w) >= 4 and (kind.startswith(w) or _abbreviates(w, kind)))
               for w in t.words)  # fmt: skip


def _abbreviates(short: str, word: str) -> bool:
    """ "appt" of "appointment": its first two letters, then the rest in order."""
    if short[:2] != word[:2] or not short.isalpha():
        return False
    rest = iter(word[2:])
    return all(c in rest for c in short[2:])


def kind_mentions(text: str, known: Sequence[str]) -> list[tuple[str, int]]:
    """(target, position) of every known target of a kind the text names in the plural with a
    quantifier of all of them; a kind only two or more targets are of, so that one target's
    word ("both notes") is not read as a kind."""
    found: list[tuple[str, int]] = []
    for m in _EVERY_OF_KIND.finditer(text):
        kind = _singular(m.group("kind"))
        of_kind = [t.name for t in targets(tuple(known)) if _of_kind(kind, t)]
        if len(of_kind) >= 2:
            found += [(k, m.start("kind")) for k in of_kind]
    return found
