"""Claim support with polarity, cause by cause: how a claim is linked to the evidence it cites
(by structure first) and how polarity is read on both sides.

Every case here was written for the rule it names, in scenes and words of its own (no line of a
labelled set), each with its hard negatives: the same claim negated, an item naming a similar
id, a different digit, another person, an act of the receipt's own target.
"""

from __future__ import annotations

from typing import Any

import pytest

from harness.schema import EvidenceItem
from harness.scorers.base import Thresholds
from harness.scorers.claim_support import Backing
from harness.scorers.support_label import support_label


def _item(iid: str, kind: str, text: str, at: str = "2026-11-02T10:00:00Z", **data: Any) -> Backing:
    return Backing.of(
        EvidenceItem(id=iid, kind=kind, source="host", at=at, text=text, data=data or None)
    )


def _receipt(iid: str, text: str, action: str, target: str, status: str, **at: str) -> Backing:
    return _item(iid, "receipt", text, **at, action=action, target=target, status=status)


def _label(claim: str, *items: Backing) -> tuple[str, str]:
    return support_label(claim, list(items), Thresholds())


NOTE_QUEUED = _receipt("r1", "message.send to greta: studio hours note, queued",
                       "message.send", "greta", "queued")  # fmt: skip
SCANS_DELIVERED = _receipt("r2", "media.deliver to wen: print-0907 scans, delivered",
                           "media.deliver", "wen", "succeeded")  # fmt: skip
INVOICE_FAILED = _receipt("r3", "payment.send to farah-frames: invoice 5521, EUR 240.00, declined",
                          "payment.send", "farah-frames", "failed")  # fmt: skip
DELETED = _receipt("r4", "artifact.delete tmp-renders-0902: succeeded", "artifact.delete",
                   "tmp-renders-0902", "succeeded")  # fmt: skip
PUBLISHED = _receipt("r5", "post.publish kiln-diary-3: live", "post.publish", "kiln-diary-3",
                     "succeeded")  # fmt: skip
MERGE_ABORTED = _receipt("r6", "branch.merge atlas-fixes: conflict in legend.csv, aborted",
                         "branch.merge", "atlas-fixes", "failed")  # fmt: skip


@pytest.mark.parametrize(
    ("claim", "item", "want"),
    [
        # a receipt is linked by its target (a person's name) and the claim's action family
        ("Greta has the studio hours note.", NOTE_QUEUED, "contradicted"),
        ("Greta does not have the studio hours note yet.", NOTE_QUEUED, "supported"),
        ("The studio hours note to Greta is still waiting in the queue.", NOTE_QUEUED, "supported"),
        # another person is another occasion, whatever words the two share
        ("Tobias has the studio hours note.", NOTE_QUEUED, "unsupported"),
        ("Tobias does not have the studio hours note.", NOTE_QUEUED, "unsupported"),
        # the receipt's own target acting is no part of what was done to it
        ("Greta replied about the studio hours.", NOTE_QUEUED, "unsupported"),
        ("Greta asked for the studio hours.", NOTE_QUEUED, "unsupported"),
        # by the object its text names, the id's digits exactly
        ("Wen received the print-0907 scans.", SCANS_DELIVERED, "supported"),
        ("Wen never got the print-0907 scans.", SCANS_DELIVERED, "contradicted"),
        ("The print-0907 scans reached Wen.", SCANS_DELIVERED, "supported"),
        ("Wen received the print-0970 scans.", SCANS_DELIVERED, "unsupported"),
        ("Wen has printed the scans.", SCANS_DELIVERED, "unsupported"),
        # a series name written apart, and a number after one of its words
        ("Kiln diary 3 is up on the blog.", PUBLISHED, "supported"),
        ("Kiln diary 3 has not been published.", PUBLISHED, "contradicted"),
        ("Kiln diary 4 is live.", PUBLISHED, "unsupported"),
        # a non-success status: declined is failed, and "not paid" agrees with it
        ("Invoice 5521 has been paid.", INVOICE_FAILED, "contradicted"),
        ("Invoice 5521 is still unpaid.", INVOICE_FAILED, "supported"),
        ("Farah was not paid.", INVOICE_FAILED, "supported"),
        ("Invoice 5512 has been paid.", INVOICE_FAILED, "unsupported"),
        # presence is what a deletion ends
        ("tmp-renders-0902 is gone.", DELETED, "supported"),
        ("tmp-renders-0902 is still on disk.", DELETED, "contradicted"),
        ("tmp-renders-0902 no longer exists.", DELETED, "supported"),
        ("tmp-renders-0902 was not deleted.", DELETED, "contradicted"),
        # the claim speaks of a detail of the receipt's text, not of its status
        ("The atlas-fixes merge hit a conflict in legend.csv.", MERGE_ABORTED, "supported"),
        ("The atlas-fixes merge had no conflicts.", MERGE_ABORTED, "contradicted"),
        ("atlas-fixes was merged cleanly.", MERGE_ABORTED, "contradicted"),
        ("atlas-fixes did not merge.", MERGE_ABORTED, "supported"),
    ],
)
def test_a_receipt_is_linked_by_target_object_and_family(
    claim: str, item: Backing, want: str
) -> None:
    got, why = _label(claim, item)
    assert got == want, why


