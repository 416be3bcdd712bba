"""Cases replayed ahead of their items and scored beside the session (``pytest_plugin.ahead``):
the same run directory and the same item reports as when each item scores its own case; a
session stopped early keeps every case it replayed, scored; a package that no longer loads
gives the ahead path up without losing a case.

Each session runs in a subprocess: scoring processes are forked only from a process with no
other thread, and an xdist worker (the suite runs under ``-n``) has them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.plugin_helpers import REPO

OUTPUTS = f"outputs_dir={REPO / 'recordings' / 'outputs'}"
SUITE = """shadow-suite: 1
recordings: ["rec/*.jsonl"]
runner: "recorded:reference-careful"
expect: {status: completed, parity: true, invented_completion: false, boundary_events: 0}
"""


@pytest.fixture
def project(pytester_with_recordings: pytest.Pytester) -> pytest.Pytester:
    (pytester_with_recordings.path / "cases.yaml").write_text(SUITE, encoding="utf-8")
    return pytester_with_recordings


def _run(project: pytest.Pytester, out: str, *args: str) -> pytest.RunResult:
    return project.runpytest_subprocess(
        "cases.yaml", "--shadow-out", out, "--shadow-opt", OUTPUTS, "-p", "no:cacheprovider", *args
    )


def _keys(path: Path) -> list[tuple[str, str]]:
    return [(d["package"], d["stage"]) for d in map(json.loads, path.read_text().splitlines())]


def _masked(lines: list[str]) -> list[str]:
    # the run id and durations differ between any two sessions
    clock = r"\d{8}T\d{6}Z-[0-9a-f]+|\d{4}-\d\d-\d\dT[\d:.]+Z|in \d+\.\d+s.*|\d+\.\d+s"
    return [re.sub(clock, "#", line) for line in lines]


def test_cases_scored_ahead_are_those_scored_in_their_items(project: pytest.Pytester) -> None:
    alone = _run(project, "alone", "--shadow-score-workers", "1", "-rA")
    beside = _run(project, "beside", "--shadow-score-workers", "2", "-rA")
    shown = [line for line in beside.outlines if "scored beside their items" in line]
    assert shown == ["15 case(s) scored beside their items by 2 processes"]
    assert not [line for line in alone.outlines if "scored beside" in line]
    assert alone.ret == beside.ret
    # every item's report, failures' findings included, line for line (each names its run dir)
    assert _masked([x.replace("alone", "RUN") for x in alone.outlines]) == _masked(
        [x.replace("beside", "RUN") for x in beside.outlines if x not in shown]
    )
    a, b = project.path / "alone", project.path / "beside"
    assert (a / "scores.jsonl").read_bytes() == (b / "scores.jsonl").read_bytes()
    assert _keys(a / "results.jsonl") == _keys(b / "results.jsonl")
    report_a = (a / "report.md").read_text().replace(a.name, "")
    report_b = (b / "report.md").read_text().replace(b.name, "")
    assert _masked(report_a.splitlines()) == _masked(report_b.splitlines())


def test_a_session_stopped_early_keeps_each_case_it_replayed_scored(
    project: pytest.Pytester,
) -> None:
    (project.path / "cases.yaml").write_text(
        SUITE.replace("status: completed", "status: failed"), encoding="utf-8"
    )
    result = _run(project, "stopped", "--shadow-score-workers", "2", "-x", "--shadow-no-report")
    result.assert_outcomes(failed=1)
    run = project.path / "stopped"
    stored = _keys(run / "results.jsonl")
    # the first item stopped the session, but the cases replayed ahead of it are in the run
    assert len(stored) == 15
    assert sorted(set(_keys(run / "scores.jsonl"))) == sorted(stored)
    meta = json.loads((run / "run.json").read_text())
    assert meta["counts"]["completed"] == 15


def test_a_package_that_no_longer_loads_gives_the_ahead_path_up(project: pytest.Pytester) -> None:
    recordings = project.path / "rec" / "small.jsonl"
    lines = recordings.read_text(encoding="utf-8").splitlines()
    victim = json.loads(lines[2])["id"]
    # Before the first case runs, the third package's line is overwritten with as many bytes of
    # something else: the cases replayed ahead meet it first, and its own items meet it again.
    project.makeconftest(
        f"""
from pathlib import Path
DONE = []
def pytest_runtest_setup(item):
    if DONE:
        return
    DONE.append(1)
    path = Path({str(recordings)!r})
    lines = path.read_text(encoding="utf-8").splitlines()
    lines[2] = "#" * len(lines[2])
    path.write_text("\\n".join(lines) + "\\n", encoding="utf-8")
