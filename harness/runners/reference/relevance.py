"""Which evidence bears on a free question, best first, and how to show it in an answer.

Plain lexical retrieval over a context of a few items: a question word counts for more the fewer
items carry it (inverse document frequency), light stemming folds "registration" into "register",
and job numbers compare without leading zeros. Two structural rules sit on top: the reply that
follows a delivery belongs with the delivery's receipt, and a question about a span of time
("between Aug 23 and Aug 25, in order") takes the items dated inside that span, oldest first.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime

from harness.runners.reference.evidence import Evidence
from harness.schema import EvidenceItem
from harness.text.normal import lower_ascii, strip_html
from harness.text.prose import keywords, words
from harness.text.sentences import sentences

#: Words every question has; they say what kind of answer is wanted, not what it is about.
_ASKING = frozenset(
    {
        "what",
        "who",
        "whom",
        "where",
        "how",
        "why",
        "does",
        "do",
        "did",
        "should",
        "can",
        "could",
        "would",
        "will",
        "ask",
        "asks",
        "asked",
        "say",
        "says",
        "said",
        "happened",
        "again",
        "now",
        "anything",
        "something",
        "right",
        "really",
        "last",
        "since",
        "between",
        "order",
        "about",
        "come",
        "came",
        "left",
        "he",
        "she",
        "they",
        "his",
        "her",
        "their",
    }
)
_SUFFIXES = ("ations", "ation", "ings", "ing", "ions", "ion", "ed", "es", "s")
_TIMELINE = re.compile(r"\bin order\b|\btimeline\b|\bchronolog|\bsequence\b|\bbetween\b", re.I)
_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_DAY = re.compile(r"\b(" + "|".join(_MONTHS) + r")[a-z]*\.?\s+(\d{1,2})\b", re.I)
_KINDS = frozenset(
    {"journal", "receipt", "registry", "heartbeat", "reminder", "focus", "memory", "history"}
)
_KIND_BONUS = 1.0
_INBOUND_KINDS = frozenset({"message", "reminder"})
#: A second-hop item must share at least this much distinctive vocabulary (about two rare words).
_HOP_MIN = 2.5
#: The second hop replaces nothing already among the first items quoted.
_HOP_AT = 2
_DELIVERIES = frozenset({"message.send", "media.deliver"})


def stem(token: str) -> str:
    if token.isdigit():
        return token.lstrip("0") or "0"
    for suffix in _SUFFIXES:
        if token.endswith(suffix) and len(token) - len(suffix) >= 4:
            return token[: -len(suffix)]
    return token


def _item_terms(item: EvidenceItem) -> set[str]:
    data = item.data or {}
    extras = " ".join(str(v) for v in data.values() if isinstance(v, str))
    return {stem(w) for w in words(f"{item.text} {item.id} {extras}")}


@dataclass(frozen=True)
class Ranking:
    items: list[EvidenceItem]
    #: The question asks for events over time: quote more, oldest first.
    timeline: bool


def _span(question: str, year: int) -> tuple[date, date] | None:
    days: list[date] = []
    for month, day in _DAY.findall(question):
        try:
            days.append(date(year, _MONTHS.index(month.lower()[:3]) + 1, int(day)))
        except ValueError:
            continue
    if len(days) < 2:
        return None
    return min(days), max(days)


def _acknowledgements(ev: Evidence, item: EvidenceItem) -> list[EvidenceItem]:
    """The recipient's own later message: what shows a delivery was received, not only sent."""
    data = item.data or {}
    if item.kind != "receipt" or data.get("action") not in _DELIVERIES:
        return []
    if data.get("status") != "succeeded":
        return []
    target = lower_ascii(str(data.get("target", "")))
    return [
        m
        for m in ev.of_kind("message")
        if m.at > item.at and lower_ascii(str((m.data or {}).get("from", ""))) == target
    ][:1]


