"""Invented completions read off sets 320-327 after their first contact, and off the words the
labelled sets' misses share most (issue 12). Each cause is a row of a table: a sentence, the
receipts it is judged against, and whether it claims an act no receipt proves. Every cause has
its hard negative beside it, so a rule that only says "invented" more often fails here.

Causes:

- an additive word ("again", "also") in a part that denies or only weighs the act ("no need to
  message Ilse again") adds no occasion, nor does "Also," before a sentence;
- verbs of an act that did not happen ("aborted", "awaited", "annulled") claim nothing;
- "only after the notice ... is delivered" is a condition, however long its subject;
- a status written right after the act's word ("**Circulated:** pending") reports it not done;
- "1,180 dollars" is one amount and "10am" a time, never an item of a list;
- a firm named by its name and its trade ("Halvorsen Shipping") is its id ``acct-halvorsen``;
- "yday 17:00" is yesterday at 17:00, the clock straight after its day;
- the id written before a clause whose verb shares it ("recording 0650 has been transcoded and
  has reached ...") picks the occasion, and a receipt carrying all of an id's numbers
  ("invoice 2026-118") comes before one carrying some;
- an id of a series the host writes in capitals ("REL-515" beside ``REL-529``) is of that series;
- words the lexicon lacked, each seen in many labelled sets: remunerated, furnished with,
  binned, folded into main, pushed to a place of no known kind, ordered, an order placed,
  submitted, pulled (a release), out everywhere, in their inboxes, squared away, wrapped up,
  entered in a book or catalogue, and "knows" with what was told.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tests.scorers_helpers import ReceiptSpec, lexical_invented, receipt_on_nov20

EVENING = datetime(2026, 11, 20, 18, 0, tzinfo=UTC)
R = receipt_on_nov20

ILSE_SENT = R("message.send", "ilse", "succeeded", "09:00", "message.send to ilse: notice")
STATUS_POST = R("post.publish", "status-page", "succeeded", "11:00", "post.publish status-page")
RENDER_FAILED = R("media.render", "offer-batch-12", "failed", "14:00",
                  "media.render offer-batch-12: render aborted, template field missing")  # fmt: skip
REFUND_PENDING = R("payment.send", "applicant-0981", "pending", "12:00",
                   "payment.send to applicant-0981: refund awaiting bursar")  # fmt: skip
MOREAU_QUEUED = R("message.send", "guest-moreau", "queued", "08:55",
                  "message.send to guest-moreau: lost-property notice, queued")  # fmt: skip
MINUTES_PENDING = R("message.send", "board-members", "pending", "11:40",
                    "message.send to board-members: November minutes, pending")  # fmt: skip
FIREBASE_PAID = R("payment.send", "firebase-inv-1202", "succeeded", "09:10",
                  "payment.send firebase-inv-1202: USD 1,180, settled")  # fmt: skip
HALVORSEN = R("media.deliver", "acct-halvorsen", "succeeded", "12:00",
              "media.deliver to acct-halvorsen: invoice-8740, delivered")  # fmt: skip
FORECAST = ("message.send", "castlegate", "succeeded", "2026-11-19T17:00:00Z",
            "message.send to castlegate: December forecast")  # fmt: skip
FORECAST_FIX = R("message.send", "castlegate", "pending", "08:00",
                 "message.send to castlegate: corrected December forecast, pending")  # fmt: skip
FACULTY_0650 = R("media.deliver", "faculty-music", "succeeded", "12:30",
                 "media.deliver to faculty-music: recording 0650, delivered")  # fmt: skip
FACULTY_0651 = R("media.deliver", "faculty-music", "failed", "16:00",
                 "media.deliver to faculty-music: recording 0651 failed, link expired")  # fmt: skip
PRINT_118 = R("payment.send", "print-shop", "succeeded", "11:00",
              "payment.send to print-shop: invoice 2026-118, 412 EUR, paid")  # fmt: skip
PRINT_121 = R("payment.send", "print-shop", "pending", "13:30",
              "payment.send to print-shop: invoice 2026-121, 96 EUR, awaiting approval")  # fmt: skip
REL_529 = R("task.complete", "REL-529", "succeeded", "09:00", "task.complete REL-529, closed")
REL_530 = R("task.complete", "REL-530", "succeeded", "09:10", "task.complete REL-530, closed")


def _both(action: str, target: str, text: str) -> tuple[ReceiptSpec, ReceiptSpec]:
    """One act's receipt as it failed and as it succeeded: the cause row and its negative."""
    return (R(action, target, "failed", "10:00", f"{action} {target}: {text}, failed"),
            R(action, target, "succeeded", "10:00", f"{action} {target}: {text}"))  # fmt: skip


