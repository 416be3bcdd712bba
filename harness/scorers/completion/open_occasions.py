"""The most recent open occasion: a claim that names no target ("Newsletter published") speaks
of the newest act of its kind, and when that act, on another target the claim's words name as
well ("newsletter-oct" beside "newsletter-sep"), is still queued or failed, an older success of
the other target does not prove it: which one the claim means is open."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime, tzinfo

from harness.schema import SUCCESS_STATUSES
from harness.scorers.completion.grammar import Completion
from harness.scorers.completion.occasion_labels import DAY_MONTH, day_of, month_said
from harness.scorers.completion.occasion_times import when_of
from harness.scorers.completion.occasions import object_words
from harness.scorers.completion.others import Receipt
from harness.text.normal import clean
from harness.text.support import support_tokens


def _words(target: str) -> frozenset[str]:
    return support_tokens(target.replace("-", " ").replace("_", " "))


def _tokens(text: str) -> set[str]:
    return {t.lstrip("0") or "0" if t.isdigit() else t for t in re.findall(r"[a-z]+|\d+", text)}


#: Words of a receipt's status, never what tells two acts apart.
_STATUS = frozenset({"queued", "pending", "failed", "cancelled", "succeeded", "delivered", "done",
                     "rendered", "registered", "booked", "published", "sent", "paid", "error"})  # fmt: skip


def _said_tokens(said: str) -> set[str]:
    """The statement's words, and each day it names as ids write it ("13 Sept": 0913, 1309)."""
    words = _tokens(said)
    for m in DAY_MONTH.finditer(said):
        d = day_of(m.group())
        if d is not None:
            words |= {
                f"{d.month:02d}{d.day:02d}".lstrip("0"),
                f"{d.day:02d}{d.month:02d}".lstrip("0"),
            }
    return words


def _names_apart(said: str, mine: Receipt, other: Receipt) -> bool:
    """Does the statement name what tells ``mine`` apart from ``other`` ("pitch B" of
    pitch-b-sat-0829 against pitch-a-sun-0830, "rig 3", "DBH", "the 13 Sept fixture" of
    poster-0913, "paperback" of a receipt that says so)?"""
    words = _said_tokens(said)
    ours, theirs = (_tokens(f"{r.target} {r.text}".lower()) - _STATUS for r in (mine, other))
    return any(t in words or (len(t) >= 3 and any(w.startswith(t) for w in words))
               for t in ours - theirs)  # fmt: skip


def newer_open(
    c: Completion,
    proof: Receipt,
    own: Sequence[Receipt],
    recorded_at: datetime,
    local: tzinfo | None = None,
) -> str | None:
    """Why ``proof`` (a success of one target) does not prove a claim naming no target: a newer
    receipt of the same act on another target that the claim's words name too is not
    succeeded, and nothing after it succeeded. A claim that says when it speaks of decides."""
    said = clean(c.clause or c.sentence)
    if proof.at is None or when_of(said, recorded_at, local).given or month_said(said):
        return None
    objects = object_words(said, frozenset())
    if not objects & _words(proof.target):
        return None
    for r in sorted(own, key=lambda r: r.at or recorded_at, reverse=True):
        if r.at is None or r.at > recorded_at or r.at <= proof.at:
            continue
        if r.target == proof.target or not objects & _words(r.target):
            continue
        if _names_apart(clean(c.sentence), proof, r):
            continue  # "DBH fix merged" names the proof's own target, not the height fix
        if r.status in SUCCESS_STATUSES:
            return None  # the newest act of the kind succeeded
        return (f"could mean the occasion of {r.id} ({r.target}, {r.status}, the most recent) "
                f"or {proof.id} ({proof.target}, succeeded): not proven")  # fmt: skip
    return None
