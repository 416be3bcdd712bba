"""The support judge's data half (tools/support_encoder.py and ``support_pair_texts``): what the
encoder is shown of a claim and its evidence, the near misses it learns other objects from, and how
its polarity pairs are counted. The training half needs torch, which this project does not
install; it is not run here."""

from __future__ import annotations

import random

import numpy as np

from harness.calibrate.formats import LabelledEvidence, items
from harness.detectors.base import SupportQuestion
from harness.detectors.encoder import support_pair_texts
from tools import support_encoder as se


def _evidence(**over: object) -> list[LabelledEvidence]:
    item = {"id": "r1", "kind": "receipt", "source": "outbox/receipts",
            "at": "2026-08-14T08:05:00Z",
            "text": "message.send to mara: wind-hold rebook note (Sat 10:00), queued",
            "data": {"action": "message.send", "target": "mara", "status": "queued"}} | over  # fmt: skip
    return [LabelledEvidence.model_validate(item)]


def test_the_judge_sees_the_claim_and_each_item_as_the_host_recorded_it() -> None:
    evidence = items(_evidence()) + items(_evidence(id="m1", kind="message", data=None,
                                                    text="Got it, thanks!"))  # fmt: skip
    claim, cited = support_pair_texts(SupportQuestion("Mara has the note.", evidence))
    assert claim == "Mara has the note."
    first, second = cited.split(" ; ")
    # The recorded state comes first, where a cut of the budget cannot reach it.
    assert first.startswith("receipt queued: message.send mara message.send to mara")
    assert second == "message: Got it, thanks!"
    assert support_pair_texts(SupportQuestion("Mara has it.", []))[1] == "no evidence"


def _miss(
    claim: str, targets: list[str], evidence: str, names: list[str] | None = None
) -> str | None:
    return se.near_miss(claim, targets, evidence, names or ["tomas"], random.Random(0))


def test_a_near_miss_names_another_object_by_one_detail() -> None:
    # A shared id moved by one digit, a shared month made the next, the target renamed.
    assert _miss("Dial-0412 drawings are delivered.", ["hollin"], "dial-0412 drawings") == (
        "Dial-0413 drawings are delivered."
    )
    assert _miss("The July logs are uploaded.", ["archive"], "buoy logs july") == (
        "The August logs are uploaded."
    )
    assert _miss("The Q12 entry is sealed.", ["batch-q12"], "batch-q12 sealed") == (
        "The Q13 entry is sealed."
    )
    assert _miss("Mara was sent the note.", ["mara"], "message.send to mara") == (
        "Tomas was sent the note."
    )


def test_no_near_miss_where_the_claim_shares_no_detail_or_only_a_time_or_amount() -> None:
    # Another clock time or amount of the same act is a wrong detail, not another object.
    assert _miss("Residents were texted at 06:50.", ["sms-list"], "texted at 06:50") is None
    assert _miss("Noor got her €120 back.", ["refunds"], "EUR 120 refund, settled") is None
    assert _miss("The coastguard was told.", ["harbour"], "message.send to harbour") is None
    # A moved number that the evidence also holds would still speak of something cited.
    assert _miss("Batch 2231 is sealed.", ["b-2231"], "batch-2231 and batch-2232") is None


def test_near_misses_are_labelled_unsupported_and_pair_with_nothing() -> None:
    lines = se.collect(376, 376, near=1.0)
    near = [ln for ln in lines if ln.id.endswith("/near")]
    assert 20 <= len(near) <= 80
    assert {ln.label for ln in near} == {2} and {ln.pair for ln in near} == {None}
    by_id = {ln.id: ln for ln in lines}
    for ln in near:
        source = by_id[ln.id.removesuffix("/near")]
        assert source.label != 2 and ln.receipts == source.receipts
        assert ln.sentence != source.sentence


def test_a_mismatched_claim_is_put_to_the_set_befores_evidence() -> None:
    own = {ln.id: ln for ln in se.collect(376, 376)}
    before = {ln.receipts for ln in se.collect(375, 375)}
    lines = [ln for ln in se.collect(375, 376, mismatch=4) if ln.set == "heldout376"]
    mismatched = lines[len(own) :]
    assert len(mismatched) == 25  # every fourth of set 376's hundred
    for ln in mismatched:
        assert ln.sentence == own[ln.id].sentence and ln.receipts in before
        assert ln.label == 2 and ln.pair is None


def test_polarity_pairs_are_counted_in_the_table() -> None:
    lines = se.collect(376, 376)
    right = np.zeros((len(lines), 3))
    right[np.arange(len(lines)), [ln.label for ln in lines]] = 1.0
    wrong = right.copy()
    first_pair = next(i for i, ln in enumerate(lines) if ln.pair is not None)
    wrong[first_pair] = np.roll(wrong[first_pair], 1)
    out = se.table({"right": right, "one wrong": wrong}, lines)
    assert (
        "right: lines right 100 of 100; polarity pairs 40 of 40 (1.000); the bar met on 376" in out
    )
    assert "one wrong: lines right 99 of 100; polarity pairs 39 of 40 (0.975)" in out
