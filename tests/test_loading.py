"""Bad lines are reported as file:line: field: message and skipped; good lines still load."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from harness.cli import main
from harness.loading import (
    LoadError,
    LoadFailed,
    Located,
    iter_loaded,
    load_packages,
    load_recorded_outputs,
)
from harness.schema import Package
from tests.factories import package_dict


def _broken_lines() -> list[tuple[str, str, str]]:
    """(line text, expected field, expected words in the message) for ten kinds of breakage."""

    def pkg(i: int, **changes: object) -> dict[str, object]:
        return package_dict(id=f"pkg-{i}", **changes)

    missing_agent = pkg(3)
    del missing_agent["agent"]
    bad_receipt = pkg(7)
    bad_receipt["host"]["receipts"][0]["id"] = "receipt:ghost"  # type: ignore[index]
    bad_expect = pkg(8)
    bad_expect["host"]["expect"]["reconcile"]["facts"][0]["evidence"] = ["journal#nope"]  # type: ignore[index]
    bad_kind = pkg(10)
    bad_kind["context"][0]["kind"] = "rumour"  # type: ignore[index]
    return [
        ('{"id": "pkg-1", "agent": ', "<line>", "invalid JSON"),
        ("[1, 2, 3]", "<line>", "expected a JSON object"),
        (json.dumps(missing_agent), "agent", "Field required"),
        (json.dumps(pkg(4, constraints={"wip_limit": "two"})), "constraints.wip_limit", "integer"),
        (json.dumps(pkg(5, stages=["reconcile", "divine"])), "stages.1", "reconcile"),
        (json.dumps(pkg(0)), "id", "duplicate"),  # same id as the first good line
        (json.dumps(bad_receipt), "host.receipts.0.id", "not in context"),
        (json.dumps(bad_expect), "host.expect.reconcile.facts.0.evidence.0", "not in context"),
        (json.dumps(pkg(9, recorded_at="2026-08-25 14:03")), "recorded_at", "time zone"),
        (json.dumps(bad_kind), "context.0.kind", "journal"),
    ]


@pytest.fixture
def broken_file(tmp_path: Path) -> Path:
    good = [json.dumps(package_dict(id=f"pkg-{i}")) for i in (0, 11, 12)]
    lines = [good[0], *(text for text, _, _ in _broken_lines()), "", good[1], good[2]]
    path = tmp_path / "broken.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_ten_kinds_of_broken_lines_give_ten_located_errors(broken_file: Path) -> None:
    loaded = load_packages([broken_file])
    assert [p.id for p in loaded.items] == ["pkg-0", "pkg-11", "pkg-12"]
    assert len(loaded.errors) == 10
    for error, (line_no, (_, field, words)) in zip(
        loaded.errors, enumerate(_broken_lines(), start=2), strict=True
    ):
        assert error.file == str(broken_file)
        assert error.line == line_no
        assert error.field == field
        assert words in error.message
        assert str(error).startswith(f"{broken_file}:{line_no}: {field}: ")


def test_strict_mode_stops_at_first_error(broken_file: Path) -> None:
    with pytest.raises(LoadFailed) as info:
        load_packages([broken_file], strict=True)
    assert info.value.error.line == 2


def test_validate_exits_1_names_every_error_and_still_counts(
    broken_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["validate", str(broken_file)]) == 1
    out, err = capsys.readouterr()
    assert err.count("error: ") == 10
    assert f"{broken_file}:8: host.receipts.0.id:" in err
    assert "3 packages" in out and "Traceback" not in err


def test_validate_as_a_command_has_no_traceback(broken_file: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "harness.cli", "validate", str(broken_file)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 1
    assert "Traceback" not in proc.stderr and "error:" in proc.stderr


def test_validate_clean_folder_exits_0(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "a.jsonl").write_text(json.dumps(package_dict()) + "\n")
    assert main(["validate", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "| reconcile |" in out.replace("  ", " ") or "reconcile" in out


def test_recorded_outputs_checked_against_packages(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "pk.jsonl").write_text(json.dumps(package_dict()) + "\n")
    out_dir = tmp_path / "outputs" / "m1"
    out_dir.mkdir(parents=True)
    good = {
        "package": "vojan-2026-08-25-patrick-dm",
        "stage": "reconcile",
        "model": "m1",
        "envelope": {"status": "completed"},
    }
    wrong_stage = {**good, "stage": "execute"}
    unknown = {**good, "package": "nobody"}
    (out_dir / "o.jsonl").write_text(
        "\n".join(json.dumps(o) for o in (good, wrong_stage, unknown)) + "\n"
    )
    assert len(load_recorded_outputs([out_dir]).items) == 3
    assert main(["validate", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert "o.jsonl:2: stage:" in err and "o.jsonl:3: package: unknown package" in err


def test_schema_command_writes_every_public_schema(tmp_path: Path) -> None:
    assert main(["schema", "--out", str(tmp_path)]) == 0
    names = {p.name for p in tmp_path.iterdir()}
    assert {
        "package.schema.json",
        "invocation.schema.json",
        "envelope.schema.json",
        "recorded-output.schema.json",
        "result-execute.schema.json",
    } <= names
    schema = json.loads((tmp_path / "package.schema.json").read_text())
    assert "host" in schema["properties"]


def _rule_breaking_lines() -> list[tuple[dict[str, object], str, str]]:
    no_expectation = package_dict(id="rule-1", stages=["reconcile", "draft", "critique", "inquire"])
    contradicting = package_dict(id="rule-2")
    contradicting["host"]["receipts"][0]["status"] = "succeeded"  # type: ignore[index]
    from_the_future = package_dict(id="rule-3")
    from_the_future["host"]["receipts"][0]["at"] = "2026-08-25T15:00:00Z"  # type: ignore[index]
    return [
        (no_expectation, "host.expect.inquire", "listed in stages but has no expectation"),
        (contradicting, "host.receipts.0.status", "evidence 'receipt:deleg-77' says 'queued'"),
        (from_the_future, "host.receipts.0.at", "host-only receipts stay out of the context"),
    ]


def test_validate_enforces_the_documented_package_rules(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cases = _rule_breaking_lines()
    path = tmp_path / "rules.jsonl"
    path.write_text("".join(json.dumps(p) + "\n" for p, _, _ in cases))
    assert main(["validate", str(path)]) == 1
    err = capsys.readouterr().err
    for line, (_, field, words) in enumerate(cases, start=1):
        assert f"{path}:{line}: {field}: " in err and words in err
    # The shipped corpus keeps every rule.
    assert main(["validate", "recordings"]) == 0


def test_pretty_printed_json_is_one_clear_input_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "pretty.jsonl"
    path.write_text(json.dumps(package_dict(), indent=2))
    loaded = load_packages([path])
    assert [str(e) for e in loaded.errors] == [
        f"{path}:1: <file>: expected JSON Lines (one JSON object per line); this looks like "
        "pretty-printed JSON (`jq -c .` writes it as JSON Lines)"
    ]
    assert main(["validate", str(path)]) == 2
    assert "expected JSON Lines" in capsys.readouterr().err


def test_a_keep_filter_validates_only_the_lines_it_wants(tmp_path: Path) -> None:
    """Readers that want a few packages of many (a report's case pages) validate only those:
    the first valid line of a wanted id still wins, other lines are neither validated nor
    reported."""
    lines = [
        json.dumps(package_dict(id="pkg-1", agent=7)),
        json.dumps(package_dict(id="pkg-2", stages=["divine"])),
        json.dumps(package_dict(id="pkg-1")),
        json.dumps(package_dict(id="pkg-1", agent="second")),
        '{"id": ["unhashable"]}',
    ]
    path = tmp_path / "p.jsonl"
    path.write_text("\n".join(lines) + "\n")
    entries = list(
        iter_loaded(Package, [path], lambda p: p.id, keep=lambda line: line.get("id") == "pkg-1")
    )
    loaded = [(e.item.id, e.item.agent, e.line) for e in entries if isinstance(e, Located)]
    assert loaded == [("pkg-1", package_dict()["agent"], 3)]
    # The bad wanted line and the wanted duplicate; pkg-2's bad stage is never looked at.
    assert [e.line for e in entries if isinstance(e, LoadError)] == [1, 4]
