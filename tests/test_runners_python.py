"""The python runner: a module:function in a sandboxed worker process."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from harness.runners.base import RunnerInfraError
from harness.runners.python_runner import PythonRunner
from harness.runners.sandboxed import SandboxConfig
from harness.schema import FileRead, Invocation
from tests.runners_helpers import PROGRAMS, invocation


def _runner(function: str, tmp_path: Path) -> PythonRunner:
    return PythonRunner(
        f"py_adapters:{function}",
        pythonpath=[PROGRAMS],
        config=SandboxConfig(workdir=tmp_path),
    )


def test_function_answer_and_trace(tmp_path: Path) -> None:
    runner = _runner("answer", tmp_path)
    assert runner.model == "py_adapters:answer"
    out = runner.run(invocation(), threading.Event())
    assert out.envelope.status == "completed"
    assert out.envelope.result == {"status": "contradicted", "facts": []}
    assert out.envelope.claims[0].evidence[0].id == "journal#2026-08-25T13:58"
    # The trace went to the trace file, not into the envelope.
    assert [type(e) for e in out.trace] == [FileRead]
    assert "trace" not in (out.envelope.model_extra or {})


def test_prints_of_the_function_do_not_corrupt_the_envelope(tmp_path: Path) -> None:
    out = _runner("chatty", tmp_path).run(invocation(), threading.Event())
    assert out.envelope.status == "completed" and out.envelope.summary == "chatty"


def test_exception_is_a_failed_envelope(tmp_path: Path) -> None:
    out = _runner("boom", tmp_path).run(invocation(), threading.Event())
    assert out.envelope.status == "failed"
    assert out.envelope.error == "exit code 1: ValueError: no evidence for stage reconcile"


def test_non_mapping_return_is_failed(tmp_path: Path) -> None:
    out = _runner("not_a_mapping", tmp_path).run(invocation(), threading.Event())
    assert out.envelope.status == "failed"
    assert out.envelope.error is not None and "returned int" in out.envelope.error


def test_unknown_target_fails_at_construction(tmp_path: Path) -> None:
    with pytest.raises(RunnerInfraError, match="cannot load py_adapters:nope"):
        _runner("nope", tmp_path)
    with pytest.raises(RunnerInfraError, match="No module named 'no_such_module_xyz'"):
        PythonRunner("no_such_module_xyz:f", config=SandboxConfig(workdir=tmp_path))


def test_a_replay_sets_queued_cases_up_ahead(tmp_path: Path) -> None:
    from harness.replay import read_results, replay
    from tests.replay_helpers import corpus

    runner = _runner("answer", tmp_path / "ws")
    offered: list[str] = []
    command_prepare = runner._command.prepare_ahead

    def counting(invocation_id: str, build: Callable[[], Invocation]) -> None:
        offered.append(invocation_id)
        command_prepare(invocation_id, build)

    runner._command.prepare_ahead = counting  # type: ignore[method-assign]
    summary = replay(corpus(4), runner, out_dir=tmp_path / "run", jobs=2, progress=False)
    records = read_results(tmp_path / "run")
    assert summary.ran == len(records) == 8
    assert {r.status for r in records} == {"completed"}
    assert offered
    assert list((tmp_path / "ws").iterdir()) == []
