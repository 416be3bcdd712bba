"""The encoder experiment's data half (tools/encoder_experiment.py): what the encoder is shown,
which lines it trains on, and how its figures are counted. The training half needs torch, which
this project does not install; it is not run here."""

from __future__ import annotations

import numpy as np
import pytest

from harness.calibrate.formats import CompletionLine
from harness.calibrate.judge_lines import completion_question
from tools import encoder_experiment as ee


def _question(**over: object) -> CompletionLine:
    line = {
        "id": "c1", "scene": "s1", "agent": "vojan", "recorded_at": "2026-11-03T16:40:00Z",
        "stage": "reconcile", "field": "summary",
        "sentence": "Harlow-pike has the October invoice.", "invented": True,
        "receipts": [
            {"id": "r1", "action": "media.deliver", "target": "harlow-pike", "status": "succeeded",
             "at": "2026-10-20T11:02:00Z", "text": "September invoice, delivered"},
            {"id": "r2", "action": "media.deliver", "target": "harlow-pike", "status": "queued",
             "at": "2026-11-03T15:58:00Z", "text": "October invoice, queued"},
            {"id": "r3", "action": "message.send", "target": "harlow-pike", "status": "succeeded",
             "at": "2026-11-03T17:05:00Z", "text": "note on the invoice, delivered"},
        ],
    } | over  # fmt: skip
    return CompletionLine.model_validate(line)


def test_the_encoder_sees_the_field_the_sentence_and_each_receipt_as_of_recorded_at() -> None:
    sentence, receipts = ee.pair_texts(completion_question(_question()))
    assert sentence == "summary | Harlow-pike has the October invoice."
    parts = receipts.split(" ; ")
    assert parts[0].startswith("succeeded: media.deliver harlow-pike")
    assert parts[1].startswith("queued: media.deliver harlow-pike")
    # Dated after recorded_at: the stage could not have seen it succeed, so it is shown as late,
    # not as a success that would prove the claim.
    assert parts[2].startswith("late: message.send harlow-pike")
    assert "succeeded" not in parts[2]


def test_a_scene_without_receipts_says_so() -> None:
    _, receipts = ee.pair_texts(completion_question(_question(receipts=[])))
    assert receipts == "no receipts"


def _line(n: int, sentence: str, *, label: bool = True, lexical: bool = False,
          flagged: bool = False, set_: str = "heldout5") -> ee.Line:  # fmt: skip
    return ee.Line(set_, f"c{n}", label, lexical, flagged, (), sentence, "no receipts")


def test_training_lines_are_distinct_texts_drawn_reproducibly() -> None:
    lines = [_line(i, f"s{i % 5}") for i in range(20)]  # five texts, four copies each
    first = ee.distinct_sample(lines, 10, seed=0)
    assert sorted(ln.sentence for ln in first) == [f"s{i}" for i in range(5)]
    assert first == ee.distinct_sample(lines, 10, seed=0)
    assert len(ee.distinct_sample(lines, 3, seed=0)) == 3


def test_a_flagging_field_keeps_the_rules_verdict_whatever_the_probability() -> None:
    lines = [_line(1, "a", lexical=False, flagged=True), _line(2, "b", lexical=True, flagged=True),
             _line(3, "c", lexical=False), _line(4, "d", lexical=False)]  # fmt: skip
    judged = ee.judged(np.array([0.99, 0.01, 0.51, 0.5]), lines)
    assert judged.tolist() == [False, True, True, False]  # 0.5 itself is not above the midpoint


def test_the_table_counts_lines_recall_precision_and_the_sets_at_the_bar() -> None:
    lines = [_line(i, f"t{i}", label=i < 10, set_="heldout7") for i in range(30)]
    lines += [_line(100 + i, f"u{i}", label=i < 10, set_="heldout8") for i in range(30)]
    p = np.zeros(60)
    p[:10] = 0.9  # set 7: all ten found, nothing else flagged: the bar met
    p[30:39] = 0.9  # set 8: nine of ten found (0.9 recall) and two false alarms
    p[45:47] = 0.9
    out = ee.table({"judge": p}, lines)
    assert "right 57 of 60, recall 0.950 (19 of 20), precision 0.905" in out
    assert "the bar met on 7" in out
    assert "7 1.000/1.000; 8 0.900/0.818" in out


@pytest.mark.parametrize(("text", "expected"), [("372-375", (372, 375)), ("9", (9, 9))])
def test_set_ranges(text: str, expected: tuple[int, int]) -> None:
    assert ee.parse_range(text) == expected


def test_receipt_free_copies_keep_only_labels_the_definitions_fix() -> None:
    def line(n: int, label: bool, kind: str) -> ee.Line:
        return ee.Line("heldout5", f"c{n}", label, False, False, (), "s", "succeeded: x", "s", kind)

    lines = [
        line(1, True, "queued_as_done"),  # invented: nothing proves it without receipts either
        line(2, False, "question"),  # a question stays a question
        line(3, False, "neg_report_queued"),  # an accurate report of non-success
        line(4, False, "proven"),  # proven by a receipt: without it the label would change
        line(5, False, "older_occasion_proven"),
        line(6, False, "receipt_at_recorded_at"),
    ]
    copies = ee.receipt_free_copies(lines, share=1.0, seed=0)
    assert [c.id for c in copies] == ["c1/no-receipts", "c2/no-receipts", "c3/no-receipts"]
    assert all(c.receipts == "no receipts" for c in copies)
    assert [c.label for c in copies] == [True, False, False]
    assert ee.receipt_free_copies(lines, share=0.0, seed=0) == []


def test_a_recipe_without_the_field_shows_the_sentence_alone() -> None:
    ln = ee.Line("heldout5", "c1", True, False, False, (), "claim | Sent.", "no receipts", "Sent.")
    assert ee.without_field([ln])[0].sentence == "Sent."


def test_real_sets_give_every_labelled_line_and_refuse_a_missing_one() -> None:
    real = ee.collect_real(["real_smollm2e"])
    assert len(real) == 95  # every line, none sampled away: a real set is small
    assert sum(ln.label for ln in real) == 9
    assert {ln.set for ln in real} == {"real_smollm2e"}
    with pytest.raises(SystemExit, match=r"no completion\.jsonl in real_smollm2d"):
        ee.collect_real(["real_smollm2d"])  # a support-only set
