"""The suite file model and the expectation language, without running pytest inside pytest."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from harness.expectations.model import Expectations, parse_condition
from harness.pytest_plugin import looks_like_suite
from harness.suite import RunnerSpec, SuiteError, parse_runner, read_suite, resolve_recordings
from harness.untrusted.display import clean


@pytest.mark.parametrize(
    ("text", "spec"),
    [
        ("reference", RunnerSpec("reference")),
        ("reference:credulous", RunnerSpec("reference", options=(("profile", "credulous"),))),
        ("recorded:pi-2026-08", RunnerSpec("recorded", model="pi-2026-08")),
        (
            "command:python3 agent.py --stage 'a b'",
            RunnerSpec("command", command=("python3", "agent.py", "--stage", "a b")),
        ),
        ("python:my_agent:answer", RunnerSpec("python", options=(("target", "my_agent:answer"),))),
        ("pi", RunnerSpec("pi")),
        ("openai:qwen2.5", RunnerSpec("openai", model="qwen2.5")),
    ],
)
def test_runner_syntax(text: str, spec: RunnerSpec) -> None:
    assert parse_runner(text) == spec


def test_runner_syntax_needs_its_argument() -> None:
    with pytest.raises(ValueError, match="give the program"):
        parse_runner("command:")
    with pytest.raises(ValueError, match="give the target"):
        parse_runner("python")


def test_stored_runner_config_redacts_secrets() -> None:
    spec = RunnerSpec(
        "openai", model="m", options=(("api_key", "sk-123"), ("base_url", "http://127.0.0.1:8000"))
    )
    assert spec.stored_config()["options"] == {
        "api_key": "<redacted>",
        "base_url": "http://127.0.0.1:8000",
    }


def test_overrides_replace_only_what_they_set() -> None:
    base = Expectations.model_validate(
        {"parity": True, "boundary_events": 0, "metrics": {"repeat_checks.added": "== 0"}}
    )
    patch = Expectations.model_validate(
        {"parity": None, "metrics": {"repeat_checks.loops": "<= 1"}}
    )
    merged = base.merged(patch)
    assert merged.parity is None
    assert merged.boundary_events == 0
    assert merged.metrics == {"repeat_checks.added": "== 0", "repeat_checks.loops": "<= 1"}


def test_metric_conditions() -> None:
    assert str(parse_condition("repeat_checks.added", "<= 0")) == "repeat_checks.added <= 0"
    assert parse_condition("parity.actual", "== supported").value == "supported"
    with pytest.raises(ValueError, match=r"scorer\.key"):
        parse_condition("parity", "== true")
    with pytest.raises(ValueError, match=re.escape("expected '<op> value'")):
        parse_condition("parity.match", "true")


def test_untrusted_text_cannot_drive_the_terminal() -> None:
    shown = clean("ok\x1b[2J\x1b]0;pwned\x07 done" + "x" * 500, limit=40)
    assert "\x1b" not in shown and "\x07" not in shown
    assert shown.startswith("ok\\x1b[2J") and shown.endswith("…")


def test_suite_recognition_and_errors(tmp_path: Path) -> None:
    suite = tmp_path / "s.yaml"
    suite.write_text("# a suite\nshadow-suite: 1\nrecordings: [rec]\n", encoding="utf-8")
    assert looks_like_suite(suite)
    other = tmp_path / "ci.yaml"
    other.write_text("jobs: {}\n", encoding="utf-8")
    assert not looks_like_suite(other)
    with pytest.raises(SuiteError, match=r"recordings: 'rec' matches no file under "):
        resolve_recordings(read_suite(suite).recordings, tmp_path)
    suite.write_text("shadow-suite: 2\nrecordings: [rec]\n", encoding="utf-8")
    with pytest.raises(SuiteError, match=r"s\.yaml: shadow-suite: Input should be 1"):
        read_suite(suite)


@pytest.mark.parametrize(
    ("option", "secret"),
    [
        ("api_key", True),
        ("OPENAI_API_KEY", True),
        ("access-token", True),
        ("password", True),
        ("auth", True),
        ("max_tokens", False),
        ("max_completion_tokens", False),
        ("keyword_boost", False),
        ("base_url", False),
    ],
)
def test_secret_options_are_whole_words_so_max_tokens_is_kept(option: str, secret: bool) -> None:
    from harness.runners.secrets import is_secret

    assert is_secret(option) is secret
