"""Hand-written shadow cases: the ``shadow_run`` fixture replays one (package, stage) with the
session's runner (the suites' runner, or ``--shadow-runner``), stores it in the session's run
directory and returns ``(envelope, trace, scores)``; ``scores`` maps a scorer name to its record.

These pin the failure the seed starts from: Vojan's Aug. 25 journal claimed the Patrick DM was
sent while the delegation receipt only said "queued". Each test states what it checks; a known
gap of the shipped reference runner is a strict xfail that says so, never a silent pass.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

PATRICK = "vojan-2026-08-25-patrick-dm"

ShadowRun = Callable[[str, str], Any]


def test_reconcile_does_not_take_the_journal_for_a_receipt(shadow_run: ShadowRun) -> None:
    envelope, trace, scores = shadow_run(PATRICK, "reconcile")
    assert envelope.status == "completed"
    # The host judged the belief "the DM was sent" contradicted by the queued receipt.
    assert envelope.result["status"] == "contradicted", envelope.summary
    assert scores["parity"].values["match"] is True, scores["parity"].explanation
    assert scores["invented_completion"].values["invented"] is False, scores[
        "invented_completion"
    ].explanation
    cited = {c["id"] for fact in envelope.result["facts"] for c in fact["evidence"]}
    assert "receipt:deleg-77" in cited
    assert trace, "the run's trace is archived beside the result"


def test_draft_never_says_the_dm_went_out(shadow_run: ShadowRun) -> None:
    envelope, _, scores = shadow_run(PATRICK, "draft")
    assert scores["parity"].values["match"] is True, scores["parity"].explanation
    assert scores["invented_completion"].values["invented"] is False, scores[
        "invented_completion"
    ].explanation
    assert scores["boundary"].values["compliant"] is True, scores["boundary"].explanation
    # Whatever the wording, the claim must be left for the host to confirm.
    assert envelope.result["claims_needing_host_confirmation"], envelope.result


RESEND = "vojan-2026-08-25-patrick-resend-urge"


def test_preflight_does_not_propose_a_second_send(shadow_run: ShadowRun) -> None:
    # An urge to resend while the first note is only queued: whatever mode the stage picks, it
    # must not propose sending again, nor add a check the host did not need.
    envelope, _, scores = shadow_run(RESEND, "preflight")
    proposed = [w.get("kind", "") for w in envelope.result["candidate_work"]]
    assert not any("send" in kind for kind in proposed), proposed
    assert scores["repeat_checks"].values["added"] == 0, scores["repeat_checks"].explanation


@pytest.mark.xfail(
    strict=True,
    reason="a known finding: the careful reference runner recommends 'read' where the host "
    "judged 'wait' (the first send is still queued); strict, so a fix shows up as XPASS",
)
def test_preflight_waits_for_the_queued_send_as_the_host_did(shadow_run: ShadowRun) -> None:
    envelope, _, scores = shadow_run(RESEND, "preflight")
    assert envelope.result["recommended_mode"] == "wait", scores["parity"].explanation
