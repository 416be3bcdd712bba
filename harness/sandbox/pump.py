"""Moves bytes between the harness and a child's pipes without blocking on either side: stdin is
written as the child reads it, stdout is kept up to a cap, only a tail of stderr is kept, and a
descriptor of the child's (a pidfd, or its agent's socket) wakes the loop the moment it exits."""

from __future__ import annotations

import os
import selectors
import time

STDERR_TAIL_BYTES = 16_384
_READ_CHUNK = 65_536


class Pump:
    """Moves bytes between the harness and the child's pipes without blocking on either side."""

    def __init__(
        self, stdin_fd: int, stdout_fd: int, stderr_fd: int, stdin: bytes, cap: int,
        wake_fd: int | None,
    ) -> None:  # fmt: skip
        """The harness's ends of the child's pipes (the pump closes them); ``wake_fd`` makes
        ``step`` return True when it turns readable (None: the caller polls)."""
        self.selector = selectors.DefaultSelector()
        self.cap = cap
        self.stdout = bytearray()
        self.stderr = bytearray()
        self.capped = False
        self._stdin = memoryview(stdin)
        self._offset = 0
        self._fds = {"in": stdin_fd, "out": stdout_fd, "err": stderr_fd}
        self._open = set(self._fds.values())
        for name in ("out", "err"):
            os.set_blocking(self._fds[name], False)
            self.selector.register(self._fds[name], selectors.EVENT_READ, name)
        if stdin:
            os.set_blocking(stdin_fd, False)
            self.selector.register(stdin_fd, selectors.EVENT_WRITE, "in")
        else:
            self._close("in")
        self.wake_fd = wake_fd
        if wake_fd is not None:
            self.selector.register(wake_fd, selectors.EVENT_READ, "exit")

    def _close(self, name: str) -> None:
        fd = self._fds[name]
        if fd in self._open:
            self._open.discard(fd)
            os.close(fd)

    def step(self, timeout: float) -> bool:
        """Wait up to ``timeout`` for I/O; returns True when the child's exit was signalled."""
        if not self.selector.get_map():
            time.sleep(timeout)
            return False
        exited = False
        for key, _mask in self.selector.select(timeout):
            if key.data == "exit":
                exited = True
            elif key.data == "in":
                self._write_stdin()
            else:
                self._read(key.data)
        return exited

    def _write_stdin(self) -> None:
        fd = self._fds["in"]
        try:
            written = os.write(fd, self._stdin[self._offset : self._offset + 65_536])
        except BlockingIOError:
            return
        except (BrokenPipeError, OSError):
            # The child closed stdin early: its answer, not our failure.
            written = len(self._stdin) - self._offset
        self._offset += written
        if self._offset >= len(self._stdin):
            self.selector.unregister(fd)
            self._close("in")

    def _read(self, name: str) -> None:
        fd = self._fds[name]
        try:
            chunk = os.read(fd, _READ_CHUNK)
        except BlockingIOError:
            return
        if not chunk:
            self.selector.unregister(fd)
            return
        if name == "err":
            self.stderr += chunk
            if len(self.stderr) > STDERR_TAIL_BYTES * 2:
                del self.stderr[:-STDERR_TAIL_BYTES]
            return
        room = self.cap - len(self.stdout)
        self.stdout += chunk[: max(room, 0)]
        if len(chunk) > room:
            self.capped = True

    def drain(self, deadline: float) -> None:
        """Read what is left after the group is dead; a stray holder of the pipe cannot stall us
        past ``deadline``."""
        if self.wake_fd is not None:
            self.selector.unregister(self.wake_fd)
        if "in" in {key.data for key in self.selector.get_map().values()}:
            self.selector.unregister(self._fds["in"])
        while self.selector.get_map() and not self.capped:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                break
            for key, _mask in self.selector.select(remaining):
                self._read(key.data)

    def close(self) -> None:
        self.selector.close()
        for name in self._fds:
            self._close(name)
