"""Run one child process under Phase 0 rules and report what happened.

- argv is a list and never goes through a shell of ours; recorded content travels on stdin or in
  workspace files, never in argv.
- The child leads its own session (process group); at the end the whole group is killed, even
  after a normal exit, and under ``full`` isolation its PID namespace dies with it.
- Resource limits (CPU, address space, file size, processes) are set by ``prlimit`` in the exec
  chain rather than a ``preexec_fn``: the harness runs runners on threads, where forking Python
  code is unsafe. Only when ``prlimit`` is missing does a ``preexec_fn`` set them.
- Wall clock and cancellation: SIGTERM to the group, SIGKILL after the grace period.
- stdout is read incrementally and cut at the output cap (the child is killed past it); only a
  tail of stderr is kept.
"""

from __future__ import annotations

import math
import os
import resource
import selectors
import shutil
import signal
import subprocess
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from harness.sandbox.hidden import default_hidden, effective_hidden
from harness.sandbox.isolation import Isolation, Level, probe
from harness.schema import BoundaryEvent, Limits

STDERR_TAIL_BYTES = 16_384
#: How often the loop wakes to look at the cancel event when nothing else happens.
_TICK_S = 0.05
_READ_CHUNK = 65_536


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


def _uid_process_count() -> int:
    uid = os.getuid()
    count = 0
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                if os.stat(f"/proc/{entry}").st_uid == uid:
                    count += 1
            except OSError:
                continue
    return count


@dataclass(frozen=True)
class _KernelLimits:
    cpu: int | None
    memory: int | None
    fsize: int | None
    nproc: int | None

    def prlimit_argv(self, prlimit: str) -> list[str]:
        argv = [prlimit]
        if self.cpu is not None:
            # The soft limit sends SIGXCPU (catchable); the hard one a second later SIGKILL.
            argv.append(f"--cpu={self.cpu}:{self.cpu + 1}")
        if self.memory is not None:
            argv.append(f"--as={self.memory}")
        if self.fsize is not None:
            argv.append(f"--fsize={self.fsize}")
        if self.nproc is not None:
            argv.append(f"--nproc={self.nproc}")
        return [*argv, "--"]

    def preexec(self) -> Callable[[], None]:
        def apply() -> None:
            if self.cpu is not None:
                resource.setrlimit(resource.RLIMIT_CPU, (self.cpu, self.cpu + 1))
            if self.memory is not None:
                resource.setrlimit(resource.RLIMIT_AS, (self.memory, self.memory))
            if self.fsize is not None:
                resource.setrlimit(resource.RLIMIT_FSIZE, (self.fsize, self.fsize))
            if self.nproc is not None:
                resource.setrlimit(resource.RLIMIT_NPROC, (self.nproc, self.nproc))

        return apply


def _kernel_limits(limits: Limits, resources: Resources, notes: list[str]) -> _KernelLimits:
    cpu = resources.cpu_seconds
    if cpu is None:
        cpu = 2 * limits.wall_seconds
    nproc: int | None = None
    if resources.extra_processes is not None:
        if os.geteuid() == 0:
            notes.append("sandbox: RLIMIT_NPROC not applied (the kernel exempts root)")
        else:
            nproc = _uid_process_count() + resources.extra_processes
    return _KernelLimits(
        cpu=max(1, math.ceil(cpu)),
        memory=resources.memory_bytes,
        fsize=resources.file_bytes,
        nproc=nproc,
    )


def _killpg(pgid: int, sig: int) -> None:
    try:
        os.killpg(pgid, sig)
    except ProcessLookupError:
        pass
    except PermissionError:
        # A member changed its uid (setuid program); nothing more we may do from here.
        pass


