"""Prose evidence read statement by statement, for the thing a claim speaks of.

Why a module of its own: a note, a thread, a heartbeat list or a table flattened into text states
several things at once ("1001 and 1002 finished; 1004 was abandoned", "Ana: got it | Bo: no reply
yet"). Matching a claim's words over the whole text mixes their states. Here the text is split
into statements (lines, list items, table rows, sentences, the parts of a sentence that name a
thing each), the statements that speak of the claim's thing (its ids and names, and the object it
names) are found, and the state each gives that thing is read (done, or not: queued, failed, "no
reply yet", a negation). A plan, a question or a hedge in a statement is no outcome; a statement
of another id of the same series speaks of another thing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from harness.scorers.completion.lexicon import Action
from harness.scorers.support_said import (
    ASKED_WHETHER,
    COUNTERFACTUAL,
    EARLIER_ATTEMPT,
    HEDGE_WORDS,
    PLAN_WORDS,
    UNKNOWN_STATE,
)
from harness.scorers.support_words import PREDICATE_START, VERB_WORDS, families_of
from harness.text.names import Named, named_in, target_words
from harness.text.normal import ascii_fold, clean
from harness.text.polarity import Polarity, polarity
from harness.text.roots import root, roots
from harness.text.sentences import sentences
from harness.text.stance import stance

#: A list bullet or a number that opens a list item.
_BULLET = re.compile(r"^\s*(?:[-*\u2022>]|\d{1,2}[.)])\s+")
#: Where one statement of a sentence ends and the next begins.
_JOINS = re.compile(
    r";\s*|\s+(?:but|whereas|while|although|though)\s+|\s+[-\u2013\u2014]\s+|"
    # a question after a comma is a statement of its own ("..., did something go wrong?")
    r",\s+(?=(?:did|do|does|is|are|was|were|can|could|has|have|will|would)\b[^,]*\?\s*$)|"
    # and a short ask at the end ("... still haven't shown up, resend?", "..., or not?")
    r",\s+(?=[\w']+(?:\s+[\w']+)?\?\s*$)|"
    # so is a plan after a comma or an unbroken sentence end ("I cancelled the note, she'll hear
    # it in person", "got them, thanks! will print monday"): what is still to come leaves what
    # was done a statement of fact
    r"(?:,|(?<=[.!?]))\s+(?=(?:i|he|she|we|they|you)?\s*(?:'ll|will|shall|must|going to)\b)"
)
#: A comma outside brackets: list items in a run ("spiral-6 live, spiral-7 queued").
_COMMA = re.compile(r",\s+(?![^()]*\))(?:and\s+)?")
#: A table's separator row ("---|---").
_RULE = re.compile(r"^[\s|:+-]+$")
#: A speaker's prefix in a thread or a session ("Noor: ...", "[10:02] Ilse: ...").
_SPEAKER = re.compile(r"^\s*(?:\[[^\]]*\]\s*)?([A-Z][\w'-]+)\s*:\s+")
#: Hedges: the statement guesses; a guess proves nothing either way.
_HEDGE = re.compile(rf"\b(?:{HEDGE_WORDS}|appears?|should have|not sure|unconfirmed|unverified)\b")
#: Plans, intentions and asks: no outcome yet.
_PLAN = re.compile(
    rf"\b(?:{PLAN_WORDS}|planned|planning|next week|to do|todo|need(?:s)? to|should|want(?:s)? to|"
    r"would like|let's|remember to)\b|'ll\b|^\s*(?:plan|next|to-?do|reminder to)\b"
)
#: An attempt: no outcome of its own ("tried to merge fix/x; CI red, merge aborted"), unless
#: the same part gives one ("tried to deliver it, failed").
_ATTEMPT = re.compile(r"\b(?:tried|tries|trying|attempted|attempting) to\b")
_TRIED_AND = re.compile(
    r"\b(?:fail\w*|abort\w*|error\w*|bounced|rejected|refused|denied|expired|cancel\w*|"
    r"timed out|succeeded|worked|went through)\b"
)
#: States prose gives a thing that the stance lexicon does not name, by polarity. Each is read
#: with the statement's own negation ("not yet live").
_UNDONE_WORDS = re.compile(
    r"\b(?:abandoned|aborted|scrapped|discarded|withdrawn|dropped|suppressed|shelved|postponed|deferred|parked|skipped|held|on hold|draft|"
    r"unanswered|unreplied|overdue|not yet|yet to|waits|no reply|no answer|no response|no word|"
    r"nothing (?:back|yet|from)|still (?:open|waiting|pending|queued|out|unsent|to)|"
    r"in progress|in_progress|to be|not started|not begun|unstarted|missing|lost|stuck|errored|error|broken|open|todo|"
    r"unpaid|unsent|unread|undelivered|not sent|not delivered|not done|returned|blocked|"
    # a log's verdict in capitals ("-> ERR signer offline", "threshold 1.0 deg - FAIL")
    r"fail|err|crashed|rejected|refused|denied)\b"
)
_DONE_WORDS = re.compile(
    r"\b(?:shipped|answered|replied|approved|accepted|fixed|signed|went live|is live|are live|"
    r"now live|out now|handed|ok|okay|all good|arrived|(?:came|come|comes|gone) through|"
    r"came (?:in|today|yesterday|this morning|back)|(?:have|has) come|turned up|showed up|shown up|show up|"
    r"(?:have|has|had) had|had (?:any|the|your|a|an)|heard (?:from|back)|received|got it|got them|"
    r"in hand|thanks for|thank you for|filed|done|complete|completed|finished|sent|delivered|"
    r"paid|merged|published|posted|sealed|registered|rendered|uploaded|logged|closed|resolved|"
    r"acknowledged|confirmed|booked|scheduled|cleared|settled|yes|checked|verified|passed)\b"
)


@dataclass(frozen=True)
class Statement:
    """One statement of an item: its words, what it names, and the state it gives."""

    item: str
    text: str
    names: tuple[Named, ...]
    roots: frozenset[str]
    #: The speaker of a thread's line ("Noor: ..."): "I" and "my" are theirs.
    speaker: str
    #: The state it gives what it names; None for a plan, a question, a hedge or no state word.
    says: Polarity | None
    #: It is negated (an odd number of negations), and it plans, asks or guesses (no outcome).
    negated: bool = False
    open: bool = False
    #: Its stance core (attributive participles out), that core's roots, the action families
    #: its words name, and whether it gives a status rather than another fact of its thing.
    core: str = ""
    core_roots: frozenset[str] = frozenset()
    families: frozenset[Action] = frozenset()
    status: bool = False
    #: The root of every word as written, reporting words too ("wrote" is ``writ``).
    words: frozenset[str] = frozenset()
    #: Its sentence says the outcome is not known ("...; delivery state unknown"): what
    #: happened on the way stands, the outcome of the act does not.
    outcome_unknown: bool = False


def _cells(line: str, header: list[str]) -> str:
    """A table row as a statement: each cell after its column's name ("status sent")."""
    cells = [c.strip() for c in line.strip().strip("|").split("|")]
    if header and len(header) == len(cells):
        return ", ".join(
            f"{h} {c}" if i else c for i, (h, c) in enumerate(zip(header, cells, strict=True))
        )
    return ", ".join(c for c in cells if c)


