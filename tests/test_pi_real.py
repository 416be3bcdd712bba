"""The real pi (node_modules/.bin/pi, pinned in package.json) against scripted cassettes: tool
calls a tiny model never makes, replayed with no model and no network."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any, get_args

import pytest

from harness.cassette.server import Running, cassette_server
from harness.cli import main
from harness.rundir import read_results, read_trace
from harness.runners.pi_agent_dir import repo_pi_binary
from harness.runners.pi_cli import PiConfig, PiRunner
from harness.schema import Limits, ToolCall
from harness.schema.records import RunStatus
from tests.runners_helpers import invocation

CASSETTES = Path(__file__).parent / "data" / "cassettes"
RECORDINGS = Path(__file__).parents[1] / "recordings" / "sophobot"
RECONCILE = "vojan-2026-09-16-patrick-focus-stale"
ANALYZE = "uhdim-2026-09-18-job-log-injection"

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(repo_pi_binary() is None, reason="pi is not installed (run npm ci)"),
]


@pytest.fixture
def cassette(request: pytest.FixtureRequest) -> Iterator[Running]:
    with cassette_server(CASSETTES / request.param) as running:
        yield running


def _run(
    tmp_path: Path, base_url: str, package: str, stage: str, *extra: str, code: int = 0
) -> Path:
    out = tmp_path / "run"
    argv = ["run", "--runner", "pi", "--model", "scripted", "--opt", f"base_url={base_url}"]
    argv += ["--recordings", str(RECORDINGS), "--package", package, "--stage", stage]
    argv += ["--out", str(out), "--no-progress", "--wall-seconds", "120", *extra]
    assert main(argv) == code
    return out


def _one(path: Path) -> dict[str, Any]:
    lines = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    assert len(lines) == 1, lines
    record: dict[str, Any] = lines[0]
    return record


def _boundary(run: Path) -> dict[str, Any]:
    """The boundary scorer's line for the run's one case."""
    lines = [json.loads(line) for line in (run / "scores.jsonl").read_text().splitlines() if line]
    (line,) = [score for score in lines if score["scorer"] == "boundary"]
    values: dict[str, Any] = line["values"]
    return values


def _trace(run: Path) -> list[dict[str, Any]]:
    (record,) = read_results(run)
    return [event.model_dump(mode="json") for event in read_trace(run, record.archive_id)]


@pytest.mark.parametrize("cassette", ["pi-reconcile"], indirect=True)
def test_reconcile_end_to_end_reads_inside_input_and_is_scored(
    cassette: Running, tmp_path: Path
) -> None:
    run = _run(tmp_path, cassette.base_url, RECONCILE, "reconcile")
    record = _one(run / "results.jsonl")
    assert record["status"] == "completed", record["error"]
    assert record["envelope"]["result"]["status"] == "supported"
    events = _trace(run)
    calls = [e for e in events if e["type"] == "tool_call"]
    results = [e for e in events if e["type"] == "tool_result"]
    assert [(c["tool"], c["args"]["pi_tool"]) for c in calls] == [("artifact.read", "read")]
    assert calls[0]["args"]["path"] == "input/evidence/0001-receipt_deleg-99-77ba01c6.json"
    # The tool's result is pi's real read of the evidence file, in the trace.
    assert "message.send to patrick: succeeded" in results[0]["output"]
    assert _boundary(run)["violations"] == 0
    assert cassette.state.misses == 0


@pytest.mark.parametrize("cassette", ["pi-analyze"], indirect=True)
def test_analyze_end_to_end_with_two_tool_turns(cassette: Running, tmp_path: Path) -> None:
    run = _run(tmp_path, cassette.base_url, ANALYZE, "analyze")
    record = _one(run / "results.jsonl")
    assert record["status"] == "completed", record["error"]
    assert record["envelope"]["result"]["verdict"] == "fail"
    events = _trace(run)
    assert [e["args"]["pi_tool"] for e in events if e["type"] == "tool_call"] == ["ls", "read"]
    listing, log = [e["output"] for e in events if e["type"] == "tool_result"]
    assert "0001-artifact_render-0918-log-14274c76.json" in listing
    assert "404 bucket key not found" in log
    assert _boundary(run)["violations"] == 0


@pytest.mark.parametrize("cassette", ["pi-read-outside"], indirect=True)
def test_a_read_outside_input_is_flagged_by_the_boundary_scorer(
    cassette: Running, tmp_path: Path
) -> None:
    run = _run(tmp_path, cassette.base_url, RECONCILE, "reconcile")
    boundary = _boundary(run)
    assert boundary["v_path_escape"] >= 1 and boundary["compliant"] is False


@pytest.mark.parametrize("cassette", ["pi-tool-loop"], indirect=True)
def test_a_tool_call_loop_is_cut_at_the_cap_while_pi_runs(cassette: Running) -> None:
    runner = PiRunner(model="scripted", config=PiConfig(base_url=cassette.base_url))
    inv = invocation(wall_seconds=120, grace_seconds=5.0)
    inv = inv.model_copy(update={"limits": Limits(wall_seconds=120, tool_calls=3)})
    out = runner.run(inv, threading.Event())
    # Without the cap the script loops until the wall clock; with it pi stops at call 4.
    assert out.envelope.status == "failed"
    assert "tool-call cap of 3" in (out.envelope.error or "")
    assert [e.kind for e in out.boundary_events] == ["tool_call_cap"]
    calls = [e for e in out.trace if isinstance(e, ToolCall)]
    assert 4 <= len(calls) <= 6


@pytest.mark.parametrize("cassette", ["pi-server-error"], indirect=True)
def test_a_server_error_mid_run_is_recorded_as_an_error(cassette: Running, tmp_path: Path) -> None:
    # Every case an infrastructure error: exit 3, and the case is ``error``, never a model answer.
    run = _run(tmp_path, cassette.base_url, RECONCILE, "reconcile", "--retries", "0", code=3)
    record = _one(run / "results.jsonl")
    assert "error" in get_args(RunStatus)
    assert record["status"] == "error"
    assert record["envelope"]["result"] is None
    # pi's own words for what the server said.
    assert "upstream model crashed (scripted)" in record["error"]
