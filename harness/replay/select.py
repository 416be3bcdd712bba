"""Which (package, stage) cases a run replays: filters and a stable shard split.

The shard of a case depends on its package id alone, so every stage of a package lands in the same
shard and a CI job always gets the same packages, whatever order the corpus was loaded in.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from typing import Any

from harness.schema import Package, Stage


@dataclass(frozen=True)
class Case:
    package: Package
    stage: Stage

    @property
    def key(self) -> tuple[str, str]:
        return (self.package.id, str(self.stage))


@dataclass(frozen=True)
class Shard:
    """Shard ``index`` of ``count``, 1-based as written on the command line (``--shard 2/4``)."""

    index: int
    count: int

    def __post_init__(self) -> None:
        if self.count < 1 or not 1 <= self.index <= self.count:
            raise ValueError(f"shard {self.index}/{self.count}: need 1 <= k <= n")

    @classmethod
    def parse(cls, text: str) -> Shard:
        head, sep, tail = text.partition("/")
        try:
            if not sep:
                raise ValueError
            return cls(int(head), int(tail))
        except ValueError as exc:
            raise ValueError(f"--shard {text!r}: expected k/n with 1 <= k <= n, e.g. 2/4") from exc

    def holds(self, package_id: str) -> bool:
        return shard_of(package_id, self.count) == self.index

    def __str__(self) -> str:
        return f"{self.index}/{self.count}"


def shard_of(package_id: str, count: int) -> int:
    """The 1-based shard of a package: sha256 of its id mod ``count`` (stable across runs and
    machines, unlike ``hash()``)."""
    digest = hashlib.sha256(package_id.encode()).hexdigest()
    return int(digest, 16) % count + 1


def parse_label(text: str) -> tuple[str, str]:
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise ValueError(f"--label {text!r}: expected key=value")
    return key, value


@dataclass(frozen=True)
class Filters:
    """Every filter is optional; an empty filter keeps everything."""

    stages: frozenset[Stage] = frozenset()
    agents: frozenset[str] = frozenset()
    #: Glob patterns on the package id; a package matching any of them is kept.
    packages: tuple[str, ...] = ()
    #: Every key=value pair must be among the package's labels.
    labels: Mapping[str, str] = field(default_factory=dict)
    limit: int | None = None
    shard: Shard | None = None

    def __post_init__(self) -> None:
        if self.limit is not None and self.limit < 0:
            raise ValueError(f"--limit {self.limit}: must be 0 or more")

    def keeps_package(self, package: Package) -> bool:
        if self.agents and package.agent not in self.agents:
            return False
        if self.packages and not any(fnmatchcase(package.id, pat) for pat in self.packages):
            return False
        if any(package.labels.get(k) != v for k, v in self.labels.items()):
            return False
        return self.shard is None or self.shard.holds(package.id)

    def to_json(self) -> dict[str, Any]:
        """The form stored in run.json, read back by ``from_json`` on --resume."""
        return {
            "stages": sorted(str(s) for s in self.stages),
            "agents": sorted(self.agents),
            "packages": list(self.packages),
            "labels": dict(sorted(self.labels.items())),
            "limit": self.limit,
            "shard": str(self.shard) if self.shard else None,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Filters:
        shard = data.get("shard")
        return cls(
            stages=frozenset(Stage(s) for s in data.get("stages", [])),
            agents=frozenset(data.get("agents", [])),
            packages=tuple(data.get("packages", [])),
            labels=dict(data.get("labels", {})),
            limit=data.get("limit"),
            shard=Shard.parse(shard) if shard else None,
        )


def duplicate_ids(packages: Iterable[Package]) -> list[str]:
    seen: set[str] = set()
    dupes: list[str] = []
    for package in packages:
        if package.id in seen and package.id not in dupes:
            dupes.append(package.id)
        seen.add(package.id)
    return dupes


def select_cases(packages: Sequence[Package], filters: Filters = Filters()) -> list[Case]:
    """The cases to replay, in load order and each package's stage order, after the filters.

    ``limit`` applies last, after the shard, so ``--shard 1/2 --limit 10`` is ten cases of shard 1.
    """
    dupes = duplicate_ids(packages)
    if dupes:
        # Two packages with one id would write two results under one key and break resume.
        raise ValueError(f"duplicate package id(s): {', '.join(dupes)}")
    cases: list[Case] = []
    if filters.limit == 0:
        return cases
    for package in packages:
        if not filters.keeps_package(package):
            continue
        for stage in package.stages:
            if filters.stages and stage not in filters.stages:
                continue
            cases.append(Case(package, stage))
            if filters.limit is not None and len(cases) >= filters.limit:
                return cases
    return cases
