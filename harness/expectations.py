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
import operator
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Self

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator
from tabulate import tabulate

from harness.schema import EnvelopeStatus, Package, RunRecord, ScoreRecord, ScoreValue, TraceEvent
from harness.untrusted.display import printable
from harness.untrusted.parse import BadInput, parse_json

if TYPE_CHECKING:
    from harness.policy import Decision, Policy

#: How much of one quoted string a failure message shows.
MAX_TEXT = 200
#: How many detail lines one failed check lists before it only counts the rest.
MAX_LINES = 8

_COMPARATORS: dict[str, Callable[[Any, Any], bool]] = {
    "<=": operator.le,
    ">=": operator.ge,
    "==": operator.eq,
    "!=": operator.ne,
    "<": operator.lt,
    ">": operator.gt,
}
_CONDITION = re.compile(r"^\s*(<=|>=|==|!=|<|>)\s*(\S.*?)\s*$")
#: Detail flags whose value False marks the item the scorer held against the run.
_GOOD_FLAGS = (
    "found", "cited", "flagged", "reported", "match", "declared", "included", "covered",
    "proposed", "valid", "supported", "warned",
)  # fmt: skip
#: Detail flags whose value True marks it.
_BAD_FLAGS = ("asserted", "invented", "fabricated")


def clean(text: object, limit: int = MAX_TEXT) -> str:
    """Untrusted text made safe for a terminal: control characters escaped, length bounded."""
    raw = printable(text)
    return raw if len(raw) <= limit else raw[:limit] + "…"


def quoted(text: object, limit: int = MAX_TEXT) -> str:
    return f'"{clean(text, limit)}"'


# -- the expectation model ------------------------------------------------------------------------


class _Model(BaseModel):
    # A misspelt expectation must fail loudly, never be silently skipped.
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)


class EvidenceMinimums(_Model):
    """Lowest acceptable evidence-fidelity values; a value the scorer left undefined (no
    citations, no claims, no decisive evidence) is not held against the run."""

    citation_precision: float | None = Field(default=None, ge=0, le=1)
    claim_support_rate: float | None = Field(default=None, ge=0, le=1)
    decisive_recall: float | None = Field(default=None, ge=0, le=1)


@dataclass(frozen=True)
class Condition:
    """``scorer.key <op> value`` over one score value, e.g. ``repeat_checks.added <= 0``."""

    metric: str
    comparator: str
    value: ScoreValue

    @property
    def scorer(self) -> str:
        return self.metric.split(".", 1)[0]

    @property
    def key(self) -> str:
        return self.metric.split(".", 1)[1]

    def __str__(self) -> str:
        return f"{self.metric} {self.comparator} {json.dumps(self.value)}"


def parse_condition(metric: str, text: str) -> Condition:
    if metric.count(".") < 1 or not all(metric.split(".", 1)):
        raise ValueError(f"{metric!r}: name a score value as scorer.key, e.g. repeat_checks.added")
    match = _CONDITION.match(str(text))
    if match is None:
        raise ValueError(
            f"{metric}: {text!r}: expected '<op> value' with op one of {', '.join(_COMPARATORS)}"
        )
    op, literal = match.groups()
    try:
        value = parse_json(literal)
    except BadInput as exc:
        if not exc.message.startswith("invalid JSON"):
            raise ValueError(f"{metric}: {literal!r}: {exc.message}") from None
        value = literal  # a bare word compares as text, e.g. "== supported"
    if not isinstance(value, int | float | bool | str) and value is not None:
        raise ValueError(f"{metric}: {literal!r}: compare with a number, true, false, null or text")
    return Condition(metric, op, value)


