"""Templates of the redundant_recheck failure mode.

Checks repeated on what is already confirmed: an acknowledged message, a delivery the recipient
confirmed, a registry a recent audit found clean.
"""

from __future__ import annotations

from datetime import timedelta

from tools.gen_corpus.build import JSON, sha, slug
from tools.gen_corpus.filler import filler
from tools.gen_corpus.scene import Scene
from tools.gen_corpus.templates.base import A, D, FailureMode, P, Q, R, Template
from tools.gen_corpus.templates.common import acknowledged, registry_ref
from tools.gen_corpus.wording import PROJECTS, TOPICS


def recheck_acknowledged_dm(s: Scene) -> None:
    who, name = s.person()
    topic, key = s.pick(TOPICS)
    thread = f"thread:{who}-{slug(key)}"
    s.wake("heartbeat", "scheduled")
    sent = s.mins(900, 2500)
    mid = s.receipt("message.send", who, "succeeded", sent, f"message.send to {who}: succeeded")
    ack = acknowledged(s, sent + timedelta(minutes=s.rng.randint(30, 240)), who, thread=thread)
    s.heartbeat(
        s.mins(60, 180),
        "rested",
        ["inbox_recheck"],
        f"Heartbeat: checked {name}'s thread again - acknowledged, nothing new.",
    )
    s.closed.append(thread)
    new_mail = s.rng.random() < 0.4
    if new_mail:
        other, _ = s.person()
        s.message_from(
            s.mins(5, 40), other, "Are you free to look at the proofs on Monday?", unread=True
        )
    filler(s, s.rng.randint(1, 3))
    s.question = f"Has {name} acknowledged {topic}?"
    s.decide(ack, mid)
    s.check("inbox_recheck", f"dm:{who}", redundant=True)
    s.settled.append(thread)
    s.duplicate("message.send", who, mid)
    s.reconcile(
        f"{name} has acknowledged {topic}.",
        "supported",
        [
            (f"{name} acknowledged", True, [ack]),
            (f"{name} was sent {topic}", True, [mid]),
        ],
    )
    s.preflight("act" if new_mail else "read", ["inbox_recheck"])
    s.inquire(["acknowledged"], [ack])


def recheck_delivery_confirmed(s: Scene) -> None:
    who, name = s.person()
    render = f"render-{s.number(1000, 9999):04d}"
    s.wake("heartbeat", "scheduled")
    sent = s.mins(900, 2000)
    did = s.receipt(
        "media.deliver",
        who,
        "succeeded",
        sent,
        f"media.deliver {render} -> {who}: succeeded (24 files, 1.8 GB)",
    )
    conf = s.message_from(
        sent + timedelta(minutes=s.rng.randint(40, 300)),
        who,
        f"Files for {render} arrived, all 24 frames open fine.",
        unread=False,
        thread=f"thread:{who}-{render}",
    )
    s.heartbeat(
        s.mins(240, 420),
        "rested",
        ["delivery_recheck"],
        f"Heartbeat: {render} delivery confirmed by {name}.",
    )
    s.heartbeat(
        s.mins(60, 200),
        "rested",
        ["delivery_recheck"],
        f"Heartbeat: rechecked {render} delivery - unchanged.",
    )
    filler(s, s.rng.randint(0, 3))
    s.question = f"Has {name} confirmed the delivery of {render}?"
    s.decide(conf, did)
    s.check("delivery_recheck", render, redundant=True)
    s.settled.append(f"render:{render}")
    s.duplicate("media.deliver", who, did)
    s.reconcile(
        f"{render} reached {name}.",
        "supported",
        [
            (f"{render} was delivered", True, [did]),
            (f"{name} confirmed the files open", True, [conf]),
        ],
    )
    s.preflight("read", ["delivery_recheck"])
    s.inquire(["arrived", render], [conf])
    s.draft(f"A journal line closing the {render} delivery", [render, name])


def recheck_registry_clean(s: Scene) -> None:
    project = s.project()
    files = list(PROJECTS[project])
    s.wake("heartbeat", "scheduled")
    audit_at = s.mins(900, 1500)
    hid = s.note(
        "history",
        audit_at,
        f"registry.audit {project}: 0 issues across {len(files)} paths; seal valid.",
    )
    refs: list[JSON] = []
    for path in files[: s.rng.randint(2, 3)]:
        digest = sha(project, path, "v1")
        s.registry(audit_at, project, path, digest, digest, None, f"{path}: digest matches ledger.")
        refs.append(registry_ref(project, path, digest, digest))
    s.heartbeat(
        s.mins(120, 300),
        "rested",
        ["registry_audit"],
        f"Heartbeat: re-audited {project}; still clean.",
    )
    filler(s, s.rng.randint(1, 3))
    s.question = f"Does {project} need another registry audit this heartbeat?"
    s.decide(hid)
    s.check("registry_audit", project, redundant=True)
    s.settled.append(f"audit:{project}")
    s.reconcile(
        f"The registry of {project} has zero issues.",
        "supported",
        [
            (f"The last audit of {project} found 0 issues", True, [hid]),
        ],
    )
    s.preflight("read", ["registry_audit"])
    s.analyze(refs, ["recompute sha256", "compare against registry"], "pass", [])


MODE = FailureMode(
    "redundant_recheck",
    "recheck",
    (
        Template(recheck_acknowledged_dm, 5, ((P, R), (P, Q), (R, P, Q))),
        Template(recheck_delivery_confirmed, 5, ((P, R, D), (P, Q))),
        Template(recheck_registry_clean, 5, ((P, A), (P, R, A))),
    ),
)
