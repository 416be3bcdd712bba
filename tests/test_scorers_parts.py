"""Scoring a stored run in several processes: the same bytes, notes and table as one process, bad
lines named by their own line numbers, a dying worker an error and never a partial file."""

from __future__ import annotations

import argparse
import os
import shutil
import threading
from pathlib import Path

import orjson
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from harness.cli import main
from harness.cli import score as score_cli
from harness.cli.workers import PARTS_FROM, cpu_quota, resolve, usable_cores, workers_arg
from harness.rundir import RESULTS, SCORES, Part, iter_result_lines, parts
from harness.scorers import parts as parts_module
from harness.scorers import run as score_run_module
from harness.scorers.run import ScoringError, score_run_dir
from harness.scorers.stage_table import StageTable
from harness.tables import load_tables
from harness.untrusted.parse import LoadError

ROOT = Path(__file__).resolve().parent.parent
RECORDINGS = ROOT / "recordings" / "sophobot"
CASES = 40


@pytest.fixture(scope="module")
def replayed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """40 cases of the shipped recordings replayed (recorded outputs), not scored."""
    out = tmp_path_factory.mktemp("parts") / "run"
    argv = ["run", "--runner", "recorded", "--model", "reference-careful", "--recordings",
            str(RECORDINGS), "--out", str(out), "--limit", str(CASES), "--no-report",
            "--no-progress"]  # fmt: skip
    assert main(argv) == 0
    return out


@pytest.fixture
def small_parts(monkeypatch: pytest.MonkeyPatch) -> None:
    # Parts of 7 lines: the 40 cases are cut into 6 parts, some splitting a package's stages.
    monkeypatch.setattr(parts_module, "LINES_EACH", 7)
    # pytest-xdist's worker runs threads of its own, so scoring would stay in one process; the
    # children here do nothing those threads hold a lock for.
    monkeypatch.setattr(score_run_module, "forkable", lambda: True)


