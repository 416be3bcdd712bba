"""Cases replayed a little ahead of their items and scored beside the session, on the other cores.

pytest runs one item at a time, and an item needs its case's scores before it reports: scored in
its item, every case of a session is scored on one core, where ``shadow run`` scores beside its
replay on all of them (``harness.cli.run_beside``). Here a lone session (no xdist worker, not a
resumed run) whose runner is inline (recorded outputs: a case costs a fraction of a millisecond
to replay) does the same a little ahead of its items. When an item asks for its case, the cases
planned after it are replayed up to ``LINES_EACH`` per scoring process ahead, each part of
``results.jsonl`` goes to processes forked from this one as ``shadow score --workers`` scores it
(``harness.scorers.parts.PartPool``), and the item waits only for its own part. Cases are kept
in their lines' order, so the scores file and the report are the same bytes as when each item
scores its own case (``tests/test_plugin_ahead.py``).

What a user sees change: a case may be replayed before its item runs, so a session stopped early
(``-x``, Ctrl-C) holds up to that many more cases than it reported, each stored and scored as a
finished run's. ``--shadow-score-workers 1`` turns this off. Anything out of the ordinary (a
package that no longer loads, a case that raises, a scoring process that dies, a thread that
must not be copied by a fork) gives the ahead path up: the cases replayed and not yet scored are
scored here, in order, and every later case in its own item, as before.
"""

from __future__ import annotations

import argparse
from collections import deque
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pytest

from harness.pytest_plugin.ledger import load_package
from harness.pytest_plugin.session import ShadowSession, ShadowUsageError
from harness.pytest_plugin.store import CaseOutcome, Store
from harness.rundir import Part
from harness.scorers.parts import LINES_EACH, PartPool
from harness.scorers.run import StoredCases, forkable

if TYPE_CHECKING:
    from harness.detectors.base import Detector
    from harness.loading import Span
    from harness.replay.packages import PackageFiles
    from harness.schema import Package, RunRecord, Stage, TraceEvent
    from harness.scorers.base import Thresholds

Key = tuple[str, str]


@dataclass
class _Replayed:
    """A case replayed ahead: its line is stored, its scores are still to come."""

    package: Package
    record: RunRecord
    trace: list[TraceEvent]
    line: bytes
    span: Span


class _Corpus(Mapping[str, "Package"]):
    """The session's packages by id, as the scoring processes look them up (each read again from
    its line, as the case's item reads it)."""

    def __init__(self, corpus: PackageFiles) -> None:
        self._corpus = corpus

    def __getitem__(self, package_id: str) -> Package:
        if package_id not in self._corpus:
            raise KeyError(package_id)
        return load_package(self._corpus, package_id)

    def __iter__(self) -> Iterator[str]:
        return iter(head.id for head in self._corpus.heads)

    def __len__(self) -> int:
        return len(self._corpus.heads)


