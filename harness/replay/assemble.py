"""What a case run becomes: the RunRecord (and archived trace) for the runner's last attempt, an
output checked for boundary events, or a record the harness writes for a crash, a timeout or
garbage. Error texts are the runner's and untrusted: kept short."""

from __future__ import annotations

from datetime import datetime

from pydantic import ValidationError
from pydantic_core import PydanticSerializationError

from harness.boundary.result import result_boundary_events
from harness.boundary.trace import trace_boundary_events
from harness.invocation import invocation_digest
from harness.replay.context import CaseContext
from harness.replay.select import Case
from harness.replay.watchdog import WATCHDOG_SLACK_S, Raised, Returned, TimedOut
from harness.rundir import harness_archive_id, is_safe_archive_id
from harness.runners.base import RunnerInfraError, RunnerOutput
from harness.schema import (
    TRACE,
    BoundaryEvent,
    Envelope,
    Invocation,
    RunRecord,
    RunStatus,
    TraceEvent,
)

#: Error messages kept in a record; a runner's exception text is untrusted and may be huge.
MAX_ERROR_CHARS = 2000


def short(text: str) -> str:
    return text if len(text) <= MAX_ERROR_CHARS else text[:MAX_ERROR_CHARS] + "…"


def describe(error: BaseException) -> str:
    message = str(error).strip()
    return short(f"{type(error).__name__}: {message}" if message else type(error).__name__)


def _record(
    ctx: CaseContext,
    case: Case,
    invocation: Invocation,
    started_at: datetime,
    *,
    status: RunStatus,
    envelope: Envelope,
    latency_s: float,
    archive_id: str,
    attempts: int,
    error: str | None,
    boundary: list[BoundaryEvent],
    notes: list[str],
) -> RunRecord:
    return RunRecord(
        run_id=ctx.run_id,
        package=case.package.id,
        stage=case.stage,
        agent=case.package.agent,
        model=ctx.runner.model,
        runner=ctx.runner.name,
        status=status,
        envelope=envelope,
        latency_s=max(0.0, latency_s),
        usage=envelope.usage,
        boundary_events=boundary,
        invocation_sha256=invocation_digest(invocation),
        archive_id=archive_id,
        attempts=attempts,
        error=error,
        started_at=started_at,
        notes=notes,
    )


def harness_record(
    ctx: CaseContext,
    case: Case,
    invocation: Invocation,
    started_at: datetime,
    *,
    status: RunStatus,
    error: str,
    latency_s: float,
    attempts: int,
    boundary: list[BoundaryEvent] | None = None,
    notes: list[str] | None = None,
) -> RunRecord:
    """A record for a run that produced no envelope of its own (crash, timeout, garbage)."""
    archive_id = harness_archive_id(invocation.invocation_id, ctx.run_id)
    ctx.archive_ids.claim(archive_id)
    # An empty trace keeps the rule that every record's archive id names a trace file.
    ctx.traces.write(archive_id, [])
    # No envelope came back; an infrastructure error's stand-in envelope says "failed".
    envelope = Envelope(
        status="failed" if status == "error" else status,
        summary=f"no result: {error}",
        error=error,
        archive_id=archive_id,
    )
    return _record(
        ctx,
        case,
        invocation,
        started_at,
        status=status,
        envelope=envelope,
        latency_s=latency_s,
        archive_id=archive_id,
        attempts=attempts,
        error=error,
        boundary=boundary or [],
        notes=notes or [],
    )


