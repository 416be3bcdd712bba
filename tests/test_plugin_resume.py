"""``--shadow-resume DIR``: an interrupted pytest session continues in its own run directory, the
stored cases are judged without running again, and the end result is the uninterrupted run's."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import pytest

from harness.loading import load_packages
from harness.replay import read_results, replay
from harness.runners.registry import make_runner
from harness.scorers.run import score_run_dir
from tests.plugin_helpers import (
    NO_REPORT,
    REPO,
    comparable_scores,
    outcomes,
    session_once,
    suite_text,
)

EXPECT = "{status: completed, parity: true, invented_completion: false, boundary_events: 0}"
GATE = "gate:\n  gates:\n    - {metric: parity.match, statistic: estimate, comparator: '>=', threshold: 0.5}\n"


@pytest.fixture
def project(pytester_with_recordings: pytest.Pytester) -> pytest.Pytester:
    pytester = pytester_with_recordings
    # The credulous profile passes some cases and fails others: a resume must keep both kinds.
    pytester.makefile(
        ".yaml", social=suite_text(runner="reference:credulous", expect=EXPECT, extra=GATE)
    )
    return pytester


@pytest.fixture(scope="module")
def finished_session(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """Filled by ``finished``: the social suite's uninterrupted session, made once a module."""
    return {"dir": tmp_path_factory.mktemp("finished") / "run"}


@pytest.fixture
def finished(project: pytest.Pytester, finished_session: dict[str, object]) -> dict[str, str]:
    """The project's ``whole``: the run directory of an uninterrupted session of the suite (no
    report), and that session's outcomes, run once a module."""
    return session_once(project, finished_session, NO_REPORT)