#: A thing's state given as who holds it ("proofs: with Hana", "draft - now with the printer").
_WITH_SOMEONE = re.compile(r"(?::|\s-)\s*(?:now\s+|already\s+)?with\s+(?!no\b|none\b)[a-z]")
#: "not yet" standing alone, as a state ("not yet, waiting on the printer"), or with the act it
#: denies ("upload queued at 06:40, not started yet": the negation is the act's own, and turns no
#: other state word round).
_NOT_YET_ALONE = re.compile(
    r"\bnot yet\b(?=\s*(?:[,;:.!]|\s-\s|$))|"
    r"\bnot (?:yet )?(?:started|begun|sent|delivered|uploaded|sealed|paid|published|posted|merged|"
    r"registered|rendered|done)\s+yet\b"
)
_HEADER_WORDS = re.compile(r"\b(?:status|state|item|name|id|who|what|when|date|target|result)\b")


def _lines(text: str) -> list[tuple[str, bool]]:
    """The text's lines, list bullets off, table rows as statements of their cells (and
    whether the line is a row: a row is one statement, whatever commas its cells hold)."""
    out: list[tuple[str, bool]] = []
    header: list[str] = []
    # a table flattened into one line keeps its rows apart with "||" ("a | b || c | d")
    for raw in [r for line in text.splitlines() or [text] for r in line.split("||")]:
        line = _BULLET.sub("", raw).strip()
        if not line or _RULE.match(line):
            continue
        if line.count("|") >= 1:
            cells = [c.strip().lower() for c in line.strip("|").split("|")]
            if (
                not header
                and all(_HEADER_WORDS.search(c) or not c for c in cells[1:])
                and any(_HEADER_WORDS.search(c) for c in cells)
            ):
                header = cells
                continue
            out.append((_cells(line, header), True))
            continue
        header = []
        out.append((line, False))
    return out


def uncommitted(text: str) -> bool:
    """Does the text ask, guess or plan, rather than state? A question's first part, cut from
    its end at a comma ("did you get the files, or not?"), still asks."""
    plain = clean(ascii_fold(text))
    return text.rstrip().endswith("?") or bool(
        _HEDGE.search(plain)
        or _PLAN.search(plain)
        or _ASKS.match(plain)
        or (_ATTEMPT.search(plain) and not _TRIED_AND.search(plain))
    )


