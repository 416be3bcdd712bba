"""Case selection: filters, limit and the shard split CI jobs rely on."""

from __future__ import annotations

import hashlib
import random

import pytest

from harness.replay import Filters, Shard, select_cases, shard_of
from harness.replay.select import Case, parse_label
from harness.schema import Stage
from tests.replay_helpers import corpus, make_package


def keys(cases: list[Case]) -> list[tuple[str, str]]:
    return [c.key for c in cases]


def test_no_filter_gives_every_listed_stage_of_every_package_in_order() -> None:
    packages = corpus(6)
    expected = [(p.id, str(s)) for p in packages for s in p.stages]
    assert keys(select_cases(packages)) == expected


def test_stage_agent_package_and_label_filters_combine() -> None:
    packages = corpus(12)
    chosen = select_cases(
        packages,
        Filters(
            stages=frozenset({Stage.reconcile}),
            agents=frozenset({"vojan"}),
            packages=("pkg-00*", "pkg-011"),
            labels={"failure_mode": "clean"},
        ),
    )
    by_id = {p.id: p for p in packages}
    assert chosen, "the fixture must leave something to select"
    for case in chosen:
        package = by_id[case.package.id]
        assert case.stage == Stage.reconcile
        assert package.agent == "vojan"
        assert package.id.startswith("pkg-00") or package.id == "pkg-011"
        assert package.labels["failure_mode"] == "clean"
    # And nothing that matches was dropped.
    expected = [
        (p.id, "reconcile")
        for p in packages
        if Stage.reconcile in p.stages
        and p.agent == "vojan"
        and (p.id.startswith("pkg-00") or p.id == "pkg-011")
        and p.labels["failure_mode"] == "clean"
    ]
    assert keys(chosen) == expected


def test_limit_takes_the_first_cases_and_zero_takes_none() -> None:
    packages = corpus(6)
    everything = keys(select_cases(packages))
    assert keys(select_cases(packages, Filters(limit=4))) == everything[:4]
    assert select_cases(packages, Filters(limit=0)) == []


def test_shards_partition_the_cases_and_keep_a_package_together() -> None:
    packages = corpus(40)
    everything = set(keys(select_cases(packages)))
    for count in (1, 2, 3, 7):
        parts = [
            set(keys(select_cases(packages, Filters(shard=Shard(k, count)))))
            for k in range(1, count + 1)
        ]
        assert set().union(*parts) == everything
        assert sum(len(p) for p in parts) == len(everything)
        for part in parts:
            package_ids = {pid for pid, _ in part}
            # Every stage of a package is in the shard of that package.
            assert part == {k for k in everything if k[0] in package_ids}


def test_shard_is_stable_across_load_order_and_follows_sha256() -> None:
    packages = corpus(30)
    shuffled = packages[:]
    random.Random(7).shuffle(shuffled)
    shard = Shard(2, 3)
    assert set(keys(select_cases(packages, Filters(shard=shard)))) == set(
        keys(select_cases(shuffled, Filters(shard=shard)))
    )
    for package in packages:
        expected = int(hashlib.sha256(package.id.encode()).hexdigest(), 16) % 3
        assert shard_of(package.id, 3) == expected + 1


def test_limit_applies_within_the_shard() -> None:
    packages = corpus(30)
    shard_cases = keys(select_cases(packages, Filters(shard=Shard(1, 2))))
    assert keys(select_cases(packages, Filters(shard=Shard(1, 2), limit=3))) == shard_cases[:3]


@pytest.mark.parametrize("text", ["0/2", "3/2", "2", "a/b", "1/0", "/"])
def test_bad_shard_is_a_clear_error(text: str) -> None:
    with pytest.raises(ValueError, match="shard"):
        Shard.parse(text)


def test_shard_parses_k_of_n() -> None:
    assert Shard.parse("2/4") == Shard(2, 4)
    assert str(Shard(2, 4)) == "2/4"


def test_label_needs_key_and_value_separator() -> None:
    assert parse_label("failure_mode=clean") == ("failure_mode", "clean")
    assert parse_label("note=a=b") == ("note", "a=b")
    with pytest.raises(ValueError, match="key=value"):
        parse_label("failure_mode")


def test_duplicate_package_ids_are_refused() -> None:
    with pytest.raises(ValueError, match="pkg-a"):
        select_cases([make_package("pkg-a"), make_package("pkg-a")])


def test_filters_survive_run_json_round_trip() -> None:
    filters = Filters(
        stages=frozenset({Stage.draft, Stage.reconcile}),
        agents=frozenset({"uhdim"}),
        packages=("pkg-*",),
        labels={"origin": "test"},
        limit=5,
        shard=Shard(1, 3),
        per_stage=4,
    )
    assert Filters.from_json(filters.to_json()) == filters


def test_per_stage_sample_spreads_over_clusters_before_taking_a_second_copy() -> None:
    # Three templates with four copies each and two hand-written packages, all reconcile.
    packages = [
        make_package(f"gen-{t}-{i}", ("reconcile",), labels={"origin": f"generated:t{t}"})
        for t in range(3)
        for i in range(4)
    ] + [
        make_package(
            f"hand-{i}", ("reconcile",), labels={"origin": "handwritten", "family": f"f{i}"}
        )
        for i in range(2)
    ]
    chosen = select_cases(packages, Filters(per_stage=5))
    clusters = [c.package.labels.get("family") or c.package.labels["origin"] for c in chosen]
    assert len(chosen) == 5
    assert len(set(clusters)) == 5, "five clusters exist, so five cases come from five of them"
    seven = select_cases(packages, Filters(per_stage=7))
    assert len(seven) == 7 and len({c.package.id for c in seven}) == 7
    # Every template gives a second copy before any gives a third.
    per_template = [sum(c.package.id.startswith(f"gen-{t}-") for c in seven) for t in range(3)]
    assert sorted(per_template) == [1, 2, 2]
    # Deterministic and in load order.
    assert keys(select_cases(packages, Filters(per_stage=7))) == keys(seven)
    assert keys(seven) == sorted(keys(seven), key=lambda k: [p.id for p in packages].index(k[0]))


def test_per_stage_sample_counts_each_stage_separately_and_limit_comes_after() -> None:
    packages = corpus(24)
    chosen = select_cases(packages, Filters(per_stage=2))
    per_stage = {str(s): sum(c.stage == s for c in chosen) for s in Stage}
    assert {s: n for s, n in per_stage.items() if n} == {
        "reconcile": 2,
        "critique": 2,
        "preflight": 2,
        "draft": 2,
        "inquire": 2,
    }
    assert keys(select_cases(packages, Filters(per_stage=2, limit=3))) == keys(chosen)[:3]
    with pytest.raises(ValueError, match="--per-stage 0"):
        Filters(per_stage=0)
