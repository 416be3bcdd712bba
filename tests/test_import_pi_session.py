"""``shadow import pi-session``: a session file written by the real pi 0.73.1 (against a scripted
cassette) and a hand-made branched one become package skeletons the loader accepts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from harness.cli import main
from harness.importers.pi_session import import_pi_session
from harness.loading import load_packages

REAL = Path(__file__).parent / "data" / "pi-sessions" / "reconcile-scripted.jsonl"


def test_a_real_session_becomes_evidence_with_the_tool_result_as_a_receipt() -> None:
    imported = import_pi_session(REAL, agent="uhdim")
    package = imported.package
    assert imported.problems == []
    kinds = [item.kind for item in package.context]
    assert kinds == ["message", "session", "receipt", "session"]
    receipt = package.context[2]
    assert receipt.data == {
        "action": "pi.read",
        "status": "succeeded",
        "target": "input/evidence/0001-receipt_deleg-77-101492e9.json",
    }
    assert "message.send to patrick: queued" in receipt.text
    # What the assistant said is a claim (session), never proof.
    assert package.context[3].text.startswith('{"status": "completed"')
    assert package.id == "pi-session-01a2334e-78c9-74e4-9124-dea02c59b0f7"
    assert all(item.at <= package.recorded_at for item in package.context)
    assert package.host.receipts == [] and package.labels == {"origin": "pi-session"}


def test_only_the_branch_ending_at_the_leaf_counts_and_bad_lines_are_named(
    tmp_path: Path,
) -> None:
    lines = [
        {"type": "session", "version": 3, "id": "s1", "timestamp": "2026-09-01T10:00:00Z", "cwd": "/w"},
        {"type": "message", "id": "a", "parentId": None, "timestamp": "2026-09-01T10:00:01Z",
         "message": {"role": "user", "content": "send the invoice"}},
        {"type": "message", "id": "b", "parentId": "a", "timestamp": "2026-09-01T10:00:02Z",
         "message": {"role": "assistant", "content": [{"type": "text", "text": "abandoned branch"}]}},
        {"type": "branch_summary", "id": "c", "parentId": "a", "timestamp": "2026-09-01T10:00:03Z",
         "fromId": "b", "summary": "tried sending; gave up"},
        {"type": "message", "id": "d", "parentId": "c", "timestamp": "2026-09-01T10:00:04Z",
         "message": {"role": "bashExecution", "command": "mail -s inv bob", "output": "refused",
                     "exitCode": 1, "cancelled": False, "truncated": False}},
    ]  # fmt: skip
    path = tmp_path / "s.jsonl"
    path.write_text("\n".join([*map(json.dumps, lines[:3]), "{torn", *map(json.dumps, lines[3:])]))
    imported = import_pi_session(path, stages=None)
    texts = [item.text for item in imported.package.context]
    assert "abandoned branch" not in " ".join(texts)
    assert [item.kind for item in imported.package.context] == ["message", "journal", "receipt"]
    assert imported.package.context[2].data == {
        "action": "pi.bash", "status": "failed", "target": "mail -s inv bob"
    }  # fmt: skip
    assert imported.problems == [
        f"{path}:4: not JSON (Expecting property name enclosed in double quotes); line skipped"
    ]


def test_the_command_writes_a_package_the_loader_accepts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "imported.jsonl"
    argv = ["import", "pi-session", str(REAL), "--agent", "uhdim", "--stage", "reconcile"]
    assert main([*argv, "--out", str(out)]) == 0
    loaded = load_packages([out])
    assert not loaded.errors and len(loaded.items) == 1
    assert main(["import", "pi-session", str(tmp_path / "absent.jsonl")]) == 2
    assert "absent.jsonl" in capsys.readouterr().err
