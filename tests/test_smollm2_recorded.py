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
    replayed: dict[tuple[str, str], Any] = {}
    base = ["run", "--runner", "openai", "--model", "smollm2", "--opt", "max_tokens=512"]
    base += [*VERSIONS[model], "--opt", "max_retries=0", "--jobs", "1", "--no-report"]
    with cassette_server(ROOT / "recordings" / "cassettes" / model) as replay:
        # One run per stage: the recording is a per-stage sample, so a package recorded for one
        # stage was not necessarily recorded for its others.
        for stage in sorted({o["stage"] for o in outputs}):
            argv = [*base, "--stage", stage, "--no-progress"]
            argv += [a for o in outputs if o["stage"] == stage for a in ("--package", o["package"])]
            out = tmp_path / stage
            argv += ["--opt", f"base_url={replay.base_url}", "--out", str(out)]
            assert main(argv) == 0
            for line in (out / "results.jsonl").read_text().splitlines():
                record = json.loads(line)
                replayed[(record["package"], record["stage"])] = record["envelope"]
        assert replay.state.misses == 0
    assert len(replayed) == len(outputs)
    for output in outputs:
        again = Envelope.model_validate(replayed[(output["package"], output["stage"])])
        assert again == Envelope.model_validate(output["envelope"])


def test_the_two_real_versions_replay_offline_and_compare(tmp_path: Path) -> None:
    runs = []
    for model in sorted(VERSIONS):
        out = tmp_path / model
        # The whole corpus: the recorded runner replays the cases the version was recorded on.
        argv = ["run", "--runner", "recorded", "--model", model, "--out", str(out)]
        assert main([*argv, "--no-progress"]) == 0
        runs.append(out)
        results = (out / "results.jsonl").read_text().splitlines()
        assert len(results) == len(_outputs(model))
        summary = json.dumps(json.loads((out / "summary.json").read_text()))
        assert "promote" not in summary.replace('"promote": false', "")
        assert "hold" in summary or "demote" in summary
    assert main(["compare", str(runs[0]), str(runs[1]), "--out", str(tmp_path / "cmp")]) == 0