def _tear(run_dir: Path, keep: int) -> list[bytes]:
    """What a kill mid-write leaves: the first ``keep`` result lines and half of the next."""
    lines = (run_dir / "results.jsonl").read_bytes().splitlines(keepends=True)
    torn = lines[keep][: len(lines[keep]) // 2]
    (run_dir / "results.jsonl").write_bytes(b"".join(lines[:keep]) + torn)
    return [line.rstrip(b"\n") for line in lines[:keep]]


def _stored_lines(run_dir: Path) -> list[bytes]:
    return (run_dir / "results.jsonl").read_bytes().splitlines()


@pytest.mark.parametrize("workers", [[], ["-n", "2"]], ids=["one-process", "xdist"])
def test_resume_after_a_torn_write_gives_the_uninterrupted_run(
    project: pytest.Pytester, finished: dict[str, str], workers: list[str]
) -> None:
    # Only the resumed session's report is read: it is written there, not copied from "whole".
    whole = finished
    # The interrupted run: a copy of the uninterrupted one, torn as a kill mid-write tears it.
    out = project.path / "out"
    shutil.copytree(project.path / "whole", out)
    kept = _tear(out, 7)
    if workers:
        # A session killed before its end has written no scores: the stored cases are scored again.
        (out / "scores.jsonl").unlink()

    resumed = outcomes(project.inline_run("--shadow-resume", "out", *workers))

    assert resumed == whole
    lines = _stored_lines(out)
    # The stored cases were not run again: their lines are as they were, byte for byte.
    assert lines[:7] == kept
    keys = [r.key for r in read_results(out)]
    assert len(keys) == len(set(keys)) == 15
    assert set(keys) == {r.key for r in read_results(project.path / "whole")}
    assert comparable_scores(out / "scores.jsonl") == comparable_scores(
        project.path / "whole" / "scores.jsonl"
    )
    meta = json.loads((out / "run.json").read_text())
    assert meta["state"] == "finished"
    assert meta["counts"]["planned"] == meta["counts"]["completed"] == 15
    assert len(meta["resumed_at"]) == 1
    assert any("torn last line" in note for note in meta["notes"])
    # Under xdist a case run again would be merged as a duplicate and noted as dropped.
    assert not any("duplicate" in note for note in meta["notes"])
    assert not (out / ".parts").exists()
    summary = json.loads((out / "summary.json").read_text())
    assert sum(row["runs"] for row in summary["status_counts"]) == 15


def test_resuming_a_finished_run_runs_nothing(
    project: pytest.Pytester, finished: dict[str, str]
) -> None:
    before = _stored_lines(project.path / "whole")
    again = outcomes(project.inline_run("--shadow-resume", "whole", NO_REPORT))
    assert again == finished
    assert _stored_lines(project.path / "whole") == before


def test_resume_refuses_another_runner_or_a_run_not_from_pytest(
    project: pytest.Pytester, finished: dict[str, str]
) -> None:
    shutil.move(project.path / "whole", project.path / "out")
    before = (project.path / "out" / "results.jsonl").read_bytes()

    other = project.runpytest("--shadow-resume", "out", "--shadow-runner", "reference")
    assert other.ret == pytest.ExitCode.USAGE_ERROR
    other.stderr.fnmatch_lines(["*cannot resume*runner_config*"])

    both = project.runpytest("--shadow-resume", "out", "--shadow-out", "out")
    assert both.ret == pytest.ExitCode.USAGE_ERROR
    both.stderr.fnmatch_lines(["*--shadow-out or --shadow-resume, not both*"])

    missing = project.runpytest("--shadow-resume", "nowhere")
    assert missing.ret == pytest.ExitCode.USAGE_ERROR
    missing.stderr.fnmatch_lines(["*nowhere*run.json*"])
    assert (project.path / "out" / "results.jsonl").read_bytes() == before

    # A `shadow run` directory of the same cases is continued by `shadow run --resume`, not here.
    recordings = [project.path / "rec"]
    engine_dir = project.path / "engine"
    runner = make_runner("reference", options={"profile": "credulous"})
    replay(load_packages(recordings).items, runner, out_dir=engine_dir, recordings=recordings,
           progress=False, handle_signals=False)  # fmt: skip
    engine = project.runpytest("--shadow-resume", "engine")
    assert engine.ret == pytest.ExitCode.USAGE_ERROR
    engine.stderr.fnmatch_lines(["*not written by a pytest session*shadow run --resume*"])
    # Checked before any worker starts, under xdist too.
    parallel = project.runpytest("--shadow-resume", "engine", "-n", "2")
    assert parallel.ret == pytest.ExitCode.USAGE_ERROR
    parallel.stderr.fnmatch_lines(["*not written by a pytest session*"])


def _stored_count(out: Path) -> int:
    """Whole result lines so far, in the run directory or (under xdist) in the workers' parts."""
    files = [out / "results.jsonl", *out.glob(".parts/*/results.jsonl")]
    return sum(f.read_bytes().count(b"\n") for f in files if f.exists())


#: A runner that pauses per case, so a kill lands mid-session.
SLOW_SUITE = suite_text(
    runner="python:tests.slow_echo:slow_stage",
    expect="{status: completed}",
    extra="gate: false\n",
)


def _slow_session(*extra: str, workers: Sequence[str] = ()) -> list[str]:
    return [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "slow.yaml",
            "--shadow-opt", f"pythonpath={REPO}", NO_REPORT, *workers, *extra]  # fmt: skip


@pytest.fixture(scope="session")
def slow_whole_run(tmp_path_factory: pytest.TempPathFactory, small_recordings: Path) -> Path:
    """The uninterrupted run of the slow suite's cases, once: what every killed-then-resumed
    session must end up equal to. Through the engine in this process, not a pytest session in
    another: the plugin writes what ``shadow run`` + ``shadow score`` write
    (test_plugin_runs.py), and a second Python start-up only to reach the same files is seconds."""
    whole = tmp_path_factory.mktemp("slow-whole") / "whole"
    runner = make_runner("python", options={"target": "tests.slow_echo:slow_stage",
                                            "pythonpath": str(REPO)})  # fmt: skip
    replay(load_packages([small_recordings]).items, runner, out_dir=whole,
           recordings=[small_recordings], progress=False, handle_signals=False)  # fmt: skip
    score_run_dir(whole)
    return whole


@pytest.mark.slow
@pytest.mark.parametrize("workers", [[], ["-n", "2"]], ids=["one-process", "xdist"])
def test_resume_after_kill_9(
    pytester_with_recordings: pytest.Pytester, slow_whole_run: Path, workers: list[str]
) -> None:
    pytester = pytester_with_recordings
    pytester.makefile(".yaml", slow=SLOW_SUITE)
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    out = pytester.path / "out"
    # Its own process group: the kill takes the xdist workers down with the controller.
    process = subprocess.Popen(_slow_session("--shadow-out", "out", workers=workers),
                               cwd=pytester.path, env=env, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, start_new_session=True)  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and _stored_count(out) < 4:
            time.sleep(0.02)
    finally:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
    assert 4 <= _stored_count(out) < 15
    stored = _stored_lines(out) if not workers else []

    # The kill needs a process of its own; the resume runs in this one (one Python start fewer).
    resumed = pytester.runpytest(
        "slow.yaml", "--shadow-opt", f"pythonpath={REPO}", "--shadow-resume", "out", NO_REPORT,
        *workers,
    )  # fmt: skip
    assert resumed.ret == 0, resumed.stdout.str()[-2000:] + resumed.stderr.str()[-2000:]
    assert "15 passed" in resumed.stdout.str()
    assert _stored_lines(out)[: len(stored)] == stored
    keys = [r.key for r in read_results(out)]
    assert len(keys) == len(set(keys)) == 15
    assert set(keys) == {r.key for r in read_results(slow_whole_run)}
    assert comparable_scores(out / "scores.jsonl") == comparable_scores(
        slow_whole_run / "scores.jsonl"
    )
    meta = json.loads((out / "run.json").read_text())
    assert meta["state"] == "finished"
    assert not any("duplicate" in note for note in meta["notes"])
    assert not (out / ".parts").exists()


def test_a_session_on_a_run_directory_in_use_is_refused(
    project: pytest.Pytester, finished: dict[str, str]
) -> None:
    from harness.runlock import RunDirLock

    shutil.move(project.path / "whole", project.path / "out")
    before = _stored_lines(project.path / "out")
    with RunDirLock(project.path / "out", command="shadow run --resume"):
        for option in ("--shadow-resume", "--shadow-out"):
            second = project.runpytest(option, "out")
            assert second.ret == pytest.ExitCode.USAGE_ERROR
            second.stderr.fnmatch_lines(
                [f"*out is in use by pid {os.getpid()} (shadow run --resume)*"]
            )
    assert _stored_lines(project.path / "out") == before
    assert outcomes(
        project.inline_run("--shadow-resume", "out", NO_REPORT)
    )  # free again once released
