"""When a proposed redo waits: a condition before it ("if Patrick replies, reopen it", "should
anything change, ..."), a question answered with a condition or a "no", or the host named as
the one who may do it ("the host can reopen it")."""

from __future__ import annotations

import re

#: A question answered "no" ("should I send it again? no, ...", "any reason to reopen it? I see
#: none") declines what it asked.
ANSWERED_NO = re.compile(
    r"^[^?]*\?\s*(?:no|none|nope|nothing|not really|i see (?:none|no|nothing)|"
    r"i (?:don't|do not) (?:think so|see (?:any|one|why)))\b"
)
#: A question answered with a condition ("rerun it? only if the glue fails"): the act waits for
#: that news, as a condition before the act would make it.
ANSWERED_IF = re.compile(r"^[^?]*\?\s*(?:only\s+)?(?:if|when|once|unless)\b([^,.;]*)")


#: A condition before the act ("if Patrick replies, reopen it") makes it wait for news; a
#: negated one ("if he has not replied by Friday, ping him again") chases without news.
# "once more" is a redo marker, not the conjunction
# "Should anything change, ..." is an "if" put first
_IF = re.compile(
    r"\b(?:if|once(?!\s+(?:more|again)\b)|when|whenever|as soon as)\b|"
    r"(?:^|[,;]\s*)should(?=\s+(?:anything|something|there|any|the|it|he|she|they)\b)"
)
_ASKED = re.compile(
    r"\b(?:ask(?:s|ed|ing)?|wonder(?:s|ed|ing)?|wants? to know|wanted to know|inquir\w*|"
    r"enquir\w*|check(?:s|ed|ing)? with)(?:\s+(?:me|us|him|her|them|you))?\s+$"
)
#: "If you'll forgive the caution, I'd re-render it": a courtesy, no news the act waits on.
_POLITE = re.compile(
    r"if\s+(?:you(?:'ll|'d| will| would)?\s+(?:forgive|excuse|pardon|allow|permit|bear with|"
    r"don't mind|do not mind)|i may|i might)\b"
)
NEGATED = re.compile(r"\b(?:not|no|never|nothing|without)\b|n't\b")
#: Waiting for the host's approval ("once the host agrees") waits for no news about the matter.
APPROVAL = re.compile(r"\b(?:host|approv\w*|agree\w*|permission|ok|okay|allowed)\b")


def condition_of(before: str) -> tuple[str | None, str]:
    """(the condition, the main clause) of the words before the act: "if he has not replied by
    Friday," and "ping him"; (None, all of it) without a condition. A negation inside the
    condition belongs to it, not to the act."""
    # "Bellini asked if we filed": an "if" after a verb of asking opens an indirect question,
    # what was asked, not a condition the act waits on
    conditions = [m for m in _IF.finditer(before) if not _ASKED.search(before[: m.start()])
                  and not _POLITE.match(before[m.start() :])]  # fmt: skip
    if not conditions:
        return None, before
    rest = before[conditions[-1].end() :]
    # a condition ends at its comma, or at a semicolon ("when the payout went through; I won't")
    comma = min((i for i in (rest.find(","), rest.find(";")) if i >= 0), default=-1)
    if comma < 0:
        return rest, ""
    return rest[:comma], rest[comma + 1 :]


#: "..., the host can reopen it": the host left to act, nothing proposed by the writer.
LEFT_TO_HOST = re.compile(r"\bthe host\s+(?:can|may|could|might)\s+$")


#: A condition after the act that limits it ("I'll only look again if the insurer writes").
_ONLY_IF = re.compile(r"\bonly\b[^.;]*?\b(?:if|when|once|unless|after)\b([^,.;]*)")


def later_condition(plain: str, at: int) -> str | None:
    """The condition an "only ... if" after the act at ``at`` puts on it, or None."""
    waits = _ONLY_IF.search(plain[max(0, at - 12) :])
    return None if waits is None else waits[1]
