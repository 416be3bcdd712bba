"""Occasions: the same action to the same target can happen more than once (a first note to
Patrick delivered on Aug 20, today's note only queued). A completion statement speaks of one
occasion - the one its time words ("yesterday", "at 14:01", "on Aug 20", "this morning", "now")
or the object it names point to, else the most recent one - and only a success receipt of that
occasion, dated at or before ``recorded_at``, proves it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import UTC, date, datetime, timedelta, tzinfo
from typing import Protocol

from harness.schema import SUCCESS_STATUSES
from harness.scorers.completion.objects import GENERIC_WORDS, naming_most
from harness.scorers.completion.occasion_labels import MONTH as _MONTH
from harness.scorers.completion.occasion_labels import labelled, month_said, naming_day, thing_dated
from harness.scorers.completion.occasion_times import CLOCK, CLOCK_SLACK, When, when_of
from harness.text.names import glued_words, unglued
from harness.text.normal import clean
from harness.text.support import support_tokens
from harness.text.times import ZONE_HOURS

#: "on the first attempt", "first time round": the earliest occasion of the act.
_FIRST_GO = re.compile(
    r"\b(?:(?:on|at|in)\s+(?:the|its|my|our|their)\s+)?first\s+(?:attempt|try|go|pass|run)\b|"
    r"\bfirst\s+time(?:\s+round)?\b|\bfirst\s+go\b"
)
#: Present-tense states of possession or presence: they speak of the latest occasion.
_PRESENT = re.compile(r"\b(?:has|have|now|is|are|'s)\b")
#: A part of the day names its occasion ("tonight's reflection", "the evening entry"), as local
#: hours, an evening running past midnight. The bounds are wide: people say "this morning" of
#: early afternoon, and only a receipt clearly outside the part (a 06:00 entry for "tonight's")
#: is another occasion.
_PART_OF_DAY = re.compile(
    r"(?<!good )(?<!every )(?<!each )(?<!tomorrow )\b(?P<part>morning|afternoon|evening|tonight)"
    r"(?:'s)?\b"
)
_PARTS: dict[str, tuple[int, int]] = {
    "morning": (0, 15), "afternoon": (11, 20), "evening": (16, 28), "tonight": (16, 28),
}  # fmt: skip


def _part_of_day(plain: str) -> tuple[str, tuple[int, int]] | None:
    m = _PART_OF_DAY.search(plain)
    return (m.group("part"), _PARTS[m.group("part")]) if m else None


def _within(at: datetime, hours: tuple[int, int], zone: tzinfo | None) -> bool:
    hour = at.astimezone(zone).hour if zone is not None else at.hour
    return hours[0] <= hour < hours[1] or hours[0] <= hour + 24 < hours[1]


class ReceiptLike(Protocol):
    @property
    def id(self) -> str: ...
    @property
    def status(self) -> str: ...
    @property
    def at(self) -> datetime | None: ...
    @property
    def text(self) -> str: ...


def _days(at: datetime, local: tzinfo | None) -> set[date]:
    """The days an instant is on: its date as its receipt writes it, and the host's date of it
    (in the offset recorded_at is written in), which differ near midnight."""
    return {at.date(), (at.astimezone(local) if local is not None else at).date()}


_ISO_OR_CLOCK = re.compile(
    r"\b\d{4}-\d{2}-\d{2}(?:[t ]\d{2}:\d{2}(?::\d{2})?)?\b|\b\d{1,2}:\d{2}\b"
)
#: Not a decimal's part; a full stop after it ends the sentence ("renders 0611 and 0612.").
_ID_PARTS = re.compile(r"[-_.:/\s]+")
_ID_NUMBER = re.compile(r"(?<![\w.])\d{3,}(?!\w|\.\d)")


def id_numbers(text: str) -> set[str]:
    """Id-like numbers (three digits or more; dates and clock times left out), leading zeros
    dropped: "render 0413" and "render-413" carry the same id."""
    plain = _ISO_OR_CLOCK.sub(" ", text.lower().replace("-", " ").replace("_", " "))
    return {m.group().lstrip("0") or "0" for m in _ID_NUMBER.finditer(plain)}


_CLOCK_WRITTEN = re.compile(r"(?<![\d:])(\d{1,2}):(\d{2})(?![\d:])")


def clock_ids(text: str) -> frozenset[str]:
    """The clock times ``text`` writes ("01:00") as an id writes them ("0100"): a reminder or a
    run named by its hour (``fridge-temp-0100``)."""
    return frozenset(f"{int(h):02d}{m}" for h, m in _CLOCK_WRITTEN.findall(text) if int(h) < 24)


#: ``GENERIC_WORDS`` as the tokens support_tokens makes of it (stemmed: "morning" -> "morn").
GENERIC_WORDS_TOKENS = GENERIC_WORDS | support_tokens(" ".join(GENERIC_WORDS))


#: Adverbs whose words would read as things moved: "still" (its stem is that of "stills", film
#: frames) and "as well" ("told them as well" moved no "well").
_ADVERBS = re.compile(r"(?i)\bstill\b|\bas well\b")
#: A time said by its part of a month or week ("mid-August", "early-october", "late-friday"):
#: when, not what was moved.
_PART_OF = re.compile(
    rf"(?i)\b(?:mid|early|late|end|start)-(?:{_MONTH}|monday|tuesday|wednesday|thursday|friday|"
    r"saturday|sunday|week|month|year)\b"
)


#: A version's token ("v2"): short, but it tells two renders of one piece apart.
_VERSION = re.compile(r"v\d+")


#: A clock's zone ("delivered 10:15 BST") names no thing moved; not a zone that is a word too.
_ZONE_WORDS = frozenset(ZONE_HOURS) - {"z", "wet", "west"}


def object_words(sentence: str, target_words: frozenset[str]) -> frozenset[str]:
    """Content words of ``sentence`` that may name what an action moved: not the target's words,
    the action's generic words, short words or numbers."""
    # a token opening with a digit is a number, a time or a date ("10:00Z" leaves "00z"), not
    # a thing moved
    plain = _PART_OF.sub(" ", _ADVERBS.sub(" ", sentence))
    # a version is short but decisive: "the v2 render" is not mix-harbour-v3's occasion
    return frozenset(w for w in support_tokens(plain) - target_words - GENERIC_WORDS_TOKENS
                     - _ZONE_WORDS if (len(w) > 2 or _VERSION.fullmatch(w))
                     and not w[0].isdigit())  # fmt: skip


