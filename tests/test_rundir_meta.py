"""run.json is typed and versioned: every writer's output validates, the previous layout still
reads, and scoring refuses recordings that are not the ones the run replayed."""

from __future__ import annotations

import argparse
import json
import shutil
from pathlib import Path

import pytest

from harness.cli import score as score_cli
from harness.detectors import DETECTORS
from harness.invocation import build_invocation, invocation_digest
from harness.policy import load_policy, policy_digest
from harness.replay import merge_runs, replay
from harness.replay.select import Filters, Shard
from harness.report.run_report import write_report
from harness.rundir import (
    RUN_FORMAT,
    RunDirError,
    RunMeta,
    load_run_meta,
    read_results,
    read_run_meta,
    write_run_meta,
)
from harness.runners.base import RunnerOutput
from harness.schema import Invocation
from harness.scorers import SCORER_NAMES
from harness.scorers.run import ScoringError, score_run_dir
from tests.replay_helpers import EchoRunner, ScriptedRunner, answer, corpus, forbidden_trace
from tests.report_helpers import write_run

LAYOUT_1 = Path(__file__).parent / "data" / "run-layouts" / "layout1"


def _stored(run_dir: Path) -> dict[str, object]:
    data: dict[str, object] = json.loads((run_dir / "run.json").read_text(encoding="utf-8"))
    return data


def _recorded_run(tmp_path: Path, count: int = 3) -> Path:
    recordings = tmp_path / "rec"
    recordings.mkdir(exist_ok=True)
    packages = corpus(count)
    (recordings / "p.jsonl").write_text("".join(p.model_dump_json() + "\n" for p in packages))
    out = tmp_path / "run"
    replay(packages, EchoRunner(), out_dir=out, progress=False, recordings=[recordings])
    return out


def test_a_replayed_run_writes_the_current_layout_and_it_validates(tmp_path: Path) -> None:
    out = _recorded_run(tmp_path)
    stored = _stored(out)
    assert stored["format_version"] == RUN_FORMAT
    meta = RunMeta.model_validate(stored)
    assert meta.state == "finished" and meta.runner == "echo" and meta.recordings_sha256
    assert meta.isolation is not None and meta.isolation.level == "in_process"
    assert meta.counts["completed"] == len(read_results(out))


def test_merged_runs_validate_too(tmp_path: Path) -> None:
    packages = corpus(6)
    for index in (1, 2):
        replay(packages, EchoRunner(), out_dir=tmp_path / f"s{index}", progress=False,
               filters=Filters(shard=Shard(index, 2)))  # fmt: skip
    merge_runs([tmp_path / "s1", tmp_path / "s2"], tmp_path / "merged")
    meta = RunMeta.model_validate(_stored(tmp_path / "merged"))
    assert meta.merged_from is not None and [m.shard for m in meta.merged_from] == ["1/2", "2/2"]


def test_the_previous_layout_reads_and_scores(tmp_path: Path) -> None:
    old = _stored(LAYOUT_1)
    assert "format_version" not in old and "scoring" not in old  # the fixture is layout 1
    run_dir = tmp_path / "old"
    shutil.copytree(LAYOUT_1, run_dir)
    meta = load_run_meta(run_dir)
    assert meta.run_id == old["run_id"] and meta.state == "finished"
    assert meta.isolation is None and meta.scoring is None

    result = score_run_dir(run_dir)
    assert result.cases == len(read_results(run_dir)) and not result.skipped and not result.notes
    # Scoring rewrites run.json in today's layout, keeping what the old one said.
    rewritten = _stored(run_dir)
    assert rewritten["format_version"] == RUN_FORMAT
    assert {k: rewritten[k] for k in old} == old
    scoring = load_run_meta(run_dir).scoring
    assert scoring is not None
    assert [s.name for s in scoring.scorers] == list(SCORER_NAMES)
    assert "match" in next(s for s in scoring.scorers if s.name == "parity").metrics
    assert scoring.thresholds["claim_support"] == 0.5
    derived = next(s for s in scoring.scorers if s.name == "usefulness")
    assert derived.derived_from == ["parity", "evidence_fidelity"] and derived.metrics == ["useful"]


def test_a_writer_cannot_add_a_field_the_model_does_not_know(tmp_path: Path) -> None:
    meta = read_run_meta(LAYOUT_1)
    with pytest.raises(ValueError, match="recording_sha256"):
        write_run_meta(tmp_path, {**meta, "recording_sha256": "renamed by mistake"})
    assert not (tmp_path / "run.json").exists()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"format_version": RUN_FORMAT + 1}, "newer than this harness reads"),
        ({"state": "done"}, r"run\.json: state: "),
        ({"counts": {"planned": "many"}}, r"run\.json: counts\.planned: "),
    ],
    ids=["newer-format", "unknown-state", "bad-count"],
)
def test_a_bad_run_json_names_the_file_and_field(
    tmp_path: Path, change: dict[str, object], message: str
) -> None:
    (tmp_path / "run.json").write_text(json.dumps({**_stored(LAYOUT_1), **change}))
    with pytest.raises(RunDirError, match=message):
        read_run_meta(tmp_path)


