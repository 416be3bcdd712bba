"""The reference runner's cited claims say what their cited items say.

Each claim is checked with the same claim-support rule the evidence scorer applies, and the
runner's own conclusions (an absence, a host constraint) are checked to stay out of them.
"""

from __future__ import annotations

from typing import Any

from harness.runners.base import RunnerOutput
from harness.schema import Package
from harness.scorers.base import Thresholds
from harness.scorers.claim_support import Backing, claim_support
from tests.reference_helpers import heartbeat, item, message, package, receipt, run


def _supported(pkg: Package, out: RunnerOutput) -> list[tuple[str, bool]]:
    verdicts: list[tuple[str, bool]] = []
    for claim in out.envelope.claims:
        cited = [pkg.evidence(c.id) for c in claim.evidence if c.id]
        pool = [Backing.of(i) for i in cited if i is not None]
        verdicts.append((claim.text, claim_support(claim.text, pool, Thresholds()).supported))
    return verdicts


def _critique(context: list[dict[str, Any]], draft: str) -> tuple[Package, RunnerOutput]:
    pkg = package(context, stages=("critique",), subject={"draft": draft, "draft_kind": "post"})
    return pkg, run(pkg, "critique")


def test_a_critique_flag_quotes_the_draft_and_the_receipt_against_it() -> None:
    pkg, out = _critique([receipt("receipt:77", 3, "queued")], "I sent Patrick the note.")
    verdicts = _supported(pkg, out)
    assert verdicts == [
        ('Unsupported: "I sent Patrick the note." — receipt:77 says '
         '"message.send to patrick: queued"', True),
    ]  # fmt: skip


def test_a_resend_flag_states_the_receipt_not_what_a_resend_would_do() -> None:
    pkg, out = _critique(
        [receipt("receipt:5", 3, "succeeded")],
        "The send to Patrick failed, so I am sending it again.",
    )
    texts = [text for text, _ in _supported(pkg, out)]
    assert texts and all("would" not in t for t in texts)
    assert all(ok for _, ok in _supported(pkg, out))


def test_a_supported_sentence_claims_only_what_the_receipt_says() -> None:
    draft = "Sent Patrick the note: 12.0 s at 30 fps, 1080 x 1080."
    pkg, out = _critique([receipt("receipt:5", 3, "succeeded")], draft)
    verdicts = _supported(pkg, out)
    assert verdicts == [('Supported: receipt:5 says "message.send to patrick: succeeded"', True)]


def test_a_repeat_risk_claim_quotes_the_heartbeat_that_ran_the_check() -> None:
    beat = heartbeat("heartbeat#1", 5, "Heartbeat: no reply from Patrick yet.", ("inbox_recheck",))
    pkg = package([beat], stages=("preflight",))
    out = run(pkg, "preflight")
    verdicts = _supported(pkg, out)
    assert (
        'heartbeat#1 ran inbox_recheck at 2026-08-25T14:05:00Z: "Heartbeat: no reply from Patrick'
        ' yet."',
        True,
    ) in verdicts
    assert not any("no change since" in text for text, _ in verdicts)


def _drift_row() -> dict[str, Any]:
    data = {"path": "plates/plate-03.tif", "expected_sha256": "a" * 64, "actual_sha256": "b" * 64}
    return item("registry:plate-03", "registry", 2, "plates/plate-03.tif mismatched.", data)


def test_an_unexplained_drift_keeps_the_missing_note_out_of_the_cited_claims() -> None:
    pkg = package(
        [_drift_row()], stages=("reconcile",), subject={"belief": "The plate-03 drift is intended."}
    )
    out = run(pkg, "reconcile")
    verdicts = _supported(pkg, out)
    assert verdicts and all(ok for _, ok in verdicts)
    assert not any("explains" in text for text, _ in verdicts)
    assert any(
        "no session, journal or history note explains" in u for u in out.envelope.uncertainties
    )


def test_a_drift_verdict_quotes_the_note_and_cites_the_registry_row() -> None:
    note = item("journal#2", "journal", 4, "Plate-03 revised for the catalogue.", {"asserts": []})
    pkg = package(
        [_drift_row(), note],
        stages=("reconcile",),
        subject={"belief": "The plate-03 drift is intended."},
    )
    out = run(pkg, "reconcile")
    claim = out.envelope.claims[0]
    assert claim.text.startswith("The plate-03 drift is an intended edit: registry:plate-03 says")
    assert 'journal#2 says "Plate-03 revised for the catalogue."' in claim.text
    assert [c.id for c in claim.evidence] == ["registry:plate-03", "journal#2"]
    assert _supported(pkg, out)[0][1]


def test_a_closed_thread_claim_cites_the_message_and_notes_the_constraint_apart() -> None:
    msg = message("message:ines#1", 3, "ines", "Ines: Thanks, all settled.", unread=False)
    pkg = package(
        [msg],
        stages=("reconcile",),
        subject={"belief": "The Ines thread is closed."},
        constraints={"closed": ["thread:ines"]},
    )
    out = run(pkg, "reconcile")
    verdicts = _supported(pkg, out)
    assert verdicts == [('In thread:ines, message:ines#1 says "Ines: Thanks, all settled."', True)]
    assert (
        "thread:ines is closed by the host; no message in it is newer" in out.envelope.uncertainties
    )


