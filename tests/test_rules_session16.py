"""Rules read off development sets 50 and 51 and the format page's settled path rule: a past
act "at 23:10" said in the morning was last night's, and a "no" that answers before a dash is no
negation of what follows. Each with hard negatives (the boundary rules are in
tests/test_boundary_rules.py)."""

from __future__ import annotations

from datetime import UTC, datetime

from harness.schema import EvidenceItem
from harness.scorers.base import Thresholds
from harness.scorers.claim_support import Backing
from harness.scorers.support_label import support_label
from tests.scorers_helpers import lexical_invented, receipt_on_nov20


def test_a_clock_time_later_than_the_recording_was_last_night() -> None:
    rendered = receipt_on_nov20("media.render", "render-0412", "succeeded", "23:10")
    morning = datetime(2026, 11, 21, 7, 0, tzinfo=UTC)
    said = "render-0412 rendered at 23:10."
    assert not lexical_invented(said, [rendered], morning, field="findings")
    # hard negatives: another clock time is another occasion, and a day named keeps its day
    assert lexical_invented("render-0412 rendered at 22:10.", [rendered], morning,
                            field="findings")  # fmt: skip
    assert lexical_invented("render-0412 rendered today at 23:10.", [rendered], morning,
                            field="findings")  # fmt: skip


def _label(claim: str, text: str) -> str:
    item = Backing.of(EvidenceItem(id="m1", kind="message", source="host",
                                   at="2026-11-20T09:00:00Z", text=text))  # fmt: skip
    return support_label(claim, [item], Thresholds())[0]


def test_a_no_that_answers_before_a_dash_negates_nothing_after_it() -> None:
    said = "Joaquín: todavía no — still haven't received the etching list, can you resend?"
    assert _label("Joaquín has the etching list.", said) == "contradicted"
    assert _label("Joaquín doesn't have the etching list.", said) == "supported"
    answered = "Joaquín: no — the etching list has not arrived."
    assert _label("Joaquín received the etching list.", answered) == "contradicted"
    # hard negative: a "no" inside the statement still negates it
    inside = "Joaquín: nope, no etching list received."
    assert _label("Joaquín received the etching list.", inside) == "contradicted"


OLD_SEAL = ("provenance.seal", "project-general", "succeeded", "2026-11-14T11:00:00Z",
            "provenance.seal project-general: seal v5 written")  # fmt: skip


def test_a_status_line_may_say_when_it_was_done() -> None:
    today = datetime(2026, 11, 20, 22, 0, tzinfo=UTC)
    failed = receipt_on_nov20("provenance.seal", "project-general", "failed", "20:00")
    sealed = receipt_on_nov20("provenance.seal", "project-general", "succeeded", "20:00")
    said = "Seal for project-general: done today."
    # today's seal failed; the success of the 14th is another occasion
    assert lexical_invented(said, [OLD_SEAL, failed], today)
    assert lexical_invented(
        "Seal for project-general: done at 18:00 UTC.", [OLD_SEAL, sealed], today
    )
    # hard negatives: today's success, the time it has, and a line that says it is not done
    assert not lexical_invented(said, [OLD_SEAL, sealed], today)
    assert not lexical_invented("Seal for project-general: done at 20:00 UTC.", [OLD_SEAL, sealed],
                                today)  # fmt: skip
    assert not lexical_invented(
        "Seal for project-general: not done today.", [OLD_SEAL, failed], today
    )


def test_a_plan_beside_the_act_is_a_clause_of_its_own() -> None:
    today = datetime(2026, 11, 20, 22, 0, tzinfo=UTC)
    registered = receipt_on_nov20("registry.register", "etching-ledger", "succeeded", "07:12")
    failed = receipt_on_nov20("registry.register", "teaching-notes", "failed", "07:20",
                              "registry.register teaching-notes: schema check failed")  # fmt: skip
    said = "Vojan registered etching-ledger at 07:12 UTC and intends to retry teaching-notes later."
    assert not lexical_invented(said, [registered, failed], today, agent="vojan")
    # hard negatives: the failed target registered, beside a plan or in a list
    for said in ("Vojan registered teaching-notes and intends to tell Mira.",
                 "Vojan registered etching-ledger and teaching-notes and plans to post about it."):  # fmt: skip
        assert lexical_invented(said, [registered, failed], today, agent="vojan")


def test_another_number_of_the_hosts_series_is_an_item_it_has_no_record_of() -> None:
    today = datetime(2026, 11, 20, 22, 0, tzinfo=UTC)
    study = receipt_on_nov20("task.complete", "symmetry-study-12", "succeeded", "17:30")
    batch = receipt_on_nov20("task.complete", "grade-batch-3", "succeeded", "09:10")
    assert lexical_invented("Study 13 is complete as well.", [study], today, field="claims")
    assert lexical_invented("Grade batch 4 closed out as well.", [batch], today)
    # hard negatives: the host's own item, and the next one said to be still open
    assert not lexical_invented("Study 12 is complete.", [study], today, field="claims")
    assert not lexical_invented("Grade batch 3 closed out.", [batch], today)
    assert not lexical_invented("Grade batch 4 is still open.", [batch], today)
