"""How the command starts under ``full`` isolation with the case's limits and identity: what
``setpriv`` and ``prlimit`` did as programs, done here as system calls (no program start per case).

The limits and identity, in order: the kernel limits; the capability bounding, inheritable and
ambient sets emptied; the supplementary groups dropped and the uid and gid the case's own (when
the harness is root); ``no_new_privs``. A command that runs as uid 0 of a user namespace (a
non-root harness) ends up without capabilities too: on exec its permitted set is its inheritable
set plus its bounding set, both empty.

Usually PID 1 takes them itself once the view is built (``become_case``) and starts the command
with ``posix_spawn`` (``spawn_command``): its pipes as stdin, stdout and stderr, every other
descriptor closed on exec, signals at their defaults with an empty mask. Where the address-space
limit leaves PID 1 no room (``can_spawn``), PID 1 forks a process that takes them and execs
(``exec_command``), as every case did before.

Standard library only: it runs in the fork server's children (``forkserver``).
"""

from __future__ import annotations

import ctypes
import os
import resource
import signal
from collections.abc import Mapping, Sequence
from typing import NoReturn

_PR_SET_PDEATHSIG = 1
_PR_SET_DUMPABLE = 4
_PR_SET_NAME = 15
_PR_CAPBSET_DROP = 24
_PR_SET_NO_NEW_PRIVS = 38
_PR_CAP_AMBIENT = 47
_PR_CAP_AMBIENT_CLEAR_ALL = 4
_LINUX_CAPABILITY_VERSION_3 = 0x20080522
#: rlimit names in a spec (see ``limits.KernelLimits.pairs``) and their resources.
RLIMITS = {
    "cpu": resource.RLIMIT_CPU,
    "as": resource.RLIMIT_AS,
    "fsize": resource.RLIMIT_FSIZE,
    "nproc": resource.RLIMIT_NPROC,
}

_libc = ctypes.CDLL(None, use_errno=True)
# Looked up once here, in the fork server, rather than by every forked command.
_prctl, _capget, _capset = _libc.prctl, _libc.capget, _libc.capset


class _CapHeader(ctypes.Structure):
    _fields_ = [("version", ctypes.c_uint32), ("pid", ctypes.c_int)]


class _CapData(ctypes.Structure):
    _fields_ = [
        ("effective", ctypes.c_uint32),
        ("permitted", ctypes.c_uint32),
        ("inheritable", ctypes.c_uint32),
    ]


def _check(result: int, what: str) -> None:
    if result != 0:
        raise OSError(ctypes.get_errno(), f"{what}: {os.strerror(ctypes.get_errno())}")


def prctl(option: int, arg: int, arg3: int = 0) -> None:
    _check(
        _prctl(option, ctypes.c_ulong(arg), ctypes.c_ulong(arg3), 0, 0),
        f"prctl {option}",
    )


def set_name(name: bytes) -> None:
    """The process's name in ``ps`` and ``/proc/PID/comm`` (a forked Python is "python")."""
    _prctl(_PR_SET_NAME, ctypes.c_char_p(name[:15]), 0, 0, 0)


def _last_cap() -> int:
    try:
        with open("/proc/sys/kernel/cap_last_cap") as handle:
            return int(handle.read())
    except (OSError, ValueError):
        return 63


def drop_capabilities() -> None:
    """Empty the bounding, inheritable and ambient sets (the effective and permitted sets go
    with the uid change, or at exec for uid 0 of a user namespace)."""
    for cap in range(_last_cap() + 1):
        failed = _prctl(_PR_CAPBSET_DROP, ctypes.c_ulong(cap), 0, 0, 0) != 0
        if failed and ctypes.get_errno() != 22:  # EINVAL: a capability this kernel lacks
            _check(-1, f"dropping capability {cap} from the bounding set")
    header = _CapHeader(_LINUX_CAPABILITY_VERSION_3, 0)
    data = (_CapData * 2)()
    _check(_capget(ctypes.byref(header), data), "capget")
    for word in data:
        word.inheritable = 0
    _check(_capset(ctypes.byref(header), data), "capset")
    prctl(_PR_CAP_AMBIENT, _PR_CAP_AMBIENT_CLEAR_ALL)


def _default_signals() -> None:
    for number in signal.valid_signals():
        if number in (signal.SIGKILL, signal.SIGSTOP):
            continue
        try:
            if signal.getsignal(number) != signal.SIG_DFL:
                signal.signal(number, signal.SIG_DFL)
        except (OSError, ValueError):
            continue  # signals glibc reserves for itself
    # Last: a terminate that arrived while blocked over the fork now has its default effect.
    signal.pthread_sigmask(signal.SIG_SETMASK, [])


