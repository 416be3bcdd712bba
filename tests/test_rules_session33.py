"""Claim support read off sets 292-303 after their first contact (issue 12). Causes, each with
hard negatives beside it:

- an order or a note to self that opens with the act's bare verb ("Book the replacement slot
  ...", "Remind: upload the docs", "..., then tell Mrs Brandt") reports nothing done; the
  to-do's own state after it ("Reminder: acknowledge the certificate. State: pending.") does;
- someone asking the writer to act ("Halina asked me to publish the post") reports no outcome,
  nor does a question still to put ("Ask host whether to delete the old drafts");
- a word and an id number ("seating chart 0413", "bulletin 259") is not the item's same word
  with another number ("seating-chart-0412.pdf", "bulletin 258 posted");
- an honorific on a name ("Kim-san") is no part of the name a target carries;
- read off 304-307 after their first contact: a pre-release ("changelog-4.2.0rc2") is not the
  version a clause names without its tag ("the 4.2.0 final changelog"); an umlaut is the "e"
  spelling a host id writes ("Tübingen" of ``tuebingen``);
- read off 308-311 after their first contact: what someone said they would do ("Dario said he
  would review the PR tonight") is a promise, not an outcome; "Herr" and "Frau" are titles, as
  "Mr" and "Mrs" are ("the reminder for Frau Hoffmann" is the Hoffmann reminder).
"""

from __future__ import annotations

import pytest

from harness.schema import EvidenceItem
from harness.scorers.claim_support import Backing
from tests.scorers_helpers import assert_support, host_line_receipt


def _item(kind: str, text: str, **data: object) -> Backing:
    return Backing.of(EvidenceItem(id="e1", kind=kind, source=f"{kind}s/office",
                                   at="2026-11-18T10:20:00Z", text=text, data=data or None))  # fmt: skip


BOOK = _item("memory", "Book the replacement slot for 5802 after the driver rota is out.")
BOOKED = _item("memory", "Booked the replacement slot for 5802 after the driver rota came out.")
REMIND = _item("memory", "Remind: upload 2.5.0 docs")
THEN = _item("session", "Plan for Thursday: book Fenwick for the return, then tell Mrs Brandt the "
             "new date.")  # fmt: skip
THEN_DONE = _item("session", "Booked Fenwick for the return, then told Mrs Brandt the new date.")
PENDING = _item("reminder", "Reminder: acknowledge insurance certificate. State: pending.",
                reminder="rem-insurance-cert", state="pending")  # fmt: skip
JOURNAL = _item("history", "Wed: journal entry for the supplier payments written 12:45.")
ASKED = _item("session", "Halina asked me to publish the holiday post.")
ASKED_DONE = _item("session", "Halina asked me to publish the holiday post; published it at 10:00.")
WHETHER = _item("memory", "Ask host on Monday whether to delete old quote drafts (0870-0880).")
CHART = _item("artifact", "seating-chart-0412.pdf rendered: 14 tables, 126 covers",
              path="output/seating-chart-0412.pdf", sha256="3f1c0a")  # fmt: skip
BULLETIN = _item("history", "Yesterday's summary: bulletin 258 posted, digest to the network "
                 "list sent.")  # fmt: skip
KIM = host_line_receipt(
    "media.deliver", "kim-s", "fit-report-0412.pdf, delivered", "succeeded", to=True
)


