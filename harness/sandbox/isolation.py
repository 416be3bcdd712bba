"""How strongly this machine can fence a child process in, probed once per harness process.

Three levels, strongest first:

``full``
    ``unshare`` gives the child new network, mount and PID namespaces (plus a user namespace when
    the harness is not root). Inside, a fixed shell script makes ``/`` and the workspace read-only
    bind mounts, re-binds only the writable workspace folders, and then runs the target under
    ``setpriv`` with every capability dropped, so not even a root harness' child can write to
    ``input/``, remount, or reach the network. Killing PID 1 of the namespace kills every process
    in it, so nothing outlives a run even after ``setsid``. Other mounts (``/dev/shm``, ``/proc``,
    a tmpfs ``/tmp``) keep their own flags; the workspace audit still records writes next to
    ``output/``.
``net``
    Only a network namespace (``unshare -rn`` or ``unshare --net``): no network, but file
    permissions are the only guard of ``input/`` and the process group is the only reaper.
``none``
    No namespaces at all; the run goes on and the fallback is recorded as a note.

The script below is a constant. Paths and the target argv reach it as positional parameters
(``"$@"``), never spliced into its text, so no recorded content is ever parsed by a shell.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

Level = Literal["full", "net", "none"]

# $1: the read-only root of the workspace; then writable folders up to "--"; then hidden paths
# up to "--"; then the target.
# PID 1 of the namespace runs the target as a child rather than exec'ing it: PID 1 ignores
# SIGTERM by default, so a terminate reaches the target first, and its exit status (128+signal
# for a signal death) comes back through unshare unchanged.
# The writable folders are bound first: a bind mount copies the read-only flag of its source,
# and the recursive bind of the root carries them along as rw sub-mounts. A hidden folder gets an
# empty read-only tmpfs on top, a hidden file /dev/null.
_ENTER_SCRIPT = """\
set -e
ro=$1; shift
while [ "$1" != "--" ]; do mount --bind "$1" "$1"; shift; done
shift
while [ "$1" != "--" ]; do
  if [ -d "$1" ]; then mount -t tmpfs -o ro,size=4k,mode=0555 shadow-hidden "$1"
  else mount --bind /dev/null "$1"; fi
  shift
done
shift
mount --rbind "$ro" "$ro"
mount -o remount,bind,ro "$ro"
mount -o remount,bind,ro /
set +e
setpriv --no-new-privs --inh-caps=-all --bounding-set=-all -- "$@"
exit $?
"""


@dataclass(frozen=True)
class Isolation:
    level: Level
    #: Why the level is below ``full`` (empty when it is ``full``).
    note: str
    unshare: str | None = None

    def wrap(
        self,
        argv: Sequence[str],
        *,
        read_only_root: Path,
        writable: Sequence[Path],
        network: bool,
        hidden: Sequence[Path] = (),
    ) -> list[str]:
        """The argv that runs ``argv`` at this level. ``network=True`` keeps the host network
        (for agents that must reach their model provider) while keeping the other fences;
        ``hidden`` paths (existing ones) look empty to the child under ``full``."""
        if self.level == "none" or self.unshare is None:
            return list(argv)
        user = [] if os.geteuid() == 0 else ["--user", "--map-root-user"]
        if self.level == "net":
            if network:
                return list(argv)
            return [self.unshare, *user, "--net", "--", *argv]
        flags = [*user, "--mount", "--pid", "--fork", "--kill-child", "--mount-proc"]
        flags += ["--propagation", "private"]
        if not network:
            flags.append("--net")
        dirs = [str(d) for d in writable]
        return [
            self.unshare,
            *flags,
            "--",
            "sh",
            "-c",
            _ENTER_SCRIPT,
            "sandbox-enter",
            str(read_only_root),
            *dirs,
            "--",
            *(str(p) for p in hidden if os.path.lexists(p)),
            "--",
            *argv,
        ]


_lock = threading.Lock()
_cached: Isolation | None = None


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


def _probe() -> Isolation:
    unshare = shutil.which("unshare")
    if unshare is None:
        return Isolation("none", "sandbox: unshare not found; no network, mount or PID isolation")
    missing = [tool for tool in ("setpriv", "mount") if shutil.which(tool) is None]
    reason = f"{', '.join(missing)} not found" if missing else ""
    if not missing:
        with tempfile.TemporaryDirectory(prefix="shadow-probe-") as tmp:
            root = Path(tmp)
            (root / "w").mkdir()
            full = Isolation("full", "", unshare)
            argv = full.wrap(
                ["sh", "-c", ': > "$1"', "probe", str(root / "w" / "ok")],
                read_only_root=root,
                writable=[root / "w"],
                network=False,
            )
            ok, err = _works(argv)
            if ok and (root / "w" / "ok").exists():
                return full
            reason = err or "probe wrote nothing"
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


def reset_probe_for_tests(level: Isolation | None = None) -> None:
    """Forget (or force) the probed level; tests use it to exercise the fallbacks."""
    global _cached
    with _lock:
        _cached = level
