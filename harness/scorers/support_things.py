"""What a claim and an item say was moved or meant: another object, another kind of a thing, is
another occasion, whatever words the two share.

A receipt names what it moved after its action and target ("media.deliver to marek: pickup
times, delivered"); a clause names it in a noun phrase ("the invoice reminder"). Where both name
one and they differ, the clause speaks of another occasion of the same action. Any other item is
told apart by a word before a shared noun ("the ochre palette" against "the cobalt palette").
"""

from __future__ import annotations

import re
from itertools import pairwise

from harness.scorers.claim_support import Backing
from harness.scorers.completion import lexicon as lx
from harness.scorers.support_claim import ClaimReading
from harness.scorers.support_target import initial_words
from harness.scorers.support_words import ACTION_ROOTS
from harness.text.names import PLATFORMS
from harness.text.normal import ascii_fold, clean
from harness.text.quantities import UNITS
from harness.text.roots import STOP_ROOTS, root, roots, shared

#: Words of a receipt's transport and outcome: never the object it moved.
TRANSPORT = roots(
    "relay retry automatic timeout timed out waiting acknowledgement delivery state unknown "
    "bounced error succeeded success failed queued pending cancelled canceled delivered sent ok "
    "done attempt recipient reached host approval worker confirmation accepted mailbox full live "
    "published posted behind jobs by with at review main master"
)
#: Words of when: months, days and times of day name an occasion's time, not what it moved.
WHEN_ROOTS = roots(
    "january february march april may june july august september october november december jan "
    "feb mar apr jun jul aug sep sept oct nov dec monday tuesday wednesday thursday friday "
    "saturday sunday today yesterday tonight morning afternoon evening night noon utc local "
    "week weekly weekend daily nightly monthly"
)
#: Words of an outcome or of reporting, which name no object.
OUTCOME_ROOTS = roots(
    "went through gone out succeeded success failed done complete completed finished confirmed "
    "confirms receipt queued pending cancelled happened live waiting awaiting still yet cleared "
    "acknowledged booked scheduled posted published paid sent delivered received bounced "
    "stalled rejected declined applied open closed"
)


#: "notified about the prints": what follows is the message's topic, not what it moved.
_TOPIC = re.compile(r"\b(?:about|regarding|concerning|on|re)\b.*$")


#: A noun phrase: a determiner and up to three words before a preposition or a stop.
_PHRASE = re.compile(
    r"\b(?:the|a|an|this|that|these|those|his|her|their|its|my|our|your)\s+"
    r"((?:(?!(?:to|of|for|with|about|on|in|at|by|from|was|were|is|are|has|have|had)\b)"
    r"[a-z][a-z'-]*\s*){1,3})"
)


def object_roots(text: str, known: frozenset[str]) -> frozenset[str]:
    """The roots of the nouns a text names as what was moved: the words of its noun phrases
    ("the invoice reminder"), or of all of it for a receipt's object part, without the words of
    actions (a hand-off, a payment), outcomes, times or names (``known``), adverbs,
    contractions, un-words, participles and amounts."""
    # accents off first: "gymnázium" is one word, the target ``gymnazium-brno``'s own
    plain = re.sub(r"\b\d[\d.,]*\b", " ", ascii_fold(text))
    words = [
        w
        for w in re.findall(r"[a-z][a-z'-]*", plain)
        if not w.endswith(("ly", "n't", "ed", "ing"))
        and not w.startswith("un")
        and w not in UNITS
        and lx.noun_family(w) is not lx.DELIVER
    ]
    return frozenset(r for r in roots(" ".join(words)) - known if len(r) > 2)  # fmt: skip


#: Words that say how recent a thing is, not which thing ("a fresh seal", "the new copy").
_FRESHNESS = roots("fresh new current latest recent renewed updated")
#: Words of why an action failed: the part of a failed receipt they stand in is no object.
_REASON = re.compile(
    r"\b(?:unavailable|unreachable|expired|denied|refused|rejected|invalid|not found|"
    r"missing|full|error|timed out|timeout|offline|locked|over quota|insufficient|conflicts?|"
    r"declined|out of memory|mismatch|clash(?:es)?|no space)\b"
)


