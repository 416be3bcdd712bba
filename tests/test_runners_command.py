"""The command runner: every way a program can misbehave costs one case, never the run."""

from __future__ import annotations

import json
import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from harness.runners.base import RunnerInfraError
from harness.runners.command import CommandRunner, default_model
from harness.runners.sandboxed import SandboxConfig
from harness.sandbox import Isolation, probe
from harness.sandbox.isolation import reset_probe_for_tests
from harness.schema import Cancel, FileRead, Message, ToolCall
from tests.runners_helpers import invocation, program

FULL = probe().level == "full"


def _runner(name: str, tmp_path: Path, *args: str) -> CommandRunner:
    return CommandRunner([*program(name), *args], config=SandboxConfig(workdir=tmp_path / "ws"))


def test_answer_is_recorded_with_trace_and_workspace_is_removed(tmp_path: Path) -> None:
    inv = invocation()
    out = _runner("answer.py", tmp_path).run(inv, threading.Event())
    assert out.envelope.status == "completed"
    # The child is told an opaque package handle, never the package id.
    assert out.envelope.summary.startswith("reconcile for pkg-")
    assert inv.package_id not in out.envelope.summary
    assert out.envelope.usage.input_tokens == 12
    assert [type(e) for e in out.trace] == [ToolCall, Message]
    assert out.boundary_events == []
    assert list((tmp_path / "ws").iterdir()) == []


def test_crash_is_failed_with_the_reason(tmp_path: Path) -> None:
    out = _runner("crash.py", tmp_path).run(invocation(), threading.Event())
    assert out.envelope.status == "failed"
    assert (
        out.envelope.error == "exit code 1: RuntimeError: adapter exploded while reading evidence"
    )


def test_garbage_stdout_is_failed(tmp_path: Path) -> None:
    out = _runner("garbage.py", tmp_path).run(invocation(), threading.Event())
    assert out.envelope.status == "failed"
    assert out.envelope.error is not None and out.envelope.error.startswith("stdout is not JSON")


def test_contract_break_is_still_an_envelope(tmp_path: Path) -> None:
    out = _runner("contract_break.py", tmp_path).run(invocation(), threading.Event())
    # The scorers judge the stage contract later; the runner keeps what was said.
    assert out.envelope.status == "completed"
    assert out.envelope.result == {"status": "maybe", "facts": "none"}


def test_unparsable_envelope_is_failed(tmp_path: Path) -> None:
    out = _runner("bad_envelope.py", tmp_path).run(invocation(), threading.Event())
    assert out.envelope.status == "failed"
    assert out.envelope.error is not None
    assert out.envelope.error.startswith("envelope does not validate: status")


def test_huge_output_is_failed_with_an_output_cap_event(tmp_path: Path) -> None:
    out = _runner("huge.py", tmp_path).run(invocation(output_bytes=10_000), threading.Event())
    assert out.envelope.status == "failed"
    assert [e.kind for e in out.boundary_events] == ["output_cap"]


def test_hang_is_timed_out_with_a_cancel_trace_event(tmp_path: Path) -> None:
    out = _runner("hang.py", tmp_path).run(invocation(wall_seconds=1), threading.Event())
    assert out.envelope.status == "timed_out"
    assert [e.kind for e in out.boundary_events] == ["wall_time"]
    assert isinstance(out.trace[-1], Cancel) and out.trace[-1].reason == "wall_time"


def test_cancellation_returns_interrupted(tmp_path: Path) -> None:
    cancel = threading.Event()
    timer = threading.Timer(0.3, cancel.set)
    timer.start()
    try:
        out = _runner("hang.py", tmp_path).run(invocation(), cancel)
    finally:
        timer.cancel()
    assert out.envelope.status == "interrupted"
    assert isinstance(out.trace[-1], Cancel) and out.trace[-1].honoured


def test_environment_is_scrubbed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SECRET_SHADOW_TOKEN", "do-not-leak")
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "do-not-leak")
    out = _runner("env_dump.py", tmp_path).run(invocation(), threading.Event())
    env = json.loads(out.envelope.summary)
    assert "SECRET_SHADOW_TOKEN" not in env and "AWS_SECRET_ACCESS_KEY" not in env
    assert "do-not-leak" not in out.envelope.summary
    assert env["HOME"].startswith(str(tmp_path / "ws"))


