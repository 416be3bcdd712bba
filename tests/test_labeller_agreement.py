"""tools.labeller_agreement: two labellers' files of one set compared line by line, and the
detectors placed beside them; files that are not the same lines are refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tools.labeller_agreement import main, read_pairs

RECEIPT = {"id": "r1", "action": "message.send", "target": "ines", "status": "queued",
           "at": "2026-10-14T09:00:00Z"}  # fmt: skip
SENTENCES = [
    ("c1", "s1", "Ines has the tide-table note now.", True),
    ("c2", "s1", "The tide-table note to Ines is still queued.", False),
    ("c3", "s2", "I will send Ines the note tomorrow.", False),
    ("c4", "s2", "Note went to Ines, all sorted.", True),
    ("c5", "s3", "Ines received it.", True),
]


def _write(path: Path, labels: dict[str, bool], ambiguous: frozenset[str] = frozenset()) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as out:
        for id_, scene, sentence, _ in SENTENCES:
            line = {"id": id_, "scene": scene, "agent": "uhdim",
                    "recorded_at": "2026-10-14T12:00:00Z", "receipts": [RECEIPT],
                    "stage": "reconcile", "field": "summary", "sentence": sentence,
                    "invented": labels[id_], "claims": None,
                    "kind": "ambiguous" if id_ in ambiguous else "clear", "why": ""}  # fmt: skip
            out.write(json.dumps(line) + "\n")
    return path


def test_disagreements_and_the_second_labellers_figures(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = _write(tmp_path / "setA" / "completion.jsonl", {s[0]: s[3] for s in SENTENCES})
    # The second reader calls c4 not invented (marked ambiguous) and c2 invented.
    second_labels = {s[0]: s[3] for s in SENTENCES} | {"c4": False, "c2": True}
    second = _write(tmp_path / "b" / "completion.jsonl", second_labels, frozenset({"c4"}))
    assert main([str(first), str(second), "--detector", "lexical"]) == 0
    out = capsys.readouterr().out
    assert "first labels 3 invented, second 3" in out
    assert "(3/5)" in out  # agreement
    assert "== disagreements (2)" in out
    assert "0:setA/s2 c4 [summary] first True second False (second: ambiguous)" in out
    assert "0:setA/s1 c2 [summary] first False second True:" in out
    # The second reader against the first: 2 of 3 positives found, 2 of 3 flags right.
    assert "second's recall 0.667" in out and "precision 0.667" in out
    # The detector against each labeller's truth and on the three lines they agree on.
    assert "lexical against first: recall" in out and "lexical on the 3 agreed lines" in out


def test_files_of_different_lines_are_refused(tmp_path: Path) -> None:
    first = _write(tmp_path / "a" / "completion.jsonl", {s[0]: s[3] for s in SENTENCES})
    second = tmp_path / "b" / "completion.jsonl"
    second.parent.mkdir()
    second.write_text("".join(first.read_text().splitlines(keepends=True)[:4]))
    with pytest.raises(SystemExit, match="ids differing: c5"):
        read_pairs(first, second)
    changed = first.read_text().replace("Ines received it.", "Ines got it.")
    second.write_text(changed)
    with pytest.raises(SystemExit, match="line c5: not the first file's line"):
        read_pairs(first, second)


def test_pooled_figures_count_every_sets_lines_though_their_ids_repeat(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    truth = {s[0]: s[3] for s in SENTENCES}
    files = []
    # two sets in folders of one name: their scenes s1-s3 are two writers' scenes, not one
    for name in ("a", "b"):
        files += [_write(tmp_path / name / "set" / "completion.jsonl", truth),
                  _write(tmp_path / f"{name}-again" / "completion.jsonl", truth)]  # fmt: skip
    assert main([*map(str, files), "--detector", "lexical"]) == 0
    out = capsys.readouterr().out
    one = next(line for line in out.splitlines() if line.startswith("lexical against first"))
    pooled = out.split("== pooled")[1]
    assert "10 lines, 6 scenes; first labels 6 invented" in pooled
    # Twice one set's counts: "recall a/b" becomes "recall 2a/2b".
    tp, pos = (int(x) for x in one.split("recall ")[1].split(" ")[0].split("/"))
    assert f"lexical against first: recall {2 * tp}/{2 * pos}" in pooled


SECOND = Path(__file__).parent / "data" / "second_labeller"


@pytest.mark.parametrize(
    ("sets", "output", "agreed"),
    [
        (("heldout236", "heldout237", "heldout238", "heldout239"), "agreement-output.txt",
         "(792/792)"),
        (("real_smollm2b", "real_smollm2c"), "real-agreement-output.txt", "(267/268)"),
        (("real_smollm2f", "real_gemma270m"), "real2-agreement-output.txt", "(151/152)"),
        (("real_smollm2g",), "real3-agreement-output.txt", "(218/218)"),
        (("real_smollm2h",), "real4-agreement-output.txt", "(249/251)"),
        (("real_smollm2i",), "real5-agreement-output.txt", "(193/195)"),
    ],
)  # fmt: skip
def test_the_recorded_agreement_is_what_the_stored_labels_give(
    sets: tuple[str, ...], output: str, agreed: str, capsys: pytest.CaptureFixture[str]
) -> None:
    data = SECOND.parent
    files = [str(p) for name in sets
             for p in (data / name / "completion.jsonl", SECOND / name / "completion.jsonl")]  # fmt: skip
    assert main([*files, "--detector"]) == 0
    fresh = capsys.readouterr().out.splitlines()
    # every line but the detectors' (which move when a detector changes) is as recorded:
    # headers, the second reader's figures and every disagreement
    recorded = [line for line in (SECOND / output).read_text().splitlines()
                if not line.startswith(("lexical ", "learned "))]  # fmt: skip
    assert fresh == recorded
    pooled = [line for line in fresh if line.startswith("second against first")][-1]
    assert agreed in pooled


def test_untrusted_ids_are_printed_escaped_and_odd_files_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = _write(tmp_path / "a" / "completion.jsonl", {s[0]: s[3] for s in SENTENCES})
    evil = first.read_text().replace('"c1"', '"c1\\u001b[2J"')
    first.write_text(evil)
    second = tmp_path / "b" / "completion.jsonl"
    second.parent.mkdir()
    second.write_text(evil.replace('"invented": true', '"invented": false', 1))
    assert main([str(first), str(second), "--detector"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "c1\\x1b[2J" in out  # a visible escape, no raw ESC
    with pytest.raises(SystemExit, match="no such file"):
        read_pairs(first, tmp_path / "missing.jsonl")
    (tmp_path / "empty.jsonl").write_text("")
    with pytest.raises(SystemExit, match="no completion lines"):
        read_pairs(tmp_path / "empty.jsonl", second)
