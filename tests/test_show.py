"""``shadow show RUN_DIR CASE``: one case in the terminal, recorded text made terminal-safe."""

from __future__ import annotations

from pathlib import Path

import pytest

from harness.cli import main
from tests.replay_helpers import corpus


def test_show_prints_the_case_and_escapes_control_characters(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    packages = corpus(2)
    packages[0] = packages[0].model_copy(update={"question": "Sent?\x1b[2J\x1b[31m wiped"})
    recordings = tmp_path / "rec"
    recordings.mkdir()
    (recordings / "p.jsonl").write_text("".join(p.model_dump_json() + "\n" for p in packages))
    out = tmp_path / "run"
    argv = ["run", "--recordings", str(recordings), "--out", str(out), "--no-progress"]
    assert main(argv) == 0
    capsys.readouterr()
    assert main(["show", str(out), "pkg-000[reconcile]"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("case pkg-000 [reconcile]  model reference-careful  status completed")
    assert "question: Sent?\\x1b[2J\\x1b[31m wiped" in text and "\x1b" not in text
    for section in ("evidence it saw:", "output:", "host expected:", "claims and their", "scores:"):
        assert section in text
    assert "\ntrace:\n" in text and "parity:" in text
    # A package alone shows each of its stages; an unknown case is an input error.
    assert main(["show", str(out), "pkg-000"]) == 0
    assert "case pkg-000 [critique]" in capsys.readouterr().out
    assert main(["show", str(out), "nope/reconcile"]) == 2
    assert "no case nope/reconcile" in capsys.readouterr().err
