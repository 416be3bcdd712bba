"""A ``python`` runner target that answers after a pause, so a kill lands mid-run (the kill -9 and
resume tests). Its own module, importing nothing from the harness: the sandboxed worker imports it
once per case, and ``tests.replay_helpers`` would cost each case the schema's imports."""

from __future__ import annotations

import time
from typing import Any


def slow_stage(invocation: dict[str, Any]) -> dict[str, Any]:
    time.sleep(0.02)
    return {
        "status": "completed",
        # Ids reach a sandboxed child as per-run handles: echo what a case is, not its handle.
        "summary": f"{invocation['question']}/{invocation['stage']}",
        "result": {"echo": f"{invocation['question']}/{invocation['stage']}"},
        "archive_id": invocation["invocation_id"],
    }
