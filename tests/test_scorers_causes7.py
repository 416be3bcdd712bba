"""Labelled examples for the causes of misses and false alarms found on held-out sets 3 to 7,
each with hard negatives. Written in other words than the sets' lines: the point is the rule,
not the sentences it was found on.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tests.scorers_helpers import ReceiptSpec, lexical_invented

RECORDED = datetime(2026, 11, 24, 18, 0, tzinfo=UTC)
Spec = ReceiptSpec


def _invented(sentence: str, *specs: Spec, field: str = "summary") -> bool:
    return lexical_invented(sentence, specs, RECORDED, field=field, agent="uhdim")


SEAL_WILLOW: Spec = ("provenance.seal", "archive-willow", "succeeded", "2026-11-24T16:00:00Z", "")
REG_WILLOW: Spec = ("registry.register", "archive-willow", "succeeded", "2026-11-23T12:00:00Z", "")


@pytest.mark.parametrize(
    ("sentence", "specs", "invented"),
    [
        # a capitalised hyphenated name is the target it spells, word for word
        ("Archive-willow was sealed this afternoon.", (SEAL_WILLOW,), False),
        ("Archive-willow's new manifest was registered yesterday.", (REG_WILLOW,), False),
        # ... and another hyphenated name is still another target
        ("Archive-birch was sealed this afternoon.", (SEAL_WILLOW,), True),
        ("Archive-willow was sealed this afternoon.", (REG_WILLOW,), True),
    ],
)
def test_hyphenated_names_are_their_targets(
    sentence: str, specs: tuple[Spec, ...], invented: bool
) -> None:
    assert _invented(sentence, *specs) is invented
