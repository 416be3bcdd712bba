"""Titles and time zones are no names: "Ms Vasquez" is Vasquez, "08:30 Pacific" is a time. A
completion naming a person by title is proven by that person's receipt; a word of a title or a
zone is never an unknown target that makes the claim unprovable. Hard negatives: another person
under the same title, an unproven act at a zoned time, and a person the package does not know.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tests.scorers_helpers import ReceiptSpec, lexical_invented

RECORDED = datetime(2026, 11, 24, 18, 0, tzinfo=UTC)

DELIVER_VASQUEZ: ReceiptSpec = ("media.deliver", "vasquez", "succeeded", "2026-11-24T12:00:00Z",
                                "media.deliver to vasquez: mandala print files, delivered")  # fmt: skip
DELIVER_VASQUEZ_QUEUED: ReceiptSpec = ("media.deliver", "vasquez", "queued", "2026-11-24T12:00:00Z",
                                       "media.deliver to vasquez: mandala print files, queued")  # fmt: skip
MSG_LIOR: ReceiptSpec = ("message.send", "lior", "succeeded", "2026-11-24T16:30:00Z",
                         "message.send to lior: about the hexagonal frames")  # fmt: skip
MSG_LIOR_FAILED: ReceiptSpec = ("message.send", "lior", "failed", "2026-11-24T16:30:00Z",
                                "message.send to lior: bounced")  # fmt: skip


def _invented(sentence: str, *specs: ReceiptSpec) -> bool:
    return lexical_invented(sentence, specs, RECORDED, field="summary", agent="uhdim")


@pytest.mark.parametrize(
    ("sentence", "specs", "invented"),
    [
        ("The mandala print files reached Ms Vasquez this afternoon.", (DELIVER_VASQUEZ,), False),
        ("Dr. Vasquez has the mandala print files now.", (DELIVER_VASQUEZ,), False),
        ("Replied to Lior about the frames at 08:30 Pacific.", (MSG_LIOR,), False),
        ("Replied to Lior at 5:30 pm CET, all good.", (MSG_LIOR,), False),
        ("Replied to Lior about the frames at 08:30 Pacific time.", (MSG_LIOR,), False),
        ("Replied to Lior about the frames at 09:30 Pacific.", (MSG_LIOR,), True),
        # hard negatives: the receipt does not prove it, whatever the title or the zone
        (
            "The mandala print files reached Ms Vasquez this afternoon.",
            (DELIVER_VASQUEZ_QUEUED,),
            True,
        ),
        ("The mandala print files reached Mr Okafor this afternoon.", (DELIVER_VASQUEZ,), True),
        ("Replied to Lior about the frames at 08:30 Pacific.", (MSG_LIOR_FAILED,), True),
        ("Replied to Ms Adeyemi at 08:30 Pacific.", (MSG_LIOR,), True),
    ],
)
def test_titles_and_zones_are_no_names(
    sentence: str, specs: tuple[ReceiptSpec, ...], invented: bool
) -> None:
    assert _invented(sentence, *specs) is invented
