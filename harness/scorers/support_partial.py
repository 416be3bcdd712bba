"""Quantified claims against a partial outcome: "all six stems reached Rafi", "some of the scans
reached Leiden", "none of the press contacts got the trailer", "not all five files arrived".

A partial outcome is one the cited items state in parts: "3 of the 5 interior files received",
"9 of 12 tracks delivered, 3 pending", "delivered to ilse, ade; bounced for brid", or two
receipts of one action to one target, one that succeeded and one that did not ("scans 1-4"
delivered, "scans 5-6" failed). Against it a claim of all of them is contradicted and one of some
of them supported; a claim of none is contradicted, and "not all" supported. The status of the
receipt alone (failed, pending) would say the whole act did not happen, which is not what it
reports.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from harness.scorers.claim_support import Backing
from harness.scorers.support_link import is_receipt
from harness.text.normal import ascii_fold, clean

Label = tuple[str, str]

_ALL = re.compile(r"\b(?:all|every|each|both|the whole|everyone|everybody)\b")
_NOT_ALL = re.compile(
    r"(?:\bnot|n't|\bnever)\s+(?:[\w']+\s+){0,2}?(?:all|every|each|both|everyone|everybody)\b|"
    r"\bonly\s+(?:part|some)\b"
)
_SOME = re.compile(r"\b(?:some|part|a few|several|one or more|at least one)\s+of\b")
_NONE = re.compile(r"\b(?:none|no one|nobody|not one|not a single|neither)\b")
#: Words of the act reaching someone: a quantified claim of anything else is not answered here.
_ARRIVAL = re.compile(
    r"\b(?:deliver\w*|receiv\w*|got|get|reach\w*|arriv\w*|sent|send|upload\w*|sealed|"
    r"registered|went out|gone out)\b"
)
#: "3 of the 5 interior files", "9 of 12 tracks delivered".
_K_OF_N = re.compile(r"\b(\d+)\s+of\s+(?:the\s+|all\s+)?(\d+)\b")
_DONE = r"(?:delivered|received|arrived|reached|uploaded|sent|sealed|registered|ok)"
_UNDONE = (
    r"(?:bounced|failed|rejected|pending|queued|missing|not delivered|undelivered|"
    r"did not arrive|didn't arrive|not arrived|not received|did not reach|didn't reach)"
)
#: A text that reports both outcomes of one act: "delivered to ilse, ade; bounced for brid".
_MIXED = re.compile(rf"\b{_DONE}\b.*\b{_UNDONE}\b|\b{_UNDONE}\b.*\b{_DONE}\b")


def _plain(text: str) -> str:
    return clean(ascii_fold(text))


def _act(b: Backing) -> tuple[object, object]:
    data = b.item.data or {}
    return data.get("action"), data.get("target")


def _status(b: Backing) -> object:
    return (b.item.data or {}).get("status")


def _partial(pool: Sequence[Backing]) -> str | None:
    """How the cited items state a partial outcome, or None where none does."""
    for b in pool:
        text = _plain(b.item.text)
        for m in _K_OF_N.finditer(text):
            k, n = int(m.group(1)), int(m.group(2))
            if 0 < k < n:
                return f"{b.item.id} says {m.group()}"
        if _MIXED.search(text) and not is_receipt(b):
            return f"{b.item.id} reports both outcomes"
    receipts = [b for b in pool if is_receipt(b)]
    for b in receipts:
        if _status(b) != "succeeded":
            continue
        other = next(
            (o for o in receipts if _act(o) == _act(b) and _status(o) != "succeeded"), None
        )
        if other is not None:
            return f"{b.item.id} succeeded and {other.item.id} is {_status(other)}"
    return None


def partial_label(part: str, pool: Sequence[Backing]) -> Label | None:
    """The quantified clause against a partial outcome its items state, or None where the clause
    quantifies nothing, speaks of no arrival, or no item states a partial outcome."""
    plain = _plain(part)
    if not _ARRIVAL.search(plain):
        return None
    if _NOT_ALL.search(plain):
        holds = True  # "not all five reached Harrow": a partial outcome is that
    elif _NONE.search(plain):
        holds = False
    elif _SOME.search(plain):
        holds = True
    elif _ALL.search(plain):
        holds = False
    else:
        return None
    how = _partial(pool)
    if how is None:
        return None
    if holds:
        return "supported", f"{how}: a partial outcome, as the clause says"
    return "contradicted", f"{how}: a partial outcome; the clause says otherwise"
