"""ReferenceRunner: the deterministic, in-process baseline every model must beat."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from typing import Any

from harness.runners.base import RunnerOutput
from harness.runners.reference import (
    analyze,
    critique,
    draft,
    execute,
    inquire,
    plan,
    preflight,
    reconcile,
)
from harness.runners.reference.evidence import Evidence
from harness.runners.reference.outcome import StageOutcome
from harness.runners.reference.profile import PROFILES, Profile, ProfileName
from harness.schema import (
    CONTRACTS,
    Envelope,
    Invocation,
    Message,
    Stage,
    ToolCall,
    ToolResult,
    TraceEvent,
    Usage,
)

StageFn = Callable[[Evidence, Profile], StageOutcome]

STAGE_FUNCTIONS: dict[Stage, StageFn] = {
    Stage.reconcile: reconcile.run,
    Stage.preflight: preflight.run,
    Stage.inquire: inquire.run,
    Stage.analyze: analyze.run,
    Stage.plan: plan.run,
    Stage.execute: execute.run,
    Stage.critique: critique.run,
    Stage.draft: draft.run,
}

#: Nominal seconds per trace step: the runner is instantaneous, but ordered, distinct times keep
#: the trace readable and let latency scorers tell steps apart.
_STEP_SECONDS = 0.001


class ReferenceRunner:
    """Deterministic rules over the invocation alone (never the host outcome)."""

    name = "reference"
    io_bound = False

    def __init__(self, profile: ProfileName = "careful") -> None:
        if profile not in PROFILES:
            raise ValueError(f"unknown reference profile {profile!r}; use careful or credulous")
        self.profile: Profile = PROFILES[profile]
        self.model = f"reference-{profile}"

    def run(self, invocation: Invocation, cancel: threading.Event) -> RunnerOutput:
        archive_id = f"{invocation.invocation_id}-{self.profile.name}"
        if cancel.is_set():
            return _interrupted(archive_id, self.model)
        ev = Evidence.of(invocation)
        outcome = STAGE_FUNCTIONS[invocation.stage](ev, self.profile)
        result = outcome.result.model_dump(mode="json", exclude_none=False)
        # A rule bug must surface as a failing test, never as a silently invalid result.
        CONTRACTS[invocation.stage].model_validate(result)
        if cancel.is_set():
            return _interrupted(archive_id, self.model)
        trace = _trace(ev, outcome)
        envelope = Envelope(
            status="completed",
            summary=outcome.summary,
            result=result,
            claims=outcome.claims,
            receipts=outcome.receipts,
            artifacts=outcome.artifacts,
            next_steps=outcome.next_steps,
            confidence=outcome.confidence,
            uncertainties=outcome.uncertainties,
            usage=_usage(invocation, result, self.model),
            archive_id=archive_id,
        )
        return RunnerOutput(envelope=envelope, trace=trace, notes=[])


def _interrupted(archive_id: str, model: str) -> RunnerOutput:
    envelope = Envelope(
        status="interrupted",
        summary="cancelled before a result was produced",
        archive_id=archive_id,
        usage=Usage(model=model),
    )
    return RunnerOutput(envelope=envelope, trace=[_cancel_message()])


def _cancel_message() -> TraceEvent:
    return Message(role="assistant", text="Cancelled by the harness; stopping.")


def _trace(ev: Evidence, outcome: StageOutcome) -> list[TraceEvent]:
    events: list[TraceEvent] = []
    t = 0.0
    for n, step in enumerate(ev.steps, start=1):
        call_id = f"c{n}"
        events.append(ToolCall(t=round(t, 6), tool=step.tool, args=step.args, call_id=call_id))
        t += _STEP_SECONDS
        events.append(ToolResult(t=round(t, 6), call_id=call_id, ok=step.ok, output=step.output))
        t += _STEP_SECONDS
    events.append(Message(t=round(t, 6), role="assistant", text=outcome.summary))
    return events


def _usage(invocation: Invocation, result: dict[str, Any], model: str) -> Usage:
    # A token estimate at four characters per token; the reference runner costs nothing.
    seen = len(invocation.goal) + len(invocation.question) + len(invocation.role)
    seen += sum(len(item.text) + len(item.id) + len(item.source) for item in invocation.context)
    seen += len(invocation.subject.model_dump_json())
    produced = len(json.dumps(result, ensure_ascii=False))
    return Usage(input_tokens=seen // 4, output_tokens=produced // 4, cost_usd=0.0, model=model)
