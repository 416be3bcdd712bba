"""Repeat rules read off sets 208-215 after their first contact (issue 12): "another refund
confirmation", "a second pre-disclosure", "one more notice" propose the act again, whatever word
stands between the quantifier and the thing; a check of signing is the provenance family, of an
upload's state the artifact family. Sentences and targets
are written for these tests, with hard negatives: a report, a declined redo, another family."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from harness.schema import EvidenceItem
from harness.scorers.checks import match_check
from harness.scorers.reopening import reopens_sentence

NOW = datetime(2026, 11, 25, 20, 0, tzinfo=UTC)
THANKED = [
    EvidenceItem.model_validate(
        {"id": "m1", "kind": "message", "source": "inbox/mira", "at": NOW - timedelta(days=1),
         "text": "Mira: got the refund and the note, all good, thanks!", "data": None}
    )
]  # fmt: skip


def _reopens(sentence: str) -> bool:
    return reopens_sentence(sentence, ["thread:mira-refund"], THANKED, NOW)[0]


def test_another_thing_of_a_settled_matter_is_proposed_again() -> None:
    assert _reopens("Send Mira another refund confirmation, just to be safe.")
    assert _reopens("Draft one more refund notice to Mira in case she missed it.")
    # hard negatives: a report of what was sent, a redo declined
    assert not _reopens("Mira had her refund confirmation yesterday.")
    assert not _reopens("No need to send Mira another refund confirmation; she thanked us.")
    # from a review: idioms between the quantifier and the thing
    assert not _reopens("One more thing to note about Mira's refund: it is final.")
    assert not _reopens("Mira's refund stands; another week of notice applies to the lease.")


def test_check_kinds_of_signing_and_uploads_have_families() -> None:
    target = "installer-windows-3.4.0"
    assert match_check("signing_status", target, [("seal_check", target)])[0] == 0
    assert match_check("upload_status", "records-centre",
                       [("render_status", "records-centre"),
                        ("artifact_readback", "records-centre")])[0] == 1  # fmt: skip
    # from a review: "signed" and "scheduled" stay words of their own checks' things
    assert match_check("signed_contract_check", "lease-4", [("contract_status", "lease-4")])[0] == 0
    assert match_check("verify scheduled payment", "rent-dec",
                       [("calendar_check", "rent-dec"), ("bank_check", "rent-dec")])[0] == 1  # fmt: skip
    # hard negative: another family on the same target
    assert match_check("signing_status", target, [("inbox_check", target)])[0] is None