def test_pass_env_lets_a_named_variable_through(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PROVIDER_KEY_FOR_TEST", "k-123")
    monkeypatch.setenv("SECRET_SHADOW_TOKEN", "do-not-leak")
    config = SandboxConfig(workdir=tmp_path, allow_env=("PROVIDER_KEY_FOR_TEST",))
    out = CommandRunner(program("env_dump.py"), config=config).run(invocation(), threading.Event())
    env = json.loads(out.envelope.summary)
    assert env["PROVIDER_KEY_FOR_TEST"] == "k-123" and "SECRET_SHADOW_TOKEN" not in env


@pytest.mark.skipif(probe().level == "none", reason="user/network namespaces unavailable here")
def test_network_is_blocked(tmp_path: Path) -> None:
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        port = server.getsockname()[1]
        out = _runner("net_try.py", tmp_path).run(invocation(question=str(port)), threading.Event())
    assert out.envelope.summary.startswith("blocked"), out.envelope.summary


def test_writes_outside_output_are_refused_or_recorded(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    out = _runner("write_escape.py", tmp_path).run(
        invocation(question=str(outside)), threading.Event()
    )
    attempts = json.loads(out.envelope.summary)
    assert attempts["output"] == "written"
    escapes = [e.detail for e in out.boundary_events if e.kind == "path_escape"]
    for name, detail in (
        ("input", "created input/evidence/planted.json in read-only input/"),
        ("invocation", "modified read-only input/invocation.json"),
        ("root", "wrote 'escape.txt' outside output/"),
    ):
        # Refused by the kernel, or else caught by the audit: never silently allowed.
        assert attempts[name].startswith("refused") or detail in escapes, (name, attempts, escapes)
    if FULL:
        assert all(
            attempts[n].startswith("refused") for n in ("input", "invocation", "root", "outside")
        )
        assert not (outside / "escaped.txt").exists()


def test_bad_trace_lines_are_skipped_and_noted(tmp_path: Path) -> None:
    out = _runner("trace_noise.py", tmp_path).run(invocation(), threading.Event())
    assert out.envelope.status == "completed"
    assert [type(e) for e in out.trace] == [FileRead, Message]
    assert sum(note.startswith("trace: line") for note in out.notes) == 2


def test_default_model_label_is_the_script_not_the_interpreter() -> None:
    assert default_model(["/usr/bin/python3", "-u", "agents/my_agent.py"]) == "my_agent.py"
    assert default_model(["/opt/bin/my-adapter", "--fast"]) == "my-adapter"


def test_missing_program_is_an_infra_error_at_construction() -> None:
    with pytest.raises(RunnerInfraError, match="not found on PATH"):
        CommandRunner(["no-such-adapter-program-xyz"])


@pytest.fixture
def no_isolation() -> Iterator[None]:
    reset_probe_for_tests(Isolation("none", "sandbox: forced none for a test"))
    try:
        yield
    finally:
        reset_probe_for_tests(None)


@pytest.mark.usefixtures("no_isolation")
def test_without_isolation_escapes_are_recorded_and_noted(tmp_path: Path) -> None:
    out = _runner("write_escape.py", tmp_path).run(
        invocation(question=str(tmp_path)), threading.Event()
    )
    attempts = json.loads(out.envelope.summary)
    escapes = {e.detail for e in out.boundary_events if e.kind == "path_escape"}
    assert attempts["root"] == "written"
    assert "wrote 'escape.txt' outside output/" in escapes
    if attempts["invocation"] == "written":  # root ignores file modes
        assert "modified read-only input/invocation.json" in escapes
    assert "sandbox: forced none for a test" in out.notes


@pytest.mark.skipif(not FULL, reason="hiding paths and /proc needs mount and PID namespaces")
def test_ground_truth_credentials_and_parent_environment_stay_out_of_reach(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    marker = "shadow-secret-7f3a"
    monkeypatch.setenv("SHADOW_TEST_SECRET", marker)  # in the harness' own /proc/<pid>/environ
    truth = tmp_path / "recordings"
    truth.mkdir()
    (truth / "host.jsonl").write_text('{"host": {"expect": "contradicted"}}\n')
    token = tmp_path / "token.txt"
    token.write_text("hf_secret")
    config = SandboxConfig(workdir=tmp_path / "ws", hidden=(truth, token))
    question = json.dumps([str(truth), str(token), marker])
    out = CommandRunner(program("snoop.py"), config=config).run(
        invocation(question=question), threading.Event()
    )
    found = json.loads(out.envelope.summary)
    # Outside the allow-list view they do not exist at all (not even as covered mounts).
    assert found[str(truth)] == "error: No such file or directory"
    assert found[str(token)] == "error: No such file or directory"
    assert found["environ_leaks"] == []
