"""``shadow init DIR``: a starter a new host can run as written."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from harness.cli import main
from harness.policy import load_policy
from harness.schema import STAGES
from harness.suite import read_suite


def test_init_writes_a_starter_that_validates_runs_and_gates(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    starter = tmp_path / "host"
    assert main(["init", str(starter)]) == 0
    out = capsys.readouterr().out
    assert "covering " + ", ".join(sorted(str(s) for s in STAGES)) in out
    assert main(["validate", str(starter / "recordings")]) == 0
    suite = read_suite(starter / "cases" / "starter.yaml")
    assert suite.gate.policy == "../policy.toml"
    load_policy(starter / "policy.toml")
    workflow = yaml.safe_load((starter / ".github" / "workflows" / "shadow.yml").read_text())
    steps = [s["run"] for s in workflow["jobs"]["gate"]["steps"] if "run" in s]
    assert any(s.startswith("shadow gate run") for s in steps)
    assert not any("|| true" in s for s in steps)
    run_dir = tmp_path / "run"
    argv = ["run", "--recordings", str(starter / "recordings"), "--out", str(run_dir)]
    assert main([*argv, "--no-progress"]) == 0
    # The careful reference runner meets the shadow budget on the examples.
    assert main(["gate", str(run_dir), "--policy", str(starter / "policy.toml")]) == 0
    # Never over an existing starter.
    assert main(["init", str(starter)]) == 2
    assert "never overwrites" in capsys.readouterr().err
