"""The pi runner with a fake ``pi`` that emits pi's ``--mode json`` event stream."""

from __future__ import annotations

import json
import sys
import threading
from pathlib import Path

import pytest

from harness.runners.base import RunnerInfraError
from harness.runners.pi_cli import PiConfig, PiRunner, parse_pi_events
from harness.runners.sandboxed import SandboxConfig
from harness.sandbox.view import program_paths
from harness.schema import Message, ToolCall, ToolResult
from tests.runners_helpers import PROGRAMS, count_prepared, invocation


@pytest.fixture
def fake_pi(tmp_path: Path) -> Path:
    script = tmp_path / "bin" / "pi"
    script.parent.mkdir()
    script.write_text(f'#!/bin/sh\nexec "{sys.executable}" "{PROGRAMS / "fake_pi.py"}" "$@"\n')
    script.chmod(0o755)
    return script


def _runner(fake_pi: Path, tmp_path: Path, scenario: str) -> PiRunner:
    # The wrapper runs this interpreter and script: paths the runner declares it needs.
    needed = (*program_paths([sys.executable]), PROGRAMS / "fake_pi.py")
    config = PiConfig(
        binary=str(fake_pi), sandbox=SandboxConfig(workdir=tmp_path / "ws", needed=needed)
    )
    return PiRunner(model=scenario, config=config)


def test_event_stream_maps_to_trace_envelope_and_usage(fake_pi: Path, tmp_path: Path) -> None:
    runner = _runner(fake_pi, tmp_path, "fake/ok")
    assert runner.model == "pi/fake/ok"
    out = runner.run(invocation(), threading.Event())
    assert out.envelope.status == "completed", out.envelope.error
    assert out.envelope.result is not None and out.envelope.result["status"] == "contradicted"
    calls = [e for e in out.trace if isinstance(e, ToolCall)]
    assert [(c.tool, c.args["pi_tool"]) for c in calls] == [
        ("artifact.read", "read"),
        ("artifact.read", "grep"),
        ("raw.exec", "bash"),
    ]
    # The absolute workspace path pi used is recorded relative to the workspace.
    assert calls[0].args["path"] == "input/evidence/index.json"
    assert [e.call_id for e in out.trace if isinstance(e, ToolResult)] == [
        "call_1",
        "call_2",
        "call_3",
    ]
    assert isinstance(out.trace[-1], Message) and "```json" in out.trace[-1].text
    assert out.envelope.usage.input_tokens == 2700 and out.envelope.usage.output_tokens == 300
    assert out.envelope.usage.cost_usd == pytest.approx(0.0055)
    assert out.envelope.usage.model == "fake/ok"
    assert out.envelope.archive_id == "pi-0b5e"  # pi's own session id names the transcript


def test_prompt_goes_in_a_file_and_evidence_files_exist(fake_pi: Path, tmp_path: Path) -> None:
    runner = _runner(fake_pi, tmp_path, "fake/ok")
    argv = runner.argv()
    assert "@input/prompt.md" in argv
    assert argv[argv.index("--tools") + 1] == "read,grep,find,ls"
    inv = invocation()
    assert not any(item.text in " ".join(argv) for item in inv.context)
    out = runner.run(inv, threading.Event())
    # fake pi read input/evidence/index.json and cited its first id.
    assert out.envelope.claims[0].evidence[0].id == inv.context[0].id


def test_provider_error_is_infrastructure_in_pis_words(fake_pi: Path, tmp_path: Path) -> None:
    # Never scored as model behaviour: the replay retries it and records it as an error.
    with pytest.raises(RunnerInfraError, match="401 Unauthorized: invalid api key"):
        _runner(fake_pi, tmp_path, "fake/error").run(invocation(), threading.Event())


def test_no_assistant_message_is_infrastructure(fake_pi: Path, tmp_path: Path) -> None:
    with pytest.raises(RunnerInfraError, match="without an assistant answer"):
        _runner(fake_pi, tmp_path, "fake/silent").run(invocation(), threading.Event())


def test_non_json_lines_are_skipped_and_noted(fake_pi: Path, tmp_path: Path) -> None:
    out = _runner(fake_pi, tmp_path, "fake/noise").run(invocation(), threading.Event())
    assert out.envelope.status == "completed"
    assert any(note.startswith("pi: ") and "not JSON events" in note for note in out.notes)


def test_final_message_over_the_output_cap(fake_pi: Path, tmp_path: Path) -> None:
    out = _runner(fake_pi, tmp_path, "fake/ok").run(invocation(output_bytes=100), threading.Event())
    assert out.envelope.status == "failed"
    assert [e.kind for e in out.boundary_events] == ["output_cap"]


def test_missing_binary_is_an_infra_error() -> None:
    with pytest.raises(RunnerInfraError, match="not installed"):
        PiRunner(config=PiConfig(binary="pi-binary-that-does-not-exist"))


def test_parser_tolerates_odd_events() -> None:
    lines = [
        json.dumps(
            {
                "type": "tool_execution_start",
                "toolCallId": "a",
                "toolName": "web_fetch",
                "args": "x",
            }
        ),
        json.dumps(["not", "an", "object"]),
        json.dumps({"type": "message_end", "message": {"role": "user", "content": "hi"}}),
        json.dumps({"type": "auto_retry_start", "attempt": 1}),
    ]
    stream = parse_pi_events(lines)
    assert [(e.tool, e.args) for e in stream.trace if isinstance(e, ToolCall)] == [
        ("web_fetch", {"pi_tool": "web_fetch"})
    ]
    assert stream.final_text is None
    assert stream.notes == ["pi: 1 stdout lines were not JSON events; skipped"]


def test_a_replay_sets_queued_cases_up_ahead_and_runs_each_once(
    fake_pi: Path, tmp_path: Path
) -> None:
    from harness.replay import read_results, replay
    from tests.replay_helpers import corpus

    runner = _runner(fake_pi, tmp_path, "fake/ok")
    prepared = count_prepared(runner._ahead)
    summary = replay(corpus(6), runner, out_dir=tmp_path / "run", jobs=2, progress=False)
    records = read_results(tmp_path / "run")
    assert summary.ran == len(records) == 12
    assert {r.status for r in records} == {"completed"}, [r.error for r in records]
    assert prepared  # queued cases were set up before their turn, and none ran twice
    assert len({r.key for r in records}) == 12
    assert list((tmp_path / "ws").iterdir()) == []
