"""``run_case``, the one single-case path of the replay engine and the pytest plugin: the record
and its serialized line, the reused runner thread, a stuck runner left behind, archive ids shared
between processes, and a stopped case."""

from __future__ import annotations

import threading
from pathlib import Path

from harness.replay import ArchiveIds, Case, CaseContext, read_trace, run_case
from harness.replay.case import ArchiveClaims
from harness.rundir import ArchiveLedger, TraceStore, TraceWriter
from harness.runners.base import Runner, RunnerOutput
from harness.schema import Envelope, Invocation, Limits, Message, RunRecord, Stage
from tests.replay_helpers import EchoRunner, HangingRunner, answer, corpus


class ThreadNoting:
    """Wraps a runner and notes the thread each call ran on."""

    def __init__(self, inner: Runner) -> None:
        self.inner = inner
        self.name, self.model, self.io_bound = inner.name, inner.model, inner.io_bound
        self.threads: list[int | None] = []

    def run(self, invocation: Invocation, cancel: threading.Event) -> RunnerOutput:
        self.threads.append(threading.get_ident())
        return self.inner.run(invocation, cancel)


class FixedArchive:
    """Always names the same archive id, as a careless runner might."""

    name = "fixed"
    model = "fixed-1"
    io_bound = False

    def run(self, invocation: Invocation, cancel: threading.Event) -> RunnerOutput:
        envelope = answer(invocation).model_copy(update={"archive_id": "fixed"})
        return RunnerOutput(envelope, trace=[Message(text=invocation.package_id)])


def context(
    runner: Runner,
    run_dir: Path,
    *,
    archive_ids: ArchiveClaims | None = None,
    name: str = "run",
    limits: Limits | None = None,
    grace_seconds: float | None = None,
) -> CaseContext:
    return CaseContext(
        runner=runner,
        run_id="r1",
        run_dir=run_dir,
        archive_ids=archive_ids or ArchiveIds(),
        traces=TraceWriter(run_dir, name),
        limits=limits,
        grace_seconds=grace_seconds,
        retry_backoff=0.0,
    )


def cases(count: int) -> list[Case]:
    return [Case(p, Stage(p.stages[0])) for p in corpus(count)]


def test_cases_from_one_thread_share_one_runner_thread(tmp_path: Path) -> None:
    runner = ThreadNoting(EchoRunner())
    ctx = context(runner, tmp_path)
    results = [run_case(ctx, case) for case in cases(4)]
    assert all(r is not None and r.record.status == "completed" for r in results)
    assert len(set(runner.threads)) == 1
    assert runner.threads[0] != threading.get_ident()
    for result in results:
        assert result is not None
        # The line is what gets appended: it reads back as the same record.
        assert RunRecord.model_validate_json(result.line) == result.record
        assert read_trace(tmp_path, result.record.archive_id or "") == result.trace
        assert [e.text for e in result.trace if isinstance(e, Message)] == [
            f"answering {result.record.stage}"
        ]


def test_a_runner_that_ignores_cancel_is_left_behind(tmp_path: Path) -> None:
    hanging = HangingRunner(stuck="pkg-000")
    runner = ThreadNoting(hanging)
    ctx = context(runner, tmp_path, limits=Limits(wall_seconds=0.05), grace_seconds=0.05)
    try:
        stuck, after = (run_case(ctx, case) for case in cases(2))
    finally:
        hanging.release.set()
    assert stuck is not None and stuck.record.status == "timed_out"
    assert {e.kind for e in stuck.record.boundary_events} == {"wall_time", "cancel_ignored"}
    assert stuck.trace == [] and read_trace(tmp_path, stuck.record.archive_id or "") == []
    # The next case does not queue behind the stuck call: it gets a thread of its own.
    assert after is not None and after.record.status == "completed"
    assert runner.threads[0] != runner.threads[1]


def test_the_archive_ledger_keeps_processes_from_sharing_a_trace(tmp_path: Path) -> None:
    # Two contexts over one traces/ stand for two xdist workers: neither knows the other's ids.
    first, second = cases(2)
    a = run_case(
        context(FixedArchive(), tmp_path, archive_ids=ArchiveLedger(tmp_path), name="gw0"), first
    )
    b = run_case(
        context(FixedArchive(), tmp_path, archive_ids=ArchiveLedger(tmp_path), name="gw1"), second
    )
    assert a is not None and b is not None
    assert a.record.archive_id == "fixed"
    assert b.record.archive_id != "fixed"
    assert any("already names another trace" in note for note in b.record.notes)
    assert read_trace(tmp_path, "fixed") == [Message(text=first.package.id)]
    assert read_trace(tmp_path, b.record.archive_id or "") == [Message(text=second.package.id)]


def test_a_stopped_context_records_nothing(tmp_path: Path) -> None:
    ctx = context(EchoRunner(), tmp_path)
    ctx.stop.set()
    assert run_case(ctx, cases(1)[0]) is None
    assert TraceStore(tmp_path).has("anything") is False
    assert (tmp_path / "traces" / "run.traces").read_bytes() == b""


def test_a_runner_returning_no_runner_output_is_an_error_with_the_reason(tmp_path: Path) -> None:
    class NotAnOutput:
        name, model, io_bound = "bad", "bad-1", False

        def run(self, invocation: Invocation, cancel: threading.Event) -> object:
            return Envelope(status="completed", summary="no wrapper")

    result = run_case(context(NotAnOutput(), tmp_path), cases(1)[0])  # type: ignore[arg-type]
    assert result is not None and result.record.status == "error"
    assert "not a RunnerOutput" in (result.record.error or "")
    assert RunRecord.model_validate_json(result.line) == result.record