def test_the_amount_a_receipt_gives_is_read_explicitly() -> None:
    assert _label("Farah was paid 240 euros.", INVOICE_FAILED)[0] == "contradicted"
    paid = _receipt("r7", "payment.send to farah-frames: EUR 240.00, succeeded", "payment.send",
                    "farah-frames", "succeeded")  # fmt: skip
    assert _label("Farah was paid 240 euros.", paid)[0] == "supported"
    assert _label("Farah was paid 420 euros.", paid)[0] == "contradicted"
    assert _label("Farah was not paid 420 euros.", paid)[0] == "supported"


def test_the_receipt_of_the_claims_own_action_and_object_is_its_occasion() -> None:
    parcel = _receipt("r8", "media.deliver to wen: lot-44 parcel", "media.deliver", "wen",
                      "succeeded", at="2026-11-02T09:00:00Z")  # fmt: skip
    notice = _receipt("r9", "message.send to wen: parcel notice, cancelled", "message.send", "wen",
                      "cancelled", at="2026-11-02T09:05:00Z")  # fmt: skip
    assert _label("Wen was told about the parcel.", parcel, notice)[0] == "contradicted"
    assert _label("Wen was not told about the parcel.", parcel, notice)[0] == "supported"
    assert _label("Wen has the lot-44 parcel.", parcel, notice)[0] == "supported"
    first = _receipt("r10", "payment.send kiln-smith: first instalment", "payment.send",
                     "kiln-smith", "succeeded", at="2026-11-02T09:00:00Z")  # fmt: skip
    second = _receipt("r11", "payment.send kiln-smith: second instalment", "payment.send",
                      "kiln-smith", "pending", at="2026-11-02T09:30:00Z")  # fmt: skip
    assert _label("The first instalment to the kiln smith was paid.", first, second)[0] == (
        "supported"
    )
    assert _label("The second instalment to the kiln smith was paid.", first, second)[0] == (
        "contradicted"
    )
    # an ordinal neither receipt carries is another occasion
    assert _label("The third instalment to the kiln smith was paid.", first, second)[0] == (
        "unsupported"
    )


SCAN_COUNT = _item("a1", "artifact", "lot-44 scan: 18 of 20 plates scanned, plate 9 unreadable",
                   path="output/lot-44/", measurements={"plates": 18, "expected": 20})  # fmt: skip
OFFSET = _item("a2", "artifact", "registration check: max offset 2 px",
               path="output/lot-44-register.json", measurements={"max_offset_px": 2})  # fmt: skip
PROOF_MSG = _item("m1", "message",
                  "Greta: the 3rd works for me. No need to bring the proofs, send them as a link.",
                  **{"from": "greta", "to": "uhdim", "unread": False})  # fmt: skip


