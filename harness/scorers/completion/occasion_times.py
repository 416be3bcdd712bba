"""What a sentence says of the time of its act: a day ("yesterday", "on Aug 20", "on the 24th"),
a span ("this week", "last week") and a clock time ("at 14:01 CEST"), read on the day the
package was recorded. A date that names an event ("booked for Oct 2", "the visit on 4 Nov") is
the event's, not the act's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, timedelta, tzinfo

from harness.scorers.completion.occasion_labels import MONTH as _MONTH
from harness.scorers.completion.typos import corrected
from harness.text.normal import clean
from harness.text.times import ZONE, on_day, zone_of

_DAY_WORDS = re.compile(
    rf"\b(?P<iso>\d{{4}}-\d{{2}}-\d{{2}})\b|\b(?P<md>{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?)\b|"
    rf"(?<![\w-])(?P<dm>\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH})(?!\w)|"
    r"\b(?P<rel>yesterday|the day before yesterday|last night|today|tonight|this morning|"
    r"this afternoon|this evening|earlier today|just now|right now|now|as of now|currently|"
    r"last week|this week)\b|\b(?:on|last|this past)\s+(?P<wd>monday|tuesday|wednesday|thursday|friday|"
    r"saturday|sunday)\b|"
    # "on the 24th": a day of this month, or of the last one when it is still to come
    r"\b(?:on|since)\s+the\s+(?P<nth>\d{1,2})(?:st|nd|rd|th)\b|"
    # "since 10/09": a day and month in figures, in whichever order gives a day already past
    r"\b(?:on|since|dated|from)\s+(?P<slash>\d{1,2}/\d{1,2})(?![/\d])"
)
#: "booked for Oct 2 at 15:00", "the invitation for Friday": the date of the event the action
#: is about, not of the action's occasion.
_EVENT_DATE = re.compile(
    # "the review slot on 4 November": an event's day, named after the event's noun
    rf"(?:\bfor(?:\s+(?:the|his|her|their|our|my|your|its))?|\b(?:slot|call|visit|meeting|appointment|session|class|review|booking|event|"
    rf"reading|talk|crit|pickup|viewing|drawing|lecture|seminar|workshop|lesson|course|opening|"
    # ("that booking was made on 2 June": a verb of making dates the act, not the event)
    rf"show|exhibition|fair|market|tour|dinner|party|sitting)(?:(?:\s+(?!(?:made|created|placed|entered|logged|taken|confirmed)\b)[\w'-]+){{0,3}}?\s+on)?)\s+(?:(?:next\s+|this\s+)?(?:monday|tuesday|wednesday|thursday|friday|saturday|"
    # "for Thursday 22 October at 09:30": the weekday with its date
    rf"sunday)(?:,?\s+(?:the\s+)?\d{{1,2}}(?:st|nd|rd|th)?(?:\s+(?:of\s+)?{_MONTH})?(?!:))?|{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?|\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH}"
    rf"|\d{{4}}-\d{{2}}-\d{{2}}|\d{{1,2}}:\d{{2}})(?:,?\s+(?:at\s+)?\d{{1,2}}(?::\d{{2}})?"
    rf"(?:\s*[ap]\.?m\.?)?)?"
)
#: Scheduling words: a date in their clause is the day of the thing booked ("the visit is booked
#: (Oct 3 at 14:00)", "life drawing on Nov 12 is scheduled"), not the day it was booked.
_SCHEDULING = re.compile(
    r"(?<![\w-])(?:booked|scheduled|rescheduled|calendar|set for|planned for)\b"
)
#: Calendar dates and clock times (relative words such as "yesterday" stay: they date the act).
_DATE_OR_CLOCK = re.compile(
    rf"\b(?:{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?|\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH}|"
    r"\d{4}-\d{2}-\d{2}|(?:at\s+)?\d{1,2}:\d{2}|(?:on\s+)?(?:monday|tuesday|wednesday|thursday|"
    r"friday|saturday|sunday))\b"
)
CLOCK = re.compile(
    # "yday 17:00": a clock straight after its day
    r"\b(?:at|by|around|since|@|(?<=yesterday )|(?<=today ))\s*(?P<clock>\d{1,2}:\d{2}(?:\s*[ap]\.?m\.?)?|\d{1,2}\s*[ap]\.?m\.?)"
    # "07:58 CEST", "15:58 local time (CEST)": a zone in brackets after "local" is the local one
    rf"(?:\s*(?:(?:local|(?:her|his|their|our|my)\s+time)(?:\s+time)?\s*)?\(?\s*(?P<zone>{ZONE}|local(?:\s+time)?\b)\s*\)?)?"
)
#: A clock as a log writes it, zero first ("since 0905", "at 0930"): read as 09:05.
_LOG_CLOCK = re.compile(r"\b((?:at|since|@)\s*)(0\d)([0-5]\d)\b")
_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")

#: How near a receipt must be to a clock time the sentence gives to be that occasion.
CLOCK_SLACK = timedelta(minutes=5)


@dataclass(frozen=True)
class When:
    """What a sentence says of the time of its occasion."""

    day: date | None = None
    clock: datetime | None = None
    spoken: str = ""
    since: date | None = None  # "this week": any day from its Monday on
    until: date | None = None  # "last week": from its Monday to its Sunday
    #: The week names the thing ("last week's report"): its occasions if any, else any.
    names_thing: bool = False

    @property
    def given(self) -> bool:
        return self.day is not None or self.clock is not None or self.since is not None


# Days cut short or spelt as in chat ("yday 17:00", "last nite") are read as the day words read
# them (``typos.corrected``). "At noon" stays a word: read as 12:00 sharp it judged "written at
# noon, I think" of a 12:40 entry wrong.
def when_of(sentence: str, recorded_at: datetime, local_zone: tzinfo | None = None) -> When:
    """The day and clock time a sentence gives its action, read on ``recorded_at``'s day; a
    clock that names no zone, or says "local", is in ``local_zone``, the offset the package's
    recorded_at is written in (the host's own clock: a package written in +02:00 says "at 19:05"
    of 17:05 UTC), not UTC."""
    plain, events = _EVENT_DATE.subn(" ", corrected(clean(sentence)))
    plain = _LOG_CLOCK.sub(r"\1\2:\3", plain)
    if not events and _SCHEDULING.search(plain):
        # no "for <date>" says which day is the event's, so the date given is ("booked on Sep 10
        # for Sep 18" keeps Sep 10 as the day of booking)
        plain = _DATE_OR_CLOCK.sub(" ", plain)
    # "today", "yesterday", "last night" are the host's days, in the offset it writes
    today = (recorded_at.astimezone(local_zone) if local_zone else recorded_at).date()
    day: date | None = None
    spoken = ""
    # "last week's reminder was acknowledged on 7 Oct": a day naming the thing gives way
    said = list(_DAY_WORDS.finditer(plain))
    m = next((d for d in said if not plain.startswith("'s", d.end())), said[0] if said else None)
    if m is not None:
        spoken = m.group()
        if m.group("rel") in _WEEKS:
            monday = today - timedelta(days=today.weekday() + 7 * (m.group("rel") == "last week"))
            # "last week's report" names the thing; its act may have come this week
            thing = m.group("rel") == "last week" and plain.startswith("'s", m.end())
            return When(None, None, spoken, monday, monday + timedelta(days=6), thing)
        day = _day_said(m, today, recorded_at)
    clock: datetime | None = None
    c = CLOCK.search(plain)
    if c is not None:
        # "went up on 9 Oct, and this week's followed today at 16:30": the clock is of the day
        # said nearest before it
        near = [d for d in said if d.end() <= c.start() and d.group("rel") not in _WEEKS]
        if near and near[-1] is not m:
            day = _day_said(near[-1], today, recorded_at) or day
        # "07:58 CEST" is 05:58 UTC: a named zone is the clock's, else recorded_at's
        spoken_zone = (c.group("zone") or "").lower()
        zone = zone_of(spoken_zone) or recorded_at.tzinfo
        # "at 00:40Z" said at 19:45-05:00 is on recorded_at's day in UTC, the next one
        on = day or (recorded_at.astimezone(zone).date() if spoken_zone else today)
        if (not spoken_zone or spoken_zone.startswith("local")) and local_zone is not None:
            # today is the host's day there too: 00:30 local may be yesterday in UTC
            zone, on = local_zone, day or recorded_at.astimezone(local_zone).date()
        base = datetime.combine(on, datetime.min.time(), zone)
        read = on_day(c.group("clock"), base)
        clock = read.astimezone(recorded_at.tzinfo) if read is not None else None
        local_said = spoken_zone.startswith("local")
        if (
            clock is not None
            and day is None
            and clock > recorded_at + CLOCK_SLACK
            and not local_said
        ):
            # a past act "at 23:10" said at 07:00 with no day named was last night's ("local"
            # may be a zone ahead of recorded_at's: its receipts' own clocks decide, in prove)
            clock -= timedelta(days=1)
        spoken = f"{spoken} {c.group()}".strip()
    return When(day, clock, spoken)


_WEEKS = ("this week", "last week")


def _day_said(m: re.Match[str], today: date, recorded_at: datetime) -> date | None:
    """The day one of ``_DAY_WORDS`` names (not a week), read on ``today``."""
    if m.group("iso"):
        return date.fromisoformat(m.group("iso"))
    if m.group("md") or m.group("dm"):
        # only an ordinal's suffix goes: "august" keeps its "st"
        read = on_day(re.sub(r"(?<=\d)(?:st|nd|rd|th)\b|\bof\b", "", m.group("md") or m.group("dm")),
                      recorded_at)  # fmt: skip
        day = read.date() if read is not None else None
        if day is not None and day > today:
            day = day.replace(year=day.year - 1)  # "Dec 30" said in January
        return day
    if m.group("nth"):
        return _day_of_month(int(m.group("nth")), today)
    if m.group("slash"):
        return _figures(m.group("slash"), today)
    if m.group("wd"):
        back = (today.weekday() - _WEEKDAYS.index(m.group("wd"))) % 7 or 7
        return today - timedelta(days=back)
    if m.group("rel") in ("yesterday", "last night"):
        return today - timedelta(days=1)
    if m.group("rel") == "the day before yesterday":
        return today - timedelta(days=2)
    return today


def _figures(said: str, today: date) -> date | None:
    """The day "10/09" names: day first or month first, whichever reading is a day up to
    ``today`` in this year; none when both are, and differ (the writer's order is unknown)."""
    a, b = (int(n) for n in said.split("/"))
    days: set[date] = set()
    for day, month in ((a, b), (b, a)):
        try:
            read = date(today.year, month, day)
        except ValueError:
            continue
        if read <= today:
            days.add(read)
    return days.pop() if len(days) == 1 else None


def _day_of_month(nth: int, today: date) -> date | None:
    month = today.replace(day=1)
    if nth > today.day:
        month = (month - timedelta(days=1)).replace(day=1)
    try:
        return month.replace(day=nth)
    except ValueError:
        return None
