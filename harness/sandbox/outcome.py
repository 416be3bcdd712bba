"""What a sandboxed child run ends with (``ProcessOutcome``: status, output, limits hit, notes),
what it may use (``Resources``), and the one error the sandbox raises (``SandboxError``)."""

from __future__ import annotations

import signal
from dataclasses import dataclass, field

from harness.sandbox.isolation import Level
from harness.schema import BoundaryEvent, Limits


class SandboxError(RuntimeError):
    """The sandbox could not start the child at all (missing program, bad cwd)."""


@dataclass(frozen=True)
class Resources:
    """Kernel limits for the child. ``None`` leaves a limit unset."""

    #: CPU seconds; by default twice the wall limit (a multi-threaded child may use more CPU
    #: than wall time; the wall clock is the real bound).
    cpu_seconds: float | None = None
    #: Address space. Node/V8 reserve huge virtual ranges, so agents on Node pass ``None``.
    memory_bytes: int | None = 2 * 1024**3
    #: Largest file the child may write (stops a child from filling the disk).
    file_bytes: int | None = 64 * 1024**2
    #: Processes beyond those the user already runs (not enforced for root by the kernel).
    extra_processes: int | None = 256
    #: Keep the host network (an agent that must reach its model provider).
    network: bool = False


@dataclass
class ProcessOutcome:
    returncode: int | None
    #: The signal that ended the child, when one did.
    signal: int | None
    stdout: bytes
    stderr_tail: bytes
    duration_s: float
    isolation: Level
    #: CPU seconds of the child and all the descendants it reaped.
    cpu_s: float = 0.0
    timed_out: bool = False
    cancelled: bool = False
    output_capped: bool = False
    #: SIGKILL was needed because the child outlived the grace period after SIGTERM.
    killed_after_grace: bool = False
    resource_limit: str | None = None
    notes: list[str] = field(default_factory=list)
    limits: Limits = field(default_factory=Limits)

    @property
    def ok(self) -> bool:
        return (
            self.returncode == 0
            and not (self.timed_out or self.cancelled or self.output_capped)
            and self.resource_limit is None
        )

    def stderr_text(self, max_chars: int = 400) -> str:
        text = self.stderr_tail.decode("utf-8", errors="replace").strip()
        return text[-max_chars:]

    def reason(self) -> str:
        """One line on why the run did not end well (empty when it did)."""
        if self.timed_out:
            return f"wall-clock limit of {self.limits.wall_seconds:g}s exceeded"
        if self.cancelled:
            return "cancelled"
        if self.output_capped:
            return f"stdout exceeded the {self.limits.output_bytes}-byte output cap"
        if self.resource_limit is not None:
            return self.resource_limit
        if self.signal is not None:
            return f"killed by signal {_signal_name(self.signal)}"
        if self.returncode not in (0, None):
            last = self.stderr_text().splitlines()
            tail = f": {last[-1]}" if last else ""
            return f"exit code {self.returncode}{tail}"
        return ""

    def boundary_events(self) -> list[BoundaryEvent]:
        events: list[BoundaryEvent] = []
        if self.timed_out:
            events.append(BoundaryEvent(kind="wall_time", detail=self.reason()))
        if self.killed_after_grace:
            events.append(
                BoundaryEvent(
                    kind="cancel_ignored",
                    detail="still running after SIGTERM and the grace period; killed",
                )
            )
        if self.output_capped:
            events.append(
                BoundaryEvent(
                    kind="output_cap",
                    detail=f"stdout cut at {self.limits.output_bytes} bytes; process killed",
                )
            )
        if self.resource_limit is not None:
            events.append(BoundaryEvent(kind="resource_limit", detail=self.resource_limit))
        return events


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return str(number)


__all__ = ["ProcessOutcome", "Resources", "SandboxError"]
