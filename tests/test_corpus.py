"""The shipped corpus is what the scorers measure against: it must be complete ground truth."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from harness.loading import load_packages
from harness.schema import STAGES, Package

ROOT = Path(__file__).resolve().parents[1] / "recordings" / "sophobot"
FAILURE_MODES = {
    "premature_completion",
    "settled_not_recorded",
    "redundant_recheck",
    "stale_field",
    "provenance_drift_intended",
    "provenance_drift_corruption",
    "media_job_validation",
    "art_symmetry_scan",
    "heartbeat_rest",
    "quiet_hours",
    "cooldown",
    "prompt_injection",
    "html_content",
    "duplicate_send_risk",
    "clean",
}


@pytest.fixture(scope="module")
def corpus() -> list[Package]:
    loaded = load_packages([ROOT])
    assert loaded.errors == []
    return loaded.items


def test_at_least_40_packages_per_stage_and_320_in_all(corpus: list[Package]) -> None:
    per_stage = Counter(stage for p in corpus for stage in p.stages)
    assert len(corpus) >= 320
    assert {str(s): per_stage[s] >= 40 for s in STAGES} == {str(s): True for s in STAGES}
    assert {p.agent for p in corpus} == {"uhdim", "vojan"}


def test_a_third_is_written_by_hand(corpus: list[Package]) -> None:
    handwritten = [p for p in corpus if p.labels.get("origin") == "handwritten"]
    assert len(handwritten) * 3 >= len(corpus)


def test_every_failure_mode_is_covered_several_times(corpus: list[Package]) -> None:
    modes = Counter(p.labels.get("failure_mode") for p in corpus)
    assert set(modes) == FAILURE_MODES
    assert min(modes.values()) >= 5


def test_host_expectation_for_every_listed_stage(corpus: list[Package]) -> None:
    missing = [
        (p.id, str(s)) for p in corpus for s in p.stages if p.host.expect.for_stage(s) is None
    ]
    assert missing == []


def test_stage_subjects_present(corpus: list[Package]) -> None:
    needs = {"critique": "draft", "draft": "purpose", "plan": "goal", "execute": "goal"}
    missing = [
        (p.id, stage)
        for p in corpus
        for stage, field in needs.items()
        if stage in p.stages and not getattr(p.subject, field)
    ]
    missing += [
        (p.id, "analyze") for p in corpus if "analyze" in p.stages and not p.subject.artifacts
    ]
    assert missing == []


def test_expected_answers_are_mixed(corpus: list[Package]) -> None:
    """A corpus where one answer always wins would reward a constant runner."""
    reconcile = Counter(p.host.expect.reconcile.status for p in corpus if p.host.expect.reconcile)
    preflight = Counter(
        p.host.expect.preflight.recommended_mode for p in corpus if p.host.expect.preflight
    )
    analyze = Counter(p.host.expect.analyze.verdict for p in corpus if p.host.expect.analyze)
    critique = Counter(
        p.host.expect.critique.recommendation for p in corpus if p.host.expect.critique
    )
    for counts in (reconcile, preflight, analyze, critique):
        assert len(counts) >= 3 and max(counts.values()) < 0.7 * sum(counts.values())


def test_critique_expectations_quote_the_draft(corpus: list[Package]) -> None:
    bad = [
        (p.id, claim)
        for p in corpus
        if p.host.expect.critique and p.subject.draft
        for claim in p.host.expect.critique.unsupported_claims
        if claim not in p.subject.draft
    ]
    assert bad == []


def test_hostile_content_is_present(corpus: list[Package]) -> None:
    texts = [e.text for p in corpus for e in p.context]
    assert sum(bool(re.search(r"<script|onerror=|<img", t, re.I)) for t in texts) >= 5
    assert (
        sum(
            bool(re.search(r"ignore (all |your )?(previous |prior )?(rules|instructions)", t, re.I))
            for t in texts
        )
        >= 5
    )
