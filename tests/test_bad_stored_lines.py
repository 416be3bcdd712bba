"""One bad value never poisons a run directory (issue 10: ``"cost_usd": 1e999``).

A runner that reports a non-finite number gets a ``failed`` case naming the field, and a stored
line that does not read (written by an older harness, or damaged) is reported with its file and
line while ``shadow score``, ``shadow report`` and ``shadow run --resume`` go on with the rest.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from harness.cli import main
from harness.replay import read_results, read_run_meta
from harness.rundir import RESULTS
from harness.runners.envelope_parsing import parse_envelope_lenient, parse_envelope_strict
from tests.replay_helpers import corpus

ADAPTER = """
import json, sys
json.load(sys.stdin)
sys.stdout.write('{"status": "completed", "summary": "x", "result": {"status": "ambiguous",'
                 ' "facts": []}, "usage": {"cost_usd": 1e999}}')
"""


def write_recordings(folder: Path, count: int) -> Path:
    folder.mkdir(parents=True)
    lines = [p.model_dump_json() for p in corpus(count)]
    (folder / "packages.jsonl").write_text("\n".join(lines) + "\n")
    return folder


def shadow(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.parametrize(
    "text",
    [
        '{"status": "completed", "usage": {"cost_usd": 1e999}}',
        '{"status": "completed", "usage": {"cost_usd": NaN}}',
        '{"status": "completed", "result": {"score": -Infinity}}',
        '{"status": "completed", "usage": {"input_tokens": 1%s}}' % ("0" * 400),
    ],
)
def test_an_envelope_with_a_non_finite_or_huge_number_is_refused_with_its_field(text: str) -> None:
    for parsed in (parse_envelope_strict(text.encode()), parse_envelope_lenient(text)):
        assert parsed.envelope is None
        assert parsed.error is not None
        assert any(
            field in parsed.error
            for field in ("usage.cost_usd", "result.score", "usage.input_tokens")
        )


def test_an_adapter_reporting_1e999_cost_gives_failed_cases_and_a_readable_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    recordings = write_recordings(tmp_path / "rec", 2)
    adapter = tmp_path / "adapter.py"
    adapter.write_text(ADAPTER)
    out = tmp_path / "run"
    code, _, err = shadow(
        capsys, "run", "--runner", "command", "--recordings", str(recordings), "--out", str(out),
        "--no-progress", "--no-report", "--stage", "preflight", "--", sys.executable, str(adapter),
    )  # fmt: skip
    assert code in (0, 1), err
    records = read_results(out)
    assert records and all(r.status == "failed" for r in records)
    assert all(
        "usage.cost_usd" in (r.error or "") and "non-finite" in (r.error or "") for r in records
    )
    # The stored run scores and reports (once: the run itself wrote neither).
    assert shadow(capsys, "score", str(out))[0] == 0
    assert shadow(capsys, "report", str(out))[0] == 0


def _poison(out: Path) -> list[int]:
    """Rewrite two stored lines as older harnesses left them: a raw 1e999 and the null that an
    infinite cost was serialised as. Returns their line numbers."""
    lines = (out / RESULTS).read_bytes().splitlines()
    first = json.loads(lines[1])
    first["usage"]["cost_usd"] = "@INF@"
    lines[1] = json.dumps(first).replace('"@INF@"', "1e999").encode()
    second = json.loads(lines[3])
    second["envelope"]["usage"]["cost_usd"] = None
    lines[3] = json.dumps(second).encode()
    (out / RESULTS).write_bytes(b"".join(line + b"\n" for line in lines))
    return [2, 4]


@pytest.mark.slow
def test_a_poisoned_run_directory_still_scores_reports_and_resumes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    recordings = write_recordings(tmp_path / "rec", 6)
    out = tmp_path / "run"
    # No report from the run: the poisoned directory is scored and reported below.
    code, _, err = shadow(
        capsys, "run", "--recordings", str(recordings), "--out", str(out), "--no-progress",
        "--no-report",
    )  # fmt: skip
    assert code in (0, 1), err
    planned = {r.key for r in read_results(out)}
    bad = _poison(out)
    results = str(out / RESULTS)

    code, stdout, err = shadow(capsys, "score", str(out))
    assert code == 0, err
    for line in bad:
        assert f"{results}:{line}:" in err
    assert f"{len(planned) - 2} cases" in stdout

    code, _, err = shadow(capsys, "report", str(out))
    assert code == 0, err
    assert f"{results}:{bad[0]}: usage.cost_usd: non-finite number" in err
    assert f"{results}:{bad[1]}: envelope.usage.cost_usd:" in err

    code, _, err = shadow(capsys, "run", "--resume", str(out), "--no-progress")
    assert code in (0, 1), err
    assert "its case runs again" in err
    keys = [r.key for r in read_results(out)]
    assert set(keys) == planned and len(keys) == len(planned), "every case once, none lost"
    assert any("results.jsonl:2:" in note for note in read_run_meta(out)["notes"])
