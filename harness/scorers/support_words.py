"""The words a claim is read with: negations spelt without "not", verbs and nouns of the action
families, words that open a predicate, and the parts a negation stays in.

Built from the project's own lexicons (the completion detector's families, done-labels and
progressive forms, the reference runner's action words), not copied from them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from harness.scorers.completion import lexicon as lx
from harness.scorers.completion.lexicon import FAMILIES, Action, verb_family
from harness.text.normal import ascii_fold, clean
from harness.text.polarity import Polarity
from harness.text.prose import ACTION_WORDS
from harness.text.roots import root, roots
from harness.text.stance import stance

#: The agents and the first person: a claim's own voice, never a target it names.
AGENTS = frozenset({"vojan", "uhdim", "sophobot", "pi", "i", "we", "host", "the host"})
#: Evidence kinds a claim may speak of as a record ("the journal has an entry", "the registry
#: lists", "the last heartbeat"): such a clause is about that record, when one is cited.
RECORD_WORDS: dict[str, str] = {
    "journal": "journal", "registry": "registry", "heartbeat": "heartbeat", "focus": "focus",
    "reminder": "reminder", "history": "history", "session": "session", "memory": "memory",
    # the books a business keeps its entries in are its journal; a register is its registry
    "diary": "journal", "order book": "journal", "logbook": "journal",
    "notebook": "journal", "case book": "journal", "day book": "journal",
    "job book": "journal", "register": "registry",
}  # fmt: skip
#: "X is in storage", "still exists": presence of a thing, which a deletion ends.
PRESENCE = re.compile(
    r"\b(?:exists?|existing|present|remains?|still (?:there|here|around|in|on|at|up|online|live|listed)|"
    r"(?:is|are|sits?|lives?)\s+(?:still\s+)?(?:in|on)\s+(?:the\s+)?[\w-]+|"
    # a file that "landed in output" or "ended up in the drop" is there now
    r"(?:landed|ended up)\s+in\s+(?:the\s+)?(?:output|folder|directory|dir|bucket|drop|"
    r"storage|disk|archive)s?)\b"
)
#: Words that open a predicate: a clause's subject ends where the first of these starts. The
#: irregular past tenses are there because a claim's verb is as often "wrote" or "sold" as a
#: regular "-ed" one; a prefix joined by a hyphen ("re-sealed", "co-signed") is part of the verb.
PREDICATE_START = re.compile(
    r"\b(?:(?:re|un|pre|co|over|mis)-)?"
    r"(?:is|are|was|were|has|have|had|do|does|did|will|would|can|could|should|shows?|"
    r"contains|lists|carries|lacks|needs|wants|asked|asks|got|gets|drifts|meets|met|"
    r"reached|holds|took|takes|ran|runs|went|goes|remains|stays|uses|started|starts|"
    r"came|comes|found|made|gave|left|kept|held|sent|paid|said|says|told|saw|brought|bought|"
    # "set 5", "set B" name a set: "homework set 5 was uploaded" is passive
    r"began|became|put|set(?!\s+(?:\d|[b-hj-z]\b))|skipped|spoke|sold|built|drew|chose|heard|knew|thought|"
    r"taught|forgot|understood|[a-z]{3,}ed|"
    # "wrote to confirm the prints arrived", "wrote that ...": a report of what the writer
    # said, whose own predicate is the one that counts
    r"wrote(?!\s+(?:that|to\s+(?:say|confirm|ask|report|tell|let))\b))\b"
)
#: Words read as plainer ones, on both sides: negations without "not" ("skipped the check" did
#: not do it, "lacks a seal" has none, "nowhere on the feed" is not on it, "accidental" is not
#: intended, "still without" does not have) and idioms of an action ("signed off on" approved,
#: "is out on the feed" published there).
_NEGATING: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\b(?:skipped|omitted|missed|neglected)\b"), "did not do"),
    (re.compile(r"\b(?:lacks|lack|lacked)\b"), "has no"),
    (re.compile(r"\blacking\b"), "without"),
    # "signed off on the palette" is approving it, not putting a signature on it
    (re.compile(r"\bsign(?:ed|s)? off(?: on)?\b"), "approved"),
    # "part 4 is out on the feed": out where readers see it is published there
    (re.compile(r"\b(is|are|was|were) (?:now )?out on\b"), r"\1 published on"),
    # "Sindre is still without the measurements": he does not have them
    (re.compile(r"\b(?:is|are|was|were)\s+(still\s+)?without\b"), r"\1does not have"),
    (re.compile(r"\bnowhere\b"), "not anywhere"),
    # "the ack sits in the queue": a thing in a queue is queued, not a file present somewhere
    (
        re.compile(
            r"\b(?:sits?|is|are|was|were|remains?|stays?)\s+(?:still\s+)?in\s+"
            r"(?:the\s+|a\s+)?(?:[\w-]+\s+)?queue\b"
        ),
        "is queued",
    ),
    # "ledger-tools is in main": a branch in the trunk is one merged into it
    (
        re.compile(
            r"\b(is|are|was|were)\s+(not\s+)?(?:yet\s+|now\s+|already\s+)?in\s+"
            r"(main|master|trunk)\b"
        ),
        r"\1 \2merged into \3",
    ),
    (
        re.compile(
            r"\b(?:accidental(?:ly)?|unintended|unintentional(?:ly)?|by accident|"
            r"by mistake)\b"
        ),
        "not intended",
    ),
    (re.compile(r"\bon purpose\b"), "intended"),
    # a change "marked as corruption" is one recorded as not meant: corruption is damage no
    # one intended, the opposite of a drift registered as intended
    (
        re.compile(
            r"\b(?:marked|recorded|registered|logged|flagged|filed)\s+as\s+(?:an?\s+)?"
            r"(?:corruption|corrupt|damage|damaged|an error|error|fault)\b"
        ),
        "not intended",
    ),
    # the apostrophe left out ("didnt go out"), as writers in a hurry do
    (re.compile(r"\b(do|did|does|has|have|had|was|were|is|are|could|would|should)nt\b"), r"\1 not"),
    (re.compile(r"\b(?:wont)\b"), "will not"),
    (re.compile(r"\b(?:cant)\b"), "can not"),
)
#: Verbs by which the one who receives something has it: "Marek has received", "Hanne got".
RECEIVING = frozenset({"receive", "have", "has", "had", "hold", "own", "be"})
#: Verbs of an outcome, said of a thing or a person alike ("the render finished", "the note
#: went out"): not an act of the subject.
_OUTCOME_WORDS = """succeeded failed bounced went finished completed landed arrived stalled
    crashed errored cleared ran started broke worked happened ended stopped passed timed"""
OUTCOME_VERBS = frozenset(root(w) for w in _OUTCOME_WORDS.split())
AUX = frozenset({"has", "have", "had", "did", "does", "do", "not", "never", "already", "just",
                  "also", "still", "yet", "now", "finally", "only"})  # fmt: skip
BE = frozenset({"is", "are", "was", "were", "been", "be", "being", "'s"})
#: A response event is the act of the one it names first (its subject), unless that is the
#: agent itself ("I replied" is the agent's own send).
FIRST_PERSON = re.compile(r"^\W*(?:i|we|vojan|uhdim|i've|we've)\b")
#: Phrases whose negative word negates nothing ("not only", "no doubt"): the completion
#: detector's list, removed before a clause's polarity is read.
_NOT_NEGATIONS = lx.NOT_NEGATIONS
_ID_TOKEN = re.compile(r"(?<![\w-])[\w]+(?:-[\w]+)*-?\d[\w-]*")


def _word_families() -> dict[str, frozenset[Action]]:
    """Roots of the words that name each action family: the lexicon's receipt stems and
    done-labels, the reference runner's action words, progressive forms."""
    found: dict[str, set[Action]] = {}

    def add(word: str, family: Action | None) -> None:
        if family is not None:
            for part in word.split():
                found.setdefault(root(part), set()).add(family)

    for family in FAMILIES:
        for stem in {*family.stems, family.verb.rpartition(".")[2]}:
            add(stem, family)
    for verb, words in ACTION_WORDS.items():
        for word in words:
            add(word, verb_family(verb))
    for word, family in [*lx.LABEL_WORDS.items(), *lx.PROGRESSIVE.items()]:
        add(word, family)
    # a feed or a release withdrawn or yanked is deleted from where it was published
    for word in ("withdraw", "withdrawn", "yank", "yanked"):
        add(word, lx.DELETE)
    add("pushed", lx.UPLOAD)  # an image or a build pushed to a registry is uploaded there
    return {word: frozenset(families) for word, families in found.items()}


