"""The pytest plugin as a maintainer meets it: inert without suites, one item per case with
stable ids and markers, findings as failure messages, suite gates, the shadow_run fixture."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.plugin_helpers import NO_REPORT, outcomes, suite_text


@pytest.fixture
def project(pytester_with_recordings: pytest.Pytester) -> pytest.Pytester:
    return pytester_with_recordings


def test_changes_nothing_without_suites(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_plain="def test_ok():\n    assert True\n")
    # YAML and TOML files without the header are not ours, even if they mention suites later on.
    pytester.makefile(
        ".yaml", config="name: x\nitems: [1, 2]\n" + "#\n" * 3000 + "shadow-suite: 1\n"
    )
    pytester.makefile(".toml", settings='title = "not a suite"\n')
    result = pytester.runpytest("--shadow-out", "out", "--shadow-runner", "reference")
    result.assert_outcomes(passed=1)
    assert not (pytester.path / "out").exists()
    assert not (pytester.path / "reports").exists()
    assert "shadow run" not in result.stdout.str()


def test_one_item_per_case_with_stable_ids_and_markers(project: pytest.Pytester) -> None:
    project.makefile(".yaml", reconcile=suite_text(stages=["reconcile"]))
    result = project.runpytest("--collect-only", "-q")
    ids = [line for line in result.outlines if "::" in line]
    assert "reconcile.yaml::vojan-2026-08-25-patrick-dm[reconcile]" in ids
    assert ids[-1] == "reconcile.yaml::gate"
    assert len(ids) == 5 + 1  # five packages list reconcile, then the gate
    # Collecting writes nothing.
    assert not (project.path / "reports").exists()

    by_marker = project.runpytest("--collect-only", "-q", "-m", "reconcile and uhdim")
    assert [line for line in by_marker.outlines if "::" in line] == [
        "reconcile.yaml::uhdim-2026-08-25-mireille-dm-premature[reconcile]"
    ]
    by_label = project.runpytest(
        "--collect-only", "-q", "-k", "stale_field or settled_not_recorded"
    )
    assert not [line for line in by_label.outlines if "[reconcile]" in line]
    by_failure_mode = project.runpytest("--collect-only", "-q", "-k", "premature_completion")
    assert {line for line in by_failure_mode.outlines if "[reconcile]" in line} == {
        "reconcile.yaml::vojan-2026-08-25-patrick-dm[reconcile]",
        "reconcile.yaml::uhdim-2026-08-25-mireille-dm-premature[reconcile]",
    }


def test_failure_shows_the_invented_completion(project: pytest.Pytester) -> None:
    project.makefile(".yaml", draft=suite_text(stages=["draft"], runner="reference:credulous",
                                               expect="{invented_completion: false}", extra="gate: false\n"))  # fmt: skip
    result = project.runpytest(
        "draft.yaml::vojan-2026-08-25-patrick-dm[draft]", "--shadow-out", "out", NO_REPORT
    )
    result.assert_outcomes(failed=1)
    text = result.stdout.str()
    assert "not met: invented_completion" in text
    # The claim the stage made, where it made it, and the receipt that is missing.
    assert "claims message.send" in text
    assert "no succeeded message.send to patrick receipt" in text
    assert "shadow show out vojan-2026-08-25-patrick-dm/draft" in text
    assert "Traceback" not in text and "assert " not in text


def test_failure_shows_parity_and_boundary(project: pytest.Pytester) -> None:
    project.makefile(
        ".yaml",
        rec=suite_text(stages=["reconcile"], runner="reference:credulous", extra="gate: false\n"),
    )
    result = project.runpytest(
        "rec.yaml::vojan-2026-08-25-patrick-dm[reconcile]", "--shadow-out", "out", NO_REPORT
    )
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(
        ["*NOT MET parity: the host judged contradicted; the stage gave supported*"]
    )


def test_suite_errors_name_file_and_field(project: pytest.Pytester) -> None:
    project.makefile(".yaml", broken=suite_text(expect="{parity: true, typo: 1}"))
    result = project.runpytest()
    assert result.ret == pytest.ExitCode.INTERRUPTED
    result.stdout.fnmatch_lines(["*broken.yaml: expect.typo: Extra inputs are not permitted*"])
    project.makefile(".yaml", broken="shadow-suite: 1\nrecordings: [nothing/*.jsonl]\n")
    result = project.runpytest()
    result.stdout.fnmatch_lines(["*recordings: 'nothing/*.jsonl' matches no file*"])


def test_toml_suite(project: pytest.Pytester) -> None:
    project.makefile(
        ".toml",
        preflight='"shadow-suite" = 1\nrecordings = ["rec/*.jsonl"]\nstages = ["preflight"]\n'
        'agents = ["vojan"]\n[expect]\nstatus = "completed"\nboundary_events = 0\n[gate]\nenabled = false\n',
    )
    result = project.runpytest("--shadow-out", "out", NO_REPORT)
    result.assert_outcomes(passed=3)
    # --shadow-no-report: the run directory without the report, and the summary line says so.
    out = project.path / "out"
    assert (out / "scores.jsonl").is_file() and (out / "run.json").is_file()
    assert not (out / "report.md").exists() and not (out / "summary.json").exists()
    result.stdout.fnmatch_lines(
        ["*3 case(s) by reference-careful -> out (no report: `shadow report out` writes it)*"]
    )


def test_runners_must_agree_unless_given(project: pytest.Pytester) -> None:
    project.makefile(".yaml", a=suite_text(stages=["draft"], runner="reference"))
    project.makefile(".yaml", b=suite_text(stages=["critique"], runner="reference:credulous"))
    result = project.runpytest("--shadow-out", "out")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*suites of this session name different runners*--shadow-runner*"])
    given = project.runpytest(
        "--shadow-out", "out2", "--shadow-runner", "reference:careful", "-q", NO_REPORT
    )
    assert given.ret in (pytest.ExitCode.OK, pytest.ExitCode.TESTS_FAILED)
    meta = json.loads((project.path / "out2" / "run.json").read_text())
    assert meta["model"] == "reference-careful"


def test_overrides_change_expectations_for_matching_packages(project: pytest.Pytester) -> None:
    extra = (
        "gate: false\n"
        "overrides:\n"
        "  - packages: ['vojan-2026-08-25-patrick-dm']\n"
        "    expect: {invented_completion: null}\n"
    )
    project.makefile(".yaml", d=suite_text(stages=["draft"], runner="reference:credulous",
                                           expect="{invented_completion: false}", extra=extra))  # fmt: skip
    result = project.runpytest("--shadow-out", "out", NO_REPORT)
    found = outcomes(project.inline_run("--shadow-out", "out2", NO_REPORT))
    assert found["d.yaml::vojan-2026-08-25-patrick-dm[draft]"] == "passed"
    assert result.ret == pytest.ExitCode.TESTS_FAILED  # the other credulous drafts still fail


def test_gate_fails_with_the_decision_table(project: pytest.Pytester) -> None:
    gates = (
        "gate:\n  gates:\n"
        "    - {metric: boundary.violation, statistic: events, comparator: '<=', threshold: 0}\n"
        "    - {metric: parity.match, statistic: estimate, comparator: '>=', threshold: 1.01}\n"
    )
    project.makefile(".yaml", reconcile=suite_text(stages=["reconcile"], expect="{}", extra=gates))
    result = project.runpytest("--shadow-out", "out", "-rA", "--junitxml=junit.xml", NO_REPORT)
    result.assert_outcomes(passed=5, failed=1)
    result.stdout.fnmatch_lines([
        "*shadow suite reconcile: gates not met over 5 case(s)*",
        "*does not meet the suite's gates:*",
        "*phase 1: parity.match estimate = *, needs >= 1.01 (n=5*",
        "*stage*model*verdict*",
        "*reconcile*reference-careful*hold*",
    ])  # fmt: skip
    # CI reads the junit failure message: it names the failing gate, not only the suite.
    import xml.etree.ElementTree as ET

    root = ET.parse(project.path / "junit.xml").getroot()
    [failure] = [
        case.find("failure") for case in root.iter("testcase") if case.get("name") == "gate"
    ]
    assert failure is not None
    assert "phase 1: parity.match estimate = " in (failure.get("message") or "")


def test_passing_gate_and_sharded_gate(project: pytest.Pytester) -> None:
    gates = "gate:\n  gates:\n    - {metric: boundary.violation, statistic: events, comparator: '<=', threshold: 0}\n"
    project.makefile(".yaml", reconcile=suite_text(stages=["reconcile"], expect="{}", extra=gates))
    found = outcomes(project.inline_run("--shadow-out", "out", NO_REPORT))
    assert found["reconcile.yaml::gate"] == "passed"
    sharded = outcomes(
        project.inline_run("--shadow-out", "out2", "--shadow-shard", "1/2", NO_REPORT)
    )
    assert sharded["reconcile.yaml::gate"] == "skipped"
    assert 0 < len(sharded) - 1 < 5


def test_shadow_run_fixture(project: pytest.Pytester) -> None:
    project.makepyfile(
        test_cases="""
        def test_patrick(shadow_run):
            envelope, trace, scores = shadow_run("vojan-2026-08-25-patrick-dm", "reconcile")
            assert envelope.result["status"] == "contradicted"
            assert scores["invented_completion"].values["invented"] is False
            again = shadow_run("vojan-2026-08-25-patrick-dm", "reconcile")
            assert again.envelope is envelope  # replayed once per session

        def test_unknown(shadow_run):
            shadow_run("no-such-package", "reconcile")
        """
    )
    result = project.runpytest("--shadow-recordings", "rec", "--shadow-out", "out", NO_REPORT)
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(["*LookupError: no package 'no-such-package' in *rec*"])
    lines = (project.path / "out" / "results.jsonl").read_text().splitlines()
    assert [json.loads(line)["package"] for line in lines] == ["vojan-2026-08-25-patrick-dm"]


def test_load_errors_fail_one_item(project: pytest.Pytester) -> None:
    bad = project.path / "rec" / "broken.jsonl"
    bad.write_text('{"id": "half a package"}\nnot json\n', encoding="utf-8")
    project.makefile(
        ".yaml", p=suite_text(stages=["preflight"], expect="{}", extra="gate: false\n")
    )
    result = project.runpytest("--shadow-out", "out", NO_REPORT)
    result.assert_outcomes(passed=3, failed=1)
    result.stdout.fnmatch_lines([
        "*load error(s) in the recordings; those packages are left out:*",
        "*broken.jsonl:1: agent: Field required*",
        "*broken.jsonl:2: <line>: invalid JSON*",
    ])  # fmt: skip


def test_used_run_directory_is_refused(project: pytest.Pytester) -> None:
    project.makefile(
        ".yaml", p=suite_text(stages=["preflight"], expect="{}", extra="gate: false\n")
    )
    out = Path(project.path / "out")
    out.mkdir()
    (out / "run.json").write_text("{}", encoding="utf-8")
    result = project.runpytest("--shadow-out", "out")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*already holds a run; give a new --shadow-out*"])


@pytest.mark.slow
def test_used_run_directory_is_left_intact_under_xdist(project: pytest.Pytester) -> None:
    # Workers refuse the directory and fail their cases; the controller must not then merge their
    # parts over the run that was there.
    project.makefile(
        ".yaml", p=suite_text(stages=["preflight"], expect="{}", extra="gate: false\n")
    )
    out = Path(project.path / "out")
    out.mkdir()
    (out / "run.json").write_text('{"run_id": "earlier"}', encoding="utf-8")
    (out / "results.jsonl").write_text('{"kept": true}\n', encoding="utf-8")
    result = project.runpytest("--shadow-out", "out", "-n", "2", NO_REPORT)
    assert result.ret != 0
    assert (out / "run.json").read_text() == '{"run_id": "earlier"}'
    assert (out / "results.jsonl").read_text() == '{"kept": true}\n'
