"""Run one child process under Phase 0 rules and report what happened.

- argv is a list and never goes through a shell of ours; recorded content travels on stdin or in
  workspace files, never in argv.
- The child leads its own process group; at the end the whole group is killed, even after a
  normal exit, and under ``full`` isolation its PID namespace dies with it.
- Resource limits (CPU, address space, file size, processes), the uid and the dropped privileges
  are set before the exec by the sandbox's own code (``privileges``) under ``full``, and by
  ``setpriv`` and ``prlimit`` in the exec chain at the fallbacks (``launch``): the harness runs
  runners on threads, where forking Python code is unsafe.
- Wall clock and cancellation: SIGTERM to the group, SIGKILL after the grace period.
- stdout is read incrementally and cut at the output cap (the child is killed past it); only a
  tail of stderr is kept.
"""

from __future__ import annotations

import contextlib
import os
import signal
import stat
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from harness.sandbox.forkclient import ForkServer
from harness.sandbox.hidden import effective_hidden
from harness.sandbox.identity import child_uid, hand_over
from harness.sandbox.isolation import Isolation, probe
from harness.sandbox.launch import Child, start_child
from harness.sandbox.limits import KernelLimits, kernel_limits, resource_verdict
from harness.sandbox.outcome import ProcessOutcome, Resources, SandboxError
from harness.sandbox.pump import STDERR_TAIL_BYTES, Pump
from harness.sandbox.view import ViewPaths, program_paths
from harness.schema import Limits

#: How often the loop wakes to look at the cancel event when nothing else happens.
_TICK_S = 0.05


def run_process(
    argv: Sequence[str],
    *,
    stdin: bytes,
    cwd: Path,
    env: Mapping[str, str],
    limits: Limits,
    cancel: threading.Event,
    trace_path: Path | None = None,
    grace_seconds: float = 2.0,
    resources: Resources | None = None,
    read_only_root: Path | None = None,
    writable: Sequence[Path] = (),
    isolation: Isolation | None = None,
    hidden: Sequence[Path] | None = None,
    needed: Sequence[Path] = (),
    watch: Callable[[bytearray], bool] | None = None,
    server: ForkServer | None = None,
) -> ProcessOutcome:
    """Run ``argv`` in ``cwd`` and return its outcome; never raises for what the child does.

    ``watch`` sees the stdout read so far after every read; when it returns True the child is
    stopped as on a cancel (a runner enforcing its own limit while the child runs, e.g. pi's
    tool-call cap).

    Under ``full`` isolation the child's file system is the allow-list view (``view``): the
    system runtime, its program, the ``needed`` paths, ``read_only_root`` (default ``cwd``)
    read-only and the ``writable`` folders (plus the folder of ``trace_path``) read-write;
    ``hidden`` paths inside that view are covered. Nothing else exists for it. The child is
    started by ``server`` (default: the harness process's shared fork server).
    Raises ``SandboxError`` only when the sandbox cannot start or follow the child (a missing
    program, a view that cannot be built, a fork server that died).
    """
    started = start_process(
        argv, cwd=cwd, env=env, limits=limits, trace_path=trace_path, resources=resources,
        read_only_root=read_only_root, writable=writable, isolation=isolation, hidden=hidden,
        needed=needed, server=server,
    )  # fmt: skip
    return started.run(stdin, cancel, grace_seconds=grace_seconds, watch=watch)