def _describe(rs: Sequence[ReceiptLike]) -> str:
    return "; ".join(f"{r.id} is {r.status}" + (f" at {r.at.isoformat()}" if r.at else "")
                     for r in rs)  # fmt: skip


#: Where a sentence's parts stop sharing their times ("0519 failed at 18:20; 0518 completed").
_SENTENCE_PARTS = re.compile(r";|\bbut\b|\bwhereas\b|\bwhile\b")


#: An "and" that opens a clause with its own subject and auxiliary ("and Haruto was informed").
_NEW_SUBJECT = re.compile(
    r",?\s+and\s+(?=(?:the\s+|a\s+|an\s+|our\s+|my\s+|his\s+|her\s+|their\s+)?"
    r"[\w'-]+(?:\s+[\w'-]+){0,2}\s+(?:was|were|is|are|has|have|had|got)\b)"
)


_VERBISH = re.compile(r"\b(?:was|were|is|are|has|have|had|got|\w+ed)\b")
#: Words that point back to what the clause before named ("and that one was delivered", "Ilse
#: has the files for it"): that clause's time and object are this one's too.
_POINTS_BACK = re.compile(r"\b(?:it|its|them|they|that one|this one|these|those|both)\b")


#: A sentence that opens with its time ("On Aug 22 Beatrix was sent ..., and that one ..."):
#: the time dates every clause of it.
_OPENS_WITH_TIME = re.compile(
    r"^\W*(?:on|at|by|since|before|after|yesterday|today|tonight|this|last|earlier|\d)\b"
)


def _own_clause(part: str, own: str, time: bool) -> str:
    """The clause of ``part`` that holds ``own``, where an "and" opens one with a subject of its
    own after a clause with a verb of its own. For its time, the whole part where the part opens
    with one; for its objects and ids, the whole part where the clause points back ("Ilse has
    the files for it")."""
    cuts = [m for m in _NEW_SUBJECT.finditer(part) if _VERBISH.search(part, 0, m.start())]
    bounds = [0, *(x for m in cuts for x in (m.start(), m.end())), len(part)]
    pieces = [part[bounds[i] : bounds[i + 1]] for i in range(0, len(bounds), 2)]
    mine = next((p for p in pieces if own in p), part)
    whole = _OPENS_WITH_TIME.match(part) if time else _POINTS_BACK.search(mine)
    return part if whole else mine