#: How a question opens: an auxiliary before its subject ("did you", "has she").
_ASKS = re.compile(r"^\W*(?:did|do|does|can|could|will|would|is|are|was|were|has|have)\s+"
                   r"(?:you|he|she|they|we|it|i|anyone|anybody)\b")  # fmt: skip


#: Words that head a line without being anyone's name.
_HEADS = frozenset(("note", "notes", "plan", "next", "todo", "status", "update", "summary",
                    "today", "yesterday", "tomorrow", "result", "results", "outcome", "waiting",
                    "blocked", "log", "journal", "session", "heartbeat", "reminder", "focus",
                    "thread", "re", "subject", "fyi", "ps", "also", "later", "earlier"))  # fmt: skip


def _names_one(word: str) -> bool:
    """Is a line's capitalised head a speaker, not a state or a heading ("Pending:")?"""
    low = word.lower()
    return low not in _HEADS and _state(low) is None and not _PLAN.search(low)


def _state(text: str) -> Polarity | None:
    plain = EARLIER_ATTEMPT.sub("", clean(ascii_fold(text)))
    if COUNTERFACTUAL.search(plain):
        return "undone"  # "would have messaged her; held for quiet hours": it did not happen
    if uncommitted(text) or ASKED_WHETHER.search(plain):
        return None
    if _WITH_SOMEONE.search(plain):
        return "done"  # "catalogue copy: with Hana since Monday": it reached them
    if _NOT_YET_ALONE.search(plain):
        # "patrick - not yet, he's not on the list": the "not yet" is the thing's state; the
        # negations of the reasons after it turn nothing round
        return "undone"
    st = stance(plain)
    if st.says is not None:
        return st.says
    undone, done = _UNDONE_WORDS.search(plain), _DONE_WORDS.search(plain)
    if undone is None and done is None:
        return None
    base: Polarity = "undone" if undone is not None else "done"
    # an undone word that holds its own negation ("no reply", "not started", "missing", which
    # the stance reads as "not present") is not turned
    if st.negated and not (undone is not None and re.search(r"\bno\b|\bnot\b|\bnothing\b|\byet to\b|"
                                                             r"missing", undone[0])):  # fmt: skip
        return "done" if base == "undone" else "undone"
    return base


def verb_families(core: str) -> frozenset[Action]:
    """The action families a statement's verbs name ("sent", "merged"); its nouns ("frames",
    "notes") name none here: a noun is what it speaks of, not what it says came about."""
    return families_of(" ".join(w for w in re.findall(r"[a-z][a-z'-]*", core) if w in VERB_WORDS))


#: A comma's last run that is only an absence: "no conflicts", "no new errors". Not a courtesy
#: ("no need to reply", "no rush at all"), which speaks of what the writer asks, not what is.
_ABSENCE_RUN = re.compile(
    r"^\s*no\s+(?!(?:need|rush|hurry|worries|worry|problem|problems|pressure|stress)\b)"
    r"[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,2}\s*\.?\s*$",
    re.IGNORECASE,
)


def _pieces(sentence: str) -> list[str]:
    """A sentence's statements: at ";" and "but", and at commas when the parts name a thing
    each ("spiral-6 live, spiral-7 queued"); a part naming nothing stays with the one before."""
    out: list[str] = []
    held = ""
    for part, join in _joined(sentence):
        if not part.strip(" ."):
            continue
        if held:
            part, held = f"{held} - {part}", ""
        elif join.strip() in _DASHES and _heads_only(part):
            # "patrick - not yet": a bare name or noun before a dash heads what follows
            held = part.strip()
            continue
        runs = [p for p in _COMMA.split(part) if p.strip(" .")]
        # "captions: closed, price-list: in progress": each "key: value" names its own thing
        named = [bool(named_in(p) or _KEYED.match(p)) for p in runs]
        if len(runs) > 1 and sum(named) >= 2:
            merged: list[str] = []
            for run, has in zip(runs, named, strict=True):
                if merged and not has:
                    merged[-1] = f"{merged[-1]}, {run}"
                else:
                    merged.append(run)
            out.extend(merged)
        elif len(runs) > 1 and _ABSENCE_RUN.match(runs[-1]):
            # "merged glaze-db at 18:02, no conflicts": the "no" counts the conflicts, it does
            # not undo the merge
            out.extend([", ".join(runs[:-1]), runs[-1].strip()])
        else:
            out.append(part)
    if held:
        out.append(held)
    return out


