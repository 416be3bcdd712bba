"""One case of a replay: build the invocation, call the runner under a wall-clock watchdog, retry
infrastructure errors, and turn whatever came back (an output, an exception, nothing) into a
RunRecord with its trace archived and its boundary events.

The call under its watchdog is ``watchdog``, the record made of what came back ``assemble``,
what the cases of a run share ``context``; this module retries and puts them together.

``run_case`` is the one single-case path: the replay engine calls it from its thread pool and the
pytest plugin once per test item, so a case run by either is stored the same way.

The harness enforces the Phase 0 limits here rather than trusting the runner: a runner that does not
answer in time is recorded ``timed_out`` and abandoned; its trace and envelope are checked for
boundary events whatever the runner says about itself.
"""

from __future__ import annotations

from dataclasses import dataclass

from harness.invocation import build_invocation
from harness.replay.assemble import describe, harness_record, judge
from harness.replay.context import ArchiveClaims, ArchiveIds, CaseContext
from harness.replay.select import Case
from harness.replay.watchdog import Attempt, Raised, Stopped, attempt
from harness.rundir import utc_now
from harness.runners.base import RunnerInfraError
from harness.schema import CancelToken, Invocation, RunRecord, TraceEvent

__all__ = [
    "ArchiveClaims",
    "ArchiveIds",
    "CaseContext",
    "CaseResult",
    "case_invocation",
    "run_case",
]


@dataclass(frozen=True)
class CaseResult:
    record: RunRecord
    #: The trace as archived (empty for a run the harness recorded for the runner).
    trace: list[TraceEvent]
    #: The record serialized, so a record that cannot be written fails its case alone.
    line: bytes


def case_invocation(ctx: CaseContext, case: Case) -> Invocation:
    """What the runner gets for ``case``: the same for the same case, however often built."""
    invocation = build_invocation(case.package, case.stage, phase=ctx.phase, limits=ctx.limits)
    if ctx.grace_seconds is not None:
        token = CancelToken(id=invocation.cancel.id, grace_seconds=ctx.grace_seconds)
        invocation = invocation.model_copy(update={"cancel": token})
    return invocation


def _call(ctx: CaseContext, invocation: Invocation) -> tuple[Attempt, int]:
    """Call the runner, again after a RunnerInfraError while retries last; (outcome, attempts)."""
    attempts = 0
    while True:
        attempts += 1
        outcome = attempt(ctx.runner, invocation, stop=ctx.stop, abandon=ctx.abandon)
        if (
            isinstance(outcome, Raised)
            and isinstance(outcome.error, RunnerInfraError)
            and attempts <= ctx.retries
        ):
            # Only infrastructure is retried, with backoff; a bad answer is a result.
            if ctx.stop.wait(ctx.retry_backoff * 2 ** (attempts - 1)):
                return Stopped(), attempts
            continue
        return outcome, attempts


def run_case(ctx: CaseContext, case: Case) -> CaseResult | None:
    """Replay one (package, stage): the trace is archived under ``ctx.run_dir/traces`` and the
    record returned, serialized, for the caller to append. None when ``ctx.stop`` interrupted the
    case (it is run again on --resume)."""
    if ctx.stop.is_set():
        return None
    started_at = utc_now()
    invocation = case_invocation(ctx, case)
    outcome, attempts = _call(ctx, invocation)
    if isinstance(outcome, Stopped):
        return None
    record, trace = judge(ctx, case, invocation, started_at, outcome, attempts)
    try:
        line = record.model_dump_json().encode()
    except (ValueError, TypeError) as exc:
        # Checked again here because the record as a whole is what must reach the disk.
        record = harness_record(
            ctx,
            case,
            invocation,
            record.started_at,
            status="failed",
            error=f"output could not be serialized: {describe(exc)}",
            latency_s=record.latency_s,
            attempts=record.attempts,
            notes=record.notes,
        )
        trace = []
        line = record.model_dump_json().encode()
    return CaseResult(record, trace, line)
