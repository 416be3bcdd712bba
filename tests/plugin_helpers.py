"""Helpers for the pytest-plugin tests: a small recordings file cut from the handwritten corpus,
suite files, and per-item outcomes of a pytester run."""

from __future__ import annotations

import importlib
import json
import shutil
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import pytest

# pytester's in-process runs drop the modules a run imported once it ends, and numpy cannot be
# imported twice in one process: load what the plugin imports lazily before any inner run. The
# rest would otherwise be imported again by every inner run: hypothesis' pytest plugin imports
# the whole of hypothesis at each session's end, the reference runner is 25 modules, and under -n
# the controller imports xdist's scheduling. Each belongs to a distribution with a pytest plugin,
# so pytest rewrites its asserts on import, and where bytecode is not written
# (PYTHONDONTWRITEBYTECODE, as on the CI machine) that is a compile from source every time.
PRELOADED: tuple[str, ...] = (
    "harness.expectations.gates",
    "harness.expectations.judge",
    "harness.expectations.model",
    "harness.report",
    "harness.report.legends",
    "harness.runners.reference",
    "harness.runners.registry",
    "harness.scorers",
    "harness.scorers.run",
    "harness.suite",
    "hypothesis.internal.observability",
    "xdist.dsession",
    "xdist.workermanage",
)
for _module in PRELOADED:
    importlib.import_module(_module)

REPO = Path(__file__).resolve().parents[1]
HANDWRITTEN = REPO / "recordings" / "sophobot" / "handwritten"

#: A few real packages (Vojan's Aug. 25 premature DM and its neighbours): 15 cases over
#: reconcile, preflight, draft, critique and inquire.
SMALL: tuple[str, ...] = (
    "vojan-2026-08-25-patrick-dm",
    "vojan-2026-08-25-patrick-journal-correction",
    "vojan-2026-08-25-patrick-resend-urge",
    "vojan-2026-08-26-patrick-reply",
    "vojan-2026-08-28-mira-closed-recheck",
    "uhdim-2026-08-25-mireille-dm-premature",
)


#: For sessions whose report no assertion reads: the report (plots, bootstrap tables) is most of
#: a small session's time. Tests that do read it (test_plugin_runs.py, the resumed runs of
#: test_plugin_resume.py) leave it on.
NO_REPORT = "--shadow-no-report"


def write_recordings(dest: Path, ids: Iterable[str] = SMALL) -> Path:
    """Copy the packages ``ids`` from the handwritten corpus into ``dest`` (a .jsonl file)."""
    wanted = set(ids)
    lines: list[str] = []
    for path in sorted(HANDWRITTEN.glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip() and json.loads(line)["id"] in wanted:
                lines.append(line)
    found = {json.loads(line)["id"] for line in lines}
    missing = wanted - found
    assert not missing, f"packages not in the handwritten corpus: {sorted(missing)}"
    dest.parent.mkdir(parents=True, exist_ok=True)
    dest.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return dest


def suite_text(
    *,
    recordings: str = "rec/*.jsonl",
    stages: Sequence[str] = (),
    runner: str = "reference",
    expect: str = "{status: completed, parity: true, invented_completion: false, boundary_events: 0}",
    extra: str = "",
) -> str:
    lines = [
        "shadow-suite: 1",
        f'recordings: ["{recordings}"]',
        f"stages: [{', '.join(stages)}]",
        f'runner: "{runner}"',
        f"expect: {expect}",
    ]
    return "\n".join(lines) + "\n" + extra


def session_once(project: pytest.Pytester, memo: dict[str, object], *args: str) -> dict[str, str]:
    """The outcomes of an inline session of the project run with ``--shadow-out whole`` and
    ``args``, leaving its run directory at ``whole``. The first test of a module to ask runs it
    and keeps the directory in ``memo["dir"]``; the others get a copy (run.json names the suite
    and recordings by relative path, so the copy is what the session would write here)."""
    kept = memo["dir"]
    assert isinstance(kept, Path)
    if "outcomes" not in memo:
        memo["outcomes"] = outcomes(project.inline_run("--shadow-out", "whole", *args))
        shutil.copytree(project.path / "whole", kept)
    else:
        shutil.copytree(kept, project.path / "whole")
    found = memo["outcomes"]
    assert isinstance(found, dict)
    return found


def outcomes(reprec: Any) -> dict[str, str]:
    """node id -> passed / failed / skipped, from an inline run's reports (setup and call)."""
    result: dict[str, str] = {}
    for report in reprec.getreports("pytest_runtest_logreport"):
        if report.when == "call" or (report.when == "setup" and not report.passed):
            result[report.nodeid] = report.outcome
    return result


def comparable_scores(path: Path) -> list[dict[str, Any]]:
    """scores.jsonl without what depends on the clock: the latency scorer's rows."""
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    return [row for row in rows if row["scorer"] != "latency"]


def only_run_dir(parent: Path) -> Path:
    runs = [p for p in parent.iterdir() if p.is_dir()]
    assert len(runs) == 1, runs
    return runs[0]


def case_ids(result: pytest.RunResult) -> list[str]:
    return [line.strip() for line in result.outlines if "::" in line and not line.startswith(" ")]
