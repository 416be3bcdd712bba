"""Start a case's child at the machine's isolation level, behind one interface (``Child``).

Under ``full`` the sandbox's fork server starts it (``forkclient``): no program is started per
case, only forks of a prepared process. At the fallback levels (``net``, ``none``) it is an exec
chain: ``setpriv`` (pdeathsig, uid, capabilities, ``no_new_privs``), ``unshare --net`` where it
works, ``prlimit`` and the command, in a session of its own, whose stray processes are found by
walking ``/proc`` at the end (``reaper``). Recorded content never travels in argv.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Protocol

from harness.sandbox.forkclient import ForkServer, ServedChild, shared_server
from harness.sandbox.isolation import Isolation
from harness.sandbox.limits import KernelLimits
from harness.sandbox.outcome import Resources, SandboxError
from harness.sandbox.reaper import kill_case, killpg, wait_group_gone
from harness.sandbox.selfguard import protect_environment
from harness.sandbox.view import ViewPaths, view_plan

#: How long the final SIGKILL may take to empty the case (a process stuck in the kernel).
_KILL_TIMEOUT_S = 10.0


class Child(Protocol):
    @property
    def error(self) -> str | None:
        """Why the sandbox could not start the command, once known (the sandbox failed)."""
        ...

    def wake_fd(self) -> int | None:
        """Turns readable when the child has news (its exit); None: poll ``has_exited``."""
        ...

    def has_exited(self) -> bool: ...

    def signal_group(self, sig: int) -> None: ...

    def finish(self, notes: list[str]) -> tuple[int, float]:
        """Kill what is left of the case and reap it: its return code (negative for a signal)
        and the CPU seconds of the child and every descendant it reaped."""
        ...

    def close(self) -> None: ...


def start_child(
    argv: Sequence[str],
    *,
    cwd: Path,
    env: Mapping[str, str],
    isolation: Isolation,
    view: ViewPaths,
    uid: int | None,
    kernel: KernelLimits,
    resources: Resources,
    notes: list[str],
    server: ForkServer | None = None,
    hold: bool = False,
) -> tuple[Child, tuple[int, int, int]]:
    """The started child and the harness's ends of its stdin, stdout and stderr. With ``hold``
    (``full`` only) PID 1 builds the view and waits for stdin before it starts the command."""
    stdin_r, stdin_w = os.pipe()
    stdout_r, stdout_w = os.pipe()
    stderr_r, stderr_w = os.pipe()
    theirs = (stdin_r, stdout_w, stderr_w)
    ours = (stdin_w, stdout_r, stderr_r)
    try:
        if isolation.level == "full":
            spec = {
                "argv": list(argv),
                "env": dict(env),
                "plan": view_plan(view),
                "cwd": str(view.workspace),
                "uid": uid,
                "limits": kernel.pairs(),
                "network": resources.network,
                "hold": hold,
            }
            child: Child = _served(spec, theirs, server)
        else:
            child = _exec_chain(argv, theirs, cwd=cwd, env=env, isolation=isolation, uid=uid,
                                kernel=kernel, resources=resources, notes=notes)  # fmt: skip
    except BaseException:
        for fd in ours:
            os.close(fd)
        raise
    finally:
        for fd in theirs:
            os.close(fd)
    return child, ours


def _served(
    spec: Mapping[str, object], stdio: Sequence[int], server: ForkServer | None
) -> _ServedChild:
    if server is not None:
        return _ServedChild(server.start(spec, stdio))
    try:
        return _ServedChild(shared_server().start(spec, stdio))
    except SandboxError:
        # The shared server died between cases: a new one takes this case.
        return _ServedChild(shared_server(fresh=True).start(spec, stdio))


class _ServedChild:
    """``ServedChild`` as a ``Child``: its status arrives as ``wait`` gives it."""

    def __init__(self, served: ServedChild) -> None:
        self._served = served

    @property
    def error(self) -> str | None:
        return self._served.error

    def wake_fd(self) -> int | None:
        return self._served.fileno()

    def has_exited(self) -> bool:
        return self._served.has_exited()

    def signal_group(self, sig: int) -> None:
        self._served.signal_group(sig)

    def finish(self, notes: list[str]) -> tuple[int, float]:
        status, cpu = self._served.finish(_KILL_TIMEOUT_S)
        return os.waitstatus_to_exitcode(status), cpu

    def close(self) -> None:
        self._served.close()


def _privilege_drop(setpriv: str | None, uid: int | None) -> list[str]:
    if setpriv is None:
        return []
    argv = [setpriv]
    if uid is not None:
        argv += [f"--reuid={uid}", f"--regid={uid}", "--clear-groups"]
    argv.append("--no-new-privs")
    if os.geteuid() == 0:
        # Only a process that holds capabilities (root) can drop them.
        argv += ["--inh-caps=-all", "--bounding-set=-all"]
    return [*argv, "--"]


def _exec_chain(
    argv: Sequence[str],
    stdio: Sequence[int],
    *,
    cwd: Path,
    env: Mapping[str, str],
    isolation: Isolation,
    uid: int | None,
    kernel: KernelLimits,
    resources: Resources,
    notes: list[str],
) -> _ExecChild:
    prlimit = shutil.which("prlimit")
    setpriv = shutil.which("setpriv")
    preexec: Callable[[], None] | None = None
    drop = _privilege_drop(setpriv, uid)
    target = [*drop, *argv]
    if prlimit is not None:
        # prlimit runs after the uid change: the process limit then counts the child's uid.
        target = [*drop, *kernel.prlimit_argv(prlimit), *argv]
    else:
        notes.append("sandbox: prlimit not found; resource limits set in a preexec_fn")
        preexec = kernel.preexec()
    if setpriv is None:
        notes.append("sandbox: setpriv not found; privileges not dropped")
    if os.geteuid() != 0:
        protect_environment(notes)
    wrapped = isolation.wrap(target, network=resources.network)
    if setpriv is not None:
        # If the harness dies (even by SIGKILL) the child dies too: no orphan outlives it.
        wrapped = [setpriv, "--pdeathsig", "KILL", "--", *wrapped]
    try:
        proc = subprocess.Popen(
            wrapped,
            stdin=stdio[0],
            stdout=stdio[1],
            stderr=stdio[2],
            cwd=cwd,
            env=dict(env),
            start_new_session=True,
            close_fds=True,
            preexec_fn=preexec,  # None unless prlimit is missing: forking Python code is unsafe
        )
    except OSError as exc:
        raise SandboxError(f"could not start {argv[0]!r}: {exc}") from exc
    return _ExecChild(proc, uid)


class _ExecChild:
    """A child started by exec chain: its pid is its process group, held unreaped (``WNOWAIT``)
    until the end so that the group id cannot be reused while the harness signals it."""

    #: An exec chain that could not start raised at once (``SandboxError``).
    error: str | None = None

    def __init__(self, proc: subprocess.Popen[bytes], uid: int | None) -> None:
        self._proc = proc
        self._uid = uid
        self._pidfd: int | None
        try:
            self._pidfd = os.pidfd_open(proc.pid)
        except (AttributeError, OSError):
            self._pidfd = None  # older kernels: the loop polls every tick

    def wake_fd(self) -> int | None:
        return self._pidfd

    def has_exited(self) -> bool:
        try:
            info = os.waitid(os.P_PID, self._proc.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
        except ChildProcessError:
            return True
        return info is not None

    def signal_group(self, sig: int) -> None:
        killpg(self._proc.pid, sig)

    def finish(self, notes: list[str]) -> tuple[int, float]:
        pid = self._proc.pid
        # Always: stray members of the group (a grandchild that kept running) die with the run.
        killpg(pid, signal.SIGKILL)
        # No PID namespace: the case's processes are found in /proc, by tree, group and uid,
        # while the child is unreaped and its pid cannot be reused.
        if not kill_case(pid, pgid=pid, uid=self._uid):
            notes.append("sandbox: processes of the case outlived SIGKILL for 2s")
        # wait4 rather than wait: its rusage (the child plus every descendant it reaped) tells a
        # CPU-limit kill from any other SIGKILL.
        _pid, status, usage = os.wait4(pid, 0)
        returncode = os.waitstatus_to_exitcode(status)
        self._proc.returncode = returncode
        if not wait_group_gone(pid, timeout_s=2.0):
            notes.append("sandbox: members of the process group outlived SIGKILL for 2s")
        return returncode, usage.ru_utime + usage.ru_stime

    def close(self) -> None:
        if self._pidfd is not None:
            os.close(self._pidfd)
            self._pidfd = None
        if self._proc.poll() is None:
            killpg(self._proc.pid, signal.SIGKILL)
            self._proc.wait()


__all__ = ["Child", "start_child"]
