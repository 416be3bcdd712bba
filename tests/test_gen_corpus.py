"""tools/gen_corpus: the same command writes the same bytes, and every package it writes is a
valid, fully labelled ground truth (an expectation for every listed stage)."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from harness.schema import STAGES, Package
from tools.gen_corpus.cli import main
from tools.gen_corpus.scene import Scene
from tools.gen_corpus.templates.base import FailureMode, Template

ROOT = Path(__file__).resolve().parent.parent


def _run(out: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "tools.gen_corpus", "--out", str(out)],
        check=True,
        capture_output=True,
        text=True,
        cwd=ROOT,
    )


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    first = tmp_path_factory.mktemp("first")
    second = tmp_path_factory.mktemp("second")
    _run(first)
    _run(second)
    return first, second


@pytest.fixture(scope="module")
def packages(runs: tuple[Path, Path]) -> list[tuple[str, Package]]:
    out: list[tuple[str, Package]] = []
    for path in sorted(runs[0].glob("*.jsonl")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            out.append((f"{path.name}:{n}", Package.model_validate_json(line)))
    return out


def test_the_same_command_writes_byte_identical_files(runs: tuple[Path, Path]) -> None:
    first, second = runs
    names = sorted(p.name for p in first.glob("*.jsonl"))
    assert names == sorted(p.name for p in second.glob("*.jsonl"))
    assert len(names) == 15
    for name in names:
        assert (first / name).read_bytes() == (second / name).read_bytes(), name


def test_every_package_validates_and_expects_every_listed_stage(
    packages: list[tuple[str, Package]],
) -> None:
    assert len(packages) >= 200
    ids = [pkg.id for _, pkg in packages]
    assert len(set(ids)) == len(ids)
    for where, pkg in packages:
        assert pkg.labels["origin"].startswith("generated:"), where
        assert where.startswith(pkg.labels["failure_mode"] + ".jsonl"), where
        for stage in pkg.stages:
            assert pkg.host.expect.for_stage(stage) is not None, f"{where} {pkg.id} {stage}"


def test_corpus_covers_every_stage_agent_and_judgement(packages: list[tuple[str, Package]]) -> None:
    stages = Counter(str(stage) for _, pkg in packages for stage in pkg.stages)
    assert all(stages[str(stage)] >= 30 for stage in STAGES), stages
    agents = Counter(pkg.agent for _, pkg in packages)
    assert set(agents) == {"uhdim", "vojan"}
    expects = [pkg.host.expect for _, pkg in packages]
    statuses = {e.reconcile.status for e in expects if e.reconcile}
    modes = {e.preflight.recommended_mode for e in expects if e.preflight}
    verdicts = {e.analyze.verdict for e in expects if e.analyze}
    recs = {e.critique.recommendation for e in expects if e.critique}
    assert statuses == {"supported", "contradicted", "ambiguous"}
    assert modes == {"act", "wait", "read", "ask_host"}
    assert verdicts == {"pass", "fail", "inconclusive"}
    assert recs == {"not_ready", "conditionally_ready", "ready_for_host_review"}


def test_ground_truth_follows_the_receipts(packages: list[tuple[str, Package]]) -> None:
    for where, pkg in packages:
        proven = {
            f"{r.action}:{r.target}"
            for r in pkg.host.receipts
            if r.succeeded and r.at <= pkg.recorded_at
        }
        draft = pkg.host.expect.draft
        if draft is not None:
            # A draft may assert what a receipt proves; everything it must not assert is unproven.
            assert not proven & set(draft.must_not_assert), where
            unproven = {
                f"{r.action}:{r.target}"
                for r in pkg.host.receipts
                if not (r.succeeded and r.at <= pkg.recorded_at)
            } - proven
            assert unproven <= set(draft.must_not_assert), where
        critique = pkg.host.expect.critique
        if critique is not None:
            assert pkg.subject.draft is not None, where
            for claim in critique.unsupported_claims:
                assert claim in pkg.subject.draft, where
            if critique.unsupported_claims:
                assert critique.recommendation == "not_ready", where
        # Receipts from after recorded_at are host knowledge only.
        context_ids = {item.id for item in pkg.context}
        for receipt in pkg.host.receipts:
            if receipt.at > pkg.recorded_at:
                assert receipt.id not in context_ids, where
        assert all(item.at <= pkg.recorded_at for item in pkg.context), where


def test_an_invalid_package_stops_the_generator_before_writing(tmp_path: Path) -> None:
    def misquoting(s: Scene) -> None:
        # The critique expectation quotes a sentence the draft never contains.
        s.wake("heartbeat", "scheduled")
        s.question = "Is the journal draft ready?"
        s.decide(s.note("session", s.mins(1, 5), "Uhdim: drafting tonight's entry."))
        s.critique([("The studio was quiet today.", True)], "journal")
        s.expect["critique"]["unsupported_claims"] = ["I sent Patrick the proofs."]

    broken = FailureMode("clean", "clean", (Template(misquoting, 1, (("critique",),)),))
    with pytest.raises(SystemExit, match=r"gen-(uhdim|vojan)-clean-0001"):
        main(["--out", str(tmp_path)], modes=(broken,))
    assert list(tmp_path.iterdir()) == []