def other_object(reading: ClaimReading, b: Backing, target: str) -> str | None:
    """The clause names what was moved ("the invoice reminder") and the receipt names something
    else before its status ("pickup times, delivered"): another occasion of the same action to
    the same target. A receipt that names no object cannot tell, and stays linked."""
    claim = _TOPIC.sub("", ascii_fold(clean(reading.text)))
    versions = set(_VERSION.findall(claim)), set(_VERSION.findall(clean(receipt_object(b))))
    if versions[0] and versions[1] and not versions[0] & versions[1]:
        # "report v1.3" against "report FT-0917 v1.2": one thing, another version
        said_v, moved_v = (", ".join(sorted(v)) for v in versions)
        return f"names version {said_v}; {b.item.id} moved version {moved_v}: another occasion"
    names = roots(" ".join(n.literal for n in reading.names))
    # "the PPG" of patient-participation-group, "the health-board portal" of hb-portal
    own = roots(target.replace("-", " ")) | initial_words(reading.text, target)
    pairs = pairwise(re.findall(r"[a-z]+", claim))
    if {root(a + b) for a, b in pairs if len(a) > 2 and len(b) > 2} & own:
        return None  # "the price list" of pricelist-2025, "the van feed" of vanfeed: the target
    if {root(w.replace("-", "")) for w in re.findall(r"[a-z]+(?:-[a-z]+)+", claim)} & own:
        return None  # "the add-in store" of addin-store-4.12.0, "the pop-up" of popup-hafen
    for q in reading.quantities:
        claim = claim.replace(q.text, " ")
    known = ACTION_ROOTS | OUTCOME_ROOTS | TRANSPORT | roots(target) | own | WHEN_ROOTS | names
    phrases = " ".join(m.group(1) for m in _PHRASE.finditer(claim))
    said = object_roots(phrases, known)
    # a short form of the target ("the print-shop drop" for print-shop-drop, "the genre-tag
    # branch" for meta-genre-tags) is the target
    said = frozenset(w for w in said - _FRESHNESS if not _prefix_of(w, target)
                     and not ("-" in w and roots(w.replace("-", " ")) <= own))  # fmt: skip
    # where a thing went ("to the package index") is no thing moved
    said = said - _WHERE
    named = own | WHEN_ROOTS | names
    if not roots(phrases.replace("-", " ")) - named - _KINDS - STOP_ROOTS:
        return None  # it names only the target and the kind of thing ("the tram photos branch")
    part = _object_part(b)
    # a failed receipt's text often gives why instead of what ("signing key unavailable")
    # ... and one whose text opens with how it went ("cancelled by Uhdim (...)") names none
    # (or only how it went: "...: withdrawn", "...: done")
    silent = (
        gives_a_reason(b)
        or _STATUS_FIRST.match(part) is not None
        or _OUTCOME_ONLY.fullmatch(part) is not None
    )
    moved = frozenset() if silent else object_roots(part, known) - _WHERE
    # "youth-gala.mp4" of "the youth gala video": a hyphened name of words the clause says apart
    said |= {w for w in moved if "-" in w and roots(w.replace("-", " ")) <= roots(phrases)}
    months = _months(phrases), _months(part)
    if months[0] and months[1] and not months[0] & months[1]:
        # "the September roster" against "the August shift roster": one thing, another month
        said_m, moved_m = (_MONTH_NAMES[min(m)] for m in months)
        return f"names the {said_m} one; {b.item.id} moved the {moved_m} one: another occasion"
    common = shared(said, moved) | shared(moved, said)
    if (said and moved and not common - _KINDS and said - common and moved - common
            and not _echoed(said - _KINDS, b.plain)):  # fmt: skip
        # what both share is at most the kind of thing ("PDF", "scans"): the words that tell
        # the two apart differ ("the contact sheet PDF" against "the glaze chart PDF")
        return (
            f"names {', '.join(sorted(said))}; {b.item.id} moved "
            f"{', '.join(sorted(moved))}: another occasion"
        )
    return None


