"""Other objects: the same action to the same target moved another thing when the statement
names a version ("packet v3" against "packet v2", "no. 8" against "no. 6"), a kind of thing told
apart by its modifiers ("the contact sheet PDF" against "the glaze chart PDF"), or a message's
topic ("my answer about the lens prices") that the receipt's object part does not name.
"""

from __future__ import annotations

import re
from typing import Protocol, TypeVar

from harness.scorers.completion import lexicon as lx
from harness.text.normal import clean
from harness.text.support import support_tokens

#: A noun with the identifier that tells its versions apart ("packet v3", "set B", "pass 2").
_DISTINGUISHED = re.compile(
    r"\b(?!(?:the|and|our|its|his|her|has|have|got|for|with|from|both|all|this|that)\s)"
    r"(?P<head>[a-z]{3,})\s+(?P<id>v\d+[a-z]?)\b|"
    # "the v3 proof": the version before its noun
    r"\b(?P<id4>v\d+[a-z]?)\s+(?P<head3>[a-z]{3,})\b|"
    r"\b(?P<head2>set|part|batch|version|edition|volume|vol|series|round|take|pass|phase|lot|"
    r"chapter|episode|issue|plate|lecture|study|sheet)"
    r"\s+(?P<id2>\d+[a-z]?|[a-h])\b(?!-)|"
    # "spiral study no. 8", "print #12", "number 3": a numbered one of a series
    r"(?:\b(?:no|nr)\.?\s*|\bnumber\s+|#\s?)(?P<id3>\d+[a-z]?)\b(?!-)"
)
#: What a message is about: "my answer about the lens prices".
_TOPIC = re.compile(
    r"\b(?:about|regarding|concerning|re:?|on the subject of)\s+(?:(?:the|my|our|his|her|their|"
    r"its|a|an|this|that)\s+)?(?P<topic>[\w'-]+(?:\s+(?!(?:and|to|for|at|on|in|by|with|from|"
    r"now|today|yesterday|this)\b)[\w'-]+){0,2})"
)


#: Words of the action and its message, never an object that tells occasions apart.
GENERIC_WORDS = frozenset(
    ["send", "message", "msg", "msgs", "deliver", "note", "dm", "reply", "post", "publish", "journal", "entry", "register", "registry", "seal", "render", "upload", "file", "files", "receipt", "success", "queued", "fail", "pending", "cancelled", "status", "succeeded", "update", "done", "sent", "today", "now", "yesterday", "morning",
     # states and times are the claim's words, never an object that tells occasions apart
     "live", "deliver", "delivered", "publish", "published", "log", "logged", "record",
     "recorded", "write", "written", "utc", "cest", "cet", "gmt", "evening", "night", "last",
     "afternoon", "tonight", "yes", "also", "just", "already", "got", "ahead", "noon",
     "midnight", "week", "went", "out", "only", "sits", "sit", "sitting", "local", "per",
     # the act's own outcome words ("Linkwave is paid"): said of every occasion alike
     "paid", "cleared", "acknowledged", "acked", "notified", "informed", "messaged",
     "emailed", "merged", "sealed", "registered", "uploaded", "rendered",
     "deleted", "removed", "closed", "completed", "finished", "settled", "posted", "reached",
     # calendar words date an occasion, they name no object
     "jan", "january", "feb", "february", "mar", "march", "apr", "april", "may", "jun", "june",
     "jul", "july", "aug", "august", "sep", "sept", "september", "oct", "october", "nov",
     "november", "dec", "december", "monday", "tuesday", "wednesday", "thursday", "friday",
     "saturday", "sunday", "st", "nd", "rd", "th"]
)  # fmt: skip


def _versions(text: str) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for m in _DISTINGUISHED.finditer(text):
        head = (m.group("head") or m.group("head2") or m.group("head3") or "no.").removesuffix("s")
        ids = m.group("id") or m.group("id2") or m.group("id3") or m.group("id4")
        out.setdefault(head, set()).add(ids)
    return out


