"""tools/real_text_figures.py: counting found and false alarms on real text, and keeping apart the
sentences a training set already holds word for word (a copied placeholder says nothing of the
task)."""

from __future__ import annotations

from harness.calibrate.formats import CompletionLine
from tools.real_text_figures import Figure, sentence_key, split


def _line(n: int, sentence: str, invented: bool) -> CompletionLine:
    return CompletionLine.model_validate(
        {
            "id": f"r{n}",
            "scene": "s",
            "agent": "vojan",
            "recorded_at": "2026-11-03T16:40:00Z",
            "receipts": [],
            "stage": "draft",
            "field": "claim",
            "sentence": sentence,
            "invented": invented,
        }
    )


def test_seen_sentences_are_kept_apart_whatever_their_case_and_spacing() -> None:
    lines = [
        _line(1, "<a claim>", False),
        _line(2, "Sent Mirela the timeline.", True),
        _line(3, "The proofs went to Patrick.", True),
        _line(4, "Nothing was sent.", False),
    ]
    said = {"r1": True, "r2": True, "r3": False, "r4": True}
    every, fresh = split(lines, said, {sentence_key("  <A   claim>")})
    assert every == Figure(found=1, invented=2, false_alarms=2, negatives=2)
    assert fresh == Figure(found=1, invented=2, false_alarms=1, negatives=1)
    assert str(fresh) == "found 1/2, false alarms 1/1"


def test_an_unjudged_line_counts_neither_way() -> None:
    # an infrastructure error is not a verdict (the detector could not judge the line)
    lines = [_line(1, "Sent it.", True), _line(2, "Will send.", False)]
    every, _ = split(lines, {"r2": False}, set())
    assert every == Figure(found=0, invented=0, false_alarms=0, negatives=1)
