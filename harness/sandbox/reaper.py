"""Find and kill every process of a case by walking ``/proc``, for runs without a PID namespace,
and wait for a process group to be gone.

A case's processes are: the child and all its descendants (by parent pid, walked again after each
kill, since a dying parent hands its children to init), the members of its process group, and -
when the child runs under a uid of its own - every process with that uid, which catches a daemon
that double-forked and called ``setsid`` and so left both the tree and the group.
"""

from __future__ import annotations

import contextlib
import os
import signal
import time
from dataclasses import dataclass


@dataclass(frozen=True)
class _Proc:
    pid: int
    ppid: int
    pgid: int
    uid: int
    zombie: bool


def _snapshot() -> list[_Proc]:
    procs: list[_Proc] = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as handle:
                fields = handle.read().rsplit(b")", 1)[1].split()
            with open(f"/proc/{entry}/status", "rb") as handle:
                uid_line = next(line for line in handle if line.startswith(b"Uid:"))
        except (OSError, IndexError, StopIteration):
            continue
        procs.append(
            _Proc(
                pid=int(entry),
                ppid=int(fields[1]),
                pgid=int(fields[2]),
                uid=int(uid_line.split()[1]),
                zombie=fields[0] in (b"Z", b"X"),
            )
        )
    return procs


def case_processes(root: int, *, pgid: int | None, uid: int | None) -> list[int]:
    """Live (non-zombie) processes that belong to the case rooted at ``root``."""
    procs = _snapshot()
    me = os.getpid()
    members = {root}
    children: dict[int, list[int]] = {}
    for proc in procs:
        children.setdefault(proc.ppid, []).append(proc.pid)
        if (uid is not None and proc.uid == uid) or (pgid is not None and proc.pgid == pgid):
            members.add(proc.pid)
    stack = list(members)
    while stack:
        for child in children.get(stack.pop(), []):
            if child not in members:
                members.add(child)
                stack.append(child)
    live = {proc.pid for proc in procs if not proc.zombie}
    return sorted(pid for pid in members if pid in live and pid != me)


def kill_case(root: int, *, pgid: int | None, uid: int | None, timeout_s: float = 2.0) -> bool:
    """SIGKILL the case's processes until none is left; False if some outlived ``timeout_s``."""
    deadline = time.monotonic() + timeout_s
    pause = 0.001
    while True:
        pids = case_processes(root, pgid=pgid, uid=uid)
        if not pids:
            return True
        for pid in pids:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)
        if time.monotonic() >= deadline:
            return not case_processes(root, pgid=pgid, uid=uid)
        time.sleep(pause)
        pause = min(pause * 2, 0.02)


def killpg(pgid: int, sig: int) -> None:
    try:
        os.killpg(pgid, sig)
    except ProcessLookupError:
        pass
    except PermissionError:
        # A member changed its uid (setuid program); nothing more we may do from here.
        pass


def _live_members(pgid: int) -> int:
    """Processes of the group that are not zombies (a dead orphan waits for init to reap it)."""
    return sum(1 for proc in _snapshot() if proc.pgid == pgid and not proc.zombie)


def wait_group_gone(pgid: int, *, timeout_s: float) -> bool:
    """Wait until no live process of the group is left: SIGKILL is asynchronous, and "no process
    left behind" must hold when the run returns, not a moment later."""
    deadline = time.monotonic() + timeout_s
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


__all__ = ["case_processes", "kill_case", "killpg", "wait_group_gone"]
