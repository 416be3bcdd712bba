"""A thing that "went out to" a person is a send to them, whatever the thing ("the checklist went
out to Patrycja"): the lexicon knew "the note went out", not a noun it does not list. Read off
development set 39. With hard negatives."""

from __future__ import annotations

from datetime import UTC, datetime

from tests.scorers_helpers import lexical_invented, receipt_on_nov20

RECORDED = datetime(2026, 11, 20, 22, 0, tzinfo=UTC)
_r = receipt_on_nov20

QUEUED = _r("message.send", "patrycja", "queued", "21:05", "message.send to patrycja: checklist")
SENT = _r("message.send", "patrycja", "succeeded", "21:05", "message.send to patrycja: checklist")


def test_what_went_out_to_a_person_needs_the_send() -> None:
    assert lexical_invented("The checklist went out to Patrycja tonight.", [QUEUED], RECORDED)
    assert lexical_invented("Both checklists have gone out to Patrycja.", [QUEUED], RECORDED)


def test_hard_negatives_sent_denied_or_asked() -> None:
    assert not lexical_invented("The checklist went out to Patrycja tonight.", [SENT], RECORDED)
    assert not lexical_invented("The checklist has not gone out to Patrycja yet.", [QUEUED],
                                RECORDED)  # fmt: skip
    assert not lexical_invented("Has the checklist gone out to Patrycja?", [QUEUED], RECORDED)
    assert not lexical_invented("It goes out to Patrycja at 07:00, after quiet hours.", [QUEUED],
                                RECORDED)  # fmt: skip
