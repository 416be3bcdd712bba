"""What a pytest session keeps of its cases once their items have reported.

A case's outcome (record, trace, every score with its details) is about 40 KB of objects; held
to the session's end, 8,640 cases took the session past 1.2 GB and made each of the collector's
full passes rescan them all. Once a case's item has its report, the session keeps only what its
end needs: the case's status (run.json's counts), where its result line is, and, for the cases a
gate reads, their scores without details (no gate reads them: ``gates.ship`` sends the same to
the xdist controller). Its score lines are already on their way to ``scores.jsonl``
(``store.Store.share``).

Whole outcomes are held only while something may ask for them again: the ``shadow_run`` fixture
(asked twice, it returns the same objects) and a case more items will ask for (two suites that
select it). A case asked for again after it was let go is read back from the run directory, as a
resumed session reads its stored cases (``session.ShadowSession.case``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from harness.pytest_plugin.store import CaseOutcome

if TYPE_CHECKING:
    from harness.loading import Span
    from harness.replay.packages import PackageFiles
    from harness.schema import Package, ScoreRecord

Key = tuple[str, str]


@dataclass
class Ledger:
    #: Every case this process stored or judged from a resumed run, in that order: its status.
    statuses: dict[Key, str] = field(default_factory=dict)
    #: Where this process's ``results.jsonl`` holds the line of each case it ran.
    lines: dict[Key, Span] = field(default_factory=dict)
    #: The cases a gate of this process reads (or, on an xdist worker, ships to the controller).
    gate_keys: set[Key] = field(default_factory=set)
    gate_scores: dict[Key, list[ScoreRecord]] = field(default_factory=dict)
    #: How many collected items are still to ask for each case.
    asks: Counter[Key] = field(default_factory=Counter)
    #: Outcomes held whole (see the module's doc); ``pinned``: the fixture's, held to the end.
    held: dict[Key, CaseOutcome] = field(default_factory=dict)
    pinned: set[Key] = field(default_factory=set)

    def plan(self, keys: Iterable[Key], gate_keys: Iterable[Key]) -> None:
        """At the end of collection: the items' cases (a case may have several) and the cases
        the gates read."""
        self.asks = Counter(keys)
        self.gate_keys = set(gate_keys)

    def __contains__(self, key: object) -> bool:
        return key in self.statuses

    def stored(self, key: Key, outcome: CaseOutcome, span: Span | None) -> None:
        """A case this process has just run (``span``: its result line) or judged from the
        stored run: what the session's end and the gates need of it."""
        self.statuses[key] = str(outcome.record.status)
        if span is not None:
            self.lines[key] = span
        if key in self.gate_keys:
            self.gate_scores[key] = [s.model_copy(update={"details": []}) for s in outcome.scores]

    def held_for(self, key: Key, *, item: bool) -> CaseOutcome | None:
        """The outcome held for ``key``, if any; an item's ask counts down its case's asks, and
        the last item's ask lets an unpinned outcome go (it is still returned)."""
        if item and self.asks[key] > 0:
            self.asks[key] -= 1
        held = self.held.get(key)
        if held is not None and item and not self.asks[key] and key not in self.pinned:
            del self.held[key]
        return held

    def hold(self, key: Key, outcome: CaseOutcome, *, item: bool) -> None:
        """After an ask that found nothing held: keep the outcome whole if it may be asked for
        again (the fixture's always; an item's while more items will ask for its case)."""
        if not item:
            self.pinned.add(key)
        if not item or self.asks[key] > 0:
            self.held[key] = outcome

    def scores_of(self, keys: Sequence[Key]) -> dict[Key, list[ScoreRecord]]:
        return {k: self.gate_scores[k] for k in keys if k in self.gate_scores}

    def shipped(self) -> Iterator[ScoreRecord]:
        for found in self.gate_scores.values():
            yield from found


def read_back(package: Package, results: Path, span: Span, run_dir: Path) -> CaseOutcome:
    """A case of this process read back from the run directory: its result line at ``span`` of
    ``results``, its archived trace, and its scores made again from them (scoring is a function of
    package, record and trace: the scores it had)."""
    from harness.rundir import TraceStore
    from harness.schema import RunRecord
    from harness.scorers.run import context_for, score_case
    from harness.untrusted.parse import parse_json_object

    with results.open("rb") as handle:
        handle.seek(span.offset)
        record = RunRecord.model_validate(parse_json_object(handle.read(span.length)))
    with TraceStore(run_dir) as traces:
        trace = traces.read(record.archive_id, missing_ok=True)
    return CaseOutcome(record, trace, score_case(context_for(package, record, trace)))


def load_package(corpus: PackageFiles, package_id: str) -> Package:
    """A package of ``corpus`` read again from its line: ``PackageChanged``, naming the file,
    when the line no longer reads as that package (or the file as a file)."""
    from harness.replay.packages import PackageChanged

    try:
        return corpus.load(package_id)
    except OSError as exc:
        raise PackageChanged(f"{exc.filename}: cannot be read again: {exc.strerror}") from exc
