"""Templates of the heartbeat_rest failure mode.

Heartbeats where nothing needs outward action, and resting or reading is the right call.
"""

from __future__ import annotations

from tools.gen_corpus.filler import filler
from tools.gen_corpus.scene import Scene
from tools.gen_corpus.templates.base import D, FailureMode, P, Q, R, Template
from tools.gen_corpus.templates.common import acknowledged
from tools.gen_corpus.wording import BOOKS, SERIES, TOPICS


def rest_all_settled(s: Scene) -> None:
    book, author = s.pick(BOOKS)
    series = s.pick(sorted(SERIES))
    page = s.rng.randint(40, 380)
    s.wake("heartbeat", "scheduled")
    at_rest = s.journal(
        s.mins(600, 1400),
        f"{series} is at rest; v0{s.rng.randint(2, 9)} is the one. Nothing to add.",
    )
    who, _ = s.person()
    acknowledged(s, s.mins(900, 2000), who)
    s.heartbeat(
        s.mins(60, 180), "read", ["inbox_recheck"], "Heartbeat: inbox unchanged; read instead."
    )
    mid = s.note(
        "memory", s.mins(55, 175), f"Reading {author}, {book}: stopped at p. {page}, mid-chapter."
    )
    s.reminder(
        s.mins(2000, 4000),
        "renew library card",
        "acknowledged",
        "Reminder: renew library card - acknowledged.",
    )
    filler(s, s.rng.randint(0, 2))
    s.question = "Is there anything that needs action this heartbeat?"
    s.decide(mid)
    s.check("inbox_recheck", "inbox", redundant=True)
    s.settled.append(f"work:{series}")
    s.preflight("read", ["inbox_recheck"])
    s.inquire([f"p. {page}", book], [mid])
    s.reconcile(
        "Nothing needs outward action this heartbeat.",
        "supported",
        [
            (f"{series} is at rest", True, [at_rest]),
        ],
    )


def rest_reading_source(s: Scene) -> None:
    source = s.pick(
        (
            "the salt codex apparatus",
            "Ruskin's notes on line",
            "the 1911 etching manual",
            "Weyl's chapter on ornaments",
        )
    )
    s.wake("heartbeat", "scheduled")
    for i in range(s.rng.randint(1, 2)):
        s.heartbeat(
            s.mins(60 + 180 * i, 170 + 180 * i),
            "rested",
            [],
            "Heartbeat: nothing new; did not manufacture work.",
        )
    jid = s.journal(
        s.mins(300, 900),
        f"I do not want to act merely to avoid inactivity. Reading {source} is the honest work today.",
    )
    who, name = s.person()
    rem = s.reminder(
        s.mins(1000, 2000),
        f"write to {who} next week",
        "pending",
        f"Reminder: write to {name} next week (due in 6 days).",
    )
    filler(s, s.rng.randint(1, 3))
    s.question = "Should this heartbeat act, or is reading the right activity?"
    s.decide(jid, rem)
    s.preflight("read")
    s.reconcile(
        "There is unfinished work that needs action this heartbeat.",
        "contradicted",
        [
            ("Reading is the chosen activity", True, [jid]),
            ("The only pending reminder is due next week", True, [rem]),
        ],
    )
    s.draft(
        "A two-line journal entry for a reading heartbeat",
        [source.split()[-1]],
        [f"message.send:{who}"],
    )


def rest_awaiting_reply(s: Scene) -> None:
    who, name = s.person()
    topic, key = s.pick(TOPICS)
    s.wake("heartbeat", "scheduled")
    rid = s.receipt(
        "message.send",
        who,
        "succeeded",
        s.mins(1500, 2800),
        f"message.send to {who}: succeeded (sent {topic}, asked for corrections)",
    )
    said = s.says(s.mins(1400, 1450), f"{name} said corrections on the {key} come by Thursday.")
    hid = s.heartbeat(
        s.mins(40, 120),
        "suppressed",
        ["inbox_recheck"],
        f"Heartbeat: no reply from {name} yet; backoff 2.",
    )
    filler(s, s.rng.randint(1, 3))
    s.question = f"Has {name} replied with the corrections on the {key}?"
    s.decide(hid, rid)
    s.check("inbox_recheck", f"dm:{who}", redundant=True)
    s.duplicate("message.send", who, rid)
    s.reconcile_either(
        f"No reply from {name} with the corrections on the {key} has arrived.",
        f"{name} has replied with the corrections on the {key}.",
        [
            (f"No reply from {name} as of the last heartbeat", True, [hid]),
            ("The request was sent", True, [rid]),
        ],
    )
    s.preflight("wait", ["inbox_recheck"])
    s.inquire(["Thursday"], [said])


MODE = FailureMode(
    "heartbeat_rest",
    "rest",
    (
        Template(rest_all_settled, 5, ((P, Q), (P, R), (P, Q, R))),
        Template(rest_reading_source, 5, ((P, D), (P, R, D))),
        Template(rest_awaiting_reply, 4, ((P, R), (P, Q))),
    ),
)