FAMILY_WORDS = _word_families()
#: Roots that name an outcome or a state, never an action's family ("done", "closed"), and
#: the words of asking, which the reference runner counts as a send but which are the act of
#: whoever asks ("Bruno asked for a link" is no send to Bruno).
STATE_ROOTS = frozenset(
    root(w) for w in ("done", "complete", "completed", "finished", "closed", "went", "asked",
                      "request")
)  # fmt: skip
#: Words of absence: "one plate is missing" counts what is absent, it negates nothing.
MISSING = re.compile(r"\b(?:missing|absent|lacking|not present)\b")
#: Where the parts of a clause end: a negation or an outcome word speaks only of its part
#: ("message.send to yara: failed - recipient not found": the failure is not negated).
_SEGMENT = re.compile(
    r"[,;:]\s+|\s+-\s+|\s+\u2014\s+|\s+(?:but|so|because|while|whereas|and then)\s+"
)
#: A part that plans, allows or sets a condition states no outcome ("once Daim settles it").
_UNCOMMITTED = re.compile(
    r"\b(?:if|once|unless|until|will|would|should|could|might|may|shall|going to|"
    r"plans? to|tomorrow)\b|'ll\b"
)


@dataclass(frozen=True)
class Segment:
    """One part of a clause, with its own negation and the outcome it states."""

    text: str
    roots: frozenset[str]
    negated: bool
    says: Polarity | None


