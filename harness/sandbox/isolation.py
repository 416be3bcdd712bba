"""How strongly this machine can fence a child process in, probed once per harness process.

Three levels, strongest first:

``full``
    The sandbox's fork server (``forkserver``, root of a user namespace of its own when the
    harness is not root) gives each child new network, mount and PID namespaces. Inside,
    ``enter`` (PID 1) builds the child's whole file system from an allow-list (see ``view``):
    system runtime, program, declared paths and workspace, with a private ``/tmp`` and
    ``/dev/shm`` and a ``/proc`` showing only the namespace's processes. Killing PID 1 of the
    namespace kills every process in it, so nothing outlives a run.
``net``
    Only a network namespace (``unshare -rn`` or ``unshare --net``): no network, but the host's
    file system is visible (modes and, for a root harness, the child's own uid are the guards) and
    the child's processes are found by walking ``/proc``.
``none``
    No namespaces at all; the run goes on and the fallback is recorded.

Under every level a root harness runs the child under an unprivileged uid of its own
(``identity``), with no capabilities and ``no_new_privs``; that is what makes the process limit
bind and keeps ``/proc/<harness pid>/environ`` unreadable.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import threading
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from harness.sandbox.view import ViewPaths, view_plan

Level = Literal["full", "net", "none"]


@dataclass(frozen=True)
class Isolation:
    level: Level
    #: Why the level is below ``full`` (empty when it is ``full``).
    note: str
    unshare: str | None = None

    def wrap(self, argv: Sequence[str], *, network: bool) -> list[str]:
        """The argv that runs ``argv`` at a fallback level (``full`` is the fork server's, not
        an argv). ``network=True`` keeps the host network (for agents that must reach their
        model provider) while keeping the other fences."""
        if self.level == "full":
            raise ValueError("full isolation starts children through the fork server")
        if self.level == "none" or self.unshare is None or network:
            return list(argv)
        user = [] if os.geteuid() == 0 else ["--user", "--map-root-user"]
        return [self.unshare, *user, "--net", "--", *argv]


_lock = threading.Lock()
_cached: Isolation | None = None


def _which_admin(tool: str) -> str | None:
    return shutil.which(tool, path="/usr/sbin:/usr/bin:/sbin:/bin")


def _works(argv: Sequence[str]) -> tuple[bool, str]:
    try:
        done = subprocess.run(argv, capture_output=True, timeout=10, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return False, str(exc)
    return done.returncode == 0, done.stderr.decode(errors="replace").strip()[-300:]


def probe() -> Isolation:
    """Find the strongest level that works here; cached for the life of the process."""
    global _cached
    with _lock:
        if _cached is None:
            _cached = _probe()
        return _cached


def probe_soon() -> None:
    """Probe on a thread of its own, so that a runner made before the run starts (while the
    recordings are read) finds the level, and the fork server the probe starts, ready."""
    if _cached is None:
        threading.Thread(target=probe, name="shadow-probe", daemon=True).start()


def _probe() -> Isolation:
    ok, reason = _full_works()
    if ok:
        return Isolation("full", "")
    unshare = shutil.which("unshare")
    if unshare is None:
        return Isolation(
            "none", f"sandbox: {reason}; unshare not found; no network, mount or PID isolation"
        )
    user = [] if os.geteuid() == 0 else ["--user", "--map-root-user"]
    ok, err = _works([unshare, *user, "--net", "--", "true"])
    if ok:
        return Isolation(
            "net",
            f"sandbox: mount/PID namespaces unavailable ({reason}); network isolated only, "
            "input/ guarded by file modes, stray processes reaped by process group",
            unshare,
        )
    return Isolation(
        "none",
        f"sandbox: user/network namespaces unavailable ({err or reason}); the run is not "
        "network-isolated",
    )


def _full_works() -> tuple[bool, str]:
    """Whether the fork server starts and runs a child that writes into its view's workspace."""
    # Imported here: the fork server's client reports through outcome, which imports Level.
    from harness.sandbox.forkclient import shared_server
    from harness.sandbox.outcome import SandboxError

    with tempfile.TemporaryDirectory(prefix="shadow-probe-") as tmp:
        work = Path(tmp) / "w"
        work.mkdir()
        spec = {
            "argv": ["/bin/sh", "-c", ': > "$1"', "probe", str(work / "ok")],
            "env": {"PATH": "/usr/bin:/bin"},
            "plan": view_plan(ViewPaths(workspace=work, writable=[work], readable=[])),
            "cwd": str(work),
            "uid": None,
            "limits": {},
            "network": False,
        }
        fd = os.open(os.devnull, os.O_RDWR)
        try:
            child = shared_server().start(spec, [fd, fd, fd])
        except SandboxError as exc:
            return False, str(exc)
        finally:
            os.close(fd)
        try:
            child.wait(10.0)
            status, _cpu = child.finish(10.0)
        except SandboxError as exc:
            return False, str(exc)
        finally:
            child.close()
        if child.error is not None:
            return False, child.error
        if status != 0 or not (work / "ok").exists():
            return False, f"the probe child ended with wait status {status} and wrote nothing"
        return True, ""


def reset_probe_for_tests(level: Isolation | None = None) -> None:
    """Forget (or force) the probed level; tests use it to exercise the fallbacks."""
    global _cached
    with _lock:
        _cached = level


def run_isolation(sandboxed: bool) -> dict[str, str | bool]:
    """run.json's ``isolation``: what fenced this run's children in.

    ``level`` is ``full``, ``net`` or ``none`` for a runner whose stage runs as a child process,
    ``in_process`` for harness-side runners (recorded outputs, the reference), which run no
    stage code at all. ``process_limit`` says what bounds the child's process count: ``uid`` (a
    uid of the child's own under a root harness), ``rlimit`` (a non-root harness' own uid) or
    ``none`` (root without a usable uid: the kernel exempts root). ``below_full`` is what a
    report or gate checks: such a run is no evidence of boundary compliance.
    """
    if not sandboxed:
        return {"level": "in_process", "note": "", "process_limit": "none", "below_full": False}
    from harness.sandbox.identity import child_uid

    level = probe()
    if os.geteuid() != 0:
        limit = "rlimit"
    else:
        with child_uid() as uid:
            limit = "uid" if uid is not None else "none"
    return {
        "level": level.level,
        "note": level.note,
        "process_limit": limit,
        "below_full": level.level != "full" or limit == "none",
    }


_RANK = {"none": 1, "net": 2, "full": 3, "in_process": 4}


def weakest_isolation(parts: Iterable[object]) -> dict[str, Any] | None:
    """The weakest of several ``isolation`` records (a resumed run's sessions, merged shards):
    a run is only as fenced as its least fenced part."""
    known = [dict(p) for p in parts if isinstance(p, Mapping)]
    if not known:
        return None
    return min(
        known, key=lambda p: (not p.get("below_full", True), _RANK.get(str(p.get("level")), 0))
    )


def isolation_warning(meta: Mapping[str, Any]) -> str | None:
    """One sentence for a report's first screen when the run's isolation fell below ``full``."""
    info = meta.get("isolation")
    if not isinstance(info, Mapping) or not info.get("below_full"):
        return None
    level = info.get("level")
    limit = info.get("process_limit")
    why = f"level {level}" if level != "full" else f"process limit {limit}"
    note = f" ({info['note']})" if info.get("note") else ""
    return (
        f"Sandbox isolation fell below full: {why}{note}. Boundary results of this run are no "
        "evidence of boundary compliance."
    )
