"""One call of a runner under a wall-clock watchdog: the runner runs on a reused daemon thread
(a lane) while the caller waits, cancels at the deadline or at a stop, waits out the cancel grace
and abandons a call that ignores it. What came of the call is an ``Attempt``."""

from __future__ import annotations

import queue
import threading
import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass

from harness.runners.base import Runner
from harness.schema import Invocation

#: Beyond wall_seconds + the cancel grace, so that a runner with its own sandbox (which kills at
#: wall_seconds and again after the grace) always reports its own timeout before the watchdog fires.
WATCHDOG_SLACK_S = 1.0
#: How often a waiting case looks at the stop flag; a finished runner is noticed at once anyway.
POLL_S = 0.1


@dataclass(frozen=True)
class Returned:
    output: object
    latency_s: float


@dataclass(frozen=True)
class Raised:
    error: BaseException
    latency_s: float


@dataclass(frozen=True)
class TimedOut:
    latency_s: float
    watchdog_s: float
    cancel_honoured: bool


class Stopped:
    """The user interrupted the run while this case was in flight: record nothing."""


Attempt = Returned | Raised | TimedOut | Stopped
_Job = tuple[Callable[[], object], list[object], threading.Event]


def _serve(jobs: queue.SimpleQueue[_Job | None]) -> None:
    while (job := jobs.get()) is not None:
        call, box, done = job
        try:
            box.append(call())
        except BaseException as exc:  # a runner's SystemExit is a failed run, not ours
            box.append(exc)
        finally:
            done.set()


class _Lane:
    """The daemon thread that runs the runner for one calling thread, reused from case to case:
    starting a thread per case costs more than a fast runner does. A call that overruns is left
    to its thread (daemon, so it cannot hold the process open) and the next call gets a new one.

    The thread holds only its queue, never the lane, so when the calling thread ends and its
    lane is collected the finalizer tells the thread to end too."""

    def __init__(self) -> None:
        self._start()

    def _start(self) -> None:
        jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        threading.Thread(target=_serve, args=(jobs,), name="shadow-runner", daemon=True).start()
        self._jobs = jobs
        self._stop_thread = weakref.finalize(self, jobs.put, None)

    def submit(self, call: Callable[[], object]) -> tuple[list[object], threading.Event]:
        box: list[object] = []
        done = threading.Event()
        self._jobs.put((call, box, done))
        return box, done

    def abandon(self) -> None:
        """Leave the stuck call to its thread, which ends once the call returns."""
        self._stop_thread()
        self._start()


_lanes = threading.local()


def _lane() -> _Lane:
    lane: _Lane | None = getattr(_lanes, "lane", None)
    if lane is None:
        lane = _lanes.lane = _Lane()
    return lane


def _wait_out_grace(done: threading.Event, grace: float, abandon: threading.Event) -> None:
    deadline = time.perf_counter() + grace
    while not done.is_set() and not abandon.is_set():
        remaining = deadline - time.perf_counter()
        if remaining <= 0:
            return
        done.wait(min(remaining, POLL_S))


def _inline_attempt(runner: Runner, invocation: Invocation) -> Attempt:
    """A runner that declares itself an in-process lookup that cannot hang, called directly."""
    start = time.perf_counter()
    try:
        value: object = runner.run(invocation, threading.Event())
    except (Exception, SystemExit) as exc:  # a runner's SystemExit is a failed run, not ours
        return Raised(exc, time.perf_counter() - start)
    return Returned(value, time.perf_counter() - start)


def attempt(
    runner: Runner, invocation: Invocation, *, stop: threading.Event, abandon: threading.Event
) -> Attempt:
    """One call of the runner on this thread's lane, watched by the wall clock."""
    cancel = threading.Event()
    if getattr(runner, "inline", False) is True:
        return _inline_attempt(runner, invocation)
    grace = invocation.cancel.grace_seconds
    watchdog_s = invocation.limits.wall_seconds + grace + WATCHDOG_SLACK_S
    lane = _lane()
    start = time.perf_counter()
    deadline = start + watchdog_s
    box, done = lane.submit(lambda: runner.run(invocation, cancel))
    try:
        while not done.is_set():
            if stop.is_set():
                cancel.set()
                # A subprocess runner needs the grace to take its process group down with it.
                _wait_out_grace(done, grace, abandon)
                if not done.is_set():
                    lane.abandon()
                return Stopped()
            remaining = deadline - time.perf_counter()
            if remaining <= 0:
                cancel.set()
                _wait_out_grace(done, grace, abandon)
                honoured = done.is_set()
                if not honoured:
                    lane.abandon()
                return TimedOut(watchdog_s, watchdog_s, cancel_honoured=honoured)
            done.wait(min(remaining, POLL_S))
    except KeyboardInterrupt:
        # The caller is stopping (Ctrl-C in pytest): cancel, and give a subprocess runner its grace.
        cancel.set()
        if not done.wait(grace):
            lane.abandon()
        raise
    latency = time.perf_counter() - start
    value = box[0]
    if isinstance(value, BaseException):
        return Raised(value, latency)
    return Returned(value, latency)
