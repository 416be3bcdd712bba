"""A read-only view of an invocation's context: receipts, journal assertions, UI fields, search.

Every stage module works from this view. It records each lookup as a trace step so the trace
shows what the reference runner actually consulted, and it builds citations whose quotes are
exact substrings of the cited item's text.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from rapidfuzz import fuzz, process, utils

from harness.schema import SUCCESS_STATUSES, Citation, EvidenceItem, Invocation
from harness.text.prose import action_words_in, keywords, mentions_target, words

#: Evidence kinds that record what really happened, ranked above what an agent wrote about it.
AUTHORITATIVE_KINDS = frozenset({"receipt", "registry", "artifact"})
#: Kinds that are an agent's own account; they may be premature or stale.
NARRATIVE_KINDS = frozenset({"journal", "session", "history", "memory"})
#: UI/task fields that lag behind receipts.
FIELD_KINDS = frozenset({"focus", "reminder"})

_QUOTE_WORDS = 10
#: Job-like identifiers in prose: a word joined to digits ("render-0917", "deleg-77").
_IDENT = re.compile(r"\b[a-z]+-\d+[a-z0-9-]*\b")
#: A quote stays inside one segment: never across an HTML tag, and never across a double quote,
#: so a claim can carry it between double quotes without the quote's own marks ending it early.
_SEGMENT = re.compile(r'[^<>"]+')
_WORD_SPAN = re.compile(r"\S+")


@dataclass(frozen=True)
class Receipt:
    item: EvidenceItem
    action: str
    target: str
    status: str

    @property
    def succeeded(self) -> bool:
        return self.status in SUCCESS_STATUSES

    @property
    def at(self) -> datetime:
        return self.item.at


@dataclass(frozen=True)
class Assertion:
    """A journal entry's claim that an action happened (``data.asserts``)."""

    item: EvidenceItem
    action: str
    target: str


@dataclass(frozen=True)
class ActionState:
    """What the context says about one (action, target)."""

    action: str
    target: str
    receipts: tuple[Receipt, ...]
    assertions: tuple[Assertion, ...]
    #: True when the prose named specific receipts and ``receipts`` holds only those.
    named: bool = False

    @property
    def key(self) -> str:
        return f"{self.action}:{self.target}"

    @property
    def proof(self) -> Receipt | None:
        """The latest receipt, if it succeeded: a newer queued or failed attempt is a newer act
        that an older success does not cover."""
        latest = self.latest
        return latest if latest is not None and latest.succeeded else None

    @property
    def ever_succeeded(self) -> Receipt | None:
        done = [r for r in self.receipts if r.succeeded]
        return done[-1] if done else None

    @property
    def latest(self) -> Receipt | None:
        return self.receipts[-1] if self.receipts else None

    def only(self, receipts: Sequence[Receipt]) -> ActionState:
        return ActionState(self.action, self.target, tuple(receipts), self.assertions, named=True)


@dataclass(frozen=True)
class Step:
    """One lookup the runner made, replayed into the trace as tool_call + tool_result."""

    tool: str
    args: dict[str, Any]
    output: str
    ok: bool = True


