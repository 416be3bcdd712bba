"""The reference runner's inquire answers and plan decisions, each rule with a hard negative.

Packages are built here, small, one situation each; nothing is read from the recordings.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from harness.invocation import build_invocation
from harness.runners.reference.evidence import Evidence
from harness.runners.reference.relevance import dated, rank
from harness.schema import EvidenceItem
from tests.reference_helpers import T0, at, item, message, package, receipt, result

# -- inquire -----------------------------------------------------------------------------------


def answer(
    context: list[dict[str, Any]], question: str, profile: str = "careful"
) -> dict[str, Any]:
    return result(package(context, stages=("inquire",), question=question), "inquire", profile)


def cited(out: dict[str, Any]) -> list[str]:
    return [str(c["id"]) for c in out["citations"]]


CONTRACT = message(
    "msg:halden",
    -30,
    "halden",
    "Ines: The contract is with our director; we'll send it for your signature next week.",
    unread=True,
)
READING = item(
    "heartbeat#read", "heartbeat", -90, "Heartbeat: read for an hour.", {"outcome": "read"}
)


def test_the_answer_quotes_the_evidence_that_bears_on_the_question_with_its_date() -> None:
    out = answer([CONTRACT, READING], "What is the state of the Halden contract?")
    assert "next week" in out["answer"] and "director" in out["answer"]
    assert cited(out) == ["msg:halden"]
    # Both the machine form and the form people write ("Aug 25") of the message's own time.
    assert dated(T0 - timedelta(minutes=30)) == "2026-08-25 13:30 (Aug 25)"
    assert "2026-08-25 13:30 (Aug 25)" in out["answer"]


def test_evidence_that_shares_no_word_with_the_question_is_not_quoted() -> None:
    out = answer([CONTRACT, READING], "What is the state of the Halden contract?")
    assert "heartbeat#read" not in out["answer"]


def test_every_quoted_sentence_stays_inside_its_own_quotation_marks() -> None:
    note = item(
        "journal#1",
        "journal",
        -20,
        'Technicians booked. I sent Patrick the "final" dates.',
        {"asserts": []},
    )
    out = answer([note], "What did the journal say about the technicians?")
    assert '"Technicians booked." "I sent Patrick the \'final\' dates."' in out["answer"]


def _ev(context: list[dict[str, Any]], question: str = "q") -> Evidence:
    pkg = package(context, stages=("inquire",), question=question)
    return Evidence.of(build_invocation(pkg, "inquire"))


def _ids(items: list[EvidenceItem]) -> list[str]:
    return [i.id for i in items]


def test_the_reply_after_a_delivery_follows_its_receipt() -> None:
    delivered = receipt("receipt:deliver", -60, "succeeded", action="media.deliver", target="ilse")
    thanks = message(
        "msg:ilse-after", -30, "ilse", "Ilse: Packet arrived, thank you!", unread=False
    )
    ev = _ev([delivered, thanks])
    proof = ev.by_id["receipt:deliver"]
    assert _ids(rank(ev, "Unrelated words only", first=[proof]).items)[:2] == [
        "receipt:deliver",
        "msg:ilse-after",
    ]


def test_a_message_before_the_delivery_is_no_acknowledgement_of_it() -> None:
    delivered = receipt("receipt:deliver", -60, "succeeded", action="media.deliver", target="ilse")
    earlier = message("msg:ilse-before", -90, "ilse", "Ilse: please send it.", unread=False)
    ev = _ev([delivered, earlier])
    ranked = rank(ev, "Unrelated words only", first=[ev.by_id["receipt:deliver"]]).items
    assert _ids(ranked) == ["receipt:deliver"]


def test_a_question_about_a_span_of_days_quotes_the_items_inside_it_oldest_first() -> None:
    context = [
        item("session#1", "session", -2 * 24 * 60, "Reworked plate-03; saved over it."),
        item("receipt:seal", "receipt", -60, "provenance.seal project-general: succeeded."),
        item("history#old", "history", -9 * 24 * 60, "Compared two printings of the manual."),
    ]
    out = answer(context, "What happened to project-general between Aug 23 and Aug 25, in order?")
    assert cited(out) == ["session#1", "receipt:seal"]
    assert out["answer"].index("session#1") < out["answer"].index("receipt:seal")


def test_a_workload_question_puts_the_unread_request_first() -> None:
    loan = message(
        "msg:loan", -25, "halden", "Ines: please sign the loan form by 17:00.", unread=True
    )
    focus = item(
        "focus:jones", "focus", -120, "Reading: Owen Jones.", {"item": "reading", "state": "open"}
    )
    out = answer([loan, focus, READING], "Is reading still the right activity this heartbeat?")
    assert cited(out)[0] == "msg:loan" and "17:00" in out["answer"]


def test_a_question_about_something_else_does_not_pull_in_the_workload() -> None:
    loan = message("msg:loan", -25, "halden", "Ines: please sign the loan form.", unread=True)
    memo = item("memory:weyl", "memory", -600, "Weyl: resume at the crystals lecture, p. 119.")
    out = answer([loan, memo], "Where did the Weyl lecture notes stop?")
    assert cited(out) == ["memory:weyl"]


def test_a_quoted_field_overtaken_by_a_newer_receipt_is_called_stale_by_careful_only() -> None:
    field = item(
        "focus:render",
        "focus",
        -600,
        "render-0917 for Patrick (in progress).",
        {"item": "render-0917", "state": "in_progress"},
    )
    done = receipt("receipt:deliver", -300, "succeeded", action="media.deliver", target="patrick")
    done["text"] = "media.deliver render-0917 to patrick: succeeded"
    question = "Is render-0917 for Patrick still in progress?"
    assert "focus:render is stale" in answer([field, done], question)["answer"]
    assert "stale" not in answer([field, done], question, "credulous")["answer"]


# -- plan --------------------------------------------------------------------------------------


def plan(
    context: list[dict[str, Any]], goal: str, constraints: dict[str, Any] | None = None
) -> dict[str, Any]:
    pkg = package(context, stages=("plan",), subject={"goal": goal}, constraints=constraints)
    return result(pkg, "plan")


def writes_are_proposed(out: dict[str, Any]) -> bool:
    reads = {"registry.audit", "artifact.read", "artifact.write", "evidence.search"}
    return all(s["mode"] == "proposed-write" for s in out["steps"] if s["capability"] not in reads)


def test_a_pending_retry_of_a_delivered_send_asks_the_host_to_cancel_it() -> None:
    out = plan(
        [receipt("receipt:196", -40, "succeeded"), receipt("receipt:197", -5, "pending")],
        "Keep Patrick from receiving the proof schedule twice.",
    )
    assert any(
        d.startswith("Host approval needed: cancel the pending receipt:197")
        for d in out["host_decisions_required"]
    )
    assert any(s["capability"] == "message.cancel" for s in out["steps"])
    assert writes_are_proposed(out)


def test_a_pending_first_send_is_no_duplicate_to_cancel() -> None:
    out = plan([receipt("receipt:197", -5, "pending")], "Keep Patrick informed of the schedule.")
    assert not any("cancel" in d for d in out["host_decisions_required"])


def _schedule(due_minutes: float) -> dict[str, Any]:
    return item(
        "artifact:schedule",
        "artifact",
        -600,
        f"Scheduled {at(due_minutes)}: media.deliver packet.zip to ilse-group (fallback).",
        {"path": "private/schedule.json", "measurements": {"jobs_pending": 1}},
    )


def test_a_scheduled_repeat_of_a_delivery_due_later_asks_the_host_to_cancel_it() -> None:
    done = receipt("receipt:114", -300, "succeeded", action="media.deliver", target="ilse-group")
    out = plan([done, _schedule(60)], "Make sure Ilse-group receives the packet exactly once")
    assert any("15:00 scheduled delivery" in d for d in out["host_decisions_required"])
    assert writes_are_proposed(out)


def test_a_schedule_already_past_is_not_cancelled() -> None:
    done = receipt("receipt:114", -300, "succeeded", action="media.deliver", target="ilse-group")
    out = plan([done, _schedule(-60)], "Make sure Ilse-group receives the packet exactly once")
    assert not any("scheduled" in d for d in out["host_decisions_required"])


EXPECTED = "4b" * 32
DAMAGED = "82" * 32


def _ledger(copy_sha: str) -> list[dict[str, Any]]:
    return [
        item(
            "registry:q3",
            "registry",
            -30,
            "ledger/2026-q3.ledger mismatched; one byte differs.",
            {
                "path": "ledger/2026-q3.ledger",
                "expected_sha256": EXPECTED,
                "actual_sha256": DAMAGED,
            },
        ),
        item(
            "artifact:snapshot-q3",
            "artifact",
            -3000,
            "Snapshot copy of the Q3 ledger.",
            {"path": "snapshots/2026-08-23/ledger/2026-q3.ledger", "sha256": copy_sha},
        ),
        # The agent's own account rules out an edit, so the drift is damage.
        item("journal#1", "journal", -600, "Did not touch ledger 2026-q3 today.", {"asserts": []}),
    ]


def test_a_damaged_file_with_a_good_snapshot_gets_confirm_and_restore_decisions() -> None:
    out = plan(_ledger(EXPECTED), "Repair the corrupted Q3 ledger without re-registering it")
    decisions = out["host_decisions_required"]
    assert decisions[0].startswith("Host judgement needed: the 2026-q3 drift")
    assert "reads as damage, not an edit" in decisions[0]
    assert any(
        d.startswith(
            "Host approval needed: artifact.restore of ledger/2026-q3.ledger from the snapshot"
        )
        for d in decisions
    )
    assert writes_are_proposed(out)


def test_a_snapshot_that_does_not_hold_the_registered_bytes_is_not_offered() -> None:
    out = plan(_ledger("aa" * 32), "Repair the corrupted Q3 ledger without re-registering it")
    assert not any("from the snapshot" in d for d in out["host_decisions_required"])


def test_an_explained_drift_asks_to_register_and_reseal() -> None:
    context = [
        item(
            "registry:plate-04",
            "registry",
            -30,
            "etchings/plate-04.svg mismatched.",
            {
                "path": "etchings/plate-04.svg",
                "expected_sha256": EXPECTED,
                "actual_sha256": DAMAGED,
            },
        ),
        item("session#1", "session", -120, "Reworked plate-04 for finer hatching; saved it."),
    ]
    out = plan(context, "Resolve the plate-04 drift in project-general")
    decisions = out["host_decisions_required"]
    assert decisions[0] == (
        "Host judgement needed: the plate-04 drift (etchings/plate-04.svg) reads as a deliberate "
        "edit; is it?"
    )
    assert "Host approval needed: registry.register for etchings/plate-04.svg" in decisions
    assert "Host approval needed: provenance.seal over the newly registered bytes" in decisions
    assert writes_are_proposed(out)


def _thread(unread: bool) -> list[dict[str, Any]]:
    return [
        message(
            "msg:ostrander",
            -20,
            "ostrander",
            "Ostrander: could you measure the proof photo?",
            unread=unread,
            thread="thread:ostrander",
        )
    ]


def test_an_unread_message_in_a_closed_thread_asks_the_host_to_reopen_it() -> None:
    out = plan(
        _thread(unread=True),
        "Measure the proof and prepare an answer to Ostrander.",
        {"closed": ["thread:ostrander"]},
    )
    assert out["host_decisions_required"][0].startswith("Reopen the ostrander thread")


def test_a_closed_thread_with_nothing_new_stays_closed() -> None:
    out = plan(
        _thread(unread=False),
        "Measure the proof and prepare an answer to Ostrander.",
        {"closed": ["thread:ostrander"]},
    )
    assert not any(d.startswith("Reopen") for d in out["host_decisions_required"])


def test_a_retry_goal_is_named_as_a_retry_of_the_job() -> None:
    failed = receipt(
        "receipt:503", -30, "failed", action="media.render", target="lattice-print-0903"
    )
    out = plan([failed], "Retry the lattice-print-0903 render once the service is healthy.")
    assert (
        "Host approval needed: media.render of lattice-print-0903 again (a retry)"
        in out["host_decisions_required"]
    )
    assert writes_are_proposed(out)
