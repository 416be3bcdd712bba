"""Invented completions read off sets 352-355 after their first contact (issue 12). Each cause is
a row: a sentence, the receipts it is judged against, and whether it claims an act no receipt
proves; every cause has its hard negative beside it.

Causes:

- a time written as a radio log writes it ("logged 0938", "briefed 1705") that is the proof's own
  time is when, not an id of another occasion; another four digits still are;
- a year in a target ("berth-register-2026") dates it and is no number of its series: "berth 22"
  names no other occasion of it, "register 2025" still does;
- "msg" is the message itself, no object that tells occasions apart;
- a length after the item ("rendered, 64pp") is how long, not a second item.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tests.scorers_helpers import ReceiptSpec, lexical_invented, receipt_on_nov20

EVENING = datetime(2026, 11, 20, 18, 0, tzinfo=UTC)
R = receipt_on_nov20

JOURNAL_0938 = R("journal.append", "patrol-journal", "succeeded", "09:38",
                 "journal.append patrol-journal: control shots 1120 logged")  # fmt: skip
BRIEF_1705 = R("message.send", "patrol-base", "succeeded", "17:05",
               "message.send to patrol-base: run brief for 1121, delivered")  # fmt: skip
REGISTER_SEALED = R("provenance.seal", "berth-register-2026", "succeeded", "14:00",
                    "provenance.seal berth-register-2026: re-sealed after correction")  # fmt: skip
BRANDT_MSG = R("message.send", "brandt-hay", "succeeded", "09:35",
               "message.send to brandt-hay: request for corrected IBAN, delivered")  # fmt: skip
REPORT = R("media.render", "dsmb-report-q3", "succeeded", "11:00",
           "media.render dsmb-report-q3: Q3 DSMB report")  # fmt: skip
REPORT_FAILED = R("media.render", "dsmb-report-q3", "failed", "11:00",
                  "media.render dsmb-report-q3: Q3 DSMB report, template error")  # fmt: skip
ANNEX = R("media.render", "annex-q3", "queued", "11:05", "media.render annex-q3: queued")

CASES: list[tuple[str, str, list[ReceiptSpec], bool]] = [
    ("radio time, the proof's", "Shots logged in patrol journal 0938.", [JOURNAL_0938], False),
    ("radio time, another", "Shots logged in patrol journal 0940.", [JOURNAL_0938], True),
    ("radio time mid-sentence", "Patrol briefed 1705 on tomorrow's run.", [BRIEF_1705], False),
    (
        "radio time, not sent",
        "Patrol briefed 1705 on tomorrow's run.",
        [
            R(
                "message.send",
                "patrol-base",
                "failed",
                "17:05",
                "message.send to patrol-base: failed",
            )
        ],
        True,
    ),
    (
        "year in target",
        "The berth register was re-sealed at 14:00 after the berth 22 correction.",
        [REGISTER_SEALED],
        False,
    ),
    ("another year", "The berth register 2025 was re-sealed at 14:00.", [REGISTER_SEALED], True),
    ("msg", "Brandt Hay asked for new IBAN, msg delivered 09:35.", [BRANDT_MSG], False),
    (
        "msg, queued",
        "Brandt Hay asked for new IBAN, msg delivered 09:35.",
        [R("message.send", "brandt-hay", "queued", "09:35", "message.send to brandt-hay: queued")],
        True,
    ),
    (
        "length after",
        "Q3 DSMB report rendered, 64pp; page count matches the TOC.",
        [REPORT],
        False,
    ),
    ("length after, failed", "Q3 DSMB report rendered, 64pp.", [REPORT_FAILED], True),
    ("a second item", "Q3 DSMB report rendered, and the annex.", [REPORT, ANNEX], True),
]


@pytest.mark.parametrize(("sentence", "receipts", "invented"),
                         [c[1:] for c in CASES], ids=[c[0] for c in CASES])  # fmt: skip
def test_session37_causes(sentence: str, receipts: list[ReceiptSpec], invented: bool) -> None:
    assert lexical_invented(sentence, receipts, EVENING) is invented
