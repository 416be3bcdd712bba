"""The environment a sandboxed child gets: an allow-list, never the harness' own environment.

API keys, tokens and cloud credentials of the harness stay out unless a runner names a variable
explicitly (``allow``), e.g. the provider key a ``pi`` agent needs to reach its model.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path

from harness.sandbox.workspace import Workspace

_DEFAULT_PATH = "/usr/local/bin:/usr/bin:/bin"
#: Inherited as they are: how to find programs and how to decode text, nothing secret.
_PASSED = ("PATH", "LANG", "LC_ALL")


def scrubbed_env(
    workspace: Workspace,
    *,
    allow: Sequence[str] = (),
    pythonpath: Sequence[Path] | None = None,
    extra: Mapping[str, str] | None = None,
    parent: Mapping[str, str] | None = None,
) -> dict[str, str]:
    """Build the child's environment.

    ``allow`` names further variables copied from ``parent`` (``os.environ`` by default) when
    set there; ``pythonpath`` sets PYTHONPATH (only when asked, so a child cannot import the
    harness' modules by accident); ``extra`` is set last, verbatim.
    """
    source = os.environ if parent is None else parent
    env: dict[str, str] = {}
    for name in (*_PASSED, *allow):
        value = source.get(name)
        if value is not None:
            env[name] = value
    env.setdefault("PATH", _DEFAULT_PATH)
    env.setdefault("LANG", "C.UTF-8")
    env["HOME"] = str(workspace.home_dir)
    env["TMPDIR"] = str(workspace.tmp_dir)
    # input/ and the harness tree are read-only; a Python child must not try to cache bytecode.
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    if pythonpath:
        env["PYTHONPATH"] = os.pathsep.join(str(p) for p in pythonpath)
    env.update(extra or {})
    return env
