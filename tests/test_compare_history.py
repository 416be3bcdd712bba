"""Two versions on the same packages: who is better, where, and which packages flipped."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from harness.cli import main
from harness.report import compare, history, write_comparison
from harness.schema import ScoreValue
from tests.report_helpers import clean_outcome, write_run


def _credulous(i: int, stage: str) -> dict[str, dict[str, ScoreValue]]:
    out = clean_outcome(i, stage)
    if i % 3 == 0:
        out["invented_completion"] = {
            "completion_claims": 2,
            "invented_completions": 1,
            "invented": True,
        }
        out["parity"] = {"match": False, "expected": "contradicted", "actual": "supported"}
    return out


@pytest.fixture
def runs(tmp_path: Path) -> tuple[Path, Path]:
    careful = write_run(
        tmp_path / "careful", model="ref-careful", started_at="2026-09-01T10:00:00Z"
    )
    credulous = write_run(
        tmp_path / "credulous",
        model="ref-credulous",
        outcome=_credulous,
        started_at="2026-09-02T10:00:00Z",
    )
    return careful, credulous


def test_careful_beats_credulous_on_invented_completion_with_flips_listed(
    runs: tuple[Path, Path],
) -> None:
    result = compare(*runs, n_boot=200)
    rows = {(r["stage"], r["metric"]): r for r in result.rows()}
    invented = rows[("reconcile", "invented_completion.invented")]
    assert invented["verdict"] == "better" and invented["diff"] < 0 and invented["p"] < 0.05
    assert (
        rows[("reconcile", "evidence_fidelity.citation_precision")]["verdict"]
        == "no detectable difference"
    )
    flip = next(
        f
        for f in result.flips
        if f["stage"] == "reconcile" and f["metric"] == "invented_completion.invented"
    )
    assert flip["a_better"] == [f"pkg-{i:03d}" for i in range(0, 30, 3)] and flip["a_worse"] == []


def test_compare_only_pairs_shared_packages(tmp_path: Path) -> None:
    a = write_run(tmp_path / "a", model="m1", packages=10)
    b = write_run(tmp_path / "b", model="m2", packages=6)
    result = compare(a, b, n_boot=100)
    assert set(result.paired["n"]) == {6}


def test_compare_writes_files_and_the_command_prints_verdicts(
    runs: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, paths = write_comparison(*runs, tmp_path / "cmp", n_boot=100)
    assert json.loads(paths["json"].read_text())["a"] == "ref-careful"
    assert paths["plot"].read_bytes()[:4] == b"\x89PNG"
    assert main(["compare", str(runs[0]), str(runs[1]), "--out", str(tmp_path / "cmp2")]) == 0
    out = capsys.readouterr().out
    assert "better" in out and "invented_completion.invented" in out


def test_history_orders_runs_by_start_and_tracks_verdicts(
    runs: tuple[Path, Path], tmp_path: Path
) -> None:
    hist = history([runs[1], runs[0]])
    assert [r["run"].split(" @ ")[0] for r in hist.rows[::2]] == ["ref-careful", "ref-credulous"]
    reconcile = [r for r in hist.rows if r["stage"] == "reconcile"]
    assert reconcile[0]["invented"] == 0.0 and reconcile[1]["invented"] == pytest.approx(10 / 30)
    assert main(["history", str(runs[0]), str(runs[1]), "--out", str(tmp_path / "h")]) == 0
    assert (tmp_path / "h" / "history.html").is_file()


def test_compare_opens_with_what_changed_per_stage_with_paired_figures(
    runs: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    careful, credulous = runs
    result = compare(credulous, careful, n_boot=200)
    changes = {c.stage: c for c in result.changes()}
    assert set(changes) == {"reconcile", "draft"}
    reconcile = changes["reconcile"].sentence()
    # a (credulous) invents in 10 of 30 runs, b never: both values, the paired diff, p, flips.
    assert reconcile.startswith("reconcile (30 paired runs): a worse on ")
    assert "invented 0.333 vs 0 (diff +0.333 [" in reconcile and "p=0.002" in reconcile
    assert "parity 0.667 vs 1 (diff -0.333" in reconcile and "a better" not in reconcile
    assert "20 package outcome(s) flipped (20 worse in a, 0 better)" in reconcile
    assert changes["reconcile"].kind == "worse"
    assert result.headline() == (
        "a = ref-credulous against b = ref-careful on 2 stage(s): worse in 2 (reconcile, draft); "
        "better in none."
    )
    # Two identical runs: every stage says nothing changed.
    same = compare(careful, careful, n_boot=100)
    assert [c.sentence() for c in same.changes()] == [
        f"{stage} (30 paired runs): no detectable difference." for stage in ("reconcile", "draft")
    ]
    # The summary heads the terminal output, the markdown and the HTML page.
    assert main(["compare", str(credulous), str(careful), "--out", str(tmp_path / "c")]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == result.headline() and out[1].strip().startswith("reconcile (30 paired runs)")
    md = (tmp_path / "c" / "compare.md").read_text()
    assert md.index("## What changed") < md.index("## Per stage and metric")
    page = (tmp_path / "c" / "compare.html").read_text()
    assert page.index('id="compare-summary"') < page.index('id="comparison"')
    assert '<li class="change-worse" data-stage="reconcile">' in page
