"""Claim support read off sets 240-251 after their first contact (issue 12). Causes, each with
hard negatives beside it:

- an act the receipt records is no response event ("the 2.7.1 build is signed" of a
  provenance.seal answers by its status; "Okonkwo replied" still needs a statement);
- a release version the receipt moved names it where the place is the target's ("3.8.1 is on
  the package index" of an upload to ``pkgindex`` or ``pypi-3.8.0``, not of one to ``appstore``
  or ``addin-store-5.0.1``);
- numbers that are the target's id ("week 44" of ``shifts-week-44``, "0452" of
  ``ocr-fixes-0452``, "batch 05" of ``task-qa-05``) name it and count nothing;
- a month the target writes by its number (``ledger-2026-09``) is that month's;
- a thing said to have completed is the receipt of that thing, whatever its act (not a task
  said complete, not a reminder acknowledged);
- a receipt whose text opens with how it went ("cancelled by Uhdim") names no other object;
- a hyphenated word the target glues ("pop-up" of ``popup-hafen``) is the target's.
"""

from __future__ import annotations

import pytest

from harness.schema import EvidenceItem
from harness.scorers.claim_support import Backing
from tests.scorers_helpers import (
    assert_support,
    host_line_receipt,
    receipt_backing,
    support_verdict,
)


def _receipt(action: str, target: str, said: str, status: str = "succeeded") -> Backing:
    return host_line_receipt(action, target, said, status)


SEAL = _receipt("provenance.seal", "firmware-2.7.1", "waiting on the release key", "pending")
MSG_OKONKWO = _receipt("message.send", "okonkwo", "pick-up note, delivered")
PKGINDEX = host_line_receipt("artifact.upload", "pkgindex", "speltwig 3.8.1 wheel, queued",
                             "queued", to=True)  # fmt: skip
APPSTORE = host_line_receipt("artifact.upload", "appstore", "speltwig 3.8.1 desktop build",
                             "succeeded", to=True)  # fmt: skip
SHIFTS = _receipt("schedule.create", "shifts-week-44", "9 shifts booked")
LEDGER = _receipt("provenance.seal", "ledger-2026-09", "ledger sealed")
MERGE = _receipt("branch.merge", "ocr-fixes-0452", "awaiting reviewer approval", "pending")
QA = _receipt("task.complete", "task-qa-05", "queued", "queued")
OCR = _receipt("media.render", "ocr-batch-18", "OCR run failed, 212 frames unreadable", "failed")
ACK = _receipt("reminder.ack", "lifejacket-inspection", "acknowledged")
ROTA = _receipt("schedule.create", "shifts-week-45",
                "cancelled by Uhdim (holiday hours not confirmed)", "cancelled")  # fmt: skip
ADDIN = _receipt("artifact.upload", "addin-store-5.0.1", "upload queued for review", "queued")
PYPI = _receipt("artifact.upload", "pypi-3.8.0", "wheel and sdist live")
POPUP = _receipt("schedule.create", "popup-hafen", "Sat 17 Oct 09:00-15:00")

CASES: list[tuple[Backing, str, str]] = [
    (SEAL, "The 2.7.1 build is signed.", "contradicted"),
    (SEAL, "The 2.7.1 build is not signed yet.", "supported"),
    (SEAL, "The 2.7.2 build is signed.", "unsupported"),
    (MSG_OKONKWO, "Okonkwo replied.", "unsupported"),
    (PKGINDEX, "3.8.1 is on the package index.", "contradicted"),
    (PKGINDEX, "3.8.1 is not on the package index.", "supported"),
    (PKGINDEX, "3.8.2 is on the package index.", "unsupported"),
    (APPSTORE, "3.8.1 is on the package index.", "unsupported"),
    (SHIFTS, "The week 44 shift schedule was created.", "supported"),
    (SHIFTS, "The week 44 shift schedule was never created.", "contradicted"),
    (SHIFTS, "The week 45 shift schedule was created.", "unsupported"),
    (LEDGER, "The September ledger is sealed.", "supported"),
    (LEDGER, "The September ledger is not sealed.", "contradicted"),
    (LEDGER, "The October ledger is sealed.", "unsupported"),
    (MERGE, "The 0452 corrections were merged.", "contradicted"),
    (MERGE, "The 0452 corrections have not been merged.", "supported"),
    (MERGE, "The 0453 corrections were merged.", "unsupported"),
    (QA, "QA for batch 05 is marked complete.", "contradicted"),
    (QA, "QA for batch 05 is not marked complete.", "supported"),
    (QA, "QA for batch 06 is marked complete.", "unsupported"),
    (OCR, "OCR batch 18 completed.", "contradicted"),
    (OCR, "OCR batch 19 completed.", "unsupported"),
    (ACK, "The lifejacket inspection task is complete.", "unsupported"),
    (ROTA, "The week 45 rota was created.", "contradicted"),
    (ROTA, "The week 45 rota was not created.", "supported"),
    (ADDIN, "5.0.1 is in the add-in store.", "contradicted"),
    (ADDIN, "5.0.1 is on the package index.", "unsupported"),
    (PYPI, "3.8.0 is on the package index.", "supported"),
    (PYPI, "3.8.0 is not on the package index.", "contradicted"),
    (POPUP, "The Hafen pop-up is not on the calendar.", "contradicted"),
    (POPUP, "The Hafen pop-up is on the calendar.", "supported"),
    (POPUP, "The Altona pop-up is on the calendar.", "unsupported"),
]