class Expectations(_Model):
    """What every case of a suite must show. A field left out is not checked."""

    status: list[EnvelopeStatus] | None = Field(
        default=None, description="the run's envelope status is one of these"
    )
    parity: bool | None = Field(
        default=None, description="true: the stage agrees with the host's own judgement"
    )
    invented_completion: bool | None = Field(
        default=None, description="false: no completion claimed without a host receipt"
    )
    boundary_events: int | None = Field(
        default=None, ge=0, description="at most this many boundary events (0: none)"
    )
    evidence: EvidenceMinimums | None = None
    useful: bool | None = Field(default=None, description="true: the usefulness scorer says useful")
    metrics: dict[str, str] = Field(
        default={}, description='any score value: {"repeat_checks.added": "<= 0"}'
    )

    @field_validator("status", mode="before")
    @classmethod
    def _one_or_many(cls, value: Any) -> Any:
        return [value] if isinstance(value, str) else value

    @model_validator(mode="after")
    def _check_metrics(self) -> Self:
        for metric, text in self.metrics.items():
            parse_condition(metric, text)
        return self

    def conditions(self) -> list[Condition]:
        return [parse_condition(m, t) for m, t in self.metrics.items()]

    def merged(self, patch: Expectations) -> Expectations:
        """These expectations with the fields ``patch`` sets replaced (metrics are merged)."""
        update: dict[str, Any] = {name: getattr(patch, name) for name in patch.model_fields_set}
        if "metrics" in update:
            update["metrics"] = {**self.metrics, **patch.metrics}
        return self.model_copy(update=update)


# -- judging one case -----------------------------------------------------------------------------


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
    parts = [
        f"{k}={clean(json.dumps(v, sort_keys=True, default=str), 120)}"
        for k, v in detail.items()
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
    compare = _COMPARATORS[condition.comparator]
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


# -- suite gates ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class GateVerdict:
    passed: bool
    decisions: list[Decision]
    #: One line per problem: a stage below the required phase, a live stage off its gates.
    problems: list[str]
    cases: int

    def render(self, suite: str) -> str:
        from harness.policy import decision_rows

        rows = [{k: clean(v, 120) for k, v in row.items()} for row in decision_rows(self.decisions)]
        table = tabulate(rows, headers="keys", tablefmt="simple") if rows else "(no decisions)"
        verdict = "gates not met" if not self.passed else "gates met"
        # The failing gates come first: a junit report's failure message keeps the first lines.
        lines = [f"shadow suite {suite}: {verdict} over {self.cases} case(s)"]
        if self.problems:
            lines += self.problems
        lines += ["", table]
        return "\n".join(lines)


def reached_phase(decision: Decision) -> int:
    """The highest phase whose gates, and those of every phase below, all pass (-1 when even
    the shadow budget of phase 0 does not)."""
    reached = -1
    for phase in range(0, decision.max_phase + 1):
        if not all(g.passed for g in decision.gates if g.phase == phase):
            break
        reached = phase
    return reached


def judge_gates(
    scores: Sequence[ScoreRecord],
    policy: Policy,
    *,
    require_phase: int | None = None,
    own_gates: bool = False,
    n_boot: int = 2000,
) -> GateVerdict:
    """Decide each stage of ``scores`` with the promotion policy, as ``shadow gate`` does, and
    fail when a live stage is off its current phase's gates or, with ``require_phase``, when a
    stage does not pass the gates of phases 1..require_phase (``own_gates``: those phase-1 gates
    are a suite's own bar, and the message says so)."""
    # Imported here: pandas and the statistics are only needed once a suite's gate is judged.
    from harness.policy import decide, failing_gates
    from harness.tables import metric_table, scores_frame

    table = metric_table(
        scores_frame(scores), by=("stage", "model"), conf=policy.confidence, n_boot=n_boot
    )
    decisions = [d for d in decide(table, policy) if d.evaluated]
    problems: list[str] = []
    for d in decisions:
        name = f"{d.stage} ({clean(d.model or '-', 80)})"
        if d.fails_gate:
            problems.append(
                f"{name} at phase {d.current_phase} no longer meets its gates ({d.verdict}):"
            )
            problems += [f"    phase {g.phase}: {clean(g.detail)}" for g in failing_gates(d)]
        if require_phase is None:
            continue
        if require_phase > d.max_phase:
            problems.append(
                f"{name}: the suite requires phase {require_phase}, above the stage's highest phase {d.max_phase}"
            )
            continue
        reached = reached_phase(d)
        if reached < require_phase:
            if own_gates:
                problems.append(f"{name} does not meet the suite's gates:")
            else:
                problems.append(
                    f"{name} reaches phase {reached}; the suite requires phase {require_phase}:"
                )
            problems += [
                f"    phase {g.phase}: {clean(g.detail)}"
                for g in d.gates
                if not g.passed and g.phase <= require_phase
            ]
    cases = len({(s.package, str(s.stage)) for s in scores})
    return GateVerdict(passed=not problems, decisions=decisions, problems=problems, cases=cases)
