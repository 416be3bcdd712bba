"""``shadow run`` scores each case while the replay holds it (``harness.cli.run_live``): the same
bytes as scoring the stored run afterwards, whatever the cases ended as, and the stored run is
scored instead when a case would not read back as written."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson
import pandas as pd
import pytest

from harness.cli import main
from harness.cli.run_live import LiveScores
from harness.replay import replay
from harness.rundir import SCORES, read_run_meta
from harness.runners.base import RunnerOutput
from harness.schema import Envelope, Invocation, Message, ToolCall
from harness.scorers.run import score_run_dir
from harness.tables import load_tables
from tests.replay_helpers import CrashingRunner, ScriptedRunner, corpus, forbidden_trace

ROOT = Path(__file__).resolve().parents[1]


def _mixed(invocation: Invocation) -> Any:
    """Completed with a trace, failed, a forbidden tool, and a reply that is no output at all."""
    number = int(invocation.package_id.rsplit("-", 1)[1])
    if number % 4 == 0:
        return "not an output"
    if number % 4 == 1:
        return RunnerOutput(Envelope(status="failed", summary="no", error="gave up"))
    trace = (
        forbidden_trace() if number % 4 == 2 else [Message(text="checked"), ToolCall(tool="read")]
    )
    envelope = Envelope(status="completed", summary="done", result={"facts": []}, archive_id=None)
    return RunnerOutput(envelope, trace=list(trace))


def _rescored(run_dir: Path, tmp_path: Path, packages: Any = None) -> bytes:
    again = tmp_path / "rescored.jsonl"
    score_run_dir(run_dir, out=again, packages=packages)
    return again.read_bytes()


@pytest.mark.parametrize("runner", [ScriptedRunner(_mixed), CrashingRunner("pkg-003")])
def test_live_scores_are_the_bytes_of_scoring_the_stored_run(runner: Any, tmp_path: Path) -> None:
    out = tmp_path / "run"
    live = LiveScores(out)
    # Cases run in another order than scores.jsonl sorts them (the tables must follow the file).
    packages = corpus(12)[::-1]
    summary = replay(packages, runner, out_dir=out, progress=False, on_case=live.case)
    assert live.usable and live.cases == summary.ran == summary.planned
    live.finish()
    scores = (out / SCORES).read_bytes()
    assert len(scores.splitlines()) > 12 and scores == _rescored(out, tmp_path, corpus(12))
    assert read_run_meta(out)["scoring"]["scorers"]
    # The report's tables made alongside are the ones read from the files, rows in file order.
    made, read = live.tables(), load_tables(out)
    pd.testing.assert_frame_equal(made.scores, read.scores, check_exact=True)
    pd.testing.assert_frame_equal(made.results, read.results, check_exact=True)
    assert made.lines == read.lines and made.errors == read.errors == ()
    assert sorted(p.name for p in out.iterdir() if p.name.startswith(".")) == []


def test_a_case_that_would_not_read_back_gives_the_live_scores_up(tmp_path: Path) -> None:
    out = tmp_path / "run"
    live = LiveScores(out)
    replay(corpus(3), ScriptedRunner(_mixed), out_dir=out, progress=False, on_case=live.case)
    assert live.usable
    package = corpus(1)[0]
    live.case(package, b'{"not": "a record"}', None)
    assert not live.usable and live.cases == 0
    assert not [p for p in out.iterdir() if p.name.startswith(".")]  # its scratch file is gone


def test_shadow_run_writes_the_scores_shadow_score_writes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    out = tmp_path / "run"
    code = main(["run", "--runner", "recorded", "--model", "reference-credulous",
                 "--package", "*-0[0-2]*", "--out", str(out), "--no-progress"])  # fmt: skip
    capsys.readouterr()
    assert code == 0
    scores = (out / SCORES).read_bytes()
    assert len(scores.splitlines()) > 20
    assert scores == _rescored(out, tmp_path)
    scored = read_run_meta(out)["scoring"]
    assert [s["name"] for s in scored["scorers"]] and all(
        orjson.loads(line)["stage"] for line in scores.splitlines()
    )
