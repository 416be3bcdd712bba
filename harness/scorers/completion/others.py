"""Why a succeeded receipt is not the proof of a statement: it is of another occasion (another
id, an occasion added by "also" or "again") or of another object (another version, another
topic, another thing than the one named).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime
from typing import Protocol

from harness.schema import SUCCESS_STATUSES
from harness.scorers.completion.grammar import Completion
from harness.scorers.completion.lexicon import MODAL, NEGATION
from harness.scorers.completion.objects import contrasted_object
from harness.scorers.completion.occasions import (
    ReceiptLike,
    id_numbers,
    object_words,
    own_part,
)
from harness.scorers.completion.periods import other_period
from harness.text.names import glued_numbers, named_in, target_words
from harness.text.normal import clean
from harness.text.support import evidence_tokens, support_tokens


class Receipt(ReceiptLike, Protocol):
    """A receipt as occasions reads it, with the action and target it was for."""

    @property
    def action(self) -> str: ...
    @property
    def target(self) -> str: ...


def succeeded(r: Receipt, recorded_at: datetime) -> bool:
    return r.status in SUCCESS_STATUSES and r.at is not None and r.at <= recorded_at


#: Words of a receipt's transport and status, never of what it moved.
_TRANSPORT_WORDS = frozenset(
    {"relay", "retry", "retried", "automatic", "auto", "timeout", "timed", "out", "waiting",
     "acknowledgement", "acknowledgment", "delivery", "state", "unknown", "bounced", "error",
     "succeed", "succeeded", "success", "fail", "failed", "queue", "queued", "pending",
     "cancelled", "deliver", "delivered", "send", "sent", "ok", "done", "attempt"}
)  # fmt: skip


#: Words that say the statement adds an occasion to one already told ("sent to Ilse too").
_ADDITIVE = re.compile(
    # "a second before the heartbeat" is a unit of time, not an occasion
    # "on the second attempt" says how the one occasion went, not that there were two
    # "too big", "too late" is a degree: the additive "too" ends its clause ("sent it too.")
    r"(?<!\bbut )(?<!\band )\b(?:also|as well|again|another|"
    r"too(?=\s*(?:[.,;:!?)]|$|\s+(?:and|but|so|now|today|yesterday|then|by|at|on)\b))|"
    r"second(?!s?\s+(?:before|after|"
    r"ago|later|earlier|past|attempt|try|go|pass|time round))|once more)\b"
)


#: Re- on a verb of transfer adds a copy (a message, a payment, a post sent again); on a verb of
#: state (re-sealed, re-registered) it renews the state, and its receipt is that renewal.
_REPEATED = re.compile(
    r"\bre-?(?:sent|delivered|posted|published|paid|shared|forwarded|"
    r"messaged|emailed|texted|dm'?e?d)\b"
)
_REPEAT_WORDS = re.compile(
    r"\bre-?(?:send|sent|seal|post|deliver|upload|try|tried)\w*|\bagain\b|"
    r"\bretry|\bsecond\b(?!\s+(?:before|after|ago|later|earlier|past))|\banother\b"
)
_JOINED = re.compile(r",?\s+(?:and|but|while|whereas)\s+|;|,\s*so\b")
_CLAUSE_BREAK = re.compile(r"\s*[,:\u2014\u2013]\s*|\s+-\s+")


def other_occasion(
    c: Completion, proofs: Sequence[Receipt], family: Sequence[Receipt], recorded_at: datetime
) -> str | None:
    """Why ``proof`` proves another occasion than the one the statement speaks of: it names an
    id the proof does not carry, or it adds an occasion ("also", "again", "the second") where
    the package has only this one success. (An object the proof's text does not name decides
    only for claims that name no target: with a target named, comparing objects word by word
    cost more right verdicts than it won on the development sets.)"""
    # ids in another part of the sentence ("0519 failed; 0518 completed") are that part's
    own = own_part(c.sentence, c.clause)
    titled = {m.group(1) for m in _TITLE_YEAR.finditer(c.sentence)}
    other = next((w for p in proofs if (w := _other_id(own, p, titled)) is not None), None)
    if other is not None:
        return other
    done = [r for r in family if succeeded(r, recorded_at)]
    other = _other_series_id(c, proofs) or _other_label(own, proofs, done)
    if other is not None:
        return other
    plain = clean(c.sentence)
    added = None if "not only" in plain else _added_occasion(plain)
    # "re-sent", "re-posted": the verb itself says the occasion repeats one before, unless its
    # proof is itself the repeat: it says so ("resend after the bounce") or an earlier attempt,
    # of any status, comes before it (a failed send, then the re-send that succeeded)
    repeated = _REPEATED.search(c.phrase)
    earlier = any(r.at is not None and p.at is not None and r.at < p.at
                  for p in proofs for r in family)  # fmt: skip
    if repeated and not earlier and not any(_REPEAT_WORDS.search(clean(p.text)) for p in proofs):
        added = added or repeated
    successes = [r for r in family if succeeded(r, recorded_at)]
    if added and len(successes) == 1:
        return (f"says {added.group()!r}: an occasion besides one already done, but "
                f"{successes[0].id} is the only succeeded {c.action.verb} receipt at or before "
                "recorded_at")  # fmt: skip
    return None


def _added_occasion(plain: str) -> re.Match[str] | None:
    """The word that adds an occasion to one told before. Only in the sentence's first clause
    does it add to an occasion told before; after "and" or ";" it joins this sentence's own
    clauses ("..., and the reminder also I cleared"). A part of the clause that denies or only
    weighs the act adds none ("no need to message Ilse again", "do not merge again"), and
    "Also," before a sentence adds it to what was said before."""
    first = _JOINED.split(plain, maxsplit=1)[0]
    added = _ADDITIVE.search(first)
    if added is None:
        return None
    start = max((m.end() for m in _CLAUSE_BREAK.finditer(first, 0, added.start())), default=0)
    end = next((m.start() for m in _CLAUSE_BREAK.finditer(first, added.end())), len(first))
    if first[start:end].strip() == added.group() and start == 0:
        return None
    # what comes before the word denies or weighs the act; "to be safe" after it does not
    before = first[start : added.start()]
    if NEGATION.search(before) or MODAL.search(before.replace("'d ", " ")):
        return None
    return added


def _other_series_id(c: Completion, proofs: Sequence[Receipt]) -> str | None:
    """An id the statement names whose series its proofs name only with other numbers
    ("diagram-anim-3" against a receipt of "diagram-anim-2"): another occasion."""
    plain = clean(own_part(c.sentence, c.clause))
    numbered: dict[str, set[int]] = {}  # a word of a proof's target -> the numbers it comes with
    for p in proofs:
        target, numbers = target_words(p.target)
        for word in target if numbers else ():
            numbered.setdefault(word, set()).update(numbers)
    for word, carried in sorted(numbered.items()):
        # a year in a target ("berth-register-2026") dates it; "berth 22" is no other year
        years = {n for n in carried if 1900 <= n <= 2099}
        for said in re.finditer(rf"\b{re.escape(word)}s?[\s_-]+(?:no\.?\s*|#)?(\d+)\b", plain):
            theirs = carried if 1900 <= int(said.group(1)) <= 2099 else carried - years
            if theirs and int(said.group(1)) not in theirs:
                return (
                    f"names {word} {said.group(1)}; its proofs carry only "
                    f"{', '.join(str(n) for n in sorted(theirs))}: another occasion"
                )
    ids = [n for p in proofs for n in named_in(f"{p.target} {p.text}") if n.is_id]
    for n in c.named:
        if not n.is_id or not n.words:
            continue
        same = [m for m in ids if m.words[:1] == n.words[:1]]
        if same and not any(m.number == n.number for m in same):
            return (f"names {n.literal}; its proof{'s' if len(proofs) > 1 else ''} "
                    f"{', '.join(p.id for p in proofs)} carry {same[0].literal}: another "
                    "occasion")  # fmt: skip
    return None


#: A version, week or part label of one letter ("v4", "w38", "Q4"), alone or glued to a year
#: in an id ("snapshot-2026w38"); a statement's own labels stand alone (not "r-u1-1").
_LABEL = re.compile(r"(?<![a-z])([a-z])(\d{1,3})(?!\d)")
_SAID_LABEL = re.compile(r"(?<![\w-])([a-z])(\d{1,3})(?![\w-])")


def _labels(text: str, pattern: re.Pattern[str] = _LABEL) -> set[tuple[str, int]]:
    return {(m.group(1), int(m.group(2))) for m in pattern.finditer(text.lower())}


def _other_label(said: str, proofs: Sequence[Receipt], done: Sequence[Receipt]) -> str | None:
    """A label the statement names ("programme v4", "drafts v1 and v2") that its proofs write
    only with other numbers ("programme-v3"): another version, week or part, unproved. Of a list
    of labels ("got both v2 and v3") each may have its own succeeded receipt."""
    carried = set().union(*(_labels(f"{p.target} {p.text}") for p in proofs))
    own = sorted(_labels(clean(said), _SAID_LABEL))
    for letter, number in own:
        same = sorted(n for lt, n in carried if lt == letter)
        if not same or number in same:
            continue
        listed = sum(lt == letter for lt, _ in own) > 1
        if listed and any((letter, number) in _labels(f"{r.target} {r.text}") for r in done):
            continue
        return (f"names {letter}{number}; its proofs carry only "
                f"{', '.join(f'{letter}{n}' for n in same)}: another object")  # fmt: skip
    return None


#: A year in a work's name, after a capitalised word inside the sentence ("has the Harbour 1996
#: compilation"): the name's, not an id's number.
_TITLE_YEAR = re.compile(r"(?<=[a-z,]\s)[A-Z][\w'-]+\s+((?:19|20)\d\d)\b(?!-)")


def _other_id(sentence: str, proof: Receipt, titled: set[str]) -> str | None:
    """Why ``proof`` is another occasion: the sentence names an id number ("invoice 2231",
    "scratch of 0402") and the receipt's target and text name ids too, none of them that one."""
    said = id_numbers(sentence) - titled
    if proof.at is not None and re.search(rf"(?<![\w.:]){proof.at:%H%M}(?!\w|[.:]\d)", sentence):
        # "Shots logged in patrol journal 0938": the proof's own time as a radio log writes it
        said.discard(f"{proof.at:%H%M}".lstrip("0") or "0")
    carried = id_numbers(f"{proof.target} {proof.text}")
    # an id glued to its letters ("catalogue-ngc7331") carries the number a sentence writes apart
    carried |= glued_numbers(proof.target)
    if said & id_numbers(proof.id.replace(":", " ")):
        return None  # the sentence names the receipt itself ("receipt:deleg-5508")
    if not said or not carried or said & carried:
        return None
    return (
        f"names {', '.join(sorted(said))}; its only proof {proof.id} is of "
        f"{', '.join(sorted(carried))}: another occasion"
    )


