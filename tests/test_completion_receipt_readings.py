"""Completion rules from the eleventh round (driven by development sets 20 and 21): a receipt's
text naming who received, an invoice carried by a message, and a clause opened by "after" that
waits for its event. Each rule with hard negatives: the claim it must still flag.
"""

from __future__ import annotations

from datetime import UTC, datetime

from tests.scorers_helpers import ReceiptSpec, lexical_invented, receipt_on_nov20

RECORDED = datetime(2026, 11, 20, 18, 0, tzinfo=UTC)


_r = receipt_on_nov20


def _invented(sentence: str, *specs: ReceiptSpec, field: str = "findings") -> bool:
    return lexical_invented(sentence, list(specs), RECORDED, field=field, agent="vojan")


FILM_TO_ODA = _r("media.deliver", "film-0412", "succeeded", "10:00",
                 "media.deliver film-0412 to oda: reached oda")  # fmt: skip
FILM_QUEUED = _r("media.deliver", "film-0412", "queued", "10:00",
                 "media.deliver film-0412 to oda: queued")  # fmt: skip


def test_a_receipt_whose_text_names_the_recipient_proves_they_have_it() -> None:
    assert not _invented("Oda has the files.", FILM_TO_ODA)
    # hard negatives: the delivery only queued, and someone the receipt does not name
    assert _invented("Oda has the files.", FILM_QUEUED)
    assert _invented("Bruno has the files.", FILM_TO_ODA)


INVOICE_TO_ODA = _r("message.send", "oda", "succeeded", "09:00",
                    "message.send to oda: October invoice")  # fmt: skip
NOTE_TO_ODA = _r("message.send", "oda", "succeeded", "09:00",
                 "message.send to oda: kiln schedule for friday")  # fmt: skip


def test_an_invoice_a_message_carried_was_received() -> None:
    assert not _invented("Oda received the October invoice on Nov 20.", INVOICE_TO_ODA)
    # hard negatives: a message that carried something else, and one that only queued
    assert _invented("Oda received the October invoice on Nov 20.", NOTE_TO_ODA)
    queued = _r("message.send", "oda", "queued", "09:00", "message.send to oda: October invoice")
    assert _invented("Oda received the October invoice on Nov 20.", queued)


POST_LATER = _r("post.publish", "feed-0412", "succeeded", "19:00")


def test_a_clause_after_after_that_waits_for_its_event_claims_nothing() -> None:
    assert not _invented("Post 0412 to the feed after delivery is confirmed.", POST_LATER,
                         field="next_steps")  # fmt: skip
    # hard negative: a past "after" clause reports the delivery as done
    assert _invented("Posted 0412 to the feed after the delivery was confirmed.", FILM_QUEUED)


UPLOADED = _r("artifact.upload", "sweep-0412", "succeeded", "10:30")


def test_a_checklist_line_answered_no_claims_nothing() -> None:
    assert not _invented("Uploaded: yes (10:30). Paid: no.", UPLOADED, field="answer")
    assert not _invented("Sent to Oda - not yet.", UPLOADED)
    # hard negatives: the line answered yes, or "no problem", with no receipt for it
    assert _invented("Uploaded: yes (10:30). Paid: yes.", UPLOADED, field="answer")
    assert _invented("Paid: no problem, all settled.", UPLOADED)