def _become(limits: Mapping[str, Sequence[int]], uid: int | None) -> None:
    """Take on the case's limits and identity, for good: no capabilities, the case's uid,
    ``no_new_privs``."""
    for name, (soft, hard) in limits.items():
        resource.setrlimit(RLIMITS[name], (soft, hard))
    drop_capabilities()
    if uid is not None:
        os.setgroups([])
        os.setresgid(uid, uid, uid)
        os.setresuid(uid, uid, uid)
    prctl(_PR_SET_NO_NEW_PRIVS, 1)


def _failure(argv: Sequence[str], exc: BaseException) -> bytes:
    detail = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
    return f"could not start {argv[0]!r}: {detail}".encode()


def exec_command(
    argv: Sequence[str],
    env: Mapping[str, str],
    *,
    stdio: Sequence[int],
    limits: Mapping[str, Sequence[int]],
    uid: int | None,
    report_fd: int,
) -> NoReturn:
    """Become the command. Anything that fails before the exec is written to ``report_fd``
    (close-on-exec, so the reader sees end of file when the exec succeeded), then exit 127."""
    try:
        set_name(b"shadow-exec")
        for target, fd in enumerate(stdio):
            os.dup2(fd, target)
        top = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
        os.closerange(3, report_fd)
        os.closerange(report_fd + 1, max(top, report_fd + 2))
        _default_signals()
        _become(limits, uid)
        os.execvpe(argv[0], list(argv), dict(env))
    except BaseException as exc:  # whatever it is, the harness must hear of it
        try:
            os.write(report_fd, _failure(argv, exc))
        finally:
            os._exit(127)


#: Address space a PID 1 that took the case's limits keeps beyond what it maps already.
_SPAWN_HEADROOM = 64 * 1024**2


def can_spawn(limits: Mapping[str, Sequence[int]]) -> bool:
    """Whether PID 1 may take the case's limits itself and spawn the command (``become_case``):
    not when the address-space limit leaves it no room to go on (a command given less memory
    than a Python process maps is forked and limited on its own, ``exec_command``)."""
    if "as" not in limits:
        return True
    try:
        with open("/proc/self/statm", "rb") as handle:
            mapped = int(handle.read().split()[0]) * resource.getpagesize()
    except (OSError, ValueError, IndexError):
        return False
    return int(limits["as"][0]) >= mapped + _SPAWN_HEADROOM


def become_case(limits: Mapping[str, Sequence[int]], uid: int | None) -> None:
    """PID 1 takes the case's limits and identity itself, to start the command with
    ``spawn_command``: it has no use for privileges once the view is built. It is made
    non-dumpable, so the command, now of its uid, can neither trace it nor read its memory,
    descriptors or environment; its death signal, which a change of uid clears, is armed again
    (the caller checks that the server is still there). The process limit counts PID 1: it
    gets one more."""
    own = dict(limits)
    if "nproc" in own:
        soft, hard = own["nproc"]
        own["nproc"] = (soft + 1, hard + 1)
    _become(own, uid)
    prctl(_PR_SET_DUMPABLE, 0)  # the uid change does so only where fs.suid_dumpable is 0
    prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)


def spawn_command(argv: Sequence[str], env: Mapping[str, str], *, stdio: Sequence[int]) -> int:
    """Start the command with ``posix_spawn`` (after ``become_case``), which shares PID 1's
    memory until the exec instead of copying a Python process as a fork does; its pid. Raises
    ``OSError`` with the harness's message when it cannot start."""
    try:
        return os.posix_spawn(
            _find(argv[0], env),
            list(argv),
            dict(env),
            file_actions=[(os.POSIX_SPAWN_DUP2, fd, target) for target, fd in enumerate(stdio)],
            setsigmask=(),
            setsigdef=[
                s for s in signal.valid_signals() if s not in (signal.SIGKILL, signal.SIGSTOP)
            ],
        )
    except BaseException as exc:
        raise OSError(_failure(argv, exc).decode()) from exc


def _find(program: str, env: Mapping[str, str]) -> str:
    """``program`` looked up as ``execvpe`` does: on the command's own PATH, not PID 1's."""
    if "/" in program:
        return program
    for folder in (env.get("PATH") or os.defpath).split(os.pathsep):
        candidate = os.path.join(folder or ".", program)
        if os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return candidate
    raise FileNotFoundError(2, os.strerror(2), program)


__all__ = [
    "RLIMITS",
    "become_case",
    "can_spawn",
    "drop_capabilities",
    "exec_command",
    "prctl",
    "set_name",
    "spawn_command",
]
