"""Times in records and prose: ISO instants, dates and clock times ("14:01", "2:01 pm").

``python-dateutil`` reads the prose forms; a clock time or a date without a year is read on the
day (and in the zone) of a reference instant, normally the package's ``recorded_at``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta, timezone, tzinfo
from functools import lru_cache
from typing import NamedTuple
from zoneinfo import ZoneInfo

from dateutil import parser as date_parser


@lru_cache(maxsize=4096)
def parse_time(value: str | None) -> datetime | None:
    """An instant from either ISO spelling (``Z`` or ``+00:00``, ``T`` or space), in UTC."""
    if not value:
        return None
    text = value.strip()
    if text.endswith(("Z", "z")):
        text = text[:-1] + "+00:00"
    try:
        parsed = datetime.fromisoformat(text)
    except ValueError:
        return None
    if parsed.tzinfo is None:
        # A time without zone in a citation is read as UTC, the zone every package records in.
        parsed = parsed.replace(tzinfo=UTC)
    return parsed.astimezone(UTC)


#: ISO instants and dates, and clock times with an optional am/pm ("13:27", "09:05Z", "2:01 pm").
_WHEN = re.compile(
    r"\b(?P<date>\d{4}-\d{2}-\d{2})(?:[t ](?P<hm>\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?"
    r"(?P<iso>z|[+-]\d{2}:?\d{2})?)?\b"
    r"|\b(?P<clock>\d{1,2}:\d{2}(?::\d{2})?(?:\s*(?:[ap]\.?m\.?)(?![a-z])|z\b)?)"
    r"|\b(?P<hour>\d{1,2}\s*(?:[ap]\.?m\.?)(?![a-z]))"
)


class SpokenTime(NamedTuple):
    """A date or clock time in prose, with the zone it is said in (None: none said)."""

    start: int
    end: int
    date: str | None
    hm: str | None
    zone: tzinfo | None


def spoken_times(text: str) -> list[SpokenTime]:
    """``times_in`` with each time's zone: an ISO offset, a trailing "z", or a zone said right
    after the clock ("14:05 BST", "12:00 (UTC-5)"), the span then ending after the zone."""
    found: list[SpokenTime] = []
    for m, hm in _whens(text):
        start, end, date = m.start(), m.end(), m.group("date")
        zone: tzinfo | None = None
        if m.group("iso"):
            zone = zone_of(m.group("iso"))
        elif hm is not None and text[start:end].endswith("z"):
            zone = UTC
        elif hm is not None:
            after = _ZONE_AFTER.match(text, end)
            # a bare "-10:00" after a clock is the end of a range ("09:00-10:00"), not an offset
            if after is not None and (
                after.group("bracketed") or after.group("zone")[0] not in "+-"
            ):
                zone = zone_of(after.group("bracketed") or after.group("zone"))
                end = after.end() if zone is not None else end
        found.append(SpokenTime(start, end, date, hm, zone))
    return found


def clock(text: str, day: datetime | None = None) -> str | None:
    """``HH:MM`` (24-hour) of a clock time in prose, read by dateutil ("2:01 pm" -> "14:01")."""
    plain = text.strip().lower().rstrip("z").replace(".", "")
    default = (day or datetime(2000, 1, 1, tzinfo=UTC)).replace(hour=0, minute=0, second=0)
    try:
        parsed = date_parser.parse(plain, default=default.replace(tzinfo=None))
    except (ValueError, OverflowError):
        return None
    return parsed.strftime("%H:%M")


def on_day(text: str, day: datetime) -> datetime | None:
    """A clock time or date in prose as an instant on ``day`` (its zone): "2:01 pm" -> 14:01 that
    day, "Aug 20" -> that date in ``day``'s year. None when dateutil cannot read it."""
    naive = day.replace(tzinfo=None, hour=0, minute=0, second=0, microsecond=0)
    try:
        parsed = date_parser.parse(text.replace(".", ""), default=naive, fuzzy=False)
    except (ValueError, OverflowError):
        return None
    return parsed.replace(tzinfo=day.tzinfo or UTC)


