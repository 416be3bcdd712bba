"""Keep a same-uid child out of the harness' own ``/proc/<pid>/environ`` and memory.

Where there is neither a PID namespace nor a uid of the child's own (a non-root harness on a
kernel without user namespaces), the child runs as the harness' user and the kernel would let it
read the harness' environment, secrets included. A process that is not "dumpable" has its
``/proc`` files owned by root and refuses ptrace, which closes that door. It is switched off once,
for the rest of the harness process (core dumps of the harness are lost; the note says so).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import threading

_PR_SET_DUMPABLE = 4
_lock = threading.Lock()
_done: list[bool] = []


def protect_environment(notes: list[str]) -> None:
    with _lock:
        if not _done:
            _done.append(_set_not_dumpable())
        ok = _done[0]
    if ok:
        notes.append("sandbox: harness marked non-dumpable so a same-uid child cannot read it")
    else:
        notes.append("sandbox: could not mark the harness non-dumpable; its environment is exposed")


def _set_not_dumpable() -> bool:
    name = ctypes.util.find_library("c")
    if name is None:
        return False
    try:
        libc = ctypes.CDLL(name, use_errno=True)
        return int(libc.prctl(_PR_SET_DUMPABLE, 0, 0, 0, 0)) == 0
    except (OSError, AttributeError):
        return False


__all__ = ["protect_environment"]
