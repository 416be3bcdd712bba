"""The traces of a run directory: one appended file with an index (layout 3), the one-file-per-run
layout still read, and what a kill leaves (a torn last record) found and run again on resume."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from harness.replay import read_results, read_run_meta, replay
from harness.rundir import (
    ArchiveLedger,
    TraceStore,
    TraceWriter,
    read_trace,
    repair_traces,
)
from harness.schema import Message, ToolCall
from harness.untrusted.parse import LoadError
from tests.replay_helpers import EchoRunner, corpus


def run(packages: list[Any], out: Path, **kwargs: Any) -> Any:
    return replay(packages, EchoRunner(), out_dir=out, progress=False, **kwargs)


def test_traces_read_back_by_id_and_a_rewritten_id_reads_its_newest(tmp_path: Path) -> None:
    with TraceWriter(tmp_path) as writer:
        writer.write("a", [Message(text="first a")])
        writer.write(
            "b", [ToolCall(tool="artifact.read", args={"path": "input/x"}), Message(text="b")]
        )
        writer.write("empty", [])
        writer.write("a", [Message(text="second a")])  # a case re-run on resume
    store = TraceStore(tmp_path)
    assert store.read("a") == [Message(text="second a")]
    assert store.read("b")[1] == Message(text="b")
    assert store.read("empty") == [] and store.has("empty")
    assert not store.has("nothing") and store.read("nothing", missing_ok=True) == []
    # One file of records, not one per case.
    assert sorted(p.name for p in (tmp_path / "traces").iterdir()) == ["run.index", "run.traces"]


def test_layout_2_trace_files_still_read_beside_the_new_file(tmp_path: Path) -> None:
    (tmp_path / "traces").mkdir()
    (tmp_path / "traces" / "old.jsonl").write_text('{"type": "message", "text": "old"}\n')
    with TraceWriter(tmp_path) as writer:
        writer.write("new", [Message(text="new")])
    store = TraceStore(tmp_path)
    assert store.read("old") == [Message(text="old")] and store.has("old")
    assert store.read("new") == [Message(text="new")]


def test_a_torn_record_is_reported_by_file_and_byte_and_cut_on_repair(tmp_path: Path) -> None:
    with TraceWriter(tmp_path) as writer:
        writer.write("whole", [Message(text="kept")])
        writer.write("torn", [Message(text="cut short by a kill")])
    segment = tmp_path / "traces" / "run.traces"
    data = segment.read_bytes()
    segment.write_bytes(data[:-10])  # the kill landed inside the last record's write
    store = TraceStore(tmp_path)
    assert not store.has("torn") and store.has("whole")
    errors: list[LoadError] = []
    assert store.read("torn", missing_ok=True, errors=errors) == []
    (error,) = errors
    assert "run.traces (record at byte" in error.file and "cut short" in error.message
    notes = repair_traces(tmp_path)
    assert len(notes) == 1 and "run.traces" in notes[0]
    assert segment.read_bytes().endswith(b"\n")
    # Appending after the repair gives whole records again, the earlier ones untouched.
    with TraceWriter(tmp_path) as writer:
        writer.write("torn", [Message(text="again")])
    assert read_trace(tmp_path, "torn") == [Message(text="again")]
    assert read_trace(tmp_path, "whole") == [Message(text="kept")]


def test_an_index_line_naming_another_record_is_not_believed(tmp_path: Path) -> None:
    with TraceWriter(tmp_path) as writer:
        writer.write("a", [Message(text="a")])
    index = tmp_path / "traces" / "run.index"
    _, offset, length, stamp = index.read_text().split("\t")
    index.write_text(index.read_text() + f"b\t{offset}\t{length}\t{stamp}")
    errors: list[LoadError] = []
    assert TraceStore(tmp_path).read("b", missing_ok=True, errors=errors) == []
    assert errors and "another record" in errors[0].message


def test_the_ledger_gives_an_id_to_one_writer_only(tmp_path: Path) -> None:
    first, second = ArchiveLedger(tmp_path), ArchiveLedger(tmp_path)
    assert first.claim("x") is True
    assert second.claim("x") is False and second.claim("y") is True
    assert first.claim("y") is False


def test_resume_runs_again_a_case_whose_stored_trace_is_torn(tmp_path: Path) -> None:
    packages = corpus(6)
    whole, torn = tmp_path / "whole", tmp_path / "torn"
    run(packages, whole)
    run(packages, torn, run_id="torn-run")
    # What a lost write leaves: the last record cut short though its result line was stored.
    segment = torn / "traces" / "run.traces"
    segment.write_bytes(segment.read_bytes()[:-5])
    with TraceStore(torn) as store:
        lost = [r for r in read_results(torn) if not store.has(r.archive_id or "")]
    assert len(lost) == 1

    runner = EchoRunner()
    summary = replay(packages, runner, out_dir=torn, progress=False, resume=True)
    assert runner.calls == 1 and summary.ran == 1
    records = read_results(torn)
    assert sorted(r.key for r in records) == sorted(r.key for r in read_results(whole))
    with TraceStore(torn) as store:
        for record in records:
            assert store.read(record.archive_id) == [Message(text=f"answering {record.stage}")]
    notes = read_run_meta(torn)["notes"]
    assert any("is not whole; the case runs again" in note for note in notes)
    assert any("repaired traces/run.traces" in note for note in notes)