def _output_record(
    ctx: CaseContext,
    case: Case,
    invocation: Invocation,
    started_at: datetime,
    output: RunnerOutput,
    latency_s: float,
    attempts: int,
) -> RunRecord:
    envelope = output.envelope
    notes = list(output.notes)
    archive_id = envelope.archive_id
    if archive_id is not None and not is_safe_archive_id(archive_id):
        notes.append(
            f"runner archive_id {archive_id[:80]!r} is not a safe file name; trace stored under the harness id"
        )
        archive_id = None
    elif archive_id is not None and not ctx.archive_ids.claim(archive_id):
        notes.append(
            f"runner archive_id {archive_id!r} already names another trace; trace stored under the harness id"
        )
        archive_id = None
    if archive_id is None:
        archive_id = harness_archive_id(invocation.invocation_id, ctx.run_id)
        ctx.archive_ids.claim(archive_id)
    trace = output.trace
    # The trace is closed before the result line exists, so a stored result never names a torn trace.
    ctx.traces.write(archive_id, trace)
    # The envelope is stored as the runner gave it: a missing archive id or an inlined trace is the
    # runner's to answer for, and the boundary events below say so.
    boundary = [
        *output.boundary_events,
        *trace_boundary_events(invocation, trace, output.workspace_symlinks),
        *result_boundary_events(invocation, envelope),
    ]
    error = short(envelope.error) if envelope.error else None
    return _record(
        ctx,
        case,
        invocation,
        started_at,
        status=envelope.status,
        envelope=envelope,
        latency_s=latency_s if output.latency_s is None else output.latency_s,
        archive_id=archive_id,
        attempts=attempts,
        error=error,
        boundary=boundary,
        notes=notes,
    )


def _timed_out(invocation: Invocation, outcome: TimedOut) -> list[BoundaryEvent]:
    boundary = [
        BoundaryEvent(
            kind="wall_time",
            detail=(
                f"no result within {outcome.watchdog_s:.1f}s (wall_seconds "
                f"{invocation.limits.wall_seconds:g} + grace {invocation.cancel.grace_seconds:g} "
                f"+ {WATCHDOG_SLACK_S:g}); cancelled and abandoned"
            ),
        )
    ]
    if not outcome.cancel_honoured:
        boundary.append(
            BoundaryEvent(
                kind="cancel_ignored",
                detail=f"still running {invocation.cancel.grace_seconds:g}s after cancel",
            )
        )
    return boundary


def judge(
    ctx: CaseContext,
    case: Case,
    invocation: Invocation,
    started_at: datetime,
    outcome: Returned | Raised | TimedOut,
    attempts: int,
) -> tuple[RunRecord, list[TraceEvent]]:
    """The record (and archived trace) for what the runner did in its last attempt."""

    def failed(error: str, status: RunStatus = "failed") -> tuple[RunRecord, list[TraceEvent]]:
        record = harness_record(
            ctx, case, invocation, started_at, status=status, error=error,
            latency_s=outcome.latency_s, attempts=attempts,
        )  # fmt: skip
        return record, []

    if isinstance(outcome, TimedOut):
        record = harness_record(
            ctx, case, invocation, started_at, status="timed_out",
            error=f"timed out after {outcome.watchdog_s:.1f}s", latency_s=outcome.latency_s,
            attempts=attempts, boundary=_timed_out(invocation, outcome),
        )  # fmt: skip
        return record, []
    if isinstance(outcome, Raised):
        error = describe(outcome.error)
        if isinstance(outcome.error, RunnerInfraError):
            error += f" (gave up after {attempts} attempts)"
        # The runner raised before answering (a crash, a server down): infrastructure, not an
        # answer of the model's, so never scored as its behaviour.
        return failed(error, status="error")
    output = outcome.output
    if not isinstance(output, RunnerOutput) or not isinstance(output.envelope, Envelope):
        return failed(
            f"runner returned {type(output).__name__}, not a RunnerOutput with an Envelope",
            status="error",
        )
    try:
        # Accepts events as models or as plain dicts; anything else is the runner's failure.
        output.trace = TRACE.validate_python(list(output.trace))
    except (ValidationError, TypeError) as exc:
        return failed(
            f"runner returned a trace that is not a list of trace events: {describe(exc)}"
        )
    try:
        record = _output_record(
            ctx, case, invocation, started_at, output, outcome.latency_s, attempts
        )
    except PydanticSerializationError as exc:
        # An envelope whose extra fields hold objects JSON cannot carry: that run's failure alone.
        return failed(f"output could not be serialized: {describe(exc)}")
    return record, output.trace
