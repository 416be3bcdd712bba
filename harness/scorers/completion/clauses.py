"""Clauses of a sentence: where it splits into clauses with their own verb ("but" and ";"
always, "," and "and" only between verbs), which clause shares the previous one's subject, which
a leading source reports, and which stand before a question.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from harness.scorers.completion import lexicon as lx
from harness.text.names import Named

_CLAUSE_SPLIT = re.compile(
    # a colon inside a token is a clock time or an id ("at 09:12", "task:catalogue-1912"), not
    # a clause break
    r"\s*(?:;|(?<!\S):|:(?!\S)|,\s*but\b|\bbut\b|\bhowever\b|\balthough\b|\bthough\b|\bwhereas\b|\bwhile\b|"
    # an ellipsis ends one thought and opens another ("wasn't sealed... it was sealed")
    r",\s*yet\b|\s-\s|\(|\)|\.{2,}|\u2026)\s*"
)
#: Commas and "and"/"then" (terse lines write "+" or "&") that may join two clauses (kept only
#: when both sides have a verb).
_COORD_SPLIT = re.compile(
    r"\s*,\s*(?:and then\b|and\b|then\b|so\b|plus\b)?\s*|\s+(?:and then|and|then|so|plus|\+|&)\s+"
)
_VERBISH = re.compile(
    # nouns that only end like a past tense ("the studio feed") are no verb
    rf"\b(?!{lx.ED_NOUNS}\b)[a-z]{{2,}}ed\b|\b(?:sent|paid|went|told|got|wrote|written|put|made|saw|seen|knew|gave|"
    r"given|took|taken|left|let|kept|ran|done|gone|shipped|has|have|had|is|are|was|were|be|been|"
    r"did|does|do|will|would|should|could|can|may|might|must|shows|lists|knows|records|am|"
    # a plan beside the act ("registered the ledger and intends to retry the notes")
    r"intends|plans|wants|hopes|expects|aims|means)\b|"
    r"'s\b|'re\b|'ve\b|'m\b|n't\b"
)
#: A clause opening with these hangs on the previous one (its condition or relative clause).
_SUBORDINATE_START = re.compile(
    r"^(?:if|unless|assuming|provided|once|as long as|so that|because|since|which|who|whose|"
    r"whom|where|until|though|although|as)\b"
)
#: A clause opening with a verb shares the previous clause's subject and auxiliaries
#: ("would have sent the note and journaled it").
_SHARED_START = re.compile(
    r"^(?:(?:then|also|later|afterwards|subsequently|finally|just|immediately|promptly|"
    # a passive with its subject left out shares it too ("the note went out and was delivered")
    r"successfully|already|quickly)\s+)*(?:(?:was|were|has been|have been|had been|got)\s+"
    r"(?:\w+ly\s+)?)?(?:[a-z'-]+ed|sent|paid|went|told|got|wrote|put|made|"
    r"shipped|let|kept|gave|dm'd|re-?sent)\b"
)
#: A sentence opening with its source ("According to Mira's note, ...") reports that source.
_REPORTED_OPENER = re.compile(
    # "As I wrote Ida this morning, ...": the writer's own act, asserted, not another's report
    r"^\W*(?:according to|as per|per|going by|as reported by|in the words of|as (?:the\s+)?(?!i |we )[\w'-]+ "
    r"(?:says|said|reports|reported|put it|wrote|claims|claimed))\b"
)


@dataclass
class Segment:
    start: int
    end: int
    primary: int
    shared: bool = False
    names: tuple[str, ...] = ()
    named: tuple[Named, ...] = ()


def _spans(pattern: re.Pattern[str], text: str, start: int, end: int) -> Iterator[tuple[int, int]]:
    """The (start, end) of the non-empty pieces of ``text[start:end]`` between matches."""
    at = start
    for m in pattern.finditer(text, start, end):
        if m.start() > at and text[at : m.start()].strip():
            yield at, m.start()
        at = max(at, m.end())
    if end > at and text[at:end].strip():
        yield at, end


def segments(masked: str) -> list[Segment]:
    """Clauses with their own verb: "but"/";" always split, "," and "and" only between verbs."""
    out: list[Segment] = []
    for primary, (p_start, p_end) in enumerate(_spans(_CLAUSE_SPLIT, masked, 0, len(masked))):
        segs: list[Segment] = []
        for start, end in _spans(_COORD_SPLIT, masked, p_start, p_end):
            part = masked[start:end].strip()
            if segs:
                previous = masked[segs[-1].start : segs[-1].end]
                verbless = not _VERBISH.search(part) and not lx.QUESTION_START.match(part)
                if verbless or _SUBORDINATE_START.match(part) or not _VERBISH.search(previous):
                    segs[-1].end = end
                    continue
            segs.append(
                Segment(start, end, primary, bool(segs) and bool(_SHARED_START.match(part)))
            )
        out.extend(segs)
    return out


def reported(masked: str, segments: list[Segment]) -> set[int]:
    """The clauses a leading "According to X," reports: its own clause, and the next one when
    the source stands alone before a colon ("According to Mira: the prints arrived")."""
    if not segments or not _REPORTED_OPENER.match(masked):
        return set()
    first = [s for s in segments if s.primary == segments[0].primary]
    alone = len(first) == 1 and "," not in masked[first[0].start : first[0].end]
    return {segments[0].primary, segments[0].primary + 1} if alone else {segments[0].primary}


def before_question(masked: str, segments: list[Segment]) -> list[Segment]:
    """The clauses asserted before a question ("Patrick has the note, so why recheck?")."""
    last = masked[segments[-1].start : segments[-1].end].strip(" ?\"'")
    if lx.QUESTION_TAG.match(last):
        return []
    starts = [
        i
        for i, s in enumerate(segments)
        if lx.QUESTION_START.match(masked[s.start : s.end].strip())
    ]
    return segments[: starts[0]] if starts else []
