"""The text kit's quantities and roots: numbers read explicitly (units, counts of a total,
bounds, clock ranges, orders of symmetry, days of the month), ids left to names, and word roots
that meet across forms ("settlement" and "settled")."""

from __future__ import annotations

import pytest

from harness.text.quantities import Quantity, agrees, data_quantities, quantities
from harness.text.roots import root, roots, same_root


def _one(text: str) -> Quantity:
    found = quantities(text)
    assert len(found) == 1, found
    return found[0]


@pytest.mark.parametrize(
    ("text", "value", "relation", "unit"),
    [
        ("paid EUR 180.00", 180, "=", "eur"),
        ("paid 180 euros", 180, "=", "eur"),
        ("a total of SEK 2,400", 2400, "=", "sek"),
        ("an invoice for 2 400 SEK", 2400, "=", "sek"),
        ("max width 60cm please", 60, "=", "cm"),
        ("drifts by no more than 5 pixels", 5, "<=", "px"),
        ("deviation not under 1%", 1, ">=", "%"),
        ("the score is above 0.9", 0.9, ">", None),
        ("shows five-fold symmetry", 5, "=", "order"),
        ("meets on the 14th", 14, "=", "day"),
        ("peak 1238 C", 1238, "=", "deg"),
    ],
)
def test_an_amount_is_read_with_its_bound_and_unit(
    text: str, value: float, relation: str, unit: str | None
) -> None:
    q = _one(text)
    assert (q.value, q.relation, q.unit) == (value, relation, unit)


@pytest.mark.parametrize(
    "text",
    ["render-0412 finished", "invoice 230 was paid", "frame 7 is missing", "sealed on 29 August",
     "tile 4 come at double size", "scan-batch-17 is here"],
)  # fmt: skip
def test_ids_and_dates_are_not_amounts(text: str) -> None:
    assert quantities(text) == ()


def test_counts_of_a_total_and_what_is_missing() -> None:
    written = _one("render-0412: 11 of 12 frames written, frame 7 missing")
    assert (written.value, written.total, written.missing) == (11, 12, False)
    assert agrees(_one("all 12 frames were written"), written) is False
    assert agrees(_one("one frame is missing"), written) is True
    assert agrees(_one("two frames are missing"), written) is False
    assert agrees(_one("11 frames were written"), written) is True
    # another noun counts another thing
    assert agrees(_one("11 pages were written"), written) is None


def test_bounds_values_and_ranges() -> None:
    offset = next(data_quantities({"max_offset_px": 3}))
    assert offset.unit == "px"
    assert agrees(_one("more than 5 pixels"), offset) is False
    assert agrees(_one("no more than 5 pixels"), offset) is True
    assert agrees(_one("more than 5 percent"), offset) is None  # another unit
    width = _one("max width 60cm")
    assert agrees(_one("no wider than 60 cm"), width) is True
    quiet = _one("quiet hours 22:00 to 07:00")
    assert agrees(_one("at 23:30"), quiet) is True
    assert agrees(_one("at 12:30"), quiet) is False
    # a clock time against another clock time names an occasion, not an amount
    assert agrees(_one("at 12:30"), _one("at 12:31")) is None
    # one unit written without a noun, the other with one: "2048 pixels wide" and ``width``
    assert agrees(_one("2048 pixels wide"), next(data_quantities({"width": 2048}))) is True


def test_roots_meet_across_forms_and_classes() -> None:
    assert root("settlement") == root("settled") == root("settles")
    assert root("deletion") == root("deleted")
    assert root("scanned") == root("scan")
    assert root("got") == root("received") == root("arrived")
    assert root("deliberate") == root("intended")
    assert "intend" in roots("Redrew plate 2 on purpose")
    assert same_root(root("archived"), root("archival")) and not same_root("read", "ready")
    # digits are no topic: amounts and ids are compared as such
    assert roots("render-0412 has 24 frames") == {"render-0412", "render", "fram"}
