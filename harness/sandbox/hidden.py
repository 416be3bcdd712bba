"""Paths covered inside the child's view: a declared path (a config folder) may hold something
the child must still not read, such as recordings kept next to it. Outside the view nothing needs
covering: under ``full`` isolation it does not exist for the child at all (see ``view``).
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from pathlib import Path


def effective_hidden(hidden: Iterable[Path], needed: Sequence[Path]) -> list[Path]:
    """``hidden`` minus every path that holds something the child needs (its workspace, its
    program, a config folder a runner passes on): hiding those would break the run, not guard it."""
    keep: list[Path] = []
    needs = [Path(os.path.abspath(p)) for p in needed]
    for path in hidden:
        path = Path(os.path.abspath(path))
        if not any(need == path or need.is_relative_to(path) for need in needs):
            keep.append(path)
    # Once a folder is covered its insides are gone: mounting over one of them would fail.
    unique = list(dict.fromkeys(keep))
    return [p for p in unique if not any(p != q and p.is_relative_to(q) for q in unique)]