@pytest.mark.parametrize(
    ("cited", "claim", "wanted"),
    [
        (BOOK, "The replacement slot for 5802 is booked.", "unsupported"),
        (BOOK, "The replacement slot for 5802 is not booked.", "unsupported"),
        (BOOKED, "The replacement slot for 5802 is booked.", "supported"),  # hard negative
        (REMIND, "The 2.5.0 docs were uploaded.", "unsupported"),
        (THEN, "Mrs Brandt has been told the new return date.", "unsupported"),
        (THEN, "Mrs Brandt has not been told the new return date.", "unsupported"),
        (THEN_DONE, "Mrs Brandt has been told the new return date.", "supported"),  # hard negative
        (PENDING, "The insurance certificate reminder was acknowledged.", "contradicted"),
        (PENDING, "The insurance certificate reminder has not been acknowledged.", "supported"),
        # hard negative: a noun that is also a verb ("journal entry") opens a report, no order
        (JOURNAL, "The supplier payments were journaled.", "supported"),
        (JOURNAL, "The supplier payments were never journaled.", "contradicted"),
        (ASKED, "The holiday post is published.", "unsupported"),
        (ASKED_DONE, "The holiday post is published.", "supported"),  # hard negative
        (WHETHER, "The old quote drafts were deleted.", "unsupported"),
        (WHETHER, "The old quote drafts were not deleted.", "unsupported"),
    ],
)  # fmt: skip
def test_orders_and_requests_report_nothing_done(cited: Backing, claim: str, wanted: str) -> None:
    assert_support(cited, claim, wanted)


@pytest.mark.parametrize(
    ("cited", "claim", "wanted"),
    [
        (CHART, "Seating chart 0413 was rendered.", "unsupported"),
        (CHART, "Seating chart 0413 was not rendered.", "unsupported"),
        (CHART, "Seating chart 0412 was rendered.", "supported"),  # hard negative: its own
        (BULLETIN, "Bulletin 259 was posted yesterday.", "unsupported"),
        (BULLETIN, "Bulletin 258 was posted yesterday.", "supported"),  # hard negative
        (KIM, "Kim-san has the fit report 0412.", "supported"),
        (KIM, "Kim-san does not have the fit report 0412.", "contradicted"),
        # hard negative: another person with an honorific is still another person
        (KIM, "Sato-san has the fit report 0412.", "!supported"),
    ],
)  # fmt: skip
def test_another_of_a_series_and_honorifics(cited: Backing, claim: str, wanted: str) -> None:
    assert_support(cited, claim, wanted)


RC2 = host_line_receipt("post.publish", "changelog-4.2.0rc2", "4.2.0rc2 changelog, published",
                        "succeeded")  # fmt: skip
BATCH2 = host_line_receipt("media.deliver", "tuebingen", "batch 2 (sessions 13-24), pending",
                           "pending", to=True)  # fmt: skip


@pytest.mark.parametrize(
    ("cited", "claim", "wanted"),
    [
        (RC2, "The 4.2.0 final changelog was published.", "unsupported"),
        (RC2, "The 4.2.0 final changelog was not published.", "unsupported"),
        (RC2, "The 4.2.0rc2 changelog was published.", "supported"),  # hard negative: its own
        (BATCH2, "Batch 2 reached Tübingen.", "contradicted"),
        (BATCH2, "Batch 2 has not reached Tübingen.", "supported"),
        # hard negative: another place with an umlaut is still another place
        (BATCH2, "Batch 2 reached München.", "!contradicted"),
    ],
)  # fmt: skip
def test_pre_releases_and_umlauts(cited: Backing, claim: str, wanted: str) -> None:
    assert_support(cited, claim, wanted)


PROMISE = _item("memory", "Dario said he would review the winter-event PR tonight.")
REVIEWED = _item("memory", "Dario reviewed the winter-event PR tonight.")
ACKED = _item("reminder", "Folgerezept Hoffmann: acknowledged",
              reminder="reminder-hoffmann-rezept", state="acknowledged")  # fmt: skip


@pytest.mark.parametrize(
    ("cited", "claim", "wanted"),
    [
        (PROMISE, "Dario reviewed the winter-event PR.", "unsupported"),
        (PROMISE, "Dario did not review the winter-event PR.", "unsupported"),
        (REVIEWED, "Dario reviewed the winter-event PR.", "supported"),  # hard negative
        (ACKED, "The Folgerezept reminder for Frau Hoffmann is acknowledged.", "supported"),
        (ACKED, "The Folgerezept reminder for Frau Hoffmann is not acknowledged.", "contradicted"),
        # hard negative: another person's reminder, title or not
        (ACKED, "The Folgerezept reminder for Frau Keller is acknowledged.", "!supported"),
    ],
)  # fmt: skip
def test_promises_and_german_titles(cited: Backing, claim: str, wanted: str) -> None:
    assert_support(cited, claim, wanted)
