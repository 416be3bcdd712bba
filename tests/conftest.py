"""Fixtures shared by the test modules, and the plugins they need.

Helpers that build data (packages, suite files, fake runners) live in ``tests/*_helpers.py`` and are
imported; what costs time to prepare and is the same for many tests is a fixture here, made once
per session (once per xdist worker).
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

if os.environ.get("PYTEST_XDIST_WORKER"):
    # One BLAS thread a worker. `pytest -n 2` runs two workers on two cores; OpenBLAS would give
    # each a pool as wide as the machine, and the pools' spinning threads took turns on the same
    # cores: the encoder detector's tests (numpy matrix products over a six-layer model) ran three
    # to four times slower than one worker alone. Read when numpy loads, so set before any import
    # of it (nothing before this file imports numpy in a worker).
    for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(_name, "1")

pytest_plugins = ["pytester"]


@pytest.fixture(scope="session")
def small_recordings(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The plugin tests' recordings file (15 cases cut from the handwritten corpus), written once.
    Tests copy it into their own folder; nobody writes to this one."""
    # Imported here, not at the top: the helpers preload the report, scipy and hypothesis, which
    # the xdist controller (it loads this file too, and runs no test) would import for nothing
    # before it starts the workers.
    from tests.plugin_helpers import write_recordings

    return write_recordings(tmp_path_factory.mktemp("recordings") / "small.jsonl")


@pytest.fixture
def ws() -> Iterator[Path]:
    """A sandbox workspace under the system temp folder, whose parents let an unprivileged uid in
    (a pytest tmp_path sits under a 0700 folder, which the sandboxed child cannot use)."""
    folder = Path(tempfile.mkdtemp(prefix="shadow-test-"))
    (folder / "out").mkdir()
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


#: The plugins of this environment that the inner sessions never use: each loads in every process
#: an inner session starts (its xdist workers, a session killed mid-run), about 1.3 s of CPU
#: between them where bytecode is not written (hypothesis' plugin imports all of hypothesis).
INNER_ADDOPTS = "-p no:hypothesispytest -p no:benchmark -p no:anyio"


@pytest.fixture
def pytester_with_recordings(
    pytester: pytest.Pytester, small_recordings: Path, monkeypatch: pytest.MonkeyPatch
) -> pytest.Pytester:
    """A pytester project holding the small recordings as ``rec/small.jsonl``; its sessions, in
    this process or another, load only the plugins they use (``INNER_ADDOPTS``)."""
    monkeypatch.setenv("PYTEST_ADDOPTS", INNER_ADDOPTS)
    target = pytester.path / "rec" / "small.jsonl"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(small_recordings.read_bytes())
    return pytester


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Slow tests first, the one marked ``slow(first=True)`` (the live model, minutes on a loaded
    machine) before them. Under ``pytest -n 2 --dist loadfile --no-loadscope-reorder``
    (pyproject.toml) xdist deals out files in the order of their first test, so the files of
    slow tests start early and the fast ones fill in after: both workers end together instead of
    one running a long test alone at the end. The sort is stable and the same on every worker, as
    xdist requires."""

    def rank(item: pytest.Item) -> int:
        marker = item.get_closest_marker("slow")
        if marker is None:
            return 2
        return 0 if marker.kwargs.get("first") else 1

    items.sort(key=rank)
