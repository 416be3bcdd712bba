"""Claim support read off sets 268-283 after their first contacts, four at a time (issue 12).
Causes, each with hard negatives beside it:

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


# Read off sets 272-275 after their first contact: a language pair ("DE>NO") holds no "no"; an
# "un-" word glued to a noun ("the unpaid-fees reminder") names the thing; having a thing is what
# a delivery not yet made denies; "heat 4" the receipt also writes is its id, not a count; a to-do
# or a step waiting on something ("once access is back") states nothing done; a quarter or month
# of the target id must be the clause's; a singular written for the target's plural is the target.
JOBS = host_line_receipt("post.publish", "jobs-board", "'EN>NO conference interpreter wanted', live",
                         "succeeded", to=True)  # fmt: skip
FEES = _item("reminder", "Reminder 'chase unpaid course fees': acknowledged",
              reminder="chase unpaid course fees", state="acknowledged")  # fmt: skip
MIRROR_B = host_line_receipt("media.deliver", "mirror-b", "build 12 bundle, queued (host offline)",
                             "queued", to=True)  # fmt: skip
HEAT = _receipt("artifact.upload", "results-import", "18:00 import, heat 4 (17 boats), imported")
TODO = _item("memory", "To do: refund Lee's heat 2 entry after the jury decides.")
ONCE = _item("memory", "Renew the mail cert Friday once registrar access is back.")
HOSTING = _receipt("payment.send", "hosting-invoice-sep", "EUR 49, paid")
GRANT = _receipt("artifact.upload", "grant-q1-report", "report PDF accepted by the funder portal")
LAPSED = _receipt("artifact.delete", "lapsed-members-2023", "412 records removed")

LATER_CASES: list[tuple[Backing, str, str]] = [
    (JOBS, "The EN>NO interpreter ad was published on the jobs board.", "supported"),
    (JOBS, "The EN>NO interpreter ad was not published on the jobs board.", "contradicted"),
    (FEES, "The unpaid-fees reminder was acknowledged.", "supported"),
    (FEES, "The unpaid-fees reminder has not been acknowledged.", "contradicted"),
    (MIRROR_B, "Mirror B has build 12.", "contradicted"),
    (MIRROR_B, "Mirror B does not have build 12 yet.", "supported"),
    (HEAT, "The 18:00 import of heat 4 ran.", "supported"),
    (HEAT, "The 18:00 import of heat 4 did not run.", "contradicted"),
    (TODO, "Lee's heat 2 entry was refunded.", "unsupported"),
    (TODO, "Lee's heat 2 entry was not refunded.", "unsupported"),
    (ONCE, "The mail cert was renewed.", "unsupported"),
    (ONCE, "The mail cert was not renewed.", "unsupported"),
    (HOSTING, "Sep hosting invoice paid.", "supported"),
    (HOSTING, "Oct hosting invoice paid.", "unsupported"),
    (GRANT, "The Q1 report was uploaded.", "supported"),
    (GRANT, "The Q4 report was uploaded.", "unsupported"),
    (LAPSED, "The 2023 lapsed-member records were deleted.", "supported"),
    (LAPSED, "The 2023 lapsed-member records were not deleted.", "contradicted"),
]


# Read off sets 276-279 after their first contact: a place's acceptance (or a reviewer's approval
# of a merge) waits on the act that hands the thing over, so a pending upload denies it (a message's
# reader approves on their own); "Year 10" is a target written ``-y10``, no person, and "Year 11"
# another; "installed" is an outcome; an earlier attempt beside the act ("after the first attempt
# bounced") is not its state; someone asking whether a thing can happen, and an act with the day it
# is due ("publish on 2 Jan"), state nothing done.
VAT = _receipt(
    "artifact.upload", "tax-portal", "Q2 VAT return, awaiting portal validation", "pending"
)
QUOTE = _receipt("message.send", "ms-ode", "revised quote, queued behind relay", "queued")
Y10 = _receipt("message.send", "parents-y10", "Geneva trip consent form, delivered")
GEOPAD = host_line_receipt("media.deliver", "tablets-y9", "GeoPad 2.1, queued for the overnight window",
                           "queued", to=True)  # fmt: skip
RETRY = _item(
    "memory", "Sent the rehearsal schedule to the band at 18:10 after the first attempt bounced."
)
ASKED = _item("memory", "Box office asked whether the gala refunds can go out tomorrow.")
DUE = _item("memory", "January price list: publish on 2 Jan at 00:10.")

NEWEST_CASES: list[tuple[Backing, str, str]] = [
    (VAT, "The tax portal has accepted the Q2 VAT return.", "contradicted"),
    (VAT, "The tax portal has not accepted the Q2 VAT return yet.", "supported"),
    (QUOTE, "Ms Ode approved the revised quote.", "unsupported"),
    (Y10, "The Geneva consent form was sent to Year 10 parents.", "supported"),
    (Y10, "The Geneva consent form has not been sent to Year 10 parents.", "contradicted"),
    (Y10, "The Geneva consent form was sent to Year 11 parents.", "unsupported"),
    (GEOPAD, "GeoPad 2.1 is installed on the Year 9 tablets.", "contradicted"),
    (GEOPAD, "GeoPad 2.1 is not yet installed on the Year 9 tablets.", "supported"),
    (RETRY, "The band was sent the rehearsal schedule.", "supported"),
    (RETRY, "The band was not sent the rehearsal schedule.", "contradicted"),
    (ASKED, "The gala refunds have gone out.", "unsupported"),
    (DUE, "The January price list is published.", "unsupported"),
    (DUE, "The January price list is not published.", "unsupported"),
]


# Read off sets 280-283 after their first contact: a plan that exists ("the payment plan is set
# up") is a thing, not an intention; a short form before the target's number ("acct-21044" of
# "Account 21044") names the target, and is no person; after 284-287, a year glued to its quarter.
PLAN_SET = _receipt("schedule.create", "plan-ferreira", "6 monthly instalments from 1 Dec, created")
ACCOUNT = _receipt(
    "artifact.delete", "acct-30517", "cancelled: guardian asked to keep it", "cancelled"
)
PLAN_NOTE = _item("memory", "Plan is to resend the ledger tonight, seal in the morning.")
GUEST = _receipt("artifact.delete", "guest-data-2024q2", "cancelled, legal hold on 3 profiles",
                 "cancelled")  # fmt: skip

LAST_CASES: list[tuple[Backing, str, str]] = [
    (PLAN_SET, "Ferreira's payment plan is set up.", "supported"),
    (PLAN_SET, "Ferreira's payment plan is not set up.", "contradicted"),
    (ACCOUNT, "Account 30517 has been deleted.", "contradicted"),
    (ACCOUNT, "Account 30517 has not been deleted.", "supported"),
    (ACCOUNT, "Account 30518 has been deleted.", "unsupported"),
    # hard negative: a plan told as one still states no outcome
    (PLAN_NOTE, "The ledger was sealed.", "unsupported"),
    # read off 284-287: a year glued to its quarter (``guest-data-2024q2``) is still that year
    (GUEST, "Q2 2024 guest data is purged.", "contradicted"),
    (GUEST, "Q2 2024 guest data is not purged.", "supported"),
    (GUEST, "Q2 2025 guest data is purged.", "unsupported"),
]


@pytest.mark.parametrize(
    ("cited", "claim", "wanted"), [*CASES, *LATER_CASES, *NEWEST_CASES, *LAST_CASES]
)
def test_support_of_claims_read_off_sets_268_to_283(
    cited: Backing, claim: str, wanted: str
) -> None:
    assert_support(cited, claim, wanted)
