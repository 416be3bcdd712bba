"""PID 1 of a sandbox's namespaces: builds the allow-list view, then runs the command.

Run by ``unshare`` as ``python -I -S enter.py NEW_ROOT DIRECTIVES... -- CWD COMMAND...`` (see
``view.view_plan`` for the directives). It uses only the standard library and makes the mount
calls itself through libc: one interpreter start instead of some sixty ``mount``/``mkdir``/``ln``
processes per case. Paths and the command arrive as arguments, never as text to parse.

As PID 1 it ignores signals it has no handler for, so while the view is being built a SIGTERM
ends the setup at once (exit 143); once the command runs, the default returns and a terminate
reaches the command. The command's exit status comes back as its own (128+signal for a signal
death); every other process of the namespace dies when this one exits.
"""

from __future__ import annotations

import ctypes
import os
import platform
import signal
import sys

MS_RDONLY = 1
MS_NOSUID = 2
MS_NODEV = 4
MS_NOEXEC = 8
MS_REMOUNT = 32
MS_NOATIME = 1024
MS_NODIRATIME = 2048
MS_BIND = 4096
MS_RELATIME = 1 << 21
ST_RELATIME = 4096
MNT_DETACH = 2
#: pivot_root has no libc wrapper; its syscall number by machine.
_SYS_PIVOT_ROOT = {"x86_64": 155, "aarch64": 41, "riscv64": 41, "ppc64le": 203, "s390x": 217}

_libc = ctypes.CDLL(None, use_errno=True)


class EnterError(RuntimeError):
    pass


def _check(result: int, what: str) -> None:
    if result != 0:
        err = ctypes.get_errno()
        raise EnterError(f"{what}: {os.strerror(err)}")


def mount(source: str, target: str, fstype: str | None, flags: int, data: str | None) -> None:
    _check(
        _libc.mount(
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
    number = _SYS_PIVOT_ROOT.get(platform.machine())
    if number is None:
        raise EnterError(f"pivot_root: unknown syscall number on {platform.machine()}")
    os.chdir(root)
    os.mkdir(".old")
    _check(_libc.syscall(number, b".", b".old"), "pivot_root")
    os.chdir("/")
    _check(_libc.umount2(b"/.old", MNT_DETACH), "umount /.old")
    os.rmdir("/.old")
    mount("none", "/", None, MS_REMOUNT | MS_BIND | MS_RDONLY, None)


def run(command: list[str]) -> int:
    """Run ``command`` as a child, reap every orphan handed to PID 1, return its exit status."""
    pid = os.fork()
    if pid == 0:
        try:
            os.execvp(command[0], command)
        except OSError as exc:
            sys.stderr.write(f"sandbox-enter: {command[0]}: {exc.strerror}\n")
            os._exit(127)
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


def main(argv: list[str]) -> int:
    signal.signal(signal.SIGTERM, lambda *_: os._exit(143))
    signal.signal(signal.SIGINT, lambda *_: os._exit(130))
    root = argv[0]
    split = argv.index("--", 1)
    plan, cwd, command = argv[1:split], argv[split + 1], argv[split + 2 :]
    try:
        build(root, plan)
        pivot(root)
        os.chdir(cwd)
    except (OSError, EnterError) as exc:
        sys.stderr.write(f"sandbox-enter: {exc}\n")
        return 125
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    return run(command)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
