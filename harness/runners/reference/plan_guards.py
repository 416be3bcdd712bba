"""Host decisions a plan needs whatever its goal's wording: what the context says must be settled
by the host before any step runs.

- A drift the goal touches: the host confirms whether it is an intended edit or corruption.
- A damaged file with a snapshot or backup copy in the context: restoring it is the host's call.
- A second copy of a delivered send (a pending retry, a scheduled fallback): cancelling it is.
- A thread the host closed that the goal would answer in: reopening it is.
- A resend of a send whose delivery state is unknown: the host approves it only if delivery is
  not confirmed, since the first copy may still arrive.
- A journal entry claiming a send that no receipt proves: correcting the record is the host's.
- Choosing which variant to keep is an aesthetic judgement (is the work at rest?), and making the
  choice public is a write; where a study loses its symmetry, only the host says if that is meant.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from datetime import datetime

from harness.runners.reference.evidence import ActionState, Evidence
from harness.runners.reference.judge import Drift, drifts
from harness.runners.reference.profile import Profile
from harness.schema import EvidenceItem
from harness.text.normal import lower_ascii
from harness.text.prose import mentions_target, words


@dataclass(frozen=True)
class Decision:
    text: str
    #: The write the decision authorises (None: a judgement, not a write).
    capability: str | None
    #: Judgements come before the writes that depend on them.
    first: bool = False
    #: The context items the decision rests on, cited in the plan's claims.
    evidence: tuple[EvidenceItem, ...] = ()


_DELIVERIES = frozenset({"message.send", "media.deliver"})
_NOUN = {"message.send": "send", "media.deliver": "delivery"}
_DRIFT_GOAL = frozenset(
    {
        "drift",
        "registry",
        "register",
        "registered",
        "restore",
        "repair",
        "corrupt",
        "corrupted",
        "ledger",
    }
)
_COPY_WORDS = ("snapshot", "backup")
_RESTORE_WORDS = frozenset({"restore", "restoring", "revert", "back"})
_COUNT = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
_ISO = re.compile(r"\d{4}-\d{2}-\d{2}T(\d{2}:\d{2})(?::\d{2})?Z?")


def host_decisions(ev: Evidence, profile: Profile, goal: str) -> list[Decision]:
    tokens = words(goal)
    out: list[Decision] = []
    out += _drift_decisions(ev, profile, goal, tokens)
    out += _duplicate_decisions(ev, tokens)
    out += _reopen_decisions(ev, tokens)
    out += _resend_decisions(ev, tokens)
    out += _journal_decisions(ev, tokens)
    out += _variant_decisions(tokens)
    if "timestamp" in tokens:
        out.append(
            Decision(
                "Host approval needed: timestamp.request to the external timestamp service",
                "timestamp.request",
            )
        )
    return out


def _touched(found: list[Drift], goal: str, tokens: list[str]) -> list[Drift]:
    named = [d for d in found if d.path in goal or mentions_target(tokens, d.name)]
    if named:
        return named
    return found[:2] if set(tokens) & _DRIFT_GOAL else []


def _drift_decisions(
    ev: Evidence, profile: Profile, goal: str, tokens: list[str]
) -> list[Decision]:
    out: list[Decision] = []
    touched = _touched(drifts(ev, profile), goal, tokens)
    restoring = bool(set(tokens) & _RESTORE_WORDS)
    for d in touched:
        if d.intended is True:
            text = f"Host judgement needed: the {d.name} drift ({d.path}) reads as a deliberate edit; is it?"
        elif d.intended is False:
            text = f"Host judgement needed: the {d.name} drift ({d.path}) reads as damage, not an edit; is it?"
        else:
            text = f"Host judgement needed: is the {d.name} drift ({d.path}) a deliberate edit or damage?"
        out.append(Decision(text, None, first=True, evidence=d.basis))
        copy = _good_copy(ev, d) if d.intended is not True or restoring else None
        if copy is not None:
            word = next(w for w in _COPY_WORDS if w in f"{copy.id} {_path(copy)}".lower())
            out.append(
                Decision(
                    f"Host approval needed: artifact.restore of {d.path} from the {word} {copy.id}",
                    "artifact.restore",
                    evidence=(d.item, copy),
                )
            )
        elif d.intended is not True and "snapshot" not in tokens:
            # Undoing damage means the sealed bytes from backup; an unexplained change is only
            # undone if the host rules it is not an edit.
            unless = "" if d.intended is False else ", should the host rule it no edit"
            out.append(
                Decision(
                    f"Host approval needed: artifact.restore of {d.path} from backup{unless}",
                    "artifact.restore",
                    evidence=(d.item,),
                )
            )
    intended = [d for d in touched if d.intended is True]
    if intended and not restoring:
        # An intended edit is recorded by registering the new bytes and sealing the set anew.
        files = ", ".join(os.path.basename(d.path) for d in intended)
        count = _COUNT.get(len(intended), str(len(intended)))
        what = f"the {count} files {files}" if len(intended) > 1 else intended[0].path
        basis = tuple(i for d in intended for i in d.basis)
        out.append(
            Decision(
                f"Host approval needed: registry.register for {what}",
                "registry.register",
                evidence=basis,
            )
        )
        out.append(
            Decision(
                "Host approval needed: provenance.seal over the newly registered bytes",
                "provenance.seal",
                evidence=basis,
            )
        )
    return out


def _path(item: EvidenceItem) -> str:
    return str((item.data or {}).get("path", ""))


def _good_copy(ev: Evidence, drift: Drift) -> EvidenceItem | None:
    """A snapshot or backup of the same file that still holds the registered digest."""
    expected = (drift.item.data or {}).get("expected_sha256")
    base = os.path.basename(drift.path)
    for item in reversed(ev.of_kind("artifact")):
        path = _path(item)
        if not any(w in f"{item.id} {path}".lower() for w in _COPY_WORDS):
            continue
        same_file = os.path.basename(path) == base
        same_bytes = expected is not None and (item.data or {}).get("sha256") == expected
        if same_file and (same_bytes or expected is None):
            return item
    return None


def _duplicate_decisions(ev: Evidence, tokens: list[str]) -> list[Decision]:
    out: list[Decision] = []
    now = ev.invocation.activation.at
    for state in ev.actions():
        if state.action not in _DELIVERIES or not mentions_target(tokens, state.target):
            continue
        done = state.ever_succeeded
        if done is None:
            continue
        family = state.action.split(".", 1)[0]
        for r in state.receipts:
            if r.at > done.at and r.status in {"queued", "pending"}:
                out.append(
                    Decision(
                        f"Host approval needed: cancel the {r.status} {r.item.id} ({state.action} to {state.target}) "
                        f"before it is delivered: {done.item.id} already succeeded",
                        f"{family}.cancel",
                        evidence=(done.item, r.item),
                    )
                )
        out += _scheduled_repeats(ev, state, done.at, now)
    return out


def _scheduled_repeats(
    ev: Evidence, state: ActionState, done_at: datetime, now: datetime
) -> list[Decision]:
    """A job scheduled to repeat a delivery that already succeeded, due after now."""
    out: list[Decision] = []
    for item in ev.items:
        if item.kind == "receipt" or "scheduled" not in words(item.text):
            continue
        if state.action not in item.text or not mentions_target(words(item.text), state.target):
            continue
        when = _ISO.search(item.text)
        if when is None:
            continue
        due = datetime.fromisoformat(when.group(0).replace("Z", "+00:00"))
        if due.tzinfo is None or due <= now or due < done_at:
            continue
        out.append(
            Decision(
                f"Host approval needed: cancel the {when.group(1)} scheduled {_NOUN[state.action]} ({item.id}) "
                f"to {state.target}",
                "schedule.modify",
                evidence=(item,),
            )
        )
    return out


def _reopen_decisions(ev: Evidence, tokens: list[str]) -> list[Decision]:
    """Only new evidence reopens a closed thread: an unread message in it."""
    out: list[Decision] = []
    for thread in ev.invocation.constraints.closed:
        unread = [
            m
            for m in ev.of_kind("message")
            if (m.data or {}).get("thread") == thread and (m.data or {}).get("unread")
        ]
        if not unread:
            continue
        person = lower_ascii(str((unread[-1].data or {}).get("from", "")))
        if person and mentions_target(tokens, person):
            out.append(
                Decision(
                    f"Reopen the {person} thread ({thread}): {unread[-1].id} is new",
                    None,
                    first=True,
                    evidence=(unread[-1],),
                )
            )
    return out


def _resend_decisions(ev: Evidence, tokens: list[str]) -> list[Decision]:
    """A send handed off with its outcome unknown: a resend risks a duplicate, so it is conditional."""
    if "resend" not in tokens and "again" not in tokens:
        return []
    out: list[Decision] = []
    for state in ev.actions():
        if state.action != "message.send" or not mentions_target(tokens, state.target):
            continue
        latest = state.latest
        if latest is None or latest.status not in _UNSETTLED or state.ever_succeeded is not None:
            continue
        out.append(
            Decision(
                f"Host approval needed: message.send to {state.target} again, and only while delivery stays unconfirmed "
                f"({latest.item.id} is {latest.status})",
                "message.send",
                evidence=(latest.item,),
            )
        )
    return out


#: Receipt states that leave the outcome of a handed-off send open.
_UNSETTLED = frozenset({"pending", "unknown", "timeout", "accepted"})


def _journal_decisions(ev: Evidence, tokens: list[str]) -> list[Decision]:
    """A journal entry claiming a send the receipts disprove stays wrong until corrected."""
    out: list[Decision] = []
    for state in ev.actions():
        if not state.assertions or not mentions_target(tokens, state.target):
            continue
        latest = state.latest
        if latest is None or latest.succeeded or latest.status != "failed":
            continue
        claim = state.assertions[-1].item
        if claim.at < latest.at:
            continue  # an older claim a later failure superseded is history, not a false record
        out.append(
            Decision(
                f"Host approval needed: journal.append correcting {claim.id}, since {latest.item.id} failed",
                "journal.append",
                evidence=(claim, latest.item),
            )
        )
    return out


_CHOOSE = frozenset({"choose", "pick", "select"})
_LOSS = frozenset({"lose", "loses", "lost", "losing", "breaks", "asymmetry", "asymmetric"})


def _variant_decisions(tokens: list[str]) -> list[Decision]:
    toks = set(tokens)
    out: list[Decision] = []
    if toks & _CHOOSE and toks & {"variant", "variants", "render", "renders"}:
        out.append(
            Decision(
                "Host judgement needed: has the work come to rest, so that one variant can be kept?",
                None,
                first=True,
            )
        )
        out.append(
            Decision(
                "Host approval needed: artifact.publish of the variant the host keeps",
                "artifact.publish",
            )
        )
    if "symmetry" in toks and toks & _LOSS:
        out.append(
            Decision("Host judgement needed: is the asymmetry deliberate?", None, first=True)
        )
    return out
