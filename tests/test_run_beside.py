"""``shadow run`` scores a recorded run in processes beside the replay (``harness.cli.run_beside``):
the scores, run.json's scoring and the report are those of scoring the finished run, the tables
those ``load_tables`` reads; a process that must not fork, or a resumed run, is scored after the
replay as before; the trace store reads what was written after it opened."""

from __future__ import annotations

from pathlib import Path

import orjson
import pandas as pd
import pytest

from harness.cli import main, run_beside
from harness.rundir import RESULTS, SCORES, Part, parts, read_run_meta
from harness.rundir.traces import TraceStore, TraceWriter
from harness.schema import Message
from harness.scorers import parts as parts_module
from harness.scorers import run as score_run_module
from harness.scorers.stored import ScoringError
from harness.tables import load_tables

ROOT = Path(__file__).resolve().parent.parent
RECORDINGS = ROOT / "recordings" / "sophobot"
CASES = 40


@pytest.fixture
def beside(monkeypatch: pytest.MonkeyPatch) -> list[run_beside.BesideScores]:
    """Parts of 7 lines (40 cases: six parts, the last one short), forking allowed though
    pytest-xdist runs threads of its own, and every BesideScores made, to look at."""
    monkeypatch.setattr(parts_module, "LINES_EACH", 7)
    monkeypatch.setattr(score_run_module, "forkable", lambda: True)
    made: list[run_beside.BesideScores] = []
    original = run_beside.BesideScores.__init__

    def spy(self: run_beside.BesideScores, *args: object, **kwargs: object) -> None:
        original(self, *args, **kwargs)  # type: ignore[arg-type]
        made.append(self)

    monkeypatch.setattr(run_beside.BesideScores, "__init__", spy)
    return made


def _run(out: Path, *more: str) -> int:
    argv = ["run", "--runner", "recorded", "--model", "reference-careful", "--recordings",
            str(RECORDINGS), "--out", str(out), "--limit", str(CASES), "--no-progress", *more]  # fmt: skip
    return main(argv)


def _masked(path: Path, name: str) -> str:
    # The run's id and clock differ between any two runs; nothing else may.
    keep = ("run_id", "started_at", "ended_at", "# Shadow report")
    text = path.read_text().replace(name, "RUN")
    return "\n".join(line for line in text.splitlines() if not line.lstrip("| ").startswith(keep))