def _whens(text: str) -> Iterator[tuple[re.Match[str], str | None]]:
    """Each date, instant or clock time in ``clean`` text, with its HH:MM."""
    for m in _WHEN.finditer(text):
        spoken = m.group("clock") or m.group("hour")
        yield m, (m.group("hm") if spoken is None else clock(spoken))


def times_in(text: str) -> list[tuple[int, int, str | None, str | None]]:
    """(start, end, date, HH:MM) of every date, instant or clock time in ``clean`` text."""
    return [(m.start(), m.end(), m.group("date"), hm) for m, hm in _whens(text)]


#: Zone names writers put after a clock time ("07:58 CEST"), as offsets from UTC in hours.
#: Ambiguous abbreviations (CST, IST) are left out: a time in them is read in the default zone.
ZONE_HOURS: dict[str, float] = {
    "z": 0, "utc": 0, "gmt": 0, "wet": 0, "bst": 1, "west": 1, "cet": 1, "cest": 2, "eet": 2,
    "eest": 3, "msk": 3, "est": -5, "edt": -4, "cdt": -5, "mst": -7, "mdt": -6, "pst": -8,
    "pdt": -7, "jst": 9, "aest": 10, "aedt": 11,
    # India's: the "IST" of status lines written there (Irish time is said by name, "Irish time")
    "ist": 5.5,
}  # fmt: skip
#: A zone after a clock time: a name of ``ZONE_HOURS``, a numeric offset ("+02:00") or one
#: from UTC ("UTC+2").
ZONE = r"(?:(?:utc|gmt)\s?[+-]\d{1,2}(?::?\d{2})?|z|utc|gmt|wet|west|bst|cet|cest|eet|eest|msk|est|edt|cdt|mst|mdt|pst|pdt|jst|aest|aedt|ist|[+-]\d{2}:?\d{2}|(?:pacific|eastern|central|mountain)(?:\s+time)?|(?:irish|uk|british|london|dublin|central european(?:\s+summer)?|paris|berlin)\s+time)(?![\w:])"  # fmt: skip
#: Zones said by name ("08:30 Pacific", "07:30 Irish time"): standard or daylight time by the date.
NAMED_ZONES: dict[str, str] = {
    "pacific": "America/Los_Angeles", "eastern": "America/New_York",
    "central": "America/Chicago", "mountain": "America/Denver",
    # European zones said by name ("07:30 Irish time"), summer or winter time by the date
    "irish": "Europe/Dublin", "dublin": "Europe/Dublin", "uk": "Europe/London",
    "british": "Europe/London", "london": "Europe/London", "central european": "Europe/Berlin",
    "central european summer": "Europe/Berlin",
    "paris": "Europe/Paris", "berlin": "Europe/Berlin",
}  # fmt: skip


#: A zone right after a clock time, bare ("14:05 bst") or in brackets ("12:00 (utc-5)").
_ZONE_AFTER = re.compile(rf"\s*(?:\(\s*(?P<bracketed>{ZONE})\s*\)|(?P<zone>{ZONE}))")


def zone_of(spoken: str | None) -> tzinfo | None:
    """The zone a clock time names ("cest", "+02:00", "z", "Pacific time"), or None when it
    names none."""
    if not spoken:
        return None
    text = spoken.strip().lower()
    named = NAMED_ZONES.get(text.removesuffix("time").strip())
    if named is not None:
        return ZoneInfo(named)
    if text in ZONE_HOURS:
        return timezone(timedelta(hours=ZONE_HOURS[text]))
    # "+02:00", and "UTC+2", "GMT-05:00" as writers give an offset from UTC
    m = re.fullmatch(r"(?:utc|gmt)?\s?([+-])(\d{1,2}):?(\d{2})?", text)
    if m is None:
        return None
    sign = 1 if m.group(1) == "+" else -1
    return timezone(sign * timedelta(hours=int(m.group(2)), minutes=int(m.group(3) or 0)))
