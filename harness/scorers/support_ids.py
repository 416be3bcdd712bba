"""Ids a claim writes another way than the host target does: a version the target is a release
of ("v3.4.0" of ``release-3.4.0``), two words the target glues into one ("key code 4471" of
``keycode-4471``, "data paper 2.1" of ``datapaper-2.1``, "App Store" of ``appstore-4.2.0``)."""

from __future__ import annotations

import re
from itertools import pairwise

from harness.scorers.support_keys import without_year
from harness.text.names import target_words
from harness.text.normal import clean
from harness.text.roots import root, roots

#: A version of two or three numbers ("3.4.0", "v2.1"), not a part of a longer one or a date.
_VERSION_PARTS = re.compile(r"(?<![\d.])\d+\.\d+(?:\.\d+)?(?![\d.]*\d)")
#: Words of a target that only say it is a release: "release-3.4.0" is version 3.4.0.
_RELEASE_WORDS = frozenset(("release", "releas", "rel", "version", "v", "tag"))
#: Roots of what any release is and where it goes, which tell no release from another.
_ANY_RELEASE = roots("release version package packages build tag index registry store mirror "
                     "pypi portal channel")  # fmt: skip


def version_named(text: str, topic: frozenset[str], target: str) -> bool:
    """A clause (its text, and ``topic``, the roots of what it names) names the version the
    target is of, and nothing of the target it leaves unnamed (``wheel-3.4.1`` is not "the
    3.4.1 sdist")."""
    if not any(v in _target_versions(target) for v in _VERSION_PARTS.findall(text)):
        return False
    words, _ = target_words(target)
    said = topic | _glued_pairs(text)
    if not {w for w in words if not w.isdigit()} - _RELEASE_WORDS - said:
        return True
    # "3.2.0 is on the package index" of ``pkgindex-3.2.0``: a version of three parts that the
    # target carries, with nothing else named but what any release is or where it goes (a
    # clause naming another kind of thing, "the 3.4.1 sdist", is not ``wheel-3.4.1``)
    # (a calendar version written without its year is of three parts: "8.3" of 2027.8.3)
    three = [v for v in _VERSION_PARTS.findall(text) if v.count(".") == 2 or _calver_of(v, target)]
    # ... and a place it names is the target's ("on the package index" is not ``addin-store-5.0.1``)
    places = {w for w in topic & _PLACES if not _place_of(w, target)}
    return (
        bool(three) and any(v in target for v in three) and not topic - _ANY_RELEASE and not places
    )


def _target_versions(target: str) -> set[str]:
    """The versions a target carries, a calendar one also without its year ("9.0" of
    ``release-2027.9.0``)."""
    found = set(_VERSION_PARTS.findall(target))
    return found | {short for v in found if (short := without_year(v))}


def _calver_of(version: str, target: str) -> bool:
    """Is ``version`` the target's calendar version without its year?"""
    return re.search(rf"(?<![\d.])20\d\d\.{re.escape(version)}(?![\d.]*\d)", target) is not None


def version_moved(text: str, topic: frozenset[str], moved: str, target: str) -> bool:
    """ "4.2.0 is on the package index" of an upload to ``pkgindex`` of "earmark 4.2.0 wheel and
    sdist": a version of three parts the receipt moved, where the clause names nothing but what
    any release is and where it goes, each word of the place the target's own ("app store" of
    ``appstore``; the same version on ``appstore`` is not "on the package index")."""
    three = [v for v in _VERSION_PARTS.findall(text) if v.count(".") == 2]
    if not any(v in _VERSION_PARTS.findall(moved) for v in three):
        return False
    # a word of a place the target carries ("index" of pkgindex), or one no release names
    return not {w for w in topic if not _place_of(w, target)
                and (w not in _ANY_RELEASE or w in _PLACES)}  # fmt: skip


#: Roots of where a release goes: a clause naming one names which place it means.
_PLACES = roots("index store mirror portal")
#: Names a target gives a place ("pypi-3.8.0" is on the package index).
_PLACE_NAMES = {root("index"): ("pypi", "pkg", "npm", "crates")}


def _place_of(word: str, target: str) -> bool:
    """Is ``word`` (a root) the target's place, by its own word or a name of it?"""
    place = clean(target)
    return word in place or any(n in place for n in _PLACE_NAMES.get(word, ()))


def _glued_pairs(text: str) -> frozenset[str]:
    """Two words written apart that a target writes as one ("data paper" of ``datapaper``)."""
    words = re.findall(r"[a-z]+", clean(text))
    return frozenset(a + b for a, b in pairwise(words))


def glued_id(text: str, target: str) -> bool:
    """Two words and a number ("key code 4471") that the target glues ("keycode-4471")."""
    parts = [p for p in re.split(r"[\s_.:/#-]+", clean(target)) if p]
    for m in re.finditer(r"\b([a-z]{2,})[\s-]+([a-z]{2,})[\s#-]*(\d{2,})\b", clean(text)):
        glued = m[1] + m[2]
        if any(glued == a and m[3] == b for a, b in pairwise(parts)):
            return True
    return False


