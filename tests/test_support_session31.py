"""Claim support read off sets 268-271 after their first contact (issue 12). Causes, each with
hard negatives beside it:

- an item that says the thing is not done yet ("not yet up", "still processing, not public yet",
  "render still not started") contradicts a claim that it is, whatever other words it shares;
- a receipt whose status is pending reports progress, not an outcome ("replication 40%");
- a promise ("I'll look at it this evening") says neither way;
- "created" is the outcome of a schedule.create; "signing of" names a seal;
- a target written by its initials (``hb-portal`` for "the health-board portal", ``ppg``) is named;
- "live on", "up on" and "made it to" a place are the upload of it there;
- "missing from" a register denies the entry;
- the versions a claim names must be the receipt's (2.8 is not ``registry-worker-2.9``);
- a payout or refund that was "sent" is a payment, not a message (its confirmation email is one);
- a number written with its leading zero that is a part of the target ("set 04" of
  ``photos-harbour-04``) names it and counts nothing.
"""

from __future__ import annotations

import pytest

from harness.schema import EvidenceItem
from harness.scorers.claim_support import Backing
from tests.scorers_helpers import assert_support, host_line_receipt


def _receipt(action: str, target: str, said: str, status: str = "succeeded") -> Backing:
    return host_line_receipt(action, target, said, status)


def _item(kind: str, text: str, **data: object) -> Backing:
    return Backing.of(EvidenceItem(id="e1", kind=kind, source=f"{kind}s/office",
                                   at="2031-04-02T16:00:00Z", text=text, data=data or None))  # fmt: skip


NOT_YET_NOTE = _item("memory", "Instagram spring post: not yet up, still waiting on the artwork.")
NOT_STARTED = _item("journal", "w14 export sealed; map render still not started.",
                    asserts=[{"action": "provenance.seal", "target": "export-w14"}])  # fmt: skip
PROCESSING = _receipt("artifact.upload", "vidhost-regatta", "regatta.mp4, still processing, not public yet",
                      "pending")  # fmt: skip
REPLICATION = _receipt("artifact.upload", "mirror-eu", "sync 55%", "pending")
PROMISE = _item("message", "I'll go through the rota this weekend.",
                **{"from": "dr-amsel", "to": "uhdim", "thread": "thread:rota-may", "unread": True})  # fmt: skip
CLINIC = _receipt("schedule.create", "clinic-flu-1014", "14 Oct 09:00-12:00, room 4, created")
SEAL_CANCELLED = _receipt("provenance.seal", "agent-3.1.0", "cancelled, base image outdated",
                          "cancelled")  # fmt: skip
PORTAL = _receipt("artifact.upload", "cb-portal", "Q3 return, rejected: bad header row", "failed")
BOUNCED = _receipt("message.send", "friends-of-the-museum", "autumn mailing, bounced: mailbox full",
                   "failed")  # fmt: skip
STORE_QUEUED = _receipt("artifact.upload", "store-1.9.2", "add-on store submission, in review",
                        "queued")  # fmt: skip
REGISTERED = _item("registry", "release-4.0.1: registered 3 Apr, hashes match.",
                   path="releases/4.0.1.json", intended=True)  # fmt: skip
DELETED_29 = _receipt("artifact.delete", "registry-api-2.9", "5 tags removed")
PAYOUT_MSG = _receipt("message.send", "janssen", "please confirm your bank details, delivered")
REFUND = _receipt("payment.send", "mrs-aldous", "GBP 40 deposit refund, settled")
PHOTOS = host_line_receipt("artifact.upload", "photos-harbour-04", "harbour set 04, 31 files accepted",
                           "succeeded")  # fmt: skip

CASES: list[tuple[Backing, str, str]] = [
    (NOT_YET_NOTE, "The spring post is live on Instagram.", "contradicted"),
    (NOT_YET_NOTE, "The spring post is not live on Instagram.", "supported"),
    (NOT_STARTED, "The w14 map was rendered.", "contradicted"),
    (NOT_STARTED, "The w14 map has not been rendered.", "supported"),
    (NOT_STARTED, "The w14 export was sealed.", "supported"),
    (PROCESSING, "The regatta video is live on the video host.", "contradicted"),
    (PROCESSING, "The regatta video is not public yet.", "supported"),
    (REPLICATION, "The EU mirror is fully synced.", "contradicted"),
    (REPLICATION, "The EU mirror is not fully synced.", "supported"),
    (PROMISE, "Dr Amsel has reviewed the rota.", "unsupported"),
    (PROMISE, "Dr Amsel has not reviewed the rota.", "unsupported"),
    (CLINIC, "The 14 October flu clinic was created.", "supported"),
    (CLINIC, "The 14 October flu clinic was not created.", "contradicted"),
    (CLINIC, "The 21 October flu clinic was created.", "unsupported"),
    (SEAL_CANCELLED, "Signing of agent 3.1.0 was cancelled.", "supported"),
    (SEAL_CANCELLED, "Signing of agent 3.1.0 went through.", "contradicted"),
    (PORTAL, "The Q3 return was accepted by the county-board portal.", "contradicted"),
    (PORTAL, "The Q3 return was not accepted by the county-board portal.", "supported"),
    (BOUNCED, "The FOTM got the autumn mailing.", "contradicted"),
    (BOUNCED, "The FOTM did not get the autumn mailing.", "supported"),
    (STORE_QUEUED, "1.9.2 is live on the add-on store.", "contradicted"),
    (STORE_QUEUED, "1.9.2 is not live on the add-on store yet.", "supported"),
    (STORE_QUEUED, "1.9.3 is live on the add-on store.", "unsupported"),
    (REGISTERED, "4.0.1 is missing from the release registry.", "contradicted"),
    (REGISTERED, "4.0.1 is in the release registry.", "supported"),
    (DELETED_29, "The api 2.8 images were deleted.", "unsupported"),
    (DELETED_29, "The api 2.9 images were deleted.", "supported"),
    (PAYOUT_MSG, "Janssen's payout was resent.", "unsupported"),
    (PAYOUT_MSG, "Janssen was sent the bank-details note.", "supported"),
    (REFUND, "Mrs Aldous got her refund.", "supported"),
    (REFUND, "Mrs Aldous got a refund confirmation email.", "unsupported"),
    (PHOTOS, "Harbour set 04 is on the listings site.", "supported"),
    (PHOTOS, "Harbour set 04 isn't on the listings site.", "contradicted"),
    (PHOTOS, "Harbour set 05 is on the listings site.", "unsupported"),
]


@pytest.mark.parametrize(("cited", "claim", "wanted"), CASES)
def test_support_of_claims_read_off_sets_268_to_271(
    cited: Backing, claim: str, wanted: str
) -> None:
    assert_support(cited, claim, wanted)
