"""A thing said to sit in a record or on a page, read as the act that put it there (issue 12).

"778 on register", "Defect of v4410 is in fleet register", "Tap list's on the 'gram": writers of
nearly every blind set state the result where the verb would be ("Closeout in the journal"), in
more forms than phrases can list; the place says which action it was. ``shapes`` reads these
beside its other completed shapes, under the same checks of mood and targets.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from harness.scorers.completion import lexicon as lx
from harness.scorers.completion.lexicon import Action

#: Not ``lexicon.shown_in_family``'s table of records that "now show" a result: that one takes
#: a gallery, an archive or a page, which a thing can sit in without any act of the host's.
#: The places, each of one action: a diary is a calendar to one writer and a log to the next, a
#: portal takes uploads and publications, a board is a schedule or a notice board, so none is here.
_PLACES: dict[str, Action] = {
    **dict.fromkeys(["register", "registry", "ledger", "catalogue", "catalog"], lx.REGISTER),
    **dict.fromkeys(["journal"], lx.JOURNAL),
    **dict.fromkeys(["calendar", "schedule", "sched", "rota"], lx.SCHEDULE),
    **dict.fromkeys(["inbox"], lx.SEND),
    **dict.fromkeys(["server", "drive", "folder", "share"], lx.UPLOAD),
    **dict.fromkeys(["feed", "gram", "instagram", "site", "website", "channel"], lx.PUBLISH),
}  # fmt: skip
KEPT = re.compile(
    r"(?:'s|'re)?(?:\s+(?:is|are|now|already|also|all|both|safely|up|live|sitting|sits))*"
    r"\s+(?:in|on|onto|into)\s+(?P<det>(?:the|our|your|their|his|her|its|my)\s+|')?"
    r"(?P<mod>(?:[\w'-]+\s+){0,2}?)'?(?P<place>" + "|".join(_PLACES) + r")"
    # the place is the head noun, last before the clause goes on: "in site log" is a log,
    # "conflict in ledger.toml" a file, "the portal's queue" the place's own part
    r"(?=\s*(?:$|[,;:.!?)\u2014]|(?:now|too|also|as|for|at|on|in|from|with|by|this|today|"
    r"tonight|yesterday|already|again|and|but|so|until|till)\b))"
)
#: A subject with any of these is a clause of its own doing, not a thing in a place ("I saw the
#: notice on the feed", "we keep copies in the folder", "if the slot is in the calendar"), or a
#: fault found there ("conflict in the registry file").
_NOT_A_THING = re.compile(
    r"\b(?:i|we|you|they|he|she|it|there|this|that|what|which|who|see|seen|find|check|read|look|"
    r"keep|leave|will|would|should|could|can|must|may|might|need|needs|want|wants|please|let|to|"
    r"if|when|once|whether|still|nothing|conflict|conflicts|error|errors|duplicate|duplicates|"
    r"remain|remains|stand|stands|under|review|pending|waiting|was|were|been|has|have|had|wrote|"
    r"written|ran|saw|found|held|told|said|took|taken|gave|given|made|sent|went|gone|got|put|done|"
    r"[a-z]{3,}ed)\b"
)
#: Verbs that open an imperative, a step asked for ("Log the post in the journal").
_ASKED = re.compile(
    r"^(?:\W*(?:then|next|also|and|please|tomorrow|later|now)\s+)*(?:log|write|enter|record|post|"
    r"put|add|free|reach|hold|repost|solve|correct|follow|file|save|upload|send|move|place|note|"
    r"list|book|schedule|register|pin|publish|share|update|mark|set|try|retry|wait|make|get|go|"
    r"create|copy|drop|keep|leave|check|look)\b"
)
#: The stage's own workspace is no place an outward action puts anything, and a place of
#: someone's own is theirs ("on her own feed").
_OWN_SPACE = re.compile(r"\b(?:output|input|workspace|scratch|draft|drafts|local|temp|tmp|own)\b")
#: The rest of the clause, where a verb makes the place the subject's ("the notes in the folder
#: are mine"), what waits there is not yet there ("sitting in the calendar system's queue"), and
#: "since 04:20" dates the arrival, which a shape cannot carry.
_AFTER = re.compile(
    r"[^,;:.!?]*?\b(?:is|are|was|were|has|have|had|will|would|can|could|should|must|do|does|"
    r"did|shows?|says?|lists?|looks?|seems?|needs?|carry|carries|queue|review|since)\b"
)


def placed(text: str) -> Iterator[tuple[int, int, Action]]:
    """Where a clause (masked, lower-case) says a thing sits in a record or on a page: the span
    and the action that put it there."""
    for m in KEPT.finditer(text):
        # the subject is the clause's last part ("After 2291 registers, write one entry ...")
        subject = re.split(r"[,;:]", text[: m.start()])[-1].strip()
        if not subject or len(subject.split()) > 6 or _NOT_A_THING.search(subject):
            continue
        if _ASKED.match(subject) or _OWN_SPACE.search(m.group("mod")):
            continue
        if _AFTER.match(text, m.end()):
            continue
        yield m.start(), m.end(), _PLACES[m.group("place")]