def start_process(
    argv: Sequence[str],
    *,
    cwd: Path,
    env: Mapping[str, str],
    limits: Limits,
    trace_path: Path | None = None,
    resources: Resources | None = None,
    read_only_root: Path | None = None,
    writable: Sequence[Path] = (),
    isolation: Isolation | None = None,
    hidden: Sequence[Path] | None = None,
    needed: Sequence[Path] = (),
    server: ForkServer | None = None,
    hold: bool = False,
) -> StartedProcess:
    """Everything ``run_process`` does before the command runs (arguments as there). With
    ``hold`` the case is set up ahead of its turn: under ``full`` its PID 1 builds the view now
    and waits, and the command starts only at ``run``; at the other levels nothing starts
    before ``run``. Without ``hold`` the command starts now."""
    if not argv:
        raise SandboxError("empty argv")
    resources = resources or Resources()
    isolation = isolation or probe()
    dirs = list(writable)
    if trace_path is not None and trace_path.parent not in dirs:
        dirs.append(trace_path.parent)
    root = read_only_root or cwd
    programs = program_paths(argv)
    view = ViewPaths(
        workspace=root,
        writable=dirs,
        readable=[*programs, *needed],
        hidden=effective_hidden(hidden or (), [root, *dirs, *programs, *needed]),
    )
    held = contextlib.ExitStack()
    try:
        lease = held.enter_context(child_uid())
        uid = _usable_uid(lease, isolation, root, dirs, view.readable)
        notes: list[str] = [isolation.note] if isolation.note else []
        if resources.network and isolation.level != "none":
            notes.append("sandbox: host network kept for this runner (network=host)")
        if os.geteuid() == 0 and uid is None:
            notes.append("sandbox: the child runs as root (no unprivileged uid could be used)")
        kernel = kernel_limits(
            limits,
            cpu_seconds=resources.cpu_seconds,
            memory_bytes=resources.memory_bytes,
            file_bytes=resources.file_bytes,
            extra_processes=resources.extra_processes,
            child_uid=uid,
            notes=notes,
        )

        def start() -> tuple[Child, tuple[int, int, int]]:
            return start_child(
                argv, cwd=cwd, env=env, isolation=isolation, view=view, uid=uid, kernel=kernel,
                resources=resources, notes=notes, server=server,
                hold=hold and isolation.level == "full",
            )  # fmt: skip

        began = time.monotonic()
        now = start() if not hold or isolation.level == "full" else None
    except BaseException:
        held.close()
        raise
    return StartedProcess(
        start, now, None if hold else began, held, limits, kernel, isolation, notes
    )


class StartedProcess:
    """A case's child before its turn (``start_process``): ``run`` starts or releases it and
    follows it to the end; ``discard`` ends a case that will not run. One of the two, once."""

    def __init__(
        self,
        start: Callable[[], tuple[Child, tuple[int, int, int]]],
        started: tuple[Child, tuple[int, int, int]] | None,
        began: float | None,
        held: contextlib.ExitStack,
        limits: Limits,
        kernel: KernelLimits,
        isolation: Isolation,
        notes: list[str],
    ) -> None:
        self._start = start
        self._started = started
        #: When a command that did not wait for its turn was started.
        self._began = began
        self._held = held
        self._limits = limits
        self._kernel = kernel
        self._isolation = isolation
        self._notes = notes

    def run(
        self,
        stdin: bytes,
        cancel: threading.Event,
        *,
        grace_seconds: float = 2.0,
        watch: Callable[[bytearray], bool] | None = None,
    ) -> ProcessOutcome:
        """Run the command to its end (see ``run_process``); the wall clock starts here."""
        limits, kernel, notes = self._limits, self._kernel, self._notes
        with self._held:
            started = self._began if self._began is not None else time.monotonic()
            child, (stdin_fd, stdout_fd, stderr_fd) = self._started or self._start()
            self._started = None
            # A held PID 1 starts the command when this writes the first byte (or closes stdin).
            pump = Pump(stdin_fd, stdout_fd, stderr_fd, stdin, limits.output_bytes, child.wake_fd())
            try:
                outcome = _supervise(child, pump, limits, cancel, grace_seconds, watch, notes)
            finally:
                child.close()
                pump.close()
        if child.error is not None:
            raise SandboxError(child.error)
        outcome.duration_s = time.monotonic() - started
        outcome.isolation = self._isolation.level
        code = outcome.returncode
        if (
            outcome.signal is None
            and outcome.isolation == "full"
            and code
            and 128 < code < 128 + 65
        ):
            # PID 1 of the namespace reports a signal death of the target as 128 + signal.
            outcome.signal = code - 128
        if not (outcome.timed_out or outcome.cancelled or outcome.output_capped):
            outcome.resource_limit = resource_verdict(outcome.signal, kernel, outcome.cpu_s)
        return outcome

    def discard(self) -> None:
        """End a case that will not run: a held PID 1 is killed before its command starts."""
        with self._held:
            if self._started is not None:
                child, fds = self._started
                self._started = None
                # Killed and reaped before stdin's end closes: a held PID 1 starts its command
                # on that end-of-file, and under load it could read it before a kill sent on
                # close arrived (a discarded case's command ran).
                with contextlib.suppress(SandboxError, OSError):
                    child.signal_group(signal.SIGKILL)
                    child.finish([])
                child.close()
                for fd in fds:
                    os.close(fd)


