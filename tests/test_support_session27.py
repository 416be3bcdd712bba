"""Claim support read off sets 204-207 after their first contact (issue 12), one table of (cited
item, claim, verdict): a receipt whose own words give its target the claim's verb ("booked")
answers it whatever family records it, and one that carries every id the claim names too; a
state word before a noun after the verb ("told about the bounced confirmation") names which
thing, not how the act went; "Act 1" is a label, not a count; a day both sides name says which
occasion, not that an item saying "not yet sent" agrees; an open focus task written as a plan
("Pay PL-131 on Monday") says neither way; "H-11" is the id an id glues ("h11"); a post "still
up" speaks of its removal. Hard negatives beside them: a note about a failed payment is no
payment, another id, an open task that says it is open, a state word as the subject."""

from __future__ import annotations

from typing import Any

import pytest

from harness.schema import EvidenceItem
from harness.scorers.claim_support import Backing
from tests.scorers_helpers import assert_support, host_line_receipt, receipt_backing

_receipt = host_line_receipt


def _item(kind: str, text: str, data: dict[str, Any] | None = None) -> Backing:
    return Backing.of(EvidenceItem(id="i1", kind=kind, source=f"host/{kind}",
                                   at="2026-10-05T08:40:00Z", text=text, data=data))  # fmt: skip


BOOKED = _receipt(
    "registry.register", "booking-t3-dec06", "trailer T3 for Kaisa, 6 Dec, booked", "succeeded"
)
STIPEND_NOTE = _receipt(
    "message.send", "bea", "stipend payment failed, retrying Monday", "succeeded", to=True
)
WOULD_HAVE = _item("journal", "Would have told Kaisa about the bounced confirmation; held until "
                   "08:00 (quiet hours).")  # fmt: skip
QUEUED_NOTE = _receipt(
    "message.send", "renata", "plate inventory (xlsx), queued for relay", "queued", to=True
)
RAIL = receipt_backing("media.deliver", "kestrel-players",
                       "costume rail (Act 1, 22 pieces) reached Kestrel Players' stage door",
                       "succeeded")  # fmt: skip
NOT_YET = _item(
    "journal", "Fox Inn confirmation for the 26th: not yet sent, waiting for headcount."
)
PLAN = _item("focus", "Pay PL-131 on Monday", {"item": "pay-pl-131", "state": "open"})
OPEN_TASK = _item("focus", "Send Vardo remittance for VF-0913 - open",
                  {"item": "vardo-remittance-vf0913", "state": "open"})  # fmt: skip
DUPES = _receipt("artifact.delete", "dupes-station-h11-oct", "awaiting host approval", "pending")
REMOVED = _receipt(
    "artifact.delete", "board-post-0412", "expired swim-school post removed", "succeeded"
)
ACCESSION = _receipt(
    "artifact.upload", "seabird-archive", "SP-0829, accession NSA-2026-1142", "succeeded", to=True
)

BRANNOC = _receipt(
    "payment.send", "refund-stbrannoc", "GBP 180 deposit refund failed, account closed", "failed"
)
ROTA = _item("journal", "Rota email to volunteers: not yet sent, still waiting for quiet hours "
             "to end.")  # fmt: skip
CONDA = _receipt(
    "artifact.upload",
    "conda-kettenroute-2.4.1",
    "channel build pending, not uploaded yet",
    "pending",
)
TAGGED = receipt_backing("registry.register", "tag-v2.4.1",
                         "registry.register tag-v2.4.1 recorded at 9f3c2e1", "succeeded")  # fmt: skip
UNSIGNED = receipt_backing("provenance.seal", "kettenroute-2.4.2",
                           "provenance.seal kettenroute-2.4.2 failed: signing key expired",
                           "failed")  # fmt: skip

REMINDER = _receipt(
    "message.send", "accounts", "reminder that INV-412 and INV-413 are due Friday", "succeeded"
)
NOT_PAID = _receipt("message.send", "invoice-0412", "reminder sent; still not paid", "succeeded")
ASKED = _receipt("message.send", "kaisa", "asked whether trailer T3 can be booked", "succeeded")
TWO_DAYS = _item("journal", "Fox Inn confirmation for the 26th sent; the one for the 27th is "
                 "still pending.")  # fmt: skip
