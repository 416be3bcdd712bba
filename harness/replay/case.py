"""One case of a replay: build the invocation, call the runner under a wall-clock watchdog, retry
infrastructure errors, and turn whatever came back (an output, an exception, nothing) into a
RunRecord with its trace archived and its boundary events.

``run_case`` is the one single-case path: the replay engine calls it from its thread pool and the
pytest plugin once per test item, so a case run by either is stored the same way.

The harness enforces the Phase 0 limits here rather than trusting the runner: a runner that does not
answer in time is recorded ``timed_out`` and abandoned; its trace and envelope are checked for
boundary events whatever the runner says about itself.
"""

from __future__ import annotations

import queue
import threading
import time
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Protocol

from pydantic import ValidationError
from pydantic_core import PydanticSerializationError

from harness.boundary import result_boundary_events, trace_boundary_events
from harness.invocation import build_invocation, invocation_digest
from harness.replay.select import Case
from harness.rundir import TraceWriter, harness_archive_id, is_safe_archive_id, utc_now
from harness.runners.base import Runner, RunnerInfraError, RunnerOutput
from harness.schema import (
    TRACE,
    BoundaryEvent,
    CancelToken,
    Envelope,
    Invocation,
    Limits,
    RunRecord,
    RunStatus,
    TraceEvent,
)

#: Beyond wall_seconds + the cancel grace, so that a runner with its own sandbox (which kills at
#: wall_seconds and again after the grace) always reports its own timeout before the watchdog fires.
WATCHDOG_SLACK_S = 1.0
#: How often a waiting case looks at the stop flag; a finished runner is noticed at once anyway.
POLL_S = 0.1
#: Error messages kept in a record; a runner's exception text is untrusted and may be huge.
MAX_ERROR_CHARS = 2000


class ArchiveClaims(Protocol):
    def claim(self, archive_id: str) -> bool:
        """Take ``archive_id`` for one run; False when another run of this run directory has it."""
        ...


class ArchiveIds:
    """Archive ids taken in this run, in memory: for one process writing one run directory (a
    resumed run starts with the ids its stored results hold)."""

    def __init__(self, taken: Sequence[str] = ()) -> None:
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
    archive_ids: ArchiveClaims
    #: Where this process archives its traces (``run_dir/traces``).
    traces: TraceWriter
    phase: int = 0
    limits: Limits | None = None
    grace_seconds: float | None = None
    retries: int = 2
    retry_backoff: float = 0.5
    #: Set at SIGINT/SIGTERM: hand out no new case, cancel the ones in flight.
    stop: threading.Event = field(default_factory=threading.Event)
    #: Set at a second signal: do not wait out the cancel grace either.
    abandon: threading.Event = field(default_factory=threading.Event)


@dataclass(frozen=True)
class CaseResult:
    record: RunRecord
    #: The trace as archived (empty for a run the harness recorded for the runner).
    trace: list[TraceEvent]
    #: The record serialized, so a record that cannot be written fails its case alone.
    line: bytes


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
_Job = tuple[Callable[[], object], list[object], threading.Event]


def _short(text: str) -> str:
    return text if len(text) <= MAX_ERROR_CHARS else text[:MAX_ERROR_CHARS] + "…"


def _describe(error: BaseException) -> str:
    message = str(error).strip()
    return _short(f"{type(error).__name__}: {message}" if message else type(error).__name__)


def _serve(jobs: queue.SimpleQueue[_Job | None]) -> None:
    while (job := jobs.get()) is not None:
        call, box, done = job
        try:
            box.append(call())
        except BaseException as exc:  # a runner's SystemExit is a failed run, not ours
            box.append(exc)
        finally:
            done.set()


class _Lane:
    """The daemon thread that runs the runner for one calling thread, reused from case to case:
    starting a thread per case costs more than a fast runner does. A call that overruns is left
    to its thread (daemon, so it cannot hold the process open) and the next call gets a new one.

    The thread holds only its queue, never the lane, so when the calling thread ends and its
    lane is collected the finalizer tells the thread to end too."""

    def __init__(self) -> None:
        self._start()

    def _start(self) -> None:
        jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        threading.Thread(target=_serve, args=(jobs,), name="shadow-runner", daemon=True).start()
        self._jobs = jobs
        self._stop_thread = weakref.finalize(self, jobs.put, None)

    def submit(self, call: Callable[[], object]) -> tuple[list[object], threading.Event]:
        box: list[object] = []
        done = threading.Event()
        self._jobs.put((call, box, done))
        return box, done

    def abandon(self) -> None:
        """Leave the stuck call to its thread, which ends once the call returns."""
        self._stop_thread()
        self._start()


_lanes = threading.local()


def _lane() -> _Lane:
    lane: _Lane | None = getattr(_lanes, "lane", None)
    if lane is None:
        lane = _lanes.lane = _Lane()
    return lane


def _wait_out_grace(done: threading.Event, grace: float, abandon: threading.Event) -> None:
    deadline = time.perf_counter() + grace
    while not done.is_set() and not abandon.is_set():
        remaining = deadline - time.perf_counter()
        if remaining <= 0:
            return
        done.wait(min(remaining, POLL_S))


def _inline_attempt(runner: Runner, invocation: Invocation) -> _Attempt:
    """A runner that declares itself an in-process lookup that cannot hang, called directly."""
    start = time.perf_counter()
    try:
        value: object = runner.run(invocation, threading.Event())
    except (Exception, SystemExit) as exc:  # a runner's SystemExit is a failed run, not ours
        return _Raised(exc, time.perf_counter() - start)
    return _Returned(value, time.perf_counter() - start)