def test_a_process_with_other_threads_scores_alone(
    replayed: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    run_dir = _copy(replayed, tmp_path / "run")
    monkeypatch.setattr(parts_module, "score_in_parts", _not_called)
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        assert score_run_dir(run_dir, keep_records=False, workers=2).cases == CASES
    finally:
        stop.set()
        other.join()


def _copy(run_dir: Path, dest: Path) -> Path:
    shutil.copytree(run_dir, dest)
    (dest / SCORES).unlink(missing_ok=True)
    return dest


def _scored(run_dir: Path, workers: int) -> tuple[bytes, list[str], str, int]:
    table = StageTable()
    result = score_run_dir(run_dir, keep_records=False, table=table, workers=workers)
    return (run_dir / SCORES).read_bytes(), result.skipped, table.render(), result.cases


@pytest.mark.usefixtures("small_parts")
def test_parts_give_the_bytes_notes_and_table_of_one_process(
    replayed: Path, tmp_path: Path
) -> None:
    run_dir = _copy(replayed, tmp_path / "run")
    one = _scored(run_dir, 1)
    assert one[3] == CASES and one[0].count(b"\n") > CASES
    assert _scored(run_dir, 2) == one
    assert _scored(run_dir, 3) == one


@pytest.mark.usefixtures("small_parts")
def test_bad_lines_repeats_and_strays_are_noted_alike_with_their_own_line_numbers(
    replayed: Path, tmp_path: Path
) -> None:
    run_dir = _copy(replayed, tmp_path / "run")
    lines = (run_dir / RESULTS).read_bytes().splitlines(keepends=True)
    stray = orjson.dumps({**orjson.loads(lines[5]), "package": "no-such-package"}) + b"\n"
    # Line 12 does not parse; line 20 is a re-run of line 3 (the last one wins); a torn last line.
    edited = [*lines[:11], b'{"package": \n', *lines[11:18], lines[2], stray, *lines[18:]]
    (run_dir / RESULTS).write_bytes(b"".join(edited) + lines[0][:30])
    one = _scored(run_dir, 1)
    bad = [note for note in one[1] if note.startswith("bad stored line")]
    assert len(bad) == 1 and f"{RESULTS}:12:" in bad[0]
    assert any("package not found" in note for note in one[1])
    assert one[3] == CASES  # every case once (the re-run's last line), not the stray
    assert _scored(run_dir, 2) == one


@pytest.mark.usefixtures("small_parts")
def test_the_tables_built_in_parts_are_the_ones_read_from_the_files(
    replayed: Path, tmp_path: Path
) -> None:
    run_dir = _copy(replayed, tmp_path / "run")
    made = score_run_dir(run_dir, keep_records=False, workers=2, tables=True).tables
    assert made is not None
    read = load_tables(run_dir)
    assert len(read.scores) > 10 * CASES and read.results["package"].nunique() > 6
    # Rows in file order whichever part a case came in, codes of six parts joined as one.
    pd.testing.assert_frame_equal(made.scores, read.scores, check_exact=True)
    pd.testing.assert_frame_equal(made.results, read.results, check_exact=True)
    assert made.lines == read.lines and made.errors == read.errors == ()
    # Only asked for: `shadow score` builds none.
    assert score_run_dir(run_dir, keep_records=False, workers=2).tables is None


@pytest.mark.usefixtures("small_parts")
@pytest.mark.parametrize("edit", ["bad line", "re-run"])
def test_a_bad_line_or_a_re_run_leaves_the_tables_to_the_files(
    replayed: Path, tmp_path: Path, edit: str
) -> None:
    # load_tables then judges what the report shows (its errors, the last record of a case).
    run_dir = _copy(replayed, tmp_path / "run")
    lines = (run_dir / RESULTS).read_bytes().splitlines(keepends=True)
    added = b'{"package": \n' if edit == "bad line" else lines[2]
    (run_dir / RESULTS).write_bytes(b"".join([*lines[:11], added, *lines[11:]]))
    result = score_run_dir(run_dir, keep_records=False, workers=2, tables=True)
    assert result.cases == CASES and result.tables is None


def _not_called(*args: object) -> None:
    raise AssertionError("scored in parts")


def _die(part: Part) -> parts_module.PartScores:
    os._exit(3)  # a worker killed (out of memory, a signal) before it answers


@pytest.mark.usefixtures("small_parts")
def test_a_worker_that_dies_stops_scoring_with_no_scores_file(
    replayed: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    run_dir = _copy(replayed, tmp_path / "run")
    monkeypatch.setattr(parts_module, "_score_part", _die)
    with pytest.raises(ScoringError, match="a scoring process died"):
        score_run_dir(run_dir, keep_records=False, workers=2)
    assert not (run_dir / SCORES).exists()
    assert [p.name for p in run_dir.iterdir() if p.name.startswith(".")] == []


def test_records_are_not_kept_in_parts(replayed: Path) -> None:
    with pytest.raises(ValueError, match="keeps no records"):
        score_run_dir(replayed, workers=2)


@pytest.mark.usefixtures("small_parts")
def test_shadow_score_and_shadow_run_print_the_same_whatever_the_workers(
    replayed: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run_dir = _copy(replayed, tmp_path / "run")
    printed = []
    for workers in ("1", "2"):
        assert main(["score", str(run_dir), "--workers", workers]) == 0
        printed.append((capsys.readouterr().out, (run_dir / SCORES).read_bytes()))
    assert printed[0] == printed[1]
    reports = []
    for workers in ("1", "2"):
        out = tmp_path / f"e2e-{workers}"
        argv = ["run", "--runner", "recorded", "--model", "reference-careful", "--recordings",
                str(RECORDINGS), "--out", str(out), "--limit", str(CASES), "--no-progress",
                "--score-workers", workers]  # fmt: skip
        assert main(argv) == 0
        capsys.readouterr()
        reports.append(((out / SCORES).read_bytes(), _masked(out / "report.md", out.name)))
    assert reports[0] == reports[1]
    assert reports[0][0] == printed[0][1]


def _masked(path: Path, name: str) -> str:
    # The run's id and clock differ between any two runs; nothing else may.
    keep = ("run_id", "started_at", "ended_at", "# Shadow report")
    text = path.read_text().replace(name, "RUN")
    return "\n".join(line for line in text.splitlines() if not line.lstrip("| ").startswith(keep))


def test_workers_argument_and_auto() -> None:
    assert workers_arg("auto") is None and workers_arg("3") == 3
    for bad in ("0", "-1", "two", ""):
        with pytest.raises(argparse.ArgumentTypeError, match="whole number"):
            workers_arg(bad)
    assert resolve(None, PARTS_FROM - 1) == 1
    assert resolve(None, PARTS_FROM) == usable_cores()
    assert resolve(4, 10) == 4
    assert resolve(4, 10**6, judge=True) == 1  # a judge model is asked from one process


def test_auto_counts_the_cgroups_cpu_quota(tmp_path: Path) -> None:
    v2 = tmp_path / "v2"
    v2.mkdir()
    (v2 / "cpu.max").write_text("150000 100000\n")  # one and a half CPUs' time: two workers
    assert cpu_quota(v2) == 2
    assert usable_cores(v2) == min(2, usable_cores(tmp_path / "none"))
    (v2 / "cpu.max").write_text("max 100000\n")
    assert cpu_quota(v2) is None
    v1 = tmp_path / "v1" / "cpu"
    v1.mkdir(parents=True)
    (v1 / "cpu.cfs_quota_us").write_text("100000\n")
    (v1 / "cpu.cfs_period_us").write_text("100000\n")
    assert cpu_quota(v1.parent) == 1 and usable_cores(v1.parent) == 1
    (v1 / "cpu.cfs_quota_us").write_text("-1\n")  # no quota
    assert cpu_quota(v1.parent) is None


def test_shadow_score_refuses_zero_workers(capsys: pytest.CaptureFixture[str]) -> None:
    parser = argparse.ArgumentParser()
    score_cli.add_parser(parser.add_subparsers(dest="command"))
    with pytest.raises(SystemExit):
        parser.parse_args(["score", "run", "--workers", "0"])
    assert "'0' is not 'auto' or a whole number >= 1" in capsys.readouterr().err


_LINE = st.sampled_from([b'{"a": 1}', b"", b"junk", b'{"package": "p", "stage": "draft"}'])


@settings(max_examples=60, deadline=None)
@given(
    lines=st.lists(st.tuples(_LINE, st.sampled_from([b"\n", b"\r\n", b"\r"])), max_size=30),
    torn=st.booleans(),
    each=st.integers(1, 8),
)
def test_parts_cover_the_file_and_read_as_its_own_lines(
    tmp_path_factory: pytest.TempPathFactory,
    lines: list[tuple[bytes, bytes]],
    torn: bool,
    each: int,
) -> None:
    run_dir = tmp_path_factory.mktemp("p")
    data = b"".join(text + end for text, end in lines) + (b'{"torn' if torn else b"")
    (run_dir / RESULTS).write_bytes(data)
    cut = parts(run_dir / RESULTS, each)
    # Each part starts where the last ended, and together they hold the whole file.
    assert [p.start for p in cut] == [0, *(p.end for p in cut[:-1])][: len(cut)]
    assert (cut[-1].end if cut else 0) == len(data)
    whole: list[LoadError] = []
    list(iter_result_lines(run_dir, whole))
    pieces: list[LoadError] = []
    for part in cut:
        list(iter_result_lines(run_dir, pieces, part=part))
    assert pieces == whole


def _interrupted(*args: object, **kwargs: object) -> None:
    raise KeyboardInterrupt


def test_ctrl_c_while_scoring_says_so_and_writes_nothing(
    replayed: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    run_dir = _copy(replayed, tmp_path / "run")
    monkeypatch.setattr(score_cli, "score_run_dir", _interrupted)
    assert main(["score", str(run_dir), "--workers", "2"]) == 130
    assert capsys.readouterr().err == "shadow score: interrupted; no scores written\n"
    assert not (run_dir / SCORES).exists()
