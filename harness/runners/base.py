"""What a runner is: the model or agent under test, behind one method.

A runner never sees the host outcome, the scorers or the gates: it gets an ``Invocation`` and
returns an ``Envelope`` and the ``Trace`` of what it did. Phase 0 rules (timeouts, caps, sandbox)
are enforced around it by the harness, not trusted to it.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

from harness.schema import BoundaryEvent, Envelope, Invocation, TraceEvent


class RunnerInfraError(RuntimeError):
    """The runner's infrastructure failed (could not start, connection refused, worker died).

    Only these are retried: a bad answer is a result, never a reason to ask again.
    """


@dataclass
class RunnerOutput:
    envelope: Envelope
    trace: list[TraceEvent] = field(default_factory=list)
    #: Events the runner's own sandbox enforced (timeout, output cap, resource limit).
    boundary_events: list[BoundaryEvent] = field(default_factory=list)
    #: Sandbox fallbacks and similar facts worth keeping with the run.
    notes: list[str] = field(default_factory=list)
    #: The latency the model really had, when it differs from the harness's wall clock (a replay of
    #: recorded outputs takes microseconds; the recorded figure is the one to report).
    latency_s: float | None = None
    #: Symlinks the sandboxed workspace held after the run (relative path -> target): the boundary
    #: rules resolve the trace's paths through them (a read via ``input/notes -> /etc`` escapes).
    workspace_symlinks: dict[str, str] = field(default_factory=dict)


@runtime_checkable
class Runner(Protocol):
    #: Registry name, e.g. ``reference``.
    name: str
    #: The model label recorded with each run, e.g. ``reference-careful`` or ``pi-2026-08``.
    model: str
    #: True when the runner waits on I/O (subprocess, HTTP) rather than the CPU; sets --jobs.
    io_bound: bool
    # Optional: ``inline = True`` declares an in-process lookup that cannot block or hang (the
    # recorded runner). The replay then calls it on the case's own thread, without the watchdog
    # thread that every other runner gets (the hand-off costs more than such a runner does).
    # Optional: ``prepare_ahead(invocation_id, build)`` and ``drop_prepared()``. The replay
    # offers each case queued behind the running ones (``build`` makes its invocation) and drops
    # what is left at the end: a sandboxed runner sets those cases up while others wait on their
    # model (``runners.ahead``); ``run`` still gets every case, prepared or not.

    def run(self, invocation: Invocation, cancel: threading.Event) -> RunnerOutput:
        """Answer one invocation. ``cancel`` is set when the harness cancels the run (timeout,
        interrupt); a runner that waits on something checks it and returns ``interrupted``."""
        ...
