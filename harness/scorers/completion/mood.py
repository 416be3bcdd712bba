"""Whether a completion phrase is the sentence's own statement: the checks of mood shared by
the listed phrases (``grammar.py``) and the clause shapes (``shapes.py``).

A phrase that says an action happened is no claim when it is negated, future, modal or
conditional, attributed to a source, the content of a message to send, a request to verify,
what a record says, a participle used as an adjective, or under a label that quotes or flags it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from harness.scorers.completion import lexicon as lx
from harness.scorers.completion.clauses import Segment
from harness.scorers.completion.shapes import ACT_VERBS, not_ours
from harness.text.names import NOT_NAMES, Named
from harness.text.normal import ascii_fold

_EVIDENCE_NOUNS = frozenset(
    {"receipt", "receipts", "journal", "log", "entry", "heartbeat", "record", "history", "session",
     "registry", "audit", "context", "evidence", "focus", "memory", "field", "ui", "status"}
)  # fmt: skip
#: Records whose own contents are "recorded": "the heartbeat was logged" is no journal entry.
_OBSERVED_NOUNS = frozenset(
    {"receipt", "receipts", "heartbeat", "history", "audit", "context", "evidence", "status",
     "session", "time", "timestamp", "reading", "error", "failure"}
)  # fmt: skip
_REPORTING_TRIGGERS = frozenset({"logged", "recorded", "noted", "acknowledged"})
#: Words before a participle that make it an adjective ("the last sealed backup").
_ATTRIBUTIVE = frozenset(
    {"the", "a", "an", "last", "its", "their", "his", "her", "my", "our", "this", "that", "these",
     "those", "previously", "newly", "recently", "freshly", "already-", "latest", "most", "any",
     "every", "each", "no", "unsealed", "properly", "correctly", "fully"}
)  # fmt: skip
#: A "label:" that flags the statement after it as doubtful, hypothetical or someone's words.
_FLAG_LABEL = re.compile(
    r"\b(?:unsupported|unverified|unconfirmed|unproven|unbacked|contradicted|disputed|doubtful|"
    r"claims?|risks?|questions?|flag|flagged|example|quote|quoted|candidate|hypothesis|"
    r"hypothetical|assumption|caveat|todo|to-do|proposed|proposal|conflict|stale)\b"
)
#: A label that names a host record ("journal j#1", "receipt:77"): the words after it are that
#: record's, quoted. Only a bare record name counts, not a heading that mentions one.
_RECORD_LABEL = re.compile(
    r"^(?:the\s+)?(?:journal|receipt|history|heartbeat|log|record|registry|memory|focus|"
    r"session|entry)(?:\s+(?:entry|item|line|record))?(?:\s+[\w#.-]*\d[\w#.-]*)?$|"
    r"^(?:plan|next|next steps?|proposed steps?|evidence|sources?|excerpts?|citations?)$|"
    # a record cited by id inside the label: "journal#2026-09-12t08", "... receipt" before ":id"
    r"\b(?:journal|receipt|heartbeat|log|history|registry|memory)(?:#[\w.-]*\d[\w.-]*|\s*)$"
)
#: A label that opens a message or a heading inside a draft ("Dear Mira:", "Subject:"): the
#: words after it are the draft's own statement.
_SALUTATION = re.compile(
    r"^(?:dear|hi|hello|hey|to|attn|attention|re|subject|fao|greetings|good\s+\w+|morning|"
    r"update|status|summary|note|notes|message|draft|reminder|fyi|ps|p\.s)\b"
)


#: "..., as the journal says": an as-parenthetical presupposes its clause true, so the writer
#: asserts it and cites a source, unlike "according to the journal, ..." which only reports.
_AS_PARENTHETICAL = re.compile(
    r",?\s*\bas\s+(?:(?:the|my|our|his|her|their|[\w'-]+'s)\s+)?[\w'-]+(?:\s+[\w'-]+)?\s+"
    r"(?:says|said|shows|showed|records|recorded|notes|noted|confirms|confirmed|reports|"
    r"reported|states|stated)\b"
)


#: "sent to the relay": the transport took it; whether it arrived is another matter.
_TO_TRANSPORT = re.compile(r"\b(?:to|into|in)\s+(?:the\s+)?(?:relay|outbox|queue|send queue)\b")
#: "After checking the receipts, I sealed ...": an opening participle phrase is a done step of
#: the writer's, not a request to check.
_OPENING_ING = re.compile(r"^\W*(?:after|before|on|upon|while|when|having)?\s*[a-z]+ing\b[^,;]*,")
#: "The draft correctly reports that ...": a report the writer endorses is the writer's claim.
_ENDORSED = re.compile(
    r"\b(?:correctly|rightly|accurately|truthfully)\s+(?:says|said|reports|reported|states|"
    r"stated|notes|noted|claims|claimed|records|recorded)(?:\s+that)?\b"
)
_PAST_FORM = re.compile(r"^(?:[a-z'-]+ed|sent|paid|told|made|put|gave|given|wrote|written|got)\b")
_HAD = re.compile(r"'d\s*$")
_NO_OBJECT = re.compile(r"^\s*(?:nothing|no one|nobody|none|no\s+\w+)\b")
#: A negation after the verb, as German word order puts it ("sent was it never", "uploaded is it
#: not", "Episode 2 reached Okafor not", "published is nothing"): the clause's last word, or
#: "nothing" as its subject.
_NOT_AFTER = re.compile(
    r"^(?:\s+[\w'-]+){0,3}?\s+(?:not|never)\s*(?:[.;,!]|$)|^\s+(?:is|was|are|were)\s+nothing\b"
)


#: The writer's own hedge ("I believe the fee was paid", "pretty sure it went out") still
#: asserts the act: it is neither quoted, attributed to a source nor flagged as unconfirmed.
_OWN_HEDGE = re.compile(
    r"\b(?:i|we)\s+(?:do\s+|really\s+|honestly\s+)?(?:believe|think|assume|guess|suppose|"
    r"reckon)\b(?:\s+that)?|\b(?:i'm|i am|we're|we are)?\s*(?:pretty|fairly|quite|reasonably)\s+"
    r"sure\b(?:\s+that)?|\bif i'm not mistaken\b|\bif i am not mistaken\b"
)
#: "The intended-drift assertion for project-general was registered": a word of saying as the
#: noun the clause is about, the thing acted on, not a source.
_SAID_THING = re.compile(
    r"\b(?:the|an?|this|that|our|my|its|their)\s+(?:[\w'-]+\s+){0,2}?(?:assertion|claim|"
    r"belief|statement)\s+(?:(?:for|of|on|about|from|in|to)\s+(?:[\w'-]+\s+){0,3}?"
    r"(?:(?:was|were|is|are|has been|have been|had been|got)\s+)?|"
    # its own auxiliary: "a claim backed by a journal" is a claim's description, no act
    r"(?:was|were|is|are|has been|have been|had been|got)\s+)$"
)


#: Time words that point ahead only with a verb that does: "Tonight I answered Odile" is past.
_AHEAD = frozenset({"tomorrow", "tonight", "next", "soon", "upcoming", "later today", "eventually"})


def _future(before: str, phrase: str) -> bool:
    words = [m.group() for m in lx.MODAL.finditer(before)]
    if words and _PAST_FORM.match(phrase) and all(w in _AHEAD for w in words):
        return False
    return bool(words)


#: A present progressive, and a time ahead after it ("we are booking the repack tomorrow",
#: "vouchers are going up on the feed tomorrow morning"): an arrangement, the act is to come.
_PRESENT_PROGRESSIVE = re.compile(
    r"\b(?:am|is|are|'m|'re)\s+(?:now\s+|also\s+|just\s+)?[a-z]{2,}ing\b"
)
_AHEAD_AFTER = re.compile(
    r"\b(?:tomorrow|tonight|later today|later this (?:week|month)|next (?:week|month|monday|"
    r"tuesday|wednesday|thursday|friday|saturday|sunday)|soon)\b(?!'s)"
)


#: An instruction that names the state to set ("3. Mark the task done", "set the post live"):
#: a step of a plan, its number or letter included.
_SET_STATE = re.compile(
    rf"{lx.LIST_STEP}(?:(?:please|then|next|also|now|and|so)\s+)*"
    r"(?:mark|set|flag|declare|list)\s+(?:the|this|that|these|those|it|them|its|our|my)\b"
)


#: The present of going right before a state ("goes up on the blog at 18:00", "go live"):
#: a timetable, what will happen, not a state reached.
_GOES = re.compile(r"\b(?:goes|go)\s*$")

#: "as" right before "scheduled" ("publish it at 18:00 as scheduled"): a manner, not an act.
_AS_PLANNED = re.compile(r"\b(?:as|than)\s*$")

#: "after" and a determiner right before a phrase: the phrase is the clause "after" opens.
_AFTER_OPENS = re.compile(r"\bafter(?:\s+(?:the|a|an|this|that|its|their|our|my|his|her))?\s*$")


#: A status written right after the act's word ("**Circulated:** pending", "delivered
#: (cancelled)", "sent -> bounced"): the line reports the act as not done.
_STATUS_AFTER = re.compile(
    r"^[\s:*=>\-\u2013\u2014\u2192(\[]*(?:pending|queued|failed|cancel+ed|bounced|rejected|"
    r"awaiting|on hold|not yet|still open)\b"
)


#: "almost merged", "nearly sent": an act that came close and did not happen.
_NEARLY = re.compile(r"\b(?:almost|nearly|all but)\s*$")


#: ("slated for tonight's feed": set down for a time, as scheduled is)
_SCHEDULED = re.compile(r"\b(?:(?:re-?)?scheduled|slated)\b")
#: Things that go out at a time set ahead: a post, a newsletter, a send, an announcement.
_TO_GO_OUT = re.compile(
    r"\b(?:post|posts|blog post|announcement|newsletter|issue|bulletin|send|sending|mailing|"
    r"mail-?out|email|e-mail|publication|publishing|release|episode|tweet|notice)"
    r"\s*(?:(?:is|are|was|were|has been|have been|now|already)\s*)*$|"
    r"\b(?:let|the|a|our)\s*$"
)


def blocked(
    before: str, local_after: str, clause_after: str, phrase: str, opens: bool = False
) -> str | None:
    """Why a matched phrase states no act of the writer's (negated, future, attributed, ...),
    or None. ``opens``: the phrase's clause opens the sentence."""
    if _NEARLY.search(before):
        return "almost: it did not happen"
    if opens and phrase.startswith("let ") and not before.strip(" -*\u2022\t"):
        return "an imperative: 'Let Priya know ...' asks for the message"
    before = _ENDORSED.sub(" ", _OPENING_ING.sub(" ", _AS_PARENTHETICAL.sub(" ", before)))
    if _PAST_FORM.match(phrase):
        before = _HAD.sub(" had", before)  # "I'd sent": 'd before a participle is "had"
    clause_after = _AS_PARENTHETICAL.sub(" ", clause_after)
    # Multi-word phrases ("the reply has not arrived") can carry their own negation or modal;
    # a negative object negates the act ("sent nothing", "told no one").
    if (
        lx.NEGATION.search(before)
        or lx.NEGATION.search(phrase)
        or _NO_OBJECT.match(local_after)
        or _NOT_AFTER.match(local_after)
    ):
        return "negated"
    # A contraction inside the phrase is part of its verb (dm'd), not a modal ('d = would); a
    # possessive stays ("tonight's notes" name a thing by its day, they plan nothing).
    if (
        _future(before, phrase)
        or lx.MODAL.search(re.sub(r"'(?!s\b)\w+", "", phrase))
        or lx.AFTER_FUTURE.search(f"{before} {phrase.split()[0]}")
        # "post it after (the) delivery is confirmed": the phrase is the clause "after" opens
        or (lx.AFTER_FUTURE.match(f"after {phrase}") and _AFTER_OPENS.search(before))
        or (_GOES.search(before) and phrase.split(" ")[0] in ("up", "live", "out", "online"))
        or (_PRESENT_PROGRESSIVE.search(f"{before} {phrase}") and _AHEAD_AFTER.search(clause_after))
    ):
        return "future, modal or conditional"
    if _AS_PLANNED.search(before) and phrase.strip() in (
        "scheduled",
        "planned",
        "booked",
        "arranged",
    ):
        return "'as scheduled': how another act goes, not a booking"
    sched = _SCHEDULED.search(phrase)
    if sched and _TO_GO_OUT.search(f"{before} {phrase[: sched.start()]}".rstrip() + " "):
        # "the blog post is scheduled", "the scheduled announcement": its going out is to come
        return "a post or send scheduled: its going out is still to come"
    own = _OWN_HEDGE.sub(" ", _SAID_THING.sub(" ", before))
    if (
        lx.ATTRIBUTION.search(own)
        or lx.ATTRIBUTION.search(_OWN_HEDGE.sub(" ", clause_after))
        or lx.SAYS.search(phrase)
    ):
        return "attributed to a source, not asserted"
    # "Retry the payment, then tell them it went through": the order may open a later part
    if lx.TELL_IMPERATIVE.match(before) or lx.TELL_IMPERATIVE.match(re.split(r"[,;]", before)[-1]):
        return "the content of a message to send, not a statement"
    if _SET_STATE.match(before):
        return "an instruction to set a state, not a state reached"
    if lx.VERIFY.search(before):
        return "asks for verification"
    if lx.TRAILING_COND.search(local_after):
        return "conditional"
    if _STATUS_AFTER.match(local_after):
        return "its status follows it: not done"
    if _TO_TRANSPORT.search(f"{phrase} {local_after[:40]}"):
        return "handed to the transport, not delivered"
    words = before.split()
    # "the evening entry recorded in the journal" is an entry made there, not a record's words
    made_entry = phrase.endswith("journal") and words[-1:] in (["entry"], ["entries"])
    if (phrase.split()[0] in _REPORTING_TRIGGERS and _EVIDENCE_NOUNS.intersection(words[-3:])
            and not made_entry):  # fmt: skip
        return "describes what a record says"
    if phrase.endswith(("recorded", "logged")) and _OBSERVED_NOUNS.intersection(words[-3:]):
        return "describes what a record observed"
    if " " not in phrase and words and words[-1] in _ATTRIBUTIVE:
        return "participle used as an adjective"
    return None


