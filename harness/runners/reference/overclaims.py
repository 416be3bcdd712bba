"""Draft sentences that say more than the context proves at ``recorded_at``.

- Unconfirmed: the draft says someone has (or has read) what was sent, while no succeeded
  receipt exists for that send: it waits for a worker, or the relay accepted it and delivery is
  unconfirmed. A receipt dated after ``recorded_at`` never reaches the context, so it cannot help.
- Stale: the draft calls a send still outstanding (as an old focus field does) while a succeeded
  receipt newer than that field proves it went out.
- Below threshold: the draft says every variant holds a score above a number, and a measured
  artifact of the subject scores below it.

Each check reads structure (receipt status and dates, measurement values) and uses words only to
tie the sentence to that structure.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from harness.runners.reference.evidence import ActionState, Evidence
from harness.schema import EvidenceItem
from harness.text.normal import lower_ascii
from harness.text.prose import INTENT_WORDS, is_negated, mentions_target, words

#: Sends whose arrival a recipient could "have".
_DELIVERIES = frozenset({"message.send", "media.deliver"})
#: Present-perfect possession: the recipient holds (or has read) the thing now.
_POSSESSION = frozenset({"has", "have", "received", "read", "got"})
_OUTSTANDING = frozenset({"outstanding", "unsent"})
_QUANTIFIERS = frozenset({"every", "all", "each"})
#: "above 0.95", "over 0.9", ">= 0.95": a lower bound the draft claims every value clears.
_BOUND = re.compile(r"(?:above|over|at least|>=?)\s*(\d*\.\d+|\d+)", re.IGNORECASE)


@dataclass(frozen=True)
class Overclaim:
    reason: str
    evidence: tuple[EvidenceItem, ...]


def overclaim(ev: Evidence, sentence: str) -> Overclaim | None:
    tokens = words(sentence)
    if sentence.rstrip().endswith("?") or INTENT_WORDS & set(tokens):
        return None
    for check in (_unconfirmed, _stale, _below_bound):
        found = check(ev, sentence, tokens)
        if found is not None:
            return found
    return None


def _deliveries_named(ev: Evidence, tokens: list[str]) -> Iterator[ActionState]:
    for state in ev.actions():
        if state.action in _DELIVERIES and mentions_target(tokens, state.target):
            yield state


# -- delivered, says the draft; not yet, says the receipt ------------------------------------


def _unconfirmed(ev: Evidence, sentence: str, tokens: list[str]) -> Overclaim | None:
    if is_negated(tokens) or not _POSSESSION & set(tokens):
        return None
    for state in _deliveries_named(ev, tokens):
        if state.proof is not None:
            continue
        latest = state.latest
        if latest is not None:
            return Overclaim(
                f"{latest.item.id} is {latest.status}, not a confirmed delivery to {state.target}",
                (latest.item,),
            )
        # No receipt at all: the agent's own record of handing the send off is the latest word.
        handoff = _handoff(ev, state)
        if handoff is not None:
            return Overclaim(
                f"no receipt shows the send to {state.target} succeeded; {handoff.id} "
                "records it handed off",
                (handoff,),
            )
    return None


def _handoff(ev: Evidence, state: ActionState) -> EvidenceItem | None:
    """The latest non-journal record naming both the action and its target ("delegation
    created - message.send to mirela; waiting for a worker slot")."""
    journals = {a.item.id for a in state.assertions}
    for item in reversed(ev.items):
        text = lower_ascii(item.text)
        if item.id not in journals and state.action in text and state.target in text:
            return item
    return None


# -- outstanding, says the draft; sent, says a newer receipt ---------------------------------


def _stale(ev: Evidence, sentence: str, tokens: list[str]) -> Overclaim | None:
    if not _OUTSTANDING & set(tokens):
        return None
    for state in _deliveries_named(ev, tokens):
        proof = state.proof
        if proof is not None:
            return Overclaim(
                f"{proof.item.id} succeeded: the send to {state.target} is no longer outstanding",
                (proof.item,),
            )
    return None


# -- every variant above a bound, says the draft; one scores below it ------------------------


def _below_bound(ev: Evidence, sentence: str, tokens: list[str]) -> Overclaim | None:
    if is_negated(tokens) or not _QUANTIFIERS & set(tokens):
        return None
    bound = _BOUND.search(sentence)
    if bound is None:
        return None
    limit = float(bound.group(1))
    subject = {a.id for a in ev.invocation.subject.artifacts}
    below: list[tuple[EvidenceItem, float]] = []
    for item in ev.of_kind("artifact"):
        if item.id.partition(":")[2] not in subject:
            continue
        measured = (item.data or {}).get("measurements")
        low = [s for s in _scores(measured) if s < limit]
        if low:
            below.append((item, min(low)))
    if not below:
        return None
    detail = ", ".join(f"{i.id} scores {s:g}" for i, s in below)
    return Overclaim(f"{detail}, below {limit:g}", tuple(i for i, _ in below))


def _scores(measured: Any) -> Iterator[float]:
    """Every numeric ``score`` in a measurement record, however deeply nested."""
    if isinstance(measured, dict):
        for key, value in measured.items():
            if key == "score" and isinstance(value, int | float) and not isinstance(value, bool):
                yield float(value)
            else:
                yield from _scores(value)


__all__ = ["Overclaim", "overclaim"]
