"""Merging shard run directories: the merged run equals the unsharded one."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from harness.replay import (
    Filters,
    MergeError,
    Shard,
    merge_runs,
    read_results,
    read_run_meta,
    read_trace,
    replay,
)
from harness.rundir import RESULTS
from tests.replay_helpers import CrashingRunner, EchoRunner, corpus


def run(packages: list[Any], runner: Any, out: Path, **kwargs: Any) -> Any:
    return replay(packages, runner, out_dir=out, progress=False, **kwargs)


def outcome(out: Path) -> dict[tuple[str, str], tuple[str, Any, str | None]]:
    records = read_results(out)
    assert len(records) == len({r.key for r in records}), "duplicate results"
    return {r.key: (r.status, r.envelope.result, r.error) for r in records}


def test_merged_shards_equal_the_unsharded_run(tmp_path: Path) -> None:
    packages = corpus(20)
    runner = CrashingRunner(bad="pkg-004")  # a failed case must survive the merge as well
    run(packages, runner, tmp_path / "whole")
    run(packages, runner, tmp_path / "s1", filters=Filters(shard=Shard(1, 2)))
    run(packages, runner, tmp_path / "s2", filters=Filters(shard=Shard(2, 2)))
    merged = tmp_path / "runs" / "merged"
    meta = merge_runs([tmp_path / "s1", tmp_path / "s2"], merged)

    assert outcome(merged) == outcome(tmp_path / "whole")
    whole_counts = read_run_meta(tmp_path / "whole")["counts"]
    assert meta["counts"] == whole_counts
    assert read_run_meta(merged) == meta
    assert meta["state"] == "finished" and meta["shard"] is None
    assert [m["shard"] for m in meta["merged_from"]] == ["1/2", "2/2"]
    for record in read_results(merged):
        assert read_trace(merged, record.archive_id or "") == read_trace(
            tmp_path / ("s1" if Shard(1, 2).holds(record.package) else "s2"),
            record.archive_id or "",
        )
    assert (tmp_path / "latest").resolve() == merged.resolve()


def test_overlapping_runs_are_refused_and_nothing_is_written(tmp_path: Path) -> None:
    packages = corpus(6)
    run(packages, EchoRunner(), tmp_path / "a")
    run(packages, EchoRunner(), tmp_path / "b", filters=Filters(shard=Shard(1, 2)))
    with pytest.raises(MergeError, match="duplicate"):
        merge_runs([tmp_path / "a", tmp_path / "b"], tmp_path / "merged")
    assert not (tmp_path / "merged").exists()


def test_runs_of_another_model_are_refused(tmp_path: Path) -> None:
    packages = corpus(6)

    class Other(EchoRunner):
        model = "echo-2"

    run(packages, EchoRunner(), tmp_path / "a", filters=Filters(shard=Shard(1, 2)))
    run(packages, Other(), tmp_path / "b", filters=Filters(shard=Shard(2, 2)))
    with pytest.raises(MergeError, match="model"):
        merge_runs([tmp_path / "a", tmp_path / "b"], tmp_path / "merged")


def test_a_partial_shard_merges_with_its_pending_count(tmp_path: Path) -> None:
    packages = corpus(10)
    run(packages, EchoRunner(), tmp_path / "a", filters=Filters(shard=Shard(1, 2)))
    run(packages, EchoRunner(), tmp_path / "b", filters=Filters(shard=Shard(2, 2)))
    lines = (tmp_path / "b" / RESULTS).read_bytes().splitlines(keepends=True)
    (tmp_path / "b" / RESULTS).write_bytes(b"".join(lines[:-2]))
    meta = merge_runs([tmp_path / "a", tmp_path / "b"], tmp_path / "merged")
    assert meta["counts"]["pending"] == 2 and meta["state"] == "partial"
