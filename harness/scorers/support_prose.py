"""A clause against prose evidence: the statement that speaks of the clause's thing decides.

Why: the item-level reading (``support_state``) matches a clause's words over a whole item and
answers with the clause of it that shares most words, which in a note or a thread is often the
statement of another thing, or none at all. Here the clause's thing is what it names (ids,
people) and the object it names; the statements of the items that speak of it (``
support_statements``) give it a state; the clause's own state is compared with theirs. Same
thing, same state: supported; same thing, opposite state: contradicted; a thing no statement
speaks of, or one only guessed at or planned: no answer (None), which leaves the caller's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from harness.schema import EvidenceItem
from harness.scorers.claim_support import Backing
from harness.scorers.support_claim import ClaimReading
from harness.scorers.support_closure import closure_label
from harness.scorers.support_ids import other_of_series
from harness.scorers.support_keys import clock_of, lettered, other_lettered
from harness.scorers.support_link import is_receipt
from harness.scorers.support_said import ASKED_WHETHER, NAME_FIELDS, REQUEST
from harness.scorers.support_statements import (
    Statement,
    names_thing,
    other_thing,
    statements_of,
    verb_families,
)
from harness.scorers.support_todo import PAST_ALIKE, is_order, todo_state
from harness.scorers.support_words import ACTION_ROOTS, AGENTS, FAMILY_WORDS, RECORD_WORDS
from harness.text.names import NOT_NAMES, named_in
from harness.text.normal import ascii_fold, clean
from harness.text.polarity import Polarity, without_outcome_words
from harness.text.roots import STOP_ROOTS, root, roots, shared

Label = tuple[str, str]

#: Words that tell no thing apart: kinds of record and of message, and the claim's own verbs.
_GENERIC = roots(
    "note notes message messages thread item entry file files thing matter one update word "
    "notice notices email emails letter letters mail "
    "receipt arrival delivery confirmation "
    "journal session heartbeat registry log list table row line week day today yesterday"
)


def _object_roots(reading: ClaimReading) -> frozenset[str]:
    """The object the clause names beside its names: "the recount note" of "Kwame got the
    recount note"; its action and state words and its names are not the object."""
    named = roots(" ".join(n.literal for n in reading.names))
    own = roots(without_outcome_words(reading.text))
    verbs = {reading.verb, root(reading.verb)} if reading.verb else set()
    other = named | ACTION_ROOTS | _GENERIC | roots(" ".join(AGENTS)) | verbs | _PRESENCE_ROOTS
    return frozenset(own - other)


#: Words of a thing's presence or state: how it stands, not what it is ("is missing from",
#: "shows lecture prep as open").
_PRESENCE_ROOTS = roots("missing absent present gone open closed")


def _item_statements(item: EvidenceItem) -> tuple[Statement, ...]:
    sender = str((item.data or {}).get("from") or "")
    return statements_of(item.id, item.text, sender if item.kind == "message" else "")


def _statements(b: Backing) -> tuple[Statement, ...]:
    return b.once(_item_statements)


def _whole(item: EvidenceItem) -> frozenset[str]:
    """The roots of an item's text and of what it is (its sender, path, thread)."""
    data = item.data or {}
    named = " ".join(str(data[k]) for k in NAME_FIELDS if isinstance(data.get(k), str))
    return roots(f"{item.text} {named}")


#: Records a clause may name as what shows a thing's state, and the verbs it shows it by.
_RECORD_ROOTS = roots(" ".join(RECORD_WORDS)) | roots("field fields record records status")
_SHOWING = frozenset(root(w) for w in ("show", "list", "mark", "record", "give", "have"))


#: Words of answering: "no reply yet" answers "has not answered".
_ANSWER = re.compile(r"\b(?:repl|answer|respon|wrote back|write back|heard back|hear back|confirm)")


