"""Cases set up ahead of their turn, so that a sandbox's set-up falls while other cases wait on
their model, not at the moment a case's turn comes.

A sandboxed case costs a few milliseconds of CPU to set up (workspace, namespaces, view). When
many cases start together (``--jobs 20``, every model call about as long), twenty set-ups compete
for the cores at each wave's edge while the cores idle through the wait; set up ahead, a case's
turn costs only the command's start. The replay offers each queued case (``offer``); one thread
prepares them one at a time once no case has started or ended for ``quiet_s`` (the set-ups then
fill the waits instead of the edges); the runner's ``run`` takes its case's prepared child, or
prepares it then when it is not ready (``take``). ``--jobs`` still bounds the commands running at
once: a prepared case's command waits for its turn (``PreparedChild``).
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable

from harness.runners.sandboxed import ChildRun, PreparedChild
from harness.schema import Invocation

#: How long no case may have started or ended before the next case is set up.
QUIET_S = 0.01
#: How long ``drop`` waits for a set-up under way before it leaves it to end on its own.
DROP_WAIT_S = 10.0


class Ahead:
    def __init__(
        self, prepare: Callable[[Invocation], PreparedChild], *, quiet_s: float = QUIET_S
    ) -> None:
        self._prepare = prepare
        self._quiet_s = quiet_s
        self._cond = threading.Condition()
        self._queued: OrderedDict[str, Callable[[], Invocation]] = OrderedDict()
        self._preparing: str | None = None
        self._ready: dict[str, PreparedChild] = {}
        self._last_activity = 0.0
        #: Counts the drops: a set-up that ends after one belongs to a dropped run.
        self._generation = 0
        self._thread: threading.Thread | None = None

    def offer(self, invocation_id: str, build: Callable[[], Invocation]) -> None:
        """Set up the case of ``invocation_id`` when the machine is quiet (its ``run`` may come
        first); ``build`` makes its invocation, on this object's thread."""
        with self._cond:
            self._queued[invocation_id] = build
            if self._thread is None:
                self._thread = threading.Thread(target=self._work, name="shadow-ahead", daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def take(self, invocation: Invocation) -> PreparedChild | None:
        """The case's child set up ahead, or None: the caller prepares it now."""
        with self._cond:
            self._last_activity = time.monotonic()
            if self._queued.pop(invocation.invocation_id, None) is not None:
                return None
            while self._preparing == invocation.invocation_id:
                self._cond.wait()
            return self._ready.pop(invocation.invocation_id, None)

    def run(
        self,
        invocation: Invocation,
        cancel: threading.Event,
        prepare_now: Callable[[Invocation], PreparedChild],
        *,
        watch: Callable[[bytearray], bool] | None = None,
    ) -> ChildRun:
        """Run the case's child: the one set up ahead, or one ``prepare_now`` makes for it."""
        prepared = self.take(invocation) or prepare_now(invocation)
        try:
            return prepared.run(cancel, watch=watch)
        finally:
            self.note_activity()

    def note_activity(self) -> None:
        """A case started or ended: the next set-up waits for quiet again."""
        with self._cond:
            self._last_activity = time.monotonic()

    def drop(self) -> None:
        """Drop every case offered and not taken (the replay ended or stopped): their processes
        are killed and their workspaces removed. A set-up still under way is dropped when it
        ends; the replay does not wait for one that hangs (past ``DROP_WAIT_S``)."""
        with self._cond:
            self._queued.clear()
            self._generation += 1
            deadline = time.monotonic() + DROP_WAIT_S
            while self._preparing is not None and (left_s := deadline - time.monotonic()) > 0:
                self._cond.wait(left_s)
            left = list(self._ready.values())
            self._ready.clear()
        for prepared in left:
            prepared.discard()

    def _next(self) -> tuple[str, Callable[[], Invocation], int]:
        with self._cond:
            while True:
                if self._queued:
                    wait = self._last_activity + self._quiet_s - time.monotonic()
                    if wait <= 0:
                        key, build = self._queued.popitem(last=False)
                        self._preparing = key
                        return key, build, self._generation
                    self._cond.wait(wait)
                else:
                    self._cond.wait()

    def _work(self) -> None:
        while True:
            key, build, generation = self._next()
            prepared: PreparedChild | None = None
            try:
                prepared = self._prepare(build())
            except Exception:  # the case's own run prepares it again and reports why
                prepared = None
            with self._cond:
                self._preparing = None
                stale = generation != self._generation
                if prepared is not None and not stale:
                    self._ready[key] = prepared
                self._cond.notify_all()
            if prepared is not None and stale:
                prepared.discard()  # its run was dropped while it was being set up


__all__ = ["DROP_WAIT_S", "QUIET_S", "Ahead"]
