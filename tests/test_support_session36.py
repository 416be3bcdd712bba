"""Claim support read off every labelled set after 340-343's first contacts (issue 12): the
linker refused claims that named more than the cited receipt, where labellers read the receipt
as the claim's own. Causes, each with hard negatives beside it:

- a capitalised word opening the clause (or after an article) right before a number names a
  numbered thing ("Manifest 0418 is sealed"), not a person the receipt does not carry; later in a
  clause ("the permit of Plot 9") it may still name another thing;
- a number after a label word ("the Year 4 reports", "Station 6") labels, and counts nothing;
- a name that says whose or which thing it is ("Mr Okoye's scan", "the Lindgren dossier") may be
  left out of a receipt whose target is a thing (an id with a number, or one whose every word
  the clause gives), but not of a payment or message to another party ("Ana's refund" of a
  payment to ``bruno``), nor of what an item is about ("the entry about Sven's plan" of an entry
  on something else);
- places and records a thing goes to ("in the calendar", "the national archive"), words of a
  series or region ("first", "duplicate", "northern") and "week" are no object that tells one
  occasion from another;
- "notice", "note", "thank-you" and "message" name a kind of message, not which one; and a word
  the item gives in another form ("the closure notice" of "Closed Mon") is a word shared.
"""

from __future__ import annotations

import pytest

from harness.scorers.claim_support import Backing
from tests.scorers_helpers import assert_support, host_line_receipt


def _receipt(action: str, target: str, said: str, status: str = "succeeded") -> Backing:
    return host_line_receipt(action, target, said, status)


MANIFEST = _receipt(
    "provenance.seal", "mf-2027-0418", "export manifest, failed: key expired", "failed"
)
PERMIT = _receipt("registry.register", "permit-7730", "permit for 12 Quarry Lane, registered")
REPORTS = _receipt("media.render", "reports-year4", "31 reports rendered")
SCAN = _receipt("artifact.upload", "ct-P2291-0311", "uploaded")
DOSSIER = _receipt("provenance.seal", "dossier-LIN-4410", "queued", "queued")
REFUND_BRUNO = _receipt("payment.send", "bruno", "deposit refund 60 EUR, settled")
ENTRY = _receipt("journal.append", "ops-journal", "entry on the boiler service")
CONSULT = _receipt("schedule.create", "consult-ferro-0412", "video consult 12 Apr, waiting on calendar sync",
                   "pending")  # fmt: skip
ARCHIVE = _receipt("artifact.upload", "natl-archive", "survey-0907 tiles, accepted")
NOTICE_FEED = host_line_receipt("post.publish", "cafe-feed", "'Closed Mon 3 Mar for repairs'",
                                "succeeded", to=True)  # fmt: skip
THANKS = host_line_receipt("message.send", "ines", "thanks for the loan of the tripod", "queued",
                           to=True)  # fmt: skip
OTHER_NOTE = host_line_receipt("message.send", "ines", "invoice reminder for March", "succeeded",
                               to=True)  # fmt: skip
ROTA = host_line_receipt(
    "message.send", "volunteers", "week 14 rota, delivered", "succeeded", to=True
)

CASES: list[tuple[Backing, str, str]] = [
    # a numbered thing opening the clause
    (MANIFEST, "Manifest 0418 is sealed.", "contradicted"),
    (MANIFEST, "Manifest 0418 is not sealed.", "supported"),
    (MANIFEST, "Manifest 0419 is sealed.", "unsupported"),
    (PERMIT, "The permit of Plot 9 is registered.", "unsupported"),
    # a label number counts nothing
    (REPORTS, "The Year 4 reports are rendered.", "supported"),
    (REPORTS, "The Year 4 reports are not rendered.", "contradicted"),
    # an owner's name on a thing
    (SCAN, "Mr Okoye's CT scan is uploaded.", "supported"),
    (SCAN, "Mr Okoye's CT scan has not been uploaded.", "contradicted"),
    (DOSSIER, "The Lindgren dossier was sealed.", "contradicted"),
    (DOSSIER, "The Lindgren dossier was not sealed yet.", "supported"),
    (REFUND_BRUNO, "Ana's deposit refund was paid.", "unsupported"),
    (REFUND_BRUNO, "Ana's deposit refund was not paid.", "unsupported"),
    (ENTRY, "The entry about Sven's leave plan is in the ops journal.", "unsupported"),
    # places, series words and weeks tell no occasion apart
    (CONSULT, "The Ferro consult is in the calendar.", "contradicted"),
    (CONSULT, "The Ferro consult is not in the calendar yet.", "supported"),
    (ARCHIVE, "The survey tiles are in the national archive.", "supported"),
    (ARCHIVE, "The survey tiles are not in the national archive.", "contradicted"),
    (ARCHIVE, "The payroll export is in the national archive.", "unsupported"),
    (ROTA, "The volunteers got the week 14 rota.", "supported"),
    (ROTA, "The volunteers got the week 15 rota.", "unsupported"),
    # kinds of message, and a word in another form
    (NOTICE_FEED, "The closure notice is live on the cafe feed.", "supported"),
    (NOTICE_FEED, "The closure notice never went up on the cafe feed.", "contradicted"),
    (NOTICE_FEED, "The menu notice is live on the cafe feed.", "unsupported"),
    (THANKS, "Ines got the thank-you.", "contradicted"),
    (THANKS, "Ines has not got the thank-you yet.", "supported"),
    (OTHER_NOTE, "Ines got the thank-you note for the tripod.", "unsupported"),
]


@pytest.mark.parametrize(("cited", "claim", "wanted"), CASES)
def test_support_session36(cited: Backing, claim: str, wanted: str) -> None:
    assert_support(cited, claim, wanted)