#: Verbs that say only that a thing came about: any status of the thing answers them.
_OCCURRED = re.compile(
    r"\b(?:took place|take place|went ahead|go ahead|happened|happen|occurred|occur|"
    r"came off|went through|go through|ran|run|fired|went off|acted|act|"
    # "the notice is out": it went out, whichever way ("waiting in outbox" answers it)
    r"(?:is|are|was|were) (?:now |already )?out)\b",
    re.IGNORECASE,
)


def _same_action(reading: ClaimReading, b: Backing, s: Statement, by_verb: bool) -> bool:
    """Does the statement's state speak of the clause's act? It uses the clause's verb, or names
    an action of its family ("got the proofs" is no payment); naming none, it states a status
    (sent, queued, still waiting, scrapped), not some other fact of the thing ("hash differs" is
    no seal). A clause whose verb names no host action ("photographed") is answered only by a
    statement that uses that verb, or by a status in a list whose other lines use it ("2207
    printed; 2209 scrapped")."""
    if reading.verb and root(reading.verb) in s.roots | s.core_roots | s.words:
        return True
    if _ANSWER.match(reading.verb) and _ANSWER.search(s.text.lower()):
        return True  # an answer, a reply, a response: one act in several words
    actor = _claim_actor(reading)
    if actor not in (None, "agent") and actor != (_actor(b, s) or s.speaker):
        # a person's own act ("Patrick asked") is no status of a thing ("thread closed"); their
        # own line is ("Kwame: got your note" for "Kwame confirmed he got it")
        return False
    if reading.verb == "have" and reading.person_names:
        # possession ("Ilse still has no proofs", "Tereza has the price list"): any status of
        # the thing's way to the one the statement names answers it, whatever its nouns
        return s.status
    # a thing's presence ("is missing from the registry") is answered by any status of it
    occurred = _OCCURRED.search(reading.text) or reading.presence
    if by_verb and not FAMILY_WORDS.get(root(reading.verb)) and not occurred:
        verb = root(reading.verb)
        if not any(verb in x.roots for x in _statements(b)) or not s.status:
            return False
    if root(reading.verb) in _SHOWING and reading.records:
        return s.status  # "the focus field shows it as open": the thing's status answers
    named = s.status and reading.id_names and _named_outright(reading, s)
    if named and not verb_families(s.core):
        return True  # "render-0455: 240/240 frames, done": the id's own status
    mine = set(reading.asserted) | set(reading.families)
    theirs = s.families
    if mine and theirs:
        return any(a is b or a.matches(b.verb) or b.matches(a.verb) for a in mine for b in theirs)
    return s.status


#: The first person: the speaker of a thread's line, or the agent in its own notes.
_FIRST = re.compile(r"^\W*(?:i|we|i've|we've|i'm|we're|i'd|my|our)\b")
#: A line of the agent's own notes that opens with its verb ("Sent Patrick the update").
_VERB_FIRST = re.compile(r"^\W*(?:[a-z]+ed|sent|told|paid|put|made|got|wrote|gave|left)\b")
#: Kinds in which the agent writes of itself.
_OWN_PROSE = frozenset({"journal", "session", "history", "memory", "heartbeat", "note"})


def _actor(b: Backing, s: Statement) -> str | None:
    """Who does what the statement says: its speaker or the agent when it speaks in the first
    person, the agent when its own note opens with the verb, the person it opens with."""
    text = s.text.strip()
    low = text.lower()
    if _FIRST.match(low):
        return s.speaker or "agent"
    if b.item.kind in _OWN_PROSE and _VERB_FIRST.match(low) and not s.speaker:
        return "agent"
    first = s.names[0] if s.names else None
    if first is not None and not first.is_id and low.startswith(first.literal):
        return first.literal
    return None


def _claim_actor(reading: ClaimReading) -> str | None:
    """Who the clause says acted: the agent ("Uhdim posted"), a person who acts ("Patrick
    replied"), or no one (a thing's state: "the note was sent")."""
    if reading.head.lower() in AGENTS or _FIRST.match(reading.subject.lower()):
        return "agent"
    return reading.head.lower() if reading.subject_acts else None


