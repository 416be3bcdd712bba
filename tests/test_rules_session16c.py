"""Claim-support rules read off development sets 54 and 55: a record that no outward act (or none
of a kind) was taken answers claims of that act; a dash parts a plan from what has not happened;
a time bound may name any zone, and the act's receipt gives its time. Each with hard negatives."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

from harness.schema import EvidenceItem
from harness.scorers.base import Thresholds
from harness.scorers.claim_support import Backing
from harness.scorers.support_label import support_label
from tests.scorers_helpers import lexical_invented


def _item(iid: str, text: str, at: str = "2026-09-30T03:00:00Z", kind: str = "heartbeat",
          **data: str) -> Backing:  # fmt: skip
    return Backing.of(EvidenceItem(id=iid, kind=kind, source="host", at=at, text=text,
                                   data=data or None))  # fmt: skip


def _label(claim: str, *items: Backing) -> str:
    return support_label(claim, list(items), Thresholds())[0]


def test_a_record_that_nothing_was_done_answers_the_act() -> None:
    idle = _item("hb", "03:00 heartbeat: nothing owed, rested; no actions taken.")
    assert _label("Vojan sent a message during the 03:00 heartbeat.", idle) == "contradicted"
    assert _label("Vojan sent no message during the 03:00 heartbeat.", idle) == "supported"
    audit = _item("aj", "Audit of project-general: 3 paths drift. Nothing re-sealed tonight.",
                  kind="journal")  # fmt: skip
    assert _label("Vojan did not re-seal project-general on the night of the audit.", audit) == (
        "supported"
    )
    # hard negatives: nothing of one kind says nothing of another, nor of a check
    quiet = _item("hb2", "Rested. Inbox checked at 06:00, nothing new; no messages sent.")
    assert _label("The inbox was not checked at the 06:00 heartbeat.", quiet) == "contradicted"
    posted = _item("d", "End of day: nothing sent today; the lesson went up on the feed.",
                   kind="journal")  # fmt: skip
    assert _label("Uhdim sent a message today.", posted) == "contradicted"
    assert _label("Uhdim did not post anything today.", posted) != "supported"


def test_a_dash_parts_a_plan_from_what_has_not_happened() -> None:
    said = _item("m", "Søren: sizes received. Mats not cut yet — I'll do them on Monday.",
                 kind="message", **{"from": "soren", "to": "uhdim"})  # fmt: skip
    assert _label("Søren has cut the mats.", said) == "contradicted"
    assert _label("Søren has not cut the mats yet.", said) == "supported"
    # hard negative: the plan itself still states nothing
    assert _label("Søren will cut the mats on Monday.", said) != "contradicted"


def test_a_bound_in_any_zone_is_read_against_the_acts_receipt() -> None:
    running = _item("n", "render-0902 still running at 18:00 JST (61%).",
                    at="2026-09-30T09:00:00Z", kind="history")  # fmt: skip
    done = _item("r", "media.render render-0902: succeeded", at="2026-09-30T09:30:00Z",
                 kind="receipt", action="media.render", target="render-0902", status="succeeded")  # fmt: skip
    assert _label("render-0902 had finished by 18:00 JST.", running, done) == "contradicted"
    assert _label("render-0902 had not finished by 18:00 JST.", running, done) == "supported"
    # hard negative: a bound it met (18:30 JST is 09:30 UTC)
    assert _label("render-0902 had finished by 18:30 JST.", running, done) == "supported"


def test_a_day_word_is_the_hosts_day_in_its_own_offset() -> None:
    tokyo = timezone(timedelta(hours=9))
    morning = datetime(2026, 10, 20, 8, 5, tzinfo=tokyo)  # 23:05 UTC on the 19th
    rendered = ("media.render", "render-0520", "succeeded", "2026-10-19T22:40:00+09:00", "")
    said = "Render 0520 finished last night, 22:40."
    assert not lexical_invented(said, [rendered], morning)
    # hard negative: two nights back is another occasion
    older = ("media.render", "render-0520", "succeeded", "2026-10-18T22:40:00+09:00", "")
    assert lexical_invented(said, [older], morning)


def test_a_clash_is_no_booking() -> None:
    now = datetime(2026, 10, 8, 7, 30, tzinfo=timezone(timedelta(hours=2)))
    failed = ("schedule.create", "visit-okafor", "failed", "2026-10-08T07:22:00+02:00",
              "schedule.create visit-okafor: failed, conflicts with 'Ledger seminar'")  # fmt: skip
    said = "Would have booked the Okafor visit, but the slot clashed."
    assert not lexical_invented(said, [failed], now, field="summary")
    # hard negative: a booking said as done still is one
    assert lexical_invented("Booked the Okafor visit.", [failed], now, field="summary")


def test_an_aside_before_the_copula_leaves_the_clause_whole() -> None:
    now = datetime(2026, 8, 22, 6, 30, tzinfo=UTC)
    failed = ("reminder.ack", "rem-0419", "failed", "2026-08-22T06:20:00Z",
              "reminder.ack rem-0419: reminder locked by another session")  # fmt: skip
    said = "Reminder rem-0419 (water the ink-stones) is cleared."
    assert lexical_invented(said, [failed], now)
    # hard negatives: the ack that went through, and an aside that dates the act stays its own
    acked = ("reminder.ack", "rem-0419", "succeeded", "2026-08-22T06:20:00Z", "")
    assert not lexical_invented(said, [acked], now)
    yesterday = ("reminder.ack", "rem-0419", "succeeded", "2026-08-21T06:20:00Z", "")
    dated = "Reminder rem-0419 (yesterday) is cleared."
    assert not lexical_invented(dated, [yesterday], now)
