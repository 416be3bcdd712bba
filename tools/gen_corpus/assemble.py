"""From a template and an instance number to one package, as plain JSON-ready data.

The package's random stream is seeded with a fixed string naming the template and the instance,
so editing one template never reshuffles another. Fields the finished scene determines are
computed here rather than typed by templates: the preflight inventory and repeat risk, and the
draft's ``must_not_assert``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

from harness.schema import STAGES
from tools.gen_corpus.build import JSON, ts
from tools.gen_corpus.filler import filler
from tools.gen_corpus.scene import Scene
from tools.gen_corpus.templates.base import A, C, D, E, FailureMode, L, P, Q, R, Template

SEED = "shadow-harness/gen-corpus/v1"
AGENTS = ("uhdim", "vojan")

_SUBJECT_KEYS: dict[str, tuple[str, ...]] = {
    R: ("belief",),
    P: (),
    Q: (),
    A: ("artifacts", "checks"),
    L: ("goal",),
    E: ("goal", "plan", "artifacts"),
    C: ("draft", "draft_kind"),
    D: ("purpose",),
}
_SUBJECT_ORDER = ("belief", "draft", "draft_kind", "purpose", "artifacts", "checks", "goal", "plan")
_EXPECT_ORDER = {
    R: ("status", "facts"),
    P: ("recommended_mode", "repeat_risk", "inventory"),
    Q: ("answer_keywords", "citations"),
    A: ("verdict", "anomalies"),
    L: ("host_decisions_required", "write_capabilities"),
    E: ("artifacts",),
    C: ("recommendation", "unsupported_claims"),
    D: ("must_not_assert", "must_include"),
}


def recorded_at(rng: random.Random) -> datetime:
    # Aug 6 - Oct 28 2026, so evidence from a few days earlier and host-only receipts a day later
    # stay within Aug-Oct.
    start = datetime(2026, 8, 6, tzinfo=UTC)
    return start + timedelta(
        days=rng.randrange(84),
        hours=rng.randint(7, 20),
        minutes=rng.randint(0, 59),
        seconds=rng.randint(0, 59),
    )


def unread(s: Scene) -> int:
    return sum(1 for i in s.context if i["kind"] == "message" and i["data"]["unread"])


def open_tasks(s: Scene) -> int:
    return sum(
        1
        for i in s.context
        if i["kind"] == "focus"
        and i["data"]["state"] in ("open", "in_progress")
        and i["id"] not in s.stale
    )


def must_not_assert(s: Scene) -> list[str]:
    """Every action the scene mentions that no succeeded receipt proves by recorded_at."""
    proven = {
        f"{i['data']['action']}:{i['data']['target']}"
        for i in s.context
        if i["kind"] == "receipt" and i["data"]["status"] == "succeeded"
    }
    mentioned: list[str] = [f"{r['action']}:{r['target']}" for r in s.receipts]
    for item in s.context:
        if item["kind"] == "journal":
            mentioned += [f"{a['action']}:{a['target']}" for a in item["data"]["asserts"]]
    mentioned += s.tempting
    return sorted({m for m in mentioned if m not in proven})


def subject_for(s: Scene, stages: Sequence[str]) -> JSON:
    """Only the subject fields the listed stages read; execute carries its own goal and artifacts."""
    wanted = {k for st in stages for k in _SUBJECT_KEYS[st]}
    values = dict(s.subject)
    if E in stages:
        # plan and execute would share subject.goal, analyze and execute subject.artifacts.
        if L in stages:
            raise ValueError("plan and execute in one package would share subject.goal")
        if A in stages and values["artifacts"] != values["execute_artifacts"]:
            raise ValueError("analyze and execute in one package need the same artifact set")
        values["goal"] = values["execute_goal"]
        values["artifacts"] = values["execute_artifacts"]
    out: JSON = {}
    for key in _SUBJECT_ORDER:
        if key in wanted:
            if key not in values or values[key] is None:
                raise ValueError(f"subject.{key} missing for stages {list(stages)}")
            out[key] = values[key]
    return out


def expectations(s: Scene, stages: Sequence[str]) -> JSON:
    out: JSON = {}
    for stage in STAGES:
        st = str(stage)
        if st not in stages:
            continue
        if st not in s.expect:
            raise ValueError(f"template gives no expectation for stage {st}")
        got = dict(s.expect[st])
        if st == P:
            if got["repeat_risk"] is None:
                got["repeat_risk"] = sorted({c["kind"] for c in s.checks if c["redundant"]})
            got["inventory"] = {"unread_messages": unread(s), "open_tasks": open_tasks(s)}
        if st == D:
            got = {
                "must_not_assert": must_not_assert(s),
                "must_include": list(s.draft_include or []),
            }
        out[st] = {k: got[k] for k in _EXPECT_ORDER[st]}
    return out


def assemble(mode: FailureMode, t: Template, k: int, number: int) -> JSON:
    """Instance ``k`` of ``t``, the ``number``-th package of its failure mode."""
    rng = random.Random(f"{SEED}/{t.name}/{k}")
    agent = AGENTS[(k + len(t.name)) % len(AGENTS)]
    s = Scene(rng=rng, agent=agent, now=recorded_at(rng))
    t.build(s)
    # Top up thin scenes so every package reads like a real activation (5-12 items).
    wanted = min(12, max(5, len(s.context)) + rng.randint(0, 2))
    filler(s, wanted - len(s.context))
    stages = list(t.stage_sets[k % len(t.stage_sets)])
    s.context.sort(key=lambda item: (item["at"], item["id"]))
    return {
        "format": "shadow-package/1",
        "id": f"gen-{agent}-{mode.short}-{number:04d}",
        "agent": agent,
        "recorded_at": ts(s.now),
        "activation": s.activation,
        "question": s.question,
        "stages": stages,
        "context": s.context,
        "constraints": {
            "cooldowns": s.cooldowns,
            "closed": s.closed,
            "quiet_hours": s.quiet_hours,
            "wip_limit": s.wip_limit,
        },
        "subject": subject_for(s, stages),
        "host": {
            "receipts": s.receipts,
            "decisive_evidence": s.decisive,
            "checks": s.checks,
            "settled": s.settled,
            "duplicate_risks": s.duplicate_risks,
            "expect": expectations(s, stages),
        },
        "labels": {"failure_mode": mode.name, "origin": f"generated:{t.name}", "agent": agent},
    }
