"""The file system a sandboxed child sees under ``full`` isolation: an allow-list, built fresh.

Inside new mount and PID namespaces an empty tmpfs becomes the root. Into it go, each at its own
absolute path: the system's read-only runtime (``/usr``, ``/bin``, ``/lib*``, ``/sbin``, ``/etc``
with its secrets covered), the child's program and interpreter (a virtualenv as a whole, a script
as one file), the paths its runner declares it needs, and its workspace (read-only, with the
writable folders bound read-write on top). Then a minimal ``/dev``, a private ``/tmp`` and
``/dev/shm``, and a ``/proc`` of the new PID namespace. ``pivot_root`` makes that tree ``/`` and
the old root is detached, so nothing else - the checkout and its ``.git``, recordings wherever they
live, other run directories, ``$HOME``, Unix socket files - has a path in the child's world.

``view_plan`` is pure: it turns paths into mount directives; ``enter`` (PID 1 of the namespaces)
executes them with direct mount calls. Directives reach it as a list, never as text to parse.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

#: The system runtime every program may read (a symlink, as in merged-/usr Debian, stays one).
SYSTEM_RUNTIME = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc")
#: Under /etc: what an unprivileged child has no business reading even where modes allow.
ETC_SECRETS = (
    "/etc/shadow",
    "/etc/shadow-",
    "/etc/gshadow",
    "/etc/gshadow-",
    "/etc/ssh",
    "/etc/ssl/private",
    "/etc/sudoers",
    "/etc/sudoers.d",
    "/etc/security/opasswd",
)
_DEVICES = ("/dev/null", "/dev/zero", "/dev/full", "/dev/random", "/dev/urandom", "/dev/tty")
_DEV_LINKS = (
    ("/dev/fd", "/proc/self/fd"),
    ("/dev/stdin", "/proc/self/fd/0"),
    ("/dev/stdout", "/proc/self/fd/1"),
    ("/dev/stderr", "/proc/self/fd/2"),
)
#: Interpreters whose first plain argument is the script they run (bound as one file).
_INTERPRETERS = ("python", "node", "deno", "bun", "ruby", "perl", "bash", "sh", "dash")


@dataclass(frozen=True)
class ViewPaths:
    """What the child may see besides the system runtime, all absolute."""

    #: The workspace root: bound read-only.
    workspace: Path
    #: Folders (and files) inside or outside the workspace the child may write.
    writable: Sequence[Path]
    #: The program and interpreter, and paths a runner declares it needs: bound read-only.
    readable: Sequence[Path]
    #: Paths covered by an empty mount even though they lie inside the view.
    hidden: Sequence[Path] = ()


def program_paths(argv: Sequence[str], *, _depth: int = 0) -> list[Path]:
    """The files a command needs to start: its program (a whole virtualenv when the program is a
    virtualenv's interpreter, the interpreter named by a script's ``#!`` line, the package folder
    of a Node program) and, for an interpreter, the script it runs - only that file, never its
    folder, and never any other argument (a path argument into recordings stays unseen)."""
    paths: list[Path] = []
    if not argv or not os.path.isabs(argv[0]):
        return paths
    if _depth < 2:
        interpreter = _shebang(argv[0])
        if interpreter is not None:
            paths += program_paths([interpreter], _depth=_depth + 1)
    program = Path(argv[0])
    real = Path(os.path.realpath(program))
    paths += [program, real]
    venv = _virtualenv_of(program)
    if venv is not None:
        paths.append(venv)
    # An interpreter installed outside /usr (pyenv, /opt) needs its whole prefix: its stdlib.
    if real.parent.name == "bin" and (real.parent.parent / "lib").is_dir():
        paths.append(real.parent.parent)
    package = _node_modules_of(real)
    if package is not None:
        paths.append(package)
    name = program.name
    if any(
        name == i or (name.startswith(i) and name[len(i) :][:1] in "0123456789.")
        for i in _INTERPRETERS
    ):
        for arg in argv[1:]:
            if arg.startswith("-"):
                if arg in ("-m", "-c", "-e"):
                    break  # a module or inline code, not a script file
                continue
            if os.path.isabs(arg) and os.path.isfile(arg):
                paths.append(Path(arg))
            break
    return paths


def _shebang(program: str) -> str | None:
    """The interpreter a script's ``#!`` line names (``env NAME`` looked up on PATH)."""
    try:
        with open(program, "rb") as handle:
            first = handle.readline(256)
    except OSError:
        return None
    if not first.startswith(b"#!"):
        return None
    words = first[2:].decode(errors="replace").split()
    if not words:
        return None
    if Path(words[0]).name == "env":
        names = [w for w in words[1:] if not w.startswith("-")]
        return shutil.which(names[0]) if names else None
    return words[0]


