"""One writer per run directory: a second ``run --resume`` or pytest session on a directory in
use is refused with a clear message, and a lock left by a killed writer does not block anyone."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from harness.cli import main
from harness.replay import read_results, read_run_meta
from harness.rundir import RESULTS
from harness.runlock import LOCK, RunDirBusy, RunDirLock
from tests.replay_helpers import corpus

ROOT = Path(__file__).resolve().parents[1]
CHILD = [sys.executable, "-m", "tests.replay_helpers"]
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


def test_a_second_lock_is_refused_naming_the_holder_and_released_cleanly(tmp_path: Path) -> None:
    run_dir = tmp_path / "run"
    with RunDirLock(run_dir, command="shadow run"):
        holder = json.loads((run_dir / LOCK).read_text())
        assert holder["pid"] == os.getpid()
        with pytest.raises(RunDirBusy, match=rf"in use by pid {os.getpid()} \(shadow run\)"):
            RunDirLock(run_dir)
    assert not run_dir.exists(), "a folder made only for the lock goes with it"
    run_dir.mkdir()
    with RunDirLock(run_dir):
        pass
    assert run_dir.is_dir() and not (run_dir / LOCK).exists()


def test_a_lock_file_left_by_a_killed_writer_is_stale_and_taken(tmp_path: Path) -> None:
    run_dir = tmp_path / "run"
    holder = subprocess.Popen(
        [sys.executable, "-c",
         "import sys, time; from harness.runlock import RunDirLock; "
         "RunDirLock(sys.argv[1]); print('held', flush=True); time.sleep(60)", str(run_dir)],
        stdout=subprocess.PIPE, env=ENV,
    )  # fmt: skip
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == b"held"
        with pytest.raises(RunDirBusy, match=f"pid {holder.pid}"):
            RunDirLock(run_dir)
        holder.send_signal(signal.SIGKILL)
    finally:
        holder.wait(timeout=30)
    assert json.loads((run_dir / LOCK).read_text())["pid"] == holder.pid  # left behind
    with RunDirLock(run_dir):
        assert json.loads((run_dir / LOCK).read_text())["pid"] == os.getpid()


def test_shadow_run_resume_on_a_directory_in_use_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    recordings = tmp_path / "rec"
    recordings.mkdir()
    (recordings / "p.jsonl").write_text("\n".join(p.model_dump_json() for p in corpus(3)) + "\n")
    out = tmp_path / "run"
    assert main(["run", "--recordings", str(recordings), "--out", str(out), "--no-progress",
                 "--no-report"]) == 0  # fmt: skip
    before = (out / RESULTS).read_bytes()
    capsys.readouterr()
    with RunDirLock(out, command="pytest"):
        code = main(["run", "--resume", str(out), "--no-progress", "--no-report"])
        err = capsys.readouterr().err
    assert code == 2
    assert f"{out} is in use by pid {os.getpid()} (pytest)" in err
    assert (out / RESULTS).read_bytes() == before


def _wait_for_lines(path: Path, count: int, process: subprocess.Popen[bytes]) -> None:
    pause = threading.Event()
    for _ in range(3000):
        if path.exists() and path.read_bytes().count(b"\n") >= count:
            return
        if process.poll() is not None:
            break
        pause.wait(0.01)
    raise AssertionError(f"the child wrote fewer than {count} results (exit {process.poll()})")


@pytest.mark.slow
def test_two_concurrent_resumes_one_is_refused_and_no_line_is_duplicated(tmp_path: Path) -> None:
    run_dir = tmp_path / "run"
    first = subprocess.Popen([*CHILD, str(run_dir)], cwd=ROOT, env=ENV)
    try:
        _wait_for_lines(run_dir / RESULTS, 5, first)
        first.send_signal(signal.SIGKILL)
    finally:
        first.wait(timeout=30)
    both = [
        subprocess.Popen(
            [*CHILD, str(run_dir), "--resume"], cwd=ROOT, env=ENV, stderr=subprocess.PIPE
        )
        for _ in range(2)
    ]
    errors = [p.communicate(timeout=120)[1].decode() for p in both]
    codes = [p.returncode for p in both]
    refused = [e for e in errors if "RunDirBusy" in e and "is in use by pid" in e]
    assert sorted(codes) == [0, 1] and len(refused) == 1, errors
    keys = [r.key for r in read_results(run_dir)]
    assert len(keys) == len(set(keys)) == sum(len(p.stages) for p in corpus(40))
    assert read_run_meta(run_dir)["state"] == "finished"
