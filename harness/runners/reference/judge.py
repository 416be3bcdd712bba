"""The settledness rules every stage shares.

- Only a succeeded receipt proves an action; queued, pending, failed and cancelled do not.
- Receipts and audits outrank journals, drafts and UI fields; newer outranks older.
- Registry drift is intended only when an agent's or host's own account explains that path;
  an emptied file or an unexplained change is treated as corruption.
- A check whose subject has not changed since it was last verified is a repeat risk.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from harness.runners.reference.evidence import ActionState, Evidence, iso
from harness.runners.reference.profile import Profile
from harness.schema import EvidenceItem
from harness.text.normal import shorten, strip_html
from harness.text.prose import (
    INTENT_WORDS,
    is_negated,
    looks_like_injection,
    mentions_target,
    words,
)
from harness.text.sentences import sentences

#: sha256 of zero bytes: a recomputed digest equal to it means the file was emptied.
EMPTY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"

_DAMAGE = frozenset(
    {
        "damage",
        "damaged",
        "corrupt",
        "corrupted",
        "corruption",
        "empty",
        "emptied",
        "truncated",
        "unexpected",
        "unknown",
        "unexplained",
        "wiped",
        "zeroed",
        "lost",
        "broken",
        "missing",
    }
)

#: Which evidence kinds would show a change for each kind of check.
CHECK_SUBJECTS: dict[str, frozenset[str]] = {
    "inbox_recheck": frozenset({"message"}),
    "delivery_recheck": frozenset({"receipt", "message"}),
    "journal_recheck": frozenset({"journal", "receipt"}),
    "registry_audit": frozenset({"registry", "receipt"}),
    "render_status": frozenset({"receipt", "artifact"}),
    "reminder_check": frozenset({"reminder"}),
    "focus_review": frozenset({"focus", "receipt"}),
}
_DEFAULT_SUBJECTS = frozenset({"receipt", "message", "registry", "artifact", "reminder"})


# -- actions -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class ActionVerdict:
    state: ActionState
    #: True: proven done; False: a receipt shows it has not happened; None: no receipt either way.
    done: bool | None
    basis: EvidenceItem | None
    reason: str


#: A journal claim this much newer than the latest receipt describes a later act, not that one.
_LATER_ACT = timedelta(hours=12)


def judge_action(state: ActionState, profile: Profile) -> ActionVerdict:
    if profile.trusts_narrative and state.assertions:
        entry = state.assertions[-1].item
        return ActionVerdict(state, True, entry, f"journal {entry.id} records {state.key} as done")
    if state.named and state.ever_succeeded is not None:
        named = state.ever_succeeded
        return ActionVerdict(state, True, named.item, f"named receipt {named.item.id} succeeded")
    latest = state.latest
    claim = state.assertions[-1].item if state.assertions else None
    if latest is not None and claim is not None and claim.at - latest.at > _LATER_ACT:
        return ActionVerdict(
            state, None, claim, f"{claim.id} claims a later {state.key} than any receipt shows"
        )
    proof = state.proof
    if proof is not None:
        return ActionVerdict(state, True, proof.item, f"receipt {proof.item.id} succeeded")
    if latest is not None and outcome_unknown(latest.item):
        # Handed over but unconfirmed: neither done nor refuted until the outcome is known.
        return ActionVerdict(
            state, None, latest.item, f"{latest.item.id} was handed over; its outcome is unknown"
        )
    if latest is not None:
        return ActionVerdict(
            state, False, latest.item, f"latest receipt {latest.item.id} is {latest.status}"
        )
    return ActionVerdict(state, None, claim, f"no receipt for {state.key}; only a journal claim")


#: Receipt prose saying the act left the agent's hands but its outcome was never confirmed
#: ("accepted by the relay; delivery confirmation pending", "delivery state unknown").
_UNCONFIRMED = re.compile(
    r"\b(state|status|outcome) unknown\b|\baccepted by\b|\bconfirmation pending\b|"
    r"\btimed out waiting for\b",
    re.IGNORECASE,
)


def outcome_unknown(item: EvidenceItem) -> bool:
    """A pending receipt whose act was handed over and whose outcome nobody has confirmed yet.
    A plain "pending" (waiting for a worker, a lease, an approval) means it has not happened."""
    status = str((item.data or {}).get("status", ""))
    return status == "pending" and _UNCONFIRMED.search(item.text) is not None


def describe(verdict: ActionVerdict) -> str:
    state = verdict.state
    if verdict.done:
        return f"{state.action} for {state.target} happened"
    latest = state.latest
    if latest is not None and verdict.done is None and outcome_unknown(latest.item):
        return (
            f"{state.action} for {state.target} is unconfirmed ({latest.item.id}: outcome unknown)"
        )
    if latest is not None:
        return f"{state.action} for {state.target} has not happened yet (receipt {latest.status})"
    return f"{state.action} for {state.target} has no receipt"


# -- provenance drift --------------------------------------------------------------------------


@dataclass(frozen=True)
class Drift:
    item: EvidenceItem
    path: str
    #: True: explained as an intended edit; False: evidence of damage; None: unexplained.
    intended: bool | None
    #: The registry row first, then the note (if any) that decides the drift.
    basis: tuple[EvidenceItem, ...]
    #: The runner's reading, for results and uncertainties ("no note explains it" is an absence
    #: no citation can back, so it never goes into a cited claim).
    reason: str
    #: What the basis says in its own words: ``<id> says "<quote>"`` per item.
    says: str = ""

    @property
    def name(self) -> str:
        return os.path.splitext(os.path.basename(self.path))[0]

    @property
    def verdict(self) -> str:
        if self.intended is True:
            return f"The {self.name} drift is an intended edit"
        if self.intended is False:
            return f"The {self.name} drift is not an intended edit"
        return f"The {self.name} drift"

    @property
    def claim(self) -> str:
        """The verdict next to the words that decide it; an unexplained drift states no verdict,
        only what the registry row says (the missing explanation goes to the uncertainties)."""
        return f"{self.verdict}: {self.says}"


def drifts(ev: Evidence, profile: Profile) -> list[Drift]:
    out: list[Drift] = []
    for item in ev.of_kind("registry"):
        data = item.data or {}
        expected, actual = data.get("expected_sha256"), data.get("actual_sha256")
        if not expected or not actual or expected == actual:
            continue
        path = str(data.get("path", item.id))
        drift = _classify_drift(ev, item, path, data.get("intended"), actual, profile)
        basis = (item, *(i for i in drift.basis if i.id != item.id))
        says = "; ".join(ev.says(i, [drift.name, *_DAMAGE, *_EDIT_WORDS]) for i in basis)
        out.append(Drift(item, path, drift.intended, basis, drift.reason, says))
    return out


_FORESEEN = re.compile(
    r"\b(?:will not|won.?t|is not going to) match (?:the )?(?:ledger|registry)\b"
)


def foresees_mismatch(tokens: Sequence[str]) -> bool:
    """ "X will not match the ledger until re-registered": a note written before the audit that
    expects the mismatch. A present-tense "does not match" is an observation, not an account."""
    joined = " ".join(tokens)
    return _FORESEEN.search(joined) is not None and not any(t in _DAMAGE for t in tokens)


def _classify_drift(
    ev: Evidence, item: EvidenceItem, path: str, flag: object, actual: str, profile: Profile
) -> Drift:
    if isinstance(flag, bool):
        return Drift(item, path, flag, (item,), f"the registry marks {path} intended={flag}")
    stem = os.path.splitext(os.path.basename(path))[0]
    if actual == EMPTY_SHA256 and not profile.trusts_narrative:
        return Drift(item, path, False, (item,), f"{path} now hashes to an empty file")
    support: list[EvidenceItem] = []
    against: list[EvidenceItem] = []
    intents: list[EvidenceItem] = []
    for other in ev.of_kind("journal", "session", "history", "message", "artifact"):
        for sentence in sentences(strip_html(other.text)):
            tokens = words(sentence)
            if not mentions_target(tokens, stem):
                continue
            # "Rescanned because the old file lost detail": the damage is the reason for an edit.
            damage = any(t in _DAMAGE for t in tokens) and not describes_edit(tokens)
            if other.kind != "artifact" and foresees_mismatch(tokens):
                support.append(other)  # the author expected the drift: an account of the edit
            elif other.kind == "artifact":
                # A measurement is no account of intent, but it can show damage (size 0).
                if damage or _zero_size(other):
                    against.append(other)
            elif damage or is_negated(tokens):
                against.append(other)
            elif _only_intent(other):
                intents.append(other)  # a plan to edit is not a record of the edit
            else:
                support.append(other)
    if profile.trusts_narrative and support:
        return Drift(item, path, True, (support[-1],), f"{support[-1].id} describes editing {stem}")
    if against:
        return Drift(
            item, path, False, (item, against[-1]), f"{against[-1].id} shows {stem} damaged"
        )
    if support:
        return Drift(item, path, True, (support[-1],), f"{support[-1].id} describes editing {stem}")
    if profile.trusts_narrative:
        basis = (intents[-1],) if intents else (item,)
        return Drift(item, path, True, basis, f"{path} assumed to be an edit")
    if intents:
        return Drift(
            item,
            path,
            None,
            (item, intents[-1]),
            f"{intents[-1].id} only planned to edit {stem}; no record of the edit itself",
        )
    return Drift(item, path, None, (item,), f"no session, journal or history note explains {path}")


_EDIT_WORDS = frozenset(
    {
        "revised",
        "reworked",
        "edited",
        "changed",
        "added",
        "rewrote",
        "rewritten",
        "saved",
        "updated",
        "exported",
        "re-exported",
        "replaced",
        "modified",
        "fixed",
        "corrected",
    }
)


def describes_edit(tokens: list[str]) -> bool:
    """A done edit: an edit verb, or any redo in the past tense ("rescanned", "re-rendered")."""
    return any(
        t in _EDIT_WORDS or (t.startswith("re") and t.endswith("ed") and len(t) > 6) for t in tokens
    )


def _only_intent(item: EvidenceItem) -> bool:
    """The note speaks of a future edit ("tomorrow I'd like to rewrite") and of no done edit."""
    tokens = words(item.text)
    return any(t in INTENT_WORDS for t in tokens) and not any(t in _EDIT_WORDS for t in tokens)


def _zero_size(item: EvidenceItem) -> bool:
    measurements = (item.data or {}).get("measurements") or {}
    return isinstance(measurements, dict) and measurements.get("bytes") == 0


# -- stale fields ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Stale:
    field: EvidenceItem
    newer: EvidenceItem
    reason: str


def stale_fields(ev: Evidence) -> list[Stale]:
    """Focus and reminder fields that a newer receipt has overtaken."""
    out: list[Stale] = []
    for item in ev.of_kind("focus", "reminder"):
        data = item.data or {}
        state = str(data.get("state", ""))
        label = str(data.get("item") or data.get("reminder") or item.text)
        if state not in {"open", "in_progress", "pending"}:
            continue
        for action in ev.actions_in(f"{label} {item.text}", loose=True):
            proof = action.proof
            if proof is not None and proof.at > item.at:
                out.append(
                    Stale(
                        item,
                        proof.item,
                        f"{item.kind} field says {state!r} for {shorten(label, 60)} but "
                        f"{proof.item.id} ({proof.action} {proof.target}) succeeded at {iso(proof.at)}",
                    )
                )
                break
    return out


# -- repeat risk -------------------------------------------------------------------------------


@dataclass(frozen=True)
class PriorCheck:
    kind: str
    last_at: datetime
    heartbeat: EvidenceItem
    changes: tuple[EvidenceItem, ...]

    @property
    def unchanged(self) -> bool:
        return not self.changes


def prior_checks(ev: Evidence) -> list[PriorCheck]:
    """Every check kind the heartbeats record, with what changed since the last time."""
    last: dict[str, EvidenceItem] = {}
    for item in ev.of_kind("heartbeat"):
        for kind in (item.data or {}).get("checks") or []:
            if isinstance(kind, str):
                last[kind] = item
    out: list[PriorCheck] = []
    for kind, beat in last.items():
        subjects = CHECK_SUBJECTS.get(kind, _DEFAULT_SUBJECTS)
        changes = tuple(ev.newer_than(beat.at, subjects))
        out.append(PriorCheck(kind, beat.at, beat, changes))
    return out


def injected(items: Sequence[EvidenceItem]) -> list[EvidenceItem]:
    return [i for i in items if looks_like_injection(i.text)]