def _score_cli(*argv: str) -> int:
    parser = argparse.ArgumentParser()
    score_cli.add_parser(parser.add_subparsers(dest="command"))
    return score_cli.run(parser.parse_args(["score", *argv]))


def test_score_refuses_changed_recordings_unless_allowed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _recorded_run(tmp_path)
    before = (out / "run.json").read_bytes()
    recordings = tmp_path / "rec" / "p.jsonl"
    # One package edited after the run: its scores would judge a package the runner never saw.
    lines = recordings.read_text().splitlines(keepends=True)
    recordings.write_text(lines[0].replace("What is true", "What is false") + "".join(lines[1:]))

    with pytest.raises(ScoringError, match="recordings changed since the run"):
        score_run_dir(out)
    assert not (out / "scores.jsonl").exists() and (out / "run.json").read_bytes() == before
    assert _score_cli(str(out)) == 2
    assert "--allow-changed-recordings" in capsys.readouterr().err

    assert _score_cli(str(out), "--allow-changed-recordings") == 0
    assert "warning: the recordings changed since the run" in capsys.readouterr().err
    assert (out / "scores.jsonl").exists()


def test_score_refuses_recordings_that_are_gone(tmp_path: Path) -> None:
    out = _recorded_run(tmp_path)
    shutil.rmtree(tmp_path / "rec")
    with pytest.raises(ScoringError, match="recordings are missing"):
        score_run_dir(out)


def test_a_results_line_holds_what_its_runner_saw_and_what_replay_found(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    packages = corpus(2)
    out = tmp_path / "run"

    def forbidden(invocation: Invocation) -> RunnerOutput:
        return RunnerOutput(answer(invocation), trace=forbidden_trace())

    replay(packages, ScriptedRunner(forbidden), out_dir=out, progress=False)
    by_id = {p.id: p for p in packages}
    records = read_results(out)
    for record in records:
        seen = build_invocation(by_id[record.package], record.stage)
        assert record.invocation_sha256 == invocation_digest(seen)
        assert any(e.kind == "forbidden_verb" for e in record.boundary_events)

    # Scoring judges the stored events: boundary rules changed since the run do not move it.
    import harness.boundary.result
    import harness.boundary.trace

    monkeypatch.setattr(harness.boundary.trace, "trace_boundary_events", lambda *_: [])
    monkeypatch.setattr(harness.boundary.result, "result_boundary_events", lambda *_: [])
    scores = score_run_dir(out, packages=packages).records
    verdicts = [s.values["compliant"] for s in scores if s.scorer == "boundary"]
    assert verdicts == [False] * len(records)


def test_run_json_names_the_detector_behind_each_text_judging_scorer(tmp_path: Path) -> None:
    run_dir = _recorded_run(tmp_path)
    score_run_dir(run_dir)
    scoring = load_run_meta(run_dir).scoring
    assert scoring is not None
    detectors = {s.name: s.detector for s in scoring.scorers}
    text_judges = {"evidence_fidelity", "invented_completion", "repeat_checks", "parity"}
    assert {name for name, d in detectors.items() if d} == text_judges
    assert all(detectors[name] in DETECTORS for name in text_judges)
    assert detectors["boundary"] is None and detectors["usefulness"] is None


def test_a_report_records_the_digest_of_the_policy_it_decided_with(tmp_path: Path) -> None:
    run_dir = write_run(tmp_path / "run", model="m", packages=4)
    assert load_run_meta(run_dir).policy_sha256 is None  # no decision made yet
    write_report(run_dir, n_boot=50)
    shipped = load_run_meta(run_dir).policy_sha256
    assert shipped == policy_digest(load_policy(None))

    stricter = tmp_path / "strict.toml"
    stricter.write_text("confidence = 0.9\n")
    write_report(run_dir, policy=load_policy(stricter), n_boot=50)
    strict = load_run_meta(run_dir).policy_sha256
    assert strict == policy_digest(load_policy(stricter)) and strict != shipped
    # The digest is of the effective policy: a file that changes nothing is the shipped policy.
    same = tmp_path / "same.toml"
    same.write_text("# nothing changed\n")
    assert policy_digest(load_policy(same)) == shipped
