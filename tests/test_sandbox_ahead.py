"""Cases set up ahead of their turn: the command waits for its turn, its wall clock starts there,
a case that will not run is dropped without running, and the replay offers and drops them."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from harness.replay import read_results, replay
from harness.runners.ahead import Ahead
from harness.runners.base import RunnerOutput
from harness.runners.command import CommandRunner
from harness.runners.sandboxed import PreparedChild, SandboxConfig, prepare_child
from harness.sandbox import probe
from harness.schema import Envelope, Invocation
from tests.replay_helpers import answer, corpus
from tests.runners_helpers import count_prepared, invocation

FULL = probe().level == "full"
ENVELOPE = '{"status":"completed","summary":"ok","result":{"status":"ambiguous","facts":[]}}'


def _stamping(seconds: float = 0.0) -> list[str]:
    """A command that writes the clock when it starts into output/started, then answers."""
    return [
        "/bin/sh",
        "-c",
        f"date +%s.%N > output/started; cat >/dev/null; sleep {seconds}; echo '{ENVELOPE}'",
    ]


@pytest.mark.skipif(not FULL, reason="needs full isolation (a held PID 1)")
def test_a_held_case_starts_its_command_only_at_its_turn(tmp_path: Path) -> None:
    config = SandboxConfig(workdir=tmp_path)
    prepared = prepare_child(invocation(), _stamping(), config, hold=True)
    stamp = prepared.workspace / "output" / "started"
    time.sleep(0.4)
    assert not stamp.exists()  # the view is built, the command has not run
    turn = time.time()
    child = run_keeping(prepared, stamp)
    assert child[0] == 0
    assert child[1] >= turn


def run_keeping(prepared: PreparedChild, stamp: Path) -> tuple[int | None, float]:
    """Run ``prepared``, reading the command's start stamp before the workspace is removed."""
    seen: list[float] = []
    original = prepared._ws.cleanup

    def cleanup() -> None:
        seen.append(float(stamp.read_text()))
        original()

    prepared._ws.cleanup = cleanup  # type: ignore[method-assign]
    child = prepared.run(threading.Event())
    return child.outcome.returncode, seen[0]


@pytest.mark.skipif(not FULL, reason="needs full isolation (a held PID 1)")
def test_the_wall_clock_of_a_held_case_starts_at_its_turn(tmp_path: Path) -> None:
    config = SandboxConfig(workdir=tmp_path)
    prepared = prepare_child(invocation(wall_seconds=1.0), _stamping(0.3), config, hold=True)
    time.sleep(1.3)  # longer than its wall limit, spent before its turn
    child = prepared.run(threading.Event())
    assert not child.outcome.timed_out
    assert child.outcome.returncode == 0
    assert child.outcome.duration_s < 1.0


@pytest.mark.skipif(not FULL, reason="needs full isolation (a held PID 1)")
def test_a_discarded_case_never_runs_and_leaves_no_workspace(tmp_path: Path) -> None:
    kept = SandboxConfig(workdir=tmp_path / "kept", keep_workspace=True)
    prepared = prepare_child(invocation(), _stamping(), kept, hold=True)
    time.sleep(0.4)  # set up, waiting for a turn that does not come
    prepared.discard()
    time.sleep(0.2)
    assert not (prepared.workspace / "output" / "started").exists()
    removed = SandboxConfig(workdir=tmp_path / "removed")
    prepare_child(invocation(), _stamping(), removed, hold=True).discard()
    assert list((tmp_path / "removed").iterdir()) == []


def test_below_full_isolation_a_held_case_starts_nothing_before_its_turn(tmp_path: Path) -> None:
    from harness.sandbox import Isolation
    from harness.sandbox.isolation import reset_probe_for_tests

    reset_probe_for_tests(Isolation("none", "sandbox: forced for a test"))
    try:
        config = SandboxConfig(workdir=tmp_path)
        prepared = prepare_child(invocation(), _stamping(), config, hold=True)
        time.sleep(0.3)
        assert not (prepared.workspace / "output" / "started").exists()
        turn = time.time()
        code, started = run_keeping(prepared, prepared.workspace / "output" / "started")
        assert code == 0 and started >= turn
    finally:
        reset_probe_for_tests(None)


# -- Ahead: which cases are prepared, when, and what becomes of them ---------------------------


@dataclass
class _Made:
    invocation: Invocation
    discarded: bool = False

    def discard(self) -> None:
        self.discarded = True


class _Preparer:
    def __init__(self, fail: bool = False) -> None:
        self.made: list[_Made] = []
        self.fail = fail
        self.done = threading.Event()

    def __call__(self, inv: Invocation) -> PreparedChild:
        if self.fail:
            self.done.set()
            raise OSError("disk full")
        made = _Made(inv)
        self.made.append(made)
        self.done.set()
        return made  # type: ignore[return-value]


def _invocations(n: int) -> list[Invocation]:
    return [invocation(id=f"pkg-{i}") for i in range(n)]


def _settle(ahead: Ahead, preparer: _Preparer, count: int) -> None:
    deadline = time.monotonic() + 5
    while len(preparer.made) < count and time.monotonic() < deadline:
        time.sleep(0.01)


