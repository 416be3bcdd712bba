"""A detector that raises on one line of a labelled set is a bug shown as one: the line is listed
with the error and the exit status says so, while every other line is still measured. And the
claim-support line that raised on first contact (set 216, an id with no head word: "#412") gets a
verdict."""

from __future__ import annotations

from pathlib import Path

import pytest

from harness.calibrate.formats import read_set
from harness.calibrate.judge_lines import judge_set
from harness.detectors.base import SupportQuestion, Verdict
from harness.detectors.lexical import LexicalDetector
from tests.scorers_helpers import receipt_backing, support_verdict

SET = Path(__file__).parent / "data" / "heldout204" / "support.jsonl"


class _RaisesOnOne(LexicalDetector):
    def support(self, q: SupportQuestion) -> Verdict:
        if "Toomas" in q.claim:
            raise IndexError("tuple index out of range")
        return super().support(q)


def test_a_line_the_detector_raises_on_is_listed_and_the_rest_measured() -> None:
    labelled = read_set(SET)
    outcomes, problems = judge_set(labelled, _RaisesOnOne())
    raised = [p for p in problems if "raised IndexError" in p]
    assert raised and all("tuple index out of range" in p for p in raised)
    assert len(outcomes) + len(raised) == len(labelled.lines)


@pytest.mark.parametrize("claim", ["Nobody told the maintainers that #412 landed.",
                                   "The maintainers were told #412 landed."])  # fmt: skip
def test_an_id_with_no_head_word_does_not_raise(claim: str) -> None:
    told = receipt_backing("message.send", "maintainers", "message.send maintainers: 412 is in",
                           "succeeded")  # fmt: skip
    assert support_verdict(claim, told) in ("supported", "contradicted", "unsupported")


def test_an_id_with_no_head_word_is_carried_by_its_number() -> None:
    # read off set 216 after its first contact: "#412" is the receipt's "412"
    told = receipt_backing("message.send", "maintainers", "message.send maintainers: 412 is in",
                           "succeeded")  # fmt: skip
    assert support_verdict("Nobody told the maintainers that #412 landed.", told) == "contradicted"
    assert support_verdict("The maintainers were told #412 landed.", told) == "supported"
    # hard negative: another number is not carried
    assert support_verdict("The maintainers were told #413 landed.", told) != "supported"
