"""Moves bytes between the harness and a child's pipes without blocking on either side: stdin is
written as the child reads it, stdout is kept up to a cap, only a tail of stderr is kept, and a
pidfd (where the kernel has one) wakes the loop the moment the child exits."""

from __future__ import annotations

import os
import selectors
import subprocess
import time

STDERR_TAIL_BYTES = 16_384
_READ_CHUNK = 65_536


class Pump:
    """Moves bytes between the harness and the child's pipes without blocking on either side."""

    def __init__(self, proc: subprocess.Popen[bytes], stdin: bytes, cap: int) -> None:
        self.selector = selectors.DefaultSelector()
        self.cap = cap
        self.stdout = bytearray()
        self.stderr = bytearray()
        self.capped = False
        self._stdin = memoryview(stdin)
        self._offset = 0
        assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
        self._files = {"in": proc.stdin, "out": proc.stdout, "err": proc.stderr}
        for name in ("out", "err"):
            os.set_blocking(self._files[name].fileno(), False)
            self.selector.register(self._files[name], selectors.EVENT_READ, name)
        if stdin:
            os.set_blocking(proc.stdin.fileno(), False)
            self.selector.register(proc.stdin, selectors.EVENT_WRITE, "in")
        else:
            proc.stdin.close()
        self.pidfd: int | None = None
        try:
            self.pidfd = os.pidfd_open(proc.pid)
        except (AttributeError, OSError):
            # Older kernels: the loop falls back to polling every tick.
            self.pidfd = None
        if self.pidfd is not None:
            self.selector.register(self.pidfd, selectors.EVENT_READ, "exit")

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
        handle = self._files["in"]
        try:
            written = os.write(handle.fileno(), self._stdin[self._offset : self._offset + 65_536])
        except BlockingIOError:
            return
        except (BrokenPipeError, OSError):
            # The child closed stdin early: its answer, not our failure.
            written = len(self._stdin) - self._offset
        self._offset += written
        if self._offset >= len(self._stdin):
            self.selector.unregister(handle)
            handle.close()

    def _read(self, name: str) -> None:
        handle = self._files[name]
        try:
            chunk = os.read(handle.fileno(), _READ_CHUNK)
        except BlockingIOError:
            return
        if not chunk:
            self.selector.unregister(handle)
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
        if self.pidfd is not None:
            self.selector.unregister(self.pidfd)
        if "in" in {key.data for key in self.selector.get_map().values()}:
            self.selector.unregister(self._files["in"])
        while self.selector.get_map() and not self.capped:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                break
            for key, _mask in self.selector.select(remaining):
                self._read(key.data)

    def close(self) -> None:
        self.selector.close()
        if self.pidfd is not None:
            os.close(self.pidfd)
        for handle in self._files.values():
            if not handle.closed:
                handle.close()
