"""One writer per run directory: ``<run-dir>/.lock``, held for as long as a run or a pytest
session writes there.

Two writers appending to one ``results.jsonl`` both skip the cases stored when they started and
then run the rest twice (issue 10 saw 104 lines for 60 cases). The lock is an ``flock`` on the
lock file: the kernel drops it when its holder exits in any way, ``kill -9`` included, so a lock
file left behind by a dead process is stale by construction and the next writer simply takes it.
The file holds the holder's pid, host and command, for the message that refuses a second writer;
when a lock is held, that pid is checked, so the message says whether the holder is alive.
"""

from __future__ import annotations

import contextlib
import fcntl
import functools
import json
import os
import socket
import sys
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

from harness.rundir import RunDirError

LOCK = ".lock"


class RunDirBusy(RunDirError):
    """Another process is writing this run directory."""


def _describe(holder: dict[str, Any]) -> str:
    pid = holder.get("pid")
    where = f"pid {pid}" if isinstance(pid, int) else "another process"
    if holder.get("host") not in (None, socket.gethostname()):
        where += f" on {holder['host']}"
    elif isinstance(pid, int) and not _alive(pid):
        # Only a process that inherited the lock (a child of the dead writer) still holds it.
        where += " (gone; a process it started still holds the lock)"
    command = holder.get("command")
    since = holder.get("since")
    return where + (f" ({command})" if command else "") + (f" since {since}" if since else "")


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _read_holder(fd: int) -> dict[str, Any]:
    try:
        data = os.pread(fd, 4096, 0)
        holder = json.loads(data.decode("utf-8", "replace")) if data.strip() else {}
    except (OSError, ValueError):
        return {}
    return holder if isinstance(holder, dict) else {}


_HOLDER_RETRIES = 20
_HOLDER_WAIT_S = 0.01


class RunDirLock:
    """The lock on one run directory, taken at construction (``RunDirBusy`` when held)."""

    def __init__(self, run_dir: Path, *, command: str | None = None) -> None:
        self.path = Path(run_dir) / LOCK
        #: A folder made only to hold the lock is removed with it when nothing else was written.
        self._made = not Path(run_dir).exists()
        Path(run_dir).mkdir(parents=True, exist_ok=True)
        while True:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC | os.O_NOFOLLOW, 0o644)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                holder = _read_holder(fd)
                # The holder writes who it is just after it takes the lock: a reader between the
                # two sees an empty file, so it looks again for a moment before saying "another".
                for _ in range(_HOLDER_RETRIES):
                    if "pid" in holder:
                        break
                    time.sleep(_HOLDER_WAIT_S)
                    holder = _read_holder(fd)
                os.close(fd)
                raise RunDirBusy(
                    f"{run_dir} is in use by {_describe(holder)}; one run directory takes one "
                    "writer at a time (a second would run its cases again): wait for it to end"
                ) from None
            # The holder before us may have removed the file between our open and our lock: the
            # lock must be on the file that is at the path now, or a third writer could take that.
            try:
                same = os.stat(self.path, follow_symlinks=False).st_ino == os.fstat(fd).st_ino
            except FileNotFoundError:
                same = False
            if same:
                break
            os.close(fd)
        self._fd: int | None = fd
        holder = {
            "pid": os.getpid(),
            "host": socket.gethostname(),
            "command": command or " ".join(os.path.basename(a) for a in sys.argv[:3]),
            "since": datetime.now(UTC).isoformat(timespec="seconds").replace("+00:00", "Z"),
        }
        os.ftruncate(fd, 0)
        os.pwrite(fd, (json.dumps(holder) + "\n").encode(), 0)

    def release(self) -> None:
        if self._fd is None:
            return
        # Unlink before unlocking: whoever opens the path next gets a new file, and a process
        # that opened the old one sees, once it has the lock, that it is no longer at the path.
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()
        os.close(self._fd)
        self._fd = None
        if self._made:
            with contextlib.suppress(OSError):
                self.path.parent.rmdir()

    def __enter__(self) -> RunDirLock:
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


@contextlib.contextmanager
def writing(run_dir: Path, *, command: str | None = None) -> Iterator[RunDirLock]:
    lock = RunDirLock(run_dir, command=command)
    try:
        yield lock
    finally:
        lock.release()


P = ParamSpec("P")
R = TypeVar("R")


def one_writer(fn: Callable[P, R]) -> Callable[P, R]:
    """Hold the lock of the ``out_dir`` keyword argument for the whole call."""

    @functools.wraps(fn)
    def locked(*args: P.args, **kwargs: P.kwargs) -> R:
        with writing(Path(str(kwargs["out_dir"]))):
            return fn(*args, **kwargs)

    return locked
