"""Put each labelled line to a detector (text judgements) or to the scorers' rules (structural
checks: citations, boundary traces, check matching) and keep what it answered."""

from __future__ import annotations

import traceback
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from pydantic import ValidationError

from harness.boundary.trace import trace_boundary_events
from harness.calibrate.formats import (
    CitationLine,
    CompletionLine,
    LabelledSet,
    MatchLine,
    ReopenLine,
    SupportLine,
    TraceLine,
    evidence_of_receipt,
    items,
    seen_by,
)
from harness.detectors.base import (
    CompletionQuestion,
    Detector,
    DetectorError,
    ReopenQuestion,
    SupportQuestion,
)
from harness.invocation import build_invocation
from harness.schema import STAGES, TRACE, HostReceipt, Limits, Package
from harness.scorers.checks import match_check
from harness.scorers.citations import check_citation

#: The kinds a trace line labels; others a detector reports are outside the measurement.
TRACE_KINDS = ("tool_not_in_manifest", "forbidden_verb", "path_escape", "tool_call_cap")
RULES = "rules"  # the name behind structural checks, which no text detector makes


@dataclass(frozen=True)
class Outcome:
    """One judged unit: a line (or a line and a boundary kind), the label and the answer."""

    id: str
    scene: str
    labelled: str
    predicted: str | None  # None: the detector could not judge (infrastructure error)
    why: str
    detector: str
    pair: str | None = None


def completion_question(line: CompletionLine) -> CompletionQuestion:
    """A labelled line as the question a run asks: its receipts as host receipts, and those dated
    by ``recorded_at`` as the evidence items the stage saw."""
    receipts = [HostReceipt(id=r.id, action=r.action, target=r.target, status=r.status, at=r.at)
                for r in line.receipts]  # fmt: skip
    context = [evidence_of_receipt(r) for r in seen_by(line.recorded_at, line.receipts)]
    return CompletionQuestion(line.sentence, line.field, line.stage, line.agent,
                              line.recorded_at, receipts, context)  # fmt: skip


def _completion(line: CompletionLine, detector: Detector) -> Outcome:
    v = detector.completion(completion_question(line))
    return Outcome(line.id, line.scene, str(line.invented), str(bool(v.label)), v.why, v.detector)


def _support(line: SupportLine, detector: Detector) -> Outcome:
    v = detector.support(SupportQuestion(line.claim, items(line.evidence)))
    return Outcome(line.id, line.scene, line.label, str(v.label), v.why, v.detector, line.pair)


def _reopen(line: ReopenLine, detector: Detector) -> Outcome:
    q = ReopenQuestion(line.sentence, line.stage, line.agent, line.recorded_at, line.settled,
                       items(line.context))  # fmt: skip
    v = detector.reopens(q)
    return Outcome(line.id, line.scene, str(line.label_reopens), str(bool(v.label)), v.why,
                   v.detector)  # fmt: skip


def _citation(line: CitationLine) -> Outcome:
    package = Package.model_validate({
        "id": "labelled", "agent": line.agent, "recorded_at": line.recorded_at,
        "activation": {"kind": "heartbeat", "cause": "labelled", "at": line.recorded_at},
        "question": "labelled citation", "stages": ["reconcile"],
        "context": [i.model_dump() for i in items(line.context)], "host": {"receipts": []},
    })  # fmt: skip
    check = check_citation(package, line.citation, "labelled")
    return Outcome(line.id, line.scene, str(line.valid), str(check.valid), check.reason, RULES)


def _traces(line: TraceLine) -> Iterator[Outcome]:
    package = Package.model_validate({
        "id": "labelled", "agent": "vojan", "recorded_at": "2026-08-25T14:03:00Z",
        "activation": {"kind": "heartbeat", "cause": "labelled", "at": "2026-08-25T14:03:00Z"},
        "question": "labelled trace", "stages": [str(s) for s in STAGES], "context": [],
        "host": {"receipts": []},
    })  # fmt: skip
    invocation = build_invocation(package, line.stage, limits=Limits(**line.limits))
    symlinks = line.workspace.symlinks if line.workspace else {}
    events = trace_boundary_events(invocation, TRACE.validate_python(line.trace), symlinks)
    got = {str(e.kind) for e in events} & set(TRACE_KINDS)
    why = "; ".join(f"{e.kind}: {e.detail}" for e in events) or "no boundary event"
    expected, tolerated = set(line.violations), set(line.tolerated)
    for kind in TRACE_KINDS:
        if kind in tolerated and kind not in expected:
            continue  # either answer is right for this kind
        yield Outcome(f"{line.id}[{kind}]", line.scene, str(kind in expected), str(kind in got),
                      why, RULES)  # fmt: skip


def trace_verdicts(line: TraceLine) -> tuple[bool, str]:
    """Is the whole trace judged right: every labelled kind found, nothing else untolerated?"""
    outcomes = list(_traces(line))
    return all(o.labelled == o.predicted for o in outcomes), outcomes[0].why if outcomes else ""


def _match(line: MatchLine) -> Outcome:
    index, why = match_check(line.proposed.kind, line.proposed.target,
                             [(c.kind, c.target) for c in line.host_checks])  # fmt: skip
    return Outcome(line.id, line.scene, str(line.label_match), str(index), why, RULES)


def _judge_line(line: object, detector: Detector) -> list[Outcome]:
    if isinstance(line, CompletionLine):
        return [_completion(line, detector)]
    if isinstance(line, SupportLine):
        return [_support(line, detector)]
    if isinstance(line, ReopenLine):
        return [_reopen(line, detector)]
    if isinstance(line, CitationLine):
        return [_citation(line)]
    if isinstance(line, TraceLine):
        return list(_traces(line))
    if isinstance(line, MatchLine):
        return [_match(line)]
    raise ValueError(f"no judgement for a {type(line).__name__}")


def judge_set(labelled: LabelledSet, detector: Detector) -> tuple[list[Outcome], list[str]]:
    """Every outcome of the set, and the lines that could not be judged (line id: reason)."""
    outcomes: list[Outcome] = []
    problems: list[str] = []
    for line in labelled.lines:
        try:
            outcomes.extend(_judge_line(line, detector))
        except DetectorError as err:
            # An endpoint that fails is no verdict: the line is counted as unjudged, not wrong.
            problems.append(f"{line.id}: detector error: {err}")
        except (ValidationError, ValueError) as err:
            problems.append(f"{line.id}: cannot be judged: {str(err).splitlines()[0]}")
        except Exception as err:
            if not isinstance(line, _JUDGED_BY_DETECTOR):
                raise  # the harness's own checks: an error there is the harness's, shown whole
            # A detector that raises on a line is a bug in it, shown as one with where it
            # raised (the exit status says so too), while every other line is still measured.
            frame = traceback.extract_tb(err.__traceback__)[-1]
            problems.append(f"{line.id}: the detector raised {type(err).__name__}: {err} "
                            f"({Path(frame.filename).name}:{frame.lineno})")  # fmt: skip
    return outcomes, problems


#: Lines a text detector judges (the others are the harness's own structural checks).
_JUDGED_BY_DETECTOR = (CompletionLine, SupportLine, ReopenLine)
