"""Check kinds by family and targets by their ids, in the repeat scorer and its helpers."""

from __future__ import annotations

from datetime import UTC, datetime

from harness.scorers.checks import match_check, same_kind, same_target
from harness.scorers.reopening import reopens_sentence
from harness.scorers.repeat import repeat_checks
from tests.scorers_helpers import case


def test_a_repeat_risk_of_the_same_family_prevents_the_host_check() -> None:
    # The host's check is inbox_recheck on dm:patrick; the stage calls it a DM poll.
    env = {"result": {"inventory": {}, "recommended_mode": "wait",
                      "repeat_risk": [{"kind": "dm_poll", "reason": "nothing new since 13:50"}]}}  # fmt: skip
    assert repeat_checks(case("preflight", env)).values["prevented"] == 1
    other = {"result": {"inventory": {}, "recommended_mode": "wait",
                        "repeat_risk": [{"kind": "render_status", "reason": "no change"}]}}  # fmt: skip
    assert repeat_checks(case("preflight", other)).values["prevented"] == 0


def test_targets_keep_their_ids_and_kinds_their_meaning() -> None:
    assert same_kind("recheck_inbox", "check messages") and not same_kind(
        "inbox_recheck", "render_status"
    )
    assert same_target("render 412", "render-0412") and not same_target(
        "render-0413", "render-0412"
    )
    assert same_target("Patrick's thread", "thread:patrick-2026-08-20")
    assert match_check("dm_poll", "patrick", [("render_status", "render-0412"),
                                              ("inbox_recheck", "patrick")])[0] == 1  # fmt: skip


def test_reopening_an_id_needs_its_own_digits() -> None:
    now = datetime(2026, 8, 25, 14, 3, tzinfo=UTC)
    assert reopens_sentence("Re-render render-0412 once more.", ["render:0412"], [], now)[0]
    assert not reopens_sentence("Re-render render-0413 once more.", ["render:0412"], [], now)[0]
    assert not reopens_sentence("No need to recheck render-0412.", ["render:0412"], [], now)[0]
