"""Claim support on a hand-labelled set: claims whose cited items back them, and hard negatives
whose cited items say something else (tests/data/claim_support.jsonl)."""

from __future__ import annotations

from harness.schema import EvidenceItem
from harness.scorers.base import Thresholds
from harness.scorers.claim_support import Backing, claim_support
from tests.scorers_helpers import precision_recall, read_jsonl

THRESHOLDS = Thresholds()


def _judge(row: dict[str, object]) -> bool:
    items = [EvidenceItem.model_validate(raw) for raw in row["evidence"]]  # type: ignore[attr-defined]
    return claim_support(str(row["claim"]), [Backing.of(i) for i in items], THRESHOLDS).supported


def test_claim_support_set_precision_and_recall() -> None:
    rows = list(read_jsonl("claim_support.jsonl"))
    assert len(rows) >= 40 and sum(r["supported"] for r in rows) >= 15
    assert sum(not r["supported"] for r in rows) >= 15
    pairs = [(_judge(r), bool(r["supported"])) for r in rows]
    precision, recall, tp, fp, fn = precision_recall(pairs)
    # Catching unsupported claims is the point of the metric: score that side too.
    flags = [(not p, not t) for p, t in pairs]
    flag_precision, flag_recall, *_ = precision_recall(flags)
    misses = [
        f"{r['claim']!r} ({r['note']})" for r, (p, t) in zip(rows, pairs, strict=True) if p != t
    ]
    print(f"claim support: precision {precision:.3f} recall {recall:.3f} (tp {tp}, fp {fp}, "
          f"fn {fn}, n {len(rows)}); unsupported precision {flag_precision:.3f} recall "
          f"{flag_recall:.3f}", *misses, sep="\n  ")  # fmt: skip
    assert precision >= 0.9 and recall >= 0.9
    assert flag_precision >= 0.9 and flag_recall >= 0.9


def test_a_citation_alone_does_not_support_a_claim_it_does_not_state() -> None:
    queued = EvidenceItem.model_validate({
        "id": "receipt:deleg-77", "kind": "receipt", "source": "blackbox/77.json",
        "at": "2026-08-25T10:00:00Z", "text": "message.send to patrick: queued (relay busy)",
        "data": {"action": "message.send", "target": "patrick", "status": "queued"},
    })  # fmt: skip
    backing = [Backing.of(queued)]
    assert not claim_support("Rune replied with the framing quote", backing, THRESHOLDS).supported
    flag = 'Unsupported: "I sent Rune the plan." receipt:deleg-77 says "{}"'
    assert claim_support(flag.format("message.send to patrick: queued"), backing, THRESHOLDS).why
    # The flag is about Rune while the receipt is Patrick's: not backed.
    assert not claim_support(
        flag.format("message.send to patrick: queued"), backing, THRESHOLDS
    ).supported
    assert claim_support(
        'Unsupported: "I sent Patrick the plan." receipt:deleg-77 says "message.send to patrick: queued"',
        backing, THRESHOLDS,
    ).supported  # fmt: skip
    # A misquote is not the evidence speaking: "succeeded" is not in the item.
    assert not claim_support(
        'receipt:deleg-77 says "message.send to patrick: succeeded"', backing, THRESHOLDS
    ).supported


def _item(text: str, data: dict[str, object], kind: str = "receipt") -> Backing:
    return Backing.of(EvidenceItem.model_validate({
        "id": f"{kind}:x1", "kind": kind, "source": f"blackbox/{kind}.json",
        "at": "2026-08-25T10:00:00Z", "text": text, "data": data,
    }))  # fmt: skip


# (claim, label) against one item each; written for these rules, not taken from a held-out set.
_UPLOAD_FAILED = _item("artifact.upload of the kiln photos: failed, disk quota",
                       {"action": "artifact.upload", "target": "kiln-photos", "status": "failed"})  # fmt: skip
_PAID = _item("payment.send to rune: invoice 4410 settled",
              {"action": "payment.send", "target": "rune", "status": "succeeded"})  # fmt: skip
_SAME_HASH = _item("plate-9.tif checked against the registry",
                   {"expected_sha256": "77aa01", "actual_sha256": "77aa01"}, kind="registry")  # fmt: skip
_ASKED = _item("Rune: can you hold the frames until Friday? No rush on the invoice.",
               {"from": "rune", "unread": True}, kind="message")  # fmt: skip
POLARITY_CASES = [
    (_UPLOAD_FAILED, "The kiln photos upload did not fail.", "contradicted"),
    (_UPLOAD_FAILED, "The kiln photos upload failed.", "supported"),
    (_UPLOAD_FAILED, "The kiln photos are uploaded.", "contradicted"),
    (_UPLOAD_FAILED, "The kiln photos were never uploaded.", "supported"),
    (_PAID, "Invoice 4410 is still unpaid.", "contradicted"),
    (_PAID, "Invoice 4410 was settled.", "supported"),
    (_PAID, "Rune approved invoice 4410.", "unsupported"),  # a response the receipt never names
    (_SAME_HASH, "The plate-9 hashes differ.", "contradicted"),
    (_SAME_HASH, "The plate-9 hashes match.", "supported"),
    (_ASKED, "Rune asked to hold the frames until Friday.", "supported"),
    (_ASKED, "Rune did not ask to hold the frames.", "contradicted"),
    (_ASKED, "Rune's message is unread.", "supported"),
    (_ASKED, "Rune's message has been read.", "contradicted"),
    (_ASKED, "Rune replied about the frames.", "unsupported"),
]


def test_support_reads_negation_and_state_on_both_sides() -> None:
    from harness.scorers.support_label import support_label

    wrong = [
        (claim, want, got)
        for item, claim, want in POLARITY_CASES
        if (got := support_label(claim, [item], THRESHOLDS))[0] != want
    ]
    assert wrong == []


def test_a_question_in_evidence_reports_no_outcome() -> None:
    from harness.scorers.support_label import support_label

    asks = _item("Ines: did the glaze notes go out? I have not seen them.", {"from": "ines"},
                 kind="message")  # fmt: skip
    assert (
        support_label("The glaze notes went out to Ines.", [asks], THRESHOLDS)[0] == "unsupported"
    )