#: A run that gives a key and its value ("price-list: in progress").
_KEYED = re.compile(r"^\s*[\w][\w '-]{0,40}:\s+\S")
_DASHES = frozenset("-\u2013\u2014")


def _joined(sentence: str) -> list[tuple[str, str]]:
    """The sentence's parts at ``_JOINS``, each with the join that follows it."""
    out: list[tuple[str, str]] = []
    at = 0
    for m in _JOINS.finditer(sentence):
        out.append((sentence[at : m.start()], m.group(0)))
        at = m.end()
    out.append((sentence[at:], ""))
    return out


#: A part of one to three words: perhaps only the head of a dash.
_HEAD_ONLY = re.compile(r"[\w'.-]+(?:\s+[\w'.-]+){0,2}")
_PRONOUNS = re.compile(r"\b(?:i|it|he|she|we|they|you|them|him|her)\b")


def _heads_only(part: str) -> bool:
    """Is the part only a name or a noun that heads what follows its dash ("patrick - not
    yet")? A short part with a verb, a pronoun or a state of its own ("held it back - ...",
    "sent - bounced") states something itself."""
    plain = clean(ascii_fold(part)).strip()
    return bool(_HEAD_ONLY.fullmatch(plain)) and not (
        PREDICATE_START.search(plain) or _PRONOUNS.search(plain) or _state(plain) is not None
    )


@lru_cache(maxsize=4096)
def statements_of(item: str, text: str, sender: str = "") -> tuple[Statement, ...]:
    """The statements of an item's text, each with its names, its speaker and its state."""
    found: list[Statement] = []
    for line, row in _lines(text):
        who = _SPEAKER.match(line)
        if who is not None and not _names_one(who.group(1)):
            who = None  # "Pending: reply to Ondra", "Done: ..." head a line; no one speaks
        speaker = who.group(1).lower() if who else sender.lower()
        body = line[who.end() :] if who else line
        for sentence in sentences(body):
            before: tuple[Named, ...] = ()
            # "...; delivery state unknown": the sentence commits to no outcome, in any part
            unknown = UNKNOWN_STATE.search(clean(ascii_fold(sentence))) is not None
            for piece in [sentence] if row else _pieces(sentence):
                plain = clean(ascii_fold(piece))
                st = stance(plain)
                names = named_in(piece)
                if not names and not re.search(r"\d", piece):
                    # "Asked Jiri about the frames; no reply yet": a part that names nothing
                    # goes on speaking of what the part before it named
                    names = before
                before = names
                found.append(Statement(item, piece, names, roots(piece), speaker,
                                       _state(piece), st.negated, uncommitted(piece), st.core,
                                       roots(st.core), families_of(st.core),
                                       status_word(piece, st.core),
                                       frozenset(root(w) for w in re.findall(r"[a-z]+", plain)),
                                       unknown))  # fmt: skip
    return tuple(found)


def _stem(word: str) -> str:
    """A word as ``Named`` keeps a name's words: a plural's "s" off ("proofs" is ``proof``)."""
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


def names_thing(n: Named, s: Statement) -> bool:
    """Does the statement name ``n`` (its id with that number, or the person, or its speaker)?"""
    if n.is_id:
        for m in s.names:
            if m.number == n.number and (not m.words or not n.words or m.words[0] == n.words[0]
                                         or m.words[0].startswith(n.words[0][:3])):  # fmt: skip
                return True
        words, numbers = target_words(clean(s.text))
        # a bare number of three digits or more is the id written short ("1004 was abandoned")
        return n.number in numbers and (not n.words or n.words[0] in words or n.number >= 100)
    said = {_stem(w) for w in re.findall(r"[a-z0-9]+", ascii_fold(s.text.lower()))}
    if set(n.words) <= said or n.literal == s.speaker:
        return True
    if any(not m.is_id and set(n.words) <= set(m.words) for m in s.names):
        return True  # named in the part before, which this part goes on speaking of
    return bool(s.speaker) and set(n.words) <= set(re.split(r"[\s_-]+", s.speaker))


def other_thing(n: Named, s: Statement) -> bool:
    """Does the statement name another id of the same series (render-1001 for render-1004)?"""
    if not n.is_id:
        return False
    return any(
        m.is_id and m.number != n.number and (not m.words or not n.words or m.words == n.words)
        for m in s.names
    )


def status_word(text: str, core: str) -> bool:
    """Does the statement give a status (sent, queued, still waiting, scrapped, no reply yet),
    rather than some other fact of its thing? ``core`` is its stance core, attributive
    participles ("the sealed value") out."""
    plain = clean(ascii_fold(text))
    return bool(_UNDONE_WORDS.search(plain) or _DONE_WORDS.search(core) or polarity(core)
                or _WITH_SOMEONE.search(plain) or _NOT_YET_ALONE.search(plain))  # fmt: skip
