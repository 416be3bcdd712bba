"""Labelled citations for the rules of the definition that development set 5 found unread: a
citation names exactly one item (two items at one source and instant, or an id and an artifact
naming two, name none), an artifact names an item by id only with no offset, and a quote is the
item's words as written (case and whitespace runs forgiven, nothing else: not a typographic dash
or quotation mark for a plain one). In other words than
the set's, with the valid citations beside them."""

from __future__ import annotations

from typing import Any

import pytest

from harness.schema import Package
from harness.scorers.citations import check_citation

RECORDED = "2026-09-14T12:00:00Z"
CONTEXT = [
    {"id": "note-a", "kind": "journal", "source": "journal/uhdim", "at": "2026-09-14T08:00:00Z",
     "text": "Kiln fired, cone 6, cooling slowly."},
    {"id": "note-b", "kind": "journal", "source": "journal/uhdim", "at": "2026-09-14T08:00:00Z",
     "text": "Glaze test tiles set aside."},
    {"id": "log-7", "kind": "artifact", "source": "output/kiln/log.txt",
     "at": "2026-09-14T09:00:00Z", "text": "zone 2: thermocouple  drift, reading held"},
    {"id": "dash", "kind": "focus", "source": "ui/focus", "at": "2026-09-14T09:00:00Z",
     "text": "lecture prep - closed"},
    {"id": "quoted", "kind": "journal", "source": "notes", "at": "2026-09-14T09:00:00Z",
     "text": 'the proof marked "final" by Ines'},
    {"id": "accent", "kind": "journal", "source": "notes", "at": "2026-09-14T09:00:00Z",
     "text": "sent by In\u00e8s"},
]  # fmt: skip


def _valid(citation: dict[str, Any]) -> bool:
    package = Package.model_validate({
        "id": "causes5", "agent": "uhdim", "recorded_at": RECORDED,
        "activation": {"kind": "heartbeat", "cause": "test", "at": RECORDED},
        "question": "citations", "stages": ["reconcile"], "context": CONTEXT,
        "host": {"receipts": []},
    })  # fmt: skip
    return check_citation(package, citation, "test").valid


@pytest.mark.parametrize(
    ("citation", "valid"),
    [
        # one source, one instant, two items: no single item named, a quote or not
        ({"source": "journal/uhdim", "timestamp": "2026-09-14T08:00:00Z"}, False),
        (
            {
                "source": "journal/uhdim",
                "timestamp": "2026-09-14T10:00:00+02:00",
                "quote": "cone 6",
            },
            False,
        ),
        ({"source": "output/kiln/log.txt", "timestamp": "2026-09-14T05:00:00-04:00"}, True),
        # an id and an artifact that name two items
        ({"id": "note-a", "artifact": "log-7"}, False),
        ({"id": "note-a", "artifact": "note-a"}, True),
        ({"id": "note-a"}, True),
        # an artifact names an item by id only without an offset; an instant offset is its time
        ({"artifact": "log-7", "offset_or_timestamp": "line 3"}, False),
        ({"artifact": "log-7"}, True),
        ({"artifact": "output/kiln/log.txt", "offset_or_timestamp": "2026-09-14T09:00:00Z"}, True),
        # a quote as written: case and whitespace runs forgiven, punctuation and words not
        ({"id": "note-a", "quote": "KILN FIRED, cone 6"}, True),
        ({"id": "log-7", "quote": "thermocouple drift,  reading held"}, True),
        ({"id": "note-a", "quote": "kiln fired cone 6"}, False),
        ({"id": "note-a", "quote": "kiln was fired, cone 6"}, False),
        ({"id": "note-a", "quote": "cone 6, cooling quickly"}, False),
        # a dash or a quotation mark is a character of the text: another one is a misquote
        # (development set 13 found typographic ones forgiven), while composed and decomposed
        # accents are one character written two ways
        ({"id": "note-b", "quote": "glaze test tiles"}, True),
        ({"id": "dash", "quote": "lecture prep \u2013 closed"}, False),
        ({"id": "dash", "quote": "lecture prep - closed"}, True),
        ({"id": "quoted", "quote": "\u201cfinal\u201d"}, False),
        ({"id": "quoted", "quote": '"final"'}, True),
        ({"id": "accent", "quote": "Ine\u0300s"}, True),
    ],
)
def test_citation_rules_with_their_hard_negatives(citation: dict[str, Any], valid: bool) -> None:
    assert _valid(citation) is valid, citation
