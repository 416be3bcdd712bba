"""Lists: a statement about several items ("to Mira and Tomas", "glossary-fixes and
footnote-renumber", "renders 0412 and 0413") claims the action of each item, so each needs its
own proof; one proved item does not carry the rest.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Protocol

from harness.scorers.completion.grammar import Completion
from harness.scorers.completion.lexicon import (
    DELIVER_FILE,
    SEND,
    Action,
    destination_family,
    noun_family,
)
from harness.text.names import name_variants, prose_words, target_words
from harness.text.normal import clean

_LIST_JOIN = r"\s*(?:,\s*(?:and\s+|&\s+)?|\s+and\s+|\s*&\s*|\s+as well as\s+|\s+plus\s+)(?:(?:the|to|both)\s+)?"


def coordinated(sentence: str, a: str, b: str) -> bool:
    """Are ``a`` and ``b`` items of one list in the sentence ("Mira and Tomas", "plates 3, 4")?"""
    text = clean(sentence)
    for x in name_variants(a):
        for y in name_variants(b):
            for first, second in ((x, y), (y, x)):
                if re.search(rf"(?<!\w){re.escape(first)}{_LIST_JOIN}{re.escape(second)}(?!\w)",
                             text):  # fmt: skip
                    return True
    return False


def listed_with(c: Completion, recorded: Sequence[str], proved: Sequence[str]) -> list[str]:
    """The recorded names listed together with a proved one, directly or through each other
    ("Mira, Tomas and Ines"), or written as one id list ("plates 03 and 04")."""
    literal = {n.label: n.literal for n in c.named}
    anchors = list(proved)
    listed: list[str] = []
    grown = True
    while grown:
        grown = False
        for name in recorded:
            if name in listed:
                continue
            same_list = literal.get(name) is not None and any(
                literal.get(a) == literal[name] for a in anchors
            )
            if same_list or any(coordinated(c.sentence, name, a) for a in anchors):
                listed.append(name)
                anchors.append(name)
                grown = True
    return listed


class TargetReceipt(Protocol):
    """What the list and quantifier rules read of a receipt."""

    @property
    def id(self) -> str: ...
    @property
    def target(self) -> str: ...
    @property
    def text(self) -> str: ...
    @property
    def status(self) -> str: ...
    @property
    def at(self) -> datetime | None: ...


#: Where one item of a noun-phrase list ends and the next begins.
#: "1,180 dollars" is one number, not two items.
_JOIN = re.compile(r"\s*,(?!\d{3}\b)\s*(?:and\s+)?|\s+and\s+|\s*&\s*|\s+as well as\s+|\s+plus\s+")
#: Words before an item that are not the item ("and to the studio feed", "and both").
_LEAD = re.compile(
    r"^(?:(?:the|to|both|for|on|onto|with|into|its|their|his|her|my|our|a|an|also|then)\s+)+"
)
#: Where an item's noun phrase ends: a quantifier, a verb, a preposition or a time.
_ITEM_END = re.compile(
    r"\s+(?:and|or|both|all|too|also|as|is|are|was|were|has|have|had|now|today|yesterday|in|"
    r"on|at|for|to|with|into|from|by|after|before|this|that|which|who|then|so|but|were|got|"
    r"went|each|done|[a-z]{3,}ed)\b.*$"
)
#: Words of an item that name nothing on their own ("the dentist one").
_EMPTY_WORDS = frozenset({"one", "ones", "other", "others", "rest", "same", "each", "it", "them",
                          "everything", "all", "both", "too", "also"})  # fmt: skip
#: An item cannot open with a verb, a relative pronoun or a conjunction: that is a clause.
_NOT_ITEM = re.compile(
    r"^(?:[a-z'-]+ed|sent|paid|went|told|got|wrote|put|made|gave|then|so|which|who|whom|whose|"
    r"where|that|when|while|as|since|because|after|before|but|if|now|today|yesterday|all|every|"
    r"each|none|is|are|was|were|has|have|had|got|been|be|"
    # a day is when, not what: "on the 19th and today"
    r"\d{1,2}(?:st|nd|rd|th)|(?:mon|tues|wednes|thurs|fri|satur|sun)day|tonight|tomorrow|"
    # a clock or a sum is when or how much, not what: "for 14 October, 10am", ", EUR 1,197.00,"
    r"\d{1,2}(?::\d\d)?\s*(?:am|pm|h)|\d{1,2}:\d\d|(?:eur|usd|gbp|chf|\$|€|£)\s*\d|"
    # ... or how long: "rendered, 64pp", "uploaded, 12 MB"
    r"\d[\d.,]*\s*(?:pp|pages?|pgs?|kb|mb|gb|mins?|secs?|hrs?|%))\b"
)


def _item(right: str) -> str:
    return _ITEM_END.sub("", _LEAD.sub("", right.strip(" .;:!?"))).strip(" .;:!?")


_MOVED = frozenset({SEND, DELIVER_FILE})
_CLAUSE_VERB = re.compile(
    r"\b(?:is|are|was|were|has|have|had|matches|match|shows|says|reads|holds|lists|confirms|"
    r"agrees|looks|seems|went|got|waits|sits|stays|remains|needs|goes|comes|follows|[a-z]{3,}ed)\b"
)
_DETERMINED = re.compile(r"(?:^|\s)(?:both\s+)?(?:the|a|an|my|our|their|his|her|its)\s+[a-z]")
_ID_TOKEN = re.compile(r"^(?:[a-z]+[-_][\w-]+|[a-z]+\d[\w-]*|\d+[a-z][\w-]*)$")
_PREPOSITION = re.compile(r"^(?:to|on|onto|for|with|into)\b")
_ADDITIVE_LEAD = re.compile(r"^(?:(?:also|too|then)\s+)+")


def _parallel(
    tail: str,
    right: str,
    item: str,
    left: str,
    action: Action | None = None,
    objects: bool = False,
    proved_left: bool = False,
) -> bool:
    """Is ``item`` another of what the proved ``tail`` is: an id like it ("glossary-fixes and
    footnote-renumber", "0412 and 0413"), the same head noun ("kiln study and glaze study") or
    its pro-form ("the tea-guild reminder and the dentist one"), a place of the same kind ("the
    studio feed and the newsletter"), or the same preposition before it ("to project-general and
    to the studio feed")? ``proved_left``: the words before the join are the proved item itself,
    written without an article ("deleted tmp contact sheets and the old proof scans")."""
    first, last = item.split()[0], item.split()[-1]
    if _ID_TOKEN.match(first) or (first.isdigit() and tail.isdigit()):
        return True
    before = left.split()[-2:-1]
    if tail[:1].isdigit() and len(item.split()) > 1 and before == [first]:
        return True  # "lecture 9 and lecture 10 notes": one noun, told apart by its number
    right = _ADDITIVE_LEAD.sub("", right)  # "and also for the porcelain order"
    if len(left.split()) == 1 and " " not in item:
        return True  # "ash, elm, oak": bare words of one list
    if action is not None and action in (noun_family(last), destination_family(last)):
        return True  # "teaching-notes and also the glossary branch": a thing of the same act
    if last in ("one", "ones") or (last == tail and not last.isdigit()):
        return True
    place = destination_family(tail)
    if place is not None and destination_family(last) is place:
        return True  # "to the studio feed and the newsletter": places of one kind
    if (
        objects
        and _DETERMINED.match(right)
        and (_DETERMINED.search(" ".join(left.split()[-4:])) or proved_left)
        and not _CLAUSE_VERB.search(right)
    ):
        # "the cover files and the spine labels": two things, each with its article, where the
        # proof names the thing it moved ("and the registry matches" is a clause, not a thing)
        return True
    said = _PREPOSITION.match(right)
    # "for the earthenware and also for the glaze order": the same preposition before each
    return (
        said is not None
        and re.search(rf"\b{said.group()}\s+(?:\S+\s+){{0,2}}\S+$", left) is not None
    )


def unproven_item(
    c: Completion,
    anchors: Iterable[str],
    family: Sequence[TargetReceipt],
    recorded_at: datetime,
    succeeded: frozenset[str],
) -> str | None:
    """An item listed right after a proved one ("glossary-fixes and footnote-renumber", "the
    tea-guild reminder and the dentist one") that no succeeded receipt of the action names, by
    target or text: the statement claims it too. Lists of whole clauses are not items."""
    text = c.clause
    if not text:
        return None
    words: set[str] = set()
    numbers: set[int] = set()
    for anchor in anchors:
        a_words, a_numbers = prose_words(anchor)
        words |= a_words
        numbers |= a_numbers
    proofs = [
        r for r in family if r.status in succeeded and r.at is not None and r.at <= recorded_at
    ]
    # a proof whose text names what it moved ("...: cover artwork files") can tell one thing
    # from another; one that names nothing cannot
    named = any(r.text.partition(":")[2].strip() for r in proofs)
    pieces = _JOIN.split(text)
    listing = False  # the piece before is an item of a list already read
    for left, right in itertools.pairwise(pieces):
        tail = left.split()[-1:] if left.split() else []
        # the item before the join: its last words ("the clay reminder" of "... and the rent one")
        t_words, t_numbers = target_words(" ".join(left.split()[-3:]))
        was_listing, listing = listing, False
        if not (t_words & words or t_numbers & numbers):
            continue  # the item before the list is no proved one ("sent Mira the proofs and")
        item = _item(right)
        # "and then task-b": an additive word before an item; "and then sent ..." is a clause
        if (
            not item
            or _NOT_ITEM.match(_ADDITIVE_LEAD.sub("", right.strip()))
            or _NOT_ITEM.match(item)
        ):
            continue
        kind = noun_family(item.split()[-1])
        if {kind, c.action} <= _MOVED and kind is not c.action:
            continue  # "the scans and the heads-up": a message is the send's own statement
        proved_left = bool(t_words) and t_words <= words and not t_numbers - numbers
        parallel = _parallel(tail[0] if tail else "", right.strip(), item, left, c.action, named,
                             proved_left)  # fmt: skip
        if not (parallel or (was_listing and len(item.split()) <= 3)):
            continue  # "and the registry matches", "14 files in all": no item of the list
        # "varnish, kiln-cool, gallery call": the list goes on past its parallel items
        listing = True
        i_words, i_numbers = target_words(item)
        # the head both items share says what kind they are, not which ("the rent reminder")
        i_words = i_words - _EMPTY_WORDS - (t_words - words if len(item.split()) > 1 else set())
        if not i_words and not i_numbers:
            continue
        if i_words <= words and i_numbers <= numbers:
            continue  # the proved item named again
        if not any(
            i_words <= (r_words := prose_words(f"{r.target} {r.text}"))[0]
            and i_numbers <= r_words[1]
            for r in proofs
        ):
            return item
    return None
