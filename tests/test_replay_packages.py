"""Replay from package files: a corpus is selected from heads and each package is read when its
case starts, with the same results as a replay of packages held in memory."""

from __future__ import annotations

from pathlib import Path

import pytest

from harness.replay import Filters, read_results, replay, select_cases
from harness.replay.packages import PackageChanged, PackageFiles
from harness.replay.select import select_pairs
from tests.replay_helpers import EchoRunner, corpus


def write_corpus(path: Path, count: int) -> None:
    lines = [p.model_dump_json() for p in corpus(count)]
    path.write_text(
        "\n".join(lines[: count // 2]) + "\nnot json\n" + "\n".join(lines[count // 2 :]) + "\n"
    )


def outcome(out: Path) -> dict[tuple[str, str], object]:
    return {r.key: (r.status, r.envelope.result) for r in read_results(out)}


def test_a_replay_from_files_equals_one_from_memory(tmp_path: Path) -> None:
    write_corpus(tmp_path / "p.jsonl", 9)
    files = PackageFiles([tmp_path / "p.jsonl"])
    assert len(files) == 9 and len(files.errors) == 1 and files.errors[0].line == 5
    from_files, held = tmp_path / "files", tmp_path / "held"
    replay(files, EchoRunner(), out_dir=from_files, progress=False, jobs=2)
    replay(corpus(9), EchoRunner(), out_dir=held, progress=False, jobs=2)
    assert outcome(from_files) == outcome(held) and len(outcome(held)) > 9
    assert files.load("pkg-004") == corpus(9)[4]


@pytest.mark.parametrize(
    "filters",
    [Filters(), Filters(per_stage=2), Filters(agents=frozenset({"vojan"}), limit=5),
     Filters(labels={"failure_mode": "clean"})],
)  # fmt: skip
def test_heads_select_the_cases_packages_select(tmp_path: Path, filters: Filters) -> None:
    write_corpus(tmp_path / "p.jsonl", 12)
    heads = [(h.id, str(s)) for h, s in select_pairs(PackageFiles([tmp_path]).heads, filters)]
    assert heads == [case.key for case in select_cases(corpus(12), filters)]


def test_a_package_file_changed_under_the_run_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "p.jsonl"
    write_corpus(path, 4)
    files = PackageFiles([path])
    path.write_text(path.read_text().replace('"pkg-000"', '"pkg-00X"', 1))
    with pytest.raises(PackageChanged, match=r"p\.jsonl: changed while the run read it"):
        files.load("pkg-000")
