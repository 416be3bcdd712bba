"""A time bound on a claim ("sent before 18:00 UTC on 4 Nov", "journaled after 20:00 UTC"):
the act itself is judged as any clause, and the bound against the cited item's own time.

An item's ``at`` is when the host recorded it: for a receipt or a journal line, when the act
happened. The clause without its bound says whether the act happened; if it did, the bound says
whether it happened in time. "Was not sent before 18:00" holds when the send came later, or
never came.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta

from harness.scorers.claim_support import Backing
from harness.scorers.support_link import is_receipt
from harness.text.normal import ascii_fold, clean
from harness.text.stance import stance
from harness.text.times import ZONE, on_day, times_in, zone_of

Label = tuple[str, str]

_BOUND = re.compile(
    # "before the Friday 12:00 UTC deadline", "before noon Irish time (UTC+01:00) on Friday"
    rf"\s*\b(?P<side>before|after|by)\s+(?:the\s+(?:(?P<weekday>[a-z]+day)\s+)?)?"
    rf"(?P<clock>\d{{1,2}}:\d{{2}}|midnight|noon)\s*(?P<zone>{ZONE})?(?:\s*\((?P<offset>{ZONE})\))?"
    r"(?:\s+deadline)?(?:\s+on\s+(?:(?P<day>\d{1,2}\s+[a-z]{3,9}|[a-z]{3,9}\.?\s+\d{1,2}(?:st|nd|rd|th)?)"
    r"|(?P<onweekday>[a-z]+day)))?"
    r"(?=\s*[,.;)]|\s*$)"
)


def bound_of(part: str) -> tuple[re.Match[str], str] | None:
    """The bound a clause puts on its act, and the clause without it; None without one."""
    plain = clean(ascii_fold(part))
    m = _BOUND.search(plain)
    if m is None:
        return None
    return m, f"{plain[: m.start()]}{plain[m.end() :]}".strip()


def _instant(m: re.Match[str], at: datetime) -> datetime | None:
    """The bound as an instant, its day and zone the item's own where the clause gives none."""
    # an offset in brackets is the zone a name beside it stands for ("Irish time (UTC+01:00)")
    spoken = m.group("offset") or m.group("zone")
    zone = zone_of(spoken) if spoken else at.tzinfo
    day = at.astimezone(zone) if zone is not None else at
    weekday = m.group("weekday") or m.group("onweekday")
    if weekday and day.strftime("%A").lower() != weekday:
        return None  # a weekday the act's own day is not: another day's bound
    if m.group("day"):
        dated = on_day(m.group("day"), day)
        if dated is None:
            return None
        day = dated
    if m.group("clock") == "midnight":  # "before midnight on 27 September": its end
        return on_day("00:00", day + timedelta(days=1))
    return on_day("12:00" if m.group("clock") == "noon" else m.group("clock"), day)


def _act_time(b: Backing) -> datetime:
    """When the item says the act happened: the one clock time its text gives ("sealed 07:58"),
    on its own day, else its ``at``, when the host recorded it."""
    clocks = {hm for _, _, date, hm in times_in(clean(b.item.text)) if hm is not None and not date}
    if len(clocks) != 1:
        return b.item.at
    stated = on_day(clocks.pop(), b.item.at)
    return stated if stated is not None and stated <= b.item.at else b.item.at


def bound_label(
    part: str, pool: Sequence[Backing], judge: Callable[[str, Sequence[Backing]], Label]
) -> Label | None:
    """The clause's label with its bound read against its items' times, or None when it has
    no bound. ``judge`` labels the clause without the bound."""
    found = bound_of(part)
    if found is None:
        return None
    m, rest = found
    label, why = judge(rest, pool)
    if label == "unsupported":
        return label, why
    negated = stance(rest).negated
    happened = (label == "supported") != negated
    if not happened:
        return label, why  # never done is neither done in time nor late
    # the receipt of the act gives its time; a note beside it ("still running at 18:00") only
    # when there is none
    of_act = [b for b in pool if is_receipt(b)] or list(pool)
    timed = [(b, t) for b in of_act if (t := _instant(m, b.item.at)) is not None]
    if not timed:
        return "unsupported", f"{why}; the bound {m.group().strip()!r} could not be read"
    side = m.group("side")
    acts = [(_act_time(b), t) for b, t in timed]
    inside = [a <= t if side == "by" else a < t if side == "before" else a > t for a, t in acts]
    if len(set(inside)) != 1:
        return "unsupported", f"{why}; its items fall on both sides of {m.group().strip()!r}"
    when = f"{timed[0][0].item.id} puts it at {acts[0][0].isoformat()}"
    where = "inside" if inside[0] else "outside"
    return (
        "supported" if inside[0] != negated else "contradicted"
    ), f"{why}; {when}, {where} the bound"
