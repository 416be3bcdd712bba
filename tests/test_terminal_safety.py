"""Recorded strings never reach a terminal or report.md with their control characters: agent
names, JSON keys, the ``--model`` label. They are shown as visible escapes instead."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from harness.cli import main
from harness.untrusted.display import printable
from tests.bad_inputs import good_package

HOSTILE = "\x1b[2J\x1b]0;owned\x07\x9b31m\u202egnp.exe"
RAW = ("\x1b", "\x07", "\x9b", "\u202e")


def _clean(text: str) -> bool:
    return not any(ch in text for ch in RAW)


def test_printable_shows_every_control_character_as_an_escape() -> None:
    assert printable(HOSTILE) == "\\x1b[2J\\x1b]0;owned\\x07\\x9b31m\\u202egnp.exe"
    assert printable("two\nlines\tand a tab") == "two\\x0alines\\x09and a tab"
    assert printable("two\nlines", multiline=True) == "two\nlines"
    assert printable("plain text, ünïcödé, emoji 🙂") == "plain text, ünïcödé, emoji 🙂"


def _recordings(folder: Path) -> Path:
    folder.mkdir(parents=True)
    packages = []
    for i in range(3):
        data = good_package(f"p-{i}")
        data["agent"] = HOSTILE
        packages.append(data)
    bad = good_package("p-bad")
    bad[HOSTILE] = 1  # an unknown key: its name is in the error
    lines = [json.dumps(p) for p in packages] + [json.dumps(bad)]
    (folder / "p.jsonl").write_text("\n".join(lines) + "\n")
    return folder


def test_validate_prints_agent_names_and_json_keys_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    recordings = _recordings(tmp_path / "rec")
    assert main(["validate", str(recordings)]) == 1
    out, err = capsys.readouterr()
    assert _clean(out) and _clean(err)
    assert printable(HOSTILE) in out  # the agent column
    assert f"p.jsonl:4: {printable(HOSTILE)}: Extra inputs are not permitted" in err


def test_run_prints_and_reports_the_model_label_and_agents_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    recordings = _recordings(tmp_path / "rec")
    out_dir = tmp_path / "run"
    adapter = Path(__file__).resolve().parents[1] / "examples" / "minimal_adapter.py"
    main(["run", "--runner", "command", "--recordings", str(recordings), "--model", HOSTILE,
          "--out", str(out_dir), "--no-progress", "--stage", "reconcile", "--", sys.executable,
          str(adapter)])  # fmt: skip
    out, err = capsys.readouterr()
    assert _clean(out) and _clean(err)
    report = (out_dir / "report.md").read_text(encoding="utf-8")
    assert _clean(report)
    assert printable(HOSTILE) in report
    main(["report", str(out_dir)])
    out, err = capsys.readouterr()
    assert _clean(out) and _clean(err) and printable(HOSTILE) in out
