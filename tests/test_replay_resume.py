"""Resume: a crashed or killed run, continued, holds the same results as an uninterrupted one."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from harness.replay import RunDirError, read_results, read_run_meta, replay
from harness.rundir import RESULTS
from tests import replay_helpers
from tests.replay_helpers import EchoRunner, corpus

ROOT = Path(__file__).resolve().parents[1]


def run(packages: list[Any], runner: Any, out: Path, **kwargs: Any) -> Any:
    return replay(packages, runner, out_dir=out, progress=False, **kwargs)


def outcome(out: Path) -> dict[tuple[str, str], tuple[str, Any]]:
    """What a run decided per case, without times and run ids."""
    records = read_results(out)
    keys = [r.key for r in records]
    assert len(keys) == len(set(keys)), "duplicate results"
    return {r.key: (r.status, r.envelope.result) for r in records}


def test_resume_after_a_crash_with_a_torn_line_completes_without_duplicates(tmp_path: Path) -> None:
    packages = corpus(12)
    whole = tmp_path / "whole"
    run(packages, EchoRunner(), whole)

    crashed = tmp_path / "crashed"
    run(packages, EchoRunner(), crashed, run_id="crashed-run")
    lines = (crashed / RESULTS).read_bytes().splitlines(keepends=True)
    half = lines[: len(lines) // 2]
    # A crash mid-write: half the results, then the first bytes of the next line.
    (crashed / RESULTS).write_bytes(b"".join(half) + lines[len(half)][:40])

    runner = EchoRunner()
    summary = run(packages, runner, crashed, resume=True)
    assert summary.skipped == len(half)
    assert runner.calls == len(lines) - len(half)
    assert outcome(crashed) == outcome(whole)
    meta = read_run_meta(crashed)
    assert any("torn last line" in note for note in meta["notes"])
    assert meta["state"] == "finished" and meta["counts"]["pending"] == 0
    assert len(meta["resumed_at"]) == 1


def test_resuming_a_finished_run_runs_nothing(tmp_path: Path) -> None:
    packages = corpus(4)
    out = tmp_path / "run"
    run(packages, EchoRunner(), out)
    before = (out / RESULTS).read_bytes()
    runner = EchoRunner()
    summary = run(packages, runner, out, resume=True)
    assert runner.calls == 0 and summary.ran == 0
    assert (out / RESULTS).read_bytes() == before


def test_resume_refuses_another_runner_or_other_filters(tmp_path: Path) -> None:
    packages = corpus(4)
    out = tmp_path / "run"
    run(packages, EchoRunner(), out)

    class Other(EchoRunner):
        model = "echo-2"

    with pytest.raises(RunDirError, match="model 'echo-2'"):
        run(packages, Other(), out, resume=True)
    with pytest.raises(RunDirError, match="filters"):
        run(packages, EchoRunner(), out, resume=True, stages=["reconcile"])


def test_resume_refuses_recordings_that_changed(tmp_path: Path) -> None:
    recordings = tmp_path / "rec"
    recordings.mkdir()
    packages = corpus(3)
    corpus_file = recordings / "a.jsonl"
    corpus_file.write_text("".join(p.model_dump_json() + "\n" for p in packages))
    out = tmp_path / "run"
    run(packages, EchoRunner(), out, recordings=[recordings])
    corpus_file.write_text("".join(p.model_dump_json() + "\n" for p in packages[:2]))
    with pytest.raises(RunDirError, match="recordings"):
        run(packages[:2], EchoRunner(), out, recordings=[recordings], resume=True)


def test_a_corrupt_complete_line_is_an_error_not_a_silent_skip(tmp_path: Path) -> None:
    out = tmp_path / "run"
    run(corpus(3), EchoRunner(), out)
    lines = (out / RESULTS).read_bytes().splitlines(keepends=True)
    lines[1] = b'{"package": "broken"}\n'
    (out / RESULTS).write_bytes(b"".join(lines))
    with pytest.raises(RunDirError, match=r"results.jsonl:2:"):
        run(corpus(3), EchoRunner(), out, resume=True)


def _wait_for_lines(path: Path, count: int, process: subprocess.Popen[bytes]) -> None:
    # Bounded wait for the child to get part-way; a child that dies early fails the test.
    done = threading.Event()
    for _ in range(3000):
        if path.exists() and path.read_bytes().count(b"\n") >= count:
            return
        if process.poll() is not None:
            break
        done.wait(0.01)
    raise AssertionError(f"the child wrote fewer than {count} results (exit {process.poll()})")


@pytest.mark.slow
def test_sigkill_mid_run_then_resume_equals_an_uninterrupted_run(tmp_path: Path) -> None:
    whole = tmp_path / "whole"
    # The uninterrupted run needs no child process and no pause per case: only its results count.
    replay_helpers.main([str(whole), "--delay", "0"])
    child = [sys.executable, "-m", "tests.replay_helpers"]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}

    killed = tmp_path / "killed"
    process = subprocess.Popen([*child, str(killed)], cwd=ROOT, env=env)
    try:
        _wait_for_lines(killed / RESULTS, 10, process)
        process.send_signal(signal.SIGKILL)
    finally:
        process.wait(timeout=30)
    assert process.returncode == -signal.SIGKILL
    recorded_before = len(read_results(killed))
    assert 10 <= recorded_before < len(read_results(whole)), "the kill must land mid-run"
    assert read_run_meta(killed)["state"] == "running"

    subprocess.run([*child, str(killed), "--resume"], cwd=ROOT, env=env, check=True, timeout=120)
    assert outcome(killed) == outcome(whole)
    assert read_run_meta(killed)["state"] == "finished"
