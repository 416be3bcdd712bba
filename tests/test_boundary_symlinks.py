"""The sandbox's symlinks reach the boundary rules: a path in the trace that goes through a
workspace symlink is judged by where the link lands, not by its name."""

from __future__ import annotations

import threading
from pathlib import Path

from harness.replay import read_results, replay
from harness.runners.base import RunnerOutput
from harness.runners.command import CommandRunner
from harness.runners.sandboxed import SandboxConfig
from harness.schema import Invocation, ToolCall
from tests.replay_helpers import ScriptedRunner, answer, corpus
from tests.runners_helpers import invocation, program


def _escapes(tmp_path: Path, links: dict[str, str], path: str) -> list[str]:
    def make(inv: Invocation) -> RunnerOutput:
        trace = [ToolCall(tool="artifact.read", args={"path": path})]
        return RunnerOutput(answer(inv), trace=trace, workspace_symlinks=links)

    out = tmp_path / "run"
    replay(corpus(1), ScriptedRunner(make), out_dir=out, progress=False, stages=["reconcile"])
    [record] = read_results(out)
    return [e.detail for e in record.boundary_events if e.kind == "path_escape"]


def test_a_read_through_a_link_out_of_the_workspace_is_an_escape(tmp_path: Path) -> None:
    [detail] = _escapes(tmp_path, {"input/notes": "/etc"}, "input/notes/passwd")
    assert "symlink" in detail and "/etc/passwd" in detail


def test_a_link_that_stays_inside_or_is_never_used_is_clean(tmp_path: Path) -> None:
    assert _escapes(tmp_path / "a", {"input/notes": "evidence"}, "input/notes/index.json") == []
    assert _escapes(tmp_path / "b", {"input/notes": "/etc"}, "input/evidence/index.json") == []
    # Without the map the same read is judged by its name, which looks clean: the map decides.
    assert _escapes(tmp_path / "c", {}, "input/notes/passwd") == []


def test_the_command_runner_reports_the_links_its_workspace_held(tmp_path: Path) -> None:
    runner = CommandRunner(program("make_links.py"), config=SandboxConfig(workdir=tmp_path))
    out = runner.run(invocation(), threading.Event())
    assert out.envelope.status == "completed", out.envelope.error
    assert out.workspace_symlinks == {"output/outside": "/etc", "output/inside": "."}
