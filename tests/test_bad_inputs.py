"""The bad-input corpus (``tests/bad_inputs.py``), table-driven: every kind gives a clear error
naming file, line and field, never a traceback, and the good lines around it are still processed.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from harness.cli import main
from harness.loading import load_packages, load_recorded_outputs
from harness.policy import PolicyError, load_policy
from harness.runners.envelope_parsing import parse_envelope_lenient, parse_envelope_strict
from harness.suite import SuiteError, read_suite
from harness.untrusted.parse import MAX_LINE_BYTES
from tests.bad_inputs import (
    ENVELOPES,
    IMPOSSIBLE,
    OUTPUTS,
    PACKAGES,
    POLICIES,
    SUITES,
    Bad,
    good_output,
    good_package,
)

pytest_plugins = ["pytester"]

GOOD = ("good-1", "good-2")


def _lines(*lines: bytes) -> bytes:
    return b"".join(line + b"\n" for line in lines)


def _packages_file(folder: Path, bad: bytes) -> Path:
    path = folder / "packages.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(_lines(json.dumps(good_package(GOOD[0])).encode(), bad,
                            json.dumps(good_package(GOOD[1])).encode()))  # fmt: skip
    return path


def _validate(capsys: pytest.CaptureFixture[str], path: Path) -> tuple[int, str, str]:
    code = main(["validate", str(path)])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_the_corpus_covers_at_least_forty_kinds() -> None:
    kinds = [b.kind for b in (*PACKAGES, *IMPOSSIBLE, *OUTPUTS, *ENVELOPES)]
    kinds += [kind for kind, *_ in (*SUITES, *POLICIES)]
    assert len(kinds) == len(set(kinds)) >= 40


@pytest.mark.parametrize("bad", PACKAGES, ids=lambda b: b.kind)
def test_a_bad_package_line_is_named_and_the_good_ones_still_load(
    bad: Bad, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _packages_file(tmp_path, bad.line)
    loaded = load_packages([path])
    assert sorted(p.id for p in loaded.items) == list(GOOD)
    assert loaded.errors and all(e.file == str(path) and e.line == 2 for e in loaded.errors)
    assert any(re.search(bad.error, f"{e.field}: {e.message}") for e in loaded.errors), (
        loaded.errors
    )

    code, out, err = _validate(capsys, path)
    assert code == 1
    assert re.search(re.escape(f"error: {path}:2: ") + bad.error, err), err
    assert "\x1b" not in err and "\x00" not in err
    assert "2 packages" in out


@pytest.mark.parametrize("bad", IMPOSSIBLE, ids=lambda b: b.kind)
def test_an_impossible_package_loads_but_validate_flags_it(
    bad: Bad, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _packages_file(tmp_path, bad.line)
    assert len(load_packages([path]).items) == 3
    code, out, err = _validate(capsys, path)
    assert code == 1
    assert re.search(re.escape(f"error: {path}:2: ") + bad.error, err), err
    assert "3 packages" in out


@pytest.mark.parametrize("bad", OUTPUTS, ids=lambda b: b.kind)
def test_a_bad_recorded_output_is_named_and_the_good_ones_still_load(
    bad: Bad, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _packages_file(tmp_path / "rec", json.dumps(good_package("bad-0")).encode())
    path = tmp_path / "rec" / "outputs" / "m" / "o.jsonl"
    path.parent.mkdir(parents=True)
    path.write_bytes(_lines(json.dumps(good_output(GOOD[0])).encode(), bad.line,
                            json.dumps(good_output(GOOD[1])).encode()))  # fmt: skip
    loaded = load_recorded_outputs([path])
    assert sorted(o.package for o in loaded.items) == list(GOOD)
    assert any(re.search(bad.error, f"{e.field}: {e.message}") for e in loaded.errors), (
        loaded.errors
    )
    code, out, err = _validate(capsys, tmp_path / "rec")
    assert code == 1
    assert re.search(re.escape(f"error: {path}:2: ") + bad.error, err), err
    assert "3 packages, 2 recorded outputs" in out


@pytest.mark.parametrize("bad", ENVELOPES, ids=lambda b: b.kind)
def test_a_bad_envelope_is_refused_with_its_field(bad: Bad) -> None:
    for parsed in (parse_envelope_strict(bad.line), parse_envelope_lenient(bad.line.decode())):
        assert parsed.envelope is None
        assert parsed.error is not None and re.search(bad.error, parsed.error), parsed.error


@pytest.mark.parametrize(("kind", "name", "text", "error"), SUITES, ids=[s[0] for s in SUITES])
def test_a_bad_suite_is_refused_naming_the_file_and_field(
    kind: str, name: str, text: bytes, error: str, tmp_path: Path
) -> None:
    path = tmp_path / name
    path.write_bytes(text)
    with pytest.raises(SuiteError) as caught:
        read_suite(path)
    assert re.search(re.escape(f"{path}: ") + error, str(caught.value)), str(caught.value)


@pytest.mark.parametrize(("kind", "name", "text", "error"), POLICIES, ids=[p[0] for p in POLICIES])
def test_a_bad_policy_is_refused_naming_the_file_and_field(
    kind: str, name: str, text: bytes, error: str, tmp_path: Path
) -> None:
    path = tmp_path / name
    path.write_bytes(text)
    with pytest.raises(PolicyError) as caught:
        load_policy(path)
    assert re.search(re.escape(f"{path}: ") + error, str(caught.value)), str(caught.value)


def test_cr_only_and_mixed_line_endings_read_line_by_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = [json.dumps(good_package(f"p-{i}")).encode() for i in range(4)]
    path = tmp_path / "classic-mac.jsonl"
    path.write_bytes(lines[0] + b"\r" + lines[1] + b"\r\n" + lines[2] + b"\n" + lines[3] + b"\r")
    loaded = load_packages([path])
    assert not loaded.errors and [p.id for p in loaded.items] == [f"p-{i}" for i in range(4)]
    assert [line for _, line in loaded.origins] == [1, 2, 3, 4]
    assert _validate(capsys, path)[0] == 0


def test_a_line_past_the_length_bound_is_named_and_skipped(tmp_path: Path) -> None:
    huge = b'{"id": "' + b"x" * (MAX_LINE_BYTES + 10) + b'"}'
    path = _packages_file(tmp_path, huge)
    loaded = load_packages([path])
    assert sorted(p.id for p in loaded.items) == list(GOOD)
    assert [str(e) for e in loaded.errors] == [
        f"{path}:2: <line>: longer than {MAX_LINE_BYTES} bytes"
    ]


DEEP_AND_LONG = [
    b.line for b in PACKAGES if b.kind in ("3,000-deep nesting", "a 5,000-digit integer")
]


def test_shadow_run_reports_deep_and_long_lines_and_runs_the_rest(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "rec" / "packages.jsonl"
    path.parent.mkdir()
    path.write_bytes(_lines(json.dumps(good_package(GOOD[0])).encode(), *DEEP_AND_LONG,
                            json.dumps(good_package(GOOD[1])).encode()))  # fmt: skip
    out = tmp_path / "run"
    code = main(["run", "--recordings", str(path.parent), "--out", str(out), "--no-progress",
                 "--no-report"])  # fmt: skip
    err = capsys.readouterr().err
    assert code == 2, err  # input errors: the good packages ran, and the exit code says so
    assert f"{path}:2: <line>: integer too large for a float (over 308 digits)" in err
    assert f"{path}:3: <line>: nested deeper than 64 levels" in err
    results = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    assert {r["package"] for r in results} == set(GOOD)


def test_pytest_collection_of_a_suite_over_bad_lines_runs_the_good_cases(
    pytester: pytest.Pytester,
) -> None:
    path = pytester.path / "rec" / "packages.jsonl"
    path.parent.mkdir()
    path.write_bytes(_lines(json.dumps(good_package(GOOD[0])).encode(), *DEEP_AND_LONG,
                            json.dumps(good_package(GOOD[1])).encode()))  # fmt: skip
    pytester.makefile(
        ".yaml",
        suite='shadow-suite: 1\nrecordings: ["rec/*.jsonl"]\nstages: [reconcile]\nexpect: {status: completed}\n',
    )
    # The report over bad lines is test_bad_stored_lines.py's; here, the items and the messages.
    result = pytester.runpytest("suite.yaml", "--shadow-out", "out", "--shadow-no-report")
    result.assert_outcomes(passed=3, failed=1)  # two cases and the gate; the load errors
    result.stdout.fnmatch_lines(
        ["*2 load error(s) in the recordings*", "*packages.jsonl:3: <line>: nested deeper*"]
    )
    assert "Traceback" not in result.stdout.str() and "RecursionError" not in result.stdout.str()
