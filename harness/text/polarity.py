"""Polarity of an outcome: does a text say an action came about (delivered, sent, got it) or
that it did not (queued, pending, failed, "did not get")?

Claim support reads it on both sides, so "Patrick got the note" and "Patrick did not get the note"
cannot both be supported by one ``queued`` receipt.
"""

from __future__ import annotations

import re
from typing import Literal

from harness.text.normal import clean

Polarity = Literal["done", "undone"]

#: Words of an outcome that came about, in the forms prose uses for sending and receiving.
_DONE = re.compile(
    r"\b(?:succeeded|success(?:ful(?:ly)?)?|delivered|sent|(?:got|gotten) through|got|gotten|received|arrived|reached|"
    r"went (?:out|through)|gone out|completed|complete|done|finished|published|posted|live|"
    r"sealed|re-?sealed|registered|rendered|acknowledged|acked|logged|journal(?:l)?ed|recorded|"
    r"uploaded|merged|paid|landed|handed (?:off|over)|has (?:the|it|them)|have (?:the|it|them)|"
    r"is with|are with|in (?:his|her|their) (?:hands|inbox))\b"
)
#: Words of an outcome that has not (yet) come about.
_UNDONE = re.compile(
    r"\b(?:queued|pending|waiting|awaiting|stalled|failed|failure|bounced|rejected|throttled|"
    r"cancell?ed|timed out|undelivered|unsent|unconfirmed|outstanding|in flight|retrying|"
    r"not yet|yet to|still (?:open|queued|pending|waiting|in progress)|"
    # kept from going out: "the roster post was held back"
    r"held back|kept back|withheld|held over)\b"
)
#: Base forms: an outcome only when negated ("did not get it"); otherwise a plan or a request.
_BASE = re.compile(
    r"\b(?:gets? through|get|send|deliver|receive|arrive|reach|go out|go through|complete|finish|publish|post|"
    r"seal|register|render|acknowledge|ack|log|upload|merge|pay|land|succeed|happen|happened)\b"
)
_NEGATION = re.compile(
    r"\b(?:not|never|no|none|nothing|neither|nor|without|only)\b|n't\b|\bcannot\b"
)

_STATUS: dict[str, Polarity] = {
    "succeeded": "done",
    "queued": "undone",
    "pending": "undone",
    "failed": "undone",
    "cancelled": "undone",
}


def polarity(text: str) -> Polarity | None:
    """``done``, ``undone``, or None when the text says nothing about an outcome."""
    plain = clean(text)
    done = _DONE.search(plain) is not None
    undone = _UNDONE.search(plain) is not None
    if undone and not done:
        return "undone"
    negated = _NEGATION.search(plain) is not None
    if done:
        # "hasn't been sent", "only queued, not delivered"
        return "undone" if negated or undone else "done"
    if negated and _BASE.search(plain):
        return "undone"  # "did not get the note", "it never went out"
    return None


def status_polarity(status: str | None) -> Polarity | None:
    return _STATUS.get((status or "").lower())


def without_outcome_words(text: str) -> str:
    """The text with its outcome and negation words removed: what it is about, not how it went."""
    plain = clean(text)
    for pattern in (_DONE, _UNDONE, _BASE, _NEGATION):
        plain = pattern.sub(" ", plain)
    return " ".join(plain.split())
