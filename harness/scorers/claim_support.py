"""Lexical claim support: are a claim's own words (times, digests, names, content words) in the
valid items it cites, taken together? Quotes found in an item are the evidence speaking."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, tzinfo
from typing import Any, TypeVar, cast

from rapidfuzz import fuzz

from harness.schema import EvidenceItem
from harness.scorers.base import Thresholds
from harness.scorers.citations import _words
from harness.text.names import named_in, named_matches
from harness.text.normal import ascii_fold, clean, fold, normalise
from harness.text.stance import EvidenceClause, evidence_clauses
from harness.text.support import (
    backed_tokens,
    claim_tokens,
    disputes,
    evidence_tokens,
    hex_runs,
    quoted_spans,
    support_tokens,
)
from harness.text.times import on_day, spoken_times, times_in

R = TypeVar("R")


def _flat(value: Any, depth: int = 0) -> Iterator[str]:
    """Keys and scalar values of an item's data, nested ones too (checks, measurements)."""
    if depth > 4:
        return
    if isinstance(value, dict):
        for key, inner in value.items():
            yield str(key)
            yield from _flat(inner, depth + 1)
    elif isinstance(value, list | tuple):
        for inner in value:
            yield from _flat(inner, depth + 1)
    elif isinstance(value, str | int | float) and not isinstance(value, bool):
        yield str(value)


#: A hyphenated host name in an item's text ("print-shop-inv-230", "render-0412").
_HOST_ID = re.compile(r"(?<![\w-])[a-z][a-z0-9]*(?:-[a-z0-9]+)+(?![\w-])")


def _gives(
    date: str | None, hm: str | None, pairs: Iterable[tuple[str | None, str | None]]
) -> bool:
    """Is one of the (date, HH:MM) pairs this date and time, where the clause gives them?"""
    return any((date is None or date == d) and (hm is None or hm == c) for d, c in pairs)


@dataclass(frozen=True)
class Backing:
    """What one cited item can back: its words (text, id, source, kind, data), digests, time."""

    item: EvidenceItem
    tokens: frozenset[str]
    words: frozenset[str]
    hexes: tuple[str, ...]
    date: str
    clock: str
    #: ``clean`` text, id and source, where an id the claim names ("session#2026-...") is found.
    plain: str
    #: What the item's text and fields state, clause by clause, each with its negation.
    clauses: tuple[EvidenceClause, ...] = ()
    #: (date, HH:MM) of the times the item's text states ("quiet hours run 22:00-07:00"): a
    #: claim may give those as well as the item's own instant.
    stated_times: tuple[tuple[str | None, str | None], ...] = ()
    #: Host names in the item (its target, hyphenated ids in its text), where an id the claim
    #: names in other words ("invoice 230" for ``print-shop-inv-230``) is found.
    targets: tuple[str, ...] = ()
    #: What other checks work out of the item alone (``once``), kept with its backing so that a
    #: package's stages share it as they share the backing (each claim citing the item used to
    #: work it out again).
    _memo: dict[Callable[[EvidenceItem], object], object] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    def once(self, compute: Callable[[EvidenceItem], R]) -> R:
        """``compute(item)``, worked out once per backing; keyed by the function itself."""
        if compute not in self._memo:
            self._memo[compute] = compute(self.item)
        return cast(R, self._memo[compute])

    def carries(self, date: str | None, hm: str | None, zone: tzinfo | None = None) -> bool:
        """Does the item give this date and clock time, as its instant or in its text? A time
        said in a zone is compared as the instant it names; one said in none may be UTC or the
        item's own recorded offset ("queued at 09:10" for 09:10+02:00), as writers read both."""
        if zone is not None and hm is not None:
            said = on_day(f"{date} {hm}" if date else hm, self.item.at.astimezone(zone))
            if said is None:
                return False
            at = said.astimezone(UTC)
            if at.strftime("%H:%M") == self.clock and (
                date is None or at.strftime("%Y-%m-%d") == self.date
            ):
                return True
            # a time the item's text states is compared as written ("15:00 CEST" on both sides)
            return _gives(date, hm, self.stated_times)
        local = self.item.at
        return _gives(date, hm, ((self.date, self.clock), (f"{local:%Y-%m-%d}", f"{local:%H:%M}"),
                                 *self.stated_times))  # fmt: skip

    @classmethod
    def of(cls, item: EvidenceItem) -> Backing:
        at = item.at.astimezone(UTC)
        # Prose names an item's day by month and day ("the August 20 note"), not by ISO date.
        day = f"{at:%B} {at:%b} {at.day} {at:%A}"
        whole = " ".join([item.text, item.id, item.source, item.kind, day,
                          *_flat(item.data or {})])  # fmt: skip
        stated = evidence_clauses(item.text, item.data)
        return cls(
            item,
            # Hyphenated names in the item's own words may be written apart in a claim.
            support_tokens(whole).union(evidence_tokens(item.text), *(c.tokens for c in stated)),
            frozenset(ascii_fold(normalise(whole)).split()),
            tuple(hex_runs(clean(whole))),
            at.strftime("%Y-%m-%d"),
            at.strftime("%H:%M"),
            ascii_fold(clean(whole)),
            stated,
            tuple((d, c) for _, _, d, c in times_in(clean(item.text))),
            tuple(
                t
                for t in dict.fromkeys(
                    [
                        str((item.data or {}).get("target") or ""),
                        *_HOST_ID.findall(clean(item.text)),
                    ]
                )
                if t
            ),
        )