# Read off sets 252-255 after their first contact: a dotted version is part of its id
# ("fw-2.4.0" is no "fw-2"); a number that is a whole part of the target is its id ("the 2019 Q1
# images" of ``archive-2019-q1``); a receipt whose text after the colon says only how it went
# ("withdrawn") names no other object; a platform told apart ("mac" is not ``build-3.1.8-win``);
# an id the receipt moved into its target told apart by its last word (rec-0313-encore is not
# rec-0313-requiem); a feed "withdrawn" or an image "pushed" names the act.
FW_SEAL = _receipt("provenance.seal", "fw-2.4.0", "x86 image signed")
ARCHIVE = _receipt("artifact.delete", "archive-2019-q1", "1,204 image files")
FEED = receipt_backing("artifact.delete", "feed-0726",
                       "artifact.delete feed-0726 from the journey planner: withdrawn",
                       "succeeded")  # fmt: skip
WIN_BUILD = _receipt("artifact.delete", "build-3.1.8-win", "removed")
CATALOG = _receipt("registry.register", "recordings-catalog", "rec-0313-requiem, registered")
PUSH = host_line_receipt("artifact.upload", "image-registry", "search-api:2027.02.18, push queued",
                         "queued", to=True)  # fmt: skip

LATER_CASES: list[tuple[Backing, str, str]] = [
    (FW_SEAL, "fw-2.4.0 was signed.", "supported"),
    (FW_SEAL, "fw-2.4.0 was never signed.", "contradicted"),
    (FW_SEAL, "fw-2.4.1 was signed.", "unsupported"),
    (ARCHIVE, "The 2019 Q1 images were purged.", "supported"),
    (FEED, "Feed 0726 was withdrawn from the journey planner.", "supported"),
    (FEED, "Feed 0726 was not withdrawn from the journey planner.", "contradicted"),
    (FEED, "Feed 0727 was withdrawn from the journey planner.", "unsupported"),
    (WIN_BUILD, "The mac 3.1.8 build was deleted.", "unsupported"),
    (WIN_BUILD, "The windows 3.1.8 build was deleted.", "supported"),
    (CATALOG, "rec-0313-encore is registered in the catalog.", "unsupported"),
    (CATALOG, "rec-0313-encore is not registered in the catalog.", "unsupported"),
    (CATALOG, "rec-0313-requiem is registered in the catalog.", "supported"),
    (PUSH, "search-api:2027.02.18 was pushed to the registry.", "contradicted"),
    (PUSH, "search-api:2027.02.18 has not been pushed to the registry.", "supported"),
]


def _payment(id_: str, at: str, said: str, status: str) -> Backing:
    text = f"payment.send to riser-rent-co: deposit for 4 risers, {said}"
    data = {"action": "payment.send", "target": "riser-rent-co", "status": status}
    return Backing.of(EvidenceItem(id=id_, kind="receipt", source="host/receipts", at=at,
                                   text=text, data=data))  # fmt: skip


