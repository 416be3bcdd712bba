"""The recorded runner: replay captured outputs by (package, stage), fast, never crashing."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest

from harness.runners.recorded import RecordedRunner
from tests.runners_helpers import invocation

PACKAGE = "vojan-2026-08-25-patrick-dm"


def _write(folder: Path, name: str, *lines: object) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text("".join(json.dumps(line) + "\n" for line in lines))


def _output(stage: str, summary: str, model: str = "pi-2026-08") -> dict[str, object]:
    return {
        "package": PACKAGE,
        "stage": stage,
        "model": model,
        "envelope": {
            "status": "completed",
            "summary": summary,
            "result": {"status": "contradicted"},
        },
        "trace": [{"type": "tool_call", "tool": "artifact.read", "args": {"path": "input/x"}}],
        "latency_s": 2.5,
        "usage": {"input_tokens": 100, "output_tokens": 20, "cost_usd": 0.01},
    }


def test_replays_the_recorded_envelope_and_trace(tmp_path: Path) -> None:
    _write(tmp_path / "pi-2026-08", "a.jsonl", _output("reconcile", "queued, not sent"))
    _write(tmp_path / "pi-2026-08", "b.jsonl", _output("draft", "a careful draft"))
    runner = RecordedRunner("pi-2026-08", outputs_dir=tmp_path)
    assert len(runner) == 2
    out = runner.run(invocation("reconcile"), threading.Event())
    assert out.envelope.summary == "queued, not sent"
    assert out.envelope.usage.input_tokens == 100
    assert out.trace[0].type == "tool_call"
    assert out.latency_s == 2.5  # the recorded figure, not the microseconds of a lookup
    # What the replay gets is a copy: changing it leaves the index as read.
    out.envelope.summary = "stamped"
    again = runner.run(invocation("reconcile"), threading.Event())
    assert again.envelope.summary == "queued, not sent"


def test_missing_case_is_a_failed_envelope_naming_it(tmp_path: Path) -> None:
    _write(tmp_path / "pi-2026-08", "a.jsonl", _output("reconcile", "x"))
    runner = RecordedRunner("pi-2026-08", outputs_dir=tmp_path)
    out = runner.run(invocation("critique"), threading.Event())
    assert out.envelope.status == "failed"
    assert out.envelope.error is not None
    assert f"package {PACKAGE!r}, stage critique" in out.envelope.error


def test_bad_lines_and_foreign_models_are_reported_not_fatal(tmp_path: Path) -> None:
    folder = tmp_path / "pi-2026-08"
    _write(folder, "a.jsonl", _output("draft", "x", model="other-model"), {"package": PACKAGE})
    runner = RecordedRunner("pi-2026-08", outputs_dir=tmp_path)
    assert len(runner) == 0 and runner.load_errors
    out = runner.run(invocation("draft"), threading.Event())
    assert out.envelope.status == "failed"
    assert "lines failed to load" in (out.envelope.error or "")
    assert any("name another model" in note for note in out.notes)


def test_unknown_model_folder_is_a_configuration_error(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="no recorded outputs for model 'ghost'"):
        RecordedRunner("ghost", outputs_dir=tmp_path)


def test_indexes_once_and_answers_many(tmp_path: Path) -> None:
    lines = [_output("reconcile", f"n{i}") | {"package": f"p-{i}"} for i in range(2000)]
    _write(tmp_path / "m", "all.jsonl", *[line | {"model": "m"} for line in lines])
    runner = RecordedRunner("m", outputs_dir=tmp_path)
    inv = invocation("reconcile")
    answers = [
        runner.run(inv.model_copy(update={"package_id": f"p-{i}"}), threading.Event())
        for i in range(2000)
    ]
    assert [a.envelope.summary for a in answers] == [f"n{i}" for i in range(2000)]


def test_a_run_replays_only_the_cases_the_version_was_recorded_on(tmp_path: Path) -> None:
    # A version recorded on a sample (a slow model's --per-stage run) replays as that sample: the
    # cases it never saw are not run, so "no recording" is never scored as its behaviour.
    from harness.cli import main

    _write(tmp_path / "outputs" / "pi-2026-08", "a.jsonl", _output("reconcile", "queued"))
    out = tmp_path / "run"
    argv = ["run", "--runner", "recorded", "--model", "pi-2026-08", "--package", PACKAGE]
    argv += ["--outputs", str(tmp_path / "outputs"), "--out", str(out), "--no-progress"]
    assert main([*argv, "--no-report"]) == 0
    results = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    assert [(r["stage"], r["envelope"]["summary"]) for r in results] == [("reconcile", "queued")]
    notes = json.loads((out / "run.json").read_text())["notes"]
    assert any("have no recording of this model; the 1 recorded ones run" in n for n in notes)
