"""How prose names a settled matter's words: an id glued of letters and digits as prose spells
it ("week 47" of ``wk47``, "T-14" of ``t14``), a version without its dots ("3.2.0" of
``ines-320-notice``), a month of the matter's ``YYYY-MM`` by its name ("October" of
``lst-map-2026-10``), a job's number alone ("Reopen 4471" of ``job-4471``), and a thread by
the people who wrote in it.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from functools import cache

from harness.schema import EvidenceItem
from harness.scorers.reopen_grounds import DATES, month_days
from harness.text.names import name_variants
from harness.text.normal import ascii_fold, clean

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
    if spelt.search(plain) is not None or spelt.search(plain.replace("-", "")) is not None:
        return True
    # "the trail map" of trailmap-2027: a compound an id glues, written apart
    words = re.findall(r"[a-z]+", plain) if word.isalpha() and len(word) >= 6 else []
    return any(a + b in (word, word + "s") for a, b in itertools.pairwise(words))


def month_named(plain: str, matter: str) -> bool:
    """Does ``plain`` name the month of a ``YYYY-MM`` in the matter's id by its name?"""
    m = _YEAR_MONTH.search(matter)
    if m is None:
        return False
    name = _MONTHS.split()[int(m[2]) - 1]
    return re.search(rf"\b{name[:3]}(?:{name[3:]})?\b", plain) is not None


_YEAR = re.compile(r"(?:19|20)\d\d")


def _month_day(word: str) -> tuple[int, int] | None:
    """An id's four digits read as a month and a day, the way ids date things ("0912")."""
    if len(word) != 4 or not word.isdigit():
        return None
    month, day = int(word[:2]), int(word[2:])
    return (month, day) if 1 <= month <= 12 and 1 <= day <= 31 else None


def day_named(plain: str, word: str) -> bool:
    """Does ``plain`` name the day an id's digits date ("the 12 September mix" of
    ``render:rehearsal-0912``, "the 12 Oct GenDec" of ``gendec-kb214-1012``)?"""
    wanted = _month_day(word)
    return wanted is not None and wanted in month_days(plain)


def dates_the_id(word: str) -> bool:
    """Is this number of an id a year or a month and day? Prose that names the id by its other
    words may leave it out ("permit 118" of ``permit-ep-2026-118``, "page 7" of
    ``page-07-1004``), as it leaves out an id's whole date."""
    return _YEAR.fullmatch(word) is not None or _month_day(word) is not None


def written_as_id(plain: str, word: str) -> bool:
    """Is a long number of the id written as the id writes it, standing alone ("rerender 30450"
    of ``render:label-30450``, "0917" of ``task:transfer-0917``)? Four digits or more, no year:
    such a number names one thing, whatever the id's other words."""
    return (len(word) >= 4 and word.isdigit() and _YEAR.fullmatch(word) is None
            and re.search(rf"(?<![\w.-]){word}(?![\w.-])", plain) is not None)  # fmt: skip


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


_ISO_DATE = re.compile(r"(?<!\d)\d{4}-\d{2}-\d{2}(?!\d)")
_GENERIC = frozenset({"thread", "task", "render", "the", "matter"})


def matter_words(matter: str) -> set[str]:
    """A settled matter id (``thread:patrick-2026-08-20``) as its distinctive words: its kind
    and date are left out, ids keep their digits (``render:0412`` -> ``0412``)."""
    _, _, name = matter.partition(":")
    # Only a whole date (2026-08-20) is left out: prose names a thread by its people, but an id's
    # digits (render:0412) are the id.
    plain = _ISO_DATE.sub(" ", (name or matter).lower())
    # a dotted version is one word ("release-2027.9.0" is release and 2027.9.0)
    versions = set(_VERSION_WORD.findall(plain))
    plain = _VERSION_WORD.sub(" ", plain)
    words = {w for w in re.split(r"[\s_.:/-]+", plain) if w} | versions
    return (words - _GENERIC) or words


_VERSION_WORD = re.compile(r"(?<![\d.])\d+(?:\.\d+){1,3}(?![\d.]*\d)")


_NUMBER = re.compile(r"\d+")


def mentions_matter(text: str, matter: str) -> bool:
    """Does the text speak of the matter? By its name, or by at least half of its words ("the
    Patrick thread" for ``thread:patrick-etching``, "the 2198 payment" for
    ``thread:lenz-invoice-2198``); its numbers must be there too unless the text gives none, and a
    text giving only another number (render 0413 for ``render:0412``) speaks of something else."""
    plain = clean(ascii_fold(text))  # "Rezső" is the rezso of thread:rezso-tiles
    if any(v in plain for v in name_variants(matter)):
        return True
    words = matter_words(matter)
    if not words:
        return False
    if month_named(plain, matter):
        return True  # "Re-render October" of render:lst-map-2026-10
    found = {w for w in words if word_in(plain, w) or day_named(plain, w)}
    numbers = {w for w in words if w.replace(".", "").isdigit()}  # versions too
    # a day or a clock time ("the Oct 2 backup", "at 14:00") is no other id's number
    given = {n.lstrip("0") for n in _NUMBER.findall(DATES.sub(" ", plain))}
    other = given - {n.lstrip("0") for n in found}
    if numbers - found and given and (other or not all(map(dates_the_id, numbers - found))):
        return False
    if any(map(_month_day, numbers - found)) and month_days(plain):
        return False  # "the September 4th batch" is another day's than batch-run-0903
    if words - numbers <= KIND_WORDS and any(len(n) >= 3 for n in found & numbers):
        return True  # "Reopen 4471" of task:job-4471: a job's number names it
    if not other and any(written_as_id(plain, n) for n in found & numbers):
        return True
    if found and distinctive_name(text, words, found):
        return True  # "Re-render week 41" of render:weekly-map-w41
    return 2 * len(found) >= len(words) and bool(found - numbers or not words - numbers)
