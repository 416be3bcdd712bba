"""Grounds for reopening: evidence newer than a matter's settlement that bears on what a sentence
proposes.

Newer evidence about a matter does not justify every redo of it: a new question about plate 9 is
no reason to resend the ledger the asker already acknowledged. A redo is justified when the
sentence speaks of an item that came after the settlement: it shares two distinctive words with
it (names, objects, states: "Bruno", "frame 7", "corrupt"), or one and the time it came ("at
11:02", "this morning"). A sentence anchored on the settled occasion itself ("the note from the
6th", "his Aug 21 question") speaks of the old matter whatever came since.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta

from harness.schema import EvidenceItem
from harness.text.normal import clean
from harness.text.support import STOPWORDS

#: Words with their digits ("p14", "sha256", "v3"): a number inside a word is part of its name.
_WORD = re.compile(r"[a-z0-9]+")
#: Words that say only "do it again" or address the host: every redo has them, so sharing them
#: with an item says nothing about which item the sentence speaks of.
_GENERIC_WORDS = """again once more another ask host please approve propose so because since given then also
    first maybe just today yesterday morning tonight night last this that these those new latest
    newer now says said say wrote writes reports report asked asks message note thread task render
    re"""
_GENERIC = frozenset(_GENERIC_WORDS.split())
_SUFFIX = re.compile(r"(?:ing|ion|ions|ed|es|s)$")
_MONTH_NAMES = "jan feb mar apr may jun jul aug sep oct nov dec"
_MONTHS = {m: i + 1 for i, m in enumerate(_MONTH_NAMES.split())}
_MONTH_DAY = re.compile(
    r"\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(\d{1,2})(?:st|nd|rd|th)?\b"
    r"|\b(\d{1,2})(?:st|nd|rd|th)?\s+(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b"
)
#: "the 6th", not a day something is moved to or booked for ("move the tasting to the 17th"):
#: that is a day to come, no anchor in the past.
_ORDINAL = re.compile(
    r"(?<!\bto )(?<!\bfor )(?<!\buntil )(?<!\btill )\bthe\s+(\d{1,2})(?:st|nd|rd|th)\b"
)
_ISO = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
_YESTERDAY = re.compile(r"\b(?:yesterday|last night|like before)\b")
_TODAY = re.compile(r"\b(?:today|this morning|this afternoon|tonight|just now)\b")
#: A sentence pointing at news: "his new message", "the latest report", "today's note".
_NEWS_REF = re.compile(
    r"\b(?:new|newer|newest|latest|recent|fresh|today's|this morning's)\s+(?:[\w'-]+\s+)?"
    r"(?:message|note|reply|report|mail|email|question|request|dm|complaint|comment|finding)s?\b"
)
_CLOCK = re.compile(r"\b(\d{1,2}):(\d{2})\b")
#: A clock time as records write it, a zone letter glued on ("03:00Z").
_WRITTEN_CLOCK = re.compile(r"\b(\d{1,2}):(\d{2})(?!\d)")


def stem(word: str) -> str:
    """A word without its inflection ("mismatching", "mismatch"; "corruption", "corrupt")."""
    if word.isdigit():
        return word
    # "moved" and "move", "dated" and "date": one stem, so the final e goes too
    return (_SUFFIX.sub("", word) if len(word) > 4 else word).removesuffix("e")


def distinctive(text: str, exclude: frozenset[str] = frozenset()) -> set[str]:
    """The words of a text that can say which item it speaks of: stems of its words, numbers
    without leading zeros, without stop words, redo words and the matter's own name."""
    found: set[str] = set()
    # Clock times say when, not what: "at 14:00" is no number of the matter.
    for word in _WORD.findall(_CLOCK.sub(" ", clean(text))):
        if word in STOPWORDS or word in _GENERIC or word in exclude:
            continue
        if word.isdigit():
            found.add(word.lstrip("0") or "0")
        elif len(word) > 1:
            found.add(stem(word))
    return found - {stem(w) for w in exclude} - {w.lstrip("0") for w in exclude if w.isdigit()}