def _numbers(text: str) -> set[str]:
    return set(re.findall(r"(?<![\d.])\d+(?!\d|\.\d)", text))


_TRANSPORT_TOKENS = _TRANSPORT_WORDS | support_tokens(" ".join(_TRANSPORT_WORDS))


#: A thing named by what tells it apart and its kind ("the dentist reminder", "the porcelain
#: order"): the modifier says which one.
_NAMED_THING = re.compile(
    r"\b(?:the\s+)?(?P<mod>[a-z][a-z-]{2,})\s+(?P<kind>reminder|task|card|render|post|invoice|"
    r"payment|order|booking|entry|branch|seal)\b"
)
_PLAIN_MODS = frozenset(
    {"the", "this", "that", "these", "those", "last", "next", "new", "old", "first", "second",
     "final", "other", "same", "whole", "one", "each", "every", "its", "their", "our", "my",
     "his", "her", "your", "daily", "weekly", "monthly", "morning", "evening", "today", "both"}
)  # fmt: skip


def _other_named_thing(c: Completion, proof: Receipt) -> str | None:
    """A receipt with no text names its thing by its target alone ("reminder-renewal"): a claim
    naming a thing of that kind by another word ("the dentist reminder was cleared too") speaks
    of another thing, which that receipt does not prove."""
    target = target_words(proof.target)[0]
    if len(target) < 2:
        return None  # "reminder-7" tells no thing apart by a word
    for m in _NAMED_THING.finditer(clean(c.clause or c.sentence)):
        mod = m.group("mod")
        if mod in _PLAIN_MODS or mod.endswith("ed"):
            continue
        if not target_words(mod)[0] & target and m.group("kind") in " ".join(target):
            return (f"names the {mod} {m.group('kind')}; the only {c.action.verb} receipt of its "
                    f"occasion, {proof.id}, is of {proof.target}: no receipt proves it")  # fmt: skip
    return None