#: A time said in a clause: a clock, a day named, or a day by its place ("today").
_OWN_TIME = re.compile(
    r"\b\d{1,2}[:.]\d{2}\b|\b(?:today|yesterday|tonight|last night|this (?:morning|afternoon|"
    r"evening))\b|\bon\s+(?:\w+day|\d{1,2}(?:st|nd|rd|th)?\s+[a-z]{3,}|[a-z]{3,}\.?\s+\d{1,2})\b"
)


def own_part(sentence: str, clause: str, *, time: bool = False) -> str:
    """The part of the sentence the statement's clause stands in: a time in another part,
    after a semicolon or a "but", dates that part's act, not this one."""
    plain, own = clean(sentence), clean(clause).strip(" .")
    if not own:
        return sentence
    parts = _SENTENCE_PARTS.split(plain)
    for part in parts:
        at = part.find(own)
        # (a bracketed restatement, "(delivered 16:40)", keeps the day said before it)
        if (time and at > 0 and _OWN_TIME.search(own) and _OWN_TIME.search(part, 0, at)
                and not part[:at].rstrip().endswith("(")):  # fmt: skip
            # "rendered at 09:00 and delivered at 10:10": a clause with a time of its own after
            # one with another; what follows it ("(+02:00)") is still its own
            return part[at:]
        if own in part or (part.strip(" .") in own and part.strip(" .")):
            # "0412 was merged at 11:30 and Haruto was informed": an "and" before a subject of
            # its own ends the part that time dates
            return _own_clause(part, own, time)
    # a clause read with its addressee put back ("are with halvard" of "Halvard, the stills are
    # with you now"): the part that shares most of its words
    words = set(own.split())
    best = max(parts, key=lambda p: len(words & set(p.split())))
    return best if len(parts) > 1 and len(words & set(best.split())) >= 2 else sentence


