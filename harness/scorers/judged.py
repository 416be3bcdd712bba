"""Text judgements put to a chosen detector instead of the scorers' own rules.

``shadow score RUN --detector completion=judge`` routes one judgement (``completion``,
``support``, ``reopens``) to another detector; the scorer keeps its values and metrics, and its
score names the detector. The questions carry what the lexical rules see: the sentence and its
field, the stage, the package's receipts and context. A detector that cannot answer raises
``DetectorError``: scoring stops with that error, it never records a guess as the model's verdict.
"""

from __future__ import annotations

import re
from typing import Any

from harness.detectors.base import CompletionQuestion, Detector, ReopenQuestion, SupportQuestion
from harness.schema import EvidenceItem
from harness.scorers.base import Score, ScoreContext
from harness.scorers.values import InventedCompletionValues

#: Judgement -> the scorer whose text verdicts it makes.
JUDGEMENTS: dict[str, str] = {
    "completion": "invented_completion",
    "support": "evidence_fidelity",
    "reopens": "repeat_checks",
}
_FIELD = re.compile(r"^(?:result\.)?(?P<name>[a-z_]+)")


def field_of(where: str) -> str:
    """The labelled-set field of a path: ``claims[0].text`` -> claim, ``result.answer`` -> answer."""
    m = _FIELD.match(where)
    name = m.group("name") if m else where
    return "claim" if name == "claims" else name


def seen_context(ctx: ScoreContext) -> list[EvidenceItem]:
    return [i for i in ctx.package.context if i.at <= ctx.package.recorded_at]


def judged_completion(ctx: ScoreContext, detector: Detector) -> Score[InventedCompletionValues]:
    """Invented completion with every prose sentence of the output put to ``detector``."""
    from harness.scorers.completion.scorer import text_fields
    from harness.text.sentences import sentences

    package = ctx.package
    details: list[dict[str, Any]] = []
    asked = 0
    for where, text in text_fields(ctx):
        for sentence in sentences(text):
            asked += 1
            verdict = detector.completion(
                CompletionQuestion(
                    sentence,
                    field_of(where),
                    str(ctx.stage),
                    package.agent,
                    package.recorded_at,
                    package.host.receipts,
                    seen_context(ctx),
                )
            )
            if verdict.label is True:
                details.append({"kind": "completion_claim", "where": where, "sentence": sentence,
                                "invented": True, "detector": verdict.detector,
                                "why": verdict.why})  # fmt: skip
    values: InventedCompletionValues = {
        # The detector answers "invented or not" per sentence, not "a completion claim or not".
        "completion_claims": None,
        "invented_completions": len(details),
        "invented": bool(details),
        "judged_sentences": asked,
    }
    if details:
        first = details[0]
        explanation = (f"{len(details)} of {asked} sentences judged invented by {detector.name}; "
                       f"e.g. {first['sentence']!r} in {first['where']}: {first['why']}")  # fmt: skip
    else:
        explanation = f"{detector.name} judged none of {asked} sentences an invented completion"
    return Score(values, explanation, details, detector=detector.name)


def judged_support(detector: Detector, claim: str, items: list[EvidenceItem]) -> tuple[str, str]:
    verdict = detector.support(SupportQuestion(claim, items))
    return str(verdict.label), verdict.why


def judged_reopens(ctx: ScoreContext, detector: Detector, text: str, matter: str) -> str | None:
    """The detector's reason when ``text`` reopens ``matter``, else None."""
    verdict = detector.reopens(
        ReopenQuestion(
            text,
            str(ctx.stage),
            ctx.package.agent,
            ctx.package.recorded_at,
            [matter],
            seen_context(ctx),
        )
    )
    return (verdict.why or "reopens") if verdict.label is True else None
