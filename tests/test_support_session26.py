"""Claim support read off sets 176-187 after their first contact (issue 12): an id written
another way than the host writes it is still the receipt's target: a number spelled out
("week-two" of week-2), a version the target is a release of ("v3.4.0" of release-3.4.0), two
words the target glues ("key code 4471" of keycode-4471), a head of initials ("KO-118" of
kit-order-118); and, read off sets 188-191, a clock time an id writes ("the 02:15 pull" of
nightly-pull-0215) and a failed receipt's reason ("out of memory") that names no object. Words of
the test's own, both polarities, and hard negatives: another number, another version, another
thing of the same version, other initials, another time, another object. Then a sum: a clause
that gives one and asserts no act is answered by an amount, and "invoice 390 EUR" gives one; a
version before a noun counts nothing; a name the target writes as one word is the target; an item
clause sharing only the claim's verb that says the act is undone ("yank denied") denies it."""

from __future__ import annotations

import pytest

from tests.scorers_helpers import receipt_backing, support_verdict

Receipt = tuple[str, str, str, str]  # action, target, text, status

PAID_TERM3: Receipt = (
    "payment.send",
    "tutor-oyelaran",
    "payment.send to tutor-oyelaran: term-3 fee 90 GBP, settled",
    "succeeded",
)
SEAL_QUEUED: Receipt = (
    "provenance.seal",
    "release-7.2.0",
    "provenance.seal release-7.2.0: queued",
    "queued",
)
WHEEL_SEALED: Receipt = ("provenance.seal", "wheel-7.2.0", "wheel 7.2.0 sealed", "succeeded")
NOTES_LIVE: Receipt = (
    "post.publish",
    "fieldnotes-1.4",
    "post.publish fieldnotes-1.4: live",
    "succeeded",
)
GATE_CODE: Receipt = (
    "registry.register",
    "gatecode-5190",
    "registry.register gatecode-5190: depot",
    "succeeded",
)
# "order" heads ids of its own: "CO-207" is told from ``crate-order-207`` by its initials
CRATE_ORDER: Receipt = (
    "task.complete",
    "crate-order-207",
    "task.complete crate-order-207: awaiting host approval",
    "pending",
)
BACKUP_RUN: Receipt = (
    "schedule.create",
    "backup-run-0340",
    "schedule.create backup-run-0340: created",
    "succeeded",
)
OOM: Receipt = (
    "media.render",
    "contour-map-wk12",
    "media.render contour-map-wk12: out of memory",
    "failed",
)
LEGEND_FAILED: Receipt = (
    "media.render",
    "contour-map-wk12",
    "media.render contour-map-wk12: legend sheet, failed",
    "failed",
)
DECLINED: Receipt = (
    "payment.send",
    "kiln-hire-tor",
    "payment.send to kiln-hire-tor: card declined",
    "failed",
)
SETTLED_410: Receipt = (
    "payment.send",
    "kiln-hire-tor",
    "payment.send to kiln-hire-tor: kiln invoice 410 EUR, settled",
    "succeeded",
)
SETTLED_390: Receipt = (
    "payment.send",
    "kiln-hire-tor",
    "payment.send to kiln-hire-tor: kiln invoice 390 EUR, settled",
    "succeeded",
)
INVOICE_390: Receipt = (
    "payment.send",
    "kiln-hire-tor",
    "payment.send to kiln-hire-tor: invoice 390, settled",
    "succeeded",
)
MANUAL: Receipt = (
    "media.render",
    "manual-pdf-7.1",
    "media.render manual-pdf-7.1: user manual PDF rendered, 212 pages",
    "succeeded",
)
YANK_DENIED: Receipt = (
    "artifact.delete",
    "index-5.0.2",
    "yank denied: requires owner token",
    "failed",
)
HOST_CANCELLED: Receipt = (
    "media.deliver",
    "archive",
    "media.deliver to archive: audio guide, cancelled by host",
    "cancelled",
)
QC_WAIT: Receipt = (
    "post.publish",
    "alert-pollen-1021",
    "pollen alert waiting for QC sign-off",
    "queued",
)
PLAYSHELF: Receipt = (
    "artifact.upload",
    "playshelf-7.0.1",
    "artifact.upload playshelf-7.0.1: build 7010 queued",
    "queued",
)