def glued_name(words: tuple[str, ...], target: str) -> bool:
    """A name of two words or more that the target writes as one ("App Store" of
    ``appstore-4.2.0``): the target's own name, not someone else's."""
    return len(words) > 1 and "".join(words) in target_words(target)[0]


def glued_after(text: str, word: str, target: str) -> bool:
    """A name the target writes glued to the word before it in the clause ("St Brannoc" of
    ``refund-stbrannoc``, "Holy Trinity" of ``invoice-holytrinity-0930``): the target's own."""
    glued = target_words(target)[0]
    return any(m[1] + word in glued
               for m in re.finditer(rf"\b([a-z]+)\.?\s+{re.escape(word)}\b", clean(text)))  # fmt: skip


#: Words before a participle that keep it from stating its act happened.
_NOT_STATED = frozenset(("not", "no", "never", "can", "could", "will", "would", "should", "may",
                         "might", "must", "whether", "if", "asked", "ask", "be", "to", "due",
                         "once", "until", "unless", "yet"))  # fmt: skip
#: Past participles that do not end in -ed.
_IRREGULAR = frozenset(("paid", "sent", "made", "done", "put", "set", "written", "gone", "taken"))
#: What a registry issues for its target: the entry's own number, never a thing moved.
ISSUED = roots("accession accessions")


def says_participle(text: str, verb: str) -> bool:
    """Does ``text`` (a receipt's object part: "trailer T3 for Kaisa, booked") give the verb's
    past participle as its outcome, in the claim's word (not a noun of it: "payment failed")?"""
    if len(verb) <= 2:
        return False
    for clause in re.split(r"[;,.]", text.lower()):
        words = re.findall(r"[a-z']+", clause)
        for i, w in enumerate(words):
            if (w.endswith("ed") or w in _IRREGULAR) and root(w) == verb:
                # "still not paid", "can be booked", "asked whether ... booked": not stated
                return not _NOT_STATED.intersection(words[:i])
    return False


def split_ids(name: str) -> str:
    """``ruth-folio3`` as ``ruth-folio-3``: an id glued to its head is still that id; and a year
    glued to its quarter, half or week (``guest-data-2023q4``) is still that year."""
    dated = re.sub(r"(?<!\d)((?:19|20)\d\d)(?=[qhw]\d)", r"\1-", clean(name))
    return re.sub(r"(?<=[a-z])(?=\d)", "-", dated)


def numbers_in(text: str) -> set[int]:
    """The numbers a text gives, its ids split ("run-0412" gives 412), versions apart."""
    return {int(n) for n in re.findall(r"(?<![\d.])\d+(?![\d.]*\d)", split_ids(text))}


#: Words that say only what kind of thing a number names: "batch 0614" is the 0614 items.
_KIND_HEADS = frozenset({"batch", "lot", "job", "order", "ticket", "case", "request", "run",
                         "issue", "item", "no", "number"})  # fmt: skip


def kind_head(head: str, number: int | None, text: str) -> bool:
    """Is ``head`` a word of kind only, before a number long enough to name the thing alone,
    which ``text`` gives bare ("the 0614 certificate PDFs"), not inside an id of its own
    ("old-scans-2288" is not job 2288)?"""
    if head not in _KIND_HEADS or number is None or number < 100:
        return False
    return re.search(rf"(?<![\w.-])0*{number}(?![\w-])", clean(text)) is not None


#: A word and an id number of three digits or more after it ("chart 0413", "render #1187").
_HEADED_NUMBER = re.compile(r"\b([a-z]{3,})[\s#_-]*(\d{3,})\b")


def other_of_series(claim: str, item: str) -> tuple[str, str] | None:
    """The claim's word and number ("seating chart 0413") where the item gives that word with
    other numbers only ("seating-chart-0412.pdf"): another of a series, not the claim's thing.
    Returns (the claim's, the item's), else None."""
    text = clean(item)
    for m in _HEADED_NUMBER.finditer(clean(claim)):
        head, number = m[1], int(m[2])
        given = {int(n) for n in re.findall(rf"\b{re.escape(head)}[\s#_-]*(\d{{3,}})\b", text)}
        if given and number not in given and number not in numbers_in(text):
            return m.group(), f"{head} {min(given)}"
    return None


#: A version and a pre-release tag glued to it ("4.2.0rc2", "2.1.0-beta1", "3.0.0.dev4").
_PRERELEASE = re.compile(
    r"(?<![\d.])(\d+\.\d+(?:\.\d+)?)[-.]?(rc|a|b|alpha|beta|pre|dev)(\d*)(?![a-z])"
)


def other_prerelease(text: str, target: str) -> str | None:
    """A target that is a pre-release ("changelog-4.2.0rc2") of the version a clause names
    without that tag ("the 4.2.0 final changelog"): another release. Returns the target's
    version as written, else None."""
    plain = clean(text)
    for m in _PRERELEASE.finditer(clean(target)):
        tag = f"{m[2]}{m[3]}"
        if re.search(rf"(?<![\d.]){re.escape(m[1])}(?![\d.]*\d)", plain) and tag not in plain:
            return m.group()
    return None
