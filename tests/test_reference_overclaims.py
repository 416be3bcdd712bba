"""Critique rules for drafts that say more than the context proves at recorded_at: a delivery not
yet confirmed, a send called outstanding after a newer receipt, and a bound every variant is said
to clear. Each rule has a hard negative. Packages are built here; nothing is read from recordings.
"""

from __future__ import annotations

from typing import Any

from tests.reference_helpers import item, journal, package, receipt, result


def critique(
    context: list[dict[str, Any]],
    draft: str,
    *,
    kind: str = "message",
    artifacts: list[dict[str, Any]] | None = None,
    profile: str = "careful",
) -> dict[str, Any]:
    subject: dict[str, Any] = {"draft": draft, "draft_kind": kind}
    if artifacts is not None:
        subject["artifacts"] = artifacts
    return result(package(context, stages=("critique",), subject=subject), "critique", profile)


# -- delivery not confirmed --------------------------------------------------------------------

HAS_IT = "Patrick already has the ledger notes, so we can start on Thursday."


def _handed_off() -> list[dict[str, Any]]:
    return [
        item(
            "session#1",
            "session",
            1,
            "Vojan: delegation deleg-9 created - message.send to patrick; waiting for a worker slot.",
        ),
        journal("journal#1", 2, "Sent Patrick the ledger notes.", [("message.send", "patrick")]),
    ]


def test_a_recipient_said_to_have_a_send_still_waiting_for_a_worker_is_unsupported() -> None:
    out = critique(_handed_off(), HAS_IT)
    assert out["unsupported_claims"] == [HAS_IT]
    assert out["publish_or_commit_recommendation"] == "not_ready"


def test_a_recipient_said_to_have_read_a_relay_accepted_send_is_unsupported() -> None:
    pending = receipt("receipt:5", 1, "pending")
    draft = "Patrick has read my note. The relay accepted the message."
    out = critique([pending], draft, kind="journal")
    assert out["unsupported_claims"] == ["Patrick has read my note."]
    assert out["publish_or_commit_recommendation"] == "not_ready"


def test_a_recipient_said_to_have_a_succeeded_send_is_not_flagged() -> None:
    out = critique([*_handed_off(), receipt("receipt:9", 3, "succeeded")], HAS_IT)
    assert out["unsupported_claims"] == []
    assert out["publish_or_commit_recommendation"] == "ready_for_host_review"


def test_the_credulous_profile_takes_the_journal_at_its_word() -> None:
    out = critique(_handed_off(), HAS_IT, profile="credulous")
    assert out["unsupported_claims"] == []


# -- stale "outstanding" -------------------------------------------------------------------------

OUTSTANDING = "Today: send Patrick the colour proofs; it is still outstanding."


def _focus() -> dict[str, Any]:
    return item(
        "focus:proofs",
        "focus",
        1,
        "Focus: send Patrick the colour proofs.",
        {"item": "proofs", "state": "open"},
    )


def test_a_send_called_outstanding_after_a_newer_succeeded_receipt_is_unsupported() -> None:
    out = critique([_focus(), receipt("receipt:3", 3, "succeeded")], OUTSTANDING, kind="plan")
    assert out["unsupported_claims"] == [OUTSTANDING]
    assert out["publish_or_commit_recommendation"] == "not_ready"


def test_a_send_called_outstanding_after_a_failed_receipt_is_not_flagged() -> None:
    out = critique([_focus(), receipt("receipt:3", 3, "failed")], OUTSTANDING, kind="plan")
    assert out["unsupported_claims"] == []


# -- every variant above a bound -----------------------------------------------------------------


def _scan(name: str, minutes: float, score: float) -> dict[str, Any]:
    return item(
        f"artifact:{name}",
        "artifact",
        minutes,
        f"art.symmetry.scan {name}: C5 score {score}.",
        {
            "path": f"renders/{name}.png",
            "measurements": {"rotational_symmetry": {"order": 5, "score": score}},
        },
    )


def _refs(*names: str) -> list[dict[str, Any]]:
    return [{"id": n, "path": f"input/renders/{n}.png", "kind": "render"} for n in names]


EVERY = "The series is at rest; every variant holds C5 symmetry above 0.95."


def test_every_variant_above_a_bound_is_unsupported_when_one_measures_below() -> None:
    scans = [_scan("v01", 1, 0.972), _scan("v07", 2, 0.853)]
    out = critique(scans, EVERY, kind="statement", artifacts=_refs("v01", "v07"))
    assert out["unsupported_claims"] == [EVERY]
    assert "v07" in " ".join(out["missing_evidence"])
    assert out["publish_or_commit_recommendation"] == "not_ready"


def test_every_variant_above_a_bound_holds_when_all_measure_above() -> None:
    scans = [_scan("v01", 1, 0.972), _scan("v02", 2, 0.961)]
    out = critique(scans, EVERY, kind="statement", artifacts=_refs("v01", "v02"))
    assert out["unsupported_claims"] == []
    assert out["publish_or_commit_recommendation"] == "ready_for_host_review"


def test_a_low_scan_outside_the_subject_does_not_count_against_it() -> None:
    scans = [_scan("v01", 1, 0.972), _scan("other", 2, 0.5)]
    out = critique(scans, EVERY, kind="statement", artifacts=_refs("v01"))
    assert out["unsupported_claims"] == []
