"""What a pytest session keeps of its cases: items hold a package's head and read the package
when their case runs; once a case's item has reported, only its status, where its line is and
(for gates) its scores stay; a case asked for again is read back from the run directory."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.plugin_helpers import NO_REPORT, outcomes, suite_text

PATRICK = "vojan-2026-08-25-patrick-dm"


@pytest.fixture
def project(pytester_with_recordings: pytest.Pytester) -> pytest.Pytester:
    return pytester_with_recordings


def _records(run_dir: Path) -> list[dict[str, object]]:
    lines = (run_dir / "results.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines]


def test_a_package_changed_after_collection_fails_its_case_naming_the_file(
    project: pytest.Pytester,
) -> None:
    project.makefile(".yaml", reconcile=suite_text(stages=["reconcile"], extra="gate: false\n"))
    first = json.loads((project.path / "rec" / "small.jsonl").read_text().splitlines()[0])
    assert "reconcile" in first["stages"]
    # Between collection and the first case the file's first line is overwritten (as an editor
    # or a sync would leave it): that package's case fails with the file named, the rest run.
    project.makeconftest(
        """
        from pathlib import Path

        def pytest_collection_finish(session):
            path = Path("rec/small.jsonl")
            data = path.read_bytes()
            first = data.index(b"\\n")
            path.write_bytes(b"x" * first + data[first:])
        """
    )
    result = project.runpytest("--shadow-out", "out", NO_REPORT)
    result.assert_outcomes(passed=4, failed=1)
    result.stdout.fnmatch_lines(
        ["*small.jsonl: changed while the run read it*", f"FAILED *{first['id']}[[]reconcile[]]*"]
    )
    assert "Traceback" not in result.stdout.str()
    assert len(_records(project.path / "out")) == 4


def test_a_recordings_file_removed_after_collection_is_named(project: pytest.Pytester) -> None:
    project.makefile(".yaml", reconcile=suite_text(stages=["reconcile"], extra="gate: false\n"))
    project.makeconftest(
        """
        from pathlib import Path

        def pytest_collection_finish(session):
            Path("rec/small.jsonl").unlink()
        """
    )
    result = project.runpytest("--shadow-out", "out", NO_REPORT)
    result.assert_outcomes(failed=5)
    result.stdout.fnmatch_lines(["*small.jsonl: cannot be read again: No such file or directory*"])


def test_the_fixture_after_an_item_reads_the_stored_case_back(project: pytest.Pytester) -> None:
    """A suite item runs the case and lets it go; the fixture asked for it later gets the
    stored envelope, trace and scores (the same as the item judged), and asked twice the same
    objects; the case is stored once."""
    project.makefile(".yaml", a_reconcile=suite_text(stages=["reconcile"], extra="gate: false\n"))
    project.makeconftest(
        """
        SEEN = {}

        def pytest_shadow_case_scored(item, record, scores):
            SEEN[(record.package, str(record.stage))] = (record, scores)
        """
    )
    project.makepyfile(
        test_z_fixture=f"""
        from conftest import SEEN

        def test_again(shadow_run):
            record, scores = SEEN[("{PATRICK}", "reconcile")]
            envelope, trace, by_scorer = shadow_run("{PATRICK}", "reconcile")
            assert envelope == record.envelope
            assert {{k: v.model_dump() for k, v in by_scorer.items()}} == {{
                s.scorer: s.model_dump() for s in scores
            }}
            assert trace and all(e.type for e in trace)
            again = shadow_run("{PATRICK}", "reconcile")
            assert again.envelope is envelope and again.trace is trace
        """
    )
    result = project.runpytest("--shadow-out", "out", NO_REPORT, "-p", "no:randomly")
    result.assert_outcomes(passed=6)
    keys = [(r["package"], r["stage"]) for r in _records(project.path / "out")]
    assert len(keys) == len(set(keys)) == 5


def test_two_suites_selecting_one_case_judge_it_alike_and_store_it_once(
    project: pytest.Pytester,
) -> None:
    suite = suite_text(stages=["reconcile"], expect="{parity: true}", extra="gate: false\n")
    project.makefile(".yaml", one=suite, two=suite)
    found = outcomes(project.inline_run("--shadow-out", "out", NO_REPORT))
    one = {k.split("::", 1)[1]: v for k, v in found.items() if k.startswith("one.yaml")}
    two = {k.split("::", 1)[1]: v for k, v in found.items() if k.startswith("two.yaml")}
    assert one == two and len(one) == 5
    keys = [(r["package"], r["stage"]) for r in _records(project.path / "out")]
    assert len(keys) == len(set(keys)) == 5
    meta = json.loads((project.path / "out" / "run.json").read_text(encoding="utf-8"))
    assert meta["counts"]["completed"] == 5 and meta["counts"]["pending"] == 0
