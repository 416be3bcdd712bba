"""The runner registry: names, options, and the errors a user sees for a bad configuration."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest

from harness.runners.base import Runner, RunnerInfraError
from harness.runners.registry import RUNNERS, make_runner
from harness.sandbox import probe
from tests.runners_helpers import PROGRAMS, invocation, program


def test_every_interface_name_is_registered() -> None:
    assert set(RUNNERS) == {"reference", "recorded", "command", "python", "openai", "pi"}


def test_unknown_runner_and_unknown_option_fail_loudly() -> None:
    with pytest.raises(ValueError, match="unknown runner 'gpt'"):
        make_runner("gpt")
    with pytest.raises(ValueError, match="has no option profil"):
        make_runner("reference", options={"profil": "careful"})
    with pytest.raises(ValueError, match="must be true or false"):
        make_runner("pi", options={"keep_workspace": "maybe"})
    with pytest.raises(ValueError, match="response_format must be one of"):
        make_runner("openai", model="m", options={"response_format": "yaml"})
    with pytest.raises(ValueError, match="unknown prompt_version"):
        make_runner("openai", model="m", options={"prompt_version": "v9"})


def test_reference_profiles_come_through_options() -> None:
    careful = make_runner("reference")
    credulous = make_runner("reference", options={"profile": "credulous"})
    assert (careful.model, credulous.model) == ("reference-careful", "reference-credulous")
    with pytest.raises(ValueError, match="unknown reference profile"):
        make_runner("reference", options={"profile": "reckless"})


def test_command_runner_from_the_registry_runs(tmp_path: Path) -> None:
    runner = make_runner(
        "command",
        model="answer-v1",
        command=program("answer.py"),
        options={"workdir": str(tmp_path)},
    )
    assert isinstance(runner, Runner) and runner.model == "answer-v1" and runner.io_bound
    assert runner.run(invocation(), threading.Event()).envelope.status == "completed"


def test_python_runner_from_the_registry(tmp_path: Path) -> None:
    runner = make_runner(
        "python",
        options={
            "target": "py_adapters:answer",
            "pythonpath": str(PROGRAMS),
            "workdir": str(tmp_path),
        },
    )
    assert runner.run(invocation(), threading.Event()).envelope.status == "completed"


def test_recorded_needs_a_model(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="needs --model"):
        make_runner("recorded")
    folder = tmp_path / "m1"
    folder.mkdir()
    (folder / "x.jsonl").write_text(
        json.dumps(
            {"package": "p", "stage": "draft", "model": "m1", "envelope": {"status": "failed"}}
        )
        + "\n"
    )
    runner = make_runner("recorded", model="m1", options={"outputs_dir": str(tmp_path)})
    assert runner.model == "m1" and not runner.io_bound


def test_pi_without_binary_is_an_infra_error() -> None:
    with pytest.raises(RunnerInfraError, match="pi CLI"):
        make_runner("pi", options={"binary": "no-such-pi-binary-xyz"})


def test_openai_options_are_parsed() -> None:
    runner = make_runner(
        "openai",
        model="qwen",
        options={"base_url": "http://127.0.0.1:9/v1", "temperature": "0.2", "max_tokens": "512"},
    )
    assert runner.model == "qwen" and runner.name == "openai"


@pytest.mark.skipif(probe().level != "full", reason="hiding paths needs a mount namespace")
def test_need_shows_only_that_path_and_hide_covers_inside_it(tmp_path: Path) -> None:
    config = tmp_path / "config"
    (config / "private").mkdir(parents=True)
    (config / "settings.json").write_text("{}")
    (config / "private" / "answers.jsonl").write_text("{}\n")
    sibling = tmp_path / "corpus"
    sibling.mkdir()
    runner = make_runner(
        "command",
        command=program("snoop.py"),
        options={
            "need": str(config),
            "hide": str(config / "private"),
            "workdir": str(tmp_path / "ws"),
        },
    )
    question = json.dumps([str(config), str(config / "private"), str(sibling), "unused-marker"])
    out = runner.run(invocation(question=question), threading.Event())
    found = json.loads(out.envelope.summary)
    assert found[str(config)] == ["private", "settings.json"]
    assert found[str(config / "private")] == []
    assert found[str(sibling)] == "error: No such file or directory"
