"""Belief kinds that are not "did this action happen": what someone said or asked, whether a reply
arrived, whether a cooldown still runs, whether anything needs action, what a thread's state is.

Each rule returns findings only when the belief is of its kind and the context can speak to it;
an empty list leaves the belief to the other rules (or to "ambiguous").
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, time

from harness.runners.reference.evidence import Evidence, iso
from harness.runners.reference.profile import Profile
from harness.schema import EvidenceItem
from harness.text.normal import lower_ascii
from harness.text.prose import claims_open, is_negated, keywords, mentions_target, words


@dataclass(frozen=True)
class Finding:
    """One checked part of the belief: whether it holds, and the evidence that decides it."""

    claim: str
    holds: bool | None
    evidence: tuple[EvidenceItem, ...]
    focus: str
    #: What the runner concludes beyond the cited words (an absence, a host constraint): it is
    #: reported as an uncertainty, never as part of a cited claim.
    note: str = ""


# -- who said what -----------------------------------------------------------------------------


def senders(ev: Evidence) -> list[str]:
    """People other than the agent who wrote messages in the context, first seen first."""
    agent = ev.invocation.agent.lower()
    out: list[str] = []
    for msg in ev.of_kind("message"):
        sender = lower_ascii(str((msg.data or {}).get("from", "")))
        if sender and sender != agent and sender not in out:
            out.append(sender)
    return out


def messages_from(ev: Evidence, person: str) -> list[EvidenceItem]:
    return [
        m
        for m in ev.of_kind("message")
        if lower_ascii(str((m.data or {}).get("from", ""))) == person
    ]


def _people_in(ev: Evidence, tokens: list[str]) -> list[str]:
    return [p for p in senders(ev) if mentions_target(tokens, p)]


_INBOUND = re.compile(
    r"\b(reply|replies|answer|response|word|news|message|corrections?)\b[^.;]*?\bfrom\s+(\w+)"
)


def inbound(ev: Evidence, clause: str) -> list[Finding]:
    """ "No reply from Okonkwo has arrived": about messages *from* someone, not the agent's sends.
    A reply counts when it is dated after the agent last wrote to that person."""
    match = _INBOUND.search(lower_ascii(clause))
    if match is None:
        return []
    person = match.group(2)
    if person not in senders(ev) and not ev.actions_in(person, loose=True, need_target=True):
        return []
    since = _last_outbound(ev, person)
    replies = [m for m in messages_from(ev, person) if since is None or m.at > since.at]
    negative = is_negated(words(clause))
    arrived = bool(replies)
    basis: tuple[EvidenceItem, ...] = (replies[-1],) if replies else ((since,) if since else ())
    if not basis:
        return []
    what = (
        f"a message from {person} arrived after {basis[0].id}"
        if arrived
        else (f"nothing from {person} since {basis[0].id}")
    )
    return [Finding(what, arrived != negative, basis, person)]


def _last_outbound(ev: Evidence, person: str) -> EvidenceItem | None:
    agent = ev.invocation.agent.lower()
    out: EvidenceItem | None = None
    for r in ev.receipts:
        if r.action == "message.send" and r.succeeded and lower_ascii(r.target) == person:
            out = r.item if out is None or r.at > out.at else out
    for m in ev.of_kind("message"):
        data = m.data or {}
        if (
            lower_ascii(str(data.get("from", ""))) == agent
            and lower_ascii(str(data.get("to", ""))) == person
        ):
            out = m if out is None or m.at > out.at else out
    return out


#: A request in someone's own words.
_REQUEST = re.compile(r"\?|\b(could|can|would|will) you\b|\bplease\b|\bneeds?\b", re.IGNORECASE)
_RELAXED = re.compile(
    r"\bno rush\b|\bno hurry\b|\bwhenever\b|\bin your own time\b|\bnot urgent\b", re.IGNORECASE
)
_PRESSING = re.compile(
    r"\burgent\b|\basap\b|\btonight\b|\bimmediately\b|\bbefore \d{1,2}:\d{2}\b", re.IGNORECASE
)
_SAYS = frozenset({"asked", "asks", "said", "says", "wants", "requested", "wrote", "needs"})
_URGENT_BELIEF = re.compile(
    r"\burgent\b|\bbefore (morning|tomorrow|quiet hours|\d{1,2}:\d{2})\b|\btonight\b|\basap\b",
    re.IGNORECASE,
)


def said(ev: Evidence, clause: str) -> list[Finding]:
    """ "Yara asked for the essay by Friday", "Delphine's message needs an answer before morning":
    checked against that person's latest message, its words and how pressing it says it is."""
    tokens = words(clause)
    people = _people_in(ev, tokens)
    if len(people) != 1:
        return []
    person = people[0]
    latest = messages_from(ev, person)[-1]
    if _URGENT_BELIEF.search(lower_ascii(clause)):
        if _RELAXED.search(latest.text):
            return [Finding(f"{person} wrote there is no rush", False, (latest,), "no rush")]
        if _PRESSING.search(latest.text):
            return [Finding(f"{person} asked for an answer soon", True, (latest,), "urgent")]
        return []
    if not _SAYS & set(tokens) or not _REQUEST.search(latest.text):
        return []
    wanted = {k for k in keywords(clause) if k not in _SAYS and not mentions_target([k], person)}
    have = set(words(latest.text))
    if wanted and len(wanted & have) / len(wanted) >= 0.5:
        return [Finding(f"{person} asked for it in {latest.id}", True, (latest,), " ".join(wanted))]
    return []


# -- threads -----------------------------------------------------------------------------------

_CLOSED_WORDS = frozenset({"closed", "settled", "ended", "finished", "done"})


