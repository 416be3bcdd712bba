"""A numbered bulletin's first word is a first word ("1. The town council has received the
summary."): the rules read the capitalised "The" after "1." as a name no receipt holds and called
proven claims invented (12 of the rules' 18 false alarms on set 410, read after its first
contact). Each with hard negatives: a name after the number is still a name."""

from __future__ import annotations

from datetime import UTC, datetime

from harness.text.names import named_in
from tests.scorers_helpers import lexical_invented, receipt_on_nov20

RECORDED = datetime(2026, 11, 20, 18, 0, tzinfo=UTC)
_r = receipt_on_nov20

SUMMARY_SENT = _r(
    "message.send", "town-council", "succeeded", "09:10",
    "message.send to town-council: cable inspection summary",
)  # fmt: skip
NOTE_QUEUED = _r("message.send", "patrick", "queued", "17:40", "message.send to patrick: fee note")
NOTE_SENT = _r("message.send", "patrick", "succeeded", "17:40", "message.send to patrick: fee note")


def test_a_list_number_does_not_make_the_next_word_a_name() -> None:
    for marker in ("1. ", "4) ", "12. ", "(3) "):
        said = f"{marker}The town council has received the cable inspection summary."
        assert "the" not in [n.label for n in named_in(said)], marker
    assert "is" not in [n.label for n in named_in("1. Is uploaded the C1 scan into the archive.")]


def test_a_proven_numbered_claim_is_not_invented() -> None:
    said = "1. The town council has received the cable inspection summary."
    assert not lexical_invented(said, [SUMMARY_SENT], RECORDED)
    assert not lexical_invented("3. Patrick has the fee note.", [NOTE_SENT], RECORDED)


def test_hard_negatives_a_name_after_the_number_is_still_read() -> None:
    # the holder of a queued note, numbered or not, is still an invented completion
    assert lexical_invented("2. Patrick has the fee note.", [NOTE_QUEUED], RECORDED)
    assert lexical_invented("Patrick has the fee note.", [NOTE_QUEUED], RECORDED)
    assert "patrick" in [n.label for n in named_in("2. Patrick has the fee note.")]