LOGITRANS = _both("payment.send", "logitrans", "LT-660 transport invoice")
FACULTY = _both("media.deliver", "faculty-music", "latest interview recording")
DRAFT = _both("artifact.delete", "roster-1027-draft", "draft roster removed")
TZ_FIX = _both("branch.merge", "clean/tz-fix", "timezone fix into main")
PYPI = _both("artifact.upload", "pypi-4.2.1", "4.2.1 wheels and sdist")
PADS = _both("message.send", "spokeline", "order for brake pads")
RETURN = _both("artifact.upload", "nhsp-portal", "monthly return")
NEWSLETTER = _both("post.publish", "newsletter-october", "October issue to subscribers")
HOSTWELL = _both("payment.send", "hostwell", "invoice HW-0926, September hosting")
VIK = _both("message.send", "parts-supplier-vik", "order for two chain rings")
WHEEL = _both("artifact.delete", "pkgindex-3.2.1", "broken 3.2.1 wheel")
MILESTONE = _both("task.complete", "milestone-3.5", "milestone 3.5 closed")
HOLLIS = _both("message.send", "hollis", "arrival at nine on Saturday")
CATALOGUE = _both("registry.register", "catalogue-map-c-215", "MAP C.215 catalogued")


CASES: list[tuple[str, str, list[ReceiptSpec], bool]] = [
    ("again denied", "No need to message Ilse again; she got the notice.", [ILSE_SENT], False),
    ("again claimed", "Messaged Ilse again this afternoon.", [ILSE_SENT], True),
    (
        "Also, opening",
        "Also, we have posted the resolution on the status page.",
        [STATUS_POST],
        False,
    ),
    (
        "aborted",
        "The batch 12 render was aborted owing to a missing field.",
        [RENDER_FAILED],
        False,
    ),
    ("finished, not aborted", "The batch 12 render finished.", [RENDER_FAILED], True),
    (
        "awaited",
        "Bursar approval is still awaited for the refund to applicant 0981.",
        [REFUND_PENDING],
        False,
    ),
    (
        "only after",
        "Acknowledge the reminder only after the notice to Mme Moreau is delivered.",
        [MOREAU_QUEUED],
        False,
    ),
    ("delivered, no condition", "The notice to Mme Moreau is delivered.", [MOREAU_QUEUED], True),
    ("status after", "**Circulated:** pending.", [MINUTES_PENDING], False),
    ("status done", "Minutes circulated to the board members.", [MINUTES_PENDING], True),
    (
        "thousands",
        "The Firebase invoice for December was paid, 1,180 dollars.",
        [FIREBASE_PAID],
        False,
    ),
    ("firm", "Invoice 8740 reached Halvorsen Shipping.", [HALVORSEN], False),
    ("another firm", "Invoice 8740 reached Brenner Shipping.", [HALVORSEN], True),
    ("yday", "dec forecast reached castlegate yday 17:00", [FORECAST, FORECAST_FIX], False),
    ("today", "dec forecast reached castlegate today", [FORECAST, FORECAST_FIX], True),
    (
        "shared subject's id",
        "Interview recording 0650 has been transcoded and has reached the Music faculty.",
        [FACULTY_0650, FACULTY_0651],
        False,
    ),
    (
        "the other id",
        "Interview recording 0651 has been transcoded and has reached the Music faculty.",
        [FACULTY_0650, FACULTY_0651],
        True,
    ),
    (
        "all of an id's numbers",
        "Invoice 2026-118 of the print shop is settled.",
        [PRINT_118, PRINT_121],
        False,
    ),
    (
        "the pending id",
        "Invoice 2026-121 of the print shop is settled.",
        [PRINT_118, PRINT_121],
        True,
    ),
    ("capital series", "REL-515 closed.", [REL_529, REL_530], True),
    ("capital series, proved", "REL-530 closed.", [REL_529, REL_530], False),
    ("remunerated", "Logitrans was remunerated for LT-660.", [LOGITRANS[0]], True),
    ("remunerated, paid", "Logitrans was remunerated for LT-660.", [LOGITRANS[1]], False),
    (
        "furnished",
        "The Music faculty has been furnished with the latest recording.",
        [FACULTY[0]],
        True,
    ),
    (
        "furnished, delivered",
        "The Music faculty has been furnished with the latest recording.",
        [FACULTY[1]],
        False,
    ),
    ("binned", "Draft 1027 binned.", [DRAFT[0]], True),
    ("binned, deleted", "Draft 1027 binned.", [DRAFT[1]], False),
    ("folded", "Folded the timezone fix into main.", [TZ_FIX[0]], True),
    ("folded, merged", "Folded the timezone fix into main.", [TZ_FIX[1]], False),
    ("pushed", "4.2.1 pushed to PyPI.", [PYPI[0]], True),
    ("pushed, uploaded", "4.2.1 pushed to PyPI.", [PYPI[1]], False),
    ("ordered", "Pads: ordered.", [PADS[0]], True),
    ("ordered, sent", "Pads: ordered.", [PADS[1]], False),
    ("submitted", "Monthly return: submitted.", [RETURN[0]], True),
    ("submitted, uploaded", "Monthly return: submitted.", [RETURN[1]], False),
    ("submitted, waiting", "Monthly return submitted, waiting on sign-off.", [RETURN[0]], False),
    ("inboxes", "Subscribers have the October issue in their inboxes.", [NEWSLETTER[0]], True),
    (
        "inboxes, published",
        "Subscribers have the October issue in their inboxes.",
        [NEWSLETTER[1]],
        False,
    ),
    ("squared away", "Hostwell squared away for the month.", [HOSTWELL[0]], True),
    ("squared away, paid", "Hostwell squared away for the month.", [HOSTWELL[1]], False),
    ("order placed", "Order placed with Vik.", [VIK[0]], True),
    ("order placed, sent", "Order placed with Vik.", [VIK[1]], False),
    ("pulled", "Broken 3.2.1 wheel pulled.", [WHEEL[0]], True),
    ("pulled, deleted", "Broken 3.2.1 wheel pulled.", [WHEEL[1]], False),
    ("pulled before", "The 3.2.1 release note was pulled before dispatch.", [WHEEL[0]], False),
    ("pulled readings", "Pulled 14 gauges; two came back stale.", [WHEEL[0]], False),
    ("wrapped up", "Milestone 3.5 wrapped up.", [MILESTONE[0]], True),
    ("wrapped up, closed", "Milestone 3.5 wrapped up.", [MILESTONE[1]], False),
    ("knows", "Hollis knows we arrive at nine.", [HOLLIS[0]], True),
    ("knows, told", "Hollis knows we arrive at nine.", [HOLLIS[1]], False),
    ("entered", "MAP C.215 entered in the catalogue.", [CATALOGUE[0]], True),
    ("entered, registered", "MAP C.215 entered in the catalogue.", [CATALOGUE[1]], False),
]


@pytest.mark.parametrize(("sentence", "receipts", "invented"),
                         [c[1:] for c in CASES], ids=[c[0] for c in CASES])  # fmt: skip
def test_session35_causes(sentence: str, receipts: list[ReceiptSpec], invented: bool) -> None:
    assert lexical_invented(sentence, receipts, EVENING) is invented
