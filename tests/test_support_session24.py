"""Claim support read off sets 146-149 after their first contact (issue 12): a merge into the
trunk is of the branch its receipt names before "into". Scenes and words of the test's own,
both polarities, and hard negatives."""

from __future__ import annotations

from harness.schema import EvidenceItem
from harness.scorers.base import Thresholds
from harness.scorers.claim_support import Backing
from harness.scorers.support_label import support_label


def _receipt(text: str, action: str, target: str, status: str) -> Backing:
    data = {"action": action, "target": target, "status": status}
    return Backing.of(EvidenceItem(id="r1", kind="receipt", source="host/receipts",
                                   at="2026-10-06T14:00:00Z", text=text, data=data))  # fmt: skip


def _label(claim: str, b: Backing) -> str:
    return support_label(claim, [b], Thresholds())[0]


def test_a_merge_into_main_is_of_the_branch_its_receipt_names() -> None:
    failed = _receipt("branch.merge bufr-ed4 into main: conflict in tables.py, failed",
                      "branch.merge", "main", "failed")  # fmt: skip
    merged = _receipt(
        "branch.merge bufr-ed4 into main: merged", "branch.merge", "main", "succeeded"
    )
    assert _label("bufr-ed4 was merged into main.", failed) == "contradicted"
    assert _label("bufr-ed4 was not merged into main.", failed) == "supported"
    assert _label("bufr-ed4 was merged into main.", merged) == "supported"
    # hard negatives: another branch; a merge into a release branch names no trunk
    assert _label("bufr-ed5 was merged into main.", merged) == "unsupported"
    release = _receipt("branch.merge bufr-ed4 into release-3.2: merged", "branch.merge",
                       "release-3.2", "succeeded")  # fmt: skip
    assert _label("bufr-ed4 is merged into main.", release) != "supported"