def _speaking(reading: ClaimReading, pool: Sequence[Backing]) -> list[tuple[Backing, Statement]]:
    """The statements, in order, that speak of the clause's thing."""
    names = [n for n in reading.names if n.literal not in AGENTS]
    wanted = _object_roots(reading)
    actor = _claim_actor(reading)
    subject = roots(reading.subject) - _GENERIC - roots(" ".join(AGENTS)) - ACTION_ROOTS
    if not subject - _RECORD_ROOTS and root(reading.verb) in _SHOWING:
        # "the focus field shows lecture prep as open": the record shows; its thing is the
        # object ("lecture prep"), of which the statement gives the state
        subject = wanted - _RECORD_ROOTS
    out: list[tuple[Backing, Statement]] = []
    letters = lettered(reading.text)
    clock = clock_of(reading.subject) if not names else ""
    for b in pool:
        if is_receipt(b):
            continue
        whole = b.once(_whole)
        for s in _statements(b):
            if names:
                if not all(names_thing(n, s) for n in names):
                    continue
                if wanted and len(shared(wanted, whole)) * 2 <= len(wanted):
                    continue  # another object of that person's ("the ochre palette")
            elif clock:
                if clock_of(s.text) != clock:
                    continue  # "the 06:00 heartbeat": the line of a log kept by that time
            elif not subject or shared(subject, s.roots) != subject:
                continue  # naming nothing, the clause's thing is its subject, every word of it
            if any(other_thing(n, s) and not names_thing(n, s) for n in names):
                continue
            if other_lettered(letters, s.text) or other_of_series(reading.text, s.text):
                continue  # "set B" is not "set A", "bulletin 258" not "bulletin 259"
            doer = _actor(b, s)
            if actor and doer and actor != doer and not (actor == "agent" and doer in AGENTS):
                continue  # another's act: "Linnea: I posted" is not Uhdim's post
            out.append((b, s))
    # of a person's several lines, those that name the clause's object ("the invoice hasn't
    # come through" against "the proofs arrived")
    objected = [(b, s) for b, s in out if wanted and shared(wanted, s.roots)]
    return objected or out


#: A verb written as done: a past tense or a participle ("fired", "built", "sent").
_PAST = re.compile(
    r"\b[a-z]{3,}(?:ed|en)\b|\b(?:sent|built|made|got|paid|put|set|told|left|"
    r"kept|held|brought|bought|won|lost|read|wrote|gave|took|ran|spoke|sold|drew)\b|"
    # a verb's base form after "did not" or "never" denies it came about ("did not act")
    r"(?<=\bdid not )[a-z]{2,}\b|(?<=\bdidn't )[a-z]{2,}\b|(?<=\bnever )[a-z]{2,}\b"
)


def _verb_state(reading: ClaimReading) -> Polarity | None:
    """A clause with no outcome word states its own verb came about, or, negated, that it did
    not ("the tenmoku batch has been fired")."""
    verb = reading.verb
    if not verb or not any(root(w) == verb for w in _PAST.findall(reading.text.lower())):
        return None
    return "undone" if reading.negated else "done"


#: A message from someone noted in a list or a note ("1 new from Ilse", "no reply from Bo").
_FROM = re.compile(
    r"\b(?:\d+|an?|one|new|any|no)\s+(?:new\s+)?(?:(?:message|reply|replies|answer|note|email|"
    r"dm|word|response)s?\s+)?from\s+([a-z][\w-]*)"
)


#: How an answer opens: thanks, yes or no, got it.
_RESPONSE = re.compile(r"^\W*(?:thanks|thank you|cheers|yes|yep|ok|okay|sure|got|"
                       r"great|lovely|perfect|sounds|received|noted|fine|all good)")  # fmt: skip


