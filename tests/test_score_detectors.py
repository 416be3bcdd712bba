"""Scoring with a chosen detector per text judgement: ``shadow score RUN --detector
completion=judge``. The chosen detector makes that judgement (the others stay lexical), every
score and run.json name the detector behind it, the report shows it, and a detector that cannot
answer stops scoring as an infrastructure error instead of leaving a verdict."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from harness.cli import main
from harness.detectors.base import CompletionQuestion, ReopenQuestion, SupportQuestion, Verdict
from harness.scorers.run import score_run_dir

ROOT = Path(__file__).resolve().parents[1]


class KeywordDetector:
    """Calls a sentence invented when it says "for", every cited claim contradicted: verdicts
    the lexical rules would not give, so a score made by it is told apart from a lexical one."""

    name = "keyword:test"

    def completion(self, q: CompletionQuestion) -> Verdict:
        return Verdict(" for " in f" {q.sentence} ", "says 'for'", self.name)

    def support(self, q: SupportQuestion) -> Verdict:
        return Verdict("contradicted", "always contradicted", self.name)

    def reopens(self, q: ReopenQuestion) -> Verdict:
        return Verdict(False, "never", self.name)


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("runs") / "careful"
    argv = ["run", "--runner", "recorded", "--model", "reference-careful", "--recordings",
            str(ROOT / "recordings" / "sophobot"), "--stage", "inquire", "--limit", "6",
            "--out", str(out), "--no-progress", "--no-report"]  # fmt: skip
    assert main(argv) == 0
    return out


def _scores(run_dir: Path) -> list[dict[str, object]]:
    lines = (run_dir / "scores.jsonl").read_text().splitlines()
    return [json.loads(line) for line in lines]


def test_a_chosen_detector_makes_its_judgement_and_is_named(run_dir: Path) -> None:
    result = score_run_dir(run_dir, detectors={"completion": KeywordDetector(),
                                               "support": KeywordDetector()})  # fmt: skip
    by_scorer: dict[str, list[dict[str, object]]] = {}
    for score in _scores(run_dir):
        by_scorer.setdefault(str(score["scorer"]), []).append(score)
    assert result.cases == 6
    invented = by_scorer["invented_completion"]
    assert {s["detector"] for s in invented} == {"keyword:test"}
    # The careful model's answers say "message.send for marguerite happened": the keyword
    # detector calls that invented, which the lexical rules never do for a proven send.
    assert any(s["values"]["invented"] for s in invented)  # type: ignore[index]
    fidelity = by_scorer["evidence_fidelity"]
    assert {s["detector"] for s in fidelity} == {"keyword:test"}
    assert all(s["values"]["supported_claims"] == 0 for s in fidelity)  # type: ignore[index]
    assert {s["detector"] for s in by_scorer["repeat_checks"]} == {"lexical"}
    assert all("detector" not in s for s in by_scorer["boundary"])
    specs = {s["name"]: s.get("detector") for s in
             json.loads((run_dir / "run.json").read_text())["scoring"]["scorers"]}  # fmt: skip
    assert specs["invented_completion"] == "keyword:test"
    assert specs["repeat_checks"] == "lexical"
    assert specs["boundary"] is None
    # Scored again with the rules alone, the same run names lexical everywhere.
    score_run_dir(run_dir)
    assert {
        s.get("detector") for s in _scores(run_dir) if s["scorer"] == "invented_completion"
    } == {"lexical"}
    assert not any(
        s["values"]["invented"]  # type: ignore[index]
        for s in _scores(run_dir)
        if s["scorer"] == "invented_completion"
    )


def test_the_report_names_the_detector_behind_each_scorer(run_dir: Path) -> None:
    score_run_dir(run_dir, detectors={"support": KeywordDetector()})
    assert main(["report", str(run_dir)]) == 0
    text = (run_dir / "report.md").read_text()
    assert "text detectors" in text
    assert "evidence_fidelity.*: keyword:test" in text
    assert "invented_completion.*: lexical" in text


def test_shadow_score_takes_detector_choices_and_refuses_bad_ones(
    run_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["score", str(run_dir), "--detector", "completion=lexical"]) == 0
    assert main(["score", str(run_dir), "--detector", "verdict=lexical"]) == 2
    assert "unknown judgement" in capsys.readouterr().err
    assert main(["score", str(run_dir), "--detector", "completion=judge"]) == 2
    assert "model=NAME is required" in capsys.readouterr().err
    assert main(["score", str(run_dir), "--detector", "completion"]) == 2


def test_a_detector_that_cannot_answer_stops_scoring_without_a_verdict(
    run_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = (run_dir / "scores.jsonl").read_bytes()
    # Port 9 (discard) on loopback refuses at once: an endpoint that is down.
    code = main(["score", str(run_dir), "--detector", "completion=judge", "--opt", "model=m",
                 "--opt", "base_url=http://127.0.0.1:9/v1", "--opt", "timeout_s=2"])  # fmt: skip
    assert code == 3
    assert "detector error, no scores written" in capsys.readouterr().err
    assert (run_dir / "scores.jsonl").read_bytes() == before
