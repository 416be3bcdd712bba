"""report.html in a real headless browser: it loads offline with no console errors, its decision
table is there and visible, and recorded `<script>` stays text."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import matplotlib.image as mpimg
import numpy as np
import pytest

from harness.report import write_report
from harness.schema import ScoreValue
from tests.report_helpers import clean_outcome, write_run

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(CHROMIUM is None, reason="needs Debian's chromium (installed by .ci/run)"),
]

# The flags the machine needs: no sandbox as root, and no background connections to a closed network.
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--enable-logging=stderr",
    "--v=0",
]


def _chromium(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    assert CHROMIUM is not None
    profile = tmp_path / "profile"
    profile.mkdir(exist_ok=True)
    return subprocess.run(
        [CHROMIUM, *FLAGS, f"--user-data-dir={profile}", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def _disagreeing(i: int, stage: str) -> dict[str, dict[str, ScoreValue]]:
    out = clean_outcome(i, stage)
    if i % 4 == 0:
        out["parity"] = {"match": False, "expected": "contradicted", "actual": "supported"}
    return out


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    run = write_run(
        tmp_path_factory.mktemp("browser") / "run",
        model="pi-browser",
        outcome=_disagreeing,
        explanation=lambda i, stage, scorer: (
            f"<script>document.title='pwned'</script><img src=x onerror=alert(1)> {scorer}"
        ),
    )
    _, paths = write_report(run, n_boot=100)
    return paths.html


def test_report_loads_with_decision_table_and_no_console_errors(
    report: Path, tmp_path: Path
) -> None:
    proc = _chromium(tmp_path, "--dump-dom", report.as_uri())
    assert proc.returncode == 0, proc.stderr[-2000:]
    dom = proc.stdout
    assert '<table id="decisions">' in dom
    assert "<title>pwned</title>" not in dom and "Shadow report" in dom
    assert "&lt;script&gt;document.title" in dom  # the recorded script is text, not a node
    console = [line for line in proc.stderr.splitlines() if "CONSOLE" in line or "Uncaught" in line]
    assert console == []


def test_report_screenshot_shows_the_page(report: Path, tmp_path: Path) -> None:
    shot = tmp_path / "report.png"
    proc = _chromium(tmp_path, f"--screenshot={shot}", "--window-size=1280,900", report.as_uri())
    assert proc.returncode == 0 and shot.is_file(), proc.stderr[-2000:]
    pixels = np.asarray(mpimg.imread(shot))
    # A rendered page has text and table borders: far from a blank, single-colour image.
    assert pixels.shape[0] == 900 and pixels.std() > 0.05