def test_nothing_needs_action_is_a_note_not_a_cited_claim() -> None:
    beat = heartbeat("heartbeat#1", 5, "Heartbeat: nothing new; rested.")
    pkg = package(
        [beat], stages=("reconcile",), subject={"belief": "Nothing needs action right now."}
    )
    out = run(pkg, "reconcile")
    verdicts = _supported(pkg, out)
    assert verdicts and all(ok for _, ok in verdicts)
    assert not any("needs action" in text for text, _ in verdicts)
    assert "nothing in the context needs action now" in out.envelope.uncertainties


def test_a_draft_quotes_the_latest_message_it_waits_on() -> None:
    msg = message("message:patrick#1", 4, "patrick", "Patrick: Did the note go out?", unread=True)
    pkg = package(
        [receipt("receipt:77", 3, "queued"), msg],
        stages=("draft",),
        subject={"purpose": "A journal line on the Patrick note.", "draft_kind": "journal"},
    )
    out = run(pkg, "draft")
    verdicts = _supported(pkg, out)
    assert (
        'Patrick wrote at 2026-08-25T14:04:00Z: "Patrick: Did the note go out?"',
        True,
    ) in verdicts


def _scan(score: float) -> dict[str, Any]:
    data = {"path": "scan/rosette.png", "measurements": {"c8": score}}
    return item("artifact:rosette", "artifact", 2, f"rosette.png: C8 score {score}.", data)


def _measured_belief(score: float) -> tuple[Package, RunnerOutput]:
    pkg = package(
        [_scan(score)],
        stages=("reconcile",),
        subject={
            "belief": "The rosette holds C8 symmetry.",
            "artifacts": [{"id": "artifact:rosette", "path": "input/scan/rosette.png"}],
            "checks": ["C8 rotational score >= 0.92"],
        },
    )
    return pkg, run(pkg, "reconcile")


def test_a_clean_analysis_quotes_the_measured_item_and_notes_the_conclusion() -> None:
    pkg, out = _measured_belief(0.97)
    assert _supported(pkg, out) == [('artifact:rosette says "rosette.png: C8 score 0.97."', True)]
    assert "analysis of 1 artifact(s) finds no anomaly" in out.envelope.uncertainties
    assert out.envelope.result is not None and out.envelope.result["status"] == "supported"


def test_a_failed_threshold_quotes_the_measured_item_and_notes_the_finding() -> None:
    pkg, out = _measured_belief(0.71)
    assert _supported(pkg, out) == [('artifact:rosette says "rosette.png: C8 score 0.71."', True)]
    assert (
        "analysis finds artifact:rosette: c8=0.71 fails >= 0.92 (C8 rotational score >= 0.92)"
        in out.envelope.uncertainties
    )
    assert out.envelope.result is not None and out.envelope.result["status"] == "contradicted"


def test_a_retry_window_quotes_the_receipt_and_notes_the_comparison() -> None:
    window = item(
        "receipt:deleg-9",
        "receipt",
        3,
        "media.render render-0917: throttled; retry after 2026-08-25T15:00:00Z.",
        {"action": "media.render", "target": "render-0917", "status": "failed"},
    )
    pkg = package(
        [window],
        stages=("reconcile",),
        subject={"belief": "render-0917 must wait before a retry."},
    )
    out = run(pkg, "reconcile")
    assert _supported(pkg, out) == [
        ('receipt:deleg-9 says "media.render render-0917: throttled; retry after '
         '2026-08-25T15:00:00Z."', True),
    ]  # fmt: skip
    assert (
        "receipt:deleg-9 sets a window ending 2026-08-25T15:00:00Z, still open at "
        "2026-08-25T14:10:00Z" in out.envelope.uncertainties
    )


def test_an_analyze_drift_claim_quotes_the_registry_row_not_its_reading() -> None:
    pkg = package(
        [_drift_row()],
        stages=("analyze",),
        subject={"artifacts": [{"id": "plate-03", "path": "input/plates/plate-03.tif"}]},
    )
    out = run(pkg, "analyze")
    assert _supported(pkg, out) == [
        ('registry:plate-03 says "plates/plate-03.tif mismatched."', True)
    ]
    assert out.envelope.result is not None
    assert out.envelope.result["anomalies"][0]["detail"].startswith("sha256 bbbbbbbbbbbb != ledger")


def test_a_drift_approval_is_checked_against_the_approvers_message_not_a_receipt() -> None:
    approval = message(
        "message:daim#1", 1, "daim", "Daim: Lesson-07 drift is yours - approved.", unread=False
    )
    failed = receipt("receipt:88", 3, "failed", "media.deliver", "ilse")
    pkg, out = _critique(
        [approval, failed], "Daim approved the lesson-07 drift as mine. Ilse has the packet."
    )
    assert _supported(pkg, out) == [
        ('Unsupported: "Ilse has the packet." — receipt:88 says "media.deliver to ilse: failed"',
         True),
        ('Supported: message:daim#1 says "Daim: Lesson-07 drift is yours - approved."', True),
    ]  # fmt: skip
    assert out.envelope.result is not None
    assert out.envelope.result["unsupported_claims"] == ["Ilse has the packet."]
