"""Stance of a statement: is it negated, which outcome state does it name, and what do the clauses
of an evidence item say, each with its own negation?

Claim support compares stances, not only words: "Patrick did not ask for a reply" shares every
word with "Patrick asked for a reply", and the evidence "no need to reply" decides between them.
Plain rules, so each verdict names the clause that decided it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from harness.text.literals import Rewrites
from harness.text.names import named_in
from harness.text.normal import ascii_fold, clean
from harness.text.polarity import Polarity
from harness.text.support import evidence_tokens, support_tokens

_CONTRACTED = re.compile(r"\b(won|can|\w+)n't\b")
#: "unread", "unpaid", "unsent": the negation of a state written as one word.
_UN_WORD = re.compile(r"\bun(read|paid|sent|seen|done|signed|\w{3,}ed|\w{3,}able)\b")
#: Words that mean "not" of another word the evidence uses.
_ANTONYMS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\b(?:missing|absent)\b"), "not present"),
    # "the mismatch note was sent": a note about a mismatch, no negation of the sending
    (
        re.compile(
            r"\b(?:mismatch(?:es|ed)?(?!\s+(?:note|notes|report|reports|list|email|message|"
            r"letter|notice|summary|warning|alert|ticket|file)\b)|differ(?:s|ed)?|"
            r"diverge[sd]?)\b"
        ),
        "not match",
    ),
    # a copy "drifted from" its record no longer matches it; a "byte-identical" one does
    (re.compile(r"\b(?:drift(?:s|ed)?|drifting) (?:away )?from\b"), "not match"),
    (re.compile(r"\b(?:byte-(?:for-byte-)?)?identical (?:to|with)\b"), "match"),
)
#: Idioms of an outcome, read as the plain state word on both sides: a thing "on hold" waits
#: (pending); a request refused, denied or declined was rejected, by whoever refused it (an
#: outcome of the action, not a response the evidence must name in those words); what was
#: "called off" was cancelled; what someone "let go ahead", or a booking "kept", went through;
#: what was "left out of" a place is not in it.
_IDIOMS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\bon hold\b"), "pending"),
    (re.compile(r"\b(?:refus(?:e|ed|es|ing)|den(?:y|ied|ies|ying)|declin(?:e|ed|es|ing))\b"),
     "rejected"),
    (re.compile(r"\bcall(?:ed|s|ing)? ((?:[\w'-]+ ){0,4}?)off\b"), r"cancelled \1"),
    (re.compile(r"\blet (?:it |them |this |that )?go ahead\b"), "went through"),
    (re.compile(r"\blet ((?:[\w'-]+ ){1,5})go ahead\b"), r"\1went through"),
    (re.compile(r"\b(is|are|was|were) kept\b(?! (?:open|waiting|pending|on hold))"),
     r"\1 went through"),
    (re.compile(r"\bleft out of\b"), "not in"),
    # what was "left in place" was not removed; what "awaits confirmation" is not confirmed
    (re.compile(r"\b(?:left|kept|still|remains?|stays?) (?:in place|untouched)\b"), "not removed"),
    (re.compile(r"\b(?:awaiting|pending|waiting for|needs?|still needs?) (?:[\w'-]+ ){0,2}?"
                r"confirmation\b"), "pending"),
    # "nobody refused it": no one did it; a negation as any "not" is
    (re.compile(r"\b(?:nobody|no one|no-one)\b"), "not anyone"),
)  # fmt: skip
#: "zero issues" is "no issues" ("zero-day" and "zero point five" are no negation); "No. 3"
#: is a number; a "no" before a dash answers ("todavía no — still haven't received it"): what
#: follows carries its own negation.
_NEGATOR = re.compile(
    r"\b(?:not|never|no(?!\.\s?\d)(?!\s*[\u2013\u2014]|\s+-\s)|none|nothing|neither|nor|without|"
    r"zero(?![-.]|\s+point))\b"
)
#: Phrases that mean "not" ("no longer pending", "has yet to arrive", "failed to reach").
_NOT_PHRASES = re.compile(
    r"\bno longer\b|\bnot any more\b|\bnot anymore\b|\bhas yet to\b|"
    r"\bhave yet to\b|\bis yet to\b|\bare yet to\b"
)
#: Outcome states a clause can name; base forms count only after do/did/does ("did not bounce").
_DONE = re.compile(
    r"\b(?:succeeded|successful(?:ly)?|delivered|sent|got|gotten|received|arrived|reached|"
    r"went (?:out|through)|gone (?:out|through)|completed?|done|finished|published|posted|live|"
    r"re-?sealed|sealed|registered|rendered|acknowledged|acked|logged|journal(?:l)?ed|recorded|"
    r"uploaded|synced|replicated|installed|deployed|merged|paid|settled|settles|landed|applied|scheduled|booked|archived|marked|happened|"
    r"deleted|removed|purged|notified|informed|told|cleared|closed|closes|resolved|confirmed|"
    r"in the (?:\w+ )?archive|handed (?:off|over)|has (?:the|it|them)|have (?:the|it|them)|"
    r"dealt with|taken care of|sorted out|"
    r"is with|are with|in (?:his|her|their) (?:hands|inbox)|"
    r"(?:do|did|does) (?:get|go (?:out|through)|arrive|reach|land|complete|succeed|happen|apply|"
    r"finish|deliver|send|seal|register|render|publish|post|merge|pay|upload|delete|schedule|"
    r"book|acknowledge|clear|close|settle|record|journal|log))\b"
)
_UNDONE = re.compile(
    r"\b(?:queued|queue|pending|waiting|awaiting|stalled|failed|failure|bounced|rejected|"
    r"throttled|cancell?ed|timed out|outstanding|in flight|retrying|yet to|declined|"
    r"(?:is|are|remains?|still|stays?|left|kept|as|marked) open|reopened|"
    # an act let go: "forgot to send", "decided against posting", "gave up on the scan"
    r"forg(?:ot|otten) to|decided (?:against|not to)|chose not to|gave up|given up|giving up|"
    r"held back|kept back|withheld|held over|"
    # "drafted the reply, holding it for host review": kept from going out
    r"(?<!after )(?<!since )holding (?:it|them|this|that)(?: back)? (?:for|until|till|pending)|"
    r"held (?:for|until|till|pending) (?:host |the host's )?(?:review|approval|sign-off|confirmation)|"
    r"(?:do|did|does) (?:bounce|fail|stall))\b"
)
#: An act asked for or planned, said before it happens: a plan says neither that it happened
#: nor that it did not ("team to be told at 08:00", "will be sent", "please cancel my booking").
_PLANNED = re.compile(r"\b(?:to be|will(?: be)?|going to|shall|please|plans? to|about to)\s+\w")
#: Events that are someone's response or another step, not the action itself: a claim naming one
#: needs evidence that mentions it ("Ines has read the reply" is not backed by a delivery).
_EVENTS = re.compile(
    r"\b(?:read|repl(?:y|ied|ies)|answer(?:ed|s)?|accept(?:ed|s)?|refus(?:e|ed|es)|"
    r"declin(?:e|ed|es)|approv(?:e|ed|es)|sign(?:ed|s)?|print(?:ed|s)?|likes?|liked|"
    r"retr(?:y|ied|ies)|(?<!is )(?<!are )(?<!still )(?<!remains )(?<!stays )open(?:ed|s)?|download(?:ed|s)?|view(?:ed|s)?|forward(?:ed|s)?)\b"
)
#: ("study no. 9" is one clause: a period after "no" or "nr" before a digit abbreviates)
_CLAUSE = re.compile(r"(?:[;,!?]|(?<![Nn]o)(?<![Nn]r)\.|\.(?!\s+\d))(?=\s|$)|:\s|\s+but\s+|\s+-\s+")


#: A participle used as an adjective ("the sealed values", "from sealed value"): it names a
#: thing, not an outcome the clause states.
_ATTRIBUTIVE = re.compile(
    r"\b(?P<det>the|a|an|its|their|his|her|our|my|this|that|these|those|from|with|of)\s+"
    r"(?:re-?sealed|sealed|sent|delivered|registered|rendered|recorded|logged|posted|published|"
    r"signed|printed|paid|scheduled|booked|archived|marked|finished|completed|closed|cleared)"
    r"\s+(?!(?:by|to|at|on|in|for|and|or|with|from|yet|already|now)\b)(?=[a-z])"
)


#: "not yet" standing alone ("proofs: not yet, waiting on the printer"): a state of its own,
#: pending, not a negation that would turn the state after it ("waiting") round.
_NOT_YET_ALONE = re.compile(r"\bnot yet\b(?=\s*(?:[,;:.!]|\s-\s|$))")
_NOT_YET = re.compile(r"\bnot yet\b")


#: A field written out with a false value ("intended false", "intended: false"): its negation.
_FALSE_FIELD = re.compile(r"\b([a-z][\w-]*)(?:\s*[:=]\s*|\s+)false\b")


#: A state word glued to its noun by a hyphen ("the missing-offers list", "the failed-payments
#: report") is part of the thing's name: the list is not missing, whatever became of it.
_GLUED_STATE = re.compile(
    r"\b(missing|failed|pending|queued|bounced|rejected|cancell?ed|overdue|outstanding)-(?=[a-z])|"
    # "the T4-pending notice": glued after its word too, before the noun it names
    r"(?<=[a-z0-9])-(missing|failed|pending|queued|bounced|rejected|cancell?ed|overdue|"
    r"outstanding)(?=\s+[a-z])"
)

#: The rewrites of ``_expand``, in order; each is run only where its pattern can match
#: (``literals``): most clauses hold none of an idiom's words.
_REWRITES = Rewrites(
    (
        (_GLUED_STATE, lambda m: f"{m[1]}_" if m[1] else f"_{m[2]}"),
        (_NOT_YET_ALONE, "pending"),
        (_FALSE_FIELD, r"not \1"),
        (_NOT_PHRASES, "not"),
        (_ATTRIBUTIVE, lambda m: f"{m.group('det')} "),
        (_CONTRACTED,
         lambda m: {"won": "will", "can": "can"}.get(m.group(1), m.group(1)) + " not"),
        (_UN_WORD, lambda m: f"not {m.group(1)}"),
        *_IDIOMS,
        *_ANTONYMS,
    )
)  # fmt: skip


def _expand(text: str) -> str:
    return _REWRITES(clean(ascii_fold(text)))


@dataclass(frozen=True)
class Stance:
    """One clause: its words without negation, whether it is negated, the state it names."""

    core: str
    negated: bool
    #: The outcome the clause asserts, negation applied (None: it names no outcome state).
    says: Polarity | None
    #: Response events it names ("read", "replied") that need their own evidence.
    events: tuple[str, ...]


_DETERMINED = re.compile(r"\b(?:the|a|an|my|our|his|her|their|its|your|[a-z]+'s)\s+$")


#: Cached by text: the same statement comes back from many items and rules ("status
#: succeeded", "no checks", an item quoted in several packages of one session: three quarters
#: of the data statements and three fifths of the text clauses of the shipped packages repeat).
@lru_cache(maxsize=16384)
def stance(text: str) -> Stance:
    plain = _expand(text)
    negations = len(_NEGATOR.findall(plain))
    core = " ".join(_NEGATOR.sub(" ", plain).split())
    negated = negations % 2 == 1
    done, undone = _DONE.search(core), _UNDONE.search(core)
    says: Polarity | None
    if done and not undone and not negated and _PLANNED.search(core):
        says = None  # "the team to be told at 08:00", "please cancel BK-5521": not yet either way
    elif done and undone:
        says = "undone"  # "queued, not delivered": the open state decides
    elif undone and negated and _NOT_YET.search(plain):
        # "not yet up, still waiting on the photo": "not yet" denies that the thing is there and
        # the waiting says the same; it does not turn the waiting round
        says = "undone"
    elif done or undone:
        base: Polarity = "done" if done else "undone"
        says = ("undone" if base == "done" else "done") if negated else base
    else:
        says = None
    # after a determiner or a possessive an answer or a reply is a noun: "the answer to Odile",
    # "Vojan's reply" is the message itself, not someone's act of answering (while "the retry"
    # is still another attempt, which needs its own evidence)
    events = tuple(m.group(0) for m in _EVENTS.finditer(core)
                   if not (m.group(0).startswith(("answer", "repl"))
                           and _DETERMINED.search(core[: m.start()])))  # fmt: skip
    return Stance(core, negated, says, events)


#: A capitalised word, sentence-initial too ("Patrick asked ..."): a name more often than not.
_CAPITALISED = re.compile(r"\b[A-Z][\w'-]*")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


def statements(text: str) -> str:
    """The text without its questions: "Did you already send it?" reports no outcome."""
    return " ".join(s for s in _SENTENCE_END.split(text) if not s.rstrip().endswith("?"))


def clauses(text: str) -> list[str]:
    """The clauses of ``text``: split at ; , . ! ? followed by a space, ": ", " but "."""
    return [part.strip() for part in _CLAUSE.split(text) if part and part.strip()]


def _data_statements(data: Mapping[str, Any]) -> Iterator[str]:
    """What an item's fields state: ``unread: true`` says "unread", ``intended: false`` says "not
    intended", and ``expected_sha256`` unlike ``actual_sha256`` says the hashes do not match."""
    for key, value in data.items():
        words = str(key).replace("_", " ")
        if isinstance(value, bool):
            yield words if value else f"not {words}"
        elif isinstance(value, str | int | float):
            yield f"{words} {value}"
        elif isinstance(value, list) and not value:
            yield f"no {words}"  # "checks": [] says none ran, not that some did
        elif isinstance(value, list) and all(isinstance(v, str | int | float) for v in value):
            yield " ".join([words, *(str(v) for v in value)])
        elif isinstance(value, Mapping):
            yield from _data_statements(value)
        if str(key).startswith("expected_"):
            what = str(key).removeprefix("expected_")
            actual = data.get(f"actual_{what}")
            if actual is not None:
                noun = "hashes" if what in {"sha256", "sha1", "md5", "hash", "digest"} else what
                yield f"{noun} match" if actual == value else f"{noun} do not match"


