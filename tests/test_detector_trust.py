"""The report says how far its text detectors can be trusted, with the figures their newest blind
set gave at first contact, and those figures are the ones the set's FIRST_CONTACT.md records."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from harness.detectors.measured import (
    FIRST_CONTACTS,
    FirstContact,
    recall_bounds,
    text_detectors,
    trust_rows,
)
from harness.report import write_report
from tests.report_helpers import clean_outcome, write_run

DATA = Path(__file__).parent / "data"


@pytest.mark.parametrize("fc", FIRST_CONTACTS, ids=lambda fc: f"{fc.scorer}-{fc.blind_set}")
def test_each_figure_is_the_one_its_blind_set_recorded(fc: FirstContact) -> None:
    record = (DATA / fc.blind_set / "FIRST_CONTACT.md").read_text()
    assert (DATA / fc.blind_set / "FROZEN.txt").exists()
    for number in re.findall(r"\d+(?:\.\d+|/\d+)", fc.figure):
        assert number in record, f"{fc.blind_set}/FIRST_CONTACT.md does not record {number}"
    assert fc.measured.split(" at ")[-1] in record  # the commit it was measured on


def test_newest_blind_set_is_quoted() -> None:
    # A newer blind set than the one quoted means its first contact was not carried here.
    sets = sorted(int(p.name.removeprefix("heldout")) for p in DATA.glob("heldout[0-9]*"))
    quoted = {int(fc.blind_set.removeprefix("heldout")) for fc in FIRST_CONTACTS}
    assert quoted == {sets[-1]}


def test_only_the_detectors_a_run_used_are_reported() -> None:
    rows = trust_rows({"invented_completion": "lexical", "evidence_fidelity": "judge"})
    assert [r["metrics"] for r in rows] == ["invented_completion.*"]
    assert trust_rows({}) == []


def test_the_report_shows_the_trust_table(tmp_path: Path) -> None:
    run = write_run(tmp_path / "run", model="m", outcome=clean_outcome)
    meta = json.loads((run / "run.json").read_text())
    meta["scoring"] = {
        "scored_at": "2026-12-02T06:00:00Z",
        "thresholds": {},
        "scorers": [{"name": "invented_completion", "detector": "lexical"}],
    }
    (run / "run.json").write_text(json.dumps(meta))
    _, paths = write_report(run, n_boot=200)
    markdown = paths.markdown.read_text()
    assert "## How far the text detectors can be trusted" in markdown
    completion = next(fc for fc in FIRST_CONTACTS if fc.scorer == "invented_completion")
    assert completion.figure in markdown
    assert 'id="detector-trust"' in paths.html.read_text()


def test_a_run_that_records_no_detectors_was_scored_by_the_declared_ones() -> None:
    assert text_detectors({}, {"invented_completion": "lexical"}) == {
        "invented_completion": "lexical"
    }
    recorded = {"scoring": {"scorers": [{"name": "invented_completion", "detector": "judge:x"}]}}
    assert text_detectors(recorded, {"invented_completion": "lexical"}) == {
        "invented_completion": "judge:x"
    }


@pytest.mark.parametrize("fc", [fc for fc in FIRST_CONTACTS if fc.recall_low is not None])
def test_a_recall_bound_the_gates_use_is_the_one_recorded(fc: FirstContact) -> None:
    # the bound is the lower end of a recall interval a first contact recorded: in the row's own
    # set, or in the set recall_from names in parentheses (another set's, or real text pooled)
    named = re.findall(r"\((heldout\d+|real_smollm2\w*)\)", fc.recall_from)
    records = [
        (DATA / folder / "FIRST_CONTACT.md").read_text() for folder in [fc.blind_set, *named]
    ]
    assert any(f"[{fc.recall_low:.3f}," in record for record in records)
    assert fc.counts
    for folder, record in zip(named, records[1:], strict=True):
        assert f"[{fc.recall_low:.3f}," in record, folder


def _completion_recall_low(
    folder: Path, detector: str, output: str = "first-contact-output.txt"
) -> float:
    """The recall interval's lower end a set's first contact printed for completion.jsonl."""
    raw = (folder / output).read_text()
    # The first file measured is completion.jsonl by the lexical detector; the others' sections
    # follow it, headed "completion.jsonl (learned)", "completion.jsonl (encoder)".
    head = "completion.jsonl\n" if detector == "lexical" else f"completion.jsonl ({detector})\n"
    sections = [s for s in raw.split("== ") if s.split("/", 1)[-1].startswith(head)]
    assert sections, f"{folder.name}: no {detector} completion section in first-contact-output.txt"
    return _recall_low(sections[0], f"{folder.name}/{output}")


def _recall_low(calibrate_output: str, where: str) -> float:
    """The recall interval's lower end in one ``shadow calibrate`` output."""
    m = re.search(r"^recall\s+[\d.]+\s+\[([\d.]+),", calibrate_output, re.MULTILINE)
    assert m is not None, f"{where}: no completion recall"
    return float(m.group(1))


@pytest.mark.parametrize("fc", [fc for fc in FIRST_CONTACTS if fc.recall_low is not None],
                         ids=lambda fc: f"{fc.scorer}-{fc.detector}")  # fmt: skip
def test_the_gates_divide_by_the_lowest_recall_of_the_newest_blind_sets(fc: FirstContact) -> None:
    # the rule, mechanically: the window of sets recall_from names ends at the newest first
    # contact, holds at least three, and the bound is the lowest lower end among them
    m = re.search(r"heldout(\d+)-(\d+)", fc.recall_from)
    assert m is not None, fc.recall_from
    first, last = int(m.group(1)), int(m.group(2))
    measured = [int(p.parent.name.removeprefix("heldout"))
                for p in DATA.glob("heldout*/first-contact-output.txt")]  # fmt: skip
    assert last == max(measured) and last - first >= 2
    lows = {f"heldout{n}": _completion_recall_low(DATA / f"heldout{n}", fc.detector)
            for n in range(first, last + 1)}  # fmt: skip
    if fc.detector == "encoder":
        # an adapter measured as a candidate beside the shipped one met the set first there
        for n in range(first, last + 1):
            candidate = DATA / f"heldout{n}" / "candidate-adapter-output.txt"
            if candidate.exists():
                lows[f"heldout{n} candidate"] = _recall_low(candidate.read_text(), str(candidate))
    # real model text measured at first contact counts too, its small sets pooled (the folder
    # named holds pooled-output.txt: the real sets of the current detectors concatenated)
    pooled_in = re.search(r"pooled in (real_smollm2\w+)", fc.recall_from)
    assert pooled_in is not None, "no real text behind the bound"
    lows["real text pooled"] = _completion_recall_low(
        DATA / pooled_in.group(1), fc.detector, "pooled-output.txt"
    )
    assert fc.recall_low == min(lows.values()), lows


def test_each_detector_gives_one_recall_bound_per_rate() -> None:
    for detector in ("lexical", "learned"):
        bounds = recall_bounds({"invented_completion": detector})
        assert list(bounds) == ["invented_completion.invented"]
        assert detector in bounds["invented_completion.invented"].source
    assert (
        recall_bounds({"invented_completion": "learned"})["invented_completion.invented"].low
        == 0.557
    )
    # The encoder's own bound is capped by the learned layer's (it averages that layer) only where
    # the cap is lower: since real_smollm2h its own real-text bound, 0.500, is the lower one.
    encoder = recall_bounds({"invented_completion": "encoder"})["invented_completion.invented"]
    assert encoder.low == 0.500 and "capped" not in encoder.source
