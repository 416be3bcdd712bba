"""Check matching read off sets 252-255 after their first contact (issue 12): the very target
written the same wins over one it only contains ("fw-2.4.0-arm" is the arm check, not
"fw-2.4.0"'s); a letter, a Roman numeral or a platform tells one of a series apart from another
(set-a is not set-b, tidewater-iv is not tidewater-v), though not from a target that carries
none ("ines-k" is Ines K.); a place before a colon tells targets apart (``pypi:`` is not
``crates:``) where a kind does not (``thread:okafor`` is okafor); refunds and payouts are
payments, a courier's status is a delivery's, a withdrawal and a deletion are one check."""

from __future__ import annotations

import pytest

from harness.scorers.checks import match_check

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
]  # fmt: skip


@pytest.mark.parametrize(("kind", "target", "host", "wanted"), CASES)
def test_the_host_check_a_proposed_check_stands_for(
    kind: str, target: str, host: list[tuple[str, str]], wanted: int | None
) -> None:
    assert match_check(kind, target, host)[0] == wanted
