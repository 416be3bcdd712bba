"""An unprivileged user id of its own for each child of a root harness.

The kernel exempts root from ``RLIMIT_NPROC``, lets root read every ``/proc/<pid>/environ`` and
write every folder. A child that runs as a uid nobody else uses is bound by all three: its process
limit counts only its own processes, it cannot read the harness' environment, and it can write
only what is handed to it (the workspace's writable folders are chowned to it). It also names the
child's whole process tree: every process with that uid is the case's, so a daemon that detached
from its session and parent is still found and killed.

Leases are exclusive across harness processes (xdist workers, parallel runs): each uid is held by
an ``flock`` on a small file while its case runs.
"""

from __future__ import annotations

import contextlib
import fcntl
import itertools
import os
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path

#: A block of uids far above those of real accounts (and below the 2^32 - 1 "no uid").
UID_BASE = 0x5AD0_0000
UID_SLOTS = 1 << 16

_counter = itertools.count(os.getpid() * 97)
_counter_lock = threading.Lock()


def _mapped(uid: int) -> bool:
    # Inside a container's user namespace only mapped uids can be set.
    try:
        lines = Path("/proc/self/uid_map").read_text().split("\n")
    except OSError:
        return True
    for line in lines:
        parts = line.split()
        if len(parts) == 3:
            inside, _outside, count = map(int, parts)
            if inside <= uid < inside + count:
                return True
    return False


def _lock_dir() -> Path:
    folder = Path(tempfile.gettempdir()) / "shadow-uids"
    folder.mkdir(mode=0o700, exist_ok=True)
    return folder


@contextlib.contextmanager
def child_uid() -> Iterator[int | None]:
    """A uid for one child while the block runs, or None where the harness cannot switch users
    (not root, or no mapped uid in the block)."""
    if os.geteuid() != 0 or not _mapped(UID_BASE) or not _mapped(UID_BASE + UID_SLOTS - 1):
        yield None
        return
    folder = _lock_dir()
    for _attempt in range(UID_SLOTS):
        with _counter_lock:
            slot = next(_counter) % UID_SLOTS
        fd = os.open(folder / f"{slot}.lock", os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            continue
        try:
            yield UID_BASE + slot
        finally:
            os.close(fd)  # releases the lock
        return
    yield None


def hand_over(paths: list[Path], uid: int) -> None:
    """Make ``paths`` (folders and the files already in them) writable by ``uid``."""
    for top in paths:
        if not top.exists():
            continue
        os.chown(top, uid, uid, follow_symlinks=False)
        if top.is_dir() and not top.is_symlink():
            for dirpath, dirs, files in os.walk(top):
                for name in [*dirs, *files]:
                    os.chown(os.path.join(dirpath, name), uid, uid, follow_symlinks=False)


__all__ = ["UID_BASE", "child_uid", "hand_over"]