def own_words(matter: str) -> frozenset[str]:
    """A matter id's words in both spellings prose gives them ("folio3" and "folio 3"): they say
    the sentence is about the matter, not which evidence about it."""
    name = clean(matter.partition(":")[2] or matter)
    return frozenset(re.findall(r"[a-z0-9]+", name)) | frozenset(re.findall(r"[a-z]+|\d+", name))


def month_days(plain: str) -> list[tuple[int, int]]:
    """The (month, day) pairs a cleaned text names by a month's name ("Aug 21", "12 September")."""
    return [(_MONTHS[(m[1] or m[4])[:3]], int(m[2] or m[3])) for m in _MONTH_DAY.finditer(plain)]


def days_named(sentence: str, recorded_at: datetime) -> list[datetime]:
    """The days a sentence names, read against the day it was written: ISO dates, "Aug 21",
    "the 6th" (this month, or last month when the day is still to come), "yesterday"."""
    plain = clean(sentence)
    day = recorded_at.replace(hour=0, minute=0, second=0, microsecond=0)
    found: list[datetime] = []
    for m in _ISO.finditer(plain):
        try:
            found.append(day.replace(int(m[1]), int(m[2]), int(m[3])))
        except ValueError:
            continue
    for month, number in month_days(plain):
        try:
            found.append(day.replace(month=month, day=number))
        except ValueError:
            continue
    for m in _ORDINAL.finditer(plain):
        number = int(m[1])
        try:
            named = day.replace(day=number)
        except ValueError:
            continue
        if number > day.day:  # "the 28th" written on the 3rd is last month's
            named = (day.replace(day=1) - timedelta(days=1)).replace(day=number)
        found.append(named)
    if _YESTERDAY.search(plain):
        found.append(day - timedelta(days=1))
    if _TODAY.search(plain):
        found.append(day)
    return found


def _names_its_time(plain: str, item: EvidenceItem, recorded_at: datetime) -> bool:
    """Does the sentence name when the item came: its clock time, its day ("the 22 October
    registry row"), or today/this morning for an item of the day it was written?"""
    # the time it came, or a time it writes itself ("last packet 03:00Z")
    written = {(int(h), int(mi)) for h, mi in _WRITTEN_CLOCK.findall(clean(item.text))}
    for m in _CLOCK.finditer(plain):
        if (int(m[1]), int(m[2])) in {(item.at.hour, item.at.minute), *written}:
            return True
    if any(d.date() == item.at.date() for d in days_named(plain, recorded_at)):
        return True
    return _TODAY.search(plain) is not None and item.at.date() == recorded_at.date()


def _sender(item: EvidenceItem) -> str | None:
    value = (item.data or {}).get("from")
    speaker = re.match(r"^\s*([A-Za-z][\w'-]*):\s", item.text)
    return clean(value) if isinstance(value, str) else clean(speaker[1]) if speaker else None


_MONTH = rf"(?:{'|'.join(_MONTH_NAMES.split())})[a-z]*\.?"
#: Calendar dates and clock times, whose numbers are days and hours, not ids.
DATES = re.compile(
    rf"(?i)\b{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?\b|\b\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH}|"
    r"\b\d{4}-\d{2}-\d{2}(?:t[\d:.]+z?)?\b|\b\d{1,2}:\d{2}\b"
)


#: A sentence saying what someone said: "as Tamsin pointed out", "Ilse says", "per Ines".
_REPORTED = re.compile(
    r"\b(?:pointed out|points out|says|said|asked|asks|reported|reports|noticed|flagged|"
    r"spotted|mentioned|complained|wrote|writes|told us|tells us)\b|\bper\s+[a-z]"
)


def names_matter(text: str, matter_words: frozenset[str]) -> bool:
    """Does the item name the matter by a word of its own name ("your inspection" of
    hygiene-inspection-booking, "RT-14" of site-visit-rt14), a word no redo shares by itself?"""
    plain = clean(text)
    words = {stem(w) for w in _WORD.findall(plain)}
    for word in matter_words:
        glued = re.fullmatch(r"([a-z]+)(\d+)", word)
        if glued and re.search(rf"\b{glued[1]}[\s_-]*0*{int(glued[2])}\b", plain):
            return True
        if word.isalpha() and len(word) >= 4 and word not in _GENERIC and stem(word) in words:
            return True
    return False


