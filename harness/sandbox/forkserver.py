"""The sandbox's fork server: one prepared process per harness that starts every case under
``full`` isolation by forking itself, instead of starting programs for each case.

Started once by the harness (``forkclient``) as ``python -I -S`` with the standard library only
and a minimal environment. A non-root harness's server first makes itself root of a user
namespace of its own (and PID 1 of a PID namespace owned by it, so that it may come back to it).

For each case the harness sends a spec (command, environment, the view's mount directives, uid,
kernel limits) with the case's pipes and a socket of the case's own. The server moves its
children into a new PID namespace for one fork: that child is the case's PID 1 (``enter``), which
unshares new mount and (unless the runner keeps the host network) network namespaces, builds the
case's own view on a fresh tmpfs, pivots into it and starts the command (``privileges``: limits,
capabilities, uid, ``no_new_privs``, spawn or exec). On the case's socket the server then reports a view or
an exec that failed, signals the case's process group on request (it holds PID 1 unreaped, so the
group id cannot be reused meanwhile), and the moment PID 1 exits reaps it and reports its wait
status and CPU time; a harness that ends the case first (a cancel, a timeout) asks for the same,
and whatever is left is killed. PID 1 exits only once every process of its namespace is gone.

Cases share nothing but the server's memory image, copied on write; every case still gets a new
process, workspace, view and namespaces. PID 1 dies with the server (``PR_SET_PDEATHSIG``) and
its namespace with it, and the server exits when the harness's end of its socket closes, which
happens even when the harness is killed with SIGKILL.
"""

from __future__ import annotations

import contextlib
import ctypes
import gc
import os
import selectors
import signal
import socket
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from harness.sandbox import enter, wire
from harness.sandbox.privileges import prctl, set_name

CLONE_NEWUSER = 0x10000000
CLONE_NEWPID = 0x20000000
_PR_SET_PDEATHSIG = 1

_libc = ctypes.CDLL(None, use_errno=True)


def _call(result: int, what: str) -> None:
    if result != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def unshare(flags: int) -> None:
    _call(_libc.unshare(ctypes.c_int(flags)), "unshare")


def setns(fd: int, kind: int) -> None:
    _call(_libc.setns(ctypes.c_int(fd), ctypes.c_int(kind)), "setns")


def _become_namespace_root() -> None:
    """A non-root harness: root of a new user namespace, mapped to the harness's own ids, then
    PID 1 of a PID namespace that user namespace owns (the parent waits and exits with it)."""
    uid, gid = os.geteuid(), os.getegid()
    unshare(CLONE_NEWUSER)
    for name, text in (("setgroups", "deny"), ("uid_map", f"0 {uid} 1"), ("gid_map", f"0 {gid} 1")):
        with open(f"/proc/self/{name}", "w") as handle:
            handle.write(text)
    unshare(CLONE_NEWPID)
    pid = os.fork()
    if pid == 0:
        prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)  # the harness kills the parent: it goes too
    else:
        for fd in range(3, 1024):
            with contextlib.suppress(OSError):
                os.close(fd)
        _pid, status = os.waitpid(pid, 0)
        os._exit(os.waitstatus_to_exitcode(status) & 0xFF)


@dataclass
class _Case:
    sock: socket.socket
    pid: int
    pidfd: int
    report_fd: int
    report: bytearray = field(default_factory=bytearray)
    exited: bool = False
    reading: bool = True
    #: The harness asked for the end (True: it waits for the status; False: it went away).
    ending: bool | None = None