def prove(
    sentence: str,
    receipts: Sequence[ReceiptLike],
    recorded_at: datetime,
    what: str,
    target_words: frozenset[str] = frozenset(),
    cited: frozenset[str] = frozenset(),
    ongoing: bool = False,
    local: tzinfo | None = None,
    clause: str = "",
) -> tuple[ReceiptLike | None, str]:
    """The success receipt of the occasion ``sentence`` speaks of, or None, and why. A receipt
    the sentence names by id, or its claim cites, is that occasion; an action the sentence says
    is under way ("I am sending it again now") speaks of the occasion at ``recorded_at``."""
    seen = sorted((r for r in receipts if r.at is not None and r.at <= recorded_at),
                  key=lambda r: r.at or recorded_at)  # fmt: skip
    if not seen:
        later = f" ({_describe(receipts)})" if receipts else ""
        return None, f"no {what} receipt at or before recorded_at{later}"
    plain = clean(sentence)
    named = [r for r in seen if r.id in cited or r.id.lower() in plain
             or (":" in r.id and re.search(rf"\b{re.escape(r.id.split(':', 1)[1].lower())}\b", plain))]  # fmt: skip
    if named:
        proof = next((r for r in reversed(named) if r.status in SUCCESS_STATUSES), None)
        if proof is not None:
            return proof, f"proved by {proof.id} ({proof.status}), the receipt it cites"
        return None, f"cites {named[-1].id}, which is {named[-1].status}"
    when = when_of(own_part(sentence, clause, time=True), recorded_at, local)
    if ongoing:
        when = When(recorded_at.date(), recorded_at, "under way as written")
    occasions = list(seen)
    if when.clock is not None:
        occasions = [r for r in seen if r.at is not None and abs(r.at - when.clock) <= CLOCK_SLACK]
        zone = local or recorded_at.tzinfo
        if "local" in when.spoken and when.clock.astimezone(zone).utcoffset() == timedelta(0):
            # recorded_at in UTC says nothing of the host's zone; a receipt written "09:20+02:00"
            # does: "at 09:20 local" is the host's clock as that receipt wrote it
            wall = when.clock.astimezone(zone).replace(tzinfo=None)
            occasions += [r for r in seen if r not in occasions and r.at is not None
                          and r.at.utcoffset() not in (None, timedelta(0))
                          and abs(r.at.replace(tzinfo=None) - wall) <= CLOCK_SLACK]  # fmt: skip
        said = CLOCK.search(when.spoken)
        if not occasions and said is not None and not said.group("zone"):
            # a clock that names no zone may be UTC's, as receipts write it ("registered at
            # 09:00" of 09:00Z, said at 11:20+02:00): the same wall clock read in UTC
            utc = when.clock.astimezone(zone).replace(tzinfo=UTC)
            occasions = [r for r in seen if r.at is not None and abs(r.at - utc) <= CLOCK_SLACK]
    elif when.day is not None:
        occasions = [r for r in seen if r.at is not None and when.day in _days(r.at, local)]
    elif when.since is not None:
        # "marked done this week": last week's success is another week's occasion
        occasions = [r for r in seen if r.at is not None and max(_days(r.at, local)) >= when.since
                     and (when.until is None or min(_days(r.at, local)) <= when.until)]  # fmt: skip
        if not occasions and when.names_thing:
            occasions, when = list(seen), When()
    if not (when.given or ongoing) and (month := month_said(clean(clause) or plain)):
        # "acknowledged in August too": an occasion of that month
        zone = local or recorded_at.tzinfo
        occasions = [r for r in seen if r.at and r.at.astimezone(zone).month == month]
        if not occasions:
            return None, f"speaks of an occasion in month {month}; no {what} receipt of it"
    # the part of the day of the statement's own clause ("..., and the visit has been in the
    # calendar since this morning" dates the visit, not the invitation)
    part = _part_of_day(clean(clause) or plain) if when.clock is None and not ongoing else None
    if part is not None:
        zone = local or recorded_at.tzinfo
        occasions = [r for r in occasions if r.at is not None and _within(r.at, part[1], zone)]
        if not occasions:
            return None, (f"speaks of the {part[0]}'s occasion; no {what} receipt of it "
                          f"(receipts: {_describe(seen)})")  # fmt: skip
    if when.day and not occasions and thing_dated(when.spoken, clean(clause) or plain):
        # "weights of 13 Sept uploaded" on the 14th: the date names the thing, whose act may
        # have come on another day: a receipt that names that date (hive-weights-0913) is its
        occasions = naming_day(when.day, seen)
    if when.given and not occasions:
        return None, (f"speaks of the occasion {when.spoken!r}; no {what} receipt of it "
                      f"(receipts: {_describe(seen)})")  # fmt: skip
    if occasions and _FIRST_GO.search(clean(clause) or plain):
        # "rendered on the first attempt": the earliest occasion, whatever came after it
        occasions = occasions[:1]
    # "run 2 log uploaded": the occasion whose target glues that word and number (log-...-run2);
    # "the 01:00 fridge reminder": the one whose target writes that clock (fridge-temp-0100).
    # Before the statement's descriptive words: "Cot 5 worksheet" is not the occasion of the
    # receipt whose text reads "TPN worksheet, cot 3", though it shares more words with it.
    glued = glued_words(clause or sentence) | clock_ids(clause or sentence)
    other = _other_numbered(_SPACED.findall(clean(clause or sentence)), occasions)
    if other is not None:
        return None, f"names {other[0]}; the {what} receipts of that kind name {other[1]} only"
    if glued and len(occasions) > 1:
        carrying = [
            r for r in occasions if glued & set(_ID_PARTS.split(getattr(r, "target", "").lower()))
        ]
        occasions = carrying if carrying and len(carrying) < len(occasions) else occasions
    # the object of the statement's own part: "X reached Kowal; the profiles are queued"
    # speaks of X, not of the profiles
    objects = object_words(own_part(sentence, clause), target_words)
    if objects and len(occasions) > 1:
        occasions = naming_most(objects, occasions)
    # the ids of the statement's own clause ("0412 rendered; 0413 is pending": 0412 only)
    # or of the subject its clause shares ("recording 0650 has been transcoded and has reached
    # the faculty"); a receipt carrying all of them before one carrying some ("invoice 2026-118"
    # is not "invoice 2026-121")
    numbers = id_numbers(clause or sentence) or _subject_numbers(sentence, clause)
    if numbers and len(occasions) > 1:
        carried = [(r, id_numbers(f"{getattr(r, 'target', '')} {r.text}")) for r in occasions]
        carrying = [r for r, ids in carried if numbers <= ids] or [
            r for r, ids in carried if numbers & ids
        ]
        if carrying and len(carrying) < len(occasions):
            occasions = carrying  # "the frames of 0412": the occasion of render-0412
    occasions = labelled(clean(clause) or plain, occasions)
    latest = occasions[-1]
    if latest.status in SUCCESS_STATUSES:
        after = _in_flight(latest, receipts, recorded_at, local) if not when.given else None
        # the later act is of the thing named, as much as the proof is ("the welcome pack" is
        # not the tickets sent at 07:40), and no month or day says which
        if after is not None and (month_said(clean(clause) or plain) or _DAY_SAID.search(plain)
                                  or (objects and after not in naming_most(objects, [latest, after]))):  # fmt: skip
            after = None
        if after is not None:
            return None, (f"could mean the occasion of {after.id} (at {after.at:%Y-%m-%dT%H:%M}, "
                          f"after recorded_at) or an earlier day's ({latest.id} succeeded): not "
                          "proven")  # fmt: skip
        return latest, f"proved by {latest.id} ({latest.status})"
    proofs = [r for r in occasions if r.status in SUCCESS_STATUSES]
    if proofs:
        return None, (f"could mean the occasion of {latest.id} ({latest.status}, the most recent) "
                      f"or an earlier one ({', '.join(p.id for p in proofs)} succeeded): not all "
                      "proven")  # fmt: skip
    return None, f"no succeeded {what} receipt at or before recorded_at ({_describe(occasions)})"