def speaks_of(
    sentence: str,
    item: EvidenceItem,
    matter_words: frozenset[str],
    recorded_at: datetime,
    about_matter: bool = False,
) -> bool:
    """Does the sentence speak of this item? It shares two distinctive words with it, or one with
    an item filed under the matter; it points at news ("his new message") from the item's sender
    or about the matter; or it names the item's time with one shared word or with its sender
    ("since Oskar wrote this morning"). Where both name numbers and none is shared ("line
    9" against "line 14"), the sentence speaks of something else."""
    # the item's own time as a radio log writes it ("broken strand 1700") is no number of a thing
    sentence = re.sub(rf"(?<![\w.:-]){item.at:%H%M}(?![\w:-])", f"{item.at:%H:%M}", sentence)
    mine = distinctive(sentence, matter_words)
    theirs = distinctive(item.text, matter_words)
    # the day of a date ("reported on Oct 2") is no number of the thing spoken of ("slide 4")
    numbers_mine = {w for w in distinctive(DATES.sub(" ", sentence), matter_words) if w.isdigit()}
    numbers_theirs = {w for w in distinctive(DATES.sub(" ", item.text), matter_words)
                      if w.isdigit()}  # fmt: skip
    if numbers_mine and numbers_theirs and not numbers_mine & numbers_theirs:
        return False
    shared = len(mine & theirs)
    # an item naming a word of the matter's own name ("move your inspection") is about it too
    about_matter = about_matter or names_matter(item.text, matter_words)
    if shared >= 2 or (shared == 1 and about_matter):
        return True
    plain = clean(sentence)
    sender = _sender(item)
    named = sender is not None and re.search(rf"\b{re.escape(sender)}\b", plain) is not None
    # "Given Patrick's new message", "as Tamsin pointed out": news pointed at by its sender or
    # its matter
    if (_NEWS_REF.search(plain) and (named or about_matter)) or (named and _REPORTED.search(plain)):
        return True
    return _names_its_time(plain, item, recorded_at) and (shared == 1 or named or about_matter)


def anchored_on_settled(
    sentence: str, settled_at: datetime, recorded_at: datetime, own: frozenset[str] = frozenset()
) -> bool:
    """Does the sentence name past days, all at or before the settlement ("the note from the
    6th", "like yesterday" when it settled yesterday)? Then it speaks of the settled occasion.
    A day the matter's id dates (``own``, its words: "the 14 Sep visit record" of
    ``task:field-visit-0914``) names the matter, not an occasion of it."""
    # Today is no anchor: a matter settled this morning and news from this afternoon share it.
    days = [d for d in days_named(sentence, recorded_at)
            if d.date() < recorded_at.date() and d.strftime("%m%d") not in own]  # fmt: skip
    # ... nor is a day's evening when the matter settled that morning ("reported broken links
    # last night" of a render settled at 08:00): the part of the day named is after it
    late = _LATE.search(sentence.lower())
    hour = 0 if late is None else (15 if late[0] == "afternoon" else 20)
    return bool(days) and all(
        d.date() < settled_at.date() or (d.date() == settled_at.date() and hour <= settled_at.hour)
        for d in days
    )


#: The later parts of a day a sentence may name.
_LATE = re.compile(r"\b(?:last night|night|evening|tonight|afternoon)\b")


def newer_grounds(
    sentence: str,
    settled_at: datetime | None,
    candidates: Sequence[EvidenceItem],
    matter_words: frozenset[str],
    recorded_at: datetime,
    about: Callable[[EvidenceItem], bool] = lambda _: False,
) -> str | None:
    """The id of an item newer than the settlement that the sentence speaks of, or None.

    ``candidates`` are the items that could be news: dated at or before ``recorded_at`` and not
    themselves closures (a quiet heartbeat is no news). Without a known settlement, any of them
    the sentence speaks of is its ground.
    """
    if settled_at is not None and anchored_on_settled(
        sentence, settled_at, recorded_at, matter_words
    ):
        return None
    for item in candidates:
        if settled_at is not None and item.at <= settled_at:
            continue
        if speaks_of(sentence, item, matter_words, recorded_at, about(item)):
            return item.id
    return None