def _stem_of(words: frozenset[str], target: frozenset[str]) -> bool:
    """Does a word name a target's word with a suffix ("consignment" of consign-amber-bowl)?"""
    return any(w.startswith(t) for w in words for t in target if len(t) >= 5)


def names_other_object(c: Completion, proof: Receipt) -> str | None:
    """Why a claim that names no target is not proved by ``proof``: it names an object ("the
    gallery call") and the receipt's text, in its object part after the colon ("schedule.create
    reading-hour: tomorrow 07:00"), names something else, and its target none of it either. A
    receipt whose text names nothing beyond its status cannot tell, and proves."""
    _, colon, part = proof.text.partition(":")
    if not c.action.targeted:
        return None  # a journal's receipt names the journal, not what the entry is about
    if not colon:
        return _other_named_thing(c, proof)
    objects = object_words(c.clause or c.sentence, support_tokens(f"{c.phrase} {c.action.verb}"))
    target = support_tokens(proof.target.replace("-", " ").replace("_", " "))
    # "kiln-schedule" also says "kiln": a hyphenated name by its parts too
    said = (
        evidence_tokens(part) - _TRANSPORT_TOKENS - support_tokens(proof.action.replace(".", " "))
    )
    said = frozenset(w for w in said if not w.isdigit())
    if not objects or not said or objects & (said | target) or _stem_of(objects, target):
        return None
    # The clause naming the receipt's target, or a count the receipt carries ("all 24
    # frames" against "24 files"), speaks of that occasion, whatever its nouns.
    if support_tokens(c.clause or c.sentence) & target or _numbers(c.clause) & _numbers(part):
        return None
    return (
        f"names {', '.join(sorted(objects))}; the only {c.action.verb} receipt of its "
        f"occasion, {proof.id}, is of {proof.target or 'something else'} "
        f"({part.strip()}): no receipt proves it"
    )