def _subject_numbers(sentence: str, clause: str) -> set[str]:
    """The ids written before a clause in its part of the sentence, which its verb shares
    ("recording 0650 has been transcoded and has reached the faculty", "2716 sealed and handed
    to Lindqvist"); ids after it are other things of the sentence."""
    own, said = clean(own_part(sentence, clause)), clean(clause).strip(" .")
    at = own.find(said) if said else -1
    return id_numbers(own[:at]) if at > 0 else set()


#: Words before a number that make it no thing of a series: a month or weekday (a date, "Nov
#: 14") or a preposition or quantifier ("for 20", "all 212").
_NOT_A_SERIES = re.compile(
    rf"{_MONTH}|mon|tue|wed|thu|fri|sat|sun|day|week|wk|month|year|at|by|on|for|to|in|of|from|"
    r"until|till|and|or|with|about|after|before|since|than|per|only|all|the"
)


#: A word and a small number written apart ("bed 14", "cot 5"); an id written whole
#: ("task-78") is a name, which the targets decide.
_SPACED = re.compile(r"(?<![\w-])([a-z]{2,})\s+(\d{1,3})(?![\w:-]|\.\d)")


def _other_numbered(
    said: list[tuple[str, str]], occasions: Sequence[ReceiptLike]
) -> tuple[str, str] | None:
    """The word and number a statement writes apart ("bed 14") where every occasion that writes
    that word writes it with another number ("bed 11 apixaban dose query"): another thing of the
    series, which none of these receipts is about. Returns (the statement's, the receipts')."""
    # only the pairs that can name a thing, before any receipt is read (this runs per statement)
    said = [(head, number) for head, number in said if not _NOT_A_SERIES.fullmatch(head)]
    if not said:
        return None
    written: dict[str, set[str]] = {}
    for r in occasions:
        text = f"{getattr(r, 'target', '')} {r.text}".lower()
        for g in glued_words(text) | {p for p in _ID_PARTS.split(text) if unglued(p)}:
            head, number = unglued(g) or ("", "")
            written.setdefault(head, set()).add(number.lstrip("0") or "0")
    for head, number in said:
        theirs = written.get(head)
        if theirs and (number.lstrip("0") or "0") not in theirs:
            return f"{head} {number}", ", ".join(f"{head} {n}" for n in sorted(theirs))
    return None


#: A day a statement names ("on Saturday the 29th", "on 12 Sept", "yesterday"): it says which.
_DAY_SAID = re.compile(
    rf"\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|yesterday|"
    rf"\d{{1,2}}(?:st|nd|rd|th)|\d{{1,2}}\s+{_MONTH}|{_MONTH}\s+\d{{1,2}})\b"
)


def _in_flight(
    proof: ReceiptLike, receipts: Sequence[ReceiptLike], recorded_at: datetime, local: tzinfo | None
) -> ReceiptLike | None:
    """A receipt of the same act dated just after ``recorded_at`` (within a day), when the proof
    is of an earlier day: the act of the day the statement was written was still under way, and
    a statement naming no time may speak of it ("Message to Tamsin sent" at 07:00 beside a send
    at 07:40 and one a week before)."""
    if proof.at is None or max(_days(proof.at, local)) >= max(_days(recorded_at, local)):
        return None
    target = getattr(proof, "target", None)
    return next((r for r in receipts if r.at is not None and recorded_at < r.at
                 <= recorded_at + timedelta(days=1) and getattr(r, "target", None) == target),
                None)  # fmt: skip
