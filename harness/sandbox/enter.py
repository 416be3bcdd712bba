"""PID 1 of a case's namespaces: builds the allow-list view, then runs the command.

Forked by the fork server (``forkserver``) into a new PID namespace, so it costs a fork, not a
program start. It unshares its mount and network namespaces, makes the mount calls itself through
libc (see ``view.view_plan`` for the directives, which arrive as a list, never as text to parse),
pivots into the view and starts the command (``privileges``: as a rule PID 1 takes the case's
limits and uid itself and spawns it). A view that cannot be built, or a
command that cannot be executed, is reported on the server's pipe: that is the sandbox failing,
not the command.

As PID 1 it ignores signals it has no handler for, so until the command is in its process group
a SIGTERM ends PID 1 (exit 143) and the case with it; once the command runs, the default returns
and a terminate reaches the command. The command's exit status comes back as its own (128+signal for a signal
death); every other process of the namespace dies when this one exits.

Standard library only: it runs in the fork server's children.
"""

from __future__ import annotations

import ctypes
import os
import select
import signal
from collections.abc import Mapping, Sequence
from typing import Any

from harness.sandbox import privileges

MS_RDONLY = 1
MS_NOSUID = 2
MS_NODEV = 4
MS_NOEXEC = 8
MS_REMOUNT = 32
MS_NOATIME = 1024
MS_NODIRATIME = 2048
MS_BIND = 4096
CLONE_NEWNS = 0x00020000
CLONE_NEWNET = 0x40000000
MS_REC = 16384
MS_PRIVATE = 1 << 18
MS_RELATIME = 1 << 21
ST_RELATIME = 4096
MNT_DETACH = 2
PR_SET_PDEATHSIG = 1
#: What ends a case gracefully; blocked over every fork (see ``pid1``).
STOP_SIGNALS = {signal.SIGTERM, signal.SIGINT}
#: pivot_root has no libc wrapper; its syscall number by machine.
_SYS_PIVOT_ROOT = {"x86_64": 155, "aarch64": 41, "riscv64": 41, "ppc64le": 203, "s390x": 217}

_libc = ctypes.CDLL(None, use_errno=True)
# Looked up once here, in the fork server, rather than by every forked PID 1.
_mount, _syscall, _umount2, _unshare = _libc.mount, _libc.syscall, _libc.umount2, _libc.unshare


class EnterError(RuntimeError):
    pass


def _check(result: int, what: str) -> None:
    if result != 0:
        err = ctypes.get_errno()
        raise EnterError(f"{what}: {os.strerror(err)}")


def mount(source: str, target: str, fstype: str | None, flags: int, data: str | None) -> None:
    _check(
        _mount(
            source.encode(),
            target.encode(),
            fstype.encode() if fstype else None,
            ctypes.c_ulong(flags),
            data.encode() if data else None,
        ),
        f"mount {target}",
    )


def _locked_flags(path: str) -> int:
    """The source mount's own flags: a remount inside a user namespace must keep them."""
    flag = os.statvfs(path).f_flag
    flags = flag & (MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC | MS_NOATIME | MS_NODIRATIME)
    return flags | (MS_RELATIME if flag & ST_RELATIME else 0)


def bind(source: str, target: str, flags: int) -> None:
    mount(source, target, None, MS_BIND, None)
    # A bind takes the flags of its source; read-only and the rest need a remount of the bind.
    mount("none", target, None, MS_REMOUNT | MS_BIND | flags | _locked_flags(source), None)


def mount_point(root: str, path: str) -> str:
    """``root + path``, created as an empty folder or file like ``path`` when missing."""
    target = root + path
    if os.path.lexists(target):
        return target
    if os.path.isdir(path):
        os.makedirs(target, exist_ok=True)
    else:
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "w"):
            pass
    return target


