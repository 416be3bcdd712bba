"""What settles a matter, and what a record says about it.

A closure record (journal, receipt, focus, ...) settles the matter it is about, and so does a
message that reports it done or closes it in its own words. A record that reports a problem with
it (a failure, a mismatch, a changed hash) is news instead, unless it says the problem was dealt
with or counted none. A record may speak of other things too: "Term report marked complete;
summary post still queued" settles the term report, whatever it says of the summary post.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from harness.schema import EvidenceItem
from harness.text.normal import clean
from harness.text.polarity import polarity
from harness.text.stance import statements

_NOTED = frozenset({"journal", "history"})
_CLOSED = re.compile(r"\b(?:closed|resolved|verified|fixed|repaired|settled|done)\b")
CLOSURE_KINDS = frozenset({"journal", "receipt", "focus", "reminder", "history", "heartbeat"})

#: A message that closes a matter in its own words ("that closes the ledger question for me",
#: "thank you, that answers everything") unless it also raises something ("but line 14 ...").
_CLOSING = re.compile(
    r"\b(?:closes|closed|settled|settles|answers everything|all good|all set|nothing (?:else|more)|"
    r"no further|that'?s all|that is all|resolved|sorted|thank(?:s| you)|"
    # praise or a yes from the other side closes it as well ("the hanging looks perfect",
    # "perfect, see you friday", "works for me")
    r"looks? (?:perfect|great|good|lovely|fine|wonderful)|perfect|see you (?:on |this |next )?\w+|"
    r"works for me|sounds good)\b"
)
_FINE = re.compile(
    r"(?<!not )(?<!n't )(?<!no )\b(?:match|matches|matched|ok|okay|intact|verified|passed|"
    r"no issues|no problems|unchanged|all good|as expected|in order)\b"
)
RAISES = re.compile(r"\?|\b(?:but|still|however|one more|another|except|though|although)\b")

#: A newer version of the thing ("reprocessed DEM 0914 ...; supersedes the 14 Sep product"):
#: news about what was settled, not its settlement.
SUPERSEDES = re.compile(r"\b(?:supersed\w*|reprocessed|replaces|replaced by|new version of)\b")

#: What a record says when it is more than quiet: a problem it found.
PROBLEM = re.compile(
    r"\b(?:fail\w*|error\w*|mismatch\w*|drift\w*|bounc\w*|corrupt\w*|missing|broken|"
    # "slide 4 has the wrong hash value, please fix": a fault reported, or a fix asked for
    r"unreadable|reversed|lost|alert\w*|wrong|incorrect|mistake\w*|typo\w*|please fix|bugs?|"
    # "GPS tags off by 2 m; affected mosaics must be re-rendered": a fault measured, a redo asked
    r"off by \d[\w.]*|(?:must|should|needs? to) be (?:re-?(?:render|run|seal|send|upload)\w*|"
    r"redone|repeated)|needs? a new (?:assessment|inspection|check|render|run)|"
    r"needs? fixing|changed on disk|file changed|expected \w+, actual|"
    # "hash differs from the value recorded yesterday": a check that found a change
    r"differs|differed|does not match|doesn't match|no longer match\w*|"
    r"(?:hash|digest|checksum|size)\s+(?:has\s+)?changed)\b"
)
#: A problem already dealt with is no problem the record raises: "sealed after the host ok'd
#: the drift", "typo fixed", "the mismatch was resolved".
_RESOLVER = r"(?:ok'?d|okayed|approved|accepted|fixed|resolved|cleared|corrected|signed off on)"
_FAULT = r"(?:drift\w*|mismatch\w*|typo\w*|errors?|failures?|faults?|problems?|issues?|bugs?)"
_RESOLVED = re.compile(
    rf"\b{_RESOLVER}\s+(?:the\s+|that\s+|this\s+)?(?:[\w-]+\s+)?{_FAULT}\b"
    rf"|\b{_FAULT}\s+(?:was\s+|is\s+|got\s+|been\s+|has been\s+)?{_RESOLVER}\b"
)


#: A check that counted no fault reports none: "0 mismatches", "no errors", "zero drift".
_NO_FAULT = re.compile(rf"\b(?:0|no|zero|none of the)\s+(?:\w+\s+)?{_FAULT}\b")


def problem(text: str) -> bool:
    """Does the text report a problem it has not itself resolved or counted as none?"""
    plain = clean(text)
    return PROBLEM.search(_NO_FAULT.sub(" ", _RESOLVED.sub(" ", plain))) is not None


#: Clause bounds of a record: a semicolon, or a sentence's end.
_CLAUSES = re.compile(r";\s+|(?<=[.!?])\s+")


def about_clauses(text: str, mentions: Callable[[str], bool] | None = None) -> str:
    """The clauses of a record that ``mentions`` (a text -> bool test for the matter) accepts,
    joined; the whole text when none or all do, or when no test is given."""
    if mentions is None:
        return text
    parts = [p for p in _CLAUSES.split(text) if p.strip()]
    mine = [p for p in parts if mentions(p)]
    return " ; ".join(mine) if mine and len(mine) < len(parts) else text


def settles(item: EvidenceItem, mentions: Callable[[str], bool] | None = None) -> bool:
    """Does the record settle the matter ``mentions`` tests for (or any matter, without one)?
    A closure record does; so does a message that reports the matter done, closes it in its
    own words, or says a check found nothing wrong, each without raising anything new. The
    whole record is read, and its clauses about the matter alone ("Term report marked complete;
    summary post still queued"), but a problem anywhere in it is news ("...; its pdf is
    corrupt" names no matter and is still about it)."""
    if item.kind in CLOSURE_KINDS:
        # a journal or history line that reports a fault ("offset looks wrong", "drift back")
        # is news written down, not a closure
        # ("drift repair verified ... closed" says it closed whatever fault it names)
        return (item.kind not in _NOTED or not problem(item.text)
                or _CLOSED.search(clean(item.text)) is not None)  # fmt: skip
    if problem(item.text) or SUPERSEDES.search(clean(item.text)):
        # "frame 07 is still missing in the zip you delivered" names a delivery and reports a
        # problem with it: news, not a report that it is done
        return False
    return any(_settling(text) for text in {item.text, about_clauses(item.text, mentions)})


def _settling(text: str) -> bool:
    said = statements(text)
    # a question beside a thanks raises something: no closing
    closing = _CLOSING.search(clean(said)) is not None and not RAISES.search(clean(text))
    done = polarity(said) == "done"
    # "digests match", "checked OK": a check that found nothing wrong is where it stands settled
    fine = _FINE.search(clean(text)) is not None and not RAISES.search(clean(text))
    return done or closing or fine
