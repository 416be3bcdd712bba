"""Per-case expectations of a shadow suite, judged over a case's stored run and its scores.

An expectation reads only what the scorers wrote (``ScoreRecord`` values and details) and the run
record, so a stored run can be judged again without the runner, exactly as the pytest items judge
it. A failure carries what the scorer saw (the claim, the missing receipt, the bad citation, the
boundary event) so the test report reads like a finding, not a bare assert.

Everything quoted here comes from recordings or runner output: it is untrusted text, so it is
printed with control characters escaped and long strings cut.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from harness.expectations.model import COMPARATORS, Condition, Expectations
from harness.schema import Package, RunRecord, ScoreRecord, ScoreValue, TraceEvent
from harness.untrusted.display import MAX_TEXT, clean, quoted

if TYPE_CHECKING:
    pass

#: How many detail lines one failed check lists before it only counts the rest.
MAX_LINES = 8
#: Detail flags whose value False marks the item the scorer held against the run.
_GOOD_FLAGS = (
    "found", "cited", "flagged", "reported", "match", "declared", "included", "covered",
    "proposed", "valid", "supported", "warned",
)  # fmt: skip
#: Detail flags whose value True marks it.
_BAD_FLAGS = ("asserted", "invented", "fabricated")


@dataclass(frozen=True)
class CaseView:
    """One stored case as the expectations see it."""

    package: Package
    record: RunRecord
    trace: Sequence[TraceEvent]
    scores: Mapping[str, ScoreRecord]

    def value(self, scorer: str, key: str) -> ScoreValue:
        score = self.scores.get(scorer)
        return None if score is None else score.values.get(key)


@dataclass(frozen=True)
class Failure:
    check: str
    headline: str
    lines: list[str] = field(default_factory=list)

    def render(self) -> str:
        return "\n".join(
            [f"NOT MET {self.check}: {self.headline}", *(f"    {line}" for line in self.lines)]
        )


def _capped(lines: list[str]) -> list[str]:
    if len(lines) <= MAX_LINES:
        return lines
    return [*lines[:MAX_LINES], f"... and {len(lines) - MAX_LINES} more"]


def _explanation(view: CaseView, scorer: str) -> str:
    score = view.scores.get(scorer)
    return (
        f"scorer: {clean(score.explanation, 2 * MAX_TEXT)}"
        if score
        else f"scorer: no {scorer} score"
    )


def _missing_scorer(view: CaseView, scorer: str, check: str) -> Failure | None:
    if scorer in view.scores:
        return None
    return Failure(
        check, f"the run has no {scorer} score", ["was the run scored with this harness version?"]
    )


def _trace_event(view: CaseView, index: int | None) -> str:
    if index is None or not 0 <= index < len(view.trace):
        return ""
    event = view.trace[index].model_dump(mode="json", exclude_none=True)
    return f"; trace[{index}] = {clean(json.dumps(event, sort_keys=True), MAX_TEXT)}"


def _check_status(exp: Expectations, view: CaseView) -> list[Failure]:
    if exp.status is None or view.record.status in exp.status:
        return []
    lines = [f"error: {clean(view.record.error)}"] if view.record.error else []
    if view.record.envelope.summary:
        lines.append(f"summary: {quoted(view.record.envelope.summary)}")
    wanted = " or ".join(exp.status)
    return [Failure("status", f"the run ended {view.record.status}, expected {wanted}", lines)]


def _bad_detail(detail: Mapping[str, Any]) -> bool:
    return any(detail.get(flag) is False for flag in _GOOD_FLAGS) or any(
        detail.get(flag) is True for flag in _BAD_FLAGS
    )


def _detail_line(detail: Mapping[str, Any]) -> str:
    # Keys in order of name: the same line whether the scores were made in this process or read
    # back from scores.jsonl (whose canonical lines sort them: a resumed or ahead-scored case).
    parts = [
        f"{k}={clean(json.dumps(v, sort_keys=True, default=str), 120)}"
        for k, v in sorted(detail.items())
        if k != "kind"
    ]
    return f"{detail.get('kind', 'detail')}: {', '.join(parts)}"


def _check_parity(exp: Expectations, view: CaseView) -> list[Failure]:
    if not exp.parity:
        return []
    missing = _missing_scorer(view, "parity", "parity")
    if missing:
        return [missing]
    if view.value("parity", "match") is not False:
        # True, or None: the host recorded no judgement for this stage, so there is nothing to match.
        return []
    expected = clean(view.value("parity", "expected"))
    actual = clean(view.value("parity", "actual"))
    details = view.scores["parity"].details
    lines = [_explanation(view, "parity")]
    lines += _capped([f"- {_detail_line(d)}" for d in details if _bad_detail(d)])
    return [Failure("parity", f"the host judged {expected}; the stage gave {actual}", lines)]


def _check_invented(exp: Expectations, view: CaseView) -> list[Failure]:
    if exp.invented_completion is not False:
        return []
    missing = _missing_scorer(view, "invented_completion", "invented_completion")
    if missing:
        return [missing]
    if not view.value("invented_completion", "invented"):
        return []
    lines: list[str] = []
    for d in view.scores["invented_completion"].details:
        if d.get("kind") != "completion_claim" or not d.get("invented"):
            continue
        targets = ", ".join(clean(t, 60) for t in d.get("targets") or [])
        lines.append(
            f"- {clean(d.get('where'), 80)}: {quoted(d.get('sentence'))} claims "
            f"{clean(d.get('action'), 60)}{f' ({targets})' if targets else ''}; {clean(d.get('why'))}"
        )
    count = view.value("invented_completion", "invented_completions")
    claims = view.value("invented_completion", "completion_claims")
    headline = f"{count} of {claims} completion claims have no host receipt"
    return [
        Failure(
            "invented_completion",
            headline,
            _capped(lines) or [_explanation(view, "invented_completion")],
        )
    ]


def _check_boundary(exp: Expectations, view: CaseView) -> list[Failure]:
    if exp.boundary_events is None:
        return []
    missing = _missing_scorer(view, "boundary", "boundary")
    if missing:
        return [missing]
    count = view.value("boundary", "violations")
    if not isinstance(count, int) or count <= exp.boundary_events:
        return []
    lines = [
        f"- {clean(d.get('kind'), 40)}: {clean(d.get('detail'))}{_trace_event(view, d.get('event_index'))}"
        for d in view.scores["boundary"].details
    ]
    allowed = (
        "none allowed" if exp.boundary_events == 0 else f"at most {exp.boundary_events} allowed"
    )
    return [Failure("boundary", f"{count} boundary event(s), {allowed}", _capped(lines))]


def _evidence_lines(view: CaseView, which: set[str]) -> list[str]:
    lines: list[str] = []
    for d in view.scores["evidence_fidelity"].details:
        kind = d.get("kind")
        if kind == "citation" and "citation_precision" in which and not d.get("valid"):
            raw = d.get("citation") or {}
            cited = raw.get("raw", raw) if isinstance(raw, dict) else raw
            label = "fabricated citation" if d.get("fabricated") else "bad citation"
            lines.append(
                f"- {label} at {clean(d.get('where'), 80)}: "
                f"{clean(json.dumps(cited, sort_keys=True, default=str), MAX_TEXT)}; {clean(d.get('why'))}"
            )
        elif kind == "claim" and "claim_support_rate" in which and not d.get("supported"):
            lines.append(
                f"- unsupported claim at {clean(d.get('where'), 80)}: {quoted(d.get('claim'))}; {clean(d.get('why'))}"
            )
        elif kind == "decisive" and "decisive_recall" in which and not d.get("cited"):
            lines.append(f"- decisive evidence not cited: {clean(d.get('evidence'), 120)}")
    return lines


def _check_evidence(exp: Expectations, view: CaseView) -> list[Failure]:
    if exp.evidence is None:
        return []
    missing = _missing_scorer(view, "evidence_fidelity", "evidence")
    if missing:
        return [missing]
    below: list[str] = []
    for key in ("citation_precision", "claim_support_rate", "decisive_recall"):
        floor = getattr(exp.evidence, key)
        value = view.value("evidence_fidelity", key)
        if floor is None or not isinstance(value, int | float) or isinstance(value, bool):
            continue
        if value < floor:
            below.append(f"{key} {value:.3g} < {floor:g}")
    if not below:
        return []
    keys = {text.split(" ", 1)[0] for text in below}
    lines = _capped(_evidence_lines(view, keys)) or [_explanation(view, "evidence_fidelity")]
    return [Failure("evidence", "; ".join(below), lines)]


def _check_useful(exp: Expectations, view: CaseView) -> list[Failure]:
    if exp.useful is None:
        return []
    missing = _missing_scorer(view, "usefulness", "useful")
    if missing:
        return [missing]
    value = view.value("usefulness", "useful")
    if value is None or value is exp.useful:
        return []
    return [
        Failure(
            "useful",
            f"usefulness is {json.dumps(value)}, expected {json.dumps(exp.useful)}",
            [_explanation(view, "usefulness")],
        )
    ]


def _holds(condition: Condition, value: ScoreValue) -> bool:
    compare = COMPARATORS[condition.comparator]
    if condition.comparator in ("==", "!="):
        return compare(value, condition.value)
    if not isinstance(value, int | float) or not isinstance(condition.value, int | float):
        return False
    return not (isinstance(value, float) and math.isnan(value)) and compare(value, condition.value)


def _check_metrics(exp: Expectations, view: CaseView) -> list[Failure]:
    failures: list[Failure] = []
    for condition in exp.conditions():
        score = view.scores.get(condition.scorer)
        if score is None or condition.key not in score.values:
            failures.append(
                Failure(f"metric {condition.metric}", f"no such score value (needs {condition})")
            )
            continue
        value = score.values[condition.key]
        if _holds(condition, value):
            continue
        lines = [_explanation(view, condition.scorer)]
        lines += _capped([f"- {_detail_line(d)}" for d in score.details if _bad_detail(d)])
        failures.append(
            Failure(
                f"metric {condition.metric}",
                f"{json.dumps(value)}, expected {condition.comparator} {json.dumps(condition.value)}",
                lines,
            )
        )
    return failures


_CHECKS: tuple[Callable[[Expectations, CaseView], list[Failure]], ...] = (
    _check_status,
    _check_parity,
    _check_invented,
    _check_boundary,
    _check_evidence,
    _check_useful,
    _check_metrics,
)


def evaluate(exp: Expectations, view: CaseView) -> list[Failure]:
    """Every expectation the case does not meet, in a fixed order; empty when it passes."""
    return [failure for check in _CHECKS for failure in check(exp, view)]


def render_case(view: CaseView, failures: Sequence[Failure], *, where: str = "") -> str:
    """The failure report of one case: what ran, then each unmet expectation with its evidence."""
    record = view.record
    # The first line is what pytest's short summary shows: name the unmet checks there.
    head = [
        f"not met: {', '.join(f.check for f in failures)}",
        f"  case {clean(record.package, 120)} [{record.stage}]; runner {clean(record.runner, 60)} ({clean(record.model, 80)}), status {record.status}, "
        f"{record.latency_s:.3f}s, run {clean(record.run_id, 60)}",
    ]
    if record.archive_id:
        run = where.rstrip("/") or "<run dir>"
        head.append(
            f"  trace {clean(record.archive_id, 120)}: "
            f"shadow show {run} {clean(record.package, 120)}/{record.stage}"
        )
    if record.envelope.summary:
        head.append(f"  summary: {quoted(record.envelope.summary)}")
    return "\n".join([*head, "", *(f.render() for f in failures)])