#: (receipt, claim, verdict); "!supported" is any verdict but that one.
CASES: list[tuple[Receipt, str, str]] = [
    # a number spelled out in an id is the id; another term's fee is not
    (PAID_TERM3, "Oyelaran's term-three fee was paid.", "supported"),
    (PAID_TERM3, "Oyelaran's term-three fee was not paid.", "contradicted"),
    (PAID_TERM3, "Oyelaran's term-four fee was paid.", "unsupported"),
    # a version names the release it is of; not another version, nor another thing of it
    (SEAL_QUEUED, "v7.2.0 is sealed.", "contradicted"),
    (SEAL_QUEUED, "v7.2.0 is not sealed yet.", "supported"),
    (SEAL_QUEUED, "v7.2.1 is sealed.", "unsupported"),
    (WHEEL_SEALED, "The 7.2.0 sdist is sealed.", "unsupported"),
    (NOTES_LIVE, "Field notes 1.4 is published.", "supported"),
    # words the target glues name it; another code does not
    (GATE_CODE, "Gate code 5190 is registered.", "supported"),
    (GATE_CODE, "Gate code 5190 has not been registered.", "contradicted"),
    (GATE_CODE, "Gate code 5191 is registered.", "unsupported"),
    # a head of initials names its target; another number or other initials do not
    (CRATE_ORDER, "CO-207 is marked complete.", "contradicted"),
    (CRATE_ORDER, "CO-207 is not marked complete yet.", "supported"),
    (CRATE_ORDER, "CO-208 is marked complete.", "unsupported"),
    (CRATE_ORDER, "MO-207 is marked complete.", "unsupported"),
    # a clock time an id writes is carried by it; another time is a wrong one
    (BACKUP_RUN, "The 03:40 backup run is scheduled.", "supported"),
    (BACKUP_RUN, "The 03:40 backup run was never scheduled.", "contradicted"),
    (BACKUP_RUN, "The 03:10 backup run is scheduled.", "unsupported"),
    # why a receipt failed is not what it moved; what it names it moved still tells objects apart
    (OOM, "The week-12 contour map rendered.", "contradicted"),
    (OOM, "The week-12 contour map did not render.", "supported"),
    (LEGEND_FAILED, "The week-12 elevation profile rendered.", "unsupported"),
    # a sum no act asserts is answered by an amount, not by a status: "was for 410 EUR" says
    # what the invoice was, not that it was paid
    (DECLINED, "The kiln invoice was for 410 EUR.", "unsupported"),
    (DECLINED, "The kiln invoice was paid.", "contradicted"),
    (SETTLED_410, "The kiln invoice was for 410 EUR.", "supported"),
    # "invoice 390 EUR" gives a sum; "invoice 390" still names an invoice
    (SETTLED_390, "The kiln invoice was for 410 EUR.", "contradicted"),
    (SETTLED_390, "The kiln invoice was for 390 EUR.", "supported"),
    (INVOICE_390, "Invoice 391 was paid.", "unsupported"),
    # "the 7.1 manual": a version, not a count to set against the receipt's "212 pages"
    (MANUAL, "The 7.1 manual PDF is rendered.", "supported"),
    (MANUAL, "The 7.1 manual PDF is not rendered.", "contradicted"),
    (MANUAL, "The manual PDF rendered with 212 pages.", "supported"),
    (MANUAL, "The manual PDF rendered with 214 pages.", "!supported"),
    # a name the target writes as one word is the target; a place of another name is not
    (PLAYSHELF, "Build 7010 is uploaded to the Play Shelf.", "contradicted"),
    (PLAYSHELF, "Build 7010 has not been uploaded to the Play Shelf.", "supported"),
    (PLAYSHELF, "Build 7010 is uploaded to the Play Market.", "unsupported"),
    # an item clause that shares only the claim's verb and says that act is undone denies it;
    # one the claim states itself ("the host cancelled"), or one describing the same waiting
    # state, agrees with it
    (YANK_DENIED, "5.0.2 was yanked from the index.", "contradicted"),
    (YANK_DENIED, "5.0.2 was not yanked from the index.", "supported"),
    (HOST_CANCELLED, "The host cancelled the archive delivery.", "supported"),
    (QC_WAIT, "The pollen alert awaits QC sign-off.", "supported"),
]  # fmt: skip


@pytest.mark.parametrize(("cited", "claim", "wanted"), CASES, ids=[c[1] for c in CASES])
def test_claim_support_rules_of_the_session(cited: Receipt, claim: str, wanted: str) -> None:
    got = support_verdict(claim, receipt_backing(*cited))
    if wanted.startswith("!"):
        assert got != wanted[1:]
    else:
        assert got == wanted
