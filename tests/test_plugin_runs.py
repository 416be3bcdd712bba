"""The run directory the plugin writes: the same as ``shadow run`` + ``shadow score``, one merged
directory under xdist, and shards that merge into the unsharded result."""

from __future__ import annotations

import gc
import json
from pathlib import Path

import pytest

from harness.loading import load_packages
from harness.replay import merge_runs, read_results, replay
from harness.rundir import TraceStore
from harness.runners.registry import make_runner
from harness.scorers.run import score_run_dir
from harness.suite import judge_run, read_suite
from tests.plugin_helpers import NO_REPORT, comparable_scores, outcomes, session_once, suite_text

EXPECT = "{status: completed, parity: true, invented_completion: false, boundary_events: 0}"
GATE = "gate:\n  gates:\n    - {metric: parity.match, statistic: estimate, comparator: '>=', threshold: 0.5}\n"


@pytest.fixture
def project(pytester_with_recordings: pytest.Pytester) -> pytest.Pytester:
    pytester = pytester_with_recordings
    # The credulous reference profile fails some expectations and meets others: both kinds matter.
    pytester.makefile(
        ".yaml", social=suite_text(runner="reference:credulous", expect=EXPECT, extra=GATE)
    )
    return pytester


@pytest.fixture(scope="module")
def whole_session(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """Filled by ``whole``: the social suite's session in one process, made once a module."""
    return {"dir": tmp_path_factory.mktemp("whole") / "run"}


@pytest.fixture
def whole(project: pytest.Pytester, whole_session: dict[str, object]) -> dict[str, str]:
    """The project's ``whole``: the run directory of one session of the suite in one process,
    report included, and that session's outcomes, run once a module."""
    return session_once(project, whole_session)


def _case_outcomes(found: dict[str, str]) -> dict[tuple[str, str], str]:
    cases: dict[tuple[str, str], str] = {}
    for nodeid, outcome in found.items():
        name = nodeid.split("::", 1)[1]
        if name.endswith("]"):
            package, stage = name[:-1].split("[")
            cases[(package, stage)] = outcome
    return cases


def test_pass_fail_matches_shadow_run_and_score(
    project: pytest.Pytester, whole: dict[str, str], tmp_path: Path
) -> None:
    found = whole
    pytest_cases = _case_outcomes(found)
    assert set(pytest_cases.values()) == {"passed", "failed"}

    # The same cases through the replay engine and the scorers, judged by the same suite.
    recordings = [project.path / "rec"]
    packages = load_packages(recordings).items
    run_dir = tmp_path / "shadow-run"
    runner = make_runner("reference", options={"profile": "credulous"})
    replay(
        packages,
        runner,
        out_dir=run_dir,
        recordings=recordings,
        progress=False,
        handle_signals=False,
    )
    score_run_dir(run_dir)
    suite = read_suite(project.path / "social.yaml")
    verdicts = judge_run(suite, project.path, run_dir, packages)
    assert {key: "failed" if unmet else "passed" for key, unmet in verdicts.items()} == pytest_cases

    out = project.path / "whole"
    # The plugin's scores are what `shadow score` writes for its run directory, byte for byte,
    # and the same as the shadow run's but for the clock.
    written = (out / "scores.jsonl").read_bytes()
    score_run_dir(out, out=tmp_path / "rescored.jsonl")
    assert (tmp_path / "rescored.jsonl").read_bytes() == written
    assert comparable_scores(out / "scores.jsonl") == comparable_scores(run_dir / "scores.jsonl")
    meta = json.loads((out / "run.json").read_text())
    assert meta["state"] == "finished"
    assert meta["counts"]["completed"] == len(pytest_cases) == 15
    assert (out / "report.md").is_file()
    with TraceStore(out) as traces:
        assert all(traces.has(record.archive_id or "") for record in read_results(out))


@pytest.mark.slow
def test_xdist_writes_one_merged_run_directory(
    project: pytest.Pytester, whole: dict[str, str]
) -> None:
    # The xdist run's report is read below; the lone run's only for its scores.
    single = whole
    parallel = outcomes(project.inline_run("--shadow-out", "two", "-n", "2"))
    assert parallel == single
    out = project.path / "two"
    assert not (out / ".parts").exists()
    keys = [r.key for r in read_results(out)]
    assert len(keys) == len(set(keys)) == 15
    assert comparable_scores(out / "scores.jsonl") == comparable_scores(
        project.path / "whole" / "scores.jsonl"
    )
    meta = json.loads((out / "run.json").read_text())
    assert meta["counts"]["planned"] == meta["counts"]["completed"] == 15
    assert meta["jobs"] == 2
    summary = json.loads((out / "summary.json").read_text())
    assert sum(row["runs"] for row in summary["status_counts"]) == 15


@pytest.mark.slow
def test_two_shards_merge_into_the_unsharded_run(
    project: pytest.Pytester, whole: dict[str, str], tmp_path: Path
) -> None:
    # The shards' own reports are not read: the merged run's is, written below.
    first = outcomes(project.inline_run("--shadow-out", "s1", "--shadow-shard", "1/2", NO_REPORT))
    second = outcomes(project.inline_run("--shadow-out", "s2", "--shadow-shard", "2/2", NO_REPORT))
    cases = {**_case_outcomes(first), **_case_outcomes(second)}
    assert cases == _case_outcomes(whole)
    assert first["social.yaml::gate"] == second["social.yaml::gate"] == "skipped"

    merged = tmp_path / "merged"
    merge_runs([project.path / "s1", project.path / "s2"], merged)
    score_run_dir(merged)
    assert comparable_scores(merged / "scores.jsonl") == comparable_scores(
        project.path / "whole" / "scores.jsonl"
    )

    from harness.report import write_report

    write_report(merged)
    ours = json.loads((merged / "summary.json").read_text())
    theirs = json.loads((project.path / "whole" / "summary.json").read_text())

    def timeless(summary: dict[str, object]) -> object:
        metrics = [m for m in summary["metrics"] if m["metric"] != "latency.latency_s"]  # type: ignore[attr-defined]
        decisions = [
            {**d, "gates": [g for g in d["gates"] if g["metric"] != "latency.latency_s"]}
            for d in summary["decisions"]  # type: ignore[attr-defined]
        ]
        return metrics, decisions, summary["status_counts"]

    assert timeless(ours) == timeless(theirs)


def test_the_session_gives_back_the_heap_it_froze(project: pytest.Pytester) -> None:
    # The plugin freezes each shadow case's survivors out of the cyclic collector's reach (a
    # long session's full passes otherwise rescan every held case); a plain test after the
    # suite sees them frozen, and nothing stays frozen once the session ends.
    project.makepyfile(
        test_zz_after="import gc\n\ndef test_after():\n    assert gc.get_freeze_count() > 0\n"
    )
    assert gc.get_freeze_count() == 0
    found = outcomes(project.inline_run("--shadow-out", "heap", NO_REPORT))
    assert found["test_zz_after.py::test_after"] == "passed"
    assert len(_case_outcomes(found)) == 15
    assert gc.get_freeze_count() == 0


def test_a_session_without_shadow_cases_freezes_nothing(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        test_plain="import gc\n\ndef test_plain():\n    assert gc.get_freeze_count() == 0\n"
    )
    assert outcomes(pytester.inline_run())["test_plain.py::test_plain"] == "passed"