def test_scores_made_beside_the_replay_are_those_of_the_finished_run(
    beside: list[run_beside.BesideScores], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    after = tmp_path / "rq-after"
    assert _run(after, "--score-workers", "1") == 0
    monkeypatch.setattr(parts_module, "score_in_parts", _not_after)
    made = tmp_path / "rq-beside"
    assert _run(made, "--score-workers", "2") == 0
    assert len(beside) == 1 and beside[0].cases == CASES
    assert (made / SCORES).read_bytes() == (after / SCORES).read_bytes()
    assert _masked(made / "report.md", made.name) == _masked(after / "report.md", after.name)
    scoring = [read_run_meta(run)["scoring"] for run in (made, after)]
    assert [s["scorers"] for s in scoring[:1]] == [s["scorers"] for s in scoring[1:]]


def _not_after(*args: object, **kwargs: object) -> None:
    raise AssertionError("the finished run was scored again in parts")


def test_the_tables_made_beside_are_the_ones_read_from_the_files(
    beside: list[run_beside.BesideScores], tmp_path: Path
) -> None:
    out = tmp_path / "run"
    assert _run(out, "--score-workers", "2") == 0
    tables = beside[0].tables()
    assert tables is not None
    read = load_tables(out)
    assert len(read.scores) > 10 * CASES
    pd.testing.assert_frame_equal(tables.scores, read.scores, check_exact=True)
    pd.testing.assert_frame_equal(tables.results, read.results, check_exact=True)
    assert tables.lines == read.lines and tables.errors == read.errors == ()


def test_a_process_that_must_not_fork_scores_after_the_replay(
    beside: list[run_beside.BesideScores], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    after = tmp_path / "rq-after"
    assert _run(after, "--score-workers", "1") == 0
    monkeypatch.setattr(score_run_module, "forkable", lambda: False)
    out = tmp_path / "run"
    assert _run(out, "--score-workers", "2") == 0
    assert not beside[0].usable  # given up at the first part: scored from the files
    assert (out / SCORES).read_bytes() == (after / SCORES).read_bytes()


def test_a_resumed_or_threaded_run_is_not_scored_beside(
    beside: list[run_beside.BesideScores], tmp_path: Path
) -> None:
    out = tmp_path / "run"
    assert _run(out, "--score-workers", "2", "--jobs", "2") == 0
    lines = (out / RESULTS).read_bytes().splitlines(keepends=True)
    (out / RESULTS).write_bytes(b"".join(lines[:25]))
    (out / SCORES).unlink()
    assert main(["run", "--resume", str(out), "--no-progress", "--score-workers", "2"]) == 0
    assert beside == []
    assert (out / SCORES).exists()


def test_a_worker_that_dies_during_the_replay_leaves_the_run_to_the_files(
    beside: list[run_beside.BesideScores], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    after = tmp_path / "rq-after"
    assert _run(after, "--score-workers", "1") == 0
    calls: list[int] = []
    original = parts_module.PartPool.submit

    def submit(self: parts_module.PartPool, part: Part) -> None:
        calls.append(part.start)
        if len(calls) == 2:
            raise ScoringError("a scoring process died (test)")
        original(self, part)

    monkeypatch.setattr(parts_module.PartPool, "submit", submit)
    out = tmp_path / "run"
    assert _run(out, "--score-workers", "2") == 0
    assert not beside[0].usable and len(calls) > 2  # the finished run was scored in parts
    assert (out / SCORES).read_bytes() == (after / SCORES).read_bytes()


def test_a_trace_store_reads_what_was_written_after_it_opened(tmp_path: Path) -> None:
    with TraceWriter(tmp_path, "run") as writer:
        writer.write("a-1", [Message(text="first")])
        store = TraceStore(tmp_path)
        assert "a-1" in store and "a-2" not in store
        writer.write("a-2", [Message(text="second")])
        assert "a-2" not in store
        store.refresh()
        assert [e.text for e in store.read("a-2")] == ["second"]  # type: ignore[union-attr]
        store.refresh()  # nothing new: nothing read twice
        assert store.errors == []
    index = tmp_path / "traces" / "run.index"
    # a line still being written is read once it is whole, with its own line number
    with index.open("ab") as handle:
        handle.write(b"not an index line")
    store.refresh()
    assert store.errors == []
    with index.open("ab") as handle:
        handle.write(b"\n")
    store.refresh()
    assert [(e.line, e.message) for e in store.errors] == [(3, "not an index line")]
    store.close()


class _Cut(run_beside.BesideScores):
    """The parts a replay's lines are cut into, kept instead of scored."""

    def __init__(self, run_dir: Path) -> None:
        super().__init__(run_dir, 2)
        self.handed: list[Part] = []

    def _submit(self, part: Part) -> None:
        self.handed.append(part)


def test_the_results_file_is_cut_where_the_replay_wrote_its_lines(tmp_path: Path) -> None:
    # the parts handed in cover results.jsonl line for line, as ``parts`` cuts a stored file
    lines = [orjson.dumps({"n": n, "pad": "x" * n}) for n in range(600)]
    (tmp_path / RESULTS).write_bytes(b"".join(line + b"\n" for line in lines))
    hook = _Cut(tmp_path)
    for line in lines:
        hook.case(None, line, None)  # type: ignore[arg-type]
    hook._hand_in()  # the last, short part, as finish hands it in
    assert hook.handed == parts(tmp_path / RESULTS, parts_module.LINES_EACH)


def test_a_run_shorter_than_a_part_that_must_not_fork_is_scored_from_its_files(
    beside: list[run_beside.BesideScores], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    after = tmp_path / "rq-after"
    assert _run(after, "--score-workers", "1") == 0
    monkeypatch.setattr(parts_module, "LINES_EACH", 256)  # every case in the last part
    monkeypatch.setattr(score_run_module, "forkable", lambda: False)
    out = tmp_path / "rq-short"
    assert _run(out, "--score-workers", "2") == 0
    assert not beside[0].usable
    assert (out / SCORES).read_bytes() == (after / SCORES).read_bytes()
    assert _masked(out / "report.md", out.name) == _masked(after / "report.md", after.name)
