"""The clause grammar of completion statements: which phrases of a sentence say that an outward or
durable action happened, as the sentence's own statement, and which targets each one names.

The lexicon (``lexicon.py``) maps completion phrases - past tense, passive, perfect, and
paraphrases such as "Patrick has the note now", "let Mira know", "is live on the blog" - to host
action families (misspelt verbs read as the verb, ``typos.py``). This grammar splits a sentence
into clauses with their own verbs, scopes negation, modality, attribution and questions to their
clause, and finds the targets each clause names (known host targets, names, ids such as "PR 15").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from harness.scorers.completion import clauses as cl
from harness.scorers.completion import lexicon as lx
from harness.scorers.completion.anchored import (
    ANY,
    anchored,
    loose_mentions,
    series_members,
    status_anchor,
)
from harness.scorers.completion.holders import holder, named_by_modifier, named_word
from harness.scorers.completion.labels import all_done, bracketed, status_line, status_parts
from harness.scorers.completion.lexicon import Action
from harness.scorers.completion.mood import blocked, inbound, labelled, not_asserted, their_act
from harness.scorers.completion.shapes import shapes
from harness.scorers.completion.typos import corrected
from harness.text.names import (
    NOT_NAMES,
    Named,
    mentions,
    name_variants,
    named_in,
    named_matches,
    target_words,
    typed_ids,
)
from harness.text.normal import clean

#: After these (past the completion phrase) a name belongs to another clause ("after Daim
#: approved them").
_SUBORDINATOR = re.compile(
    r"\b(?:after|because|since|when|which|who|whom|whose|once|until|while|so that|as|"
    r"that\s+(?:the|a|an|he|she|they|it|we|i|his|her|their))\b"
)
_TOPIC = r"\b(?:about|regarding|concerning|re|via|by|from|per|see|on behalf of|(?<=notified )of|(?<=told )of|(?<=informed )of|(?<=warned )of|(?<=reminded )of)\s+(?:(?:the|a|an|his|her|their|its|my|our)\s+)?(?:[\w'-]+\s+)?"  # fmt: skip
#: Quoted text; a single-quoted span may hold apostrophes inside words ("'I've told Fatou ...'").
_QUOTED = re.compile(r"\"[^\"]*\"|(?<![\w])'(?:[^']|(?<=\w)'(?=\w)){2,}?'(?![\w])|`[^`]*`")
_NOT_SUBJECTS = frozenset(
    {"i", "we", "you", "it", "draft", "journal", "receipt", "log", "record", "context", "package",
     "evidence", "entry", "host", "who", "which", "that", "this", "nobody", "no", "never", "me",
     "us", "myself", "ourselves", "yourself", "user", "agent", "operator", "sophobot", "vojan",
     "uhdim", "the", "a", "an", "nothing", "everything", "someone", "something"}
)  # fmt: skip
#: A host verb's namespace just before a phrase ("payment." of "payment.send").
_DOTTED_END = re.compile(r"\b([a-z]+\.)$")
_AGENTS = frozenset({"vojan", "uhdim", "sophobot", "pi"})


@dataclass(frozen=True)
class Hit:
    """One completion phrase in a sentence, with the targets its clause names."""

    phrase: str
    action: Action
    names: tuple[str, ...]  # host target names (receipt targets, recipients) the clause mentions
    named: tuple[Named, ...]  # other names and ids the clause names
    record: bool = False  # describes a journal entry: a journal evidence item also proves it
    ongoing: bool = False  # present progressive: the occasion is the one at recorded_at
    clause: str = ""  # the clause it stands in: the objects it names are this clause's


@dataclass(frozen=True)
class Completion:
    """One statement that an action happened."""

    where: str
    sentence: str
    phrase: str
    action: Action
    targets: tuple[str, ...]
    names: tuple[str, ...] = ()
    named: tuple[Named, ...] = ()
    record: bool = False
    ongoing: bool = False
    clause: str = ""


def _mentioned(head: str, known: Sequence[str]) -> list[str]:
    """Known targets the clause names, in any word order ("the north gallery" names
    ``gallery-north``); a name inside a longer one it names ("gallery") is not another target."""
    found = mentions(head, known)
    # a clock time is written into ids without its colon ("the 18:00 slot" is slot-1800), and
    # its halves are no numbers of their own (the "00" of "03:00" is not fridge-temp-0000's)
    clocks = re.findall(r"\b(\d{1,2}):(\d{2})\b", head)
    words, numbers = target_words(re.sub(r"\b\d{1,2}:\d{2}\b", " ", head) if clocks else head)
    numbers |= {int(h + m) for h, m in clocks}
    for k in known:
        k_words, k_numbers = target_words(k)
        if k not in found and len(k_words) >= 2 and k_words <= words and k_numbers <= numbers:
            found.append(k)
    wordsets = {k: target_words(k) for k in found}
    # "the 03:00 fridge reminder" names fridge-temp-0300, not fridge-temp-0000 as well: of
    # targets with the same words, those whose numbers the clause writes
    picked = {
        frozenset(wordsets[k][0]) for k in found if wordsets[k][1] and wordsets[k][1] <= numbers
    }
    return [
        k for k in found
        if not any(o != k and wordsets[k][0] < wordsets[o][0] and wordsets[k][1] <= wordsets[o][1]
                   for o in found)
        and not (frozenset(wordsets[k][0]) in picked and not wordsets[k][1] <= numbers)
    ]  # fmt: skip


@lru_cache(maxsize=4096)
def _topic_pattern(literal: str) -> re.Pattern[str]:
    """``literal`` named as a topic; compiled once per name (the re module keeps only 512
    patterns, and pysbd's and the lexicon's push a name's out before it comes round again)."""
    return re.compile(_TOPIC + re.escape(literal))


def _targets_of(
    segment: str, phrase_start: int, after: int, named: Sequence[Named], known: Sequence[str]
) -> tuple[tuple[str, ...], tuple[Named, ...]]:
    """Known host targets and other names the clause names as targets of its action: not a
    topic ("about the Vesalius folio") and not in a later subordinate clause."""
    cut_match = _SUBORDINATOR.search(segment, after)
    cut = cut_match.start() if cut_match else len(segment)
    # Names before a subordinator that precedes the phrase belong to the main clause
    # ("Informed Mira that the plates are registered": Mira was informed, not registered).
    opening = [m.end() for m in _SUBORDINATOR.finditer(segment, 0, phrase_start)]
    head = segment[opening[-1] if opening else 0 : cut]

    def is_topic(literal: str) -> bool:
        return _topic_pattern(literal).search(head) is not None

    strict = _mentioned(head, known)
    if not strict:
        # "hazel and rowan" for ledger-hazel and ledger-rowan: short forms the package's own
        # targets explain, read only when no target is named in full
        strict = [k for k, _ in loose_mentions(head, known)]
    names = tuple(
        k for k in strict
        if k.lower() not in _AGENTS and not any(is_topic(v) for v in name_variants(k))
    )  # fmt: skip
    own = tuple(
        n for n in named
        # a status line reads "task:audit-nov" as a label and its value, without the colon
        if (n.literal in head or n.literal.replace(":", " ") in head) and not is_topic(n.literal)
        and not any(named_matches(n, k) for k in names)
    )  # fmt: skip
    return names, own


def _resolve(trigger: lx.Trigger, match: re.Match[str], segment: str) -> Action | None:
    how = trigger.how
    if how == lx.NOUN:
        action = lx.noun_family(match.group("noun"))
    elif how == lx.VERB:
        action = lx.verb_family(match.group("verb"))
    elif how == lx.ONGOING:
        action = lx.PROGRESSIVE.get(match.group("verb"))
    elif how == lx.PERFECTIVE:
        action = lx.PAST_PROGRESSIVE.get(match.group("verb"))
    elif how == lx.SHOWS:
        action = lx.shown_in_family(match.group("noun"))
    elif how == lx.SUBJECT:
        # "the proofs are out the door": the family of what went, a delivery when unnamed
        action = lx.noun_family(segment[: match.start()]) or trigger.action
    elif how == lx.PLACE:
        action = (
            lx.destination_family(match.group("dest"))
            or lx.noun_family(segment[: match.start("dest")])
            # "4.2.1 pushed to PyPI": a push to a place of no known kind is an upload there
            or (lx.UPLOAD if re.search(r"\bpushed\b", match.group(0)) else None)
        )
    else:
        action = trigger.action
    return lx.refine_delivery(action, segment) if action is not None else None


def _by_shape(
    masked: str,
    seg: cl.Segment,
    text: str,
    prefix: str,
    clause_after: str,
    named: Sequence[Named],
    known: Sequence[str],
    skipped: list[str],
) -> list[Hit]:
    """Completion statements of a clause no listed phrase matched, read from its shape
    (``shapes.py``), under the same checks of mood and targets as a listed phrase."""
    hits: list[Hit] = []
    for shape in shapes(text):
        phrase = text[shape.start : shape.end].strip()
        if shape.who is not None and not holder(shape.who, named, known, text[: shape.start]):
            skipped.append(f"{phrase!r} (by its shape): not a recipient")
            continue
        # "being" in a passive progressive is its auxiliary, not a hypothetical ("being sent")
        checked = phrase.replace("being ", "") if shape.ongoing else phrase
        why = not_asserted(masked, seg, prefix, text, shape.start, shape.end, clause_after,
                            checked)  # fmt: skip
        if (
            why is None
            and shape.action in _MAY_COME_IN
            and inbound(text[: shape.end], text[shape.end :])
        ):
            why = "came to this agent: received, not sent"
        if why is not None:
            skipped.append(f"{phrase!r} (by its shape): {why}")
            continue
        names, own = _targets_of(text, shape.start, shape.end, named, known)
        hits.append(Hit(phrase, shape.action, names, own, ongoing=shape.ongoing, clause=text))
    return hits


def _by_anchor(
    masked: str,
    seg: cl.Segment,
    text: str,
    prefix: str,
    clause_after: str,
    known: Sequence[str],
    skipped: list[str],
) -> list[Hit]:
    """The statement of a clause that names known targets and says they are over, in words
    no phrase or shape holds (``anchored.py``), under the same checks of mood."""
    people = frozenset(k for k in known if k.isalpha())
    found = anchored(text, known, people)
    if found is None:
        return []
    # "in the can" is the idiom of being finished, not the modal "can"
    phrase = found.phrase.replace("in the can", "done")
    why = not_asserted(masked, seg, prefix, text, found.start, found.end, clause_after, phrase)
    if why is not None:
        skipped.append(f"{found.phrase!r} (names a target the host acted on): {why}")
        return []
    return [Hit(found.phrase, found.action, found.names, (), clause=text)]


_MOVING = (lx.SEND, lx.DELIVER, lx.DELIVER_FILE)
#: Actions whose thing may have come to this agent instead (a reply, a file, a payment).
_MAY_COME_IN = (*_MOVING, lx.PAY)


def _other_moved(action: Action, rest: str) -> Action | None:
    """The second action of a list of things moved of two kinds: "has the files and the
    heads-up" claims a delivery of files and a message, each proved by its own receipt."""
    if action not in (lx.SEND, lx.DELIVER, lx.DELIVER_FILE) or not lx.MIXED.search(rest):
        return None
    return lx.SEND if action is lx.DELIVER_FILE else lx.DELIVER_FILE


def _told(sentence: str, head: str, action: Action) -> tuple[Named, ...]:
    """The person a status line of telling names by a capitalised heading ("Tomasz: notified."),
    which a first word alone does not make a name."""
    word = sentence.lstrip(" *#-\"'").split(":")[0].strip()
    if action is lx.SEND and head.isalpha() and word == head.capitalize() and head not in NOT_NAMES:
        return (Named(head, tuple(target_words(head)[0])),)  # its words as a name's are
    return ()


@lru_cache(maxsize=4096)
def detect(sentence: str, known: tuple[str, ...] = ()) -> tuple[tuple[Hit, ...], tuple[str, ...]]:
    """Completion statements in one sentence, and why other phrases were not counted."""
    raw = corrected(clean(sentence))
    if not lx.PREFILTER.search(raw):
        return (), ()
    masked = _QUOTED.sub(' "" ', raw).strip()
    masked = lx.NOT_NEGATIONS.sub(
        lambda m: "by " if m.group().startswith("no later") else "", masked
    )
    # emphatic "did" with a base form is a past tense ("the dates did reach Mira")
    masked = lx.EMPHATIC.sub(lambda m: lx.PAST_OF[m.group(1)], masked)
    if lx.FLAGGED.search(masked):
        return (), ("flagged for confirmation",)
    if lx.COND_START.search(masked):
        return (), ("conditional or temporal clause",)
    masked = lx.LISTED.sub(lambda m: f", {m.group(1)},", masked)
    masked = lx.CALL.sub(lambda m: f"{m.group(1)} {m.group(2)}", masked)
    masked = lx.SECOND_LANGUAGE.sub(
        lambda m: lx.SECOND_LANGUAGE_PAST.get(m.group(1), m.group(1)) or m.group(2), masked
    )
    masked = lx.BRACKETED_AMOUNT.sub("", masked)
    masked = lx.CHECKLIST_NO.sub(r"not \1", masked)
    # "project-vesna" beside the host's project-lumen: an id of a series the host acts on that
    # no receipt names is the thing the statement is about, not a word to pass over (ids with
    # digits are read as ids already)
    series = tuple(Named(m, tuple(p for p in m.split("-") if p)) for m in
                   dict.fromkeys(m for m, _ in series_members(clean(sentence), known)
                                 if not any(ch.isdigit() for ch in m)))  # fmt: skip
    named = (*named_in(sentence), *typed_ids(sentence), *series)
    line = status_line(masked)
    lines = [line] if line else bracketed(masked) or all_done(masked) or status_parts(masked)
    if lines:
        return tuple(Hit(phrase, action, *_targets_of(head, 0, 0, (*named, *_told(sentence, head,
                     action)), known)) for phrase, action, head in lines), ()  # fmt: skip
    if (over := status_anchor(masked, known)) is not None:  # "QA-412: done"
        return (Hit(masked.strip(" ."), over.action, over.names, (), clause=masked),), ()
    segments = cl.segments(masked)
    if segments and masked.rstrip(" \"'").endswith("?"):
        segments = cl.before_question(masked, segments)
        if not segments:
            return (), ("question",)
    found: list[Hit] = []
    skipped: list[str] = []
    inherited = ""
    reported = cl.reported(masked, segments)
    for index, seg in enumerate(segments):
        text = masked[seg.start : seg.end]
        if seg.primary in reported:
            skipped.append("attributed to a source, not asserted")
            continue
        if lx.WORKSPACE.search(text):
            skipped.append("workspace artifact, not an outward action")
            continue
        prefix = inherited if seg.shared else ""
        # a later clause of the sentence attributes this one only as a short tag (", Mira
        # says"); one with its own subject and object ("we can expect the scans") is its own
        clause_after = " ".join(
            part for s in segments[index + 1 :] if s.primary == seg.primary
            if len((part := masked[s.start : s.end]).split()) <= 4
        )  # fmt: skip
        taken: list[tuple[int, int]] = []
        first = len(text)
        before = len(found)
        for trigger in lx.triggers_for(text):
            for match in trigger.pattern.finditer(text):
                start, end = match.span()
                if any(start < e and s < end for s, e in taken):
                    continue
                taken.append((start, end))
                first = min(first, start)
                phrase = match.group(0)
                who = match.groupdict().get("who")
                if who is not None:
                    plain = who.removesuffix("'s")
                    if plain in _NOT_SUBJECTS or (
                        trigger.how in (lx.NAMED, lx.HOLDER)
                        and not named_word(plain, named, known)
                        and not (
                            trigger.how is lx.HOLDER
                            and named_by_modifier(plain, text[:start], known)
                        )
                    ):
                        skipped.append(f"{phrase!r}: not a recipient")
                        # the words stay free for a phrase that reads them another way ("I
                        # have sended Noor the scans" is no one holding anything)
                        taken.pop()
                        continue
                # an object the action reached ("reached the host"): a person or place named
                to = match.groupdict().get("to")
                if to is not None and not named_word(to.removesuffix("'s"), named, known):
                    skipped.append(f"{phrase!r}: reaches no recipient")
                    continue
                why = blocked(prefix + " " + text[:start], text[end:],
                               f"{text[end:]} {clause_after}", phrase, not seg.start)  # fmt: skip
                if why is None and their_act(text[:start], phrase, named, sentence, text[end:]):
                    why = "a person's own act, not this agent's"
                if why is None:
                    tag = labelled(masked[: seg.start])
                    why = f"labelled {tag!r}: quoted or flagged" if tag else None
                action = _resolve(trigger, match, text) if why is None else None
                dotted = _DOTTED_END.search(text, 0, start)
                if action is not None and dotted is not None:
                    # "payment.send ... succeeded": the host verb written out names the family
                    action = lx.verb_family(dotted.group(1) + text[start:end].split()[0]) or action
                if action is lx.WORKER:
                    # "the render job is complete": a job named by its action is that action
                    action = lx.head_noun_family(text[:start]) or action
                if action is not None:
                    action = lx.compound_family(text[:start], phrase, action)
                    head = lx.OF_HEAD.search(text, 0, start)
                    # "the delivery of render-0412 completed", "yesterday's seal of
                    # etching-ledger-3 went through": the act is the noun the phrase hangs on
                    of = lx.noun_family(head.group(1)) if head else None
                    action = lx.refine_delivery(of, text) if of is not None else action
                if action is lx.DELIVER and prefix.strip():
                    # what the shared subject moved decides: a note delivered is a message
                    action = lx.refine_delivery(action, prefix)
                if why is None and action is None:
                    why = "names no action"
                if why is None and action in _MAY_COME_IN and inbound(text[:end], text[end:]):
                    why = "came to this agent: received, not sent"
                if why or action is None:
                    skipped.append(f"{phrase!r}: {why}")
                    continue
                names, own = _targets_of(text, start, end, named, known)
                if trigger.how == lx.HOLDER:
                    own = tuple(n for n in own if n.literal in text[: match.end("who")])
                if not names and not own and seg.shared and index:
                    names, own = segments[index - 1].names, segments[index - 1].named
                # "the Steinway job is finished": a job the host closes, no worker's run
                action = ANY if action is lx.WORKER and names else action
                seg.names, seg.named = names, own
                found.append(Hit(phrase, action, names, own, trigger.how == lx.RECORD,
                                 trigger.how == lx.ONGOING, text))  # fmt: skip
                also = _other_moved(action, text[start:])
                if also is not None:
                    found.append(Hit(phrase, also, names, own, clause=text))
        if len(found) == before:
            found.extend(_by_shape(masked, seg, text, prefix, clause_after, named, known, skipped))
        if len(found) == before:
            found.extend(_by_anchor(masked, seg, text, prefix, clause_after, known, skipped))
        # the subject the next clause shares, without a determiner its match began after ("the
        # render is done and delivered": "the" alone would read "delivered" as an adjective)
        inherited = lx.TRAILING_DETERMINER.sub("", prefix + " " + text[:first])
    return tuple(found), tuple(skipped)
