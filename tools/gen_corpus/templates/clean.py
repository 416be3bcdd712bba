"""Templates of the clean failure mode.

Plain situations with nothing wrong, so a stage that always finds a problem is caught.
"""

from __future__ import annotations

from datetime import timedelta

from tools.gen_corpus.build import hm
from tools.gen_corpus.filler import filler
from tools.gen_corpus.scene import Scene
from tools.gen_corpus.templates.base import A, C, D, E, FailureMode, L, P, Q, R, Template
from tools.gen_corpus.templates.common import (
    HASH_CHECKS,
    claim_sent,
    integrity_execute,
    message_sent,
    registry_rows,
    scan_sweep,
    sweep_variants,
)
from tools.gen_corpus.wording import SERIES, TOPICS


def clean_sent_supported(s: Scene) -> None:
    who, name = s.person()
    topic, key = s.pick(TOPICS)
    s.wake("heartbeat", "scheduled")
    sent = s.mins(30, 200)
    rid = message_sent(s, sent, who, key)
    jid = claim_sent(s, sent + timedelta(minutes=5), who, topic)
    filler(s, s.rng.randint(1, 3))
    s.question = f"Was the message to {name} with the {key} sent?"
    s.decide(rid)
    s.duplicate("message.send", who, rid)
    s.reconcile(
        f"The message to {name} with {topic} was sent.",
        "supported",
        [("The send succeeded", True, [rid]), ("The journal records it", True, [jid])],
    )
    s.preflight("read")
    s.critique([(f"Sent {name} {topic} at {hm(sent)}.", True)], "journal")
    s.draft(f"A handoff line about {name}", [key])


def clean_registry_match(s: Scene) -> None:
    project = s.project()
    s.wake("task", f"term seal of {project}")
    refs, ids = registry_rows(s, project, [], s.mins(5, 40), clean_rows=s.rng.randint(3, 4))
    filler(s, s.rng.randint(1, 3))
    first = next(iter(ids.values()))
    s.question = f"Is {project} intact and ready for the term seal?"
    s.decide(first)
    s.check("registry_audit", project, redundant=False)
    s.reconcile(
        f"Every file of {project} matches the registry.",
        "supported",
        [("The audit rows match", True, [first])],
    )
    s.analyze(refs, HASH_CHECKS, "pass", [])
    s.plan(
        f"Seal {project} for the term",
        [f"Approve the term seal for {project}"],
        ["provenance.seal"],
    )
    integrity_execute(s, project, refs)


def clean_new_message(s: Scene) -> None:
    who, name = s.person()
    topic, key = s.pick(TOPICS)
    s.wake("message", f"dm from {who}")
    mid = s.message_from(s.mins(3, 40), who, f"Could you send me {topic} by Friday?", unread=True)
    filler(s, s.rng.randint(2, 4))
    s.question = f"What does {name} ask for?"
    s.decide(mid)
    s.reconcile(
        f"{name} asked for the {key} by Friday.", "supported", [(f"{name} asked", True, [mid])]
    )
    s.preflight("act")
    s.inquire([key, "Friday"], [mid])
    s.draft(f"A reply to {name}", [key, "Friday"], [f"message.send:{who}"])


def clean_symmetry_sheet(s: Scene) -> None:
    series = s.pick(sorted(SERIES))
    order = SERIES[series]
    s.wake("task", f"approved contact sheet for {series}")
    variants = sweep_variants(series, s.rng.randint(2, 4), 0.02)
    ids, refs = scan_sweep(s, series, variants, "phase", (0.96, 0.995), (30, 300))
    s.note(
        "session",
        s.mins(5, 25),
        f"Host approved: contact sheet of {series}, all variants, for the studio wall.",
    )
    filler(s, s.rng.randint(1, 3))
    s.question = f"Prepare the approved {series} contact sheet."
    s.decide(ids[0])
    s.analyze(refs, [f"C{order} rotational symmetry score"], "pass", [])
    s.execute(
        f"Render the approved contact sheet of {series}",
        refs,
        [("read", "artifact.read", "all variants read")],
        [f"output/sheets/{series}.png", f"output/sheets/{series}.json"],
    )


MODE = FailureMode(
    "clean",
    "clean",
    (
        Template(clean_sent_supported, 4, ((R, C, D), (R, P))),
        Template(clean_registry_match, 4, ((A, L), (R, A), (A, E), (L, R))),
        Template(clean_new_message, 4, ((P, Q, D), (R, P))),
        Template(clean_symmetry_sheet, 3, ((A, E), (E,))),
    ),
)
