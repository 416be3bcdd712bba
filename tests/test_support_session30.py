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

from harness.scorers.claim_support import Backing
from tests.scorers_helpers import assert_support, host_line_receipt


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


@pytest.mark.parametrize(("cited", "claim", "wanted"), CASES)
def test_support_of_claims_read_off_sets_240_to_251(
    cited: Backing, claim: str, wanted: str
) -> None:
    assert_support(cited, claim, wanted)