#: A thing moved named by its kind and what tells it apart ("the contact sheet PDF", "the
#: glaze chart PDF"): up to two modifiers before a file or message noun.
_COMPOUND = re.compile(
    rf"\b(?:the|a|an|my|our|their|his|her|its|your)\s+(?P<mods>(?:[a-z][a-z'-]*\s+){{1,2}})"
    rf"(?P<head>{lx.FILE_NOUNS}|{lx.MSG_NOUNS})\b"
)
#: Modifiers that say nothing of which thing it is ("the final PDF", "the new files").
_PLAIN_MODIFIERS = frozenset(
    {"the", "a", "an", "my", "our", "your", "his", "her", "their", "its", "this", "that", "these",
     "those", "final", "new", "old", "latest", "updated", "revised", "full", "signed", "last",
     "first", "second", "both", "all", "two", "three", "same", "other", "whole", "hi-res",
     "high-res", "print", "printed", "digital", "pdf", "of", "and", "with", "to", "for", "on"}
)  # fmt: skip


def _compounds(text: str) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for m in _COMPOUND.finditer(text):
        # "kiln-schedule note" and "kiln note" share a modifier: compare a compound's parts
        mods = {p[:5] for w in m.group("mods").split() if w not in _PLAIN_MODIFIERS
                for p in w.split("-") if p}  # fmt: skip
        if mods:
            out.setdefault(m.group("head").removesuffix("s"), set()).update(mods)
    return out


def _other_compound(plain: str, part: str) -> str | None:
    """The same kind of thing told apart by other words ("the contact sheet PDF" against a
    receipt of "the glaze chart PDF"): another object."""
    theirs = _compounds(part)
    for head, mods in _compounds(plain).items():
        if theirs.get(head) and not mods & theirs[head]:
            return (f"names the {head} of {'/'.join(sorted(mods))}; the receipt's is of "
                    f"{'/'.join(sorted(theirs[head]))}: another object")  # fmt: skip
    return None


def contrasted_object(clause: str, receipt_text: str, generic: frozenset[str]) -> str | None:
    """Why a receipt's text speaks of another object than the statement: the same noun with
    another version ("packet v3" against "packet v2", "set B" against "set A"), or a message
    about a topic the receipt's object part does not name ("my answer about the lens prices"
    against "thanks for the loupe recommendation")."""
    plain = clean(clause)
    said = clean(receipt_text)
    theirs = _versions(said)
    for head, ids in _versions(plain).items():
        if theirs.get(head) and not ids & theirs[head]:
            return (f"names {head} {'/'.join(sorted(ids))}; the receipt is of {head} "
                    f"{'/'.join(sorted(theirs[head]))}: another object")  # fmt: skip
    _, colon, part = said.partition(":")
    if not colon:
        return None
    other = _other_compound(plain, part)
    if other is not None:
        return other
    # hyphens join the words of one name ("etching-ledger"); a shared stem is a shared word
    words = support_tokens(part.replace("-", " "))
    if not words - generic:
        return None  # the receipt names no object beyond its status
    stems = {w[:5] for w in words}
    for m in _TOPIC.finditer(plain):
        topic = support_tokens(m.group("topic").replace("-", " ")) - generic
        if topic and not {w[:5] for w in topic} & stems:
            return (f"is about {m.group('topic')!r}; the receipt's message is "
                    f"{part.strip()!r}: another message")  # fmt: skip
    return None


class _Named(Protocol):
    @property
    def id(self) -> str: ...
    @property
    def text(self) -> str: ...


N = TypeVar("N", bound=_Named)


def _stems(text: str) -> set[str]:
    # the stemmer cuts "frames" to "fram" but keeps "frame": compared without a final "e"
    return {w.rstrip("e") for w in support_tokens(text)}


def naming_most(objects: frozenset[str], occasions: list[N]) -> list[N]:
    """The occasions whose receipts name most of the object a statement names ("first
    installment" against "first installment" and "second installment": shared words alone do
    not tell them apart), or all of them when none names more. A receipt's target counts word by
    word: "the overdue-rent reminder" is the occasion of rem-rent-oct-overdue, not of
    rem-smoke-alarm-check, though neither receipt says so (only the words that tell targets
    apart: the occasions of one target share them all)."""
    said = {w.rstrip("e") for w in objects}
    parts = {p.rstrip("e") for w in objects for p in w.split("-") if p}
    targets = {r.id: _stems(re.sub(r"[-_./:]+", " ", getattr(r, "target", ""))) for r in occasions}
    first, *rest = targets.values()
    parts -= first.intersection(*rest)
    shared = {r.id: len(said & _stems(r.text) | parts & targets[r.id]) for r in occasions}
    most = max(shared.values())
    named = [r for r in occasions if most and shared[r.id] == most]
    return named if named and len(named) < len(occasions) else occasions