def _node_modules_of(real: Path) -> Path | None:
    # A Node program (pi's cli.js) loads its dependencies from the node_modules folders above it.
    top = None
    for parent in real.parents:
        if parent.name == "node_modules":
            top = parent
    return top


def _virtualenv_of(program: Path) -> Path | None:
    # A virtualenv's python finds its packages through <venv>/pyvenv.cfg next to bin/.
    for parent in list(program.parents)[:3]:
        if (parent / "pyvenv.cfg").is_file():
            return parent
    return None


@cache
def _system_part() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The directives every view shares (the runtime, ``/dev``, private ``/tmp`` and
    ``/dev/shm``) and the runtime folders, looked up once a process: the host's ``/usr`` and
    ``/dev`` do not change under a run, and a view is planned for every case."""
    plan = ["tmpfs", "/tmp", "1777", "256m"]
    runtime: list[str] = []
    for name in SYSTEM_RUNTIME:
        if os.path.islink(name):
            plan += ["link", name, os.readlink(name)]
        elif os.path.isdir(name):
            plan += ["ro", name]
            runtime.append(name)
    plan += ["tmpfs", "/dev", "0755", "64k"]
    for device in _DEVICES:
        if os.path.exists(device):
            plan += ["dev", device]
    for link, target in _DEV_LINKS:
        plan += ["link", link, target]
    plan += ["tmpfs", "/dev/shm", "1777", "64m"]
    return tuple(plan), tuple(runtime)


def view_plan(paths: ViewPaths) -> list[str]:
    """Mount directives for ``enter`` (flat: operation, operands, operation, ...)."""
    system, runtime = _system_part()
    plan = list(system)
    # The workspace and the declared paths after the private /tmp and /dev/shm, so that one
    # living under either (the default workspace folder is /dev/shm) is bound on top of them.
    readable = outermost(
        p for p in map(os.path.abspath, [*paths.readable, paths.workspace]) if not under(p, runtime)
    )
    for path in readable:
        if os.path.exists(path):
            plan += ["ro", path]
    for path in dict.fromkeys(map(os.path.abspath, paths.writable)):
        if os.path.exists(path):
            plan += ["rw", path]
    plan += ["proc", "/proc"]
    # Only paths inside the view are named: the plan is held by the case's PID 1, and a path
    # outside the view (a recordings file named after its failure mode) is never named to it.
    shown = [*runtime, *readable]
    inside = [p for p in map(os.path.abspath, paths.hidden) if under(p, shown)]
    for secret in (*ETC_SECRETS, *inside):
        plan += ["hide", secret]
    return plan


# Paths as normalised absolute strings (``os.path.abspath``): a view is planned for every case,
# and pathlib's ``is_relative_to`` builds new paths on each call.


def within(path: str, root: str) -> bool:
    """``path`` is ``root`` or lies inside it (both normalised absolute strings)."""
    return path == root or path.startswith(root if root.endswith("/") else root + "/")


def under(path: str, roots: Iterable[str]) -> bool:
    return any(within(path, root) for root in roots)


def outermost(paths: Iterable[str]) -> list[str]:
    """Each path once; a path inside another listed one is already bound with it."""
    unique = list(dict.fromkeys(paths))
    return [p for p in unique if not any(p != q and within(p, q) for q in unique)]


__all__ = [
    "SYSTEM_RUNTIME",
    "ViewPaths",
    "outermost",
    "program_paths",
    "under",
    "view_plan",
    "within",
]
