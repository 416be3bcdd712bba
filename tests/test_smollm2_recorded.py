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
#: The recording runs' --per-stage sample size.
PER_STAGE = 12
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
    # The recording command (recordings/README.md), stopped after its first len(outputs) cases:
    # --jobs 1 ran them in selection order, so the same selection cut there is the same cases,
    # asked in the same order (the first request learns that this server refuses json_schema).
    argv = ["run", "--runner", "openai", "--model", "smollm2", "--opt", "max_tokens=512"]
    argv += [*VERSIONS[model], "--opt", "max_retries=0", "--jobs", "1", "--no-report"]
    argv += ["--per-stage", str(PER_STAGE), "--limit", str(len(outputs)), "--no-progress"]
    with cassette_server(ROOT / "recordings" / "cassettes" / model) as replay:
        argv += ["--opt", f"base_url={replay.base_url}", "--out", str(tmp_path / "r")]
        assert main(argv) == 0
        assert replay.state.misses == 0
    replayed = {
        (r["package"], r["stage"]): r["envelope"]
        for r in map(json.loads, (tmp_path / "r" / "results.jsonl").read_text().splitlines())
    }
    assert len(replayed) == len(outputs)
    for output in outputs:
        again = Envelope.model_validate(replayed[(output["package"], output["stage"])])
        assert again == Envelope.model_validate(output["envelope"])


@pytest.mark.slow
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
