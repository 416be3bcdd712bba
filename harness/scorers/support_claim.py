"""Reading one clause of a claim for support: what it names, which action it speaks of, what it
says came about, and what it adds beyond that.

The reading feeds the linker (``support_link``: which cited item the clause speaks of) and the
polarity check (``support_state``). Everything is read from the clause with the project's own
lexicons: names and ids (``harness.text.names``), the action families of the completion
detector (``harness.scorers.completion``), the reference runner's action words
(``harness.text.prose``), stance and negation (``harness.text.stance``), quantities.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from harness.scorers.completion import lexicon as lx
from harness.scorers.completion.grammar import detect
from harness.scorers.completion.lexicon import Action
from harness.scorers.support_words import (
    AGENTS,
    AUX,
    BE,
    DONE_WORDS,
    FAMILY_WORDS,
    FIRST_PERSON,
    MISSING,
    OUTCOME_VERBS,
    PREDICATE_START,
    PRESENCE,
    RECEIVING,
    RECORD_WORDS,
    Segment,
    families_of,
    plain_negations,
    segments_of,
    stated_by,
)
from harness.text.names import NOT_NAMES, Named, named_in
from harness.text.normal import clean, fold
from harness.text.polarity import Polarity
from harness.text.quantities import NUMBER_WORDS, Quantity, bound_words, quantities
from harness.text.roots import root, roots
from harness.text.stance import Stance, stance
from harness.text.support import STOPWORDS

_ZERO = re.compile(r"\bzero\b")


@dataclass(frozen=True)
class ClaimReading:
    """One clause of a claim as the linker and the polarity check need it."""

    text: str
    stance: Stance
    #: The parts of the clause, and the outcome they state in words (None: no outcome word).
    segments: tuple[Segment, ...]
    stated: Polarity | None
    #: The subject (the words before the predicate) and the first verb of the predicate.
    subject: str
    verb: str
    #: The subject is a person who does the verb ("Okonkwo replied", "Bruno asked"): an active
    #: verb, not a passive or a state ("was paid", "is queued"), a verb of receiving ("has
    #: received") or an outcome ("the render finished"); and a person, written capitalised.
    subject_acts: bool
    #: The head word of the subject ("the note to patrick" is a note).
    head: str
    #: The outcome the clause asserts: its state words with their negation, else the plain
    #: polarity of a clause that names an action ("glass-series carries a current seal").
    says: Polarity | None
    negated: bool
    names: tuple[Named, ...]
    #: Families of the action the clause asserts as done (the completion grammar's phrases).
    asserted: tuple[Action, ...]
    #: Every family its words could name: verbs, nouns, places ("on the feed").
    families: frozenset[Action]
    #: Its predicate names the action itself ("was paid", "carries a seal"), not only a detail
    #: of it ("the merge ran into conflicts").
    acts: bool
    #: Response events and who did them (None: no subject named).
    events: tuple[tuple[str, str | None], ...]
    quantities: tuple[Quantity, ...]
    #: Topic roots of the whole clause, and of its predicate (what it says of its subject).
    topic: frozenset[str]
    predicate: frozenset[str]
    #: Evidence kinds the clause speaks of as records.
    records: frozenset[str]
    #: It states that a thing is (still) present: what a deletion would end.
    presence: bool

    def negated_at(self, q: Quantity) -> bool:
        """Is the part of the clause that gives ``q`` negated? Parts are split at commas, so
        "read for twenty minutes, no outward work" does not negate the twenty minutes."""
        word = q.text.split()[-1]
        for seg in self.segments:
            if word in seg.text:
                # "one plate is missing": the amount already counts what is absent
                if q.missing:
                    return stance(MISSING.sub(" ", seg.text)).negated
                # "zero issues" negates a clause that counts nothing, but as an amount it is
                # the count itself, compared as 0
                return stance(_ZERO.sub("0", seg.text)).negated if q.value == 0 else seg.negated
        return self.negated

    @property
    def id_names(self) -> tuple[Named, ...]:
        return tuple(n for n in self.names if n.is_id)

    @property
    def person_names(self) -> tuple[Named, ...]:
        return tuple(n for n in self.names if not n.is_id)


_PREPOSITION = re.compile(r"\s(?:to|of|on|for|with|about|in|from|at|by|into)\s")


#: A clause that opens with a gerund: its subject is an act named ("Marking X complete ...").
_GERUND = re.compile(r"^\s*[a-z]{3,}ing\s")


def _head(subject: str) -> str:
    """The head word of a subject: the last word before its first preposition ("the note to
    patrick" is a note, "the foundry" a foundry)."""
    words = _PREPOSITION.split(f" {subject} ", maxsplit=1)[0].split()
    return words[-1].removesuffix("'s") if words else ""


def _events(text: str, st: Stance) -> tuple[tuple[str, str | None], ...]:
    """Each response event with the name written before it (its subject)."""
    plain = clean(text)
    out: list[tuple[str, str | None]] = []
    for event in st.events:
        if event in ("prints", "print", "signs"):
            continue  # nouns ("the prints"), not someone's act
        at = plain.find(event)
        before = plain[: max(at, 0)]
        if FIRST_PERSON.match(before):
            continue  # the agent's own act: its send, not a response
        subject = next((n.literal for n in named_in(text[: max(at, 0)]) if not n.is_id), None)
        out.append((event, subject))
    return tuple(out)


#: Adverbs a writer puts between the subject and its verb, at the subject's end.
_TRAILING_ADVERB = re.compile(
    r"(?:\s+(?:still|never|already|just|also|finally|only|yet|now|since|ever|then|soon|"
    r"indeed|eventually|apparently|actually|really|certainly|definitely|[a-z]{3,}ly))+$"
)


#: Words that may end a terse line after its participle ("published yet", "rendered today").
_TAIL_WORDS = frozenset({"yet", "already", "today", "yesterday", "now", "too", "also", "again",
                         "earlier", "tonight", "successfully", "ok", "fine"})  # fmt: skip
#: Acts that answer someone: "Okonkwo replied." is Okonkwo's own act, never elided.
_RESPONSES = frozenset(root(w) for w in ("reply", "replied", "answer", "respond", "confirm",
                                          "acknowledge", "accept", "approve", "decline"))  # fmt: skip


def _subject_verb(core: str) -> tuple[str, str, bool]:
    """(subject, verb root, the subject acts): "okonkwo replied to" -> ("okonkwo", "reply",
    True); "kasia was paid" -> ("kasia", "pay", False); "marek has received" acts not."""
    start = PREDICATE_START.search(core, 1)
    if start is None:
        return core, "", False
    # "Ilse still has not replied", "Patrick finally wrote": the adverb between a subject and
    # its verb belongs to the predicate; left in the subject it would be read as the head
    subject = _TRAILING_ADVERB.sub("", core[: start.start()].strip())
    words = re.findall(r"[a-z][a-z'-]*", core[start.start() :])
    passive = False
    verb = ""
    for i, word in enumerate(words):
        if word in BE:
            passive = True
            continue
        if word in AUX:
            # "has Vojan's answer": a possessive after it is what is had, never a participle
            # a plural after it ("has lecture-slides") is what is had as well, as is a noun
            # whose root only drops its final e ("has no quote"): only a form ending in -ed or
            # -en, or an irregular one ("has done"), is a participle
            after = words[i + 1] if i + 1 < len(words) else ""
            if word in ("has", "have", "had") and (not after or after.endswith("'s") or not (
                    after.endswith(("ed", "en")) or after in AUX | BE
                    or (root(after) not in (after, after[:-1]) and not after.endswith("s")))):  # fmt: skip
                verb = "have"  # "has the files": possession
                break
            continue
        verb = root(word)
        # a terse line drops its "was": "Advisory published.", "Docs for 2.8.2 rendered yet?"
        # name what was acted on (a host act's participle with nothing after it but time words)
        passive = passive or (
            word.endswith(("ed", "en")) and verb in FAMILY_WORDS and verb not in _RESPONSES
            and all(w in _TAIL_WORDS for w in words[i + 1 :])
        )  # fmt: skip
        break
    acts = bool(verb) and not passive and verb not in RECEIVING | OUTCOME_VERBS
    return subject, verb, acts


#: Made or set up ("the clinic was created"): an outcome word of a claim only, since an item's
#: "created 2026-09-26" dates a file rather than reporting an act.
_MADE = re.compile(r"\b(?:was|were|is|are|been|be|got)\s+(?:\w+\s+)?(?:created|set up)\b")
#: Things that are money: sent, they are paid (an invoice or a fee notice is a message).
_MONEY_SENT = re.compile(r"\b(?:payouts?|refunds?|payments?|reimbursements?|wages?)\b")
#: ... but the note of a refund is a message ("a refund confirmation email").
_WRITTEN = re.compile(r"\b(?:emails?|notes?|messages?|letters?|confirmations?|notices?|reminders?|"
                      r"texts?|sms|receipts?)\b")  # fmt: skip
#: Being live, up or available at a place is being there as well as having been published:
#: "3.4.1 is live on the add-on store" is answered by the upload to the store.
_PRESENT_AT = re.compile(
    r"\b(?:is|are|was|were)(?: not| now| already| still| yet)*\s+"
    r"(?:live|up|online|available|listed|public)\s+(?:on|in|at)\s+"
)


@lru_cache(maxsize=4096)
def read_claim(text: str) -> ClaimReading:
    """The reading of one clause (a claim split at ";" and "but" first)."""
    plain = plain_negations(text)
    st = stance(bound_words(plain))
    # a capitalised function word after a question mark ("... by Friday? The link") is no name
    names = tuple(n for n in named_in(text) if n.literal not in AGENTS
                  and not set(n.literal.split()) <= STOPWORDS)  # fmt: skip
    hits = detect(st.core)[0]
    asserted = tuple(dict.fromkeys(h.action for h in hits))
    if asserted == (lx.SEND,) and _MONEY_SENT.search(st.core) and not _WRITTEN.search(st.core):
        # "Janssen's payout was resent": money sent is a payment, whatever "sent" names alone
        asserted = (lx.PAY,)
    presence = PRESENCE.search(st.core) is not None or _PRESENT_AT.search(plain) is not None
    # presence is what a deletion ends: "scratch-0412 still exists" speaks of its deletion
    families = families_of(st.core) | frozenset(asserted) | ({lx.DELETE} if presence else set())
    segments = segments_of(bound_words(plain))
    named_act = _GERUND.match(plain)
    predicate_start = PREDICATE_START.search(plain, 1)
    act_part = plain[: predicate_start.start()] if predicate_start else ""
    if named_act and predicate_start and stated_by(segments_of(bound_words(act_part))):
        # a gerund subject names the act ("marking batch 4 complete"): an outcome word inside
        # it says what the act was for, the predicate how it went
        told = stated_by(segments_of(bound_words(plain[predicate_start.start() :])))
        segments = segments if told is None else (
            *segments_of(bound_words(act_part)),
            *segments_of(bound_words(plain[predicate_start.start() :])))  # fmt: skip
        stated = told
    else:
        stated = stated_by(segments)
    says = stated
    if says is None and _MADE.search(st.core):
        # "the 25 March clinic was created": the act's outcome, as "booked" is
        says = "undone" if st.negated else "done"
    if says is None and (asserted or families or presence):
        # no outcome word: the action named is affirmed, or negated in its own part
        acting = [seg for seg in segments if families_of(seg.text) or PRESENCE.search(seg.text)]
        negated = acting[0].negated if acting else st.negated
        says = "undone" if negated else "done"
    subject_end = PREDICATE_START.search(st.core, 1)
    predicate_text = st.core[subject_end.start() :] if subject_end else st.core
    # the predicate as written, found in the written words: the core has lost its negations,
    # so its offsets are not the text's ("no inbox recheck ran": "ck ran")
    raw_end = PREDICATE_START.search(plain, 1)
    raw_predicate = plain[raw_end.start() :] if raw_end else plain
    name_roots = roots(" ".join([*(n.literal for n in names), *AGENTS]))
    acts = bool(asserted) or presence or bool(set(re.findall(r"[a-z-]+", predicate_text))
                                               & DONE_WORDS)  # fmt: skip
    subject, verb, subject_acts = _subject_verb(st.core)
    head = _head(subject)
    person = bool(re.search(rf"\b{re.escape(head.capitalize())}\b", fold(text))) and head.isalpha()
    person = person and head not in STOPWORDS | NOT_NAMES | AGENTS | NUMBER_WORDS.keys()
    # an act that opens the sentence ("Signing of agent 3.1.0 was cancelled") is nobody
    person = person and not (head.endswith("ing") and re.match(r"\W*[A-Z][a-z]+ing of\b", text))
    if person and not any(head in n.literal.split() for n in names):
        # a capitalised subject is a name, first in its sentence or not ("Tobias does not ...")
        names = (*names, Named(head, (head,)))
    if verb in ("have", "receive") and any(not n.is_id for n in names):
        # a person who has or got a thing came to have it by a send or a delivery, whatever
        # the thing's own noun names ("Marit has the glaze schedule" is no schedule change)
        families |= {lx.SEND, lx.DELIVER_FILE}
        if says is None:
            # "Mirek still has no samples": possession stated or denied, whatever the noun
            says = "undone" if st.negated else "done"
    records = frozenset(kind for word, kind in RECORD_WORDS.items()
                        if re.search(rf"\b{word}\b", st.core))  # fmt: skip
    return ClaimReading(
        text=text,
        stance=st,
        segments=segments,
        stated=stated,
        subject=subject,
        verb=verb,
        subject_acts=subject_acts and person,
        head=head,
        says=says,
        negated=st.negated,
        names=names,
        asserted=asserted,
        families=families,
        acts=acts,
        events=_events(text, st),
        quantities=quantities(plain),
        topic=(roots(st.core) | roots(plain)) - roots(" ".join(AGENTS)),
        predicate=(roots(predicate_text) | roots(raw_predicate)) - name_roots,
        records=records,
        presence=presence,
    )
