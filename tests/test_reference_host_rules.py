"""The careful runner follows the host judgement rules in recordings/README.md.

Preflight: a settled, quiet heartbeat is `read`; work held by a worker, a running cooldown or a
full WIP limit is `wait`. Critique: an output present but unprobed conditions a supported draft.
Each rule has a hard negative that differs from it by one fact. Packages are built here.
"""

from __future__ import annotations

from typing import Any

from tests.reference_helpers import at, item, package, receipt, result


def mode(context: list[dict[str, Any]], profile: str = "careful", **kw: Any) -> str:
    pkg = package(context, stages=("preflight",), question="Anything to do?", **kw)
    return str(result(pkg, "preflight", profile)["recommended_mode"])


def beat(text: str = "Heartbeat: inbox unchanged, nothing owed.") -> dict[str, Any]:
    return item("heartbeat#1", "heartbeat", 5, text, {"outcome": "rested", "checks": []})


def sent(status: str = "succeeded") -> dict[str, Any]:
    return receipt("receipt:1", 1, status)


def test_a_settled_quiet_heartbeat_is_read_not_wait() -> None:
    # No reading habit anywhere in the evidence: the rule alone decides `read`.
    assert mode([sent(), beat()]) == "read"


def test_a_send_still_queued_with_a_worker_is_wait_not_read() -> None:
    assert mode([sent("queued"), beat()]) == "wait"


def test_credulous_does_not_adopt_the_settled_read_rule() -> None:
    assert mode([sent(), beat()], "credulous") == "wait"


def test_a_running_cooldown_holds_a_settled_heartbeat_but_an_expired_one_does_not() -> None:
    running = {"cooldowns": [{"kind": "message.send:patrick", "until": at(30)}]}
    expired = {"cooldowns": [{"kind": "message.send:patrick", "until": at(3)}]}
    assert mode([sent(), beat()], constraints=running) == "wait"
    assert mode([sent(), beat()], constraints=expired) == "read"


def _focus(n: int) -> dict[str, Any]:
    return item(f"focus:{n}", "focus", 0.5, f"Focus: sketch study {n}.",
                {"item": f"study-{n}", "state": "in_progress"})  # fmt: skip


def test_a_full_wip_limit_is_wait_and_a_free_slot_is_not_held() -> None:
    context = [_focus(1), _focus(2), beat()]
    assert mode(context, constraints={"wip_limit": 2}) == "wait"
    assert mode(context, constraints={"wip_limit": 3}) != "wait"


def test_an_agent_note_waiting_for_a_worker_slot_is_wait() -> None:
    waiting = item(
        "session#1", "session", 4, "Vojan: delegation created; waiting for a worker slot."
    )
    done = item("session#1", "session", 4, "Vojan: delegation finished; nothing else today.")
    assert mode([waiting]) == "wait"
    assert mode([done]) == "read"


def _render(probe: str) -> dict[str, Any]:
    return item("artifact:r1", "artifact", 3, f"r1.mp4 present; probe {probe}.",
                {"path": "output/r1.mp4", "measurements": {"exists": True, "probe": probe}})  # fmt: skip


def test_an_unprobed_output_is_wait_and_a_probed_one_is_settled() -> None:
    rendered = receipt("receipt:2", 2, "succeeded", action="media.render", target="r1")
    assert mode([rendered, _render("unavailable")]) == "wait"
    assert mode([rendered, _render("ok")]) == "read"


def _recommend(context: list[dict[str, Any]]) -> str:
    draft = "Patrick has the notes."
    pkg = package(context, stages=("critique",), subject={"draft": draft, "draft_kind": "post"})
    return str(result(pkg, "critique")["publish_or_commit_recommendation"])


def test_a_pending_probe_conditions_a_supported_draft() -> None:
    assert _recommend([sent(), _render("unavailable")]) == "conditionally_ready"
    assert _recommend([sent(), _render("ok")]) == "ready_for_host_review"


def test_an_unsupported_claim_is_not_ready_even_with_a_probe_pending() -> None:
    assert _recommend([sent("queued"), _render("unavailable")]) == "not_ready"
