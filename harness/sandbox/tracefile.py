"""Read the trace a child left in its workspace without trusting what the path now is.

The child may have replaced ``.harness/trace.jsonl`` (or, without a mount namespace, ``.harness``
itself) by a symlink to a file of the harness, a FIFO that would block a reader forever, or a
device. Only a regular file reached without following any link is read: each component is opened
relative to the workspace root with ``O_NOFOLLOW``, the file with ``O_NONBLOCK`` too, and checked
with ``fstat`` before a byte is read. Anything else is a ``path_escape`` boundary event.
"""

from __future__ import annotations

import errno
import os
import stat
from dataclasses import dataclass
from pathlib import Path

from harness.schema import BoundaryEvent

_DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
_FILE_FLAGS = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC


@dataclass(frozen=True)
class TraceBytes:
    data: bytes
    #: The file's full size (``data`` stops at the cap).
    size: int
    problem: BoundaryEvent | None = None


def _kind(mode: int) -> str:
    if stat.S_ISLNK(mode):
        return "a symlink"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISDIR(mode):
        return "a folder"
    return "not a regular file"


def read_trace_bytes(root: Path, relative: Path, *, max_bytes: int) -> TraceBytes:
    """Up to ``max_bytes`` of ``root/relative`` if it is a regular file reached without links."""
    parts = relative.parts
    if not parts or relative.is_absolute() or ".." in parts:
        raise ValueError(f"trace path must be relative and inside the workspace: {relative}")
    shown = relative.as_posix()
    fds: list[int] = []
    try:
        fds.append(os.open(root, _DIR_FLAGS))
        for part in parts[:-1]:
            fds.append(os.open(part, _DIR_FLAGS, dir_fd=fds[-1]))
        try:
            info = os.stat(parts[-1], dir_fd=fds[-1], follow_symlinks=False)
        except FileNotFoundError:
            return TraceBytes(b"", 0)
        if not stat.S_ISREG(info.st_mode):
            return _refused(shown, _kind(info.st_mode))
        fd = os.open(parts[-1], _FILE_FLAGS, dir_fd=fds[-1])
        fds.append(fd)
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):  # swapped between the stat and the open
            return _refused(shown, _kind(info.st_mode))
        os.set_blocking(fd, True)
        chunks: list[bytes] = []
        left = max_bytes
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        return TraceBytes(b"".join(chunks), info.st_size)
    except OSError as exc:
        if exc.errno in (errno.ELOOP, errno.ENOTDIR):
            return _refused(shown, "reached through a symlink or a non-folder")
        return _refused(shown, f"unreadable ({exc.strerror})")
    finally:
        for fd in reversed(fds):
            os.close(fd)


def _refused(shown: str, what: str) -> TraceBytes:
    detail = f"trace file {shown} is {what}; not read"
    return TraceBytes(b"", 0, BoundaryEvent(kind="path_escape", detail=detail))


__all__ = ["TraceBytes", "read_trace_bytes"]