class ScoreAhead:
    """The session's hook: ``take(key)`` before a case is run in its item, ``drain()`` before a
    case is stored another way, ``close()`` at the session's end."""

    def __init__(
        self,
        store: Store,
        order: Sequence[tuple[str, Stage]],
        corpus: PackageFiles,
        workers: int,
        *,
        done: Callable[[Key], bool],
        arrive: Callable[[Key, CaseOutcome, Span], None],
    ) -> None:
        self._store, self._corpus, self.workers = store, corpus, workers
        self._done, self._arrive = done, arrive
        self._order = list(dict.fromkeys(order))
        self._index = {(p, str(s)): n for n, (p, s) in enumerate(self._order)}
        self._cursor = 0
        #: Replayed and not yet scored, in their lines' order; what has been scored, by key.
        self._waiting: dict[Key, _Replayed] = {}
        self._ready: dict[Key, CaseOutcome] = {}
        self._blobs: dict[Key, bytes] = {}
        #: Cases whose scoring raised here: their items raise it.
        self._failed: dict[Key, Exception] = {}
        #: The keys of each part handed in, oldest first, and of the part being gathered.
        self._parts: deque[list[Key]] = deque()
        self._current: list[Key] = []
        self._start = self._end = self._before = 0
        self._pool: PartPool | None = None
        self._stored: StoredCases | None = None
        self._place = _scorer_places()
        self.usable = True
        #: Cases whose scores the scoring processes made (the terminal summary says how many).
        self.scored_beside = 0

    # -- the session's calls --

    def take(self, key: Key) -> CaseOutcome | None:
        """The case's outcome, replayed and scored ahead; None when this path does not hold it
        (not planned, already taken, or given up before it was replayed)."""
        failed = self._failed.pop(key, None)
        if failed is not None:
            raise failed  # the case's own item reports why its scoring failed
        ready = self._ready.pop(key, None)
        at = self._index.get(key)
        if ready is not None or not self.usable or at is None:
            return ready
        if key not in self._waiting and at >= self._cursor + self.workers * LINES_EACH:
            # far ahead of the items (the shadow_run fixture asking early): run in the session,
            # rather than hold every case between here and there until its item comes
            return None
        try:
            self._replay_through(at + self.workers * LINES_EACH)
            if key in self._current:
                self._hand_in()
            while key in self._waiting and self._pool is not None and self._pool.collect_one():
                pass
        except Exception:  # the case's own item meets it again, if it is the case's own
            self.give_up()
        if key in self._waiting:  # handed to no process that answered: scored here
            self.give_up()
        failed = self._failed.pop(key, None)
        if failed is not None:
            raise failed
        return self._ready.pop(key, None)

    def drain(self) -> None:
        """Every case replayed ahead scored and kept: a case stored another way comes after."""
        if not self._waiting:
            return
        try:
            self._hand_in()
            while self._pool is not None and self._pool.collect_one():
                pass
        except Exception:
            self.give_up()
        if self._waiting:
            self.give_up()

    def close(self) -> None:
        self.drain()
        if self._pool is not None:
            self._pool.finish()  # every part is in: the workers stop at once
        self._stop()

    def give_up(self) -> None:
        """No more cases ahead; those replayed and not yet kept are scored here, in order."""
        self.usable = False
        self._stop()
        self._parts.clear()
        self._current = []
        for key in list(self._waiting):
            self._keep(key, self._blobs.pop(key, None))

    # -- replaying ahead --

    def _replay_through(self, last: int) -> None:
        from harness.replay.case import run_case
        from harness.replay.select import Case

        store = self._store
        while self._cursor < min(last + 1, len(self._order)):
            package_id, stage = self._order[self._cursor]
            self._cursor += 1
            key = (package_id, str(stage))
            if self._done(key) or key in self._waiting or key in self._ready:
                continue
            package = load_package(self._corpus, package_id)
            result = run_case(store.cases, Case(package, stage))
            if result is None:
                raise RuntimeError(f"{package_id} [{stage}]: the case was stopped before it ended")
            span = store.writer.append_line(result.line)
            if not self._current:
                self._start, self._before = span.offset, store.writer.lines - 1
            self._end = span.offset + span.length
            self._waiting[key] = _Replayed(package, result.record, result.trace, result.line, span)
            self._current.append(key)
            if len(self._current) >= LINES_EACH:
                self._hand_in()

    def _hand_in(self) -> None:
        if not self._current:
            return
        keys, self._current = self._current, []
        self._parts.append(keys)
        if self._pool is None:
            if not forkable():
                raise RuntimeError("a thread of this process would be copied mid-lock")
            self._stored = StoredCases(self._store.run_dir, _Corpus(self._corpus))
            self._pool = PartPool(self._stored, _Arrivals(self), None, self.workers)
        self._pool.submit(Part(self._start, self._end, self._before))

    # -- scores coming back (``_Arrivals``), in the parts' order --

    def scored(self, key: Key, blob: bytes) -> None:
        self._blobs[key] = blob

    def part_done(self) -> None:
        for key in self._parts.popleft():
            if key in self._waiting:
                # a case the processes skipped (its package not found) is scored here
                self._keep(key, self._blobs.pop(key, None))

    def _keep(self, key: Key, blob: bytes | None) -> None:
        from harness.schema import ScoreRecord

        case = self._waiting.pop(key)
        if blob is None:
            try:
                scores = self._store.score(case.package, case.record, case.trace)
            except Exception as exc:
                # a scorer that raises on this case: its own item reports it (``take``); its
                # line stays in results.jsonl unscored, as a run stopped before scoring leaves
                # it, and every other case is kept as ever
                self._failed[key] = exc
                return
        else:
            # canonical lines sort a case's scores by name; its item meets them as scored
            read = [ScoreRecord.model_validate_json(line) for line in blob.splitlines()]
            scores = sorted(read, key=lambda s: self._place.get(s.scorer, len(self._place)))
            self.scored_beside += 1
        outcome = CaseOutcome(case.record, case.trace, scores)
        self._store.keep(outcome, case.line, case.span, blob)
        self._arrive(key, outcome, case.span)
        self._ready[key] = outcome

    def _stop(self) -> None:
        if self._pool is not None:
            self._pool.abandon()
            self._pool = None
        if self._stored is not None:
            self._stored.close()
            self._stored = None


class _Arrivals:
    """The pool's score sink (``harness.scorers.parts.ScoreSink``): each case's lines, then the
    end of its part, handed to the ``ScoreAhead`` that gave the part out."""

    thresholds: Thresholds | None = None
    detectors: Mapping[str, Detector] | None = None

    def __init__(self, ahead: ScoreAhead) -> None:
        self._ahead = ahead

    def add_case(self, key: Key, blob: bytes) -> None:
        self._ahead.scored(key, blob)

    def merge(self, metrics: Mapping[str, set[str]], cases: int) -> None:
        self._ahead.part_done()


def for_session(session: ShadowSession, store: Store) -> ScoreAhead | None:
    """The session's ``ScoreAhead``, or None where its items score their own cases: an xdist
    worker or a resumed run, a runner that is not inline, cases from several corpora, one
    scoring process (``--shadow-score-workers``, or ``auto`` below 500 cases)."""
    from harness.cli.workers import resolve

    workers = resolve(score_workers(session.config), len(session.order))
    corpora = list(session.corpora.values())
    inline = getattr(session.runner(), "inline", False) is True
    if workers < 2 or not inline or len(corpora) != 1 or session.worker_id or session.resuming:
        return None
    ledger = session.ledger
    return ScoreAhead(store, session.order, corpora[0], workers, done=ledger.__contains__,
                      arrive=ledger.stored)  # fmt: skip


def _scorer_places() -> dict[str, int]:
    """Each scorer's place in a case's scores as ``score_case`` lists them: the registry's
    scorers, then the derived verdicts (canonical lines sort them by name instead)."""
    from harness.scorers import DERIVED, SCORERS

    names = [fn.name for fn in SCORERS] + [d.name for d in DERIVED]
    return {name: n for n, name in enumerate(names)}


def score_workers(config: pytest.Config) -> int | None:
    """``--shadow-score-workers``: a count, or None for ``auto``; ``ShadowUsageError`` else."""
    from harness.cli.workers import workers_arg

    asked = str(config.getoption("shadow_score_workers") or "auto")
    try:
        return workers_arg(asked)
    except (ValueError, argparse.ArgumentTypeError) as exc:
        raise ShadowUsageError(f"--shadow-score-workers: {exc}") from exc
