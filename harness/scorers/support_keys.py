"""What tells one thing from its fellows when no id does: a capital letter after its noun ("set
A", "set B"), a version ("slides v2", "audio v3"), the clock time a log keeps its lines by
("06:00 heartbeat: suppressed").

Why a module of its own: the prose reading (``support_prose``) and the clause reading
(``support_label``) both need to know that "set B" is not "set A" and that "the 06:00 heartbeat"
is the 06:00 line, where words matched over a whole item would take the fellow for the thing.
"""

from __future__ import annotations

import re

from harness.text.roots import root

_CLOCK = re.compile(r"\b(\d{1,2}):(\d{2})\b")


def clock_of(text: str) -> str:
    """The first clock time a text gives, as HH:MM ("6:00" is "06:00"), or ""."""
    m = _CLOCK.search(text)
    return f"{int(m.group(1)):02d}:{m.group(2)}" if m else ""


#: A thing told from its fellows by a capital letter after its noun ("set A", "plan B",
#: "room C"); "I" is the first person, never a letter.
_LETTERED = re.compile(r"\b([A-Za-z][a-z]+)\s+([A-HJ-Z])\b(?![\w'-])")
#: Words before a capital letter that are no noun of a lettered thing ("the A-side", "and B").
_NOT_NOUNS = frozenset({"the", "and", "or", "to", "of", "by", "in", "on", "at", "for", "with"})


#: A thing told from its fellows by its number in a series ("study no. 10", "vol. 2", "part 3",
#: "the week-39 backup").
_NUMBERED = re.compile(r"\b(no|nr|vol|volume|part|issue|chapter|week)(?:\.\s*|\s+|-)(\d{1,3})\b(?![.,:]\d)",
                       re.IGNORECASE)  # fmt: skip


def lettered(text: str) -> dict[str, str]:
    """The lettered or numbered things a text names, by the root of their noun: {"set": "A"},
    {"no": "10"}; a noun that opens a sentence ("Set C of the plates") counts as well."""
    found = {root(noun.lower()): letter for noun, letter in _LETTERED.findall(text)
             if noun.lower() not in _NOT_NOUNS}  # fmt: skip
    found.update((root(noun.lower()), number) for noun, number in _NUMBERED.findall(text))
    return found


def other_lettered(wanted: dict[str, str], text: str) -> bool:
    """Does the text name another letter of a lettered thing the clause names ("set B" for
    "set A")?"""
    if not wanted:
        return False
    theirs = lettered(text)
    return any(theirs.get(noun, letter) != letter for noun, letter in wanted.items())


#: A version written after a thing ("v2", "version 3", "rev 4").
_VERSION = re.compile(r"\b(?:v|version\s+|rev\.?\s*|revision\s+)(\d+)\b(?!\.\d)", re.IGNORECASE)
#: A release's dotted version: after "v", a release word or a hyphen ("release-4.1",
#: "pypi-2027.8.3", a calendar version), of three
#: parts anywhere ("3.4.0"), or of two before a release's noun ("the 4.2 tag"); never a price
#: or a clock time ("12.50", "10.30").
_DOTTED = re.compile(
    r"(?:\bv|\b(?:version|release|rel|tag)[\s_-]*v?)(\d+(?:\.\d+)+)(?![\d.]*\d)|"
    r"(?<=-)(?:v(\d+(?:\.\d+)+)|(\d{1,3}\.\d{1,3}\.\d{1,3}|20\d\d\.\d{1,2}\.\d{1,3}))(?![\d.]*\d)|"
    r"(?<![\w.])(\d{1,3}\.\d{1,3}\.\d{1,3})(?![\d.]*\d)|"
    r"(?<![\w.])(\d+\.\d+)(?=\s+(?:tag|release|build|installer|milestone|wheel|sdist|tarball)\b)",
    re.IGNORECASE,
)

_HYPHENED = re.compile(r"\bv(\d+(?:[-_]\d+)+)\b", re.IGNORECASE)


def versions_of(text: str) -> frozenset[str]:
    """The versions a text gives ("lecture-slides v2" gives "2", "release-4.1.0" gives "4.1":
    a trailing ".0" names the same release)."""
    # an id writes a version with hyphens ("release-v2-4-0")
    text = _HYPHENED.sub(lambda m: "v" + re.sub(r"[-_]", ".", m.group(1)), text)
    dotted = {re.sub(r"(?:\.0)+$", "", next(g for g in m.groups() if g))
              for m in _DOTTED.finditer(text)}  # fmt: skip
    # a calendar version is also written without its year ("9.0" of 2027.9.0, "8.3" of 2027.8.3)
    dotted |= {re.sub(r"(?:\.0)+$", "", short) for v in dotted if (short := without_year(v))}
    return frozenset(_VERSION.findall(text)) | dotted


def without_year(version: str) -> str | None:
    """A calendar version without its year ("9.0" of 2027.9.0), or None for any other."""
    return version.split(".", 1)[1] if re.match(r"20\d\d\.\d", version) else None
