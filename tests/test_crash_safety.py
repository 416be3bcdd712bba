"""Crash safety: a run killed with SIGKILL at random moments, again and again, and resumed each
time, ends with exactly the results of an uninterrupted run: nothing lost, nothing twice."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from harness.replay import read_results, read_run_meta
from harness.rundir import RESULTS

ROOT = Path(__file__).resolve().parents[1]
CHILD = [sys.executable, "-m", "tests.replay_helpers"]
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}
KILLS = 12


def outcome(out: Path) -> dict[tuple[str, str], tuple[str, Any]]:
    records = read_results(out)
    keys = [r.key for r in records]
    assert len(keys) == len(set(keys)), "a case stored twice"
    return {r.key: (r.status, r.envelope.result) for r in records}


def _lines(path: Path) -> int:
    return path.read_bytes().count(b"\n") if path.exists() else 0


def _kill_at_random(process: subprocess.Popen[bytes], path: Path, rng: random.Random) -> bool:
    """SIGKILL the child after a random number of new result lines, or a random pause (which may
    land in its start-up, its run.json writes or a result write); False if it finished first."""
    pause = threading.Event()
    start = _lines(path)
    wanted = rng.randint(1, 6)
    deadline = time.monotonic() + (rng.uniform(0.0, 1.5) if rng.random() < 0.3 else 30.0)
    while process.poll() is None:
        if _lines(path) - start >= wanted or time.monotonic() >= deadline:
            process.send_signal(signal.SIGKILL)
            process.wait(timeout=30)
            return True
        pause.wait(0.005)
    return False


@pytest.mark.slow
def test_random_sigkills_then_resumes_end_with_the_uninterrupted_results(tmp_path: Path) -> None:
    whole = tmp_path / "whole"
    subprocess.run(
        [*CHILD, str(whole), "--delay", "0.02"], cwd=ROOT, env=ENV, check=True, timeout=120
    )
    expected = outcome(whole)

    seed = random.randrange(1 << 30)
    rng = random.Random(seed)
    killed = tmp_path / "killed"
    kills = 0
    args = [*CHILD, str(killed), "--delay", "0.02"]
    while kills < KILLS:
        process = subprocess.Popen(args, cwd=ROOT, env=ENV)
        if _kill_at_random(process, killed / RESULTS, rng):
            kills += 1
            assert process.returncode == -signal.SIGKILL
            # What a kill leaves is always readable: run.json whole, results without duplicates.
            if (killed / "run.json").exists():
                read_run_meta(killed)
                outcome(killed)
        else:
            assert process.returncode == 0, f"seed {seed}"
            break  # the run finished before the kill; start over would prove nothing new
        args = [*CHILD, str(killed), "--resume", "--delay", "0.02"]
        if not (killed / "run.json").exists():
            args = [*CHILD, str(killed), "--delay", "0.02"]  # killed before it wrote anything
    subprocess.run([*CHILD, str(killed), "--resume", "--delay", "0.02"], cwd=ROOT, env=ENV,
                   check=True, timeout=120)  # fmt: skip

    assert kills >= 10, f"only {kills} kills landed mid-run (seed {seed})"
    assert outcome(killed) == expected, f"seed {seed}"
    assert read_run_meta(killed)["state"] == "finished"