class Server:
    def __init__(self, channel: socket.socket, root: str) -> None:
        self.channel = channel
        self.root = root
        self.selector = selectors.DefaultSelector()
        self.selector.register(channel, selectors.EVENT_READ, None)
        #: Where this server's children go back to after each case's PID namespace.
        self.own_pid_ns = os.open("/proc/self/ns/pid", os.O_RDONLY | os.O_CLOEXEC)
        self.own_pidfd = os.pidfd_open(os.getpid())
        self.cases: list[_Case] = []

    def serve(self) -> None:
        while True:
            for key, _mask in self.selector.select():
                if self.selector.get_map().get(key.fd) is not key:
                    continue  # unregistered by an earlier event of this batch
                if key.data is None:
                    if not self._accept():
                        return
                else:
                    case, what = key.data
                    self._event(case, what)

    def close(self) -> None:
        for case in list(self.cases):
            self._finish(case, reply=False)

    def _accept(self) -> bool:
        try:
            spec, fds = wire.receive(self.channel, max_fds=4)
        except wire.WireError:
            return True
        if spec is None:
            return False  # the harness is gone
        try:
            if len(fds) != 4:
                raise OSError(f"a case needs 4 descriptors, got {len(fds)}")
            self._start(spec, socket.socket(fileno=fds[0]), fds[1:])
        except OSError as exc:
            if fds:
                with contextlib.suppress(OSError):
                    wire.send(socket.socket(fileno=fds[0]), {"error": f"sandbox: {exc}"})
        finally:
            for fd in fds[1:]:
                os.close(fd)
        return True

    def _start(self, spec: Mapping[str, Any], sock: socket.socket, stdio: list[int]) -> None:
        report_r, report_w = os.pipe()
        pid = -1
        try:
            unshare(CLONE_NEWPID)  # the next child is PID 1 of a namespace of its own
            try:
                pid = os.fork()
            finally:
                if pid != 0:
                    setns(self.own_pid_ns, CLONE_NEWPID)
        except OSError:
            os.close(report_r)
            os.close(report_w)
            raise
        if pid == 0:
            code = 70
            try:
                keep = [*stdio, report_w, self.own_pidfd]
                enter.close_all_but(keep)
                code = enter.pid1(
                    self.root, spec, stdio=stdio, report_fd=report_w, parent_pidfd=self.own_pidfd
                )
            finally:
                os._exit(code)
        os.close(report_w)
        case = _Case(sock, pid, os.pidfd_open(pid), report_r)
        self.cases.append(case)
        self.selector.register(sock, selectors.EVENT_READ, (case, "harness"))
        self.selector.register(report_r, selectors.EVENT_READ, (case, "report"))
        self.selector.register(case.pidfd, selectors.EVENT_READ, (case, "exit"))

    def _event(self, case: _Case, what: str) -> None:
        if what == "report":
            chunk = os.read(case.report_fd, 4096)
            case.report += chunk
            if chunk:
                return
            self._close_report(case)
            if case.report:
                self._tell(case, {"error": case.report.decode(errors="replace")})
            if case.exited:
                self._finish(case, reply=case.ending is not False)
        elif what == "exit":
            self.selector.unregister(case.pidfd)
            case.exited = True
            if case.ending is not None:
                self._finish(case, reply=case.ending)
            elif not case.reading:  # else the report goes first: it ends now PID 1 is gone
                self._finish(case, reply=True)
        else:
            try:
                message, _fds = wire.receive(case.sock)
            except OSError:
                message = None
            if message is not None and "signal" in message:
                _signal_group(case.pid, int(message["signal"]))
                return
            # Reap, or the harness went away: whatever is left of the case dies now.
            self.selector.unregister(case.sock)
            case.ending = message is not None
            _signal_group(case.pid, signal.SIGKILL)
            if case.exited:
                self._finish(case, reply=case.ending)

    def _finish(self, case: _Case, *, reply: bool) -> None:
        _signal_group(case.pid, signal.SIGKILL)
        # Blocks only when PID 1 has not exited yet (the server is closing).
        _pid, status, usage = os.wait4(case.pid, 0)
        if not case.exited:
            self.selector.unregister(case.pidfd)
        os.close(case.pidfd)
        self._close_report(case)
        if case.ending is None:
            self.selector.unregister(case.sock)
        self.cases.remove(case)
        if reply:
            # With the exit: a case whose PID 1 is gone has no process left to signal (its
            # namespace emptied before PID 1 could exit), so nothing waits for a "reap".
            self._tell(
                case, {"exited": True, "status": status, "cpu": usage.ru_utime + usage.ru_stime}
            )
        case.sock.close()

    def _close_report(self, case: _Case) -> None:
        # Once only: a number closed twice may by then be another case's descriptor.
        if case.reading:
            case.reading = False
            self.selector.unregister(case.report_fd)
            os.close(case.report_fd)

    def _tell(self, case: _Case, message: dict[str, Any]) -> None:
        with contextlib.suppress(OSError):  # a harness that went away hears nothing
            wire.send(case.sock, message)


def main(argv: list[str]) -> int:
    channel = socket.socket(fileno=int(argv[0]))
    try:
        if os.geteuid() != 0:
            _become_namespace_root()
        # Every case mounts its own tmpfs here, inside its own mount namespace.
        root = f"/tmp/shadow-root-{os.getpid()}-{os.urandom(6).hex()}"
        os.mkdir(root, 0o700)
        server = Server(channel, root)
    except OSError as exc:
        wire.send(channel, {"error": f"sandbox fork server: {exc}"})
        return 1
    # Blocked here, and so in every forked PID 1 from its first instant: a terminate sent to a case
    # before its PID 1 set its handlers waits for them instead of being lost (a fresh fork drops
    # Python's pending signals, and an init ignores what it has no handler for). The server
    # itself ends at end of stream, or by SIGKILL.
    signal.pthread_sigmask(signal.SIG_BLOCK, enter.STOP_SIGNALS)
    set_name(b"shadow-forksrv")
    gc.freeze()  # a fork then shares the whole image instead of copying what gc touches
    wire.send(channel, {"ready": True})
    try:
        server.serve()
    finally:
        server.close()
        with contextlib.suppress(OSError):
            os.rmdir(root)
    return 0


def _signal_group(pid: int, sig: int) -> None:
    """Signal the case's process group, which PID 1 (``pid``) leads once it called setsid; until
    then (a cancel in its first moments) PID 1 alone, unreaped and so still that process."""
    try:
        os.killpg(pid, sig)
    except ProcessLookupError:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, sig)
    except PermissionError:
        pass


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
