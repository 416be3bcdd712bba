"""Small packages and fake runners for the replay tests, and a child-process entry point.

``python -m tests.replay_helpers OUT_DIR [--resume]`` replays a fixed set of packages through a
slow fake runner; the SIGKILL test starts it, kills it with -9 mid-way and resumes it.
"""

from __future__ import annotations

import argparse
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from harness.runners.base import RunnerInfraError, RunnerOutput
from harness.schema import Envelope, Invocation, Message, Package, ToolCall


def make_package(
    package_id: str,
    stages: Sequence[str] = ("reconcile", "critique"),
    *,
    agent: str = "vojan",
    labels: dict[str, str] | None = None,
) -> Package:
    return Package.model_validate(
        {
            "id": package_id,
            "agent": agent,
            "recorded_at": "2026-08-25T14:03:00Z",
            "activation": {"kind": "heartbeat", "at": "2026-08-25T14:03:00Z"},
            "question": f"What is true about {package_id}?",
            "stages": list(stages),
            "context": [
                {
                    "id": "journal#1",
                    "kind": "journal",
                    "source": "journal.md",
                    "at": "2026-08-25T13:58:00Z",
                    "text": "Sent the note.",
                }
            ],
            "host": {},
            "labels": labels or {},
        }
    )


def corpus(count: int = 12) -> list[Package]:
    """Packages of two agents, with several stages each and a label to filter on."""
    stage_sets = (("reconcile", "critique"), ("preflight",), ("reconcile", "draft", "inquire"))
    return [
        make_package(
            f"pkg-{i:03d}",
            stage_sets[i % 3],
            agent="vojan" if i % 2 else "uhdim",
            labels={"failure_mode": "clean" if i % 4 else "premature_completion"},
        )
        for i in range(count)
    ]


def answer(invocation: Invocation) -> Envelope:
    """A deterministic envelope per invocation, so two runs of the same case are comparable."""
    return Envelope(
        status="completed",
        summary=f"{invocation.package_id}/{invocation.stage}",
        result={"echo": invocation.invocation_id},
        archive_id=None,
    )


class EchoRunner:
    name = "echo"
    model = "echo-1"
    io_bound = False

    def __init__(self, delay: float = 0.0) -> None:
        self.delay = delay
        self.calls = 0
        self._lock = threading.Lock()

    def run(self, invocation: Invocation, cancel: threading.Event) -> RunnerOutput:
        with self._lock:
            self.calls += 1
        if self.delay and cancel.wait(self.delay):
            return RunnerOutput(Envelope(status="interrupted", summary="cancelled"))
        trace = [Message(text=f"answering {invocation.stage}")]
        return RunnerOutput(answer(invocation), trace=list(trace))


class HangingRunner:
    """Never returns for the ``stuck`` package and ignores the cancel event."""

    name = "hang"
    model = "hang-1"
    io_bound = False

    def __init__(self, stuck: str, honour_cancel: bool = False) -> None:
        self.stuck = stuck
        self.honour_cancel = honour_cancel
        self.release = threading.Event()

    def run(self, invocation: Invocation, cancel: threading.Event) -> RunnerOutput:
        if invocation.package_id == self.stuck:
            if self.honour_cancel:
                cancel.wait()
                return RunnerOutput(Envelope(status="completed", summary="late answer"))
            # Bounded only so the abandoned thread ends when the test process tidies up.
            self.release.wait(60)
            return RunnerOutput(Envelope(status="completed", summary="late answer"))
        return RunnerOutput(answer(invocation))


class CrashingRunner:
    name = "crash"
    model = "crash-1"
    io_bound = False

    def __init__(self, bad: str) -> None:
        self.bad = bad

    def run(self, invocation: Invocation, cancel: threading.Event) -> RunnerOutput:
        if invocation.package_id == self.bad:
            raise ValueError("the model returned nonsense")
        return RunnerOutput(answer(invocation))


class FlakyRunner:
    """Raises RunnerInfraError ``failures`` times per case, then answers."""

    name = "flaky"
    model = "flaky-1"
    io_bound = True

    def __init__(self, failures: int) -> None:
        self.failures = failures
        self.calls: dict[str, int] = {}
        self._lock = threading.Lock()

    def run(self, invocation: Invocation, cancel: threading.Event) -> RunnerOutput:
        with self._lock:
            seen = self.calls.get(invocation.invocation_id, 0)
            self.calls[invocation.invocation_id] = seen + 1
        if seen < self.failures:
            raise RunnerInfraError(f"connection refused (try {seen + 1})")
        return RunnerOutput(answer(invocation))


class ScriptedRunner:
    """Returns whatever ``make`` builds for the invocation: for odd outputs and traces."""

    name = "scripted"
    model = "scripted-1"
    io_bound = False

    def __init__(self, make: Any) -> None:
        self.make = make

    def run(self, invocation: Invocation, cancel: threading.Event) -> Any:
        return self.make(invocation)


def forbidden_trace() -> list[Any]:
    return [ToolCall(tool="message.send", args={"to": "patrick"}), Message(text="done")]


def main(argv: Sequence[str] | None = None) -> int:
    from harness.replay import replay

    parser = argparse.ArgumentParser()
    parser.add_argument("out", type=Path)
    parser.add_argument("--resume", action="store_true")
    parser.add_argument("--delay", type=float, default=0.05)
    args = parser.parse_args(argv)
    summary = replay(
        corpus(40),
        EchoRunner(delay=args.delay),
        out_dir=args.out,
        resume=args.resume,
        jobs=2,
        progress=False,
        run_id="killed-run",
    )
    return 130 if summary.interrupted else 0


if __name__ == "__main__":
    raise SystemExit(main())
