"""The packages of a replay, read from their files as their cases start.

``load_packages`` holds every package whole (about 9 KB a case in the shipped corpus, some 0.9 GB
at 100,000 cases) only so that cases can be selected and built. ``PackageFiles`` validates every
line once, as the loader does (so load errors are reported before anything runs), but keeps only
what selection reads (``PackageHead``: id, agent, labels, stages) and where the line is; a case's
package is read again by offset when the case is handed to a worker. Cases are handed out in load
order, a package's stages one after the other, so a few recent packages cover them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from harness.loading import LoadError, PackageIndex, find_package_files, iter_loaded
from harness.schema import Package, Stage


@dataclass(frozen=True)
class PackageHead:
    """What case selection reads of a package (``select.PackageHead``)."""

    id: str
    agent: str
    labels: Mapping[str, str]
    stages: tuple[Stage, ...]


class PackageChanged(ValueError):
    """A package file changed between loading and running: the case cannot be built."""


class PackageFiles:
    """Every valid package under some paths, by file offset; ``heads`` in load order."""

    def __init__(self, paths: Sequence[Path]) -> None:
        self.heads: list[PackageHead] = []
        self.errors: list[LoadError] = []
        self._index = PackageIndex(keep=8)
        for entry in iter_loaded(Package, find_package_files([Path(p) for p in paths]), _id):
            if isinstance(entry, LoadError):
                self.errors.append(entry)
                continue
            package = entry.item
            self._index.add(entry.path, package.id, entry.span)
            head = PackageHead(package.id, package.agent, package.labels, tuple(package.stages))
            self.heads.append(head)

    def __len__(self) -> int:
        return len(self.heads)

    def __contains__(self, package_id: object) -> bool:
        return package_id in self._index

    def load(self, package_id: str) -> Package:
        """The package, read and validated again from its line (the last few are kept)."""
        path, package = self._index.get(package_id)
        if isinstance(package, str):
            raise PackageChanged(f"{path}: changed while the run read it: {package}")
        if package.id != package_id:
            raise PackageChanged(f"{path}: changed while the run read it: {package_id} moved")
        return package


def _id(package: Package) -> str:
    return package.id


__all__ = ["PackageChanged", "PackageFiles", "PackageHead"]
