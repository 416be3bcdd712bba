"""Which (package, stage) cases a run replays: filters and a stable shard split.

The shard of a case depends on its package id alone, so every stage of a package lands in the same
shard and a CI job always gets the same packages, whatever order the corpus was loaded in.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from typing import Any, Protocol, TypeVar

from harness.clusters import cluster_of
from harness.schema import Package, Stage


class PackageHead(Protocol):
    """What selection reads of a package: a Package, or the head a ``PackageFiles`` keeps of one
    (so a large corpus is selected from without holding every package)."""

    @property
    def id(self) -> str: ...
    @property
    def agent(self) -> str: ...
    @property
    def labels(self) -> Mapping[str, str]: ...
    @property
    def stages(self) -> Sequence[Stage]: ...


H = TypeVar("H", bound=PackageHead)


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
    #: At most this many cases of each stage, spread over clusters (``per_stage_sample``).
    per_stage: int | None = None

    def __post_init__(self) -> None:
        if self.limit is not None and self.limit < 0:
            raise ValueError(f"--limit {self.limit}: must be 0 or more")
        if self.per_stage is not None and self.per_stage < 1:
            raise ValueError(f"--per-stage {self.per_stage}: must be 1 or more")

    def keeps_package(self, package: PackageHead) -> bool:
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
            "per_stage": self.per_stage,
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
            per_stage=data.get("per_stage"),
        )


def duplicate_ids(packages: Iterable[PackageHead]) -> list[str]:
    seen: set[str] = set()
    dupes: list[str] = []
    for package in packages:
        if package.id in seen and package.id not in dupes:
            dupes.append(package.id)
        seen.add(package.id)
    return dupes


def select_cases(packages: Sequence[Package], filters: Filters = Filters()) -> list[Case]:
    """The cases to replay, in load order and each package's stage order, after the filters.

    ``limit`` applies last, after the shard and the per-stage sample, so ``--shard 1/2 --limit
    10`` is ten cases of shard 1.
    """
    return [Case(package, stage) for package, stage in select_pairs(packages, filters)]


def select_pairs(packages: Sequence[H], filters: Filters = Filters()) -> list[tuple[H, Stage]]:
    """``select_cases`` over package heads: (head, stage) pairs, the same cases in the same order."""
    dupes = duplicate_ids(packages)
    if dupes:
        # Two packages with one id would write two results under one key and break resume.
        raise ValueError(f"duplicate package id(s): {', '.join(dupes)}")
    pairs: list[tuple[H, Stage]] = []
    if filters.limit == 0:
        return pairs
    for package in packages:
        if not filters.keeps_package(package):
            continue
        for stage in package.stages:
            if filters.stages and stage not in filters.stages:
                continue
            pairs.append((package, stage))
    if filters.per_stage is not None:
        pairs = _per_stage_pairs(pairs, filters.per_stage)
    return pairs if filters.limit is None else pairs[: filters.limit]


def _spread(stage: str, cluster: str) -> str:
    # A stable order of clusters that differs by stage, so a small sample of each stage does not
    # always start with the same alphabetical clusters.
    return hashlib.sha256(f"{stage}\0{cluster}".encode()).hexdigest()


def per_stage_sample(cases: Sequence[Case], per_stage: int) -> list[Case]:
    """At most ``per_stage`` cases of each stage, taken round-robin over clusters.

    Copies of one template are one piece of evidence, so a sample for a slow model (a few cases per
    stage) is worth most when each case comes from a different scenario; a cluster gives a second
    case only once every cluster of that stage has given one. Deterministic, in load order.
    """
    pairs = _per_stage_pairs([(case.package, case.stage) for case in cases], per_stage)
    return [Case(package, stage) for package, stage in pairs]


def _per_stage_pairs(pairs: Sequence[tuple[H, Stage]], per_stage: int) -> list[tuple[H, Stage]]:
    by_stage: dict[str, dict[str, list[tuple[str, str]]]] = {}
    for package, stage in pairs:
        cluster = cluster_of(package.id, package.agent, package.labels)
        by_stage.setdefault(str(stage), {}).setdefault(cluster, []).append((package.id, str(stage)))
    kept: set[tuple[str, str]] = set()
    for stage_name, clusters in by_stage.items():
        queues = [clusters[c] for c in sorted(clusters, key=lambda c: _spread(stage_name, c))]
        taken = 0
        for depth in range(max(len(q) for q in queues)):
            for queue in queues:
                if taken < per_stage and depth < len(queue):
                    kept.add(queue[depth])
                    taken += 1
    return [(package, stage) for package, stage in pairs if (package.id, str(stage)) in kept]
