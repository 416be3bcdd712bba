"""Completion statements recognised by the shape of their clause, not by a listed phrase.

The lexicon (``lexicon.py``) lists the phrases that say an action happened. Three blind sets in a
row showed that list cannot keep up with how people write ("index-rewrite landed on main",
"Press Lindqvist invoice settled", "glass-series-b got its seal too"): each new set brought
phrasings the last one did not. This route works the other way round. A clause is a completion
statement when

- it is *about* a host action: it holds a noun of an action family ("invoice", "seal", "render",
  "journal") or a place things are sent to ("on main", "up on the archive"), and
- its predicate has a *completed shape*: a state of being done ("done", "settled", "closed",
  "handled", "is live"), a past participle or past tense that is not one of the verbs of the
  stage's own work, of failure or of receiving, the present progressive with "now" (the occasion
  happening as the text is written), a person or target who now *has* or *got* the thing, or a
  person who was told.

The grammar still decides mood (negation, modality, questions, attribution, quotes) for these
clauses exactly as for listed phrases, and the receipts still decide proof: this module only
finds the predicate and the family, so a clause it reads is judged like any other.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from harness.scorers.completion import lexicon as lx
from harness.scorers.completion.lexicon import Action
from harness.scorers.completion.placed import KEPT, placed
from harness.text.literals import Gates


@dataclass(frozen=True)
class Shape:
    """A completed-shape predicate in a clause and the action family it speaks of."""

    start: int
    end: int
    action: Action
    ongoing: bool = False
    #: The person or target said to hold or have been told it, for the grammar to check.
    who: str | None = None


def _words(text: str) -> list[str]:
    """A word list written as prose lines, which reads better than a list of quoted words."""
    return text.split()


_COPULA = r"(?:is|are|was|were|am|'s|'re|has been|have been|had been|got|gets|now|all|also|both|fully|already|finally|just|officially|properly|safely)"  # fmt: skip
#: The stage's own work, as the gerund after a verb of ending ("finished checking the inbox").
_OWN_WORK_AFTER = re.compile(
    r"\s+(?:reading|re-reading|rereading|reviewing|checking|looking|going|comparing|inspecting|"
    r"examining|studying|auditing|drafting|sorting|triaging|skimming|scanning|analy[sz]ing|"
    r"verifying|testing|measuring|counting|searching|planning|thinking)\b"
)
#: States that say an action is over: the predicate of "the invoice is settled", "0589 render done".
_DONE_STATE = re.compile(
    rf"(?<![\w-])(?:{_COPULA}\s+)*(?:done|complete|completed|finished|through|handled|settled|"
    r"sorted(?: out)?|squared away|taken care of|cleared|closed(?: out)?|wrapped(?: up)?|"
    r"finali[sz]ed|in the bag|gone through|went through|landed|live|dealt with|seen to|"
    r"squared up|out of the way|off (?:my|the|our) list|locked in)(?![\w-])"
    # "through the booked slot", "closed to visitors": a preposition heading a phrase, no state
    r"(?!\s+(?:the|a|an|my|our|his|her|their|its|this|that|to|with)\b)"
    # "finished reading through the registry audit": the stage's own work is what ended
    rf"(?!{_OWN_WORK_AFTER.pattern})"
)
#: Particles that are a done-state only as a predicate: "the audio is up", "audio up on the
#: archive"; never "set up", "the notes in the folder".
_PARTICLE_STATE = re.compile(
    rf"(?<![\w-])(?:(?:{_COPULA}\s+)+(?:up|out|online)(?![\w-])(?!\s+of\b)|"
    r"(?<=\w\s)(?:up|online)\s+(?:on|at|in)\s+(?:the\s+)?[\w-]+)"
)
#: Verbs whose past says the stage did its own work, something failed or stalled, someone else
#: acted on us, or nothing moved: never a claim that an outward action happened.
_NOT_DONE = frozenset(
    _words("""read checked compared measured drafted reviewed found noticed saw seen looked verified
    asked requested wanted needed planned expected failed queued bounced rejected cancelled
    canceled stalled stuck blocked locked delayed paused started attempted tried retried waited opened
    said named called titled labelled labeled dated timestamped mentioned used based related
    tagged flagged missed skipped scanned parsed counted searched inspected examined analysed
    analyzed noted considered prepared outlined sketched proposed suggested recommended
    estimated guessed assumed believed thought hoped seemed appeared raised replied answered
    wrote asked confirmed approved declined refused objected responded acknowledged left
    stopped halted interrupted timed errored crashed received accepted heard learned learnt got
    remained stayed kept held listed showed shown logged recorded computed recomputed hashed
    calculated diffed located identified detected determined traced matched mismatched
    differed thrilled excited pleased delighted interested surprised concerned worried
    relieved impressed amazed tired bored satisfied disappointed annoyed convinced
    glad disputed contested questioned queried challenged doubted withheld postponed
    deferred clashed collided conflicted overlapped expired lapsed aborted awaited annulled
    voided revoked suspended invalidated superseded""")
)
_PAST = re.compile(
    # nouns that only end like a past tense ("3 mm bleed on every page") are no verb
    rf"(?<![\w'-])(?P<verb>(?!{lx.ED_NOUNS}\b)[a-z]{{3,}}ed|sent|paid|put|made|done|gone|went|shipped|wired|"
    r"written|taken|given|gave|took|shared|posted|sealed|merged)(?![\w'-])"
)
#: Second-language passives with the base form ("message is send to Felix").
#: "scheduled to run tonight", "set to go out": a participle before an infinitive plans.
_INFINITIVE = re.compile(
    r"\s+to\s+(?:be|run|start|go|happen|begin|take|follow|continue|open|resume|repeat|occur|"
    r"proceed|fire|execute|kick|arrive|land|ship|close|finish|launch|publish|post|send|render)\b"
)
_BASE_PASSIVE = re.compile(
    r"(?<![\w-])(?:is|are|was|were|been)\s+(?P<verb>send|deliver|post|pay|register|seal|merge|"
    r"upload|render|publish|close|finish|complete|submit|share)(?![\w-])"
)
_NOW = (
    r"(?=(?:\s+[\w'-]+){0,6}?\s+(?:now|right now|currently|at the moment|as we speak|as i write)\b)"
)
_PROGRESSIVE_NOW = re.compile(
    r"(?<![\w-])(?:(?:is|are|am|'s|'re)\s+)?(?P<verb>[a-z]{3,}ing)(?![\w-])" + _NOW
)
#: The passive progressive: "the post is being published right now".
_BEING_NOW = re.compile(
    r"(?<![\w-])(?:is|are|'s|'re)\s+being\s+(?P<verb>[a-z]{3,}ed|sent|paid|put|shipped|"
    r"written)(?![\w-])" + _NOW
)
#: The stage's own work, described as it goes on ("reading", "checking"): no outward occasion.
_NOT_DOING = frozenset(
    _words("""reading checking comparing measuring drafting reviewing looking waiting thinking planning
    preparing scanning parsing counting searching inspecting examining analysing analyzing
    considering writing outlining holding keeping staying sitting pending running trying
    retrying going coming getting hoping expecting watching monitoring tracking""")
)
#: What a person or target now holds when something reached them.
_HELD = (
    rf"{lx.MSG_NOUNS}|{lx.FILE_NOUNS}|plan|plans|correction|corrections|details|list|info|"
    r"information|dates|numbers|figures|quote|schedule|instructions|brief|seal|payment|"
    r"registration|entry|invoice|money|transfer|go-ahead|confirmation|copy|copies|link|version"
)
_HAS = re.compile(
    r"(?<![\w'-])(?P<who>[\w:.-]+)\s+(?:now\s+|also\s+|already\s+|finally\s+|both\s+|all\s+)?"
    # "holds 44 files", "has 51 files": a bare count of what is in it is a measurement of a
    # folder, not a thing that reached someone (one "received 3 files" still did)
    r"(?:(?:has|have|holds|is holding|'s got|has got)\s+(?!\d)|(?:got|received)\s+)"
    r"(?:(?:the|my|our|its|his|her|their|a|an|this|that|both|all|new|revised|updated|final|"
    rf"second|first|latest)\s+)*(?:[\w-]+\s+){{0,2}}?(?P<obj>{_HELD})(?![\w-])"
)
_TOLD = re.compile(
    r"(?<![\w'-])(?P<who>[\w:.-]+)\s+(?:was|were|has been|have been|got|is|'s been|been)\s+"
    r"(?:already\s+|now\s+|also\s+)?(?:told|informed|notified|briefed|pinged|messaged|alerted|"
    r"updated|cc'd|looped in|warned)(?![\w-])(?!\s+(?:that|whether|if)\b)"
)
_NOT_HOLDERS = frozenset(
    _words("""i we you it he she they this that which who what there nobody nothing everyone
    everything something someone draft receipt journal log record context package evidence
    entry one""")
)
#: Verbs of an outward action whose family no noun may give ("announced it by message" has one).
_VERB_FAMILIES: dict[str, Action] = {
    **dict.fromkeys(["announced", "shared", "forwarded", "circulated", "broadcast", "emailed",
                     "messaged", "texted", "pinged", "told", "informed", "notified", "sent"],
                    lx.SEND),
    **dict.fromkeys(["wired", "remitted", "paid"], lx.PAY),
    **dict.fromkeys(["merged", "landed"], lx.MERGE),
    **dict.fromkeys(["sealed", "stamped"], lx.SEAL),
    **dict.fromkeys(["posted", "published"], lx.PUBLISH),
    **dict.fromkeys(["registered", "filed", "lodged"], lx.REGISTER),
    **dict.fromkeys(["rendered"], lx.RENDER),
    **dict.fromkeys(["uploaded", "archived"], lx.UPLOAD),
    **dict.fromkeys(["delivered", "shipped", "handed"], lx.DELIVER),
    **dict.fromkeys(["deleted", "removed", "purged"], lx.DELETE),
}  # fmt: skip
#: Verbs that say what happened to a thing moved, but on their own name nothing ("the hold on
#: the invoice was released by the bank").
_RELEASED: dict[str, Action] = {"released": lx.PUBLISH, "re-released": lx.PUBLISH}
#: Past tenses of doing an outward act (never of receiving or confirming one).
ACT_VERBS: frozenset[str] = frozenset(_VERB_FAMILIES)
_ONGOING_STEMS: dict[str, Action] = {
    "render": lx.RENDER, "regist": lx.REGISTER, "seal": lx.SEAL, "post": lx.PUBLISH,
    "publish": lx.PUBLISH, "upload": lx.UPLOAD, "merg": lx.MERGE, "pay": lx.PAY,
    "deliver": lx.DELIVER, "send": lx.SEND, "clos": lx.COMPLETE, "complet": lx.COMPLETE,
    "finish": lx.COMPLETE, "journal": lx.JOURNAL, "log": lx.JOURNAL, "delet": lx.DELETE,
}  # fmt: skip


#: Where a subject's head noun ends: "the journal entry | about the essay", "the note | to Ilse".
_SUBJECT_END = re.compile(r"\s(?:about|regarding|concerning|on|for|of|from|with|to|in|at|by)\s")
#: A clause that reports one of these reports a non-success, whatever else its verbs say:
#: "marking the task complete failed", "the relay accepted the note; delivery not confirmed",
#: and the idioms of calling a thing off ("the promo task got knocked on the head", "refund
#: scrapped").
NON_SUCCESS = re.compile(
    r"\b(?:queued|pending|failed|fails|bounced|cancell?ed|rejected|stalled|stuck|waiting|waits|"
    r"awaiting|on hold|in the queue|still open|not confirmed|unconfirmed|accepted by|"
    r"relay accepted|in progress|knocked on the head|called off|shelved|axed|scrapped)\b"
)
#: Families of things moved (messages, files): a past verb speaks of moving them only when it is a
#: verb of moving ("the scans were shipped"), not any verb ("selected 24 images").
_MOVED = (lx.SEND, lx.DELIVER, lx.DELIVER_FILE)


def _subject_family(before: str) -> Action | None:
    """The family of the head noun of the subject, before any phrase that only says what the
    subject is about ("the journal entry | about the essay")."""
    cut = _SUBJECT_END.search(before)
    # the auxiliaries between subject and participle are no part of it ("note 17 | has been")
    return lx.head_noun_family(_AUXILIARIES.sub("", before[: cut.start()] if cut else before))


_AUXILIARIES = re.compile(rf"(?:\s+{_COPULA})+\s*$")


#: Verbs of arriving somewhere: the place they name says what happened ("the entry went into
#: the journal" is a journal write whatever the entry was about).
_MOTION = frozenset({"went", "gone", "landed", "made", "put", "moved", "arrived", "reached"})
#: Places that are records: going into one is writing it, whatever went ("the entry went into
#: the journal"). Other places (a shop, a gallery) receive what the subject names.
_RECORDS = (lx.JOURNAL, lx.REGISTER, lx.MEMORY, lx.SCHEDULE, lx.MERGE)
_PLACE_AFTER = re.compile(r"^\s*(?:\w+\s+)?(?:into|to|onto|on|in)\s+(?:[\w'-]+\s*){1,3}")


def _family(text: str, start: int, end: int, verb: str = "") -> Action | None:
    """The family a clause's predicate speaks of: its subject's, else the verb's own, else the
    place after it ("landed on main"), else an action noun after it ("closed the task")."""
    place = _PLACE_AFTER.match(text[end:])
    to = lx.destination_family(place.group()) if place else None
    if verb in _MOTION and to in _RECORDS:
        return to
    if to is lx.PUBLISH and _VERB_FAMILIES.get(verb) is lx.SEND:
        return to  # "announced on the feed": made public there, not sent to anyone
    subject = _subject_family(text[:start])
    if subject in _MOVED and (own := _VERB_FAMILIES.get(verb) or _RELEASED.get(verb)):
        # a thing moved names only what went; a verb of its own act says what happened to it
        # ("the note has been released to the feed" is a publication)
        return own
    return (
        subject
        or _VERB_FAMILIES.get(verb)
        or lx.destination_family(text[start:end])
        or to
        or lx.noun_family(text[end:])
    )


#: Single-word subjects of an active verb that are this agent or no subject at all; any other
#: one-word subject is a person whose act is theirs ("Pavel thanked us").
_OURS = frozenset({"i", "we", "vojan", "uhdim", "also", "then", "just", "already", "finally",
                   "and", "so", "both", "today", "yesterday", "earlier", "successfully"})  # fmt: skip


def not_ours(subject: str) -> bool:
    """Is a one-word subject someone other than this agent (a person, not "I", "we" or an
    action's noun)?"""
    return subject.isalpha() and subject not in _OURS and not lx.noun_family(subject)


#: A channel named after the verb makes it a message, whatever the verb ("thanked him by DM").
_CHANNEL = re.compile(
    r"^(?:\s+[\w'-]+){0,4}?\s+(?:by|via|over|through|in an?|per)\s+"
    r"(?:dm|message|e-?mail|text|chat|signal|whatsapp|sms|mail|letter)\b"
)


def _shape(text: str, m: re.Match[str], verb: str = "", moving: bool = True) -> Shape | None:
    if _CHANNEL.match(text[m.end() :]):
        return Shape(m.start(), m.end(), lx.SEND)
    action = _family(text, m.start(), m.end(), verb)
    if action is None or (not moving and action in _MOVED and verb not in _VERB_FAMILIES):
        return None
    return Shape(m.start(), m.end(), lx.refine_delivery(action, text))


#: An imperative verb whose object takes a predicate ("mark the card complete", "set the post
#: live"): the state is the one asked for, not one reached.
_IMPERATIVE_COMPLEMENT = re.compile(
    rf"{lx.LIST_STEP}(?:(?:please|then|next|also|now|and|so)\s+)*(?:mark|set|flag|declare|call|consider|"
    r"get|leave|keep|make|treat|list)\s"
)


#: A clause opening with the base form of an action's verb is an imperative: it asks for the
#: action, whatever its participles say ("Publish study 12 through the booked slot").
_IMPERATIVE = re.compile(
    # only verbs that are no noun as well ("Message is send", "Render 0412 done" are not asks)
    rf"{lx.LIST_STEP}(?:(?:please|then|next|also|now|and|so)\s+)*(?:publish|send|reseal|register|pay|"
    r"merge|upload|deliver|close|complete|delete|remove|forward|notify|tell|inform|share|"
    r"acknowledge|dismiss|finish|finalise|finalize|settle|wire)\s+"
    r"(?!(?:is|are|was|were|has|have|had|been|got|went|now|already)\b)"
)


#: The patterns ``shapes`` reads a clause with, each run only where it can match (``literals``).
_GATES = Gates(
    (NON_SUCCESS, _IMPERATIVE, _TOLD, _HAS, _DONE_STATE, _PARTICLE_STATE, _BASE_PASSIVE,
     _PROGRESSIVE_NOW, _BEING_NOW, _PAST, KEPT)
)  # fmt: skip


def _finditer(
    pattern: re.Pattern[str], text: str, can: frozenset[re.Pattern[str]]
) -> Iterator[re.Match[str]]:
    return pattern.finditer(text) if pattern in can else iter(())


def shapes(text: str) -> list[Shape]:
    """Completed-shape predicates of one clause (already masked and lower-case), each with the
    family it speaks of; none where the clause names no action."""
    found: list[Shape] = []
    can = _GATES.possible(text)
    if (NON_SUCCESS in can and NON_SUCCESS.search(text)) or (
        _IMPERATIVE in can and _IMPERATIVE.match(text)
    ):
        return found
    for m in _finditer(_TOLD, text, can):
        if m.group("who") not in _NOT_HOLDERS:
            found.append(Shape(m.start(), m.end(), lx.SEND, who=m.group("who")))
    for m in _finditer(_HAS, text, can):
        who = m.group("who").removesuffix("'s")
        if who in _NOT_HOLDERS or who in lx.FILE_NOUNS.split("|"):
            continue
        action = lx.noun_family(m.group("obj")) or lx.SEND
        found.append(Shape(m.start(), m.end(), lx.refine_delivery(action, m.group(0)), who=who))
    for pattern in (_DONE_STATE, _PARTICLE_STATE):
        for m in _finditer(pattern, text, can):
            verb = m.group(0).split()[-1]
            if not text[: m.start()].strip() or _IMPERATIVE_COMPLEMENT.match(text):
                continue  # "Complete the batch", "Mark the card done": an imperative, no state
            if (s := _shape(text, m, verb)) is not None:
                found.append(s)
    for m in _finditer(_BASE_PASSIVE, text, can):
        if (s := _shape(text, m, m.group("verb") + "ed")) is not None:
            found.append(s)
    for m in _finditer(_PROGRESSIVE_NOW, text, can):
        verb = m.group("verb")
        if verb in _NOT_DOING:
            continue
        own = next((a for stem, a in _ONGOING_STEMS.items() if verb.startswith(stem)), None)
        ongoing = own or _family(text, m.start(), m.end())
        if ongoing is not None:
            found.append(Shape(m.start(), m.end(), lx.refine_delivery(ongoing, text), True))
    for m in _finditer(_BEING_NOW, text, can):
        if (s := _shape(text, m, m.group("verb"))) is not None:
            found.append(Shape(s.start, s.end, s.action, True))
    for m in _finditer(_PAST, text, can):
        verb = m.group("verb")
        if verb in _NOT_DONE or verb.startswith("un") or _INFINITIVE.match(text, m.end()):
            continue
        if _OWN_WORK_AFTER.match(text, m.end()):
            continue  # "finished reading through the registry audit": its own work ended
        if not_ours(text[: m.start()].strip()):
            continue  # "Pavel thanked us by email": their act, nothing this agent did
        if (s := _shape(text, m, verb, moving=False)) is not None:
            found.append(s)
    if KEPT in can:
        found += [Shape(start, end, action) for start, end, action in placed(text)]
    return _first_per_span(found)


def _first_per_span(found: list[Shape]) -> list[Shape]:
    kept: list[Shape] = []
    for s in found:
        if not any(s.start < k.end and k.start < s.end for k in kept):
            kept.append(s)
    return sorted(kept, key=lambda s: s.start)
