"""tools.first_contact: a set is checked against its digests before it is read, measured once
with the committed harness, and its raw output kept with paths made relative."""

from __future__ import annotations

import hashlib
import subprocess
from pathlib import Path

import pytest

from tools.first_contact import ROOT, FrozenError, archive_head, check_frozen, main

SOURCE = ROOT / "tests" / "data" / "heldout2" / "completion.jsonl"


def _blind(tmp_path: Path) -> Path:
    folder = tmp_path / "blind99"
    folder.mkdir()
    data = SOURCE.read_bytes()
    (folder / "completion.jsonl").write_bytes(data)
    (folder / "README.md").write_text("who, how, counts\n")
    (folder / "FROZEN.txt").write_text(f"{hashlib.sha256(data).hexdigest()}  completion.jsonl\n")
    (folder / "notes.txt").write_text("the labeller's scratch, not part of the set\n")
    return folder


def test_a_set_is_copied_checked_and_measured(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    assert main([str(_blind(tmp_path)), "heldout99", "--tree", str(ROOT), "--data", str(data)]) == 0
    dest = data / "heldout99"
    assert sorted(p.name for p in dest.iterdir()) == [
        "FROZEN.txt", "README.md", "completion.jsonl", "first-contact-output.txt"]  # fmt: skip
    raw = (dest / "first-contact-output.txt").read_text()
    assert raw.startswith("== heldout99/completion.jsonl\n")
    assert "recall" in raw and str(ROOT) not in raw
    # Completions are also put to the learned layer and the encoder detector (tree has both).
    assert "== heldout99/completion.jsonl (learned)\n" in raw
    assert "== heldout99/completion.jsonl (encoder)\n" in raw
    assert "recall " in capsys.readouterr().out


def test_a_tampered_file_is_refused_before_anything_reads_it(tmp_path: Path) -> None:
    blind = _blind(tmp_path)
    with (blind / "completion.jsonl").open("a") as f:
        f.write("\n")
    with pytest.raises(FrozenError, match=r"FROZEN.txt:1: completion.jsonl differs"):
        check_frozen(blind)
    assert main([str(blind), "heldout99", "--tree", str(ROOT), "--data", str(tmp_path / "d")]) == 2
    assert not (tmp_path / "d" / "heldout99").exists()


def test_a_set_is_measured_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "data" / "heldout99").mkdir(parents=True)
    args = [
        str(_blind(tmp_path)),
        "heldout99",
        "--tree",
        str(ROOT),
        "--data",
        str(tmp_path / "data"),
    ]
    assert main(args) == 2
    assert "a set is measured once" in capsys.readouterr().err


def test_the_committed_harness_is_what_is_measured(tmp_path: Path) -> None:
    # a repository of its own: what is committed is archived, what is only in the work tree is not
    repo = tmp_path / "repo"
    (repo / "harness").mkdir(parents=True)
    (repo / "harness" / "cli.py").write_text("committed\n")
    git = ["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@example.invalid"]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "."], check=True)
    subprocess.run([*git, "commit", "-q", "-m", "c"], check=True)
    (repo / "harness" / "cli.py").write_text("edited, not committed\n")
    (repo / "harness" / "new.py").write_text("untracked\n")
    (tmp_path / "out").mkdir()
    tree = archive_head(repo, tmp_path / "out")
    assert (tree / "harness" / "cli.py").read_text() == "committed\n"
    assert not (tree / "harness" / "new.py").exists()
    assert not (tree / ".git").exists()


def test_support_is_measured_by_the_rules_and_the_learned_layer(tmp_path: Path) -> None:
    folder = tmp_path / "blind98"
    folder.mkdir()
    data = (ROOT / "tests" / "data" / "heldout231" / "support.jsonl").read_bytes()
    (folder / "support.jsonl").write_bytes(data)
    (folder / "FROZEN.txt").write_text(f"{hashlib.sha256(data).hexdigest()}  support.jsonl\n")
    out = tmp_path / "data"
    assert main([str(folder), "heldout98", "--tree", str(ROOT), "--data", str(out)]) == 0
    raw = (out / "heldout98" / "first-contact-output.txt").read_text()
    lexical, learned = raw.split("== heldout98/support.jsonl (learned)\n")
    assert "detector: lexical" in lexical and "polarity pairs judged right" in lexical
    assert "detector: learned" in learned and "polarity pairs judged right" in learned
