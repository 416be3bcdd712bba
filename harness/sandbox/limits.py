"""Kernel limits for a child (CPU, address space, file size, processes) and how to tell a limit
kill from any other death.

The process limit is ``RLIMIT_NPROC``, which the kernel checks per real uid and never for root.
A root harness therefore runs each child under a uid of its own (``identity``): the limit then
counts only the case's processes and binds. A non-root harness adds its own current count.
"""

from __future__ import annotations

import math
import os
import resource
import signal
from collections.abc import Callable
from dataclasses import dataclass

from harness.schema import Limits


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
class KernelLimits:
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

    def pairs(self) -> dict[str, tuple[int, int]]:
        """(soft, hard) by name, as the fork server's children set them (``privileges``)."""
        pairs: dict[str, tuple[int, int]] = {}
        if self.cpu is not None:
            pairs["cpu"] = (self.cpu, self.cpu + 1)
        for name, value in (("as", self.memory), ("fsize", self.fsize), ("nproc", self.nproc)):
            if value is not None:
                pairs[name] = (value, value)
        return pairs

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


def kernel_limits(
    limits: Limits,
    *,
    cpu_seconds: float | None,
    memory_bytes: int | None,
    file_bytes: int | None,
    extra_processes: int | None,
    child_uid: int | None,
    notes: list[str],
) -> KernelLimits:
    cpu = cpu_seconds if cpu_seconds is not None else 2 * limits.wall_seconds
    nproc: int | None = None
    if extra_processes is not None:
        if child_uid is not None:
            # A uid of the case's own: the count starts at zero.
            nproc = extra_processes
        elif os.geteuid() == 0:
            notes.append("sandbox: RLIMIT_NPROC not applied (the kernel exempts root)")
        else:
            nproc = _uid_process_count() + extra_processes
    return KernelLimits(
        cpu=max(1, math.ceil(cpu)),
        memory=memory_bytes,
        fsize=file_bytes,
        nproc=nproc,
    )


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return str(number)


def resource_verdict(sig: int | None, kernel: KernelLimits, cpu_used: float) -> str | None:
    at_cpu_limit = kernel.cpu is not None and cpu_used >= kernel.cpu - 0.05
    if sig == signal.SIGXCPU or (sig == signal.SIGKILL and at_cpu_limit):
        return (
            f"CPU time limit of {kernel.cpu}s exceeded ({cpu_used:.1f}s used); "
            f"killed by {_signal_name(sig)}"
        )
    if sig == signal.SIGXFSZ:
        return f"file size limit of {kernel.fsize} bytes exceeded"
    return None


__all__ = ["KernelLimits", "kernel_limits", "resource_verdict"]