#: Outcomes a claim states in words of its own, by polarity.
_CLAIM_STATES: tuple[tuple[re.Pattern[str], Polarity], ...] = (
    # a thing still being worked on is not done
    (re.compile(r"\b(?:in progress|in_progress|underway|under way|ongoing)\b"), "undone"),
    # "has yet to receive", "is yet to go out": not yet, whatever the verb
    (re.compile(r"\b(?:has|have|had|is|are|was|were)\s+yet\s+to\s+(?!be\b)"), "undone"),
    # "didn't make it to Greta", "never made it through": it did not arrive
    (re.compile(r"(?:\bnot|\bnever|n't)\s+(?:make|made)\s+it\b"), "undone"),
    (re.compile(r"\bmade it\s+(?:to|through|in|over)\b"), "done"),
    # "sits in the outbox", "is still in drafts": not sent
    (re.compile(r"\b(?:sits?|sitting|is|are|was|were|remains?|stays?)\s+(?:still\s+)?"
                r"(?:sitting\s+)?in\s+(?:the\s+|my\s+|our\s+)?(?:outbox|drafts?)\b"), "undone"),
    # "the notice is out": it went out ("out of stock", "out on the feed" are other things)
    (re.compile(r"\b(?:is|are|was|were)\s+(?:now\s+|already\s+)?out\b(?!\s+(?:of|on)\b)"),
     "done"),
)  # fmt: skip
#: Forms above that hold their own negation: the clause's "not" is theirs, not a turn.
_SELF_NEGATED = re.compile(r"\byet\s+to\b|(?:\bnot|\bnever|n't)\s+(?:make|made)\s+it\b")


def segments_of(plain: str) -> tuple[Segment, ...]:
    """The parts of already ``plain_negations``-read text, each read for its own stance."""
    found: list[Segment] = []
    for part in _SEGMENT.split(plain):
        if part.strip(" ."):
            st = stance(part)
            says = None if _UNCOMMITTED.search(part) else st.says
            if says is None and not _UNCOMMITTED.search(part):
                # outcomes said in words the stance does not read ("is still in progress",
                # "has yet to receive", "didn't make it", "sits in the outbox", "is out");
                # read on the claim's side only, where the clause speaks of one thing (an
                # item's list of several is read statement by statement)
                says = next((ps for pattern, ps in _CLAIM_STATES if pattern.search(part)), None)
                if says is not None and st.negated and not _SELF_NEGATED.search(part):
                    says = "done" if says == "undone" else "undone"
            found.append(Segment(part, roots(st.core) | roots(part), st.negated, says))
    return tuple(found)