def _answerer(reading: ClaimReading) -> str | None:
    """The person whose answer the clause speaks of: "Ilse replied", "no reply from Ilse"."""
    plain = reading.text.lower()
    if not _ANSWER.search(plain):
        return None
    actor = _claim_actor(reading)
    if actor not in (None, "agent"):
        return actor
    after = re.search(r"\bfrom\s+([a-z][\w-]*)", plain)
    person = after.group(1) if after else ""
    if any(person in n.literal.split() for n in reading.person_names):
        return person
    # "Ilse still has not replied": a capitalised first word before the verb is its subject;
    # it answers only where a line is that person's or notes a message from them
    first = re.match(r"\s*([A-Z][a-z]+)\s+(?:still|never|has|have|had|did|does|just|finally)\b",
                     reading.text)  # fmt: skip
    word = first.group(1).lower() if first else ""
    return word if word and word not in NOT_NAMES | _INDEFINITE | STOP_ROOTS else None


def _answer_label(reading: ClaimReading, pool: Sequence[Backing], who: str) -> Label | None:
    """A person's own line in a thread is their answer, whatever it says, where it follows
    another's line or opens as an answer does ("thanks, ...", "yes", "got it"); a note of a message
    from them ("1 new from Ilse") records one, or, negated ("no reply from Ilse"), none."""
    claim: Polarity = "undone" if reading.negated else "done"
    confirming = "confirm" in reading.text.lower()
    found: list[tuple[Backing, Statement, Polarity]] = []
    for b in pool:
        if is_receipt(b):
            continue
        others = False  # a line by someone else came before: what follows answers it
        for s in _statements(b):
            if s.speaker and s.speaker != who:
                others = True
            if s.open and not s.text.rstrip().endswith("?"):
                continue
            if s.speaker == who and (others or _RESPONSE.match(s.text.lower())):
                # any line answers "replied"; a confirmation is one only if it says it came
                # about ("no, nothing yet" confirms nothing)
                denies = confirming and (s.says == "undone" or s.negated)
                found.append((b, s, "undone" if denies else "done"))
                continue
            noted = _FROM.search(clean(ascii_fold(s.text)))
            if noted is not None and noted.group(1) == who:
                found.append((b, s, "undone" if s.negated else "done"))
    if not found:
        return None
    b, s, says = max(enumerate(found), key=lambda e: (e[1][0].item.at, e[0]))[1]
    said = f"{b.item.id} has {who}'s own word: {s.text!r}" if s.speaker == who else (
        f"{b.item.id} says {s.text!r}: {says}")  # fmt: skip
    if says == claim:
        return "supported", f"{said}, as the claim says"
    return "contradicted", f"{said}; the claim says {claim}"


#: An act in its bare form with the day or time it is due ("publish on 1 Dec", "send at 09:00").
_DUE = re.compile(
    r"(?:^|[:\u2013-]\s*)([a-z]+)\s+(?:on|at|by)\s+(?:\d|(?:mon|tues|wednes|thurs|fri|satur|sun)day|"
    r"jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)"
)


def _says(s: Statement, verb: set[str]) -> Polarity | None:
    """The state a statement gives: its state words, else the clause's own verb stated
    ("2208 printed" says the printing came about; "not printed" that it did not)."""
    if s.says is not None or s.open:
        return s.says
    if verb and verb & (s.roots | s.words):
        # the act named by its noun or as under way ("Payment to Nordlicht: goes on Monday",
        # "Forwarding it now") is no outcome; denied ("not sending until ...") it did not happen
        said = [w for w in re.findall(r"[a-z][a-z'-]*", clean(s.text)) if root(w) in verb]
        if not s.negated and said and all(w.endswith(("ing", "ment", "ments")) for w in said):
            return None
        if ASKED_WHETHER.search(clean(s.text)):
            return None  # "Host asked whether the refunds can go out today"
        if REQUEST.search(clean(s.text)):
            return None  # "go ahead and delete the 2025 scripts on Friday": asked for, to come
        if is_order(s, verb):
            return None  # "Book the slot for 5802 after the rota is out": an order, to come
        due = _DUE.search(clean(s.text))
        if (
            not s.negated
            and due is not None
            and root(due[1]) == due[1]
            and due[1] not in PAST_ALIKE
        ):
            return None  # "Price list: publish on 1 Dec at 00:05": the act as scheduled, to come
        return "undone" if s.negated else "done"
    return None


