"""Reopening read off sets 276-283 after their first contact (issue 12; their check families are
in ``test_checks_session30.py``): "rebuild" and "reinstall" are redos; a redo limited by "only
if" waits for news; the evening of the day a matter settled in the morning is after it."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from harness.schema import EvidenceItem
from harness.scorers.reopening import reopens_sentence

_RENDERED = EvidenceItem(
    id="r1", kind="receipt", source="host/receipts", at="2027-03-01T08:00:00Z",
    text="media.render site-5.1.0: rendered",
    data={"action": "media.render", "target": "site-5.1.0", "status": "succeeded"},
)  # fmt: skip
_REPORT = EvidenceItem(
    id="m1", kind="message", source="inbox", at="2027-03-01T20:00:00Z",
    text="Pia: the 5.1.0 site has broken images on every gallery page, can you rebuild it?",
    data={"from": "pia", "to": "vojan", "thread": "thread:site-images", "unread": True},
)  # fmt: skip
_NOW = datetime(2027, 3, 2, 8, tzinfo=UTC)


@pytest.mark.parametrize(
    ("sentence", "context", "wanted"),
    [
        ("Rebuild the 5.1.0 site once more, to be safe.", [_RENDERED], True),
        ("Reinstall the 5.1.0 site.", [_RENDERED], True),
        # the report came the evening of the morning the render settled: news after it
        ("Rebuild the 5.1.0 site because Pia reported broken images last night.",
         [_RENDERED, _REPORT], False),
        # a redo that waits on news that has not come
        ("The 5.1.0 render is done; I'll only rebuild it if Pia writes.", [_RENDERED], False),
        # hard negative: the same redo without the condition
        ("Rebuild the 5.1.0 site again; Pia may write.", [_RENDERED], True),
    ],
)  # fmt: skip
def test_redos_of_a_settled_render(
    sentence: str, context: list[EvidenceItem], wanted: bool
) -> None:
    reopens, why = reopens_sentence(sentence, ["render:site-5.1.0"], context, _NOW)
    assert reopens is wanted, why