def thread_state(ev: Evidence, profile: Profile, clause: str) -> list[Finding]:
    """ "The thread with Kasimir is closed": a newer unread message from them reopens it,
    whatever a focus field or an earlier thank-you says."""
    tokens = words(clause)
    if "thread" not in tokens:
        return []
    says_closed = bool(_CLOSED_WORDS & set(tokens)) and not is_negated(tokens)
    says_open = claims_open(tokens) or (bool(_CLOSED_WORDS & set(tokens)) and is_negated(tokens))
    if not (says_closed or says_open):
        return []
    out: list[Finding] = []
    for person in _people_in(ev, tokens):
        msgs = messages_from(ev, person)
        last = msgs[-1]
        if not (last.data or {}).get("unread"):
            continue  # nothing new; whether it is closed is the host's record, handled elsewhere
        if not profile.checks_staleness:
            continue  # reads the focus field as current
        out.append(
            Finding(
                f"{person} wrote again ({last.id}, unread): the thread is open",
                says_open,
                (last,),
                " ".join(keywords(last.text)[:3]),
            )
        )
    return out


# -- cooldowns and retry windows ---------------------------------------------------------------

_ISO = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?(?:Z|[+-]\d{2}:\d{2})")
_CLOCK = re.compile(r"\b(\d{1,2}):(\d{2})\b")
_WAIT_WORDS = frozenset({"cooldown", "wait", "retry", "until", "before", "active", "running"})


def waiting(ev: Evidence, clause: str) -> list[Finding]:
    """ "The cooldown on messages to Hollis is still active", "render-1454 must wait until 08:46":
    the end of the window, from the constraints or the evidence, against the activation time."""
    tokens = words(clause)
    if not ({"cooldown", "wait", "retry"} & set(tokens)):
        return []
    now = ev.invocation.activation.at
    negative = is_negated(tokens) or bool({"over", "ended", "expired", "lifted"} & set(tokens))
    for c in ev.invocation.constraints.cooldowns:
        target = c.kind.partition(":")[2]
        if target and mentions_target(tokens, target):
            running = c.until > now
            claim = f"the cooldown {c.kind} runs until {iso(c.until)}"
            return [Finding(claim, running != negative, (), c.kind)]
    clocks = {(int(h), int(m)) for h, m in _CLOCK.findall(clause)}
    for item in reversed(ev.items):
        text = item.text
        if not _WAIT_WORDS & set(words(text)):
            continue
        if not _names_same_matter(ev, tokens, text):
            continue
        stamps = _ISO.findall(text)
        if stamps:
            end = stamps[-1]
            running = datetime.fromisoformat(end.replace("Z", "+00:00")) > now
        else:
            hits = [(h, m) for h, m in _CLOCK.findall(text)]
            hits = [h for h in hits if (int(h[0]), int(h[1])) in clocks] if clocks else hits
            if not hits:
                continue
            end = f"{hits[-1][0]}:{hits[-1][1]}"
            running = now.time() < time(int(hits[-1][0]), int(hits[-1][1]))
        # The item states the window; comparing its end with the activation time is the
        # runner's reading, so it travels as a note rather than in the cited claim.
        focus = f"retry after cooldown before until {end}"
        state = "still open" if running else "over"
        note = f"{item.id} sets a window ending {end}, {state} at {iso(now)}"
        return [Finding(ev.says(item, focus), running != negative, (item,), focus, note)]
    return []


def _names_same_matter(ev: Evidence, tokens: list[str], text: str) -> bool:
    other = words(text)
    people = [p for p in senders(ev) if mentions_target(tokens, p)]
    targets = [s.target for s in ev.actions() if mentions_target(tokens, s.target)]
    return any(mentions_target(other, name) for name in people + targets)


# -- is there anything to do -------------------------------------------------------------------

_ACTION_NOUNS = frozenset({"action", "act", "work", "reply", "answer"})
_NEED_WORDS = frozenset({"needs", "need", "awaits", "await", "awaiting", "requires", "unfinished"})

#: (evidence, profile) -> the items that need action now (empty: nothing does).
WorkFinder = Callable[[Evidence, Profile], list[EvidenceItem]]


def needs_action(
    ev: Evidence, profile: Profile, clause: str, work: WorkFinder, replies: WorkFinder
) -> list[Finding]:
    """ "Nothing needs outward action this heartbeat": decided by the same inventory preflight
    takes (unread messages, unfinished receipts, due reminders and focus items). A belief about
    correspondence ("no message awaits a reply") looks at unread messages only."""
    tokens = words(clause)
    if not (_ACTION_NOUNS & set(tokens) and _NEED_WORDS & set(tokens)):
        return []
    if ev.actions_in(clause, need_target=True) or _people_in(ev, tokens):
        return []  # about one named matter, not the whole inventory
    about_mail = bool({"reply", "answer", "correspondence", "message", "messages"} & set(tokens))
    pending = (replies if about_mail else work)(ev, profile)
    negative = bool({"nothing", "no", "none"} & set(tokens)) or "not" in tokens
    if pending:
        claim = "work needs action: " + ", ".join(i.id for i in pending[:3])
        return [Finding(claim, not negative, tuple(pending[:2]), "unread pending")]
    # "Nothing needs action" is an absence no item can back; the cited claim is what the latest
    # heartbeat (or item) says, and the conclusion travels as a note.
    quiet = ev.of_kind("heartbeat")[-1:] or ev.items[-1:]
    nothing = "nothing in the context needs action now"
    if not quiet:
        return [Finding(nothing, negative, (), "nothing")]
    said = ev.says(quiet[0], "nothing new quiet no unread")
    return [Finding(said, negative, tuple(quiet), "nothing new", note=nothing)]
