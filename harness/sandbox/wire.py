"""Messages between the harness and the sandbox's fork server: one JSON object per datagram of a
``SOCK_SEQPACKET`` socket pair (message boundaries kept, no framing to get wrong), with file
descriptors riding along as ``SCM_RIGHTS``.

Standard library only: the fork server (``forkserver``) imports it in a bare interpreter.
"""

from __future__ import annotations

import array
import contextlib
import json
import socket
from collections.abc import Sequence
from typing import Any

#: The largest message either side reads; a spec is a few kilobytes (argv, environment, mounts).
MAX_MESSAGE = 1 << 20
_INT = array.array("i")


class WireError(OSError):
    """A message that cannot be read: cut short, not JSON, or not an object."""


def pair() -> tuple[socket.socket, socket.socket]:
    return socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)


def send(sock: socket.socket, message: dict[str, Any], fds: Sequence[int] = ()) -> None:
    data = json.dumps(message).encode()
    if fds:
        socket.send_fds(sock, [data], list(fds))
    else:
        sock.send(data)


def receive(
    sock: socket.socket, *, max_fds: int = 0, flags: int = 0
) -> tuple[dict[str, Any] | None, list[int]]:
    """The next message and the descriptors that came with it (close-on-exec); ``None`` at end
    of stream (no empty datagram is ever sent)."""
    # (socket.recv_fds would drop ``flags``: MSG_DONTWAIT must reach recvmsg.)
    space = socket.CMSG_SPACE(max_fds * _INT.itemsize) if max_fds else 0
    data, ancillary, msg_flags, _addr = sock.recvmsg(
        MAX_MESSAGE, space, flags | socket.MSG_CMSG_CLOEXEC
    )
    fds = array.array("i")
    for level, kind, payload in ancillary:
        if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
            fds.frombytes(payload[: len(payload) - len(payload) % fds.itemsize])
    if not data:
        for fd in fds:
            _close(fd)
        return None, []
    if msg_flags & (socket.MSG_TRUNC | socket.MSG_CTRUNC):
        for fd in fds:
            _close(fd)
        raise WireError("message cut short")
    try:
        message = json.loads(data)
    except ValueError as exc:
        raise WireError(f"not JSON: {exc}") from exc
    if not isinstance(message, dict):
        raise WireError("not a JSON object")
    return message, list(fds)


def _close(fd: int) -> None:
    with contextlib.suppress(OSError):
        socket.close(fd)


__all__ = ["MAX_MESSAGE", "WireError", "pair", "receive", "send"]
