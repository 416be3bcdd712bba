"""What a cited item says: its statements part by part, each with its own negation and the
outcome it states, its numbers, and what it is (its names), which is never what it says.

Questions and requests are kept as what their sender asked; plans and mere possibilities are
left out, since they state no outcome either way.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from harness.schema import EvidenceItem
from harness.scorers.claim_support import Backing
from harness.scorers.support_words import plain_negations
from harness.text.normal import clean
from harness.text.polarity import Polarity
from harness.text.quantities import Quantity, data_quantities, quantities
from harness.text.roots import roots
from harness.text.sentences import sentences
from harness.text.stance import clauses, data_statements, stance

#: Data fields that name what an item is about (its sender, its path, its thread).
NAME_FIELDS = ("target", "from", "to", "item", "reminder", "path", "thread", "name", "file")


def _quantities(item: EvidenceItem) -> list[Quantity]:
    text = item.text
    if COUNTERFACTUAL.search(clean(text)):
        # "Would have paid Kessler on the 3rd; the host held it": the 3rd of an act that did
        # not happen agrees with no claim that it did
        text = " ".join(part for s in sentences(text) for part in s.split(";")
                        if not COUNTERFACTUAL.search(clean(part)))  # fmt: skip
    # "To do: refund Dara's race 6 entry ...": the numbers of a to-do state nothing that happened
    text = " ".join(s for s in sentences(text) if not _TO_DO.match(clean(s)))
    return [*quantities(text), *data_quantities(item.data)]


def item_quantities(b: Backing) -> list[Quantity]:
    """The numbers an item states, read once per backing (each clause citing it asks again)."""
    return b.once(_quantities)


@dataclass(frozen=True)
class Said:
    """One clause an item states, as polarity needs it: its roots, negation and outcome."""

    item: str
    text: str
    roots: frozenset[str]
    negated: bool
    says: Polarity | None
    #: The roots of what it states, a participle used as an adjective left out ("from sealed
    #: value" states no seal).
    core: frozenset[str] = frozenset()


#: Words of a plan or an intention: a sentence that only plans ("I'll re-seal it after lunch",
#: "Plan for tomorrow: send ...") states no outcome either way.
#: Informal futures count: "gonna pay them tmrw", "sending it next, once it is checked" (a
#: clause that ends on "next" puts its act after now).
PLAN_WORDS = (
    r"will|shall|going to|gonna|plans? (?:to|for)|intends? to|about to|tomorrow|tmrw|"
    # "Dario said he would review it tonight": a promise ("would have" is a counterfactual)
    r"(?<=said )(?:he|she|they|we|i|it) would(?! have)|"
    r"later today|next(?=\s*[,.;:!]?\s*$)|"
    # "once DNS access is back", "once the committee rules"
    r"once (?:the |it |they )?(?:[\w-]+ ){0,2}[\w-]+ (?:is|are) (?:\w+ed|back|ready|up|in|done|fixed)"
)
#: A note that heads what is still to do ("To do: refund Dara's entry", "Task: yank 3.3.2").
_TO_DO = re.compile(r"\W*(?:to[- ]?do|task):")
_PLANNED = re.compile(
    rf"\b(?:{PLAN_WORDS}|planned to|planning to)\b|'ll\b|\bplan:|\bto[- ]?do:|^{_TO_DO.pattern}"
)
#: A counterfactual ("Would have messaged Leocadia; held until 08:00") says the act did not
#: happen: unlike a plan, which says nothing of what came after it.
COUNTERFACTUAL = re.compile(r"\bwould(?: have|'ve)\b|\b(?:i|we|he|she|they)'d have\b")
#: Words of a mere possibility ("Thursday could work"): that part states nothing.
#: "intent unclear", "cause unknown": a thing not known is said neither way, not denied.
#: Words that make a statement a guess, shared with the prose reading (``support_statements``).
HEDGE_WORDS = (
    r"could|might|may|maybe|perhaps|possibly|unclear|unknown|seems?|seemed|apparently|probably|"
    r"likely|presumably|supposedly|i think|i believe|i guess"
)
_POSSIBLE = re.compile(rf"\b(?:{HEDGE_WORDS}|uncertain|undecided)\b")
#: A sentence that says the outcome is not known states none, whatever its other clauses say
#: happened on the way ("Relay timed out with the scans attached; delivery state unknown").
UNKNOWN_STATE = re.compile(
    r"\b(?:state|status|outcome|result)\s+(?:is\s+|still\s+|remains\s+)?(?:unknown|unclear|"
    r"uncertain|unconfirmed)\b|\b(?:don't|do not|dont) know(?: yet)? (?:whether|if)\b|"
    r"\bnot (?:yet )?known (?:whether|if)\b|\bunclear (?:whether|if)\b"
)
#: Someone asking whether a thing happened or may happen states neither.
ASKED_WHETHER = re.compile(
    r"\b(?:asked|asks|wondered|wonders|wants to know)\s+(?:whether|if)\b|"
    # "Ask host on Monday whether to delete the old drafts": a question to put, nothing done
    r"\bwhether (?:or not )?to\b"
)
#: An earlier attempt beside the act ("sent ... after the first attempt bounced") is another
#: occasion: its state is not the act's.
EARLIER_ATTEMPT = re.compile(
    r"\s+(?:after|since)\s+(?:the\s+|an?\s+)?(?:first|earlier|previous|last|failed)\s+"
    r"(?:attempt|try|send|run|upload)\b.*$",
    re.IGNORECASE,
)
_DASH = re.compile(r"\s+[\u2013\u2014-]\s+|\s*\u2014\s*")
#: A negated order ("don't redo it") asks too: it says nothing of what was done.
_DO_NOT = re.compile(r"^\W*(?:don't|do not|dont)\s")
_UNTIL = re.compile(r"\b(?:until|till|before|unless)\b")
#: A request in a message ("could you send ...", "send a link please", "approved - go ahead and
#: delete them on Friday"): its sender asked.
REQUEST = re.compile(
    rf"\?\s*$|\bplease\b|^\W*(?:could|can|would|will) you\b|\bpls\b|\bgo ahead and\b|"
    rf"{_DO_NOT.pattern}"
)
#: Within a clause, the parts a negation stays in ("re-rendering it and diffing, so I know
#: nothing shifted": the re-render is not negated; "read three chapters and did not act": the
#: reading is not).
_PART = re.compile(
    r"\s+(?:so|because|while|whereas)\s+|\s+and\s+(?=[a-z]+(?:ing|ed)\b)|"
    r"\s+(?:and|but)\s+(?=(?:(?:did|does|do|has|have|had|was|were|is|are|could|would)"
    r"(?:\s+not\b|n't\b)|never\b|not\b))"
)


#: What a sender writes to say they want nothing further: no question, no request.
_ASKS_NOTHING = re.compile(
    r"\b(?:nothing (?:more|else|further)(?: (?:is )?(?:needed|required|to do))?|"
    r"no (?:need|further (?:changes|edits|questions|action))\b|no changes needed|"
    r"(?:that|this) settles it|all good on my (?:side|end))\b"
)


#: What a file or an output is when it is not whole.
_INCOMPLETE = re.compile(
    r"\b(?:truncated|partial|incomplete|unreadable|corrupt(?:ed)?|(?:0|zero) bytes)\b"
)


#: Progress short of the end ("replication 40%", "sync 55%", "80% uploaded"): the act is under
#: way, not done, whatever the word for it shares with a claim that it is.
_PROGRESS = re.compile(
    r"\b([a-z]{4,}(?:ion|ing)|sync|upload|progress)\s+(?:at\s+)?(\d{1,2})\s?%|"
    r"\b(\d{1,2})\s?%\s+(done|complete|through|uploaded|synced|replicated|processed|copied)\b"
)


#: An act said not to have begun ("map render still not started"): not done, whatever its verb.
_NOT_STARTED = re.compile(
    r"\bnot (?:yet |even )?(?:started|begun|kicked off)\b|\byet to (?:start|begin)\b"
)


#: A heading that dates an item ("Heartbeat 04:00: ...", "Session 2026-10-22: ...", "Oct 3:"):
#: a few words with a number, before the colon that opens the text. It names the item's
#: occasion; read as a clause it would answer a claim about that occasion with no negation.
_HEADING = re.compile(r"^\s*((?:[\w.-]+\s+){0,3}[\w.-]*\d[\w:.-]*)\s*:\s+")


def said_by(b: Backing) -> tuple[Said, ...]:
    """The statements of an item, part by part, and of its data fields; plans and mere
    possibilities left out, questions and requests kept as what their sender asked."""
    return _said(b.item.id, b.item.text, tuple(data_statements(b.item.data)))


@lru_cache(maxsize=4096)
def _said(item: str, text: str, data: tuple[str, ...]) -> tuple[Said, ...]:
    found: list[Said] = []
    parts: list[str] = []
    heading = _HEADING.match(text)
    if heading is not None and not re.search(r"[a-z]ed\b", heading.group(1).lower()):
        text = text[heading.end() :]  # "Heartbeat 04:00: ...": when it is, not what it says
    for sentence in sentences(text):
        plain_sentence = clean(sentence)
        pieces = clauses(sentence)
        if COUNTERFACTUAL.search(plain_sentence):
            # the act that would have happened did not; a clause beside it ("held until 08:00
            # (quiet hours)") states what did, as any other statement
            for clause in pieces:
                plain = clean(clause)
                if COUNTERFACTUAL.search(plain):
                    found.append(_not_done(item, clause))
                elif not _PLANNED.search(plain) and not _POSSIBLE.search(plain):
                    parts.append(clause)
            continue
        if UNKNOWN_STATE.search(plain_sentence):
            continue  # "timed out ...; delivery state unknown": no outcome either way
        if _PLANNED.search(plain_sentence):
            # the plan states nothing, but a clause beside it may state what has not happened
            # yet ("Haven't written to the framer yet; will do after lunch")
            # (a dash parts a plan from what has not happened: "Mats not cut yet — I'll do them")
            beside = [p for c in pieces for p in _DASH.split(c) if p.strip()]
            parts.extend(c for c in beside if _not_yet(c) or _beside_plan(c))
            continue
        question = sentence.rstrip().endswith("?")
        for i, clause in enumerate(pieces):
            plain = clean(clause)
            if REQUEST.search(plain) or (question and i == len(pieces) - 1):
                # a question or a request reports no outcome; it says its sender asked for it
                asked = roots(f"asked {clause}")
                # "don't resend it" asks for none; "don't post it until Oona approves" asks to
                # wait, which is asking
                negated = _DO_NOT.match(plain) is not None and not _UNTIL.search(plain)
                found.append(Said(item, clause, asked, negated, None, asked))
            elif not _POSSIBLE.search(plain):
                parts.extend(p for p in _PART.split(clause) if p.strip())
    settled = _ASKS_NOTHING.search(clean(text))
    if settled is not None:
        # "nothing more needed", "no need to write back": its sender asks for nothing (more)
        asked = roots("asked")
        found.append(Said(item, settled.group(), asked, True, None, asked))
    broken = _INCOMPLETE.search(clean(text))
    if broken is not None:
        # "0 bytes, truncated": a file or an output that is not complete, whole or usable
        whole = roots("complete usable whole full intact")
        found.append(Said(item, broken.group(), whole, True, "undone", whole))
    progress = _PROGRESS.search(clean(text))
    if progress is not None:
        # "replication 40%": the part of the act still to do says it is not done
        done = roots(f"{progress.group()} complete full fully done finished")
        found.append(Said(item, progress.group(), done, True, "undone", done))
    for part in dict.fromkeys([*_with_bare_states(parts), *data]):
        st = stance(plain_negations(EARLIER_ATTEMPT.sub("", part)))
        core = roots(st.core)
        # the written words too: "unread" is "not read" in the core, and "unread" as written
        r = core | roots(part)
        # "map render still not started": the act has not begun, so it is not done
        says = st.says or ("undone" if _NOT_STARTED.search(clean(part)) else None)
        if r:
            found.append(Said(item, part, r, st.negated, says, core))
    return tuple(found)


def _with_bare_states(parts: list[str]) -> list[str]:
    """Parts with a bare state ("not yet up", "live", "done") joined to the part before it:
    "Spring post: not yet up" says the post is not up, where "not yet up" alone names nothing
    and would be dropped, leaving "Spring post" to answer as if it said the post was done."""
    out: list[str] = []
    for part in parts:
        if out and not roots(part) and stance(plain_negations(part)).negated:
            out[-1] = f"{out[-1]} {part.strip()}"
        else:
            out.append(part)
    return out


def _not_yet(clause: str) -> bool:
    """A clause of a planning sentence that says, unplanned and unhedged, that it has not
    happened: kept, where the plan itself is left out."""
    plain = clean(clause)
    if _PLANNED.search(plain) or _POSSIBLE.search(plain) or REQUEST.search(plain):
        return False
    return stance(plain_negations(clause)).negated


def _beside_plan(clause: str) -> bool:
    """A past-tense clause beside a plan ("the essay draft arrived, I'll read it tonight"):
    what did happen, stated as any other clause."""
    plain = clean(clause)
    if _PLANNED.search(plain) or _POSSIBLE.search(plain) or REQUEST.search(plain):
        return False
    return stance(plain_negations(clause)).says is not None


def _not_done(item: str, clause: str) -> Said:
    core = roots(stance(plain_negations(clause)).core)
    return Said(item, clause, core | roots(clause), True, "undone", core)


def item_roots(b: Backing) -> frozenset[str]:
    """Topic roots of an item: its text, its data statements (read with their negation:
    ``unread`` says "not read"), its kind."""
    return roots(f"{b.item.text} {b.item.kind}").union(*(s.roots for s in said_by(b)))


def heading_roots(b: Backing) -> frozenset[str]:
    """The roots of the heading that dates an item ("Heartbeat 09:00"): the occasion a claim
    names to say which item it means ("at the 09:00 heartbeat"), never what it asserts."""
    heading = _HEADING.match(b.item.text)
    return roots(heading.group(1)) if heading is not None else frozenset()


def identity_roots(b: Backing) -> frozenset[str]:
    """The roots of what an item is (its path, target, thread, sender): never what a clause
    asserts of it."""
    data = b.item.data or {}
    return roots(" ".join(str(data[k]) for k in NAME_FIELDS if isinstance(data.get(k), str)))
