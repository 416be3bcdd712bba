"""Dates a claim gives against the dates its evidence states.

A date in what a clause says of its subject ("the visit is booked for Dec 10") is a claim about
that one occasion: an item that states the occasion's day as another ("studio visit Dec 3")
contradicts it, and the claim negated ("not booked for Dec 10") agrees. A date that names the
subject ("the Dec 10 seminar") picks an occasion instead, which other rules answer. An item's
timestamp is when it was written, not the day of what it books, so only the days its text and
its target state count.

A day named by when the claim is made ("today's note", "tonight", "yesterday") cannot be placed
by the evidence, which carries no "now": only an item that says the same word answers it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from harness.scorers.claim_support import Backing
from harness.text.normal import ascii_fold, clean

_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_MONTH = r"(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?"
_MONTH_DAY = re.compile(rf"\b{_MONTH}\s*(\d{{1,2}})(?:st|nd|rd|th)?\b")
_DAY_MONTH = re.compile(rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+{_MONTH}(?![a-z])")
#: Words that name a day by when they are said.
DEICTIC = re.compile(
    r"\b(?:today|today's|tonight|tonight's|yesterday|yesterday's|this (?:morning|afternoon|"
    r"evening))\b"
)


def days_in(text: str) -> set[tuple[int, int]]:
    """(month, day) of every date written as a month and a day ("Dec 3", "3 December", the
    "dec3" of an id)."""
    plain = clean(ascii_fold(text)).replace("-", " ")
    found = {(_MONTHS.index(m) + 1, int(d)) for m, d in _MONTH_DAY.findall(plain)}
    found |= {(_MONTHS.index(m) + 1, int(d)) for d, m in _DAY_MONTH.findall(plain)}
    return {(m, d) for m, d in found if 1 <= d <= 31}


def strip_days(text: str) -> str:
    """The text without its month-and-day dates."""
    for pattern in (_MONTH_DAY_RAW, _DAY_MONTH_RAW):
        text = pattern.sub(" ", text)
    return " ".join(text.split())


_MONTH_DAY_RAW = re.compile(_MONTH_DAY.pattern, re.IGNORECASE)
_DAY_MONTH_RAW = re.compile(_DAY_MONTH.pattern, re.IGNORECASE)


def _stated_days(b: Backing) -> set[tuple[int, int]]:
    target = str((b.item.data or {}).get("target") or "")
    return days_in(f"{b.item.text} {target}")


def date_label(
    text: str, subject: str, negated: bool, items: Sequence[Backing]
) -> tuple[str, str] | None:
    """The clause's predicate dates against the days the linked items state: one the items give
    otherwise is contradicted (supported when the clause denies it); None where they agree, say
    no day, or the clause gives its date only in its subject."""
    given = days_in(text) - days_in(subject)
    stated = set().union(*(_stated_days(b) for b in items)) if items else set()
    if not given or not stated or given & stated:
        return None
    m, d = sorted(stated)[0]
    why = f"the cited items give {_MONTHS[m - 1].capitalize()} {d}, not the day it names"
    return ("supported" if negated else "contradicted"), why


def deictic_label(text: str, pool: Sequence[Backing]) -> tuple[str, str] | None:
    """A day named by when the claim is made, which no cited item says in the same word."""
    said = DEICTIC.search(clean(ascii_fold(text)))
    if said is None:
        return None
    word = said.group().removesuffix("'s")
    if any(re.search(rf"\b{word}\b", clean(b.item.text)) for b in pool):
        return None
    return "unsupported", f"'{said.group()}' is a day no cited item places"


#: "it is Dec 3", "that was on Oct 2": a clause that only gives the day of what came before.
_ONLY_A_DAY = re.compile(r"^\s*(?:it|that|this|they)\s+(?:is|was|are|were)\s+(?:on\s+|for\s+)?"
                         r"(?P<day>[\w ]+?)[\s.]*$")  # fmt: skip


def day_only_label(text: str, pool: Sequence[Backing]) -> tuple[str, str] | None:
    """A clause that only says which day the occasion before it is: a pronoun has no name to
    link by, so the days the cited items state answer it."""
    m = _ONLY_A_DAY.match(clean(ascii_fold(text)))
    given = days_in(m.group("day")) if m else set()
    stated = set().union(*(_stated_days(b) for b in pool)) if pool else set()
    if not given or not stated:
        return None
    if given & stated:
        return "supported", "a cited item gives that day"
    return "contradicted", "the cited items give another day"


def subject_day_label(subject: str, items: Sequence[Backing]) -> tuple[str, str] | None:
    """A date in the clause's subject picks the occasion it speaks of ("the Oct 9 backup
    reminder"): linked items that give their occasion another day, in their text or by their
    own date, and never that one, speak of another occasion; unsupported (neither backed nor
    denied). None where the subject gives no date, or an item gives that day or none."""
    given = days_in(subject)
    if not given or not items:
        return None
    for b in items:
        own = {(b.item.at.month, b.item.at.day)} | _stated_days(b)
        if given & own or not _stated_days(b):
            return None
    m, d = sorted(given)[0]
    return (
        "unsupported",
        f"it speaks of the {_MONTHS[m - 1].capitalize()} {d} occasion; the "
        "cited items give another day",
    )


#: Months a subject names by their full name, capitalised as months are written ("the October
#: payout"); "May" is left out, being a word of its own, and so are the short forms in prose
#: ("Jan", "Mar" are names too). A lower-case "march" is a verb.
_FULL_MONTHS = ("January", "February", "March", "April", None, "June", "July", "August",
                "September", "October", "November", "December")  # fmt: skip
_MONTH_WORD = re.compile(r"\b(" + "|".join(m for m in _FULL_MONTHS if m) + r"|Sept)\b")
#: Month parts of an id ("newsletter-sep", "archive-aug", "report-september"); the short forms
#: that are names or words too ("jan", "mar", "may", "jun") are left out.
_ID_MONTHS = {
    **{m.lower(): i + 1 for i, m in enumerate(_FULL_MONTHS) if m},
    **{m: _MONTHS.index(m) + 1 for m in ("feb", "apr", "jul", "aug", "sep", "oct", "nov", "dec")},
    "sept": 9,
}


def _spellings(month: int) -> set[str]:
    """How a month is written in lower case ("october"; September also "sept")."""
    return {(_FULL_MONTHS[month - 1] or "").lower()} | ({"sept"} if month == 9 else set())


def months_in(text: str) -> set[int]:
    """Months a text names by their full, capitalised name (or "Sept")."""
    said = _MONTH_WORD.findall(ascii_fold(text))
    return {9 if m == "Sept" else _FULL_MONTHS.index(m) + 1 for m in said}


def _target_parts(b: Backing) -> list[str]:
    target = str((b.item.data or {}).get("target") or "").lower()
    return [p for p in re.split(r"[^a-z0-9]+", target) if p]


def _stated_months(b: Backing) -> set[int]:
    # a target that is a month's name and nothing else is a name ("june"), not a month
    parts = _target_parts(b)
    ids = {_ID_MONTHS[p] for p in parts if p in _ID_MONTHS} if len(parts) > 1 else set()
    return months_in(b.item.text) | ids


def subject_month_label(
    subject: str, text: str, items: Sequence[Backing]
) -> tuple[str, str] | None:
    """A month in the clause's subject picks the occasion it speaks of ("Priyanka's October
    payout"): linked items that each state a month, never that one, speak of another occasion
    (the September payout); unsupported, neither backed nor denied. None where the subject names
    no month or a day (``subject_day_label`` answers those), or an item states no month or that
    one. ``text`` is the clause as written, whose capitals tell a month from a verb. A month word
    that is an item's target ("June's payout" of a payment to ``june``) is the person's name."""
    # the subject comes lower-cased; the clause's own text says which words are months
    names = {p for b in items for p in _target_parts(b)}
    words = set(re.findall(r"[a-z]+", subject))
    given = {m for m in months_in(text) if _spellings(m) & words and not _spellings(m) & names}
    if not given or days_in(subject) or not items:
        return None
    for b in items:
        stated = _stated_months(b)
        if not stated or given & stated:
            return None
    month = _FULL_MONTHS[min(given) - 1]
    return "unsupported", f"it speaks of the {month} occasion; the cited items give another month"
