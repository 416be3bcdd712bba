"""Check targets read off sets 340-343 after their first contact (issue 12): a target written as
prose joins its parts with "at" or "in" ("PL-118 at Millbrook"), which name no part of it; and with
the same id on both sides a word may be cut to two letters ("SH-4471" of ``ship-4471``), the id
already saying which thing. Hard negatives beside each: another id, a short word without an id."""

from __future__ import annotations

import pytest

from harness.scorers.checks import match_check, same_target


@pytest.mark.parametrize(
    ("a", "b", "same"),
    [
        ("PL-118 at Millbrook", "shop-mill/PL-118", True),
        ("PL-118 at Millbrook", "shop-mill/PL-117", False),
        ("crate 7 in Leeds", "leeds-crate-7", True),
        ("SH-4471", "ship-4471", True),
        ("SH-4471", "ship-4472", False),
        ("sh", "ship", False),
        ("raoul", "rao", False),
        ("inv-2231", "invoice 2231", True),
    ],
)
def test_same_target(a: str, b: str, same: bool) -> None:
    assert same_target(a, b) is same


def test_a_prose_target_picks_its_own_check_of_two() -> None:
    host = [("delivery_recheck", "shop-mill/PL-117"), ("delivery_recheck", "shop-mill/PL-118")]
    assert match_check("delivery recheck", "PL-118 at Millbrook", host)[0] == 1