def data_statements(data: Mapping[str, Any] | None) -> list[str]:
    """What an item's data fields state, one statement each ("not unread", "hashes match")."""
    return list(_data_statements(data or {}))


@dataclass(frozen=True)
class EvidenceClause:
    tokens: frozenset[str]
    negated: bool
    text: str


def evidence_clauses(text: str, data: Mapping[str, Any] | None) -> tuple[EvidenceClause, ...]:
    found = (_evidence_clause(part) for part in [*clauses(text), *_data_statements(data or {})])
    return tuple(c for c in found if c is not None)


@lru_cache(maxsize=16384)
def _evidence_clause(part: str) -> EvidenceClause | None:
    """One clause an item states, with its tokens; None when it has none. Cached by text, as
    ``stance`` is (a frozen value: items that state the same clause share it)."""
    st = stance(part)
    tokens = evidence_tokens(st.core)
    return EvidenceClause(tokens, st.negated, part) if tokens else None


def predicate_tokens(core: str, written: str) -> frozenset[str]:
    """The claim's words without the names it gives (read from the text as ``written``, whose
    capitals mark them): what it says about them."""
    capitalised = " ".join(_CAPITALISED.findall(ascii_fold(written)))
    names: frozenset[str] = frozenset().union(
        evidence_tokens(capitalised), *(evidence_tokens(n.literal) for n in named_in(written))
    )
    return support_tokens(core.replace("-", " ")) - names


def evidence_negates(
    st: Stance, written: str, found: list[EvidenceClause]
) -> tuple[bool | None, EvidenceClause | None]:
    """Do the evidence clauses that best match the claim's predicate say it, or its negation?
    None when no clause shares a word with it."""
    wanted = predicate_tokens(st.core, written)
    scored = [(len(wanted & c.tokens), c) for c in found]
    best = max((score for score, _ in scored), default=0)
    if best == 0:
        return None, None
    top = [c for score, c in scored if score == best]
    plain = next((c for c in top if not c.negated), None)
    return (False, plain) if plain is not None else (True, top[0])
