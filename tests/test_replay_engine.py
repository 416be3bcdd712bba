"""The replay engine: results, traces, watchdog, failures, retries, boundary events, interrupts."""

from __future__ import annotations

import json
import os
import signal
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from harness.replay import (
    RunDirError,
    read_results,
    read_run_meta,
    read_trace,
    replay,
)
from harness.rundir import RESULTS
from harness.runners.base import RunnerOutput
from harness.schema import BoundaryEvent, Envelope, Invocation, Limits, Message
from tests.replay_helpers import (
    CrashingRunner,
    EchoRunner,
    FlakyRunner,
    HangingRunner,
    ScriptedRunner,
    answer,
    corpus,
    forbidden_trace,
)


def run(packages: list[Any], runner: Any, out: Path, **kwargs: Any) -> Any:
    kwargs.setdefault("progress", False)
    kwargs.setdefault("retry_backoff", 0.0)
    return replay(packages, runner, out_dir=out, **kwargs)


def by_key(out: Path) -> dict[tuple[str, str], Any]:
    return {r.key: r for r in read_results(out)}


def test_a_run_writes_one_result_per_case_with_its_trace(tmp_path: Path) -> None:
    packages = corpus(5)
    out = tmp_path / "runs" / "r1"
    summary = run(packages, EchoRunner(), out, jobs=3)
    expected = {(p.id, str(s)) for p in packages for s in p.stages}
    records = read_results(out)
    assert {r.key for r in records} == expected
    assert len(records) == len(expected)
    assert summary.counts["completed"] == len(expected) and summary.counts["pending"] == 0
    for record in records:
        assert record.status == "completed" and record.runner == "echo" and record.model == "echo-1"
        assert record.envelope.summary == f"{record.package}/{record.stage}"
        assert record.archive_id is not None
        trace = read_trace(out, record.archive_id)
        assert [e.text for e in trace if isinstance(e, Message)] == [f"answering {record.stage}"]
        # The runner gave no archive id: the harness named it, and flags the runner for it.
        assert "missing_archive_id" in {e.kind for e in record.boundary_events}
        assert record.envelope.archive_id is None
    meta = read_run_meta(out)
    assert meta["run_id"] == summary.run_id
    assert meta["state"] == "finished" and meta["ended_at"]
    assert meta["runner"] == "echo" and meta["model"] == "echo-1"
    assert meta["counts"]["planned"] == len(expected)
    assert (tmp_path / "latest").resolve() == out.resolve()


def test_results_are_on_disk_as_each_run_ends(tmp_path: Path) -> None:
    out = tmp_path / "run"
    seen_lines: list[int] = []

    def lines_on_disk() -> int:
        path = out / RESULTS
        return len(path.read_bytes().splitlines()) if path.exists() else 0

    def make(invocation: Invocation) -> RunnerOutput:
        # With one job, the n-th run waits (boundedly) for the n-1 results before it to be on
        # disk: a writer that held results back until the end would leave it waiting.
        wanted = len(seen_lines)
        for _ in range(1000):
            if lines_on_disk() >= wanted:
                break
            threading.Event().wait(0.01)
        seen_lines.append(lines_on_disk())
        return RunnerOutput(answer(invocation))

    run(corpus(4), ScriptedRunner(make), out, jobs=1)
    assert seen_lines == list(range(len(seen_lines)))


def test_runner_archive_id_names_the_trace_unless_unsafe_or_taken(tmp_path: Path) -> None:
    def make(invocation: Invocation) -> RunnerOutput:
        archive = {
            "pkg-000": f"arch-{invocation.stage}",
            "pkg-001": "../../escape",
            "pkg-002": "arch-reconcile",  # already taken by pkg-000/reconcile
        }[invocation.package_id]
        envelope = answer(invocation).model_copy(update={"archive_id": archive})
        return RunnerOutput(envelope, trace=[Message(text=invocation.package_id)])

    out = tmp_path / "run"
    run(corpus(3), ScriptedRunner(make), out, jobs=1)
    records = by_key(out)
    own = records[("pkg-000", "reconcile")]
    assert own.archive_id == "arch-reconcile" and not own.notes
    escaped = records[("pkg-001", "preflight")]
    assert escaped.archive_id != "../../escape" and "not a safe file name" in escaped.notes[0]
    taken = records[("pkg-002", "reconcile")]
    assert taken.archive_id != "arch-reconcile" and "already names another trace" in taken.notes[0]
    assert [e.text for e in read_trace(out, taken.archive_id) if isinstance(e, Message)] == [
        "pkg-002"
    ]
    assert not (tmp_path / "escape.jsonl").exists()


