"""The period a thing moved is of: "the October pack", "Kari's February stipend", "winter
rates", "the Q3 report", "week 39's schedule". Monthly and weekly work repeats to the same target,
so a receipt of September's pack to the bureau is no proof that October's reached it: when the
statement and the receipt each name the period of their thing, in the same measure, and no
period of the statement's is the receipt's, the receipt is of another object.

A month that dates the act ("paid on 2 November", "sent in October", "by Oct 3") says when, not
which: only a month that modifies a noun, or stands in a receipt's object part, names a period.
"""

from __future__ import annotations

import re

from harness.text.normal import clean

# "may" and "mar" are words of their own (no May, no "mar"), and "fall" a verb: left out
_NAMES = ("january", "february", "march", "april", "june", "july", "august", "september",
          "october", "november", "december")  # fmt: skip
#: Each month's name and its abbreviation (and "sept") -> its name.
_MONTHS = (
    {n: n for n in _NAMES} | {n[:3]: n for n in _NAMES if n != "march"} | {"sept": "september"}
)
_SEASONS = ("spring", "summer", "autumn", "winter")
_MONTH = "|".join(sorted(_MONTHS, key=len, reverse=True))
#: A month in a date: beside a day's number ("30 September", "Sept 30th"), or after a
#: preposition of time ("in October", "since Oct"), or an ISO date.
_DATED = re.compile(
    rf"\b\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:{_MONTH})\.?\b|"
    rf"\b(?:{_MONTH})\.?\s+\d{{1,2}}(?:st|nd|rd|th)?\b(?![:\d])|"
    rf"\b(?:in|on|since|by|until|till|before|after|during|from|through|early|mid|late|end of)\s+"
    rf"(?:{_MONTH})\b|\b\d{{4}}-\d{{2}}-\d{{2}}\S*"
)
_PERIOD = re.compile(
    rf"\b(?P<month>{_MONTH})\b|\b(?P<season>{'|'.join(_SEASONS)})\b|"
    r"\b(?:q(?P<quarter>[1-4])|(?P<nth>first|second|third|fourth)\s+quarter)\b|"
    r"\b(?:week|wk|w)\s?(?P<week>\d{1,2})\b|"
    r"(?<![\w-])(?P<year>(?:19|20)\d\d)(?![\w-])"
)
_NTH = {"first": "1", "second": "2", "third": "3", "fourth": "4"}


def periods(text: str) -> dict[str, set[str]]:
    """The periods ``text`` names its things by, per measure (month, season, quarter, week);
    months that date an act are left out."""
    plain = _DATED.sub(" ", clean(text))
    out: dict[str, set[str]] = {}
    for m in _PERIOD.finditer(plain):
        if m.group("month"):
            out.setdefault("month", set()).add(_MONTHS[m.group("month")])
        elif m.group("season"):
            out.setdefault("season", set()).add(m.group("season"))
        elif m.group("quarter") or m.group("nth"):
            out.setdefault("quarter", set()).add(m.group("quarter") or _NTH[m.group("nth")])
        elif m.group("year"):
            out.setdefault("year", set()).add(m.group("year"))
        else:
            out.setdefault("week", set()).add(str(int(m.group("week"))))
    return out


def other_period(said: str, receipt_text: str) -> str | None:
    """Why a receipt is of another thing than the statement's: both name the period of their
    thing in one measure, and none of the statement's is the receipt's ("the October pack"
    against "September climatology pack")."""
    _, colon, part = receipt_text.partition(":")
    theirs = periods(part if colon else receipt_text)
    for measure, ours in periods(said).items():
        if theirs.get(measure) and not ours & theirs[measure]:
            return (f"names the {measure} {'/'.join(sorted(ours))}; the receipt's thing is of "
                    f"{'/'.join(sorted(theirs[measure]))}: another object")  # fmt: skip
    return None
