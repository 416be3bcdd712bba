"""Terse status lines: a heading and a word that says its action is over ("DM to Patrick:
done", "registry: ledger-60 ok", "Done: DM to Patrick"), and lists whose items are each marked
done in brackets ("seal project-general (done), verify audit").

A line of this shape has no clause to read; the heading names the action (its family and
targets) and the word says it happened.
"""

from __future__ import annotations

import re

from harness.scorers.completion import lexicon as lx
from harness.scorers.completion.lexicon import Action
from harness.scorers.completion.mood import blocked
from harness.text.names import LIST_ITEM

#: "DM to Patrick: done" - a noun phrase with a completion label after it.
DONE_LABEL = re.compile(
    # a colon, a spaced hyphen or a dash (en or em, spaced or not) ends the heading
    r"^(?P<head>[^:;\u2013\u2014]{2,80}?)\s*(?::|\s-|[\u2013\u2014])\s*"
    # the target may stand between the heading and the word ("registry: ledger-60 ok")
    r"(?P<target>[\w.#-]*\d[\w.#-]*\s+|[a-z]+(?:-[a-z]+)+\s+)?(?P<word>done|complete|"
    r"completed|finished|ok|sent|delivered|handled|posted|published|sealed|registered|filed|"
    r"confirmed|yes|cleared|acknowledged|acked|dismissed|paid|merged|uploaded|rendered|logged|"
    r"journaled|journalled|booked|scheduled|told|informed|notified|messaged|contacted|emailed|"
    r"pinged|released|live|up|succeeded|successful|"
    r"written|recorded|entered|appended|set up|created|deleted|removed|wiped|stored|archived|"
    r"gone|sorted|settled|squared away|taken care of|wrapped up|closed|updated|out|gone out|"
    # idioms of an item ticked on a run-sheet ("Item 2, Ozone 07 inspection: signed off")
    r"signed off|accomplished|ticked off|checked off|put to bed|in main|closed out|done and dusted)"
    # "- done, closed": a second word of the same state
    r"(?:,\s*(?:and\s+)?(?:closed|done|complete|finished|filed|confirmed|ok|sorted|settled|"
    r"cleared|archived))?"
    # "..., nothing to do": the idiom says the matter is over, it adds no other statement
    r"(?:,\s*nothing(?:\s+else)?\s+(?:to do|owed|left|outstanding|pending))?"
    # "Seal for project-general: done today.": when it was done is part of the line
    r"(?:,?\s+(?:(?:for\s+)?today|tonight|yesterday|already|now|just now|for the day|too|as well|"
    r"this (?:morning|afternoon|evening)|"
    r"(?:(?:at|by)\s+)?\d{1,2}[:.h]\d{2}(?:\s*(?:utc|z|cet|cest))?))?\W*$"
)
#: "seal project-general (done)": a done-label in brackets after each item of a list.
DONE_BRACKET = re.compile(
    r"(?:^|[,;]\s*)(?P<head>[^,;()]{2,80}?)\s*\(\s*(?P<word>done|complete|completed|finished|"
    r"ok|sent|sealed|registered|paid|merged|uploaded|posted|published|cleared|acked)\s*\)"
)

#: "Done: DM to Patrick" - the label first.
DONE_FIRST = re.compile(
    r"^\W*(?P<word>done|sent|delivered|completed|finished|posted|published|sealed|registered|"
    r"cleared|acknowledged|paid|merged|uploaded|logged|booked|scheduled|released)"
    # "Uploaded tonight: 0922 and 0923": when, between the word and its items
    r"(?:\s+(?:today|tonight|yesterday|last night|this (?:morning|afternoon|evening)))?\s*"
    r"(?::|\s-)\s*+(?!(?:drafted|drafting|read|checked|compared|measured|reviewed|prepared|"
    r"planned|outlined|looked|verified)\b)(?P<head>[^:;]{2,80}?)\W*$"
)


#: Hyphenated ids and bracketed parts of a status line's head ("(etching-ledger", "ledger-b12").
_IDS_IN_HEAD = re.compile(r"\([^)]*\)?|(?<![\w-])(?!re-)[\w]+(?:-[\w]+)+")


#: Done-labels of more than one word that name their family ("weight-limit change: in main").
#: Kept out of the lexicon's ``LABEL_WORDS``, whose words support reads one by one ("in").
_LABEL_PHRASES: dict[str, Action] = {"in main": lx.MERGE}


_HOST_VERB = re.compile(r"(?<![\w.-])[a-z]+\.[a-z_]+(?![\w.-])")

#: Done-label words of reaching a person ("Tomás: contacted"): a send, in a status line only
#: (elsewhere "contact" names sheets and details).
_CONTACTED = frozenset({"contacted", "emailed", "pinged"})
#: Done-label words of leaving, and the families of what can leave.
_OUT = frozenset({"out", "gone out"})
_GOES_OUT = (lx.SEND, lx.DELIVER, lx.DELIVER_FILE, lx.PAY, lx.PUBLISH)


