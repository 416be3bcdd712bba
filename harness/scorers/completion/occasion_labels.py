"""The labels an occasion's receipt may carry ("week 39", "1 oct", "August battery swap"): a
statement that says one picks that occasion among several of one act."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date
from typing import Protocol, TypeVar

from harness.text.normal import clean

# Month names and their abbreviations, once: "may" and "march" stand apart, being verbs as often.
_MONTHS_PLAIN = (
    r"jan(?:uary)?|feb(?:ruary)?|apr(?:il)?|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|"
    r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?"
)
#: A month's name or its abbreviation, as dates write it.
MONTH = rf"(?:{_MONTHS_PLAIN}|mar(?:ch)?|may)\.?"
_DATE = rf"(?:\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{MONTH}|{MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?)"
#: A date attached to the thing: "weights of 13 Sept uploaded", "temp files from 29 Sep purged",
#: "the 21 Sep mosaic", "(21 Sep flight)". Often the day of the act too ("the Aug 20 note was
#: delivered"), but not always: a receipt of another day may be its occasion.
_THING_DATE = re.compile(
    rf"\b(?:of|from)\s+(?:the\s+)?{_DATE}(?!\w)|"
    rf"(?:\b(?:the|[a-z]+'s)\s+|^\W*){_DATE}(?=\s+(?!(?:and|or|at|by|to|in|on|is|are|was|were|has|had|when)\b)[a-z])|"
    rf"\(\s*{_DATE}(?=\s+[a-z])"
)
#: Labels of an occasion a receipt's text may carry ("week 39", "1 oct", "oct 1").
_LABELS = re.compile(
    rf"\b(?:week|wk)\s*\d{{1,2}}\b|\b\d{{1,2}}\s+{MONTH}\b|\b{MONTH}\s+\d{{1,2}}\b"
)
#: A month named by its name ("August's", "the Sept. batch").
_MONTH_NAME = re.compile(rf"\b({_MONTHS_PLAIN})\b")
#: A month that dates an act ("in August", "during early July"): after "in", "March" and "May"
#: are months.
_IN_MONTH = re.compile(
    rf"\b(?:in|during|since)\s+(?:(?:early|late|mid)[\s-]+)?({_MONTHS_PLAIN}|march|may)\b"
)
#: Month abbreviations in order, spelt here rather than by the locale (``%b``, ``calendar``).
_ABBREVIATIONS = (
    "jan",
    "feb",
    "mar",
    "apr",
    "may",
    "jun",
    "jul",
    "aug",
    "sep",
    "oct",
    "nov",
    "dec",
)


def month_said(said: str) -> int | None:
    """The month a clause dates its act by ("acknowledged in August too", "went live in July")."""
    m = _IN_MONTH.search(said)
    return _ABBREVIATIONS.index(m.group(1)[:3]) + 1 if m else None


def thing_dated(spoken: str, said: str) -> bool:
    """Whether the date ``spoken`` is, in ``said`` (cleaned), attached to a thing."""
    return bool(spoken) and any(spoken.strip() in m.group() for m in _THING_DATE.finditer(said))


class _Texted(Protocol):
    @property
    def text(self) -> str: ...


R = TypeVar("R", bound=_Texted)


def naming_day(day: date, occasions: Sequence[R]) -> list[R]:
    """The occasions whose receipt names ``day``: in its text ("slot 12 Nov", "Dec 12") or in
    its target as ids write dates ("hive-weights-0913", "class-oct-14", "scans-1108")."""
    mon = _ABBREVIATIONS[day.month - 1]
    spoken = re.compile(
        rf"\b(?:0?{day.day}(?:st|nd|rd|th)?\s+{mon}[a-z]*|{mon}[a-z]*\.?\s+0?{day.day})\b"
    )
    glued = re.compile(
        rf"(?<!\d)(?:{day.month:02d}{day.day:02d}|{day.day:02d}{day.month:02d})(?!\d)|"
        rf"\b{mon}[a-z]*-?0?{day.day}(?!\d)|"
        # an ISO date in a receipt's text ("sweep for 2026-10-03")
        rf"\b\d{{4}}-{day.month:02d}-{day.day:02d}\b"
    )
    return [r for r in occasions if spoken.search(clean(r.text))
            or glued.search(f"{getattr(r, 'target', '')} {r.text}".lower())]  # fmt: skip


def _months_named(text: str) -> frozenset[str]:
    return frozenset(m[:3] for m in _MONTH_NAME.findall(text))


#: A day and its month ("13 Sept", "3rd October", "Oct 3").
DAY_MONTH = re.compile(rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+({MONTH})|\b({MONTH})\s+(\d{{1,2}})\b")


def day_of(label: str) -> date | None:
    """The day a label like "3 october" or "oct 3" names (its year left aside)."""
    m = DAY_MONTH.fullmatch(label)
    if m is None:
        return None
    number, month = (m[1], m[2]) if m[1] else (m[4], m[3])
    try:
        return date(2000, _ABBREVIATIONS.index(month[:3]) + 1, int(number))
    except ValueError:
        return None


def labelled(said: str, occasions: Sequence[R]) -> list[R]:
    """The occasions of ``occasions`` whose receipts carry a label ``said`` (cleaned) gives, or
    all of them when none or every one does."""
    picked = list(occasions)
    labels = _LABELS.findall(said)
    if labels and len(picked) > 1:
        # "acknowledged for week 39", "for 1 Oct": the occasion whose receipt carries that label
        carrying = [r for r in picked
                    if any(re.search(rf"\b{re.escape(w)}\b", clean(r.text)) for w in labels)]  # fmt: skip
        # "the 3 October sweep" against "sweep for 2026-10-03": a day however it is written
        days = [d for w in labels if (d := day_of(w)) is not None]
        carrying += [r for d in days for r in naming_day(d, picked) if r not in carrying]
        if carrying and len(carrying) < len(picked):
            picked = carrying
    months = _months_named(said)
    each = [_months_named(clean(r.text)) for r in picked]
    if months and len(picked) > 1 and all(each):
        # "August's battery-swap reminder" where each receipt names its month: the occasion of
        # that month. Where some name none, the month may name the thing ("the August dataset
        # re-sealed" beside its first seal, "August dataset sealed"), not an occasion
        named = [r for r, m in zip(picked, each, strict=True) if months & m]
        if named and len(named) < len(picked):
            picked = named
    return picked
