"""The README's example adapter works as written: relative script path, sandbox on, recordings
hidden from the child."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from harness.cli import main
from harness.sandbox.hidden import effective_hidden

ROOT = Path(__file__).resolve().parents[1]


def test_readme_example_adapter_answers_through_the_command_runner(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(ROOT)
    out = tmp_path / "run"
    code = main(
        [
            "run",
            "--runner",
            "command",
            "--stage",
            "reconcile",
            "--limit",
            "4",
            "--out",
            str(out),
            "--no-progress",
            "--no-report",
            "--",
            sys.executable,
            "examples/minimal_adapter.py",
        ]
    )
    assert code == 0
    records = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    assert [r["status"] for r in records] == ["completed"] * 4, [r["error"] for r in records]
    assert all(r["envelope"]["archive_id"].startswith("minimal-") for r in records)
    assert capsys.readouterr().out.strip().splitlines()[-1] == str(out)


def test_readme_names_the_example_adapter() -> None:
    readme = (ROOT / "README.md").read_text()
    adapter = (ROOT / "examples" / "minimal_adapter.py").read_text()
    assert "examples/minimal_adapter.py" in readme
    # The README promises an adapter a reader takes in at a glance (ruff-formatted, docstring included).
    assert len(adapter.splitlines()) <= 40


def test_nested_hidden_paths_collapse_to_the_outer_one(tmp_path: Path) -> None:
    outer, inner, other = (
        tmp_path / "recordings",
        tmp_path / "recordings" / "sophobot",
        tmp_path / "x",
    )
    assert effective_hidden([inner, outer, other, outer], needed=[]) == [outer, other]
    assert effective_hidden([other, inner, outer], needed=[]) == [other, outer]