def stated_by(segments: Sequence[Segment]) -> Polarity | None:
    """The outcome the parts state in words; where they differ, the open one ("sent, waiting
    on the bindery")."""
    said = {seg.says for seg in segments if seg.says is not None}
    return None if not said else ("undone" if "undone" in said else "done")


#: An un-word before a noun ("three unread messages", "the unpaid invoice") names a kind of
#: thing; only one in the predicate ("the invoice is unpaid") negates the clause.
_ATTRIBUTIVE_UN = re.compile(
    r"\bun(?=(?:read|paid|sent|seen|done|signed|\w{3,}ed)(?:\s+(?!(?:by|to|from|since|for|and|or|"
    r"in|at|on|yet|as|so|but|because|until|after|before|now|still|either)\b)[a-z]|-[a-z]))"
)
#: A language pair ("the DE>NO ad", "EN/FR"): two codes, the second of which may read as "no".
_LANGUAGE_PAIR = re.compile(r"\b([a-z]{2})\s*(?:>|->|\u2192|/)\s*([a-z]{2})\b")

#: A state word between a determiner and its noun after a preposition ("told about the bounced
#: confirmation") names which thing, not how the clause's act went: it is glued to its noun so no
#: stance reads it (its roots stay the clause's topic). As the subject ("the queued message is
#: addressed to Renata") it may be all the clause says of the act, so it stays.
_ATTRIBUTIVE_STATE = re.compile(
    r"\b(about|of|for|on|to|with|from|regarding|into|onto|over|re)\s+"
    r"(the|a|an|this|that|these|those|its|their|his|her|our|my|your)\s+(bounced|failed|queued|"
    r"pending|rejected|cancell?ed|declined|returned|delayed|stalled)\s+(?!(?:by|to|from|since|for|"
    r"and|or|in|at|on|yet|as|so|but|because|until|after|before|now|still|either|is|are|was|were|"
    r"has|have|had|will|again|twice)\b)(?=[a-z])"
)


def plain_negations(text: str) -> str:
    """``clean`` text with negating words spelt as negations ("lacks" as "has no")."""
    plain = _NOT_NEGATIONS.sub(" ", clean(ascii_fold(text)))
    plain = _LANGUAGE_PAIR.sub(r"\1_\2", plain)
    plain = _ATTRIBUTIVE_UN.sub("un-", plain)
    plain = _ATTRIBUTIVE_STATE.sub(r"\1 \2 \3_", plain)
    for pattern, replacement in _NEGATING:
        plain = pattern.sub(replacement, plain)
    return plain


def _verb_words() -> frozenset[str]:
    """Words that are verbs of an action (not nouns that name one, like "notes"): the lexicon's
    receipt stems with their past forms, done-labels, progressive forms, and past forms of the
    reference runner's action words."""
    words: set[str] = set()
    for family in FAMILIES:
        for stem in {*family.stems, family.verb.rpartition(".")[2]}:
            words |= {stem, f"{stem}ed", f"{stem}d", f"{stem}s"}
    words |= set(lx.LABEL_WORDS) | set(lx.PROGRESSIVE) | {"sent", "paid", "live", "gone out"}
    words |= {w for ws in ACTION_WORDS.values() for w in ws if w.endswith("ed")}
    return frozenset(words)


VERB_WORDS = _verb_words()
#: The forms of those that state the action came about ("merged", not "the merge").
DONE_WORDS = frozenset(
    w for w in VERB_WORDS if w.endswith(("ed", "ing")) or w in lx.LABEL_WORDS
) | {"sent", "paid", "live", "gone out", "put", "made", "set up"}


def families_of(core: str) -> frozenset[Action]:
    """Families the words of the clause name; ids ("render-0412") are names, not actions."""
    masked = _ID_TOKEN.sub(" ", core)
    found: set[Action] = set()
    for word in re.findall(r"[a-z][a-z'-]*", masked):
        r = root(word)
        if r not in STATE_ROOTS:
            found |= FAMILY_WORDS.get(r, frozenset())
    noun = lx.noun_family(masked)
    place = lx.shown_in_family(masked) or lx.destination_family(masked)
    return frozenset(found | {f for f in (noun, place) if f is not None})


#: Roots of every word that names an action or its family (verbs and the nouns of the
#: lexicons): never the object an action moved.
ACTION_ROOTS = frozenset(FAMILY_WORDS) | frozenset(root(w) for w in VERB_WORDS)