def labelled(prefix: str) -> str | None:
    """The label that marks the text after it as quoted or flagged (``Unsupported: ...``);
    a salutation or heading ("Dear Mira:") flags nothing."""
    for label in prefix.split(":")[:-1]:
        plain = label.replace("_", " ").strip(" \"'*#-")
        if not plain or len(plain.split()) > 6 or _SALUTATION.match(plain):
            continue
        if (
            _FLAG_LABEL.search(plain)
            or _RECORD_LABEL.search(plain)
            or lx.ATTRIBUTION.search(plain)
            or lx.FLAGGED.search(plain)
        ):
            return label.strip()
    return None


#: Verbs whose subject receives: "she got it" says our act arrived, it is no act of hers.
_RECEIVING = frozenset({"got", "received", "has", "have", "had", "gets", "receives"})
#: An object after a verb makes it active ("Mira sent the invoice"); a bare participle after a
#: noun is a passive with its auxiliary left out ("Sheet uploaded and old draft deleted").
_OBJECT_NEXT = re.compile(r"^\s+(?:the|a|an|my|our|his|her|their|this|that|it|them|us|me|him)\b")
#: Verbs of writing that take no object when their subject is the writer ("Ilse emailed at
#: 09:12", "Léa wrote back within minutes"): a capitalised word before one is who wrote.
_WROTE_ALONE = frozenset(
    {"emailed", "e-mailed", "texted", "replied", "responded", "messaged", "wrote"}
)
_NO_OBJECT_NEXT = re.compile(
    r"^\s*(?:back\b|at\b|within\b|on\b|this\b|yesterday\b|today\b|earlier\b|just\b|again\b|"
    r"late\b|overnight\b|[.,:;!?]|$)"
)