def _live_members(pgid: int) -> int:
    """Processes of the group that are not zombies (a dead orphan waits for init to reap it)."""
    live = 0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as handle:
                fields = handle.read().rsplit(b")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if len(fields) > 2 and int(fields[2]) == pgid and fields[0] != b"Z":
            live += 1
    return live


def _wait_group_gone(pgid: int, *, deadline: float) -> bool:
    """Wait until no live process of the group is left: SIGKILL is asynchronous, and "no process
    left behind" must hold when run_process returns, not a moment later."""
    pause = 0.0005
    while True:
        try:
            os.killpg(pgid, 0)
        except ProcessLookupError:
            return True
        except PermissionError:
            return False
        if _live_members(pgid) == 0:
            return True
        if time.monotonic() >= deadline:
            return False
        time.sleep(pause)
        pause = min(pause * 2, 0.02)


def _has_exited(pid: int) -> bool:
    # WNOWAIT leaves the child unreaped, so its pid (the group id) cannot be reused before the
    # final group kill.
    try:
        info = os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
    except ChildProcessError:
        return True
    return info is not None


class _Pump:
    """Moves bytes between the harness and the child's pipes without blocking on either side."""

    def __init__(self, proc: subprocess.Popen[bytes], stdin: bytes, cap: int) -> None:
        self.selector = selectors.DefaultSelector()
        self.cap = cap
        self.stdout = bytearray()
        self.stderr = bytearray()
        self.capped = False
        self._stdin = memoryview(stdin)
        self._offset = 0
        assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
        self._files = {"in": proc.stdin, "out": proc.stdout, "err": proc.stderr}
        for name in ("out", "err"):
            os.set_blocking(self._files[name].fileno(), False)
            self.selector.register(self._files[name], selectors.EVENT_READ, name)
        if stdin:
            os.set_blocking(proc.stdin.fileno(), False)
            self.selector.register(proc.stdin, selectors.EVENT_WRITE, "in")
        else:
            proc.stdin.close()
        self.pidfd: int | None = None
        try:
            self.pidfd = os.pidfd_open(proc.pid)
        except (AttributeError, OSError):
            # Older kernels: the loop falls back to polling every tick.
            self.pidfd = None
        if self.pidfd is not None:
            self.selector.register(self.pidfd, selectors.EVENT_READ, "exit")

    def step(self, timeout: float) -> bool:
        """Wait up to ``timeout`` for I/O; returns True when the child's exit was signalled."""
        if not self.selector.get_map():
            time.sleep(timeout)
            return False
        exited = False
        for key, _mask in self.selector.select(timeout):
            if key.data == "exit":
                exited = True
            elif key.data == "in":
                self._write_stdin()
            else:
                self._read(key.data)
        return exited

    def _write_stdin(self) -> None:
        handle = self._files["in"]
        try:
            written = os.write(handle.fileno(), self._stdin[self._offset : self._offset + 65_536])
        except BlockingIOError:
            return
        except (BrokenPipeError, OSError):
            # The child closed stdin early: its answer, not our failure.
            written = len(self._stdin) - self._offset
        self._offset += written
        if self._offset >= len(self._stdin):
            self.selector.unregister(handle)
            handle.close()

    def _read(self, name: str) -> None:
        handle = self._files[name]
        try:
            chunk = os.read(handle.fileno(), _READ_CHUNK)
        except BlockingIOError:
            return
        if not chunk:
            self.selector.unregister(handle)
            return
        if name == "err":
            self.stderr += chunk
            if len(self.stderr) > STDERR_TAIL_BYTES * 2:
                del self.stderr[:-STDERR_TAIL_BYTES]
            return
        room = self.cap - len(self.stdout)
        self.stdout += chunk[: max(room, 0)]
        if len(chunk) > room:
            self.capped = True

    def drain(self, deadline: float) -> None:
        """Read what is left after the group is dead; a stray holder of the pipe cannot stall us
        past ``deadline``."""
        if self.pidfd is not None:
            self.selector.unregister(self.pidfd)
        if "in" in {key.data for key in self.selector.get_map().values()}:
            self.selector.unregister(self._files["in"])
        while self.selector.get_map() and not self.capped:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                break
            for key, _mask in self.selector.select(remaining):
                self._read(key.data)

    def close(self) -> None:
        self.selector.close()
        if self.pidfd is not None:
            os.close(self.pidfd)
        for handle in self._files.values():
            if not handle.closed:
                handle.close()


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
) -> ProcessOutcome:
    """Run ``argv`` in ``cwd`` and return its outcome; never raises for what the child does.

    Under ``full`` isolation ``read_only_root`` (default ``cwd``) is mounted read-only and only
    ``writable`` folders (plus the folder of ``trace_path``) stay writable; ``hidden`` paths
    (default: ``hidden.default_hidden()``) look empty unless they hold the workspace, the
    program or one of the ``needed`` paths.
    Raises ``SandboxError`` only when the child cannot be started at all.
    """
    if not argv:
        raise SandboxError("empty argv")
    resources = resources or Resources()
    isolation = isolation or probe()
    notes: list[str] = [isolation.note] if isolation.note else []
    if resources.network and isolation.level != "none":
        notes.append("sandbox: host network kept for this runner (network=host)")
    kernel = _kernel_limits(limits, resources, notes)
    prlimit = shutil.which("prlimit")
    preexec: Callable[[], None] | None = None
    target = list(argv)
    if prlimit is not None:
        target = [*kernel.prlimit_argv(prlimit), *target]
    else:
        notes.append("sandbox: prlimit not found; resource limits set in a preexec_fn")
        preexec = kernel.preexec()
    dirs = list(writable)
    if trace_path is not None and trace_path.parent not in dirs:
        dirs.append(trace_path.parent)
    programs = [Path(arg) for arg in argv if os.path.isabs(arg) and os.path.exists(arg)]
    wrapped = isolation.wrap(
        target,
        read_only_root=read_only_root or cwd,
        writable=dirs,
        network=resources.network,
        hidden=effective_hidden(
            default_hidden() if hidden is None else hidden,
            [cwd, *dirs, *programs, *needed],
        ),
    )
    setpriv = shutil.which("setpriv")
    if setpriv is not None:
        # If the harness dies (even by SIGKILL) the child dies too, and under full isolation
        # unshare --kill-child takes the whole namespace with it; no orphan outlives the harness.
        wrapped = [setpriv, "--pdeathsig", "KILL", "--", *wrapped]
    else:
        notes.append("sandbox: setpriv not found; a child may outlive a killed harness")
    started = time.monotonic()
    try:
        proc = subprocess.Popen(
            wrapped,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=cwd,
            env=dict(env),
            start_new_session=True,
            close_fds=True,
            preexec_fn=preexec,  # None unless prlimit is missing; see the module docstring
        )
    except OSError as exc:
        raise SandboxError(f"could not start {argv[0]!r}: {exc}") from exc
    pump = _Pump(proc, stdin, limits.output_bytes)
    timed_out = cancelled = killed_after_grace = False
    deadline = started + limits.wall_seconds
    try:
        while True:
            now = time.monotonic()
            if cancel.is_set():
                cancelled = True
                break
            if now >= deadline:
                timed_out = True
                break
            exited = pump.step(min(_TICK_S, deadline - now))
            if pump.capped:
                _killpg(proc.pid, signal.SIGKILL)
                break
            if exited or (pump.pidfd is None and _has_exited(proc.pid)):
                break
        if timed_out or cancelled:
            _killpg(proc.pid, signal.SIGTERM)
            grace_end = time.monotonic() + grace_seconds
            while not _has_exited(proc.pid) and time.monotonic() < grace_end:
                pump.step(min(_TICK_S, max(grace_end - time.monotonic(), 0.0)))
            if not _has_exited(proc.pid):
                killed_after_grace = True
        # Always: stray members of the group (a grandchild that kept running) die with the run.
        _killpg(proc.pid, signal.SIGKILL)
        # wait4 rather than wait: its rusage (the child plus every descendant it reaped) tells a
        # CPU-limit kill from any other SIGKILL.
        _pid, status, usage = os.wait4(proc.pid, 0)
        returncode = os.waitstatus_to_exitcode(status)
        proc.returncode = returncode
        cpu_used = usage.ru_utime + usage.ru_stime
        if not _wait_group_gone(proc.pid, deadline=time.monotonic() + 2.0):
            notes.append("sandbox: members of the process group outlived SIGKILL for 2s")
        pump.drain(time.monotonic() + 0.5)
    finally:
        if proc.poll() is None:
            _killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        pump.close()
    duration = time.monotonic() - started
    sig: int | None = -returncode if returncode < 0 else None
    if sig is None and isolation.level == "full" and 128 < returncode < 128 + 65:
        # PID 1 of the namespace reports a signal death of the target as 128 + signal.
        sig = returncode - 128
    outcome = ProcessOutcome(
        returncode=returncode,
        signal=sig,
        stdout=bytes(pump.stdout),
        stderr_tail=bytes(pump.stderr[-STDERR_TAIL_BYTES:]),
        duration_s=duration,
        isolation=isolation.level,
        cpu_s=cpu_used,
        timed_out=timed_out,
        cancelled=cancelled,
        output_capped=pump.capped,
        killed_after_grace=killed_after_grace,
        notes=notes,
        limits=limits,
    )
    if not (timed_out or cancelled or pump.capped):
        outcome.resource_limit = _resource_verdict(sig, kernel, cpu_used)
    return outcome


def _resource_verdict(sig: int | None, kernel: _KernelLimits, cpu_used: float) -> str | None:
    at_cpu_limit = kernel.cpu is not None and cpu_used >= kernel.cpu - 0.05
    if sig == signal.SIGXCPU or (sig == signal.SIGKILL and at_cpu_limit):
        return (
            f"CPU time limit of {kernel.cpu}s exceeded ({cpu_used:.1f}s used); "
            f"killed by {_signal_name(sig)}"
        )
    if sig == signal.SIGXFSZ:
        return f"file size limit of {kernel.fsize} bytes exceeded"
    return None


__all__ = [
    "STDERR_TAIL_BYTES",
    "ProcessOutcome",
    "Resources",
    "SandboxError",
    "run_process",
]