def _echoed(said: frozenset[str], text: str) -> frozenset[str]:
    """The words of ``said`` the item's text gives in another form ("the closure notice" of
    "Closed Mon 21 Sep", "the withdrawal notice" of "build withdrawn"): a participle or a
    noun of one stem, which ``object_roots`` leaves out of what an item moved."""
    words = set(re.findall(r"[a-z]{4,}", ascii_fold(text)))
    return frozenset(w for w in said if len(w) >= 5 and any(_one_stem(w, t) for t in words))


def _one_stem(a: str, b: str) -> bool:
    """Two forms of one word: a shared start at most three letters short of the shorter
    ("buoyancy-aid" and "buoyancy", "withdrawal" and "withdrawn"), five letters at least, or four
    with two letters or fewer after it on each side ("closure" and "closed"; not "access" and
    "accepted"). Not ``roots.same_root``, which asks one word to start the other: "closure" and
    "closed" share a stem, neither starts the other."""
    common = next(
        (i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b))
    )
    if common >= 5:
        return common >= min(len(a), len(b)) - 3
    return common == 4 and len(a) <= 6 and len(b) <= 6


#: A version number, "v1.3" or "version 1.3" alike.
_VERSION = re.compile(r"\bv(?:ersion\s*)?(\d+(?:\.\d+)*)\b")
_MONTH_NAMES = ("january", "february", "march", "april", "may", "june", "july", "august",
                "september", "october", "november", "december")  # fmt: skip
#: A month named as what a thing is of ("the August roster"); "may" and "march" are verbs too.
_MONTH = re.compile(
    r"\b(jan|feb|apr|jun|jul|aug|sept?|oct|nov|dec)(?:uary|ruary|il|e|y|ust|ember|ober)?\b"
)


def _months(text: str) -> frozenset[int]:
    """The months ``text`` names, as their numbers (1-12)."""
    heads = [n[:3] for n in _MONTH_NAMES]
    return frozenset(heads.index(m.group(1)[:3]) for m in _MONTH.finditer(text))


_WHERE = roots(
    "index package store portal mirror registry pypi "
    # places and records a thing is put in or sent through, never the thing itself ("the
    # consult is in the calendar", "the scans are in the archive")
    "calendar archive catalogue catalog library outbox inbox system bank register vault server "
    "bucket folder drive database repository repo data centre center "
    # words that place a thing in a series or a region, not which thing it is
    "first second third duplicate temporary national regional northern southern eastern western "
    "county central public internal external official"
)
_STATUS_FIRST = re.compile(
    r"\s*(?:cancell?ed|failed|rejected|declined|bounced|queued|pending|delivered|succeeded|"
    r"accepted|refused|aborted)\b"
)
_OUTCOME_ONLY = re.compile(r"\s*(?:[a-z]+(?:ed|en|wn)|done|ok|live|out)\s*\.?\s*")
_AWAITING = re.compile(r"\b(?:awaiting|waiting (?:for|on)|pending|on hold for)\b.*$")
#: A host verb ("branch.merge"), never a file's name and extension ("canopy-extract-aug.zip").
_ACTION_NAME = re.compile(r"(?<![\w.-])[a-z_]+\.[a-z_]+\b")
#: Words of the kind or format of a thing moved, which tell no one thing from another.
_KINDS = roots(
    "pdf pdfs tiff tif png jpg jpeg zip file files scan scans copy copies set sets version "
    "image images photo photos document documents attachment attachments branch branches "
    "video videos mp4 mov recording recordings audio mp3 wav "
    # what a payment or a registration is made of, never which one: "got their money for KF-2231"
    "money funds record records entry entries "
    # what kind of message a thing is: "the closure notice", "the thank-you" name no one message
    "notice notices note notes message messages thank-you thanks update updates heads-up"
)


def _prefix_of(word: str, target: str) -> bool:
    """Is a hyphenated word the target cut short ("print-shop" of print-shop-drop)?"""
    return "-" in word and f"{clean(target)}-".startswith(f"{word}-")