def _attempt(ctx: CaseContext, invocation: Invocation) -> _Attempt:
    """One call of the runner on this thread's lane, watched by the wall clock."""
    cancel = threading.Event()
    runner = ctx.runner
    if getattr(runner, "inline", False) is True:
        return _inline_attempt(runner, invocation)
    grace = invocation.cancel.grace_seconds
    watchdog_s = invocation.limits.wall_seconds + grace + WATCHDOG_SLACK_S
    lane = _lane()
    start = time.perf_counter()
    deadline = start + watchdog_s
    box, done = lane.submit(lambda: runner.run(invocation, cancel))
    try:
        while not done.is_set():
            if ctx.stop.is_set():
                cancel.set()
                # A subprocess runner needs the grace to take its process group down with it.
                _wait_out_grace(done, grace, ctx.abandon)
                if not done.is_set():
                    lane.abandon()
                return _Stopped()
            remaining = deadline - time.perf_counter()
            if remaining <= 0:
                cancel.set()
                _wait_out_grace(done, grace, ctx.abandon)
                honoured = done.is_set()
                if not honoured:
                    lane.abandon()
                return _TimedOut(watchdog_s, watchdog_s, cancel_honoured=honoured)
            done.wait(min(remaining, POLL_S))
    except KeyboardInterrupt:
        # The caller is stopping (Ctrl-C in pytest): cancel, and give a subprocess runner its grace.
        cancel.set()
        if not done.wait(grace):
            lane.abandon()
        raise
    latency = time.perf_counter() - start
    value = box[0]
    if isinstance(value, BaseException):
        return _Raised(value, latency)
    return _Returned(value, latency)


def _invocation(ctx: CaseContext, case: Case) -> Invocation:
    invocation = build_invocation(case.package, case.stage, phase=ctx.phase, limits=ctx.limits)
    if ctx.grace_seconds is not None:
        token = CancelToken(id=invocation.cancel.id, grace_seconds=ctx.grace_seconds)
        invocation = invocation.model_copy(update={"cancel": token})
    return invocation


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


def _harness_record(
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
    error = _short(envelope.error) if envelope.error else None
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


def _call(ctx: CaseContext, invocation: Invocation) -> tuple[_Attempt, int]:
    """Call the runner, again after a RunnerInfraError while retries last; (outcome, attempts)."""
    attempts = 0
    while True:
        attempts += 1
        outcome = _attempt(ctx, invocation)
        if (
            isinstance(outcome, _Raised)
            and isinstance(outcome.error, RunnerInfraError)
            and attempts <= ctx.retries
        ):
            # Only infrastructure is retried, with backoff; a bad answer is a result.
            if ctx.stop.wait(ctx.retry_backoff * 2 ** (attempts - 1)):
                return _Stopped(), attempts
            continue
        return outcome, attempts


def _timed_out(invocation: Invocation, outcome: _TimedOut) -> list[BoundaryEvent]:
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


def _judge(
    ctx: CaseContext,
    case: Case,
    invocation: Invocation,
    started_at: datetime,
    outcome: _Returned | _Raised | _TimedOut,
    attempts: int,
) -> tuple[RunRecord, list[TraceEvent]]:
    """The record (and archived trace) for what the runner did in its last attempt."""

    def failed(error: str, status: RunStatus = "failed") -> tuple[RunRecord, list[TraceEvent]]:
        record = _harness_record(
            ctx, case, invocation, started_at, status=status, error=error,
            latency_s=outcome.latency_s, attempts=attempts,
        )  # fmt: skip
        return record, []

    if isinstance(outcome, _TimedOut):
        record = _harness_record(
            ctx, case, invocation, started_at, status="timed_out",
            error=f"timed out after {outcome.watchdog_s:.1f}s", latency_s=outcome.latency_s,
            attempts=attempts, boundary=_timed_out(invocation, outcome),
        )  # fmt: skip
        return record, []
    if isinstance(outcome, _Raised):
        error = _describe(outcome.error)
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
            f"runner returned a trace that is not a list of trace events: {_describe(exc)}"
        )
    try:
        record = _output_record(
            ctx, case, invocation, started_at, output, outcome.latency_s, attempts
        )
    except PydanticSerializationError as exc:
        # An envelope whose extra fields hold objects JSON cannot carry: that run's failure alone.
        return failed(f"output could not be serialized: {_describe(exc)}")
    return record, output.trace


def run_case(ctx: CaseContext, case: Case) -> CaseResult | None:
    """Replay one (package, stage): the trace is archived under ``ctx.run_dir/traces`` and the
    record returned, serialized, for the caller to append. None when ``ctx.stop`` interrupted the
    case (it is run again on --resume)."""
    if ctx.stop.is_set():
        return None
    started_at = utc_now()
    invocation = _invocation(ctx, case)
    outcome, attempts = _call(ctx, invocation)
    if isinstance(outcome, _Stopped):
        return None
    record, trace = _judge(ctx, case, invocation, started_at, outcome, attempts)
    try:
        line = record.model_dump_json().encode()
    except (ValueError, TypeError) as exc:
        # Checked again here because the record as a whole is what must reach the disk.
        record = _harness_record(
            ctx,
            case,
            invocation,
            record.started_at,
            status="failed",
            error=f"output could not be serialized: {_describe(exc)}",
            latency_s=record.latency_s,
            attempts=record.attempts,
            notes=record.notes,
        )
        trace = []
        line = record.model_dump_json().encode()
    return CaseResult(record, trace, line)
