"""The harness's side of the sandbox's fork server (``forkserver``): starts the server, hands it
each ``full``-isolation case, and follows the case through the agent the server forked for it.

One server serves every thread of a harness process (``shared_server``): its work per case is a
fork, and the case's own set-up runs in the forked processes, in parallel. A server that died is
replaced by the next case; a case whose server or agent died is a ``SandboxError`` (the sandbox
failed, not the model).
"""

from __future__ import annotations

import atexit
import contextlib
import os
import selectors
import socket
import subprocess
import sys
import threading
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from harness.sandbox import wire
from harness.sandbox.outcome import SandboxError

_SANDBOX_DIR = Path(__file__).resolve().parent
#: Imports ``harness.sandbox.forkserver`` without running the packages' ``__init__`` (which load
#: the harness's schemas): the server holds the standard library and its own modules only, so a
#: fork of it copies little.
_BOOT = """
import sys, types
for name, path in (("harness", sys.argv[1]), ("harness.sandbox", sys.argv[2])):
    package = types.ModuleType(name)
    package.__path__ = [path]
    sys.modules[name] = package
from harness.sandbox import forkserver
sys.exit(forkserver.main(sys.argv[3:]))
"""
_START_TIMEOUT_S = 30.0


class ServedChild:
    """One case as its agent reports it: when it failed to start, when PID 1 exited, and at the
    end its exit status and CPU seconds. ``fileno`` wakes a selector on every report."""

    def __init__(self, sock: socket.socket) -> None:
        self._sock = sock
        self.exited = False
        #: Why the sandbox could not start the command (a view or an exec that failed).
        self.error: str | None = None
        #: The agent is gone without a word: its server (or it) died.
        self.lost = False
        #: PID 1's wait status and CPU seconds, sent by the server when it reaped PID 1.
        self.ended: tuple[int, float] | None = None

    def fileno(self) -> int:
        return self._sock.fileno()

    def _take(self, message: Mapping[str, Any] | None) -> Mapping[str, Any] | None:
        if message is None:
            self.lost = self.exited = True
        elif "error" in message:
            self.error = str(message["error"])
        elif message.get("exited"):
            self.exited = True
            if "status" in message:
                self.ended = (int(message["status"]), float(message["cpu"]))
        return message

    def has_exited(self) -> bool:
        """Reads the reports waiting, without blocking."""
        while not self.lost:
            try:
                message, _fds = wire.receive(self._sock, flags=socket.MSG_DONTWAIT)
            except BlockingIOError:
                break
            except OSError:
                message = None
            self._take(message)
        return self.exited

    def signal_group(self, sig: int) -> None:
        if self.lost or self.ended is not None:
            return  # nothing of the case is left to signal
        try:
            wire.send(self._sock, {"signal": int(sig)})
        except OSError:
            # The server ends a case by sending its status and closing its end: read what is
            # waiting before taking the closed socket for a dead server.
            self.has_exited()

    def wait(self, timeout: float) -> bool:
        """Block until PID 1 exited or ``timeout`` passed; True when it exited."""
        with selectors.DefaultSelector() as selector:
            selector.register(self._sock, selectors.EVENT_READ)
            while not self.has_exited() and selector.select(timeout):
                pass
        return self.exited

    def finish(self, timeout: float) -> tuple[int, float]:
        """Kill what is left of the case, reap PID 1; its wait status and CPU seconds (PID 1 and
        everything it reaped). Raises ``SandboxError`` when the agent is gone."""
        self.has_exited()  # the status may be waiting already: the server reaps at the exit
        if self.ended is None and not self.lost:
            # The server may have ended the case meanwhile: then its status is waiting.
            with contextlib.suppress(OSError):
                wire.send(self._sock, {"reap": True})
            self._sock.settimeout(timeout)
            try:
                while self.ended is None and self._take(wire.receive(self._sock)[0]) is not None:
                    pass
            except TimeoutError as exc:
                raise SandboxError(
                    f"sandbox: the case's processes outlived SIGKILL for {timeout:g}s"
                ) from exc
            except OSError:
                self.lost = True
        if self.ended is not None:
            return self.ended
        raise SandboxError("sandbox: the fork server died during the case")

    def close(self) -> None:
        # An agent whose harness end closes kills and reaps whatever is left of its case.
        self._sock.close()


class ForkServer:
    """A fork server process and the harness's end of its socket."""

    def __init__(self, python: str = sys.executable) -> None:
        ours, theirs = wire.pair()
        try:
            boot = [str(_SANDBOX_DIR.parent), str(_SANDBOX_DIR), str(theirs.fileno())]
            self._proc = subprocess.Popen(
                [python, "-I", "-S", "-c", _BOOT, *boot],
                pass_fds=[theirs.fileno()],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                env={"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"},
                start_new_session=True,  # a Ctrl-C meant for the harness is not the server's
            )
        except OSError as exc:
            ours.close()
            raise SandboxError(f"sandbox: could not start the fork server: {exc}") from exc
        finally:
            theirs.close()
        self._sock = ours
        self._lock = threading.Lock()
        self.owner = os.getpid()
        ours.settimeout(_START_TIMEOUT_S)
        try:
            hello = wire.receive(ours)[0]
        except OSError as exc:
            hello = {"error": f"sandbox: the fork server did not answer: {exc}"}
        ours.settimeout(None)
        if not hello or not hello.get("ready"):
            self.close()
            reason = (hello or {}).get("error") or f"exit code {self._proc.poll()}"
            raise SandboxError(f"sandbox: the fork server did not start: {reason}")
        #: The server's process id, as the harness sees it.
        self.pid = self._proc.pid

    def usable(self) -> bool:
        return self.owner == os.getpid() and self._proc.poll() is None

    def start(self, spec: Mapping[str, Any], stdio: Sequence[int]) -> ServedChild:
        """Hand the server one case: ``spec`` (see ``forkserver``) and the child's ends of its
        stdin, stdout and stderr (the caller closes its copies)."""
        ours, theirs = wire.pair()
        try:
            with self._lock:
                wire.send(self._sock, dict(spec), [theirs.fileno(), *stdio])
        except OSError as exc:
            ours.close()
            raise SandboxError(f"sandbox: the fork server is gone: {exc}") from exc
        finally:
            theirs.close()
        return ServedChild(ours)

    def close(self) -> None:
        self._sock.close()  # the server exits at end of stream
        try:
            self._proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self._proc.kill()
            self._proc.wait()


_lock = threading.Lock()
_shared: ForkServer | None = None


def shared_server(*, fresh: bool = False) -> ForkServer:
    """This harness process's fork server, started on first use and again after it died (or in
    a forked copy of the harness, which must not share its parent's). ``fresh`` replaces it."""
    global _shared
    with _lock:
        if _shared is not None and (fresh or not _shared.usable()):
            with contextlib.suppress(OSError):
                if _shared.owner == os.getpid():
                    _shared.close()
            _shared = None
        if _shared is None:
            _shared = ForkServer()
        return _shared


@atexit.register
def _close_shared() -> None:
    # Waiting for the server at exit counts its CPU time (every case's) as the harness's.
    with _lock:
        if _shared is not None and _shared.owner == os.getpid():
            _shared.close()


__all__ = ["ForkServer", "ServedChild", "shared_server"]