def _supervise(
    child: Child,
    pump: Pump,
    limits: Limits,
    cancel: threading.Event,
    grace_seconds: float,
    watch: Callable[[bytearray], bool] | None,
    notes: list[str],
) -> ProcessOutcome:
    """Move the child's bytes until it exits, times out, is cancelled or overflows; then end it."""
    timed_out = cancelled = killed_after_grace = False
    deadline = time.monotonic() + limits.wall_seconds
    while True:
        now = time.monotonic()
        if cancel.is_set():
            cancelled = True
            break
        if now >= deadline:
            timed_out = True
            break
        pump.step(min(_TICK_S, deadline - now))
        if pump.capped:
            child.signal_group(signal.SIGKILL)
            break
        if watch is not None and watch(pump.stdout):
            cancelled = True
            notes.append("sandbox: stopped by the runner's own limit while running")
            break
        if child.has_exited():
            break
    if (timed_out or cancelled) and not child.has_exited():
        child.signal_group(signal.SIGTERM)
        grace_end = time.monotonic() + grace_seconds
        while not child.has_exited() and time.monotonic() < grace_end:
            pump.step(min(_TICK_S, max(grace_end - time.monotonic(), 0.0)))
        killed_after_grace = not child.has_exited()
    returncode, cpu_used = child.finish(notes)
    pump.drain(time.monotonic() + 0.5)
    return ProcessOutcome(
        returncode=returncode,
        signal=-returncode if returncode < 0 else None,
        stdout=bytes(pump.stdout),
        stderr_tail=bytes(pump.stderr[-STDERR_TAIL_BYTES:]),
        duration_s=0.0,
        isolation="none",
        cpu_s=cpu_used,
        timed_out=timed_out,
        cancelled=cancelled,
        output_capped=pump.capped,
        killed_after_grace=killed_after_grace,
        notes=notes,
        limits=limits,
    )


def _usable_uid(
    uid: int | None,
    isolation: Isolation,
    root: Path,
    dirs: list[Path],
    readable: Sequence[Path],
) -> int | None:
    """``uid`` when the child can work under it: under ``full`` the view's folders are the
    tmpfs's own, but without a view every parent folder of the workspace and of the program
    must let others in."""
    if uid is None:
        return None
    if isolation.level != "full":
        for path in [root, *readable]:
            for parent in Path(os.path.abspath(path)).parents:
                if not os.stat(parent).st_mode & stat.S_IXOTH:
                    return None
    # The child's group may enter and read the workspace root, not write it; other users of
    # the machine keep out of it (it holds recorded content).
    os.chown(root, -1, uid)
    root.chmod(0o750)
    hand_over(dirs, uid)
    return uid


__all__ = [
    "STDERR_TAIL_BYTES",
    "ProcessOutcome",
    "Resources",
    "SandboxError",
    "StartedProcess",
    "run_process",
    "start_process",
]