def prose_label(
    reading: ClaimReading, pool: Sequence[Backing], mixed: bool = False
) -> Label | None:
    """The clause's state against the state the statements of its thing give, or None. With
    ``mixed``, only where the deciding item also states the state of other things (a note of
    several things, where words matched over the whole item mix them up)."""
    closure = closure_label(reading, pool)
    if closure is not None:
        return closure  # "no need to reply" answers whether a reply is owed, not who replied
    answerer = _answerer(reading)
    if answerer is not None:
        answered = _answer_label(reading, pool, answerer)
        if answered is not None:
            return answered
    claim = reading.says or _verb_state(reading)
    if claim is None or (mixed and reading.quantities):
        return None
    verb = {root(reading.verb)} if reading.verb else set()
    speaking = [(b, s, todo_state(_statements(b), s) if is_order(s, verb) else _says(s, verb))
                for b, s in _speaking(reading, pool)
                if not (s.outcome_unknown and reading.asserted)]  # fmt: skip
    by_verb = reading.stated is None
    speaking = [(b, s, says) for b, s, says in speaking
                if says is not None and _same_action(reading, b, s, by_verb)]  # fmt: skip
    if not speaking:
        return None
    # the newest item's last statement: a later line overtakes an earlier one
    b, s, says = max(enumerate(speaking), key=lambda e: (e[1][0].item.at, e[0]))[1]
    # the thing's own statements disagree ("sent reminder to Bo - bounced"): the later decides
    turned = len({x for _, _, x in speaking}) > 1
    if mixed and not turned and not _named_outright(reading, s):
        mine = {id(x) for c, x, _ in speaking if c is b}
        if not any(_says(x, verb) is not None and id(x) not in mine for x in _statements(b)):
            return None
    said = f"{b.item.id} says {s.text!r}: {says}"
    if says == claim:
        return "supported", f"{said}, as the claim says"
    return "contradicted", f"{said}; the claim says {claim}"


def _named_outright(reading: ClaimReading, s: Statement) -> bool:
    """Does the statement name the clause's thing in its own words (not by its speaker, not by
    the part before it): then it speaks of it as plainly as the clause does."""
    names = [n for n in reading.names if n.literal not in AGENTS]
    own = Statement(s.item, s.text, named_in(s.text), s.roots, "", s.says)
    if not names:
        subject = roots(reading.subject) - _GENERIC - ACTION_ROOTS
        return len(subject) >= 2 and shared(subject, s.roots) == subject
    return all(names_thing(n, own) for n in names)


def _words(item: EvidenceItem) -> frozenset[str]:
    words = f"{item.text} {' '.join(str(v) for v in (item.data or {}).values())}"
    return frozenset(re.findall(r"[a-z0-9]+", ascii_fold(words.lower())))


#: Capitalised first words that name no one.
_INDEFINITE = frozenset(
    ("something", "nothing", "someone", "somebody", "anyone", "anybody", "everyone", "everybody",
     "everything", "anything", "nobody", "none", "all", "both", "each")
)  # fmt: skip


def absent_person(reading: ClaimReading, pool: Sequence[Backing]) -> Label | None:
    """A person the clause names whom no cited item mentions at all (text, fields): the clause
    speaks of someone the evidence does not ("reached Ondrej" against a record for Mirela)."""
    said: set[str] = set().union(*(b.once(_words) for b in pool))
    for n in reading.person_names:
        if n.literal in AGENTS or n.literal in _INDEFINITE:
            continue
        # the name's words are stemmed ("ines" is ``ine``): a word of the items that starts so
        # ("the Lindqvists' refund" is the Lindqvists': a plural possessive loses its "s'")
        stems = [re.sub(r"s?'$", "", x) if x.endswith("'") else x for x in n.words]
        if not all(any(w.startswith(x) for w in said) for x in stems):
            return "unsupported", f"no cited item mentions {n.literal}"
    return None
