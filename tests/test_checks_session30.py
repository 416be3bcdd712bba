"""Check matching read off sets 252-255 after their first contact (issue 12): the very target
written the same wins over one it only contains ("fw-2.4.0-arm" is the arm check, not
"fw-2.4.0"'s); a letter, a Roman numeral or a platform tells one of a series apart from another
(set-a is not set-b, tidewater-iv is not tidewater-v), though not from a target that carries
none ("ines-k" is Ines K.); a place before a colon tells targets apart (``pypi:`` is not
``crates:``) where a kind does not (``thread:okafor`` is okafor); refunds and payouts are
payments, a courier's status is a delivery's, a withdrawal and a deletion are one check; after
256-259, an ingest is an upload, a maintenance window a schedule, and a settled release is named by
its version, a calendar one without its year ("the 9.0 release" of ``release-2027.9.0``); after
276-283, a certificate's expiry and a cert check, a deploy and an install, a sync and a mirror
check, a slot and a booking are one check each."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from harness.schema import EvidenceItem
from harness.scorers.checks import match_check
from harness.scorers.reopening import mentions_matter, reopens_sentence

CASES: list[tuple[str, str, list[tuple[str, str]], int | None]] = [
    ("verify_signature", "fw-2.4.0-arm", [("seal_check", "fw-2.4.0"), ("seal_check", "fw-2.4.0-arm")], 1),
    ("payment_status", "owner-okafor", [("refund_status_check", "owner-okafor")], 0),
    ("payment_status", "payout-okafor", [("payout_recheck", "payout-okafor")], 0),
    ("delivery_recheck", "lindqvist", [("courier_status", "lindqvist")], 0),
    ("check whether the files arrived", "piet", [("journal_recheck", "piet"), ("delivery_recheck", "piet")], 1),
    ("withdrawal_check", "feed-0809", [("delete_status", "feed-0809"), ("delete_status", "feed-0806")], 0),
    ("render_status", "boats-set-b", [("render_status", "boats-set-a")], None),
    ("verify_upload", "gtfs-2027-07-06b",
     [("upload_status", "gtfs-2027-07-06a"), ("upload_status", "gtfs-2027-07-06b")], 1),
    ("verify_upload", "pypi:speltwig-3.8.1",
     [("upload_status", "crates:speltwig-3.8.1"), ("upload_status", "pypi:speltwig-3.8.1")], 1),
    ("registry_audit", "tidewater-iv", [("registry_audit", "tidewater-v")], None),
    # hard negatives: an initial, a letter only one side carries, a kind prefix, another family
    ("dm_poll", "ines-k", [("delivery_recheck", "ines-k"), ("inbox_recheck", "ines")], 1),
    ("recheck delivery", "kenji cut B", [("delivery_recheck", "kenji"), ("render_status", "saltglass-cut-b")], 0),
    ("inbox_recheck", "thread:okafor", [("inbox_recheck", "okafor")], 0),
    ("payment_status", "owner-okafor", [("delivery_recheck", "owner-okafor")], None),
    ("render_status", "boats-set-b", [("render_status", "boats-set-b")], 0),
    # read off 256-259: an ingest is an upload, a maintenance window a schedule
    ("portal_ingest_check", "portal-2027-09", [("upload_status", "portal-2027-09")], 0),
    ("maintenance_window_check", "maint-0305",
     [("schedule_recheck", "maint-0301"), ("calendar_check", "maint-0305")], 1),
    # read off 276-283: a certificate's expiry, a deploy and an install, a sync and a mirror, a slot
    # and a booking are one check each
    ("ssl_expiry_check", "cert-shop", [("certificate_check", "cert-shop")], 0),
    ("rollout_status", "release-4.2", [("deployment_check", "release-4.1"), ("deployment_check", "release-4.2")], 1),
    ("install_status", "kiosk-y8", [("deploy status poll", "kiosk-y8")], 0),
    ("replication_status", "mirror-us", [("mirror_check", "mirror-us")], 0),
    ("slot_check", "slot-0412-1000", [("booking_check", "slot-0412-1030"), ("booking_check", "slot-0412-1000")], 1),
    # hard negatives: another family, another target
    ("ssl_expiry_check", "cert-shop", [("delivery_recheck", "cert-shop")], None),
    ("replication_status", "mirror-us", [("mirror_check", "mirror-eu")], None),
    ("install_status", "kiosk-y8", [("deploy status poll", "kiosk-y9")], None),
]  # fmt: skip


@pytest.mark.parametrize(("kind", "target", "host", "wanted"), CASES)
def test_the_host_check_a_proposed_check_stands_for(
    kind: str, target: str, host: list[tuple[str, str]], wanted: int | None
) -> None:
    assert match_check(kind, target, host)[0] == wanted


@pytest.mark.parametrize(
    ("text", "matter", "wanted"),
    [
        # a calendar version written without its year names the release (sets 256-259)
        (
            "Let's re-verify the 9.0 uploads and close the release task again.",
            "task:release-2027.9.0",
            True,
        ),
        (
            "Reopen the 8.4 changelog task: Pim said the zwave fix was missing.",
            "task:changelog-2027.8.4",
            True,
        ),
        ("Redo the 3.8.1 release notes.", "task:release-3.8.1", True),
        # hard negatives: another version of the same series
        ("Reopen the 8.5 changelog task.", "task:changelog-2027.8.4", False),
        ("Redo the 3.8.2 release notes.", "task:release-3.8.1", False),
    ],
)
def test_a_settled_release_named_by_its_version(text: str, matter: str, wanted: bool) -> None:
    assert mentions_matter(text, matter) is wanted


_PAID = EvidenceItem(
    id="rc-t1", kind="receipt", source="host/receipts", at="2027-09-06T09:00:00Z",
    text="payment.send sponsor-tanaka: retried with corrected IBAN, paid",
    data={"action": "payment.send", "target": "sponsor-tanaka", "status": "succeeded"},
)  # fmt: skip


@pytest.mark.parametrize(
    ("sentence", "wanted"),
    [
        # a "when" clause ends at its semicolon: what follows declines (sets 256-259)
        (
            "Tanaka's IBAN thread closed on 6 Sep when the payout went through; I won't write to "
            "him about it again.",
            False,
        ),
        ("The Tanaka IBAN thread is settled; nothing there to recheck.", False),
        # hard negative: the same matter, proposed again without news
        ("Write to Tanaka about the IBAN again.", True),
    ],
)
def test_declining_to_reopen_is_no_reopening(sentence: str, wanted: bool) -> None:
    reopens, why = reopens_sentence(sentence, ["thread:tanaka-iban"], [_PAID],
                                    datetime(2027, 9, 12, 9, tzinfo=UTC))  # fmt: skip
    assert reopens is wanted, why
