"""Check matching and reopening read off sets 276-283 after their first contact (issue 12): a
certificate's expiry and a cert check are one check, as are a deploy and an install, a sync and a
mirror check, a slot and a booking; "rebuild" and "reinstall" are redos; a redo limited by "only
if" waits for news; the evening of the day a matter settled in the morning is after it."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from harness.schema import EvidenceItem
from harness.scorers.checks import match_check
from harness.scorers.reopening import reopens_sentence

CASES: list[tuple[str, str, list[tuple[str, str]], int | None]] = [
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


_RENDERED = EvidenceItem(
    id="r1", kind="receipt", source="host/receipts", at="2027-03-01T08:00:00Z",
    text="media.render site-5.1.0: rendered",
    data={"action": "media.render", "target": "site-5.1.0", "status": "succeeded"},
)  # fmt: skip
_REPORT = EvidenceItem(
    id="m1", kind="message", source="inbox", at="2027-03-01T20:00:00Z",
    text="Pia: the 5.1.0 site has broken images on every gallery page, can you rebuild it?",
    data={"from": "pia", "to": "vojan", "thread": "thread:site-images", "unread": True},
)  # fmt: skip
_NOW = datetime(2027, 3, 2, 8, tzinfo=UTC)


@pytest.mark.parametrize(
    ("sentence", "context", "wanted"),
    [
        ("Rebuild the 5.1.0 site once more, to be safe.", [_RENDERED], True),
        ("Reinstall the 5.1.0 site.", [_RENDERED], True),
        # the report came the evening of the morning the render settled: news after it
        ("Rebuild the 5.1.0 site because Pia reported broken images last night.",
         [_RENDERED, _REPORT], False),
        # a redo that waits on news that has not come
        ("The 5.1.0 render is done; I'll only rebuild it if Pia writes.", [_RENDERED], False),
        # hard negative: the same redo without the condition
        ("Rebuild the 5.1.0 site again; Pia may write.", [_RENDERED], True),
    ],
)  # fmt: skip
def test_redos_of_a_settled_render(
    sentence: str, context: list[EvidenceItem], wanted: bool
) -> None:
    reopens, why = reopens_sentence(sentence, ["render:site-5.1.0"], context, _NOW)
    assert reopens is wanted, why