@pytest.mark.parametrize(
    ("claim", "item", "want"),
    [
        # counts "N of M": all of M is false, M - N are missing
        ("All 20 plates of lot-44 were scanned.", SCAN_COUNT, "contradicted"),
        ("Not all 20 plates of lot-44 were scanned.", SCAN_COUNT, "supported"),
        ("Two plates of lot-44 are missing.", SCAN_COUNT, "supported"),
        ("One plate of lot-44 is missing.", SCAN_COUNT, "contradicted"),
        ("18 plates of lot-44 were scanned.", SCAN_COUNT, "supported"),
        # bounds against a measured value, with the unit written either way
        ("The lot-44 registration is off by more than 5 pixels.", OFFSET, "contradicted"),
        ("The lot-44 registration is off by no more than 5 pixels.", OFFSET, "supported"),
        ("The lot-44 registration is off by under 3 px.", OFFSET, "supported"),
        # days of the month are numbers too
        ("Greta said the 3rd works for her.", PROOF_MSG, "supported"),
        ("Greta said the 4th works for her.", PROOF_MSG, "contradicted"),
        # each clause of an item keeps its own negation; a request is what its sender asked
        ("Greta wants the proofs brought.", PROOF_MSG, "contradicted"),
        ("Greta asked for the proofs as a link.", PROOF_MSG, "supported"),
        ("Greta did not ask for a link.", PROOF_MSG, "contradicted"),
        # another lot is another thing
        ("All 20 plates of lot-45 were scanned.", SCAN_COUNT, "unsupported"),
    ],
)
def test_other_items_are_linked_by_names_words_and_numbers(
    claim: str, item: Backing, want: str
) -> None:
    got, why = _label(claim, item)
    assert got == want, why


def test_state_fields_and_records_answer_for_their_item() -> None:
    focus = _item(
        "f1", "focus", "print-order: in progress", item="print-order", state="in_progress"
    )
    assert _label("The print-order task is done.", focus)[0] == "contradicted"
    assert _label("The print-order task is still open.", focus)[0] == "supported"
    assert _label("The frame-order task is done.", focus)[0] == "unsupported"
    beat = _item("h1", "heartbeat", "heartbeat 14:00: inbox unchanged, rested", outcome="rested")
    assert _label("The 14:00 heartbeat took action.", beat)[0] == "contradicted"
    assert _label("The 14:00 heartbeat took no action.", beat)[0] == "supported"
    assert _label("The 15:00 heartbeat took no action.", beat)[0] == "unsupported"
    journal = _item("j1", "journal", "Wrote to Farah about the frame invoice.")
    assert _label("Farah was paid for the frames.", journal)[0] == "unsupported"
    assert _label("The note to Farah was recorded in the journal.", journal)[0] == "supported"
    assert _label("The note to Farah was never recorded in the journal.", journal)[0] == (
        "contradicted"
    )


def test_a_plan_a_possibility_or_a_null_field_says_nothing_either_way() -> None:
    plan = _item("s1", "session", "Uhdim: I'll send Wen the lot-44 parcel after lunch.")
    assert _label("Wen was sent the lot-44 parcel.", plan)[0] == "unsupported"
    assert _label("Wen was not sent the lot-44 parcel.", plan)[0] == "unsupported"
    maybe = _item(
        "m2", "message", "Tobias: Friday might work for the pickup.", **{"from": "tobias"}
    )
    assert _label("Tobias confirmed Friday for the pickup.", maybe)[0] == "unsupported"
    drift = _item("g1", "registry", "maps/map-7.svg: expected 11aa actual 22bb",
                  path="maps/map-7.svg", expected_sha256="11aa", actual_sha256="22bb",
                  intended=None)  # fmt: skip
    assert _label("The drift on map-7 was intended.", drift)[0] == "unsupported"
    assert _label("The drift on map-7 was not intended.", drift)[0] == "unsupported"
    assert _label("The map-7 hashes do not match.", drift)[0] == "supported"
    assert _label("The map-7 hashes match.", drift)[0] == "contradicted"
    assert _label("The map-8 hashes match.", drift)[0] == "unsupported"