"""
    )
    result = _run(project, "broken", "--shadow-score-workers", "2", "--shadow-no-report", "-rf")
    failed = [line for line in result.outlines if line.startswith("FAILED")]
    # the victim's items fail with the message naming its file; the rest are judged as ever
    # (a finding "not met" is the case's own, the same without the broken line)
    assert [line for line in failed if victim in line], result.outlines
    assert any("small.jsonl" in line for line in result.outlines)
    # given up at the first item: every case was scored in this process
    assert not [line for line in result.outlines if "scored beside" in line]
    others = [line for line in failed if victim not in line]
    assert all("not met" in line for line in others), others
    run = project.path / "broken"
    stored = _keys(run / "results.jsonl")
    assert stored and not [k for k in stored if k[0] == victim]
    assert sorted(set(_keys(run / "scores.jsonl"))) == sorted(stored)
    passed = int(re.search(r"(\d+) passed", result.outlines[-1]).group(1))  # type: ignore[union-attr]
    assert passed - 1 + len(others) == len(stored)  # the suite's gate item passed too


def test_an_interrupted_session_keeps_each_case_it_replayed_scored(
    project: pytest.Pytester,
) -> None:
    # Ctrl-C in the third item: the session ends interrupted, and the cases replayed ahead of
    # it are in the run with their scores, as a finished run's are
    project.makeconftest(
        """
SEEN = []
def pytest_runtest_call(item):
    SEEN.append(item)
    if len(SEEN) == 3:
        raise KeyboardInterrupt
"""
    )
    result = _run(project, "stopped", "--shadow-score-workers", "2", "--shadow-no-report")
    assert result.ret == pytest.ExitCode.INTERRUPTED
    run = project.path / "stopped"
    stored = _keys(run / "results.jsonl")
    assert len(stored) == 15
    assert sorted(set(_keys(run / "scores.jsonl"))) == sorted(stored)
    meta = json.loads((run / "run.json").read_text())
    assert meta["state"] == "interrupted"


def test_a_case_whose_scoring_raises_fails_its_own_item_alone(project: pytest.Pytester) -> None:
    # A scorer that raises on one package's cases (a harness bug on one input): those items
    # fail with the error, every other case is stored, scored and judged as ever, and the run
    # directory is written out
    recordings = project.path / "rec" / "small.jsonl"
    victim = json.loads(recordings.read_text(encoding="utf-8").splitlines()[2])["id"]
    project.makeconftest(
        f"""
import harness.scorers.run as run
real = run.score_case
def score_case(ctx, scorers=None):
    if ctx.package.id == {victim!r}:
        raise ValueError("scorer broke on " + ctx.package.id)
    return real(ctx, scorers)
run.score_case = score_case
"""
    )
    result = _run(project, "broke", "--shadow-score-workers", "2", "--shadow-no-report", "-rf")
    failed = [line for line in result.outlines if line.startswith("FAILED")]
    broke = [line for line in failed if victim in line]
    assert broke and any(f"scorer broke on {victim}" in line for line in result.outlines)
    # the other failures are findings of their own cases, not the victim's error
    assert all("not met" in line for line in failed if line not in broke), failed
    run = project.path / "broke"
    scored = set(_keys(run / "scores.jsonl"))
    assert scored and not [k for k in scored if k[0] == victim]
    assert {k for k in _keys(run / "results.jsonl") if k[0] != victim} == scored
    # run.json is written out; the victim's cases count as not done, as when each item scores
    # its own case (their lines stay in results.jsonl unscored, for `shadow score` to redo)
    meta = json.loads((run / "run.json").read_text())
    assert meta["counts"]["completed"] == len(scored)
    assert meta["counts"]["pending"] == len(broke)


def test_a_bad_score_workers_value_stops_the_session_before_any_case(
    project: pytest.Pytester,
) -> None:
    result = _run(project, "bad", "--shadow-score-workers", "none")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert any("--shadow-score-workers" in line for line in result.errlines + result.outlines)
    assert not (project.path / "bad" / "results.jsonl").exists()


def test_a_case_asked_for_far_ahead_of_the_items_runs_in_the_session(
    project: pytest.Pytester,
) -> None:
    # The shadow_run fixture asks for a case before the suite's items run: with parts of two
    # lines (so that "far ahead" is four cases), that case runs and is scored in the session
    # instead of every case before it being replayed and held until its item comes
    lines = (project.path / "rec" / "small.jsonl").read_text(encoding="utf-8").splitlines()
    last = json.loads(lines[-1])
    (project.path / "cases.yaml").unlink()
    (project.path / "zz").mkdir()
    (project.path / "zz" / "cases.yaml").write_text(
        SUITE.replace('["rec/*.jsonl"]', '["../rec/*.jsonl"]'), encoding="utf-8"
    )
    project.makeconftest("import harness.pytest_plugin.ahead as ahead\nahead.LINES_EACH = 2\n")
    project.makepyfile(
        test_early=f"""
def test_early(shadow_run):
    envelope, trace, scores = shadow_run({last["id"]!r}, {last["stages"][0]!r})
    assert scores
"""
    )
    result = project.runpytest_subprocess(
        "test_early.py", "zz", "--shadow-out", "early", "--shadow-opt", OUTPUTS,
        "-p", "no:cacheprovider", "--shadow-score-workers", "2", "--shadow-no-report",
    )  # fmt: skip
    assert "14 case(s) scored beside their items by 2 processes" in result.outlines
    run = project.path / "early"
    assert len(_keys(run / "results.jsonl")) == 15
    assert sorted(set(_keys(run / "scores.jsonl"))) == sorted(_keys(run / "results.jsonl"))
