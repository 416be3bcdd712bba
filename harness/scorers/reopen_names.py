"""How prose names a settled matter's words: an id glued of letters and digits as prose spells
it ("week 47" of ``wk47``, "T-14" of ``t14``), a version without its dots ("3.2.0" of
``ines-320-notice``), a month of the matter's ``YYYY-MM`` by its name ("October" of
``lst-map-2026-10``), a job's number alone ("Reopen 4471" of ``job-4471``), and a thread by
the people who wrote in it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from harness.schema import EvidenceItem

#: Words of a matter that say only what kind of thing it is: its number names it alone.
KIND_WORDS = frozenset(
    {"job", "task", "ticket", "order", "case", "invoice", "booking", "request", "issue", "pr",
     "item", "visit", "callout", "call"}
)  # fmt: skip
#: Letters glued to a number ("wk47", "unit7"), as ids write what prose writes apart.
GLUED = re.compile(r"([a-z]+)(\d+)")
_MONTHS = "january february march april may june july august september october november december"
_YEAR_MONTH = re.compile(r"(?<!\d)(20\d\d)[-_](0[1-9]|1[0-2])(?![\d-])")


@cache
def _spelt(word: str) -> re.Pattern[str]:
    """The word as prose may write it: glued letters and digits apart, the letters an
    abbreviation of a longer word ("wk" of "week"), the digits without leading zeros."""
    glued = GLUED.fullmatch(word)
    calver = re.fullmatch(r"(20\d\d)\.(\d+(?:\.\d+)*)", word)
    if calver is not None:
        # "the 9.0 release" of release-2027.9.0: a calendar version written without its year
        short = (
            re.escape(calver[2]).replace(r"\.0", r"(?:\.0)?")
            if calver[2].endswith(".0")
            else re.escape(calver[2])
        )
        return re.compile(rf"(?<![\d.])(?:{calver[1]}\.)?{short}(?![\d.]*\d)")
    if "." in word:
        return re.compile(rf"(?<![\d.]){re.escape(word)}(?![\d.]*\d)")
    if word.isdigit() and 2 <= len(word) <= 4:
        # "the 3.2.0 notice" of thread:ines-320-notice: an id writes a version without its dots
        dotted = r"\.".join(word)
        return re.compile(rf"\b{word}\b|(?<![\d.]){dotted}(?![\d.]*\d)")
    if glued is None and word.isalpha() and len(word) >= 3:
        # "the Ashgroves" of ashgrove, "the certificate" of cert: a word cut short names it
        return re.compile(rf"\b{word}[a-z]*\b")
    if glued is None:
        return re.compile(rf"\b{re.escape(word)}\b")
    return re.compile(rf"\b{_glued_spelling(glued)}\b")


def _glued_spelling(glued: re.Match[str]) -> str:
    """An id of letters and digits apart, the letters an abbreviation ("week 41" of w41)."""
    return "[a-z]*?".join(glued[1]) + rf"[a-z]*[\s_-]*0*{int(glued[2])}"


def word_in(plain: str, word: str) -> bool:
    """Is the matter's ``word`` in ``plain`` (cleaned), as it or as prose spells it?"""
    # "the stand-down" of epo-standdown: a hyphen inside a word is no word break
    spelt = _spelt(word)
    return spelt.search(plain) is not None or spelt.search(plain.replace("-", "")) is not None


def month_named(plain: str, matter: str) -> bool:
    """Does ``plain`` name the month of a ``YYYY-MM`` in the matter's id by its name?"""
    m = _YEAR_MONTH.search(matter)
    if m is None:
        return False
    name = _MONTHS.split()[int(m[2]) - 1]
    return re.search(rf"\b{name[:3]}(?:{name[3:]})?\b", plain) is not None


def distinctive_name(text: str, words: set[str], found: set[str]) -> bool:
    """Does the text name the matter by its ids of letters and digits, every one of them, each
    standing alone ("week 41" of w41; not "L07 week-49" of l07-w48, nor the m31 inside
    "ds-m31-l2")? Such an id names one thing, whatever the matter's other words."""
    glued = {w for w in words if GLUED.fullmatch(w)}
    return bool(glued) and glued <= found and all(_alone(text, w) for w in glued)


def _alone(text: str, word: str) -> bool:
    """Is the id written as a name of its own, not inside a longer hyphenated id?"""
    m = GLUED.fullmatch(word)
    if m is None:
        return False
    return re.search(rf"(?<![\w-]){_glued_spelling(m)}(?![\w-])", text.lower()) is not None


def thread_writers(matter: str, context: Sequence[EvidenceItem]) -> set[str]:
    """Who wrote in a settled thread: messages filed under it name their sender."""
    return {
        str((i.data or {}).get("from")).lower()
        for i in context
        if i.kind == "message" and (i.data or {}).get("thread") == matter
        and (i.data or {}).get("from")
    }  # fmt: skip


#: Parts of a sender's id that say what kind of sender it is, not who ("family-okonjo").
_SENDER_KINDS = frozenset({"family", "team", "office", "desk", "group", "list", "dept", "staff"})


def writer_named(plain: str, writer: str) -> bool:
    """Is the sender named: by the whole id, or by a name among its parts ("the Okonjos" of
    ``family-okonjo``)?"""
    if re.search(rf"\b{re.escape(writer)}\b", plain):
        return True
    parts = [p for p in re.split(r"[-_.]+", writer) if len(p) >= 4 and p.isalpha()]
    return any(re.search(rf"\b{re.escape(p)}(?:s|es)?\b", plain)
               for p in parts if p not in _SENDER_KINDS)  # fmt: skip