@dataclass(frozen=True)
class Support:
    supported: bool
    backing: tuple[str, ...]
    why: str
    #: The claim's own assertion: without the evidence it quotes or the mentions it disputes.
    asserted: str = ""


def _text_words(item: EvidenceItem) -> frozenset[str]:
    return _words(item.text)


def _normal_text(item: EvidenceItem) -> str:
    return normalise(item.text)


def _quotes_item(span: str, backing: Backing, thresholds: Thresholds) -> bool:
    words = _words(span)
    return (
        bool(words)
        and words <= backing.once(_text_words)
        and (fuzz.partial_ratio(normalise(span), backing.once(_normal_text)) >= thresholds.quote)
    )


#: A quote the claim attributes to evidence ("receipt:deleg-7 says '...'"), not to a draft.
_ATTRIBUTED = re.compile(r"\b(?:says|reads|read|writes|wrote|states|records|quotes)\s*:?\s*$")


def _misquotes(span: str, backing: Backing) -> bool:
    """Mostly the item's words, but not all of them: a quote with a word changed."""
    words = _words(span)
    return len(words) >= 3 and len(words & backing.once(_text_words)) >= 0.6 * len(words)


def _names_backed(mention: str, tokens: frozenset[str]) -> bool:
    """A disputed mention must be about what the evidence is about: the names it gives (Patrick,
    render-7601) are in the cited items, or, naming none, it shares a content word with them."""
    named = named_in(mention)
    if named:
        return any(support_tokens(n.literal) <= tokens for n in named)
    return bool(support_tokens(mention) & tokens)


def claim_support(text: str, pool: list[Backing], thresholds: Thresholds) -> Support:
    """Is the claim backed by its valid cited items taken together?

    A quoted span found in a cited item is the evidence speaking and needs no further backing; a
    quoted span found in none is something the claim mentions (a draft sentence), which the claim
    either asserts (measured like its own words) or disputes ("Unsupported: '...'"; then it must
    only be about the same target as the evidence). The claim's own words, without reporting
    words, must be in the cited items (share above ``thresholds.claim_support``); dates, clock times
    and digest prefixes count when a cited item carries them.
    """
    folded = fold(text)
    tokens = frozenset().union(*(b.tokens for b in pool))
    quoted: list[Backing] = []
    mentions: list[str] = []
    own_parts: list[str] = []
    last = 0
    for start, end, span in quoted_spans(folded):
        own_parts.append(folded[last:start])
        last = end
        hit = next((b for b in pool if _quotes_item(span, b, thresholds)), None)
        if hit is not None:
            quoted.append(hit)
            continue
        near = next((b for b in pool if _misquotes(span, b)), None)
        if near is not None and _ATTRIBUTED.search(folded[:start]):
            return Support(False, (), f"misquotes {near.item.id}: {span!r}", folded)
        mentions.append(span)
    own_parts.append(folded[last:])
    own = " ".join(own_parts)
    disputed = bool(mentions) and disputes(own)
    if mentions and not disputed:
        own = " ".join([own, *mentions])  # an asserted mention is the claim's own words
    if not pool:
        return Support(False, (), "no valid citation backs it lexically", own)
    if disputed and not all(_names_backed(m, tokens) for m in mentions):
        return Support(False, (), "disputes something its citations do not concern", own)
    own_clean = clean(ascii_fold(own))
    unbacked: list[str] = []
    rest: list[str] = []
    cut = 0
    for start, end, date, clock, zone in spoken_times(own_clean):
        rest.append(own_clean[cut:start])
        cut = end
        if not any(b.carries(date, clock, zone) for b in pool):
            unbacked.append(own_clean[start:end])
    rest.append(own_clean[cut:])
    remaining = " ".join(rest)
    hexes = frozenset(h for b in pool for h in b.hexes)
    for run in hex_runs(remaining):
        remaining = remaining.replace(run, " ")
        if not any(h.startswith(run) for h in hexes):
            unbacked.append(run)
    if unbacked:
        # A time or digest is not paraphrased: one the cited items do not carry is a wrong one.
        return Support(False, (), f"its citations do not carry {', '.join(unbacked[:2])}", own)
    strangers = [
        n.literal
        for n in named_in(own)
        if not support_tokens(n.literal) <= tokens
        and not any(n.literal in b.plain for b in pool)
        and not any(named_matches(n, t) for b in pool for t in b.targets)
    ]
    if strangers:
        return Support(
            False, (), f"names {', '.join(strangers[:2])}, absent from its citations", own
        )
    wanted = claim_tokens(remaining)
    backed = backed_tokens(wanted, tokens)
    total = len(wanted) + len(unbacked)
    used = tuple(dict.fromkeys(
        [b.item.id for b in quoted] + [b.item.id for b in pool if b.tokens & backed]
    ))  # fmt: skip
    if total == 0:
        if quoted:
            return Support(True, used, f"quotes {', '.join(used)}", own)
        return Support(False, (), "asserts nothing its citations could back", own)
    share = len(backed) / total
    if share <= thresholds.claim_support:  # half the words or fewer: the rest is the claim's own
        missing = sorted(wanted - backed)[:4] + unbacked[:2]
        return Support(
            False, (), f"no valid citation backs it lexically ({share:.0%}; not in evidence: "
            f"{', '.join(missing)})", own,
        )  # fmt: skip
    return Support(True, used, f"backed by {', '.join(used)}", own)