def build(root: str, plan: list[str]) -> None:
    mount("shadow-view", root, "tmpfs", 0, "mode=0755,size=8m")
    i = 0
    while i < len(plan):
        op, path = plan[i], plan[i + 1]
        i += 2
        if op == "ro":
            bind(path, mount_point(root, path), MS_RDONLY | MS_NOSUID | MS_NODEV)
        elif op == "rw":
            bind(path, mount_point(root, path), MS_NOSUID | MS_NODEV)
        elif op == "dev":
            mount(path, mount_point(root, path), None, MS_BIND, None)
        elif op == "link":
            os.makedirs(os.path.dirname(root + path), exist_ok=True)
            os.symlink(plan[i], root + path)
            i += 1
        elif op == "tmpfs":
            os.makedirs(root + path, exist_ok=True)
            mount(
                "shadow-tmp", root + path, "tmpfs", MS_NOSUID, f"mode={plan[i]},size={plan[i + 1]}"
            )
            i += 2
        elif op == "proc":
            os.makedirs(root + path, exist_ok=True)
            mount("proc", root + path, "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, None)
        elif op == "hide":
            target = root + path
            if os.path.islink(target) or not os.path.exists(target):
                continue
            if os.path.isdir(target):
                mount("shadow-hidden", target, "tmpfs", MS_RDONLY, "size=4k,mode=0555")
            else:
                mount("/dev/null", target, None, MS_BIND, None)
        else:
            raise EnterError(f"unknown directive {op!r}")


def pivot(root: str) -> None:
    number = _SYS_PIVOT_ROOT.get(os.uname().machine)
    if number is None:
        raise EnterError(f"pivot_root: unknown syscall number on {os.uname().machine}")
    os.chdir(root)
    os.mkdir(".old")
    _check(_syscall(number, b".", b".old"), "pivot_root")
    os.chdir("/")
    _check(_umount2(b"/.old", MNT_DETACH), "umount /.old")
    os.rmdir("/.old")
    mount("none", "/", None, MS_REMOUNT | MS_BIND | MS_RDONLY, None)


def unshare(flags: int) -> None:
    _check(_unshare(ctypes.c_int(flags)), "unshare")


def make_private() -> None:
    """Stop mount events crossing between this mount namespace and the one it was copied from."""
    mount("none", "/", None, MS_REC | MS_PRIVATE, None)


def _reap(pid: int) -> int:
    """Wait for ``pid`` while reaping every orphan handed to PID 1; its exit status, or
    128+signal."""
    while True:
        try:
            done, status = os.wait()
        except ChildProcessError:
            return 127
        except InterruptedError:
            continue
        if done == pid:
            return (
                os.waitstatus_to_exitcode(status)
                if os.WIFEXITED(status)
                else 128 + os.WTERMSIG(status)
            )


def _read_all(fd: int) -> bytes:
    chunks = []
    while chunk := os.read(fd, 4096):
        chunks.append(chunk)
    os.close(fd)
    return b"".join(chunks)


def _end_if_stopped() -> None:
    """Exit as the default action would, for a SIGTERM or SIGINT waiting while blocked."""
    pending = signal.sigpending()
    if signal.SIGTERM in pending:
        os._exit(143)
    if signal.SIGINT in pending:
        os._exit(130)


def close_all_but(keep: Sequence[int]) -> None:
    """Close every descriptor above stderr except ``keep`` (the server's sockets and the other
    cases' pipes stay out of this case)."""
    low = 3
    for fd in sorted(set(keep)):
        if fd >= low:
            os.closerange(low, fd)
            low = fd + 1
    os.closerange(low, max(os.sysconf("SC_OPEN_MAX"), low + 1))


def pid1(
    root: str,
    spec: Mapping[str, Any],
    *,
    stdio: Sequence[int],
    report_fd: int,
    parent_pidfd: int,
) -> int:
    """Build the view on ``root``, run ``spec``'s command in it and return its exit status.

    ``report_fd`` gets a line when the view or the exec fails and is closed once the command
    runs; ``parent_pidfd`` is the server's: a server gone before the death signal was armed means
    nobody watches this case, so it does not start.
    """
    # SIGTERM and SIGINT arrive blocked from the fork server: one sent already is pending.
    signal.signal(signal.SIGTERM, lambda *_: os._exit(143))
    signal.signal(signal.SIGINT, lambda *_: os._exit(130))
    _end_if_stopped()
    signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)
    privileges.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    privileges.set_name(b"shadow-pid1")
    if select.select([parent_pidfd], [], [], 0)[0]:
        return 137
    os.setsid()  # the case's process group: the server signals it, and is not in it
    try:
        unshare(CLONE_NEWNS | (0 if spec.get("network") else CLONE_NEWNET))
        make_private()
        build(root, list(spec["plan"]))
        pivot(root)
        os.chdir(spec["cwd"])
    except (OSError, EnterError) as exc:
        os.write(report_fd, f"sandbox: could not build the view: {exc}".encode())
        return 125
    if spec.get("hold") and not _wait_for_turn(stdio[0], parent_pidfd):
        return 137
    # Blocked across the start, so the command cannot lose a terminate in its first instant.
    signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)
    if privileges.can_spawn(spec["limits"]):
        try:
            privileges.become_case(spec["limits"], spec["uid"])
            if select.select([parent_pidfd], [], [], 0)[0]:
                return 137  # the server went while the death signal was off: nobody watches
            pid = privileges.spawn_command(spec["argv"], spec["env"], stdio=stdio)
        except OSError as exc:
            os.write(report_fd, f"sandbox: {exc}".encode())
            return 127
        failure = b""
    else:
        pid, failure = _fork_command(spec, stdio)
    os.close(parent_pidfd)
    # Only now, with the command in the group (it got its own copy of any later terminate), may
    # one pass PID 1 by: as the namespace's init it ignores what it has no handler for.
    _end_if_stopped()
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)
    for fd in stdio:
        os.close(fd)
    if failure:
        os.write(report_fd, b"sandbox: " + failure)
    os.close(report_fd)
    return _reap(pid)


def _wait_for_turn(stdin_fd: int, parent_pidfd: int) -> bool:
    """A case set up ahead of its turn waits here, view built, until the harness starts writing
    its stdin (or closes it empty): the command's clock starts then, not at the set-up. False
    when the server went meanwhile. A terminate still ends the wait (PID 1's handler)."""
    ready = select.select([stdin_fd, parent_pidfd], [], [])[0]
    return parent_pidfd not in ready


def _fork_command(spec: Mapping[str, Any], stdio: Sequence[int]) -> tuple[int, bytes]:
    """The command forked and limited on its own, PID 1 keeping its privileges: its pid and why
    it could not start (empty once it was executed)."""
    failed_r, failed_w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(failed_r)
        privileges.exec_command(
            spec["argv"],
            spec["env"],
            stdio=stdio,
            limits=spec["limits"],
            uid=spec["uid"],
            report_fd=failed_w,
        )
    os.close(failed_w)
    return pid, _read_all(failed_r)  # end of file at the command's exec
