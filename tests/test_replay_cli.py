"""``shadow run`` and ``shadow merge`` as a user calls them."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from harness.cli import main
from harness.replay import Filters, Shard, read_results, read_run_meta, select_cases
from harness.rundir import RESULTS
from harness.schema import Stage
from tests.replay_helpers import corpus

ROOT = Path(__file__).resolve().parents[1]


def write_recordings(folder: Path, count: int = 8, bad_line: bool = False) -> Path:
    folder.mkdir(parents=True)
    lines = [p.model_dump_json() for p in corpus(count)]
    if bad_line:
        lines.insert(2, '{"id": "broken", "agent": "vojan"}')
    (folder / "packages.jsonl").write_text("\n".join(lines) + "\n")
    return folder


def shadow(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str], str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out.splitlines(), captured.err


def keys(out: Path) -> list[tuple[str, str]]:
    return [r.key for r in read_results(out)]


def test_run_replays_every_case_and_names_the_run_directory_last(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    recordings = write_recordings(tmp_path / "rec", bad_line=True)
    out = tmp_path / "runs" / "r1"
    code, stdout, stderr = shadow(
        capsys, "run", "--recordings", str(recordings), "--out", str(out), "--no-progress"
    )
    # A package that failed to load is an input error (exit 2), but the rest still ran.
    assert code == 2
    assert stdout[-1] == str(out)
    assert "load error(s): those packages did not run (exit 2)" in stderr
    # The broken package is reported as file:line: field: message and skipped; the run goes on.
    assert f"{recordings / 'packages.jsonl'}:3:" in stderr
    expected = {c.key for c in select_cases(corpus(8))}
    assert set(keys(out)) == expected and len(keys(out)) == len(expected)
    meta = read_run_meta(out)
    assert meta["runner"] == "reference" and meta["model"] == "reference-careful"
    assert meta["recordings"] == [str(recordings)] and meta["load_errors"]["count"] >= 1
    assert any("total" in line for line in stdout)  # the summary table of after_run


def test_filters_on_the_command_line_select_the_same_cases_as_the_api(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    recordings = write_recordings(tmp_path / "rec", count=16)
    out = tmp_path / "run"
    code, _, _ = shadow(
        capsys,
        "run",
        "--recordings",
        str(recordings),
        "--out",
        str(out),
        "--no-progress",
        "--stage",
        "reconcile",
        "preflight",
        "--agent",
        "vojan",
        "--shard",
        "1/2",
        "--no-report",  # the cases chosen are under test, not the report (test_report_run.py)
    )
    assert code == 0
    expected = select_cases(
        corpus(16),
        Filters(
            stages=frozenset({Stage.reconcile, Stage.preflight}),
            agents=frozenset({"vojan"}),
            shard=Shard(1, 2),
        ),
    )
    assert sorted(keys(out)) == sorted(c.key for c in expected)


@pytest.mark.parametrize(
    "extra",
    [
        ["--shard", "3/2"],
        ["--label", "no-equals-sign"],
        ["--stage", "dance"],
        ["--runner", "nonsense"],
        ["--jobs", "0"],
        ["--profile", "reckless"],
        ["stray-argument"],
    ],
)
def test_usage_errors_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: list[str]
) -> None:
    recordings = write_recordings(tmp_path / "rec")
    code, _, stderr = shadow(
        capsys, "run", "--recordings", str(recordings), "--out", str(tmp_path / "o"), *extra
    )
    assert code == 2
    assert "error" in stderr
    assert not (tmp_path / "o").exists()


def test_resume_refuses_a_changed_configuration(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    recordings = write_recordings(tmp_path / "rec")
    out = tmp_path / "run"
    # What resume accepts is under test, not the report: no report is written.
    run = ["run", "--recordings", str(recordings), "--out", str(out), "--no-progress"]
    assert shadow(capsys, *run, "--no-report")[0] == 0
    code, _, stderr = shadow(capsys, "run", "--resume", str(out), "--profile", "credulous")
    assert code == 2 and "--opt profile" in stderr
    code, _, stderr = shadow(capsys, "run", "--resume", str(out), "--stage", "draft")
    assert code == 2 and "filters" in stderr
    code, stdout, _ = shadow(capsys, "run", "--resume", str(out), "--no-progress", "--no-report")
    assert code == 0 and stdout[-1] == str(out)


def test_merge_of_cli_shards_equals_the_unsharded_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    recordings = write_recordings(tmp_path / "rec", count=12)
    # Results are merged and compared, not reports: no run writes one.
    base = ["run", "--recordings", str(recordings), "--no-progress", "--no-report"]
    assert shadow(capsys, *base, "--out", str(tmp_path / "whole"))[0] == 0
    assert shadow(capsys, *base, "--out", str(tmp_path / "s1"), "--shard", "1/2")[0] == 0
    assert shadow(capsys, *base, "--out", str(tmp_path / "s2"), "--shard", "2/2")[0] == 0
    merged = tmp_path / "merged"
    code, stdout, _ = shadow(
        capsys, "merge", str(tmp_path / "s1"), str(tmp_path / "s2"), "--out", str(merged)
    )
    assert code == 0 and stdout[-1] == str(merged)

    def decided(out: Path) -> dict[tuple[str, str], object]:
        return {r.key: (r.status, r.envelope.result) for r in read_results(out)}

    assert decided(merged) == decided(tmp_path / "whole")
    code, _, stderr = shadow(
        capsys,
        "merge",
        str(tmp_path / "whole"),
        str(tmp_path / "s1"),
        "--out",
        str(tmp_path / "m2"),
    )
    assert code == 1 and "duplicate" in stderr


@pytest.mark.slow
def test_sigkill_of_shadow_run_then_resume_equals_an_uninterrupted_run(tmp_path: Path) -> None:
    recordings = write_recordings(tmp_path / "rec", count=6)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [
        sys.executable,
        "-m",
        "harness.cli",
        "run",
        "--runner",
        "python",
        "--opt",
        "target=tests.slow_echo:slow_stage",
        "--recordings",
        str(recordings),
        "--jobs",
        "4",
        "--no-progress",
    ]
    whole = tmp_path / "whole"
    # Only its results are compared: the uninterrupted run skips the scores and the report, and
    # runs in this process (the kill and the resume are what need processes of their own).
    assert main([*command[3:], "--out", str(whole), "--no-report"]) == 0

    killed = tmp_path / "killed"
    process = subprocess.Popen(
        [*command, "--out", str(killed)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        pause = threading.Event()
        for _ in range(3000):  # bounded wait until some results are on disk
            path = killed / RESULTS
            if (
                path.exists() and path.read_bytes().count(b"\n") >= 3
            ) or process.poll() is not None:
                break
            pause.wait(0.01)
        process.send_signal(signal.SIGKILL)
    finally:
        process.wait(timeout=60)
    assert process.returncode == -signal.SIGKILL, "the run ended before the kill"
    assert len(read_results(killed)) < len(read_results(whole))

    resumed = subprocess.run(
        [
            sys.executable,
            "-m",
            "harness.cli",
            "run",
            "--resume",
            str(killed),
            "--no-progress",
            "--no-report",
        ],  # results are compared, not reports
        cwd=ROOT,
        env=env,
        timeout=300,
        capture_output=True,
        text=True,
    )
    assert resumed.returncode == 0, resumed.stderr
    assert resumed.stdout.splitlines()[-1] == str(killed)

    def decided(out: Path) -> dict[tuple[str, str], tuple[str, object]]:
        records = read_results(out)
        assert len(records) == len({r.key for r in records}), "duplicate results"
        return {r.key: (r.status, r.envelope.result) for r in records}

    assert decided(killed) == decided(whole)
    assert all(status == "completed" for status, _ in decided(whole).values())


def test_input_errors_exit_2_before_anything_runs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "nope.jsonl"
    code, _, stderr = shadow(
        capsys, "run", "--recordings", str(missing), "--out", str(tmp_path / "a")
    )
    assert code == 2 and f"{missing}: no such file or directory" in stderr
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    code, _, stderr = shadow(
        capsys, "run", "--recordings", str(empty), "--out", str(tmp_path / "b")
    )
    assert code == 2 and "an empty recordings set" in stderr
    assert not (tmp_path / "a").exists() and not (tmp_path / "b").exists()
    code, _, stderr = shadow(capsys, "validate", str(missing))
    assert code == 2 and "no such file or directory" in stderr
    code, _, stderr = shadow(capsys, "validate", str(empty))
    assert code == 2 and "no package and no recorded output" in stderr
    recordings = write_recordings(tmp_path / "rec")
    out = tmp_path / "c"
    code, stdout, stderr = shadow(
        capsys, "run", "--recordings", str(recordings), "--out", str(out), "--no-progress",
        "--package", "no-such-*",
    )  # fmt: skip
    assert code == 2 and "no case ran" in stderr and stdout[-1] == str(out)


def test_a_dead_endpoint_exits_3_naming_the_connection_error_last(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    recordings = write_recordings(tmp_path / "rec", count=2)
    out = tmp_path / "run"
    # Port 9 (discard) on loopback: nothing listens, the connection is refused at once.
    code, stdout, stderr = shadow(
        capsys, "run", "--runner", "openai", "--model", "m",
        "--opt", "base_url=http://127.0.0.1:9/v1", "--retries", "0",
        "--recordings", str(recordings), "--out", str(out), "--no-progress",
    )  # fmt: skip
    assert code == 3
    assert stdout[-1] == str(out)
    tail = "\n".join(stdout[-4:])
    assert "most frequent reasons runs did not complete" in "\n".join(stdout[-6:])
    assert "x error:" in tail and "cannot connect" in tail
    assert "ended in an infrastructure error (exit 3)" in stderr
    records = read_results(out)
    assert records and all(r.status == "error" for r in records)
    # Errors are never scored as the model's behaviour: only the infrastructure scorer ran.
    scores = (out / "scores.jsonl").read_text().splitlines()
    assert scores and all('"scorer":"infrastructure"' in line for line in scores)


def test_fail_fast_stops_after_n_errors_and_a_rate_budget_is_judged(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    recordings = write_recordings(tmp_path / "rec", count=8)
    argv = ["run", "--runner", "openai", "--model", "m", "--opt", "base_url=http://127.0.0.1:9/v1"]
    argv += ["--retries", "0", "--recordings", str(recordings), "--no-progress", "--jobs", "1"]
    code, stdout, stderr = shadow(capsys, *argv, "--out", str(tmp_path / "ff"), "--fail-fast", "2")
    assert code == 3 and "--fail-fast 2" in stderr and "--resume" in stderr
    assert 2 <= len(read_results(tmp_path / "ff")) < len(select_cases(corpus(8)))
    assert "cannot connect" in "\n".join(stdout[-3:])
    code, _, stderr = shadow(capsys, *argv, "--out", str(tmp_path / "r"), "--max-error-rate", "1")
    assert code == 0
