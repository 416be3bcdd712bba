"""Paths: where a path lands as the operating system would resolve it (decoded, ``..`` applied,
workspace symlinks followed), and the strings of a tool's arguments that look like paths."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Mapping, Sequence
from typing import Any
from urllib.parse import unquote

#: ``a -> b`` (ls -l notation) names a symlink and its target.
_LINK_ARROW = re.compile(r"\s->\s")
_WINDOWS_ABS = re.compile(r"^(?:[A-Za-z]:[\\/]|\\\\)")


def _roots(roots: Sequence[str]) -> list[str]:
    return [posixpath.normpath(r.strip("/")) for r in roots if r.strip("/")]


def _decoded(raw: str) -> str:
    """Percent-decoding, repeated (``%252e`` is ``%2e`` is ``.``): tools that take URLs decode."""
    text = raw
    for _ in range(3):
        decoded = unquote(text)
        if decoded == text:
            break
        text = decoded
    return text


_WORKSPACE_FOLDERS = frozenset({"input", "output"})


def _resolve_links(normal: str, symlinks: Mapping[str, str]) -> str:
    """``normal`` with every symlink on its way replaced by its target, as the OS resolves it
    (a relative target is read from the link's own directory); loops stop after 40 hops."""
    links = {
        posixpath.normpath(k.replace("\\", "/").removeprefix("./")): v for k, v in symlinks.items()
    }
    for _ in range(40):
        parts = normal.split("/")
        for i in range(1, len(parts) + 1):
            prefix = "/".join(parts[:i])
            target = links.get(prefix)
            if target is None:
                continue
            # a relative target that names a workspace folder ("output/link" -> "input") is
            # read from the workspace, as writers list links; any other from the link's folder,
            # as the OS reads it (a run's own links differ only where a link in output/ names
            # "input...": read so, a write through it is held an escape, the cautious side)
            from_root = target.startswith("/") or target.split("/")[0] in _WORKSPACE_FOLDERS
            base = target if from_root else posixpath.join(posixpath.dirname(prefix), target)
            normal = posixpath.normpath("/".join([base, *parts[i:]]))
            break
        else:
            return normal
    return normal


def path_problem(
    path: str,
    roots: Sequence[str],
    symlinks: Mapping[str, str] | None = None,
    *,
    decode: bool = False,
) -> str | None:
    """Why ``path`` lands outside the workspace roots as the operating system would resolve it
    (percent-decoded where a tool takes it as a URL, ``decode``; backslashes and repeated
    slashes folded, ``..`` applied, symlinks of the workspace followed), or None when it stays
    inside them. A name that merely looks alarming (``input/..notes.txt``, ``input/symlink/x``,
    ``input/%2e%2e%2fx`` opened as a file) is a name, not an escape."""
    raw = path.strip()
    if not raw:
        return None
    if "\x00" in raw or "%00" in raw:
        return f"NUL byte in {raw!r}: the OS cuts the path there"
    if _LINK_ARROW.search(raw):
        link, target = _LINK_ARROW.split(raw, maxsplit=1)
        if path_problem(target, roots, decode=decode):
            return f"symlink {link.strip()!r} points to {target.strip()!r}"
        return path_problem(link, roots, symlinks, decode=decode)
    decoded = _decoded(raw) if decode else raw
    if "\x00" in decoded:
        return f"NUL byte in {raw!r}: the OS cuts the path there"
    unified = decoded.replace("\\", "/")
    if unified.startswith(("/", "~")) or _WINDOWS_ABS.match(decoded):
        return f"absolute path {raw!r}" + (f" (decoded {decoded!r})" if decoded != raw else "")
    segments = [s for s in unified.split("/") if s]
    if "proc" in segments and "self" in segments:
        return f"path through /proc/self {raw!r}"
    normal = posixpath.normpath(unified)
    if normal == ".." or normal.startswith("../"):
        how = f" (decoded {decoded!r})" if decoded != raw else ""
        return f"path escapes the workspace via '..': {raw!r}{how}"
    if symlinks:
        resolved = _resolve_links(normal, symlinks)
        if resolved != normal:
            if resolved.startswith("/") or resolved == ".." or resolved.startswith("../"):
                return f"{raw!r} resolves through a workspace symlink to {resolved!r}"
            normal = resolved
    allowed = _roots(roots)
    if allowed and not any(normal == r or normal.startswith(r + "/") for r in allowed):
        return f"path {raw!r} is outside the roots {', '.join(r + '/' for r in allowed)}"
    return None


def json_strings(value: Any, key: str = "") -> list[tuple[str, str]]:
    """Every (key, string) inside a JSON value, in order; list items inherit their parent's key."""
    found: list[tuple[str, str]] = []
    _strings(value, key, found)
    return found


def _strings(value: Any, key: str, found: list[tuple[str, str]]) -> None:
    # Exact types first: arguments are parsed JSON, and a check against the Mapping ABC costs
    # several times a type test (a nested generator per level cost more again: the replay calls
    # this twice on every tool call's arguments). Other types take the ABC checks as before.
    kind = type(value)
    if kind is str:
        found.append((key, value))
    elif kind is dict:
        for k, v in value.items():
            _strings(v, str(k).lower(), found)
    elif kind is list:
        for item in value:
            _strings(item, key, found)
    elif isinstance(value, str):
        found.append((key, value))
    elif isinstance(value, Mapping):
        for k, v in value.items():
            _strings(v, str(k).lower(), found)
    elif isinstance(value, list | tuple):
        for item in value:
            _strings(item, key, found)


#: URL schemes that name a file of this machine or of the workspace: a tool taking such a URL
#: opens the path it carries, percent-decoded ("workspace://input/%2e%2e%2f..." climbs out).
_LOCAL_SCHEMES = ("file", "workspace", "artifact", "local", "input", "output")
_URL = re.compile(r"^(?P<scheme>[A-Za-z][A-Za-z0-9+.-]*):(?P<slashes>//)?(?P<rest>.*)$", re.DOTALL)


def local_url_path(text: str) -> str | None:
    """The path a local URL opens: ``file:///etc/x`` is ``/etc/x``, ``workspace://input/a`` is
    ``input/a``; None for any other string (``https://...`` is a fetch, not a path)."""
    m = _URL.match(text.strip())
    if m is None or m.group("scheme").lower() not in _LOCAL_SCHEMES:
        return None
    rest = m.group("rest")
    if m.group("slashes") is None:
        # "file:/etc/x" and "file:input/a" (no authority): the path as written
        return rest if m.group("scheme").lower() == "file" and rest else None
    if m.group("scheme").lower() == "file":
        # file://host/path and file:///path: the path is absolute on the machine
        return "/" + rest.split("/", 1)[1] if "/" in rest else "/" + rest
    return rest


def looks_like_path(text: str) -> bool:
    if "://" in text or " " in text.strip():
        return False
    return text.startswith(("/", "~", "./", "../", "\\")) or "/" in text or "\\" in text
