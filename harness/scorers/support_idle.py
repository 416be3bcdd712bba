"""What a record of an occasion says was done: a heartbeat that acted or rested ("outcome":
"rested"), and a note that no outward act, or none of a kind, was taken ("no actions taken",
"nothing sent, nothing posted today", "Nothing re-sealed tonight"). Such a record answers a
claim that the act happened, and one that it did not, at that occasion."""

from __future__ import annotations

import re
from collections.abc import Sequence

from harness.scorers.claim_support import Backing
from harness.scorers.completion import lexicon as lx
from harness.scorers.support_claim import ClaimReading
from harness.text.normal import clean
from harness.text.roots import root

Label = tuple[str, str]

_ACTED = frozenset({"acted", "act", "action"})
_IDLE = frozenset({"rested", "rest", "read", "idle", "idled", "slept", "quiet"})


def _label(claim: bool, evidence: bool, why: str) -> Label:
    return ("supported" if claim == evidence else "contradicted"), why


def heartbeat_label(reading: ClaimReading, items: Sequence[Backing]) -> Label | None:
    """A heartbeat acted or did not: "took no action" and "rested" agree with ``rested``."""
    if "heartbeat" not in reading.records:
        return None
    said = {root(w) for w in re.findall(r"[a-z]+", reading.stance.core)}
    acted = bool(said & {root(w) for w in _ACTED})
    idle = bool(said & {root(w) for w in _IDLE})
    if acted == idle:
        return idle_beat_label(reading, items)
    for b in items:
        outcome = str((b.item.data or {}).get("outcome") or "").lower()
        if outcome in _ACTED | _IDLE:
            why = f"{b.item.id} records the outcome {outcome!r}"
            return _label(acted != reading.negated, outcome in _ACTED, why)
    return None


#: A heartbeat's outcome that took no outward act: held back, as well as rested.
_HELD = _IDLE | {"suppressed", "skipped", "deferred", "noop", "none"}


def idle_beat_label(reading: ClaimReading, items: Sequence[Backing]) -> Label | None:
    """An outward act said to be done at a heartbeat that took none ("delivered at the 03:00
    heartbeat" against outcome ``suppressed``): the act at that beat did not happen, whoever
    it was meant for."""
    if "heartbeat" not in reading.records or not _acts(reading):
        return None
    verb = root(reading.verb) if reading.verb else ""
    for b in items:
        data = b.item.data or {}
        outcome = str(data.get("outcome") or "").lower()
        if b.item.kind != "heartbeat" or outcome not in _HELD:
            continue
        checks = " ".join(str(c) for c in data.get("checks") or ()).lower()
        if verb and verb in {root(w) for w in re.findall(r"[a-z]+", checks)}:
            continue  # "audited at the heartbeat" against its registry_audit check: a check ran
        why = f"{b.item.id} records the outcome {outcome!r}: no outward act at that beat"
        return _label(not reading.negated, False, why)
    return None


#: An item saying no outward act was taken, in general or of one kind ("no actions taken",
#: "nothing sent, nothing posted today", "no sends", "Nothing re-sealed tonight").
_NONE_TAKEN = re.compile(
    r"\b(?:no (?:outward )?actions?(?: (?:taken|today))?|took no (?:outward )?action|"
    r"nothing (?:was |has been |got )?(?P<done>[a-z-]+ed|sent|paid)|"
    r"no (?P<kind>sends|posts|payments|seals|messages sent|replies sent))\b"
)
#: What a participle of "nothing ..." names, as a family's stems do.
_DONE_STEMS = {"answer": "reply", "repl": "reply", "rep": "reply", "sent": "send", "paid": "pay", "sends": "send",
               "posts": "post", "payments": "pay", "seals": "seal", "messages sent": "send",
               "replies sent": "reply"}  # fmt: skip


def _acts(reading: ClaimReading) -> tuple[lx.Action, ...]:
    """The outward acts the clause says were done, or, negated, says were not."""
    # a negated claim asserts no family done; the families its verb names are what it denies
    verb = root(reading.verb).replace("-", "") if reading.verb else ""
    verb = _DONE_STEMS.get(verb, verb)
    return reading.asserted or tuple(
        f for f in reading.families if reading.negated and verb and verb in f.stems
    )


def none_taken_label(reading: ClaimReading, items: Sequence[Backing]) -> Label | None:
    """A claim of an outward act against an item of that occasion saying none (or none of its
    kind) was taken: the claim that it happened is contradicted, that it did not agrees."""
    acts = _acts(reading)
    if not acts:
        return None
    for b in items:
        for m in _NONE_TAKEN.finditer(clean(b.item.text)):
            said = m.group("done") or m.group("kind")
            if said is not None:
                stem = _DONE_STEMS.get(said) or root(said).replace("-", "")
                if not any(stem in f.stems or f.verb.startswith(stem) for f in acts):
                    continue
            why = f"{b.item.id} says {m.group()!r}"
            return _label(not reading.negated, False, why)
    return None
