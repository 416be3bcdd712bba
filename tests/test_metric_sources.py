"""Every headline metric reads values the scorers really produce: a value renamed in its scorer
(or misspelt in the metric) fails here instead of turning a report's column into NaN."""

from __future__ import annotations

import pandas as pd
import pytest

import harness.tables
from harness.loading import load_packages
from harness.replay import replay
from harness.runners.reference import ReferenceRunner
from harness.scorers.run import score_run_dir
from harness.tables import METRICS
from tests.plugin_helpers import HANDWRITTEN


@pytest.fixture(scope="module")
def produced(tmp_path_factory: pytest.TempPathFactory) -> set[str]:
    """``scorer.value`` names the scorers wrote for the handwritten corpus run by the reference."""
    packages = load_packages([HANDWRITTEN]).items
    out = tmp_path_factory.mktemp("metric-sources") / "run"
    replay(packages, ReferenceRunner(), out_dir=out, progress=False)
    scores = score_run_dir(out, packages=packages).records
    return {f"{s.scorer}.{name}" for s in scores for name in s.values}


def _columns_read(metric: str, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    read: set[str] = set()
    original = harness.tables._col

    def spy(wide: pd.DataFrame, name: str) -> pd.Series:
        read.add(name)
        return original(wide, name)

    monkeypatch.setattr(harness.tables, "_col", spy)
    METRICS[metric].extract(pd.DataFrame({"package": ["p"]}))
    monkeypatch.undo()
    return read


@pytest.mark.parametrize("metric", sorted(METRICS))
def test_a_metric_reads_only_values_some_scorer_writes(
    metric: str, produced: set[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    read = _columns_read(metric, monkeypatch)
    assert read, f"{metric} reads no scorer value"
    missing = sorted(read - produced)
    assert not missing, f"{metric} reads {missing}, which no scorer wrote"
