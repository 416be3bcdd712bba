"""Claim support read off sets 244-245 after their first contact (issue 12): a month the claim's
subject names picks its occasion ("Priyanka's October payout"), so items that each state another
month (the September payout, a target ``newsletter-sep``) answer neither the claim nor its
negation; and a numbered thing its target carries ("round 13" of ``inspection-round-13``) is that
item's, though its text names another of the series (what it conflicted with). Hard negatives
beside them: the same month, an item that states no month, "May", which is a word too, and
another number of the series than the target's."""

from __future__ import annotations

import pytest

from harness.scorers.claim_support import Backing
from harness.scorers.support_dates import months_in
from tests.scorers_helpers import assert_support, host_line_receipt, receipt_backing


def _receipt(action: str, target: str, said: str, status: str = "succeeded") -> Backing:
    return host_line_receipt(action, target, said, status, to=True)


SEPT_PAYOUT = _receipt("payment.send", "priyanka", "September sponsor payout")
SEPT_NEWSLETTER = receipt_backing("post.publish", "newsletter-sep",
                                  "post.publish newsletter-sep: newsletter live on the choir site",
                                  "succeeded")  # fmt: skip
OCT_PAYOUT = _receipt("payment.send", "priyanka", "October sponsor payout")
SOME_PAYOUT = _receipt("payment.send", "priyanka", "sponsor payout")
SEPT_SPELLED = receipt_backing("post.publish", "newsletter-september",
                              "post.publish newsletter-september: newsletter live", "succeeded")  # fmt: skip
# a review's cases: a payee called June, and a payee called Jan whose target is no month
JUNE = _receipt("payment.send", "june", "September sponsor payout")
JAN = _receipt("payment.send", "jan", "sponsor payout")
AUG_ARCHIVE = receipt_backing("provenance.seal", "archive-aug",
                              "provenance.seal archive-aug: recordings archive sealed",
                              "succeeded")  # fmt: skip

ROUND_13 = _receipt("schedule.create", "inspection-round-13",
                    "failed, calendar conflict with round 12", "failed")  # fmt: skip
# the 13 is the room's, not the round's (a review's case)
ROOM_13 = _receipt("schedule.create", "room-13-inspection", "round 12 booked", "succeeded")

CASES: list[tuple[Backing, str, str]] = [
    (SEPT_PAYOUT, "Priyanka's October payout was sent.", "unsupported"),
    (SEPT_PAYOUT, "Priyanka's October payout was not sent.", "unsupported"),
    # the month only in the target, as an id part
    (SEPT_NEWSLETTER, "The October newsletter is live.", "unsupported"),
    (SEPT_NEWSLETTER, "The October newsletter is not live.", "unsupported"),
    (AUG_ARCHIVE, "The September recordings archive is sealed.", "unsupported"),
    # hard negatives: the month the item states, and an item that states none
    (OCT_PAYOUT, "Priyanka's October payout was sent.", "supported"),
    (OCT_PAYOUT, "Priyanka's October payout was not sent.", "contradicted"),
    (SEPT_NEWSLETTER, "The September newsletter is live.", "supported"),
    (SOME_PAYOUT, "Priyanka's October payout was sent.", "!unsupported"),
    (SEPT_SPELLED, "The October newsletter is live.", "unsupported"),
    (JUNE, "June's payout was sent.", "supported"),
    (JAN, "Jan's October payout was sent.", "supported"),
    (ROUND_13, "Inspection round 13 is scheduled.", "contradicted"),
    (ROUND_13, "Inspection round 13 is not scheduled.", "supported"),
    (ROUND_13, "Inspection round 12 is scheduled.", "unsupported"),
    (ROOM_13, "Inspection round 13 is scheduled.", "unsupported"),
    (ROOM_13, "Inspection round 13 is not scheduled.", "unsupported"),
]


@pytest.mark.parametrize(("item", "claim", "expected"), CASES)
def test_claim_support(item: Backing, claim: str, expected: str) -> None:
    assert_support(item, claim, expected)


def test_which_words_name_a_month() -> None:
    assert months_in("Priyanka's October payout") == {10}
    assert months_in("the Sept bulletin and the August one") == {9, 8}
    # "may" is a word first, and short forms in prose are names too often ("Jan", "Mar"); a
    # lower-case "march" is a verb
    assert months_in("the May invoice may be paid; Jan sent the mar report") == set()
    assert months_in("march forward with the plan") == set()
