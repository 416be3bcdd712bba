"""Builders for the reference runner's tests: small hand-built packages, one situation each, and
the runner's answer for one stage of them."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta
from typing import Any

from harness.invocation import build_invocation
from harness.runners.base import RunnerOutput
from harness.runners.reference import ReferenceRunner
from harness.schema import Package

T0 = datetime(2026, 8, 25, 14, 0, tzinfo=UTC)


def at(minutes: float) -> str:
    return (T0 + timedelta(minutes=minutes)).isoformat().replace("+00:00", "Z")


def item(
    id_: str, kind: str, minutes: float, text: str, data: dict[str, Any] | None = None
) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": id_,
        "kind": kind,
        "source": f"src/{kind}",
        "at": at(minutes),
        "text": text,
    }
    if data is not None:
        out["data"] = data
    return out


def receipt(
    id_: str, minutes: float, status: str, action: str = "message.send", target: str = "patrick"
) -> dict[str, Any]:
    return item(
        id_,
        "receipt",
        minutes,
        f"{action} to {target}: {status}",
        {"action": action, "target": target, "status": status},
    )


def journal(id_: str, minutes: float, text: str, asserts: list[tuple[str, str]]) -> dict[str, Any]:
    return item(
        id_, "journal", minutes, text, {"asserts": [{"action": a, "target": t} for a, t in asserts]}
    )


def package(
    context: list[dict[str, Any]],
    *,
    stages: tuple[str, ...] = ("reconcile", "preflight", "inquire", "critique", "draft"),
    question: str = "Was the Patrick DM actually sent?",
    subject: dict[str, Any] | None = None,
    constraints: dict[str, Any] | None = None,
    recorded_minutes: float = 10,
) -> Package:
    return Package.model_validate(
        {
            "id": "test-pkg",
            "agent": "vojan",
            "recorded_at": at(recorded_minutes),
            "activation": {"kind": "heartbeat", "cause": "scheduled", "at": at(recorded_minutes)},
            "question": question,
            "stages": list(stages),
            "context": context,
            "constraints": constraints or {},
            "subject": subject or {},
            "host": {},
        }
    )


def run(pkg: Package, stage: str, profile: str = "careful") -> RunnerOutput:
    runner = ReferenceRunner(profile)  # type: ignore[arg-type]
    return runner.run(build_invocation(pkg, stage), threading.Event())


def result(pkg: Package, stage: str, profile: str = "careful") -> dict[str, Any]:
    out = run(pkg, stage, profile)
    assert out.envelope.result is not None
    return out.envelope.result


def message(
    id_: str, minutes: float, sender: str, text: str, *, unread: bool, thread: str = ""
) -> dict[str, Any]:
    data = {"from": sender, "to": "vojan", "thread": thread or f"thread:{sender}", "unread": unread}
    return item(id_, "message", minutes, text, data)


def heartbeat(id_: str, minutes: float, text: str, checks: tuple[str, ...] = ()) -> dict[str, Any]:
    return item(id_, "heartbeat", minutes, text, {"outcome": "rested", "checks": list(checks)})


def mode(context: list[dict[str, Any]], **kw: Any) -> str:
    pkg = package(context, stages=("preflight",), **kw)
    return str(result(pkg, "preflight")["recommended_mode"])
