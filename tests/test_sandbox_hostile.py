"""A hostile runner against the allow-list view: every path to its package's host outcome named
in issue 10 (git objects, the checkout's absolute path, other run folders' scores, absolute path
arguments into recordings/, /proc of the harness) leads nowhere, so its answers are exactly what
an honest copy of it answers, and each file-system attempt shows in its trace as a boundary event.
The control run without isolation shows the same attempts do reach the answers there."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from harness.boundary.trace import trace_boundary_events
from harness.invocation import build_invocation
from harness.replay import read_results
from harness.runners.base import RunnerOutput
from harness.runners.command import CommandRunner
from harness.runners.sandboxed import SandboxConfig
from harness.sandbox import Isolation, probe
from harness.sandbox.isolation import reset_probe_for_tests
from harness.schema import FileRead, Invocation, Package
from tests.plugin_helpers import NO_REPORT, suite_text
from tests.runners_helpers import PROGRAMS

ROOT = Path(__file__).resolve().parents[1]
FULL = probe().level == "full"


def _checkout(tmp_path: Path) -> tuple[Path, list[Invocation]]:
    """A checkout like the real one: recordings in git (loose objects), an older run's scores."""
    root = tmp_path / "checkout"
    recordings = root / "recordings" / "sophobot" / "clean.jsonl"
    recordings.parent.mkdir(parents=True)
    source = ROOT / "recordings" / "sophobot" / "generated" / "clean.jsonl"
    lines = [line for line in source.read_text().splitlines() if '"reconcile"' in line][:3]
    recordings.write_text("\n".join(lines) + "\n")
    run = root / "reports" / "runs" / "older-run"
    run.mkdir(parents=True)
    (run / "scores.jsonl").write_text("\n".join(lines) + "\n")
    git = ["git", "-C", str(root), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    subprocess.run([*git, "add", "recordings"], check=True)
    subprocess.run([*git, "commit", "-q", "-m", "corpus"], check=True)
    invocations = [
        build_invocation(Package.model_validate_json(line), "reconcile") for line in lines
    ]
    return root, invocations


def _run(
    root: Path, tmp_path: Path, invocations: list[Invocation], *flags: str
) -> list[RunnerOutput]:
    argv = [
        sys.executable,
        str(PROGRAMS / "hostile.py"),
        str(root),
        str(root / "recordings" / "sophobot" / "clean.jsonl"),
        str(root / "reports" / "runs" / "older-run"),
        str(ROOT),
        *flags,
    ]
    runner = CommandRunner(argv, config=SandboxConfig(workdir=tmp_path / "ws"))
    return [runner.run(inv, threading.Event()) for inv in invocations]


@pytest.mark.skipif(not FULL, reason="the allow-list view needs mount and PID namespaces")
def test_a_hostile_runner_finds_nothing_and_earns_only_its_own_answers(tmp_path: Path) -> None:
    root, invocations = _checkout(tmp_path)
    hostile = _run(root, tmp_path, invocations)
    honest = _run(root, tmp_path, invocations, "--honest")
    for inv, out, control in zip(invocations, hostile, honest, strict=True):
        assert out.envelope.status == "completed", out.envelope.error
        seen = json.loads(out.envelope.summary)
        assert seen["found"] == [], seen
        # Parity is what its own answers earn: the same result as the copy that never looked.
        assert out.envelope.result == control.envelope.result
        reads = [e for e in out.trace if isinstance(e, FileRead)]
        assert len(reads) > 20  # it did try: the checkout, .git, runs, /proc, home, ...
        escapes = [e for e in trace_boundary_events(inv, out.trace) if e.kind == "path_escape"]
        assert len(escapes) == len(reads)
        tried = {e.path for e in reads}
        for path in (root / ".git", root / "reports" / "runs" / "older-run", ROOT / ".git"):
            assert str(path) in tried


def test_without_isolation_the_same_attempts_reach_the_answers(tmp_path: Path) -> None:
    """The control: the attack is real, so the test above can fail."""
    root, invocations = _checkout(tmp_path)
    reset_probe_for_tests(Isolation("none", "sandbox: forced none for a test"))
    try:
        out = _run(root, tmp_path, invocations[:1])[0]
    finally:
        reset_probe_for_tests()
    seen = json.loads(out.envelope.summary)
    assert "supported" in seen["found"] or "contradicted" in seen["found"], seen
    assert "sandbox: forced none for a test" in out.notes


@pytest.mark.skipif(not FULL, reason="the allow-list view needs mount and PID namespaces")
def test_on_the_pytest_path_the_recordings_are_out_of_reach_too(
    pytester_with_recordings: pytest.Pytester,
) -> None:
    project = pytester_with_recordings
    rec = project.path / "rec" / "small.jsonl"
    hostile = f"{sys.executable} {PROGRAMS / 'hostile.py'} {project.path} {rec} {ROOT}"
    project.makefile(
        ".yaml",
        hostile=suite_text(runner=f"command:{hostile}", stages=["reconcile"], expect="{}"),
    )
    project.inline_run("--shadow-out", "out", NO_REPORT)  # the results are read, not a report
    records = read_results(project.path / "out")
    assert records, "the suite ran no case"
    for record in records:
        assert record.envelope.summary is not None, record.envelope.error
        assert json.loads(record.envelope.summary)["found"] == [], record.key