def test_a_hanging_runner_is_timed_out_and_the_run_goes_on(tmp_path: Path) -> None:
    runner = HangingRunner(stuck="pkg-001")
    out = tmp_path / "run"
    try:
        run(corpus(4), runner, out, jobs=2, limits=Limits(wall_seconds=0.05), grace_seconds=0.05)
    finally:
        runner.release.set()
    records = by_key(out)
    hung = records[("pkg-001", "preflight")]
    assert hung.status == "timed_out"
    assert hung.envelope.status == "timed_out" and "timed out" in (hung.error or "")
    assert {e.kind for e in hung.boundary_events} == {"wall_time", "cancel_ignored"}
    others = [r for k, r in records.items() if k[0] != "pkg-001"]
    assert others and all(r.status == "completed" for r in others)
    assert read_run_meta(out)["counts"]["timed_out"] == 1


def test_a_runner_that_honours_cancel_late_is_timed_out_without_cancel_ignored(
    tmp_path: Path,
) -> None:
    out = tmp_path / "run"
    run(
        corpus(2),
        HangingRunner(stuck="pkg-000", honour_cancel=True),
        out,
        limits=Limits(wall_seconds=0.05),
        grace_seconds=0.5,
    )
    stuck = by_key(out)[("pkg-000", "reconcile")]
    # The late "completed" answer is discarded: the run was over its time.
    assert stuck.status == "timed_out"
    assert [e.kind for e in stuck.boundary_events] == ["wall_time"]


def test_a_crashing_runner_is_an_error_run_with_the_reason(tmp_path: Path) -> None:
    # The runner raised before answering: infrastructure (status error), not model behaviour.
    out = tmp_path / "run"
    summary = run(corpus(3), CrashingRunner(bad="pkg-002"), out)
    records = by_key(out)
    crashed = [r for k, r in records.items() if k[0] == "pkg-002"]
    assert crashed and all(r.status == "error" for r in crashed)
    assert all(r.envelope.status == "failed" for r in crashed)
    assert crashed[0].error == "ValueError: the model returned nonsense"
    assert crashed[0].attempts == 1  # a bad answer is never retried
    assert "Traceback" not in (out / RESULTS).read_text()
    assert read_trace(out, crashed[0].archive_id or "") == []
    assert summary.counts["error"] == len(crashed) and summary.counts["failed"] == 0
    assert summary.counts["completed"] == len(records) - len(crashed)


def test_infrastructure_errors_are_retried(tmp_path: Path) -> None:
    out = tmp_path / "run"
    run(corpus(2), FlakyRunner(failures=2), out, retries=2)
    records = read_results(out)
    assert records and all(r.status == "completed" and r.attempts == 3 for r in records)


def test_infrastructure_errors_past_the_retries_are_errors(tmp_path: Path) -> None:
    out = tmp_path / "run"
    runner = FlakyRunner(failures=10)
    run(corpus(2), runner, out, retries=1)
    records = read_results(out)
    assert records and all(r.status == "error" and r.attempts == 2 for r in records)
    assert all(
        r.error and r.error.startswith("RunnerInfraError: connection refused") for r in records
    )
    assert set(runner.calls.values()) == {2}


def test_garbage_from_a_runner_is_a_failed_or_error_run(tmp_path: Path) -> None:
    outputs: dict[str, Callable[[Invocation], Any]] = {
        "pkg-000": lambda inv: {"status": "completed"},  # a dict, not a RunnerOutput
        "pkg-001": lambda inv: RunnerOutput(answer(inv), trace=["not an event"]),  # type: ignore[list-item]
        "pkg-002": lambda inv: RunnerOutput(answer(inv).model_copy(update={"oops": object()})),
    }
    out = tmp_path / "run"
    run(corpus(3), ScriptedRunner(lambda inv: outputs[inv.package_id](inv)), out)
    records = by_key(out)
    assert "not a RunnerOutput" in (records[("pkg-000", "reconcile")].error or "")
    assert "trace" in (records[("pkg-001", "preflight")].error or "")
    assert "serialized" in (records[("pkg-002", "reconcile")].error or "")
    # Not a RunnerOutput at all: the runner itself is broken (error); a bad trace or an envelope
    # that cannot be stored is the answer's own failure (failed).
    assert records[("pkg-000", "reconcile")].status == "error"
    assert records[("pkg-001", "preflight")].status == "failed"
    assert records[("pkg-002", "reconcile")].status == "failed"


def test_boundary_events_join_the_runners_own_and_the_harness_checks(tmp_path: Path) -> None:
    own = BoundaryEvent(kind="output_cap", detail="stdout cut at 256000 bytes")

    def make(invocation: Invocation) -> RunnerOutput:
        return RunnerOutput(
            answer(invocation), trace=forbidden_trace(), boundary_events=[own], notes=["no unshare"]
        )

    out = tmp_path / "run"
    run(corpus(1), ScriptedRunner(make), out)
    record = read_results(out)[0]
    kinds = [e.kind for e in record.boundary_events]
    assert kinds[0] == "output_cap"
    assert "forbidden_verb" in kinds or "tool_not_in_manifest" in kinds
    assert record.notes == ["no unshare"]