@dataclass
class Evidence:
    invocation: Invocation
    items: list[EvidenceItem]
    by_id: dict[str, EvidenceItem]
    receipts: list[Receipt]
    assertions: list[Assertion]
    steps: list[Step] = field(default_factory=list)
    _texts: list[str] = field(default_factory=list)

    # -- construction ----------------------------------------------------------------------

    @classmethod
    def of(cls, invocation: Invocation) -> Evidence:
        items = sorted(invocation.context, key=lambda i: i.at)
        receipts: list[Receipt] = []
        assertions: list[Assertion] = []
        for item in items:
            data = item.data or {}
            if item.kind == "receipt" and isinstance(data.get("action"), str):
                receipts.append(
                    Receipt(
                        item,
                        data["action"],
                        str(data.get("target", "")),
                        str(data.get("status", "")),
                    )
                )
            if item.kind == "journal":
                for claim in data.get("asserts") or []:
                    if isinstance(claim, dict) and isinstance(claim.get("action"), str):
                        assertions.append(
                            Assertion(item, claim["action"], str(claim.get("target", "")))
                        )
        ev = cls(
            invocation=invocation,
            items=items,
            by_id={i.id: i for i in items},
            receipts=receipts,
            assertions=assertions,
            _texts=[utils.default_process(i.text) for i in items],
        )
        ev.record(
            "artifact.read",
            {"path": "input/context.jsonl"},
            f"{len(items)} evidence items ({', '.join(sorted({i.kind for i in items}))})",
        )
        return ev

    def record(self, tool: str, args: dict[str, Any], output: str, ok: bool = True) -> None:
        # The trace must respect the tool-call cap; lookups past it use what was already read.
        if len(self.steps) < max(self.invocation.limits.tool_calls, 1):
            self.steps.append(Step(tool, args, output, ok))

    # -- structured views ------------------------------------------------------------------

    def of_kind(self, *kinds: str) -> list[EvidenceItem]:
        return [i for i in self.items if i.kind in kinds]

    def actions(self) -> list[ActionState]:
        keys: dict[tuple[str, str], None] = {}
        for r in self.receipts:
            keys[(r.action, r.target)] = None
        for a in self.assertions:
            keys[(a.action, a.target)] = None
        return [self.action(a, t) for a, t in keys]

    def action(self, action: str, target: str) -> ActionState:
        return ActionState(
            action,
            target,
            tuple(r for r in self.receipts if r.action == action and r.target == target),
            tuple(a for a in self.assertions if a.action == action and a.target == target),
        )

    def actions_in(
        self, text: str, *, loose: bool = False, need_target: bool = False
    ) -> list[ActionState]:
        """The known actions a sentence talks about: its target is named and a verb of the
        action appears (or, with ``loose``, the target alone when it has a single action).
        Receipts the sentence names by number ("delegation 91") narrow the state to them."""
        tokens = words(text)
        by_target: dict[str, list[ActionState]] = {}
        for state in self.actions():
            if mentions_target(tokens, state.target):
                by_target.setdefault(state.target, []).append(state)
        idents = set(_IDENT.findall(text.lower()))
        if idents:
            # "render-0917" may be the job while the receipt's target is the recipient.
            for state in self.actions():
                if state.target not in by_target and any(
                    ident in r.item.text.lower() for r in state.receipts for ident in idents
                ):
                    by_target.setdefault(state.target, []).append(state)
        found: list[ActionState] = []
        for states in by_target.values():
            verbed = [s for s in states if action_words_in(tokens, s.action)]
            if verbed:
                found.extend(verbed)
            elif loose and len(states) == 1:
                found.extend(states)
        if not found and not need_target:
            # The prose may name the action but not the target ("the DM went out").
            verbed_only = [s for s in self.actions() if action_words_in(tokens, s.action) >= 1]
            targets = {s.target for s in verbed_only}
            if len(targets) == 1 and (loose or len(verbed_only) == 1):
                found = verbed_only
        numbers = {t for t in tokens if t.isdigit()}
        out: list[ActionState] = []
        for state in found:
            named = [r for r in state.receipts if numbers & set(_digits(r.item.id))]
            out.append(state.only(named) if named else state)
        return out

    def newer_than(self, at: datetime, kinds: Iterable[str]) -> list[EvidenceItem]:
        wanted = set(kinds)
        return [i for i in self.items if i.at > at and i.kind in wanted]

    # -- retrieval -------------------------------------------------------------------------

    def search(
        self, query: str, *, kinds: Sequence[str] = (), limit: int = 3, cutoff: float = 45.0
    ) -> list[EvidenceItem]:
        """Items closest to the query by fuzzy token overlap, best first."""
        terms = " ".join(keywords(query))
        if not terms:
            return []
        pool = [
            (idx, text)
            for idx, text in enumerate(self._texts)
            if not kinds or self.items[idx].kind in kinds
        ]
        hits = process.extract(
            utils.default_process(terms),
            {idx: text for idx, text in pool},
            scorer=fuzz.token_set_ratio,
            limit=limit,
            score_cutoff=cutoff,
        )
        found = [self.items[int(key)] for _, _, key in hits]
        args: dict[str, Any] = {"query": " ".join(t for t in terms.split() if "." not in t)[:200]}
        if kinds:
            args["kinds"] = list(kinds)
        self.record("evidence.search", args, ", ".join(i.id for i in found) or "no match")
        return found

    # -- citations -------------------------------------------------------------------------

    def cite(self, item: EvidenceItem, focus: str | Sequence[str] = ()) -> Citation:
        return Citation(
            id=item.id, source=item.source, timestamp=iso(item.at), quote=quote(item.text, focus)
        )

    def says(self, item: EvidenceItem, focus: str | Sequence[str] = ()) -> str:
        """``<id> says "<quote>"``: the item speaking in its own words, with the same quote
        :meth:`cite` puts in the citation, so a claim built from it reports rather than infers."""
        return f"{item.id} says {self.quoting(item, focus)}"

    def quoting(self, item: EvidenceItem, focus: str | Sequence[str] = ()) -> str:
        """The citation's quote between double quotes, ready to stand in a claim."""
        return f'"{quote(item.text, focus)}"'


def _digits(text: str) -> list[str]:
    return re.findall(r"\d+", text)


def iso(at: datetime) -> str:
    return at.isoformat().replace("+00:00", "Z")


def quote(text: str, focus: str | Sequence[str] = ()) -> str:
    """A short exact substring of ``text`` around the focus words, never crossing an HTML tag."""
    wanted = set(keywords(focus if isinstance(focus, str) else " ".join(focus)))
    best: tuple[int, int, int, int] | None = None  # (score, -start, start, end)
    for seg in _SEGMENT.finditer(text):
        spans = [
            (m.start() + seg.start(), m.end() + seg.start())
            for m in _WORD_SPAN.finditer(seg.group())
        ]
        if not spans:
            continue
        width = min(_QUOTE_WORDS, len(spans))
        for first in range(0, len(spans) - width + 1):
            window = spans[first : first + width]
            start, end = window[0][0], window[-1][1]
            score = sum(1 for w in words(text[start:end]) if w in wanted)
            cand = (score, -start, start, end)
            if best is None or cand[:2] > best[:2]:
                best = cand
    if best is None:
        return text.strip()[:80]
    _, _, start, end = best
    return text[start:end].strip(" ,;:")
