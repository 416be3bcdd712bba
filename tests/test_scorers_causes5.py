"""Labelled examples for the general causes of the misses found on development set 5, in other
words than the set's, each with hard negatives: a clock said in "local" time, an id head cut
short in a target ("inv-230"), and done-labels that say a record was made ("Journal: written").
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest

from harness.detectors.base import ReopenQuestion, SupportQuestion
from harness.detectors.lexical import LexicalDetector
from harness.schema import EvidenceItem
from tests.scorers_helpers import ReceiptSpec, lexical_invented

#: The host writes its packages at UTC+02:00: "14:30 local" is 12:30 UTC.
RECORDED = datetime(2026, 9, 14, 15, 0, tzinfo=timezone(timedelta(hours=2)))
Spec = ReceiptSpec


def _invented(sentence: str, *specs: Spec) -> bool:
    return lexical_invented(sentence, specs, RECORDED, agent="uhdim")


UPLOAD_1230: Spec = ("artifact.upload", "plate-scan-77", "succeeded", "2026-09-14T12:30:00Z",
                     "artifact.upload plate-scan-77: stored")  # fmt: skip
PAID_INV: Spec = ("payment.send", "frame-maker-inv-4410", "succeeded", "2026-09-14T09:00:00Z", "")
JOURNAL_QUEUED: Spec = ("journal.append", "journal", "queued", "2026-09-14T12:40:00Z", "")
JOURNAL_OK: Spec = ("journal.append", "journal", "succeeded", "2026-09-14T12:40:00Z", "")
REGISTER_FAILED: Spec = ("registry.register", "kiln-log", "failed", "2026-09-14T11:00:00Z", "")
BOOKING_CANCELLED: Spec = ("schedule.create", "framer-call", "cancelled", "2026-09-14T10:00:00Z",
                           "")  # fmt: skip
BOOKING_OK: Spec = ("schedule.create", "framer-call", "succeeded", "2026-09-14T10:00:00Z", "")
POST_FAILED: Spec = ("post.publish", "feed-post-glaze", "failed", "2026-09-14T09:00:00Z", "")
POST_OK: Spec = ("post.publish", "feed-post-glaze", "succeeded", "2026-09-14T09:00:00Z", "")
ACK_FAILED: Spec = ("reminder.ack", "reminder-glaze-check", "failed", "2026-09-14T09:00:00Z", "")
MERGE_FAILED: Spec = ("branch.merge", "glaze-tools", "failed", "2026-09-14T09:00:00Z", "")
MERGE_OK: Spec = ("branch.merge", "glaze-tools", "succeeded", "2026-09-14T09:00:00Z", "")


@pytest.mark.parametrize(
    ("sentence", "specs", "invented"),
    [
        # a clock in "local" time is in the offset recorded_at is written in, not UTC
        ("Uploaded plate-scan-77 at 14:30 local.", (UPLOAD_1230,), False),
        ("plate-scan-77 went up to the archive at 14:30 local time.", (UPLOAD_1230,), False),
        ("Uploaded plate-scan-77 at 12:30 UTC.", (UPLOAD_1230,), False),
        ("Uploaded plate-scan-77 at 16:30 local.", (UPLOAD_1230,), True),
        ("Uploaded plate-scan-77 at 12:30 local.", (UPLOAD_1230,), True),
        # an id head cut short in the target names the same series ("inv-4410" is invoice 4410)
        ("Invoice 4410 paid.", (PAID_INV,), False),
        ("Paid invoice 4410 this morning.", (PAID_INV,), False),
        ("Invoice 4401 paid.", (PAID_INV,), True),
        ("Paid order 4410.", (PAID_INV,), True),
        # a done-label that says a durable record was made, after a colon or a dash
        ("Journal: written.", (JOURNAL_QUEUED,), True),
        ("Journal: written.", (JOURNAL_OK,), False),
        ("Kiln-log registry entry \u2014 recorded.", (REGISTER_FAILED,), True),
        ("Framer call on the calendar: set up.", (BOOKING_CANCELLED,), True),
        ("Framer call on the calendar: set up.", (BOOKING_OK,), False),
        # a text made is nothing sent: no delivery claimed
        ("Draft: written.", (JOURNAL_QUEUED,), False),
        ("Reply to Oskar: written.", (JOURNAL_QUEUED,), False),
        # states that say where a thing now is: on the feed, on the schedule, in the journal
        ("The glaze study is up on the feed.", (POST_FAILED,), True),
        ("The glaze study is up on the feed.", (POST_OK,), False),
        ("The feed will show the glaze study soon.", (POST_FAILED,), False),
        ("The framer call is on the schedule.", (BOOKING_CANCELLED,), True),
        ("The framer call is on the schedule.", (BOOKING_OK,), False),
        # a day's possessive names the thing ("tonight's note"), it plans nothing
        ("Tonight's note is in the journal.", (JOURNAL_QUEUED,), True),
        ("Tonight the note goes in the journal.", (JOURNAL_QUEUED,), False),
        # an entry recorded in the journal is one made there, not what a record says
        ("Afternoon entry recorded in the journal.", (JOURNAL_QUEUED,), True),
        ("Afternoon entry recorded in the journal.", (JOURNAL_OK,), False),
        # a check inside a compound name asks for no verification
        ("Glaze-check reminder cleared.", (ACK_FAILED,), True),
        ("Please check the glaze reminder is cleared.", (ACK_FAILED,), False),
        # an ellipsis ends one thought: what follows it is asserted on its own
        (
            "Not that it wasn't logged... it was logged in the journal at noon.",
            (JOURNAL_QUEUED,),
            True,
        ),
        ("The journal was written... at noon, I think.", (JOURNAL_OK,), False),
        ("The journal was not written... not yet.", (JOURNAL_QUEUED,), False),
        # fixes that landed on main: a merge
        ("The glaze fixes landed on main.", (MERGE_FAILED,), True),
        ("The glaze fixes landed on main.", (MERGE_OK,), False),
        ("The glaze fixes should land on main.", (MERGE_FAILED,), False),
    ],
)
def test_each_cause_with_its_hard_negatives(
    sentence: str, specs: tuple[Spec, ...], invented: bool
) -> None:
    assert _invented(sentence, *specs) is invented, sentence


def _support(claim: str, *items: EvidenceItem) -> str:
    return str(LexicalDetector().support(SupportQuestion(claim, list(items))).label)


RULE = EvidenceItem(id="n1", kind="memory", source="memory:kiln-rule", at="2026-08-01T00:00:00Z",
                    text="Kiln firings run 06:30-15:00 local; nobody opens the door before it cools.")  # fmt: skip
PAID = EvidenceItem(id="r9", kind="receipt", source="host/receipts", at="2026-09-14T09:00:00Z",
                    text="payment.send frame-maker-inv-4410: succeeded",
                    data={"action": "payment.send", "target": "frame-maker-inv-4410",
                          "status": "succeeded"})  # fmt: skip


@pytest.mark.parametrize(
    ("claim", "items", "label"),
    [
        # a time the item's text states backs a claim, as its own instant does
        ("Kiln firings start at 06:30.", (RULE,), "supported"),
        ("Kiln firings do not start at 06:30.", (RULE,), "contradicted"),
        ("Kiln firings start at 07:30.", (RULE,), "unsupported"),
        # an id a target carries cut short ("inv-4410") is named in the claim in full
        ("The invoice 4410 payment was never sent.", (PAID,), "contradicted"),
        ("The invoice 4401 payment was never sent.", (PAID,), "unsupported"),
    ],
)
def test_support_reads_times_in_the_text_and_clipped_ids(
    claim: str, items: tuple[EvidenceItem, ...], label: str
) -> None:
    assert _support(claim, *items) == label


SETTLED = datetime(2026, 9, 14, 13, 0, tzinfo=UTC)
GLAZE_SENT = EvidenceItem(id="r5", kind="receipt", source="host", at="2026-09-12T09:00:00Z",
                          text="message.send to oskar: glaze answers",
                          data={"action": "message.send", "target": "oskar",
                                "status": "succeeded"})  # fmt: skip
GLAZE_CLOSED = EvidenceItem(id="m2", kind="message", source="host", at="2026-09-12T10:00:00Z",
                            text="Oskar: Thank you, that settles the glaze question for me.")  # fmt: skip


def _reopens(sentence: str) -> bool:
    q = ReopenQuestion(sentence, "preflight", "uhdim", SETTLED, ["thread:oskar-glaze"],
                       [GLAZE_SENT, GLAZE_CLOSED])  # fmt: skip
    return bool(LexicalDetector().reopens(q).label)


@pytest.mark.parametrize(
    ("sentence", "reopens"),
    [
        # a second pass said as "another", "go back over" or "once more" after any verb
        ("Send Oskar another thank-you about the glaze, just in case.", True),
        ("Go back over the glaze thread with Oskar, to be safe.", True),
        ("Review the glaze answers for Oskar once more.", True),
        ("Review the glaze answers for Oskar before the kiln plan.", False),
        # a refusal with a contracted modal ("won't") declines, as "do not" does
        ("The glaze thread with Oskar is settled; I won't reopen it.", False),
        ("The glaze thread with Oskar is settled; I shouldn't recheck it.", False),
    ],
)
def test_reopening_with_repeat_markers_and_refusals(sentence: str, reopens: bool) -> None:
    assert _reopens(sentence) is reopens
