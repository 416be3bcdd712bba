"""run_process: limits, cancellation, caps and reaping, with small real programs."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import uuid
from collections.abc import Callable
from pathlib import Path

import pytest

from harness.sandbox import Isolation, ProcessOutcome, Resources, probe, run_process
from harness.schema import Limits
from tests.runners_helpers import PROGRAMS, pids_with, program

FULL = probe().level == "full"
ISOLATED_NET = probe().level in ("full", "net")


def _run(
    argv: list[str],
    tmp_path: Path,
    *,
    stdin: bytes = b"{}",
    limits: Limits | None = None,
    cancel: threading.Event | None = None,
    grace: float = 0.3,
    resources: Resources | None = None,
    isolation: Isolation | None = None,
) -> ProcessOutcome:
    (tmp_path / "out").mkdir(exist_ok=True)
    return run_process(
        argv,
        stdin=stdin,
        cwd=tmp_path,
        env={"PATH": os.environ.get("PATH", "/usr/bin:/bin")},
        limits=limits or Limits(wall_seconds=20),
        cancel=cancel or threading.Event(),
        grace_seconds=grace,
        resources=resources,
        writable=[tmp_path / "out"],
        isolation=isolation,
    )


def test_quick_program_succeeds_and_gets_stdin(tmp_path: Path) -> None:
    code = "import sys; data = sys.stdin.read(); print(len(data))"
    outcome = _run([sys.executable, "-c", code], tmp_path, stdin=b"x" * 300_000)
    assert outcome.ok, outcome.reason()
    assert outcome.stdout.strip() == b"300000"


def test_hang_times_out_and_leaves_no_process(tmp_path: Path) -> None:
    marker = f"hang-{uuid.uuid4().hex}"
    outcome = _run([*program("hang.py"), marker], tmp_path, limits=Limits(wall_seconds=1))
    assert outcome.timed_out and not outcome.ok
    assert [e.kind for e in outcome.boundary_events()] == ["wall_time"]
    assert not outcome.killed_after_grace  # sleep dies on SIGTERM
    assert pids_with(marker) == []


def test_sigterm_ignored_means_sigkill_and_cancel_ignored(tmp_path: Path) -> None:
    marker = f"stubborn-{uuid.uuid4().hex}"
    outcome = _run(
        [*program("ignore_term.py"), marker], tmp_path, limits=Limits(wall_seconds=1), grace=0.2
    )
    assert outcome.timed_out and outcome.killed_after_grace
    assert {e.kind for e in outcome.boundary_events()} == {"wall_time", "cancel_ignored"}
    assert pids_with(marker) == []


def test_cancel_event_interrupts(tmp_path: Path) -> None:
    cancel = threading.Event()
    timer = threading.Timer(0.3, cancel.set)
    timer.start()
    try:
        # The grace period only bounds the wait: hang.py dies on SIGTERM, but on a loaded
        # machine the namespace takes longer than a short grace to wind down.
        outcome = _run(program("hang.py"), tmp_path, cancel=cancel, grace=3.0)
    finally:
        timer.cancel()
    assert outcome.cancelled and not outcome.timed_out
    assert outcome.reason() == "cancelled"
    assert outcome.boundary_events() == []


def test_huge_output_is_cut_at_the_cap(tmp_path: Path) -> None:
    outcome = _run(program("huge.py"), tmp_path, limits=Limits(wall_seconds=20, output_bytes=5000))
    assert outcome.output_capped
    assert len(outcome.stdout) == 5000
    assert [e.kind for e in outcome.boundary_events()] == ["output_cap"]


def test_grandchild_in_the_group_is_killed_after_a_normal_exit(tmp_path: Path) -> None:
    marker = f"inv-{uuid.uuid4().hex}"
    outcome = _run(
        program("orphan.py"), tmp_path, stdin=f'{{"invocation_id": "{marker}"}}'.encode()
    )
    assert outcome.ok, outcome.reason()
    assert pids_with(marker) == []


@pytest.mark.skipif(
    not FULL, reason="needs PID namespaces (unshare --pid) to reap detached processes"
)
def test_detached_grandchild_dies_with_the_pid_namespace(tmp_path: Path) -> None:
    marker = f"inv-{uuid.uuid4().hex}"
    outcome = _run(
        [*program("orphan.py"), "--detach"],
        tmp_path,
        stdin=f'{{"invocation_id": "{marker}"}}'.encode(),
    )
    assert outcome.ok, outcome.reason()
    assert pids_with(marker) == []


def test_cpu_limit_is_a_resource_limit_event(tmp_path: Path) -> None:
    outcome = _run(program("cpu_burn.py"), tmp_path, resources=Resources(cpu_seconds=1))
    assert not outcome.ok and not outcome.timed_out
    assert [e.kind for e in outcome.boundary_events()] == ["resource_limit"]
    assert "CPU time limit" in outcome.reason()


def test_stderr_tail_kept_and_exit_code_reported(tmp_path: Path) -> None:
    outcome = _run(program("crash.py"), tmp_path)
    assert outcome.returncode == 1 and outcome.signal is None
    assert outcome.reason() == "exit code 1: RuntimeError: adapter exploded while reading evidence"


@pytest.mark.parametrize(
    "level",
    [
        pytest.param(
            "net",
            marks=pytest.mark.skipif(
                not ISOLATED_NET, reason="this kernel refuses user namespaces (unshare --net)"
            ),
        ),
        "none",
    ],
)
def test_fallback_levels_still_run_and_say_so(tmp_path: Path, level: str) -> None:
    isolation = Isolation(level, f"sandbox: forced {level} for a test", probe().unshare)  # type: ignore[arg-type]
    marker = f"inv-{uuid.uuid4().hex}"
    outcome = _run(
        program("orphan.py"),
        tmp_path,
        stdin=f'{{"invocation_id": "{marker}"}}'.encode(),
        isolation=isolation,
    )
    assert outcome.ok, outcome.reason()
    assert f"sandbox: forced {level} for a test" in outcome.notes
    assert outcome.isolation == level
    assert pids_with(marker) == []


_DRIVER = """
import sys, threading
from pathlib import Path
from harness.sandbox import run_process
from harness.schema import Limits
run_process(
    [sys.executable, sys.argv[1], sys.argv[2]],
    stdin=b"",
    cwd=Path(sys.argv[3]),
    env={"PATH": "/usr/bin:/bin"},
    limits=Limits(wall_seconds=600),
    cancel=threading.Event(),
)
"""


def _wait_for(condition: Callable[[], bool]) -> bool:
    pause = threading.Event()
    for _ in range(500):  # bounded: at most ~10 s
        if condition():
            return True
        pause.wait(0.02)
    return condition()


def test_a_killed_harness_takes_its_children_along(tmp_path: Path) -> None:
    marker = f"orphaned-{uuid.uuid4().hex}"
    driver = tmp_path / "driver.py"
    driver.write_text(_DRIVER)
    harness = subprocess.Popen(
        [sys.executable, str(driver), str(PROGRAMS / "hang.py"), marker, str(tmp_path)],
        env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])},
    )

    def children() -> list[int]:
        return [pid for pid in pids_with(marker) if pid != harness.pid]

    def target_runs() -> bool:
        # hang.py itself, not just a wrapper (unshare, sh) naming it in its arguments.
        for pid in children():
            try:
                argv = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            if len(argv) > 1 and argv[1].endswith(b"hang.py"):
                return True
        return False

    try:
        assert _wait_for(target_runs), "the child never started"
    finally:
        harness.kill()
        harness.wait()
    assert _wait_for(lambda: not children()), children()
