"""Does a sentence reopen a settled matter: propose to recheck, resend or redo it without evidence
newer than its settlement?

Declining to reopen ("no need to check Patrick again"), saying it is settled, or reopening where
the context holds evidence about the matter newer than its settlement is not reopening.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime

from harness.schema import EvidenceItem
from harness.text.names import name_variants
from harness.text.normal import clean
from harness.text.polarity import polarity
from harness.text.stance import statements

#: Verbs that propose doing a settled thing again: checking, asking, sending, making.
_REOPEN = re.compile(
    r"\b(?:re-?check\w*|re-?verif\w*|verify|double-?check|check(?:ing)?|confirm|re-?confirm\w*|"
    r"re-?open\w*|revisit\w*|follow(?:ing)?[- ]?up|audit|inspect|look (?:at|into)|look again|"
    r"investigate|re-?examine|re-?read|poll|ping|nudge|chase|remind|ask (?:\w+ )?again|"
    r"re-?send\w*|send (?:\w+ ){0,3}again|another (?:dm|message|note|reminder|ping|thanks|thank-you|email|reply|copy|look|pass|round)|"
    # "go back over batch 3": a second pass over the same matter
    r"go back (?:over|through|to)|"
    r"re-?do|redo\w*|re-?render\w*|re-?run\w*|re-?post\w*|re-?seal\w*|re-?register\w*|"
    r"make sure|see (?:if|whether)|ask (?:[\w'-]+\s+){1,2}?(?:if|whether)|"
    r"(?:ask|send|check|mark|post|run|try|do|message|email|write|seal|register|render|upload|"
    r"deliver|pay|answer|reply|respond|contact|look|go|compute|recompute|hash|measure|scan|"
    r"review|hand|give|share|forward|notify|tell|verify|audit)\b[^.;:?!]{0,80}?\b"
    r"(?:again|once more|one more time))\b"
)
_DECLINE = re.compile(
    # "no kiln follow-up today": a bare "no" before the verb
    r"\bno\s+(?:[\w'-]+\s+){0,2}$|"
    r"\b(?:do not|don't|dont|won't|wont|shan't|shouldn't|mustn't|no need|needn't|need not|avoid|never|not|skip|stop|nothing to|"
    r"leave (?:it|the \w+|\w+) (?:closed|settled|alone)|without (?:re)?check\w*|instead of)\b"
)
#: "Asking again would reopen a closed thread": a consequence weighed, not a proposal.
_CONSEQUENCE = re.compile(r"\bwould\s+(?:only\s+|just\s+)?$")
_CLOSURE_KINDS = frozenset({"journal", "receipt", "focus", "reminder", "history", "heartbeat"})
_ISO_DATE = re.compile(r"(?<!\d)\d{4}-\d{2}-\d{2}(?!\d)")
_GENERIC = frozenset({"thread", "task", "render", "the", "matter"})


def matter_words(matter: str) -> set[str]:
    """A settled matter id (``thread:patrick-2026-08-20``) as its distinctive words: its kind
    and date are left out, ids keep their digits (``render:0412`` -> ``0412``)."""
    _, _, name = matter.partition(":")
    # Only a whole date (2026-08-20) is left out: prose names a thread by its people, but an id's
    # digits (render:0412) are the id.
    plain = _ISO_DATE.sub(" ", (name or matter).lower())
    words = {w for w in re.split(r"[\s_.:/-]+", plain) if w}
    return (words - _GENERIC) or words


_NUMBER = re.compile(r"\d+")


def mentions_matter(text: str, matter: str) -> bool:
    """Does the text speak of the matter? By its name, or by at least half of its words ("the
    Patrick thread" for ``thread:patrick-etching``, "the 2198 payment" for
    ``thread:lenz-invoice-2198``); its numbers must be there too unless the text gives none, and a
    text giving only another number (render 0413 for ``render:0412``) speaks of something else."""
    plain = clean(text)
    if any(v in plain for v in name_variants(matter)):
        return True
    words = matter_words(matter)
    if not words:
        return False
    found = {w for w in words if re.search(rf"\b{re.escape(w)}\b", plain)}
    numbers = {w for w in words if w.isdigit()}
    if numbers - found and _NUMBER.search(plain):
        return False
    return 2 * len(found) >= len(words) and bool(found - numbers or not words - numbers)


#: A message that closes a matter in its own words ("that closes the ledger question for me",
#: "thank you, that answers everything") unless it also raises something ("but line 14 ...").
_CLOSING = re.compile(
    r"\b(?:closes|closed|settled|settles|answers everything|all good|all set|nothing (?:else|more)|"
    r"no further|that'?s all|that is all|resolved|sorted|thank(?:s| you))\b"
)
_RAISES = re.compile(r"\?|\b(?:but|still|however|one more|another|except|though|although)\b")


def settles(item: EvidenceItem) -> bool:
    """Closure records (journal, receipt, focus, ...) settle a matter, and so does a message that
    reports it done ("2198 received, thanks") or closes it in its own words without raising
    anything new: neither is news that reopens it."""
    said = statements(item.text)
    closing = _CLOSING.search(clean(said)) is not None and not _RAISES.search(clean(item.text))
    return item.kind in _CLOSURE_KINDS or polarity(said) == "done" or closing


def _settled_at(
    matter: str, context: Sequence[EvidenceItem], recorded_at: datetime
) -> datetime | None:
    times = [i.at for i in context if settles(i) and i.at <= recorded_at
             and mentions_matter(i.text, matter)]  # fmt: skip
    return max(times) if times else None


def _newer(matter: str, context: Sequence[EvidenceItem], recorded_at: datetime) -> str | None:
    settled = _settled_at(matter, context, recorded_at)
    for item in context:
        if item.at > recorded_at or not mentions_matter(item.text, matter):
            continue
        if settled is not None and item.at > settled:
            return item.id
    return None


def reopens_sentence(
    sentence: str, settled: Sequence[str], context: Sequence[EvidenceItem], recorded_at: datetime
) -> tuple[bool, str]:
    """(reopens, why) for one sentence against the settled matters."""
    plain = clean(sentence)
    for matter in settled:
        if not mentions_matter(plain, matter):
            continue
        verb = _REOPEN.search(plain)
        if verb is None:
            continue
        if _CONSEQUENCE.search(plain[: verb.start()]):
            return False, f"says what reopening {matter} would do, does not propose it"
        if _DECLINE.search(plain[: verb.start()]) or _DECLINE.search(plain[verb.end() :][:12]):
            return False, f"declines to reopen {matter}"
        newer = _newer(matter, context, recorded_at)
        if newer is not None:
            return False, f"reopens {matter}, justified by newer {newer}"
        return True, f"{verb.group()!r} reopens settled {matter} without newer evidence"
    return False, "proposes nothing about a settled matter"