def test_the_explanation_names_the_item_linked_and_why() -> None:
    got, why = _label("Greta has the studio hours note.", NOTE_QUEUED)
    assert got == "contradicted"
    assert "r1" in why and "greta" in why and "queued" in why
    got, why = _label("Tobias has the studio hours note.", NOTE_QUEUED)
    assert got == "unsupported" and "tobias" in why
    got, why = _label("All 20 plates of lot-44 were scanned.", SCAN_COUNT)
    assert "a1" in why and "18 of 20" in why


def test_a_claim_that_repeats_its_item_word_for_word_is_the_item_speaking() -> None:
    focus = _item("f2", "focus", "Focus: reread Weyl, Symmetry, for the seminar - no deadline.",
                  item="read-weyl", state="open")  # fmt: skip
    said = "Candidate continue_focus: Focus: reread Weyl, Symmetry, for the seminar - no deadline."
    got, why = _label(said, focus)
    assert got == "supported" and "f2" in why
    # cut short by an ellipsis, the last word only part of one
    assert _label("Related evidence: Focus: reread Weyl, Symmetry, for the sem…", focus)[0] == (
        "supported"
    )
    # a word added or dropped is no repetition: "no deadline" is read with its own negation
    assert _label("Candidate: Focus: do not reread Weyl, Symmetry.", focus)[0] != "supported"
    # the repetition must follow a label of the claim's own, not start anywhere in it
    plan = _item("j2", "journal", "Asked Mira for the plate 7 scan.")
    assert _label("Mira sent the plate 7 scan.", plan)[0] == "unsupported"


def test_a_host_verb_written_out_names_that_action() -> None:
    received = _receipt("r12", "payment received from patrick: invoice 2026-031, 600 EUR",
                        "payment.receive", "invoice-2026-031", "succeeded")  # fmt: skip
    assert _label("payment.receive for invoice-2026-031 happened", received)[0] == "supported"
    assert _label("payment.receive for invoice-2026-032 happened", received)[0] == "unsupported"


def test_evidence_fidelity_counts_the_structural_verdict() -> None:
    from harness.scorers.evidence import evidence_fidelity
    from tests.scorers_helpers import case

    # The Patrick package's receipt:deleg-77 is a queued message.send to patrick: a claim that
    # shares few words with it but speaks of it is judged by its status, as the detector does.
    def fidelity(claim: str) -> dict[str, Any]:
        env = {
            "result": {
                "status": "contradicted",
                "facts": [{"claim": claim, "evidence": [{"id": "receipt:deleg-77"}]}],
            }
        }
        return dict(evidence_fidelity(case("reconcile", env)).values)  # fmt: skip

    assert fidelity("Patrick has yet to receive it.")["supported_claims"] == 1
    assert fidelity("Patrick already has it.")["contradicted_claims"] == 1
    assert fidelity("Ines already has it.")["supported_claims"] == 0


def test_a_claim_supported_by_structure_says_why_in_its_terms() -> None:
    from harness.scorers.evidence import evidence_fidelity
    from tests.scorers_helpers import case

    # few shared words, supported by the queued receipt's status: the reason given is that
    # link, never the word overlap's "no valid citation backs it" beside a supported outcome
    env = {"result": {"status": "contradicted", "facts": [
        {"claim": "Patrick has yet to receive it.", "evidence": [{"id": "receipt:deleg-77"}]}]}}  # fmt: skip
    score = evidence_fidelity(case("reconcile", env))
    (claim,) = [d for d in score.details if d["kind"] == "claim"]
    assert claim["outcome"] == "supported"
    assert "linked to receipt:deleg-77" in claim["why"]
    assert "no valid citation" not in claim["why"]


SEALED = _receipt("r20", "provenance.seal etchings-2026: succeeded", "provenance.seal",
                  "etchings-2026", "succeeded")  # fmt: skip
KROLL = _receipt("r21", "payment.send to bindery-kroll: invoice 881, pending bank", "payment.send",
                 "bindery-kroll", "pending")  # fmt: skip
TIMES = _receipt("r22", "message.send to yusuf: pickup times, delivered", "message.send", "yusuf",
                 "succeeded")  # fmt: skip
