"""The settling act proposed again: a matter a payment settled is reopened by "Pay LL-2178 with
the next run", one a task's completion settled by "Mark onboard-cafe-brin complete", one an
acknowledgement settled by "Acknowledge the dues-run reminder". The act that settled it, put
forward as something to do (the clause opens with its verb, or a proposing word comes first),
is that act a second time, whatever words of repeating it leaves out.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from harness.schema import EvidenceItem

#: The verbs of each host act, as a request to do it is written.
_ACT_VERBS: dict[str, str] = {
    "payment.send": r"pay|repay|settle",
    "task.complete": r"mark\s+(?:[\w'-]+\s+){0,4}?(?:as\s+)?(?:complete|completed|done|closed)|"
    r"complete|close",
    "reminder.ack": r"acknowledge|ack|clear|dismiss",
    "message.send": r"message|send|write to|email|e-mail|reply to|answer",
    "registry.register": r"register",
    "provenance.seal": r"seal",
    "media.render": r"render",
    "artifact.upload": r"upload",
    "post.publish": r"publish|post",
    "artifact.delete": r"delete|remove",
    "schedule.create": r"book|schedule",
}
#: Where a request opens: the clause's start, after fillers, or after a proposing word.
_OPENS = (
    r"(?:^|[.;:!?]\s+|,\s+(?:and\s+|then\s+)?|\b(?:should|let'?s|we could|i could|i'?ll|"
    r"i will|we'?ll|we will|please|maybe|perhaps|better|need to|needs to|worth it to)\s+)"
    r"(?:(?:also|then|first|next|now|just|please|quickly|again)\s+)*"
)


def _act_of(item: EvidenceItem) -> str | None:
    """The host act a settling record is the receipt of: its ``action``, or the verb its text
    opens with ("payment.send to limnolab: ...")."""
    action = (item.data or {}).get("action")
    if isinstance(action, str):
        return action
    m = re.match(r"\s*([a-z]+\.[a-z_]+)\b", item.text or "")
    return m.group(1) if m else None


#: Text in single quotes, apostrophes inside words kept ("'I've told Fatou ...'").
_SINGLE_QUOTED = re.compile(r"(?<![\w])'(?:[^']|(?<=\w)'(?=\w)){2,}?'(?![\w])")
#: Where the clause of a request ends.
_CLAUSE_END = re.compile(r"[.;:?!,]\s|\s(?:but|while|whereas|and then)\s")


#: A thing said to be another than the settled one: "Answer Kofi's new question".
_ANOTHER = re.compile(r"\b(?:new|newer|another|next|other|different|fresh)\b")
_NUMBER = re.compile(r"(?<![\d:])\d+(?![\d:])")


def _numbers(text: str) -> set[int]:
    return {int(n) for n in _NUMBER.findall(text)}


def settling_act(
    plain: str, settling: Sequence[EvidenceItem], matter: str, refers: Callable[[str], bool]
) -> re.Match[str] | None:
    """The request, in ``plain`` (cleaned), to do again an act that a receipt among
    ``settling`` records as done for ``matter``, in a clause that names the matter (``refers``):
    the same act on another thing ("book Hettie's service next", "render the week 42 map"
    beside week 41's, "answer Kofi's new question") reopens nothing."""
    acts = {a for i in settling if i.kind == "receipt" and (a := _act_of(i)) in _ACT_VERBS}
    # a draft quoted for review ("Hold 'send Zdenek the glossary' until ...") proposes nothing
    plain = _SINGLE_QUOTED.sub(lambda q: " " * len(q.group()), plain)
    for act in sorted(acts):
        # "render:0610" is the matter's name, not the verb
        for m in re.finditer(rf"{_OPENS}(?P<verb>\b(?:{_ACT_VERBS[act]})\b)(?![:-])", plain):
            end = _CLAUSE_END.search(plain, m.end())
            clause = plain[m.start("verb") : end.start() if end else len(plain)]
            # "another" of the object right after the verb, not of a later word ("pay invoice
            # 2178 with the next run")
            if _ANOTHER.search(" ".join(clause.split()[1:4])) or _numbers(clause) - _numbers(
                matter
            ):
                continue
            if refers(clause):
                return m
    return None
