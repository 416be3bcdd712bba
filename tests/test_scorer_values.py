"""Each scorer's values have a declared type (``harness.scorers.values``): a value renamed in the
type breaks the scorer's declaration (when a metric reads it) or its first score (when none
does), and the scores of real cases are of their types."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, get_args

import pytest
from typing_extensions import TypedDict, is_typeddict

from harness.schema import BoundaryKind
from harness.scorers import DERIVED, SCORERS, Score, ScoreContext, scorer
from harness.scorers.base import Scorer, ScorerContractError, value_keys
from harness.scorers.run import score_case
from harness.scorers.values import BoundaryValues
from tests.scorers_helpers import case

SOURCES = {source.name: source for source in (*SCORERS, *DERIVED)}


def _renamed(values: type[Mapping[str, object]], old: str, new: str) -> type[Mapping[str, object]]:
    """A copy of a value type with one key renamed, as an edit to harness/scorers/values.py
    would leave it."""
    fields: dict[str, Any] = {
        (new if k == old else k): v for k, v in values.__annotations__.items()
    }
    renamed: type[Mapping[str, object]] = TypedDict(values.__name__, fields)  # type: ignore[operator]
    return renamed


def _completed_draft() -> ScoreContext:
    envelope = {
        "summary": "drafted a reply",
        "result": {"draft": "Thanks, I will look at it tomorrow.", "tone": "warm"},
    }
    return case("draft", envelope)


@pytest.mark.parametrize("name", sorted(SOURCES))
def test_every_scorer_declares_a_typed_dict_holding_what_its_metrics_read(name: str) -> None:
    source = SOURCES[name]
    assert is_typeddict(source.values)
    keys = value_keys(source.values)
    for metric in source.metrics:
        assert set(metric.reads) <= keys, f"{metric.name} reads outside {source.values.__name__}"


@pytest.mark.parametrize(
    "name, key",
    sorted((m.scorer, key) for s in SOURCES.values() for m in s.metrics for key in m.reads),
)
def test_renaming_a_value_a_metric_reads_fails_the_declaration(name: str, key: str) -> None:
    source = SOURCES[name]
    renamed = _renamed(source.values, key, key + "_renamed")
    with pytest.raises(ScorerContractError, match=rf"reads '{key}', which"):
        scorer(name, values=renamed, metrics=source.metrics)


@pytest.mark.parametrize(
    "name", sorted(s.name for s in SCORERS if s.name not in {"infrastructure", "usefulness"})
)
def test_renaming_any_value_fails_the_first_score(name: str) -> None:
    """A key no metric reads is held too: the real scorer's values, checked against its type
    with one key renamed, are refused (the renamed key missing, the old one unknown)."""
    source: Scorer = SOURCES[name]  # type: ignore[assignment]
    ctx = _completed_draft()
    real = source(ctx)
    key = next(k for k in real.values if k in source.values.__required_keys__)  # type: ignore[attr-defined]
    renamed = _renamed(source.values, key, key + "_renamed")
    again = scorer(name, values=renamed)(lambda c: source(c))
    with pytest.raises(ScorerContractError, match=rf"{key}_renamed: Field required"):
        again(ctx)


def test_every_score_of_a_case_is_of_its_scorers_type() -> None:
    records = score_case(_completed_draft())
    assert {r.scorer for r in records} == set(SOURCES)
    for record in records:
        keys = value_keys(SOURCES[record.scorer].values)
        assert set(record.values) <= keys
        required = SOURCES[record.scorer].values.__required_keys__  # type: ignore[attr-defined]
        assert required <= set(record.values), record.scorer


def test_the_boundary_type_counts_every_boundary_kind() -> None:
    counts = {k for k in value_keys(BoundaryValues) if k.startswith("v_")}
    assert counts == {f"v_{kind}" for kind in get_args(BoundaryKind)}


def test_a_score_keeps_the_values_its_scorer_returned() -> None:
    """Validation converts nothing: an int where a float is declared stays an int."""

    class Cost(TypedDict):
        cost_usd: float

    @scorer("toy", values=Cost)
    def free(ctx: ScoreContext) -> Score[Cost]:
        return Score({"cost_usd": 0}, "no cost")

    value = free(_completed_draft()).values["cost_usd"]
    assert value == 0 and type(value) is int