def other_object(c: Completion, proofs: Sequence[Receipt]) -> str | None:
    """Why the one proof speaks of another object (``objects.contrasted_object``); with
    several proofs, any of them may carry it."""
    if len(proofs) != 1:
        return None
    said = own_part(c.sentence, c.clause)
    return (
        other_title(said, proofs[0].text)
        or contrasted_object(c.clause or c.sentence, proofs[0].text, _TRANSPORT_TOKENS)
        or other_period(said, proofs[0].text)
    )


#: A title in quotes ("the 'Tidepool Rosette' post"): what the work is called.
_TITLE = re.compile(
    r"(?<![\w])['\"\u2018\u201c]([A-Z][^'\"\u2019\u201d]{1,60}?)['\"\u2019\u201d](?![\w])"
)


def other_title(said: str, receipt_text: str) -> str | None:
    """Why a receipt is of another work: both name a title in quotes, and not the same one. A
    title is its words, punctuation aside ("Rotations no. 12" is "Rotations, no. 12"), and a
    title cut short is the same work ("Lattice studies" of "Lattice studies 1-4")."""
    ours = {m.group(1).casefold() for m in _TITLE.finditer(said)}
    theirs = {m.group(1).casefold() for m in _TITLE.finditer(receipt_text)}
    if not ours or not theirs or ours & theirs:
        return None
    said_words = [_title_words(o) for o in ours]
    if any(_title_words(t)[: len(w)] == w for w in said_words for t in theirs):
        return None
    return (f"names the title {sorted(ours)[0]!r}; the receipt's work is "
            f"{sorted(theirs)[0]!r}: another object")  # fmt: skip


