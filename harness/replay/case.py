"""One case of a replay: build the invocation, call the runner under a wall-clock watchdog, retry
infrastructure errors, and turn whatever came back (an output, an exception, nothing) into a
RunRecord with its trace archived and its boundary events.

The harness enforces the Phase 0 limits here rather than trusting the runner: a runner that does not
answer in time is recorded ``timed_out`` and abandoned; its trace and envelope are checked for
boundary events whatever the runner says about itself.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from pydantic import ValidationError
from pydantic_core import PydanticSerializationError

from harness.boundary import result_boundary_events, trace_boundary_events
from harness.invocation import build_invocation
from harness.replay.rundir import (
    harness_archive_id,
    is_safe_archive_id,
    utc_now,
    write_trace,
)
from harness.replay.select import Case
from harness.runners.base import Runner, RunnerInfraError, RunnerOutput
from harness.schema import (
    TRACE,
    BoundaryEvent,
    CancelToken,
    Envelope,
    EnvelopeStatus,
    Invocation,
    Limits,
    RunRecord,
)

#: Beyond wall_seconds + the cancel grace, so that a runner with its own sandbox (which kills at
#: wall_seconds and again after the grace) always reports its own timeout before the watchdog fires.
WATCHDOG_SLACK_S = 1.0
#: How often a waiting case looks at the stop flag; a finished runner is noticed at once anyway.
POLL_S = 0.1
#: Error messages kept in a record; a runner's exception text is untrusted and may be huge.
MAX_ERROR_CHARS = 2000


class ArchiveIds:
    """Archive ids taken in this run; a runner that reuses one must not overwrite another trace."""

    def __init__(self, taken: Sequence[str]) -> None:
        self._taken = set(taken)
        self._lock = threading.Lock()

    def claim(self, archive_id: str) -> bool:
        with self._lock:
            if archive_id in self._taken:
                return False
            self._taken.add(archive_id)
            return True


@dataclass(frozen=True)
class CaseContext:
    """What every case of one run shares; read-only but for the events and the archive ids."""

    runner: Runner
    run_id: str
    run_dir: Path
    phase: int
    limits: Limits | None
    grace_seconds: float | None
    retries: int
    retry_backoff: float
    #: Set at SIGINT/SIGTERM: hand out no new case, cancel the ones in flight.
    stop: threading.Event
    #: Set at a second signal: do not wait out the cancel grace either.
    abandon: threading.Event
    archive_ids: ArchiveIds


@dataclass(frozen=True)
class _Returned:
    output: object
    latency_s: float


@dataclass(frozen=True)
class _Raised:
    error: BaseException
    latency_s: float


@dataclass(frozen=True)
class _TimedOut:
    latency_s: float
    watchdog_s: float
    cancel_honoured: bool


class _Stopped:
    """The user interrupted the run while this case was in flight: record nothing."""


_Attempt = _Returned | _Raised | _TimedOut | _Stopped


def _short(text: str) -> str:
    return text if len(text) <= MAX_ERROR_CHARS else text[:MAX_ERROR_CHARS] + "…"


def _describe(error: BaseException) -> str:
    message = str(error).strip()
    return _short(f"{type(error).__name__}: {message}" if message else type(error).__name__)


def _wait_out_grace(thread: threading.Thread, grace: float, abandon: threading.Event) -> None:
    deadline = time.perf_counter() + grace
    while thread.is_alive() and not abandon.is_set():
        remaining = deadline - time.perf_counter()
        if remaining <= 0:
            return
        thread.join(min(remaining, POLL_S))


def _attempt(shared: CaseContext, invocation: Invocation) -> _Attempt:
    """One call of the runner in its own daemon thread, watched by the wall clock.

    The runner gets its own thread so that the pool worker can walk away from a runner that never
    returns: the thread is abandoned (daemon, so it cannot hold the process open) and whatever it
    returns later is dropped with its closure.
    """
    cancel = threading.Event()
    box: list[object] = []

    def call() -> None:
        try:
            box.append(shared.runner.run(invocation, cancel))
        except BaseException as exc:  # a runner's SystemExit is a failed run, not ours
            box.append(exc)

    grace = invocation.cancel.grace_seconds
    watchdog_s = invocation.limits.wall_seconds + grace + WATCHDOG_SLACK_S
    thread = threading.Thread(target=call, name=f"runner:{invocation.invocation_id}", daemon=True)
    start = time.perf_counter()
    deadline = start + watchdog_s
    thread.start()
    while thread.is_alive():
        if shared.stop.is_set():
            cancel.set()
            # A subprocess runner needs the grace to take its process group down with it.
            _wait_out_grace(thread, grace, shared.abandon)
            return _Stopped()
        remaining = deadline - time.perf_counter()
        if remaining <= 0:
            cancel.set()
            _wait_out_grace(thread, grace, shared.abandon)
            return _TimedOut(watchdog_s, watchdog_s, cancel_honoured=not thread.is_alive())
        thread.join(min(remaining, POLL_S))
    latency = time.perf_counter() - start
    value = box[0]
    if isinstance(value, BaseException):
        return _Raised(value, latency)
    return _Returned(value, latency)


def _invocation(shared: CaseContext, case: Case) -> Invocation:
    invocation = build_invocation(
        case.package, case.stage, phase=shared.phase, limits=shared.limits
    )
    if shared.grace_seconds is not None:
        token = CancelToken(id=invocation.cancel.id, grace_seconds=shared.grace_seconds)
        invocation = invocation.model_copy(update={"cancel": token})
    return invocation


def _record(
    shared: CaseContext,
    case: Case,
    started_at: datetime,
    *,
    status: EnvelopeStatus,
    envelope: Envelope,
    latency_s: float,
    archive_id: str,
    attempts: int,
    error: str | None,
    boundary: list[BoundaryEvent],
    notes: list[str],
) -> RunRecord:
    return RunRecord(
        run_id=shared.run_id,
        package=case.package.id,
        stage=case.stage,
        agent=case.package.agent,
        model=shared.runner.model,
        runner=shared.runner.name,
        status=status,
        envelope=envelope,
        latency_s=max(0.0, latency_s),
        usage=envelope.usage,
        boundary_events=boundary,
        archive_id=archive_id,
        attempts=attempts,
        error=error,
        started_at=started_at,
        notes=notes,
    )


def _harness_record(
    shared: CaseContext,
    case: Case,
    invocation: Invocation,
    started_at: datetime,
    *,
    status: EnvelopeStatus,
    error: str,
    latency_s: float,
    attempts: int,
    boundary: list[BoundaryEvent] | None = None,
    notes: list[str] | None = None,
) -> RunRecord:
    """A record for a run that produced no envelope of its own (crash, timeout, garbage)."""
    archive_id = harness_archive_id(invocation.invocation_id, shared.run_id)
    shared.archive_ids.claim(archive_id)
    # An empty trace keeps the rule that every record's archive id names a trace file.
    write_trace(shared.run_dir, archive_id, [])
    envelope = Envelope(
        status=status, summary=f"no result: {error}", error=error, archive_id=archive_id
    )
    return _record(
        shared,
        case,
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
    shared: CaseContext,
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
    elif archive_id is not None and not shared.archive_ids.claim(archive_id):
        notes.append(
            f"runner archive_id {archive_id!r} already names another trace; trace stored under the harness id"
        )
        archive_id = None
    if archive_id is None:
        archive_id = harness_archive_id(invocation.invocation_id, shared.run_id)
        shared.archive_ids.claim(archive_id)
    trace = output.trace
    # The trace is closed before the result line exists, so a stored result never names a torn trace.
    write_trace(shared.run_dir, archive_id, trace)
    # The envelope is stored as the runner gave it: a missing archive id or an inlined trace is the
    # runner's to answer for, and the boundary events below say so.
    boundary = [
        *output.boundary_events,
        *trace_boundary_events(invocation, trace),
        *result_boundary_events(invocation, envelope),
    ]
    error = _short(envelope.error) if envelope.error else None
    return _record(
        shared,
        case,
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


def _run_case(shared: CaseContext, case: Case) -> RunRecord | None:
    """Replay one case; None when the user interrupted it (it is run again on --resume)."""
    if shared.stop.is_set():
        return None
    started_at = utc_now()
    invocation = _invocation(shared, case)
    attempts = 0
    while True:
        attempts += 1
        outcome = _attempt(shared, invocation)
        if (
            isinstance(outcome, _Raised)
            and isinstance(outcome.error, RunnerInfraError)
            and attempts <= shared.retries
        ):
            # Only infrastructure is retried, with backoff; a bad answer is a result.
            if shared.stop.wait(shared.retry_backoff * 2 ** (attempts - 1)):
                return None
            continue
        break
    if isinstance(outcome, _Stopped):
        return None
    if isinstance(outcome, _TimedOut):
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
        return _harness_record(
            shared,
            case,
            invocation,
            started_at,
            status="timed_out",
            error=f"timed out after {outcome.watchdog_s:.1f}s",
            latency_s=outcome.latency_s,
            attempts=attempts,
            boundary=boundary,
        )
    if isinstance(outcome, _Raised):
        error = _describe(outcome.error)
        if isinstance(outcome.error, RunnerInfraError):
            error += f" (gave up after {attempts} attempts)"
        return _harness_record(
            shared,
            case,
            invocation,
            started_at,
            status="failed",
            error=error,
            latency_s=outcome.latency_s,
            attempts=attempts,
        )
    output = outcome.output
    if not isinstance(output, RunnerOutput) or not isinstance(output.envelope, Envelope):
        return _harness_record(
            shared,
            case,
            invocation,
            started_at,
            status="failed",
            error=f"runner returned {type(output).__name__}, not a RunnerOutput with an Envelope",
            latency_s=outcome.latency_s,
            attempts=attempts,
        )
    try:
        # Accepts events as models or as plain dicts; anything else is the runner's failure.
        output.trace = TRACE.validate_python(list(output.trace))
    except (ValidationError, TypeError) as exc:
        return _harness_record(
            shared,
            case,
            invocation,
            started_at,
            status="failed",
            error=f"runner returned a trace that is not a list of trace events: {_describe(exc)}",
            latency_s=outcome.latency_s,
            attempts=attempts,
        )
    try:
        return _output_record(
            shared, case, invocation, started_at, output, outcome.latency_s, attempts
        )
    except PydanticSerializationError as exc:
        # An envelope whose extra fields hold objects JSON cannot carry: that run's failure alone.
        return _harness_record(
            shared,
            case,
            invocation,
            started_at,
            status="failed",
            error=f"output could not be serialized: {_describe(exc)}",
            latency_s=outcome.latency_s,
            attempts=attempts,
        )


@dataclass(frozen=True)
class Done:
    record: RunRecord
    #: Serialized in the worker, so a record that cannot be written fails that case alone.
    line: bytes


def finish_case(shared: CaseContext, case: Case) -> Done | None:
    record = _run_case(shared, case)
    if record is None:
        return None
    try:
        line = record.model_dump_json().encode()
    except (ValueError, TypeError) as exc:
        # Checked again here because the record as a whole is what must reach the disk.
        record = _harness_record(
            shared,
            case,
            _invocation(shared, case),
            record.started_at,
            status="failed",
            error=f"output could not be serialized: {_describe(exc)}",
            latency_s=record.latency_s,
            attempts=record.attempts,
            notes=record.notes,
        )
        line = record.model_dump_json().encode()
    return Done(record, line)
