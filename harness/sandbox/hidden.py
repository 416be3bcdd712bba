"""Paths a child must not read even though the root file system stays visible (read-only) to it:
the recordings and run reports that hold the host outcome (the ground truth a stage is scored
against), and the credential stores in the harness user's home.

Under ``full`` isolation each existing one is covered by an empty mount; at lower levels they stay
readable, which the isolation note already says.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from pathlib import Path

#: The checkout the harness runs from (``harness/sandbox/hidden.py`` -> two levels up).
HARNESS_ROOT = Path(__file__).resolve().parents[2]

_HOME_SECRETS = (
    ".ssh",
    ".aws",
    ".azure",
    ".kube",
    ".docker",
    ".gnupg",
    ".netrc",
    ".git-credentials",
    ".npmrc",
    ".pypirc",
    ".pi",
    ".config/gcloud",
    ".config/gh",
    ".cache/huggingface",
    ".huggingface",
)
_GROUND_TRUTH = ("recordings", "reports")


def default_hidden() -> list[Path]:
    home = Path.home()
    paths = [home / name for name in _HOME_SECRETS]
    for root in dict.fromkeys((HARNESS_ROOT, Path.cwd().resolve())):
        paths += [root / name for name in _GROUND_TRUTH]
    return [p for p in paths if os.path.lexists(p)]


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
