"""The real SmolLM2 outputs in the repo: the cassette that produced them replays them through the
openai runner byte for byte (no model needed), and the recorded versions replay and compare."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from harness.cassette.server import cassette_server
from harness.cli import main
from harness.schema import Envelope

ROOT = Path(__file__).parents[1]
VERSIONS = {
    "smollm2-135m": [],
    "smollm2-135m-prompt-v2": ["--opt", "prompt_version=v2"],
}


def _outputs(model: str) -> list[dict[str, Any]]:
    folder = ROOT / "recordings" / "outputs" / model
    return [json.loads(line) for path in sorted(folder.glob("*.jsonl")) for line in path.open()]


@pytest.mark.parametrize("model", sorted(VERSIONS))
def test_the_cassette_reproduces_the_recorded_outputs(model: str, tmp_path: Path) -> None:
    outputs = _outputs(model)
    assert outputs, f"no recorded outputs of {model}"
    argv = ["run", "--runner", "openai", "--model", "smollm2", "--opt", "max_tokens=512"]
    argv += [*VERSIONS[model], "--opt", "max_retries=0", "--jobs", "1", "--no-report"]
    for output in outputs:
        argv += ["--package", output["package"]]
    argv += ["--stage", *sorted({o["stage"] for o in outputs}), "--no-progress"]
    with cassette_server(ROOT / "recordings" / "cassettes" / model) as replay:
        assert (
            main([*argv, "--opt", f"base_url={replay.base_url}", "--out", str(tmp_path / "r")]) == 0
        )
        assert replay.state.misses == 0
    replayed = {
        (r["package"], r["stage"]): r["envelope"]
        for r in map(json.loads, (tmp_path / "r" / "results.jsonl").read_text().splitlines())
    }
    for output in outputs:
        again = Envelope.model_validate(replayed[(output["package"], output["stage"])])
        assert again == Envelope.model_validate(output["envelope"])


def test_the_two_real_versions_replay_offline_and_compare(tmp_path: Path) -> None:
    runs = []
    for model in sorted(VERSIONS):
        out = tmp_path / model
        packages = [arg for o in _outputs(model) for arg in ("--package", o["package"])]
        stages = sorted({o["stage"] for o in _outputs(model)})
        argv = ["run", "--runner", "recorded", "--model", model, *packages, "--stage", *stages]
        assert main([*argv, "--out", str(out), "--no-progress"]) == 0
        runs.append(out)
        summary = json.loads((out / "summary.json").read_text())
        assert "hold" in json.dumps(summary) or "demote" in json.dumps(summary)
    assert main(["compare", str(runs[0]), str(runs[1]), "--out", str(tmp_path / "cmp")]) == 0
