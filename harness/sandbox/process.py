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

import contextlib
import os
import shutil
import signal
import stat
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from harness.sandbox.hidden import effective_hidden
from harness.sandbox.identity import child_uid, hand_over
from harness.sandbox.isolation import Isolation, Level, probe
from harness.sandbox.limits import kernel_limits, resource_verdict
from harness.sandbox.pump import STDERR_TAIL_BYTES, Pump
from harness.sandbox.reaper import kill_case
from harness.sandbox.selfguard import protect_environment
from harness.sandbox.view import ViewPaths, program_paths
from harness.schema import BoundaryEvent, Limits

#: How often the loop wakes to look at the cancel event when nothing else happens.
_TICK_S = 0.05


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
) -> ProcessOutcome:
    """Run ``argv`` in ``cwd`` and return its outcome; never raises for what the child does.

    ``watch`` sees the stdout read so far after every read; when it returns True the child is
    stopped as on a cancel (a runner enforcing its own limit while the child runs, e.g. pi's
    tool-call cap).

    Under ``full`` isolation the child's file system is the allow-list view (``view``): the
    system runtime, its program, the ``needed`` paths, ``read_only_root`` (default ``cwd``)
    read-only and the ``writable`` folders (plus the folder of ``trace_path``) read-write;
    ``hidden`` paths inside that view are covered. Nothing else exists for it.
    Raises ``SandboxError`` only when the child cannot be started at all.
    """
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
    with child_uid() as uid, _new_root(isolation) as new_root:
        return _run(
            argv,
            stdin=stdin,
            cwd=cwd,
            env=env,
            limits=limits,
            cancel=cancel,
            grace_seconds=grace_seconds,
            resources=resources,
            isolation=isolation,
            view=view,
            new_root=new_root,
            uid=_usable_uid(uid, isolation, root, dirs, view.readable),
            watch=watch,
        )


@contextlib.contextmanager
def _new_root(isolation: Isolation) -> Iterator[Path]:
    """The empty folder the view's tmpfs is mounted on (inside the child's mount namespace only)."""
    if isolation.level != "full":
        yield Path("/nonexistent")
        return
    folder = Path(tempfile.mkdtemp(prefix="shadow-root-"))
    try:
        yield folder
    finally:
        with contextlib.suppress(OSError):
            folder.rmdir()


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


def _privilege_drop(setpriv: str | None, uid: int | None, isolation: Isolation) -> list[str]:
    if setpriv is None:
        return []
    argv = [setpriv]
    if uid is not None:
        argv += [f"--reuid={uid}", f"--regid={uid}", "--clear-groups"]
    argv.append("--no-new-privs")
    if os.geteuid() == 0 or isolation.level == "full":
        # Only a process that holds capabilities (root, or root of a user namespace) can drop them.
        argv += ["--inh-caps=-all", "--bounding-set=-all"]
    return [*argv, "--"]


def _run(
    argv: Sequence[str],
    *,
    stdin: bytes,
    cwd: Path,
    env: Mapping[str, str],
    limits: Limits,
    cancel: threading.Event,
    grace_seconds: float,
    resources: Resources,
    isolation: Isolation,
    view: ViewPaths,
    new_root: Path,
    uid: int | None,
    watch: Callable[[bytearray], bool] | None = None,
) -> ProcessOutcome:
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
    prlimit = shutil.which("prlimit")
    setpriv = shutil.which("setpriv")
    preexec: Callable[[], None] | None = None
    drop = _privilege_drop(setpriv, uid, isolation)
    target = [*drop, *argv]
    if prlimit is not None:
        # prlimit runs after the uid change: the process limit then counts the child's uid.
        target = [*drop, *kernel.prlimit_argv(prlimit), *argv]
    else:
        notes.append("sandbox: prlimit not found; resource limits set in a preexec_fn")
        preexec = kernel.preexec()
    if setpriv is None:
        notes.append("sandbox: setpriv not found; privileges not dropped")
    if isolation.level != "full" and os.geteuid() != 0:
        protect_environment(notes)
    wrapped = isolation.wrap(target, view=view, new_root=new_root, network=resources.network)
    if setpriv is not None:
        # If the harness dies (even by SIGKILL) the child dies too, and under full isolation
        # unshare --kill-child takes the whole namespace with it; no orphan outlives the harness.
        wrapped = [setpriv, "--pdeathsig", "KILL", "--", *wrapped]
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
    pump = Pump(proc, stdin, limits.output_bytes)
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
            if watch is not None and watch(pump.stdout):
                cancelled = True
                notes.append("sandbox: stopped by the runner's own limit while running")
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
        # Without a PID namespace the case's processes are found in /proc, by tree, group and
        # uid, while the child is unreaped and its pid cannot be reused. Under ``full`` the
        # namespace's PID 1 is in the group: once the group is gone, so is the namespace.
        sweep = isolation.level != "full"
        if sweep and not kill_case(proc.pid, pgid=proc.pid, uid=uid):
            notes.append("sandbox: processes of the case outlived SIGKILL for 2s")
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
        outcome.resource_limit = resource_verdict(sig, kernel, cpu_used)
    return outcome


__all__ = [
    "STDERR_TAIL_BYTES",
    "ProcessOutcome",
    "Resources",
    "SandboxError",
    "run_process",
]