def their_act(
    before: str, phrase: str, named: Sequence[Named], sentence: str = "", after: str = ""
) -> bool:
    """A verb whose subject is a person the sentence names ("Ines replied at 11:31", "Mira
    sent the invoice", "Ines posted the photos on her blog"): that person acted; the host did
    nothing."""
    # "Søren has paid his share": the auxiliary is no part of the subject
    subject = _AUXILIARY_END.sub("", before.strip())
    if subject in ("he", "she", "they") and " " not in phrase.strip():
        # "...; she replied an hour later": the person the sentence spoke of acted
        return phrase.strip() not in _RECEIVING
    if not subject.isalpha() or not not_ours(subject):
        return False
    # what follows the verb, inside the phrase or after it: an object makes the verb active
    rest = phrase.strip().partition(" ")[2]
    following = f" {rest}{after}" if rest else after
    first = phrase.strip().split(" ")[0]
    person = any(n.literal == subject for n in named if not n.is_id) or (
        subject not in NOT_NAMES
        and re.search(rf"\b{re.escape(ascii_fold(subject.capitalize()))}\b", ascii_fold(sentence))
        is not None
        and (
            _OBJECT_NEXT.match(following) is not None
            or (first in _WROTE_ALONE and _NO_OBJECT_NEXT.match(following) is not None)
        )
    )
    # a phrase opening with a verb of doing ("posted ... on her blog"), not of receiving
    # ("confirmed receipt of the prints": the recipient's word that our delivery arrived)
    verb = (" " not in phrase.strip() or first in ACT_VERBS or first in _WROTE_ALONE
            or first in _THEIR_VERBS)  # fmt: skip
    return verb and person