def other_target(text: str, target: str) -> str | None:
    """A written name of the target's own series with another suffix ("plate-series-c" against
    plate-series-a, "seal-tests" against seal-docs): a letter or a word after a shared head
    tells one target from another. One that is the target cut short ("print-shop" for
    print-shop-drop) is the target; one that goes on past it ("render-0412-final") another."""
    parts = clean(target).split("-")
    said, theirs = _platforms(text), _platforms(target.replace("-", " "))
    if said and theirs and not said & theirs:
        return min(said)  # "the mac 3.1.8 build" is not ``build-3.1.8-win``
    if len(parts) < 2:
        return None
    # "proof-v1.pdf" is read up to its extension: the file's stem is the target itself
    own = {clean(target), re.sub(r"\.[a-z0-9]{1,5}$", "", clean(target))}
    for token in re.findall(r"(?<![\w.-])[a-z][a-z0-9]*(?:-[a-z0-9]+)+(?![\w-]|\.\d)", clean(text)):
        theirs = token.split("-")
        if theirs[0] != parts[0] or token in own or _prefix_of(token, target):
            continue
        if len(theirs) <= len(parts) and all(
            root(a) == root(b) for a, b in zip(theirs, parts, strict=False)
        ):
            continue  # "lapsed-member records" of lapsed-members-2024: the target's own words
        return str(token)
    return None


def _object_part(b: Backing) -> str:
    """The first part of what a receipt moved, without the action's own name ("branch.merge x
    into main") or what a pending receipt awaits ("awaiting director sign-off")."""
    part = re.split(r"[,;(]", _ACTION_NAME.sub(" ", clean(receipt_object(b))), maxsplit=1)[0]
    return _AWAITING.sub("", part)


def _platforms(text: str) -> frozenset[str]:
    return frozenset(PLATFORMS[w] for w in re.findall(r"[a-z0-9]+", clean(text)) if w in PLATFORMS)


def gives_a_reason(b: Backing) -> bool:
    """A failed or cancelled receipt whose text says why ("relay timeout", "mailbox full")
    instead of what it moved: it names no object, and no id of one."""
    failed = str((b.item.data or {}).get("status", "")).lower() in ("failed", "cancelled")
    return failed and _REASON.search(_object_part(b)) is not None


def receipt_object(b: Backing) -> str:
    """What a receipt's text says it moved: the part after its first colon, or after its
    action and target ("media.deliver to marek: render-0731, queued" -> "render-0731")."""
    head, colon, rest = b.item.text.partition(":")
    return rest if colon else head


#: "the ochre palette": a determiner, a word that tells the thing apart, its noun.
_MODIFIED = re.compile(
    r"\b(?:the|a|an|its|their|his|her|this|that)\s+([a-z][a-z-]+)\s+([a-z][a-z-]+)\b"
)
#: Words before a noun that say how much or how recent, not which one.
_GENERIC_MODIFIERS = _FRESHNESS | roots(
    "full whole entire complete final first last same old revised draft big small large short "
    "long other next previous second third actual original real expected"
)


def _generic(word: str) -> bool:
    """A word before a noun that does not tell one thing from another: how much, how recent,
    a participle of what happened to it ("the registered hash", "the sealed copy")."""
    return word.endswith(("ed", "ing")) or root(word) in _GENERIC_MODIFIERS | STOP_ROOTS


def other_kind(claim: str, text: str, have: frozenset[str]) -> tuple[str, str] | None:
    """The clause and the item give one noun different words that tell it apart ("the ochre
    palette" against "the cobalt palette"): another thing, whatever else they share."""
    plain = clean(text)
    for mod, head in _MODIFIED.findall(clean(claim)):
        m_root, h_root = root(mod), root(head)
        if m_root in have or _generic(mod) or h_root in STOP_ROOTS:
            continue
        for other in re.findall(rf"\b([a-z][a-z-]+)\s+{re.escape(head)}\b", plain):
            if root(other) != m_root and not _generic(other) and not _alike(mod, other):
                return f"the {mod} {head}", f"the {other} {head}"
    return None


def _alike(one: str, other: str) -> bool:
    """Two modifiers of one thing: a part of a compound ("the licence-fee reminder", "the fee
    reminder"), or a word and its clipped form ("the association chair", "the assoc chair")."""
    if {root(p) for p in one.split("-")} & {root(p) for p in other.split("-")}:
        return True
    short, long = sorted((one, other), key=len)
    return len(short) >= 3 and long.startswith(short)