def test_a_trace_inlined_in_the_result_is_kept_and_flagged_and_archived(tmp_path: Path) -> None:
    trace = [Message(text="step one"), Message(text="step two")]

    def make(invocation: Invocation) -> RunnerOutput:
        envelope = answer(invocation)
        envelope.result = {"trace": [e.model_dump(mode="json") for e in trace]}
        return RunnerOutput(envelope, trace=list(trace))

    out = tmp_path / "run"
    run(corpus(1), ScriptedRunner(make), out)
    record = read_results(out)[0]
    assert record.envelope.result == {"trace": [e.model_dump(mode="json") for e in trace]}
    assert "trace_inlined" in {e.kind for e in record.boundary_events}
    assert read_trace(out, record.archive_id or "") == trace


def test_an_existing_run_directory_is_not_overwritten(tmp_path: Path) -> None:
    out = tmp_path / "run"
    run(corpus(1), EchoRunner(), out)
    before = (out / RESULTS).read_bytes()
    with pytest.raises(RunDirError, match="--resume"):
        run(corpus(1), EchoRunner(), out)
    assert (out / RESULTS).read_bytes() == before


def test_sigint_stops_the_run_and_leaves_in_flight_cases_for_resume(tmp_path: Path) -> None:
    out = tmp_path / "run"
    packages = corpus(10)
    calls = 0
    lock = threading.Lock()

    class Interrupting(EchoRunner):
        def run(self, invocation: Invocation, cancel: threading.Event) -> RunnerOutput:
            nonlocal calls
            with lock:
                calls += 1
                nth = calls
            if nth == 4:
                os.kill(os.getpid(), signal.SIGINT)
                cancel.wait(30)  # in flight when the interrupt lands
                return RunnerOutput(Envelope(status="interrupted", summary="cancelled"))
            return super().run(invocation, cancel)

    # what the run must hand back: Python's default, or SIG_IGN where the shell that started
    # this process (a non-interactive one, running it in the background) set that
    before = signal.getsignal(signal.SIGINT)
    summary = run(packages, Interrupting(), out, jobs=1)
    assert summary.interrupted and summary.discarded >= 1
    stored = read_results(out)
    assert len(stored) == 3  # the three before the interrupted one; none marked interrupted
    assert all(r.status == "completed" for r in stored)
    meta = read_run_meta(out)
    assert meta["state"] == "interrupted" and meta["counts"]["pending"] == summary.planned - 3
    resumed = run(packages, EchoRunner(), out, resume=True)
    assert not resumed.interrupted and resumed.skipped == 3
    keys = [r.key for r in read_results(out)]
    assert len(keys) == len(set(keys)) == summary.planned
    assert read_run_meta(out)["state"] == "finished"
    assert signal.getsignal(signal.SIGINT) is before


def test_an_inline_runner_at_one_job_runs_in_the_calling_thread(tmp_path: Path) -> None:
    """A lookup (``inline``) at one job is called in the replay's own thread, with no worker
    to hand each case to; an interrupt stops it after the case in hand, and it resumes."""
    out = tmp_path / "run"
    packages = corpus(10)
    threads: set[str] = set()
    calls = 0  # over both runs: the interrupt lands once

    class Lookup(EchoRunner):
        inline = True

        def run(self, invocation: Invocation, cancel: threading.Event) -> RunnerOutput:
            nonlocal calls
            calls += 1
            threads.add(threading.current_thread().name)
            if calls == 4:
                os.kill(os.getpid(), signal.SIGINT)  # lands while the fourth case is in hand
            return super().run(invocation, cancel)

    before = signal.getsignal(signal.SIGINT)
    summary = run(packages, Lookup(), out, jobs=1)
    assert threads == {threading.current_thread().name}
    assert summary.interrupted
    stored = read_results(out)
    assert len(stored) == 4 and all(r.status == "completed" for r in stored)
    resumed = run(packages, Lookup(), out, resume=True)
    assert not resumed.interrupted and resumed.skipped == 4
    assert len(read_results(out)) == summary.planned
    assert signal.getsignal(signal.SIGINT) is before


def test_run_json_records_provenance(tmp_path: Path) -> None:
    recordings = tmp_path / "rec"
    recordings.mkdir()
    packages = corpus(2)
    (recordings / "a.jsonl").write_text("".join(p.model_dump_json() + "\n" for p in packages))
    out = tmp_path / "run"
    run(packages, EchoRunner(), out, recordings=[recordings], runner_config={"options": {"x": "1"}})
    meta = read_run_meta(out)
    assert meta["recordings"] == [str(recordings)]
    assert len(meta["recordings_sha256"]) == 64
    assert meta["runner_config"] == {"options": {"x": "1"}}
    assert meta["phase"] == 0 and meta["jobs"] >= 1
    assert json.loads((out / "run.json").read_text()) == meta
