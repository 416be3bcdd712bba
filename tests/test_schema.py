"""The formats accept what FORMAT.md describes and reject what would make scores meaningless."""

from __future__ import annotations

import copy

import pytest
from pydantic import ValidationError

from harness.invocation import build_invocation
from harness.schema import CONTRACTS, Package, ReconcileResult, Stage
from harness.stages import FORBIDDEN_VERBS, STAGE_SPECS
from tests.factories import PATRICK, package, package_dict


def test_format_md_example_package_validates() -> None:
    p = package()
    assert p.stages == [Stage.reconcile, Stage.draft, Stage.critique]
    assert p.host.receipts[0].succeeded is False  # queued proves nothing


def test_naive_timestamp_is_rejected() -> None:
    with pytest.raises(ValidationError, match="time zone"):
        package(recorded_at="2026-08-25T14:03:00")


def test_duplicate_evidence_id_is_rejected() -> None:
    data = package_dict()
    data["context"].append(copy.deepcopy(data["context"][0]))
    with pytest.raises(ValidationError, match="duplicate evidence id"):
        Package.model_validate(data)


def test_decisive_evidence_must_exist_in_context() -> None:
    data = package_dict()
    data["host"]["decisive_evidence"] = ["receipt:nowhere"]
    with pytest.raises(ValidationError, match="not in context"):
        Package.model_validate(data)


def test_receipt_learned_after_recorded_at_may_be_absent_from_context() -> None:
    data = package_dict()
    data["host"]["receipts"].append(
        {
            "id": "receipt:later",
            "action": "message.send",
            "target": "patrick",
            "status": "succeeded",
            "at": "2026-08-25T15:00:00Z",
        }
    )
    assert Package.model_validate(data).host.receipts[1].succeeded


def test_expectation_for_unlisted_stage_is_rejected() -> None:
    data = package_dict()
    data["host"]["expect"]["analyze"] = {"verdict": "pass"}
    with pytest.raises(ValidationError, match="not in stages"):
        Package.model_validate(data)


def test_unknown_field_in_owned_format_is_an_error() -> None:
    with pytest.raises(ValidationError, match="extra"):
        package(colour="blue")


def test_contract_enums_enforced_and_extra_fields_kept() -> None:
    ok = ReconcileResult.model_validate({"status": "supported", "facts": [], "note": "kept"})
    assert ok.model_extra == {"note": "kept"}
    with pytest.raises(ValidationError):
        ReconcileResult.model_validate({"status": "probably"})
    assert set(CONTRACTS) == set(Stage)


def test_invocation_never_carries_host_outcome_or_labels() -> None:
    data = package_dict()
    data["context"].append(
        {
            "id": "later",
            "kind": "message",
            "source": "dm",
            "at": "2026-08-25T16:00:00Z",
            "text": "from the future",
        }
    )
    inv = build_invocation(Package.model_validate(data), "reconcile")
    dumped = inv.model_dump_json()
    assert "host" not in inv.model_fields_set and "decisive_evidence" not in dumped
    assert "premature_completion" not in dumped
    assert [e.id for e in inv.context] == [
        e["id"] for e in PATRICK["context"]
    ]  # future item dropped
    assert set(FORBIDDEN_VERBS) <= set(inv.forbidden)
    assert inv.phase == 0 and inv.result_schema["title"] == "ReconcileResult"


def test_invocation_for_unlisted_stage_is_refused() -> None:
    with pytest.raises(ValueError, match="does not list"):
        build_invocation(package(), "execute")


def test_stage_registry_ceilings_follow_the_seed() -> None:
    read_only = {Stage.reconcile, Stage.preflight, Stage.inquire, Stage.critique, Stage.draft}
    assert all(STAGE_SPECS[s].max_phase == 1 for s in read_only)
    assert STAGE_SPECS[Stage.plan].max_phase == 4
    assert all("message.send" not in STAGE_SPECS[s].capability_names for s in Stage)