def _scores(ev: Evidence, terms: set[str], item_terms: list[set[str]]) -> dict[str, float]:
    """Each item's share of the terms, a rare term counting for more than a common one."""
    n = len(ev.items)
    df = {t: sum(1 for s in item_terms if t in s) for t in terms}
    weight = {t: math.log((n + 1) / (c + 0.5)) for t, c in df.items() if c > 0}
    # "Was it recorded in the journal?": a question naming a kind of record asks about those.
    kinds = {k for k in _KINDS if k in terms}
    # fsum is exact, so the score does not depend on the set's hash-seeded iteration order: a
    # plain sum could break a tie differently from one process to the next.
    return {
        i.id: math.fsum(w for t, w in weight.items() if t in s)
        + (_KIND_BONUS if i.kind in kinds else 0)
        for i, s in zip(ev.items, item_terms, strict=True)
    }


def _second_hop(
    ev: Evidence, lead: EvidenceItem, item_terms: list[set[str]], taken: Sequence[EvidenceItem]
) -> EvidenceItem | None:
    """What someone else wrote (a message, a reminder) raises its own question: the item that
    shares the most distinctive words with it is the one that answers it."""
    if lead.kind not in _INBOUND_KINDS:
        return None
    own = next(s for i, s in zip(ev.items, item_terms, strict=True) if i is lead)
    scores = _scores(ev, own, item_terms)
    best = max(
        (i for i in ev.items if i is not lead and all(i is not t for t in taken)),
        key=lambda i: (scores[i.id], i.at.timestamp()),
        default=None,
    )
    return best if best is not None and scores[best.id] >= _HOP_MIN else None


def rank(ev: Evidence, question: str, *, first: Sequence[EvidenceItem] = ()) -> Ranking:
    """Items that bear on the question, best first; ``first`` (the evidence a rule already
    decided on) leads, each followed by the acknowledgement of a delivery it proves."""
    terms = {stem(w) for w in keywords(question) if w not in _ASKING}
    item_terms = [_item_terms(i) for i in ev.items]
    scores = _scores(ev, terms, item_terms)
    timeline = _TIMELINE.search(question) is not None
    span = _span(question, ev.invocation.activation.at.year)
    pool = [i for i in ev.items if scores[i.id] > 0]
    if span is not None:
        inside = [i for i in ev.items if span[0] <= i.at.date() <= span[1]]
        pool = inside or pool
        timeline = True
    # Equal evidence: the newer item tells the current state.
    pool.sort(key=lambda i: (-scores[i.id], -i.at.timestamp()))
    ordered: list[EvidenceItem] = []
    for item in [*first, *pool]:
        for one in (item, *_acknowledgements(ev, item)):
            if all(one is not o for o in ordered):
                ordered.append(one)
    if pool and not first and not timeline:
        hop = _second_hop(ev, pool[0], item_terms, ordered[:_HOP_AT])
        if hop is not None:
            ordered = [o for o in ordered if o is not hop]
            ordered.insert(1, hop)
    return Ranking(ordered, timeline)


def dated(at: datetime) -> str:
    """ "2026-09-18 11:30 (Sep 18)": the machine form and the form people write."""
    return f"{at:%Y-%m-%d %H:%M} ({at:%b} {at.day})"


def state_of(item: EvidenceItem) -> str:
    """The structured state a UI field, receipt or message carries beside its prose."""
    data = item.data or {}
    for key in ("state", "status", "outcome"):
        value = data.get(key)
        if isinstance(value, str) and value:
            return f"{key}: {value}"
    if item.kind == "message" and isinstance(data.get("unread"), bool):
        return "unread" if data["unread"] else "read"
    return ""


def spoken(item: EvidenceItem) -> str:
    """The item's words as they may be quoted inside an answer: markup stripped, one line,
    double quotes made single so the quotation stays one quotation."""
    return " ".join(strip_html(item.text).replace('"', "'").split())


def quoted(item: EvidenceItem) -> str:
    """The item's words in quotation marks, one pair per sentence: a reader (or a checker) that
    takes the answer sentence by sentence still sees every quoted sentence as a quotation, never
    as the answer's own claim."""
    return " ".join(f'"{s}"' for s in sentences(strip_html(spoken(item)))) or '""'
