"""Paths covered inside the child's view: a declared path (a config folder) may hold something
the child must still not read, such as recordings kept next to it. Outside the view nothing needs
covering: under ``full`` isolation it does not exist for the child at all (see ``view``).
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from pathlib import Path

from harness.sandbox.view import outermost, within


def effective_hidden(hidden: Iterable[Path], needed: Sequence[Path]) -> list[Path]:
    """``hidden`` minus every path that holds something the child needs (its workspace, its
    program, a config folder a runner passes on): hiding those would break the run, not guard it."""
    needs = [os.path.abspath(p) for p in needed]
    keep = [p for p in map(os.path.abspath, hidden) if not any(within(n, p) for n in needs)]
    # Once a folder is covered its insides are gone: mounting over one of them would fail.
    return [Path(p) for p in outermost(keep)]
