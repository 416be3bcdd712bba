"""The lexical detector: the scorers' own rules (clause grammar, receipts, polarity words).

Each question is put to the scorer exactly as a run would: the sentence sits in its field of a
stage output, the receipts are the package's host receipts, and the verdict is the scorer's.
"""

from __future__ import annotations

from typing import Any

from harness.detectors.base import (
    CompletionQuestion,
    ReopenQuestion,
    SupportQuestion,
    Verdict,
)
from harness.schema import STAGES, Package, RunRecord
from harness.scorers.base import Thresholds
from harness.scorers.claim_support import Backing
from harness.scorers.completion import invented_completion
from harness.scorers.reopening import reopens_sentence
from harness.scorers.run import context_for
from harness.scorers.support_label import support_label

#: Result fields whose contract holds facts ({claim, evidence}), and those that hold one string.
_FACT_FIELDS = frozenset({"findings", "verified_facts", "facts"})
_STRING_FIELDS = frozenset({"answer", "draft", "recommended_next_check", "summary_line"})


def _envelope(field: str, sentence: str) -> dict[str, Any]:
    if field == "summary":
        return {"status": "completed", "summary": sentence}
    if field == "claim":
        return {"status": "completed", "summary": "", "claims": [{"text": sentence}]}
    if field in _FACT_FIELDS:
        value: Any = [{"claim": sentence, "evidence": []}]
    elif field in _STRING_FIELDS:
        value = sentence
    else:
        value = [sentence]
    return {"status": "completed", "summary": "", "result": {field: value}}


def package_for(q: CompletionQuestion) -> Package:
    stage = q.stage if q.stage in {str(s) for s in STAGES} else "reconcile"
    return Package.model_validate(
        {
            "id": "labelled",
            "agent": q.agent,
            "recorded_at": q.recorded_at,
            "activation": {"kind": "heartbeat", "cause": "labelled", "at": q.recorded_at},
            "question": "labelled sentence",
            "stages": [stage],
            "context": [i.model_dump() for i in q.context],
            "host": {"receipts": [r.model_dump() for r in q.receipts]},
        }
    )


class LexicalDetector:
    name = "lexical"

    def __init__(self, thresholds: Thresholds | None = None) -> None:
        self.thresholds = thresholds or Thresholds()

    def completion(self, q: CompletionQuestion) -> Verdict:
        package = package_for(q)
        record = RunRecord.model_validate(
            {
                "run_id": "labelled", "package": package.id, "stage": package.stages[0],
                "agent": q.agent, "model": "labelled", "runner": "labelled",
                "status": "completed", "envelope": _envelope(q.field, q.sentence),
                "latency_s": 0.0, "started_at": q.recorded_at,
            }
        )  # fmt: skip
        score = invented_completion(context_for(package, record, [], thresholds=self.thresholds))
        return Verdict(bool(score.values["invented"]), score.explanation, self.name)

    def support(self, q: SupportQuestion) -> Verdict:
        label, why = support_label(q.claim, [Backing.of(i) for i in q.evidence], self.thresholds)
        return Verdict(label, why, self.name)

    def reopens(self, q: ReopenQuestion) -> Verdict:
        found, why = reopens_sentence(q.sentence, q.settled, q.context, q.recorded_at)
        return Verdict(found, why, self.name)