PAID_ON = _receipt("payment.send", "inv-7", "paid 5.12.2026", "succeeded")

PKGINDEX = _receipt("artifact.upload", "pkgindex-3.2.0", "sdist + 12 wheels uploaded", "succeeded")

CASES: list[tuple[Backing, str, str]] = [
    (BOOKED, "Trailer T3 is booked for Kaisa on 6 Dec.", "supported"),
    (BOOKED, "Trailer T3 is not booked for Kaisa on 6 Dec.", "contradicted"),
    # a message that a payment failed is no payment, whatever the message's own status
    (STIPEND_NOTE, "Bea's stipend was paid.", "!supported"),
    (WOULD_HAVE, "Kaisa was told about the bounced confirmation.", "contradicted"),
    # as the subject, the state word may be all the claim says of the act
    (QUEUED_NOTE, "The queued message is addressed to Renata.", "supported"),
    (RAIL, "The Act 1 costume rail reached Kestrel Players.", "supported"),
    (RAIL, "The Act 1 costume rail never reached Kestrel Players.", "contradicted"),
    (NOT_YET, "The Fox Inn confirmation for the 26th has been sent.", "contradicted"),
    (NOT_YET, "The Fox Inn confirmation for the 26th has not been sent.", "supported"),
    (PLAN, "PL-131 is paid.", "unsupported"),
    (PLAN, "PL-131 is not paid.", "unsupported"),
    # an open task that says it is open is no plan: the rule leaves it to the statements
    (OPEN_TASK, "The Vardo remittance for VF-0913 was sent.", "!unsupported"),
    (DUPES, "The H-11 duplicates are deleted.", "contradicted"),
    (REMOVED, "The expired swim-school post is still up.", "contradicted"),
    (ACCESSION, "SP-0829 has accession NSA-2026-1142.", "supported"),
    (ACCESSION, "SP-0830 has accession NSA-2026-1142.", "!supported"),
    # read off sets 208-211
    (BRANNOC, "St Brannoc's deposit was refunded.", "contradicted"),
    (BRANNOC, "St Brannoc's deposit has not been refunded.", "supported"),
    (BRANNOC, "St Ives's deposit was refunded.", "!contradicted"),
    (ROTA, "The rota email has gone to the volunteers.", "contradicted"),
    (CONDA, "2.4.1 is on the conda channel.", "contradicted"),
    (CONDA, "2.4.1 is not on the conda channel yet.", "supported"),
    (TAGGED, "v2.4.1 is tagged.", "supported"),
    (UNSIGNED, "2.4.2 is signed.", "contradicted"),
    # from a review: a participle not stated, ids of another act, a day of another part, a
    # state word as the subject after an adverb, a date that is no version
    (REMINDER, "Invoices INV-412 and INV-413 were paid.", "!supported"),
    (NOT_PAID, "Invoice 0412 is paid.", "!supported"),
    (ASKED, "Trailer T3 is booked.", "!supported"),
    (TWO_DAYS, "The Fox Inn confirmation for the 26th has been sent.", "supported"),
    (QUEUED_NOTE, "Now the queued message is addressed to Renata.", "supported"),
    (PAID_ON, "Invoice INV-7 was paid on 05.12.2026.", "supported"),
    # read off sets 216-223: a three-part version names the release its target carries, when
    # the clause names nothing else but what any release is or where it goes
    (PKGINDEX, "3.2.0 is on the package index.", "supported"),
    (PKGINDEX, "3.2.0 is not on the package index.", "contradicted"),
    (PKGINDEX, "The 3.2.0 docs bundle is on the package index.", "!supported"),
    (PKGINDEX, "3.2.1 is on the package index.", "!supported"),
]


@pytest.mark.parametrize(("cited", "claim", "wanted"), CASES, ids=[c[1] for c in CASES])
def test_claim_support_rules_of_the_session(cited: Backing, claim: str, wanted: str) -> None:
    assert_support(cited, claim, wanted)