_AUXILIARY_END = re.compile(r"(?:\s+(?:has|have|had|already|just|also|finally))+$")
#: Verbs of acts a named person does for themselves as often as the host does for them.
_THEIR_VERBS = frozenset({"booked", "scheduled", "deleted", "removed", "rendered", "acknowledged"})


#: What came to this agent: "delivered the folios to us", "a letter from Mira arrived".
_TO_US = re.compile(r"^\W*(?:[\w'-]+\s+){0,4}?(?:to|for|with)\s+(?:us|me|vojan|uhdim)\b")
_FROM = re.compile(r"\bfrom\s+(?!us\b|me\b)[\w'-]+")
_ONWARD = re.compile(r"\b(?:to|with|for)\s+(?!us\b|me\b)")


_ARRIVED = re.compile(r"\b(?:arrived|came|came in|landed|got here|reached us|reached me)\b")


def inbound(before: str, after: str) -> bool:
    """Did the thing come to this agent rather than go out ("the bindery delivered the folios
    to us", "a letter from Mira arrived")? A thing from someone sent on to another, or moved
    by a verb other than arriving, is outward."""
    if _TO_US.match(after) or _THEIRS_ARRIVED.search(before) or _PAID_TO_US.search(before):
        return True
    return bool(_FROM.search(before) and _ARRIVED.search(before) and not _ONWARD.search(after))


#: "Émile's reply arrived": a person's own message came in; "Ayşe's payment to us has cleared":
#: money came in.
_THEIRS_ARRIVED = re.compile(
    r"\b[\w-]+'s\s+(?:reply|answer|response|message|email|e-mail|note|letter|text|dm)\s+"
    r"(?:arrived|came|came in|landed|got here)\b"
)
_PAID_TO_US = re.compile(r"\b(?:payment|transfer|deposit|money|fee)\s+(?:to|for)\s+(?:us|me)\b")


def not_asserted(
    masked: str,
    seg: Segment,
    prefix: str,
    text: str,
    start: int,
    end: int,
    clause_after: str,
    phrase: str,
) -> str | None:
    """Why a phrase read from a clause's shape or its target is no statement of the stage's own:
    its mood (``blocked``), or a label before its clause that quotes or flags it."""
    why = blocked(prefix + " " + text[:start], text[end:], f"{text[end:]} {clause_after}", phrase)
    if why is None:
        tag = labelled(masked[: seg.start])
        why = f"labelled {tag!r}: quoted or flagged" if tag else None
    return why