def status_line(masked: str) -> tuple[str, Action, str] | None:
    """(phrase, action, heading) of a sentence that is one status line, else None."""
    label = DONE_LABEL.match(masked) or DONE_FIRST.match(masked)
    if not label:
        return None
    # a word that names its own family ("Reminder-12: cleared") decides; "done" takes the head's
    # the head's own words first: a target in it ("Seal (etching-ledger)") is no action noun
    # a run-sheet's item number ("Item 3, journal entry ...: done") is no word of the act
    bare = _IDS_IN_HEAD.sub(" ", LIST_ITEM.sub(" ", label.group("head")))
    word = label.group("word")
    first, *more = bare.split() or [""]
    # a host verb written out ("payment.send linen-supplier: succeeded") names its family
    host = _HOST_VERB.search(label.group("head"))
    action = (lx.LABEL_WORDS.get(word) or _LABEL_PHRASES.get(word)
              or (lx.SEND if word in _CONTACTED else None)
              or (lx.verb_family(host.group()) if host else None)
              # "Upload of the Q3 report: done": the act's noun heads what it is of
              or (lx.noun_family(first) if more[:1] in (["of"], ["for"], ["to"]) else None)
              # "Journal entry for the visa letters: written": the journal's entry
              or (lx.JOURNAL if first == "journal" and more[:1] == ["entry"] and more[1:2] in (["for"], ["of"], ["on"], ["about"]) else None)
              or lx.noun_family(bare)
              or lx.noun_family(label.group("head"))
              # "Post for Cardboard cities: up": the head noun before what it is for
              or (lx.noun_family(first) if more else None))  # fmt: skip
    if word in _OUT:
        # "Newsletter: out": what goes out to many, or a message, file or payment that left
        action = (
            lx.ANNOUNCE
            if lx.ANNOUNCED_RE.search(label.group("head"))
            else (action if action in _GOES_OUT else None)
        )
        if action is lx.PAY and re.search(r"\binvoices?\b", label.group("head")):
            action = lx.SEND  # "Invoice: out": the invoice was sent, not paid
    if label.group("word") in lx.MAKING_WORDS and action in (lx.SEND, lx.DELIVER, lx.DELIVER_FILE):
        return None  # "Draft: written" made a text, it sent nothing
    head = f"{label.group('head')} {label.groupdict().get('target') or ''}".strip()
    if action is None or blocked(head, "", "", "done") is not None:
        return None
    return masked.strip(" ."), lx.refine_delivery(action, head), head


def bracketed(masked: str) -> list[tuple[str, Action, str]]:
    """(phrase, action, heading) of each list item marked done in brackets: each item is a
    statement of its own action."""
    found: list[tuple[str, Action, str]] = []
    for m in DONE_BRACKET.finditer(masked):
        head = m.group("head")
        # an item opening with an action's verb names its family ("seal folio-77 (done)")
        verb = lx.noun_family(head.split()[0]) if " " in head.strip() else None
        action = lx.LABEL_WORDS.get(m.group("word")) or verb or lx.noun_family(head)
        if action is not None and blocked(head, "", "", "done") is None:
            found.append((m.group(0).strip(" ,;"), lx.refine_delivery(action, head), head))
    return found


#: "Everything is out the door: Lena's files and the salon post", "All three are done: seal,
#: registry, journal": a done-state of a quantifier whose list follows the colon.
_ALL_DONE = re.compile(
    r"^\W*(?:everything|all(?:\s+(?:three|four|five|of them|of it))?|both(?:\s+of them)?)\s+"
    r"(?:is|are|was|were|went|got)\s+(?:now\s+|already\s+)?(?P<state>done|complete|finished|"
    r"sent|out|out the door|handled|sorted|through|taken care of|in place|live|delivered)"
    r"\s*:\s*(?P<items>[^:;]+?)\W*$"
)
_ITEM_SPLIT = re.compile(r"\s*(?:,\s*(?:and\s+)?|\s+and\s+|\s*&\s*)\s*")


def all_done(masked: str) -> list[tuple[str, Action, str]]:
    """(phrase, action, item) of each item of a list said done together: each is a statement
    of its own action, with the family its noun names."""
    m = _ALL_DONE.match(masked)
    if m is None:
        return []
    found: list[tuple[str, Action, str]] = []
    for item in _ITEM_SPLIT.split(m.group("items")):
        action = lx.noun_family(item)
        if item and action is not None:
            found.append((f"{item}: {m.group('state')}", lx.refine_delivery(action, item), item))
    return found


#: A part of a line of several status lines with its label and no colon: "payment done".
_BARE_PART = re.compile(r"^(?P<head>[\w' -]{2,60}?)\s+(?P<word>done|ok|sent|paid)$")


def status_parts(masked: str) -> list[tuple[str, Action, str]]:
    """(phrase, action, heading) of each part of a line made of several status lines, each its
    own statement when every part is one: "Price list upload: done; feed post: done", or, parted
    by commas, labels without their colon ("payment done, remittance done")."""
    line = masked.strip(" .")
    parts = [p for p in re.split(r"\s*;\s*", line) if p]
    if len(parts) < 2:
        bare = [_BARE_PART.match(p) for p in re.split(r"\s*,\s*", line)]
        parts = [f"{m['head']}: {m['word']}" for m in bare if m] if all(bare) else []
    if len(parts) < 2:
        return []
    found = [status_line(p) for p in parts]
    return [f for f in found if f is not None] if all(found) else []
