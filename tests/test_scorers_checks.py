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


def test_board_archive_and_output_checks_have_families_of_their_own() -> None:
    from harness.scorers.checks import same_kind

    assert same_kind("board_check", "task_status")
    assert same_kind("verify_archive", "archive_check")
    assert same_kind("media_probe", "output_probe")
    # hard negatives: a delivery recheck is not a probe of the output, nor a board an archive
    assert not same_kind("media_probe", "delivery_recheck")
    assert not same_kind("board_check", "archive_check")


def test_a_matter_is_mentioned_by_half_its_words_but_never_by_another_number() -> None:
    from harness.scorers.reopening import mentions_matter

    assert mentions_matter("Ping Rune to confirm the 77 payment arrived", "thread:rune-invoice-77")
    assert mentions_matter("Ask Rune once more about it", "thread:rune-frames")
    assert mentions_matter("Double-check the proof sheet render", "render:proof-sheet-4")
    assert not mentions_matter("Ping Rune about invoice 78", "thread:rune-invoice-77")
    assert not mentions_matter("Check render 0413", "render:0412")
    assert not mentions_matter("Check the frames", "thread:rune-invoice-77")


def test_a_thank_you_settles_and_a_weighed_consequence_is_no_proposal() -> None:
    from datetime import UTC, datetime

    from harness.schema import EvidenceItem
    from harness.scorers.reopening import reopens_sentence

    at = datetime(2026, 9, 20, 9, 0, tzinfo=UTC)
    context = [
        EvidenceItem(id="r-77", kind="receipt", source="host", at=datetime(2026, 9, 1, tzinfo=UTC),
                     text="payment.send to rune: invoice 77 settled"),
        EvidenceItem(id="m-77", kind="message", source="dm/rune",
                     at=datetime(2026, 9, 2, tzinfo=UTC), text="Rune: 77 received, thanks."),
    ]  # fmt: skip
    settled = ["thread:rune-invoice-77"]
    found, why = reopens_sentence("Ping Rune to confirm the 77 payment arrived.", settled,
                                  context, at)  # fmt: skip
    assert found, why  # the thank-you is the settlement, not news that reopens it
    found, why = reopens_sentence("Pinging Rune again would only reopen invoice 77.", settled,
                                  context, at)  # fmt: skip
    assert not found, why
    newer = [*context, EvidenceItem(id="m-78", kind="message", source="dm/rune",
                                    at=datetime(2026, 9, 10, tzinfo=UTC),
                                    text="Rune: the 77 payment never showed up on my side")]  # fmt: skip
    found, why = reopens_sentence("Ping Rune to confirm the 77 payment arrived.", settled,
                                  newer, at)  # fmt: skip
    assert not found and "m-78" in why
