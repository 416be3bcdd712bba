"""A run records the isolation its children had; a fallback shows on the report's first screen."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from harness.replay.engine import replay
from harness.report.run_report import write_report
from harness.runners.command import CommandRunner
from harness.runners.sandboxed import SandboxConfig
from harness.sandbox import Isolation, probe
from harness.sandbox.isolation import reset_probe_for_tests, weakest_isolation
from harness.scorers.run import score_run
from tests.replay_helpers import EchoRunner, corpus
from tests.runners_helpers import PROGRAMS


def _meta(out: Path) -> dict[str, object]:
    return json.loads((out / "run.json").read_text())


def test_a_fallback_run_records_its_level_and_the_report_says_so_first(tmp_path: Path) -> None:
    reset_probe_for_tests(Isolation("net", "sandbox: forced net for a test", probe().unshare))
    try:
        runner = CommandRunner(
            [sys.executable, str(PROGRAMS / "answer.py")],
            config=SandboxConfig(workdir=tmp_path / "ws"),
        )
        replay(corpus(2), runner, out_dir=tmp_path / "run", progress=False, stages=["reconcile"])
    finally:
        reset_probe_for_tests()
    isolation = _meta(tmp_path / "run")["isolation"]
    assert isolation == {
        "level": "net",
        "note": "sandbox: forced net for a test",
        "process_limit": isolation["process_limit"],  # type: ignore[index]
        "below_full": True,
    }
    score_run(tmp_path / "run")
    _data, paths = write_report(tmp_path / "run", n_boot=50)
    markdown = paths.markdown.read_text().splitlines()
    assert markdown[2].startswith("> **Sandbox isolation fell below full: level net")
    html = paths.html.read_text()
    assert html.index("Sandbox isolation fell below full") < html.index("<h2>Decisions</h2>")


def test_an_in_process_runner_is_recorded_as_such_and_gets_no_warning(tmp_path: Path) -> None:
    replay(corpus(1), EchoRunner(delay=0), out_dir=tmp_path / "run", progress=False)
    assert _meta(tmp_path / "run")["isolation"] == {
        "level": "in_process",
        "note": "",
        "process_limit": "none",
        "below_full": False,
    }
    score_run(tmp_path / "run")
    _data, paths = write_report(tmp_path / "run", n_boot=50)
    assert "Sandbox isolation" not in paths.markdown.read_text()


def test_a_run_is_as_fenced_as_its_weakest_part() -> None:
    full = {"level": "full", "note": "", "process_limit": "uid", "below_full": False}
    net = {"level": "net", "note": "x", "process_limit": "uid", "below_full": True}
    root = {"level": "full", "note": "", "process_limit": "none", "below_full": True}
    assert weakest_isolation([full, net]) == net
    assert weakest_isolation([full, root, None]) == root
    assert weakest_isolation([None]) is None