PAID = _payment("r1", "2027-02-10T09:00:00Z", "paid", "succeeded")
DUPLICATE = _payment("r2", "2027-02-10T09:05:00Z", "cancelled (duplicate)", "cancelled")


@pytest.mark.parametrize(
    ("claim", "wanted"),
    [
        ("The riser deposit was paid.", "supported"),
        ("The riser deposit was not paid.", "contradicted"),
        # the clause that speaks of the repeat speaks of the duplicate
        ("The riser deposit was paid twice.", "contradicted"),
    ],
)
def test_a_duplicate_cancelled_leaves_the_payment_done(claim: str, wanted: str) -> None:
    assert support_verdict(claim, PAID, DUPLICATE) == wanted


# Read off sets 256-259 after their first contact: "the" numbers nothing ("the 2016 archive"
# against "the 10-year retention"); a calendar version written without its year ("8.3" of
# 2027.8.3, "9.0" of 2027.9.0); a plural possessive names the family ("the Lindqvists' refund");
# where a thing went ("the index") is no thing moved.
XRAY = _receipt("artifact.delete", "xray-archive-2016",
                "412 files past the 10-year retention, removed")  # fmt: skip
CALVER_UPLOAD = _receipt("artifact.upload", "pypi-2027.8.3",
                         "wheel + sdist, accepted by the package index")  # fmt: skip
CALVER_TASK = _receipt("task.complete", "release-2027.9.0", "queued", "queued")
WHEEL = _receipt("artifact.delete", "wheel-2.3.1-cp311", "removed from index")
THANKS = Backing.of(EvidenceItem(
    id="m1", kind="message", source="inbox", at="2027-03-02T09:00:00Z",
    text="The refund arrived this morning, thank you!",
    data={"from": "lindqvist", "to": "uhdim", "thread": "thread:lindqvist-refund", "unread": False},
))  # fmt: skip

NEWEST_CASES: list[tuple[Backing, str, str]] = [
    (XRAY, "The 2016 x-ray archive was deleted.", "supported"),
    (XRAY, "The 2016 x-ray archive was not deleted.", "contradicted"),
    (XRAY, "The 2015 x-ray archive was deleted.", "unsupported"),
    (CALVER_UPLOAD, "8.3 was uploaded to the package index.", "supported"),
    (CALVER_UPLOAD, "8.3 was not uploaded to the package index.", "contradicted"),
    (CALVER_UPLOAD, "The 8.4 release was uploaded to the package index.", "unsupported"),
    (CALVER_TASK, "The 9.0 release task is marked complete.", "contradicted"),
    (CALVER_TASK, "The 9.0 release task isn't marked complete yet.", "supported"),
    (CALVER_TASK, "The 9.1 release task is marked complete.", "unsupported"),
    (THANKS, "The Lindqvists' refund arrived.", "supported"),
    (THANKS, "The Lindqvists' refund has not arrived.", "contradicted"),
    (THANKS, "The Berglunds' refund arrived.", "unsupported"),
    (WHEEL, "The broken cp311 wheel is still on the index.", "contradicted"),
]


# Read off sets 260-263 after their first contact: a terse line drops its "was" ("Advisory
# published." names what was published, it is no act of the advisory's); an ordinal before a noun
# the target numbers picks the target ("the first refund round" is refund-round-1, the second is not).
ADVISORY = _receipt("post.publish", "advisory-lnt-2028-03", "advisory live on the forum")
ROUND_1 = _receipt("payment.send", "refund-round-1", "4 tuition refunds, EUR 610, settled")
TERSE_CASES: list[tuple[Backing, str, str]] = [
    (ADVISORY, "Advisory published.", "supported"),
    (ADVISORY, "Advisory not published yet.", "contradicted"),
    (MSG_OKONKWO, "Okonkwo replied.", "unsupported"),
    (ROUND_1, "The first refund round was paid.", "supported"),
    (ROUND_1, "The first refund round was never paid.", "contradicted"),
    (ROUND_1, "The second refund round was paid.", "unsupported"),
]


@pytest.mark.parametrize(
    ("cited", "claim", "wanted"), [*CASES, *LATER_CASES, *NEWEST_CASES, *TERSE_CASES]
)
def test_support_of_claims_read_off_sets_240_to_263(
    cited: Backing, claim: str, wanted: str
) -> None:
    assert_support(cited, claim, wanted)