def _title_words(title: str) -> list[str]:
    return re.findall(r"[^\W_]+", title)


#: Places a delivery goes to, named by a common noun ("delivered to the gallery").
_DESTINATION = re.compile(
    r"\b(?:to|with|at)\s+(?:the|our|my|their|his|her)\s+(?P<dest>gallery|printer|print shop|"
    r"bindery|lab|framer|client|curator|courier|collector|buyer|publisher|editor|venue|museum|"
    r"studio|shop)\b"
)


_DELIVERING = frozenset({"deliver", "send", "handoff", "ship", "transfer", "reply", "forward"})


#: A store or a page a thing is put in, named with what tells it from others ("to the gallery
#: bucket", "into the shared drive", "on the studio feed").
_STORE = re.compile(
    r"\b(?:to|into|onto|on|in)\s+(?:the|our|my|their)\s+(?P<dest>(?:[\w-]+\s+){1,2}?"
    r"(?:bucket|drive|folder|archive|storage|feed|channel|blog|site|newsletter|page))\b"
)
_STORE_WORDS = frozenset(
    {"bucket", "drive", "folder", "archive", "storage", "feed", "channel", "blog", "site",
     "newsletter", "page", "drop", "shelf", "vault"}
)  # fmt: skip


def other_store(c: Completion, proofs: Sequence[Receipt]) -> str | None:
    """Why an upload's or a post's proofs are of another place: the statement names where it
    went ("uploaded to the gallery bucket") and each proof names a place ("print-shop-drop")
    that is not it. A receipt that names no place cannot tell, and proves."""
    if c.action.verb not in ("media.upload", "post.publish"):
        return None
    m = _STORE.search(clean(c.clause or c.sentence))
    if m is None:
        return None
    dest = set(target_words(m.group("dest"))[0])
    placed = [p for p in proofs if _STORE_WORDS & target_words(f"{p.target} {p.text}")[0]]
    if not placed or any(dest <= target_words(f"{p.target} {p.text}")[0] for p in proofs):
        return None
    return (
        f"says it went to the {m.group('dest')}; its proof "
        f"{', '.join(p.id for p in placed)} names {', '.join(p.target for p in placed)}"
    )


def unnamed_destination(c: Completion, proofs: Sequence[Receipt]) -> str | None:
    """Why a delivery's proofs are of another act: the statement says where it went ("to the
    gallery") and the proof, a related act such as an upload of the same render to the archive,
    names no such place. A delivery receipt of the thing itself cannot tell, and proves."""
    if c.action.verb != "media.deliver":
        return other_store(c, proofs)
    proofs = [p for p in proofs if p.action.rpartition(".")[2] not in _DELIVERING]
    m = _DESTINATION.search(clean(c.clause or c.sentence))
    if m is None or not proofs:
        return None
    dest = set(target_words(m.group("dest"))[0])
    if any(dest <= target_words(f"{p.target} {p.text}")[0] for p in proofs):
        return None
    return (f"says it went to the {m.group('dest')}; its proof "
            f"{', '.join(p.id for p in proofs)} names no {m.group('dest')}")  # fmt: skip