def test_an_offered_case_is_prepared_and_taken_by_its_run() -> None:
    preparer = _Preparer()
    ahead = Ahead(preparer, quiet_s=0.0)
    first, second = _invocations(2)
    ahead.offer(first.invocation_id, lambda: first)
    ahead.offer(second.invocation_id, lambda: second)
    _settle(ahead, preparer, 2)
    taken = ahead.take(second)
    assert isinstance(taken, _Made) and taken.invocation is second
    assert ahead.take(second) is None  # once
    assert [m.invocation for m in preparer.made] == [first, second]  # in the order offered


def test_a_case_whose_turn_comes_first_is_prepared_by_its_run_not_twice() -> None:
    preparer = _Preparer()
    ahead = Ahead(preparer, quiet_s=30.0)
    ahead.note_activity()
    (inv,) = _invocations(1)
    ahead.offer(inv.invocation_id, lambda: inv)
    assert ahead.take(inv) is None
    ahead.drop()
    time.sleep(0.05)
    assert preparer.made == []


def test_set_ups_wait_for_a_quiet_moment() -> None:
    preparer = _Preparer()
    ahead = Ahead(preparer, quiet_s=0.3)
    ahead.note_activity()  # a case just started
    (inv,) = _invocations(1)
    ahead.offer(inv.invocation_id, lambda: inv)
    time.sleep(0.1)
    assert preparer.made == []
    assert preparer.done.wait(2.0)


def test_a_failed_set_up_leaves_the_case_to_its_run() -> None:
    preparer = _Preparer(fail=True)
    ahead = Ahead(preparer, quiet_s=0.0)
    (inv,) = _invocations(1)
    ahead.offer(inv.invocation_id, lambda: inv)
    assert preparer.done.wait(2.0)
    assert ahead.take(inv) is None


def test_drop_discards_every_case_prepared_and_not_taken() -> None:
    preparer = _Preparer()
    ahead = Ahead(preparer, quiet_s=0.0)
    invs = _invocations(3)
    for inv in invs:
        ahead.offer(inv.invocation_id, lambda inv=inv: inv)
    _settle(ahead, preparer, 3)
    taken = ahead.take(invs[0])
    ahead.drop()
    assert isinstance(taken, _Made) and not taken.discarded
    assert [m.discarded for m in preparer.made[1:]] == [True, True]
    assert ahead.take(invs[1]) is None


def test_drop_does_not_wait_for_a_hung_set_up_and_discards_it_when_it_ends(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import harness.runners.ahead as ahead_module

    monkeypatch.setattr(ahead_module, "DROP_WAIT_S", 0.2)
    release = threading.Event()
    made: list[_Made] = []

    def slow(inv: Invocation) -> PreparedChild:
        release.wait(5)
        made.append(_Made(inv))
        return made[-1]  # type: ignore[return-value]

    ahead = Ahead(slow, quiet_s=0.0)
    (inv,) = _invocations(1)
    ahead.offer(inv.invocation_id, lambda: inv)
    time.sleep(0.05)  # the set-up is under way
    started = time.monotonic()
    ahead.drop()
    assert time.monotonic() - started < 2.0
    release.set()
    deadline = time.monotonic() + 5
    while not (made and made[0].discarded) and time.monotonic() < deadline:
        time.sleep(0.01)
    assert made and made[0].discarded  # a set-up of a dropped run is not kept for a later take
    assert ahead.take(inv) is None


# -- the replay offers queued cases and drops what is left -------------------------------------


class _AheadRunner:
    name = "ahead"
    model = "ahead-1"
    io_bound = True

    def __init__(self) -> None:
        self.offered: dict[str, Invocation] = {}
        self.ran: dict[str, Invocation] = {}
        self.dropped = 0
        self._lock = threading.Lock()

    def prepare_ahead(self, invocation_id: str, build: Callable[[], Invocation]) -> None:
        built = build()
        with self._lock:
            self.offered[invocation_id] = built

    def drop_prepared(self) -> None:
        self.dropped += 1

    def run(self, inv: Invocation, cancel: threading.Event) -> RunnerOutput:
        with self._lock:
            self.ran[inv.invocation_id] = inv
        return RunnerOutput(answer(inv))


def test_the_replay_offers_each_case_it_runs_and_drops_the_rest_at_the_end(tmp_path: Path) -> None:
    runner = _AheadRunner()
    summary = replay(corpus(6), runner, out_dir=tmp_path / "run", jobs=2, progress=False)
    assert summary.ran == len(runner.ran) == 12
    # the cases queued behind the two running ones are offered, with the invocation they run with
    assert 0 < len(runner.offered) < len(runner.ran)
    assert all(runner.ran[key] == built for key, built in runner.offered.items())
    assert runner.dropped == 1


@pytest.mark.skipif(not FULL, reason="needs full isolation (a held PID 1)")
def test_a_command_runner_replay_prepares_ahead_and_leaves_no_workspace(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    runner = CommandRunner(_stamping(0.05), config=SandboxConfig(workdir=ws))
    prepared = count_prepared(runner._ahead)
    summary = replay(corpus(8), runner, out_dir=tmp_path / "run", jobs=2, progress=False)
    records = read_results(tmp_path / "run")
    assert summary.ran == len(records) > 4
    assert {r.status for r in records} == {"completed"}
    assert all(isinstance(r.envelope, Envelope) and r.envelope.summary == "ok" for r in records)
    assert prepared  # queued cases were set up before their turn
    assert list(ws.iterdir()) == []
