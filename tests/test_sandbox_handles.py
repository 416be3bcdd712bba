"""Opaque handles: a sandboxed child never sees a package id, label or recording file name."""

from __future__ import annotations

import threading
from pathlib import Path

from harness.runners.command import CommandRunner
from harness.runners.sandboxed import SandboxConfig
from harness.sandbox.handles import handle, new_secret, opaque_invocation
from tests.runners_helpers import invocation, program


def test_handles_are_keyed_stable_within_a_run_and_differ_across_runs() -> None:
    inv = invocation(id="gen-uhdim-injection-0007")
    one, two = new_secret(), new_secret()
    seen = opaque_invocation(inv, one)
    assert seen.package_id == opaque_invocation(inv, one).package_id
    assert seen.package_id != opaque_invocation(inv, two).package_id
    assert seen.package_id.startswith("pkg-") and seen.invocation_id.startswith("inv-")
    assert seen.cancel.id == f"cancel-{seen.invocation_id}"
    text = seen.model_dump_json()
    for secret_word in ("injection", "gen-uhdim", inv.invocation_id, inv.package_id):
        assert secret_word not in text
    # The evidence a stage cites keeps its ids.
    assert [e.id for e in seen.context] == [e.id for e in inv.context]
    # One package keeps its handle across stages; the invocation handle is per stage.
    other_stage = opaque_invocation(invocation("critique", id="gen-uhdim-injection-0007"), one)
    assert other_stage.package_id == seen.package_id
    assert other_stage.invocation_id != seen.invocation_id
    assert handle(one, "pkg", inv.package_id) == seen.package_id


def test_a_sandboxed_child_sees_only_handles(tmp_path: Path) -> None:
    inv = invocation(id="gen-uhdim-premature_completion-0042")
    runner = CommandRunner(program("echo_all.py"), config=SandboxConfig(workdir=tmp_path))
    out = runner.run(inv, threading.Event())
    assert out.envelope.status == "completed", out.envelope.error
    dumped = out.envelope.summary
    assert "invocation.json" in dumped
    assert "premature_completion" not in dumped
    assert inv.invocation_id not in dumped