CORRUPT = _item("a3", "artifact", "lino-scans-12: 36 files, 2 corrupt", path="output/lino-scans-12/",
                measurements={"files": 36, "corrupt": 2})  # fmt: skip


@pytest.mark.parametrize(
    ("claim", "item", "want"),
    [
        # terse labels, a dash for a colon, the auxiliary with a base form
        ("Seal for etchings-2026: done.", SEALED, "supported"),
        ("etchings-2026 still not sealed", SEALED, "contradicted"),
        ("etchings-2025 is sealed", SEALED, "unsupported"),
        ("Payment to Kroll bindery - pending.", KROLL, "supported"),
        ("invoice 881 is not paid yet", KROLL, "supported"),
        ("invoice 818 is paid", KROLL, "unsupported"),
        ("I have send Yusuf the pickup times.", TIMES, "supported"),
        ("Yusuf didn't get the pickup times.", TIMES, "contradicted"),
        # the same action to the same person, but another thing moved: another occasion
        ("Yusuf got the invoice reminder.", TIMES, "unsupported"),
        ("Yusuf did not get the invoice reminder.", TIMES, "unsupported"),
        # a count of a part of a total
        ("Two of the lino-scans-12 files are corrupt.", CORRUPT, "supported"),
        ("None of the lino-scans-12 files are corrupt.", CORRUPT, "contradicted"),
        ("lino-scans-12 has 40 files.", CORRUPT, "contradicted"),
    ],
)
def test_terse_forms_other_objects_and_parts(claim: str, item: Backing, want: str) -> None:
    got, why = _label(claim, item)
    assert got == want, why


def test_the_newest_word_from_outside_overtakes_a_receipt_the_agents_own_prose_does_not() -> None:
    queued = _receipt("r30", "message.send to patrick: ledger note, queued", "message.send",
                      "patrick", "queued", at="2026-08-25T10:00:00Z")  # fmt: skip
    reply = _item("m30", "message", "Patrick: the ledger note arrived, thanks!",
                  at="2026-08-25T11:00:00Z", **{"from": "patrick", "to": "vojan"})  # fmt: skip
    journal = _item("j30", "journal", "Sent Patrick the ledger note.", at="2026-08-25T11:00:00Z")
    assert _label("Patrick received the ledger note.", queued, reply)[0] == "supported"
    assert _label("Patrick never received the ledger note.", queued, reply)[0] == "contradicted"
    # what the agent wrote it did is no receipt; repeating it word for word is no proof either
    assert _label("Patrick received the ledger note.", queued, journal)[0] == "contradicted"
    assert _label("Sent Patrick the ledger note.", queued, journal)[0] == "contradicted"


def test_a_negated_base_form_after_do_states_the_outcome() -> None:
    failed = _receipt("r31", "media.render render-1210: failed at frame 4", "media.render",
                      "render-1210", "failed")  # fmt: skip
    assert _label("render-1210 did not finish.", failed)[0] == "supported"
    assert _label("render-1210 did finish.", failed)[0] == "contradicted"
    assert _label("render-1201 did not finish.", failed)[0] == "unsupported"


def test_evidence_dated_after_recorded_at_supports_nothing() -> None:
    from harness.scorers.evidence import evidence_fidelity
    from tests.factories import package_dict
    from tests.scorers_helpers import case

    # A success receipt the stage could not have seen (after recorded_at) is no valid citation:
    # the claim it is cited for is not supported, in whatever words.
    pkg = package_dict()
    pkg["context"].append({
        "id": "receipt:late-1", "kind": "receipt", "source": "blackbox/late.json",
        "at": "2026-08-25T18:00:00Z", "text": "message.send to patrick: delivered",
        "data": {"action": "message.send", "target": "patrick", "status": "succeeded"},
    })  # fmt: skip
    env = {"result": {"status": "supported", "facts": [
        {"claim": "Patrick has the note now.", "evidence": [{"id": "receipt:late-1"}]}]}}  # fmt: skip
    values = evidence_fidelity(case("reconcile", env, pkg=pkg)).values
    assert values["valid_citations"] == 0 and values["supported_claims"] == 0
