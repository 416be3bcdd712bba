"""Suite gates under pytest-xdist: judged by the controller from the scores every worker sent
when it finished (not by a worker polling the others' files), reported like any other item; and
the plugin's hook specs, which a conftest implements to watch cases and gates."""

from __future__ import annotations

import json
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from tests.plugin_helpers import NO_REPORT, outcomes, suite_text

FAILING = (
    "gate:\n  gates:\n"
    "    - {metric: boundary.violation, statistic: events, comparator: '<=', threshold: 0}\n"
    "    - {metric: parity.match, statistic: estimate, comparator: '>=', threshold: 1.01}\n"
)
PASSING = "gate:\n  gates:\n    - {metric: boundary.violation, statistic: events, comparator: '<=', threshold: 0}\n"

HOOKS = """
import json

def _log(config, **row):
    with open(config.rootpath / "hooks.jsonl", "a", encoding="utf-8") as handle:
        handle.write(json.dumps(row) + "\\n")

def pytest_shadow_case_scored(item, record, scores):
    _log(item.config, hook="case", key=[record.package, str(record.stage)],
         scorers=sorted({s.scorer for s in scores}),
         worker=getattr(item.config, "workerinput", {}).get("workerid"))

def pytest_shadow_gate_judged(config, suite, outcome, text):
    _log(config, hook="gate", suite=suite, outcome=outcome,
         worker=getattr(config, "workerinput", {}).get("workerid"))
"""


@pytest.fixture
def project(pytester_with_recordings: pytest.Pytester) -> pytest.Pytester:
    return pytester_with_recordings


def _hook_rows(project: pytest.Pytester) -> list[dict[str, object]]:
    path = project.path / "hooks.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def _hook_calls(project: pytest.Pytester, cases: int) -> list[dict[str, object]]:
    """The conftest's record of one session (then cleared): every case scored, with the scorers
    it got, and the gate rows."""
    rows = _hook_rows(project)
    (project.path / "hooks.jsonl").unlink()
    scored = [r for r in rows if r["hook"] == "case"]
    assert len(scored) == cases and all("parity" in r["scorers"] for r in scored)  # type: ignore[operator]
    gates = sorted((r for r in rows if r["hook"] != "case"), key=lambda r: str(r["suite"]))
    return [*gates, {"hook": "case", "workers": sorted({str(r["worker"]) for r in scored})}]


@pytest.mark.slow
def test_gate_verdicts_and_hooks_are_the_same_with_and_without_xdist(
    project: pytest.Pytester,
) -> None:
    """One and two processes decide the same gates; the conftest's hook implementations (the
    plugin's hook specs) see every case and each gate once; under xdist the controller judges the
    gates over every worker's cases."""
    project.makeconftest(HOOKS)
    project.makefile(
        ".yaml",
        passing=suite_text(stages=["reconcile"], expect="{}", extra=PASSING),
        failing=suite_text(stages=["reconcile", "preflight"], expect="{}", extra=FAILING),
    )
    gates = [
        {"hook": "gate", "suite": "failing", "outcome": "failed", "worker": None},
        {"hook": "gate", "suite": "passing", "outcome": "passed", "worker": None},
    ]
    single = outcomes(project.inline_run("--shadow-out", "one", NO_REPORT))
    cases = sum(1 for node in single if not node.endswith("::gate"))
    assert cases == 13  # five reconcile cases in each suite, three preflight cases
    assert _hook_calls(project, cases) == [*gates, {"hook": "case", "workers": ["None"]}]

    result = project.runpytest("--shadow-out", "two", "-n", "2", "--junitxml=junit.xml", NO_REPORT)
    parallel = outcomes(result.reprec)  # type: ignore[attr-defined]
    assert single["passing.yaml::gate"] == parallel["passing.yaml::gate"] == "passed"
    assert single["failing.yaml::gate"] == parallel["failing.yaml::gate"] == "failed"
    assert parallel == single
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    # Cases are scored on the workers; each gate is judged once, by the controller.
    calls = _hook_calls(project, cases)
    assert calls[:2] == gates
    assert set(calls[2]["workers"]) <= {"gw0", "gw1"}  # type: ignore[arg-type]

    # Eight cases (five reconcile, three preflight), spread over two workers, in one verdict.
    result.stdout.fnmatch_lines([
        "*shadow suite failing: gates not met over 8 case(s)*",
        "*phase 1: parity.match estimate = *, needs >= 1.01 (n=5)*",
        "*phase 1: parity.match estimate = *, needs >= 1.01 (n=3)*",
    ])  # fmt: skip
    root = ET.parse(project.path / "junit.xml").getroot()
    [failure] = [
        c.find("failure")
        for c in root.iter("testcase")
        if c.get("name") == "gate" and "failing" in (c.get("classname") or "")
    ]
    assert failure is not None
    assert "phase 1: parity.match estimate = " in (failure.get("message") or "")

    # The sharded gate is skipped by the controller too: a shard holds part of the cases.
    sharded = outcomes(
        project.inline_run("--shadow-out", "s", "--shadow-shard", "1/2", "-n", "2", NO_REPORT)
    )
    assert sharded["passing.yaml::gate"] == "skipped"


def test_an_unknown_hook_name_in_a_conftest_is_still_an_error(project: pytest.Pytester) -> None:
    # The specs are real: pytest validates implementations against them.
    project.makeconftest("def pytest_shadow_case_scored(item, record, scores, extra):\n    pass\n")
    project.makefile(
        ".yaml", reconcile=suite_text(stages=["reconcile"], expect="{}", extra=PASSING)
    )
    result = project.runpytest("--shadow-out", "out")
    assert result.ret != 0
    assert "extra" in result.stdout.str() + result.stderr.str()


@pytest.mark.parametrize("gathered", [None, "no gates"])
def test_a_controller_with_no_gate_does_not_load_the_statistics(
    gathered: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Any xdist session ends in the controller's gate judging: one with no suite, or no gate,
    must not import the policy (scipy and the scorers, seconds of start-up) to judge nothing."""
    from types import SimpleNamespace

    from harness.pytest_plugin.gates import GATHERED, Gathered, judge_gathered

    stash = pytest.Stash()
    if gathered is not None:
        stash[GATHERED] = Gathered()
    monkeypatch.setitem(sys.modules, "harness.policy", None)  # importing it now raises
    assert judge_gathered(SimpleNamespace(stash=stash)) == []  # type: ignore[arg-type]


def test_loading_a_gate_policy_does_not_load_the_statistics() -> None:
    """Every xdist worker of a suite with a gate loads its policy at collection, to refuse a bad
    one early, and never judges it (the controller does): scipy, a second of each worker's
    start-up, is imported only where a gate's rate is bounded."""
    probe = (
        "import sys; from harness.policy import load_policy; load_policy(None); "
        "print(sorted(m for m in ('scipy', 'harness.stats') if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
