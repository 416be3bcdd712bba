"""What a template is, and how templates are grouped by failure mode."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tools.gen_corpus.scene import Scene

#: One-letter stage names keep the stage-set tables readable.
R, P, Q, A, L, E, C, D = (
    "reconcile",
    "preflight",
    "inquire",
    "analyze",
    "plan",
    "execute",
    "critique",
    "draft",
)


@dataclass(frozen=True)
class Template:
    """One staged situation, built ``count`` times with different draws.

    The function's name is the template's name: it seeds the draws and labels the origin.
    """

    build: Callable[[Scene], None]
    count: int
    #: stage lists the instances cycle through; every stage needs an expectation from ``build``
    stage_sets: tuple[tuple[str, ...], ...]

    @property
    def name(self) -> str:
        return self.build.__name__


@dataclass(frozen=True)
class FailureMode:
    """A failure mode's templates; its packages go to ``<name>.jsonl``."""

    name: str
    #: the form used in package ids, e.g. ``gen-vojan-premature-0007``
    short: str
    templates: tuple[Template, ...]
