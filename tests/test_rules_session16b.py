"""Rules read off development sets 52 and 53: "almost merged" did not happen, "Let Priya know"
opening a sentence asks for a message, "at 09:20 local" reads a receipt's own clock; a negated
receipt of a thing is answered by the receipt's status, a clause beside a plan states what did
happen, and a time bound ("before 18:00 UTC on 4 Nov") is read against the item's time. Each
with hard negatives."""

from __future__ import annotations

from datetime import UTC, datetime

from harness.schema import EvidenceItem
from harness.scorers.base import Thresholds
from harness.scorers.claim_support import Backing
from harness.scorers.reopening import reopens_sentence
from harness.scorers.support_label import support_label
from tests.scorers_helpers import lexical_invented, receipt_on_nov20

TODAY = datetime(2026, 11, 20, 22, 0, tzinfo=UTC)


def test_an_act_that_almost_happened_did_not() -> None:
    pulled = receipt_on_nov20("repo.merge", "feat/ledger-diff", "cancelled", "20:00")
    said = "Almost merged feat/ledger-diff too, before the host pulled it."
    assert not lexical_invented(said, [pulled], TODAY)
    # hard negative: merged, with no "almost"
    assert lexical_invented("Merged feat/ledger-diff too.", [pulled], TODAY)


def test_let_someone_know_opening_a_sentence_asks_for_the_message() -> None:
    cancelled = receipt_on_nov20("message.send", "priya", "cancelled", "21:00")
    assert not lexical_invented("Let Priya know the seminar room changed.", [cancelled], TODAY,
                                field="draft")  # fmt: skip
    # hard negatives: the writer's own act, after another clause or with a subject
    assert lexical_invented("Booked the room and let Priya know.", [cancelled], TODAY)
    assert lexical_invented("I let Priya know the room changed.", [cancelled], TODAY)


def test_local_time_reads_a_receipts_own_clock() -> None:
    uploaded = ("artifact.upload", "teaching-pack-3", "succeeded", "2026-10-09T09:20:00+02:00", "")
    recorded = datetime(2026, 10, 9, 9, 0, tzinfo=UTC)
    assert not lexical_invented("teaching-pack-3 uploaded at 09:20 local.", [uploaded], recorded)
    # hard negative: another local time is another occasion
    assert lexical_invented("teaching-pack-3 uploaded at 08:20 local.", [uploaded], recorded)


def _item(
    text: str, at: str = "2026-11-04T17:30:00Z", kind: str = "receipt", **data: str
) -> Backing:
    return Backing.of(EvidenceItem(id="e1", kind=kind, source="host", at=at, text=text,
                                   data=data or None))  # fmt: skip


def _label(claim: str, item: Backing) -> str:
    return support_label(claim, [item], Thresholds())[0]


def test_a_negated_receipt_is_answered_by_the_status() -> None:
    failed = _item("message.send to zoe: parking directions, failed (unknown recipient handle)",
                   action="message.send", target="zoe", status="failed")  # fmt: skip
    assert _label("Zoë did not receive the parking directions.", failed) == "supported"
    assert _label("Zoë received the parking directions.", failed) == "contradicted"
    # hard negative: a detail the receipt gives otherwise still decides
    merge = _item("branch.merge teaching-notes: cancelled by host, conflicts in notes/",
                  action="branch.merge", target="teaching-notes", status="cancelled")  # fmt: skip
    assert _label("The teaching-notes merge had no conflicts.", merge) == "contradicted"


def test_a_clause_beside_a_plan_states_what_happened() -> None:
    said = _item("Merci — the essay draft arrived, I'll read it tonight.", kind="message",
                 **{"from": "elodie", "to": "vojan"})  # fmt: skip
    assert _label("Élodie received the essay draft.", said) == "supported"
    assert _label("The essay draft never reached Élodie.", said) == "contradicted"
    # hard negative: the plan itself is still no outcome
    assert _label("Élodie has read the essay draft.", said) == "unsupported"


def test_a_time_bound_is_read_against_the_items_time() -> None:
    sent = _item("message.send to zuzana: reading list for seminar 6, delivered",
                 at="2026-11-04T18:30:00+01:00", action="message.send", target="zuzana",
                 status="succeeded")  # fmt: skip
    before = "Zuzana was sent the seminar 6 list before 18:00 UTC on 4 Nov."
    assert _label(before, sent) == "supported"  # 17:30 UTC
    assert _label(before.replace("was sent", "was not sent"), sent) == "contradicted"
    # hard negatives: a bound it misses, and a time the item's text gives for the act
    assert (
        _label("Zuzana was sent the seminar 6 list before 17:00 UTC on 4 Nov.", sent)
        == "contradicted"
    )
    sealed = _item("provenance.seal archive-box-7: sealed 07:58", at="2026-10-28T08:00:00Z",
                   action="provenance.seal", target="archive-box-7", status="succeeded")  # fmt: skip
    assert _label("archive-box-7 was sealed before 08:00 on Oct 28.", sealed) == "supported"


def test_a_status_line_may_end_with_a_bare_clock_time() -> None:
    failed = receipt_on_nov20("media.render", "render-0422", "failed", "10:40",
                              "media.render render-0422: out of memory at frame 17")  # fmt: skip
    assert lexical_invented("render-0422: completed 10:40", [failed], TODAY, field="claims")
    # hard negative: the render that did complete then
    done = receipt_on_nov20("media.render", "render-0422", "succeeded", "10:40")
    assert not lexical_invented("render-0422: completed 10:40", [done], TODAY, field="claims")


def test_an_outcome_said_to_be_unknown_answers_neither_way() -> None:
    relay = _item("Relay to Søren timed out at 14:02 with the ledger scans attached; delivery "
                  "state unknown.", kind="history")  # fmt: skip
    assert _label("The ledger scans were delivered to Søren.", relay) == "unsupported"
    assert _label("The ledger scans were not delivered to Søren.", relay) == "unsupported"
    # hard negatives: what happened on the way stands, and without "unknown" the timeout decides
    assert _label("The relay to Søren timed out.", relay) == "supported"
    timed_out = _item("Relay to Søren timed out at 14:02 with the ledger scans attached.",
                      kind="history")  # fmt: skip
    assert _label("The ledger scans were delivered to Søren.", timed_out) == "contradicted"


def test_a_redo_named_as_a_line_to_strike_is_declined() -> None:
    settled = ["thread:priya-room"]
    for said in ("The draft proposes re-notifying Priya; recommend dropping that line.",
                 "Priya confirmed on the 16th, so the re-notify line should go."):  # fmt: skip
        assert reopens_sentence(said, settled, [], TODAY)[0] is False, said
    # hard negatives: a redo proposed outright, and one beside a line that goes elsewhere
    assert reopens_sentence("Re-notify Priya about the room.", settled, [], TODAY)[0] is True
    keep = "Re-notify Priya about the room; the greeting line should go."
    assert reopens_sentence(keep, settled, [], TODAY)[0] is True
