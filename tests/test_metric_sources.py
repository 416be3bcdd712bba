"""Every headline metric is declared by the scorer whose values it reads, and reads only values
that scorer's value type declares: a value renamed in its type (or misspelt in the declaration)
fails the scorer's declaration at import, and a scorer that returns values not of its type fails
the first case it scores, instead of turning a report's column into NaN."""

from __future__ import annotations

import pandas as pd
import pytest
from typing_extensions import TypedDict

from harness.loading import load_packages
from harness.metrics.registry import METRICS, REPORT_ORDER, RegistryError, build_registry
from harness.metrics.spec import (
    Complement,
    FirstKnown,
    Positive,
    Term,
    Value,
    mean,
    pooled,
    rate,
)
from harness.replay import replay
from harness.runners.reference import ReferenceRunner
from harness.scorers import DERIVED, SCORERS, Score, ScoreContext, derived, scorer
from harness.scorers.base import Inputs, ScorerContractError
from harness.scorers.run import score_run_dir
from harness.tables import extract, metric_values
from tests.plugin_helpers import HANDWRITTEN


@pytest.fixture(scope="module")
def produced(tmp_path_factory: pytest.TempPathFactory) -> set[str]:
    """``scorer.value`` names the scorers wrote for the handwritten corpus run by the reference."""
    packages = load_packages([HANDWRITTEN]).items
    out = tmp_path_factory.mktemp("metric-sources") / "run"
    replay(packages, ReferenceRunner(), out_dir=out, progress=False)
    scores = score_run_dir(out, packages=packages).records
    return {f"{s.scorer}.{name}" for s in scores for name in s.values}


@pytest.mark.parametrize("name", sorted(METRICS))
def test_a_metric_reads_only_values_its_scorer_writes(name: str, produced: set[str]) -> None:
    spec = METRICS[name]
    assert spec.reads, f"{name} reads no scorer value"
    missing = sorted(
        f"{spec.scorer}.{key}" for key in spec.reads if f"{spec.scorer}.{key}" not in produced
    )
    assert not missing, f"{name} reads {missing}, which no scorer wrote"


@pytest.mark.parametrize("name", sorted(METRICS))
def test_a_metric_is_computed_from_exactly_its_declared_values(name: str) -> None:
    """The tables read the declared columns and no other: with only those present every run has
    a value, and with any one of them absent the metric says nothing (or its documented default)."""
    spec = METRICS[name]
    columns = [f"{spec.scorer}.{key}" for key in spec.reads]
    wide = pd.DataFrame({"package": ["p", "q"], **{c: [1.0, 1.0] for c in columns}})
    assert metric_values(wide, name).notna().all()
    for column in columns:
        num, den = extract(spec, wide.drop(columns=[column]))
        # Only a value with a fallback or a default still gives a number without it.
        if num.notna().all() and den.notna().all():
            assert _tolerant(spec.numerator), f"{name} ignored its column {column}"


def _tolerant(term: Term) -> bool:
    if isinstance(term, FirstKnown):
        return True
    if isinstance(term, Value):
        return term.missing is not None
    if isinstance(term, Positive | Complement):
        return _tolerant(term.of)
    return False


def test_every_metric_is_declared_next_to_its_scorer() -> None:
    sources = {s.name: s for s in (*SCORERS, *DERIVED)}
    for name, spec in METRICS.items():
        assert name == f"{spec.scorer}.{spec.key}"
        assert spec in sources[spec.scorer].metrics
    assert list(METRICS) == list(REPORT_ORDER)


def _ctx() -> ScoreContext:
    return None  # type: ignore[return-value]  # the toy scorers below never look at the case


class Ok(TypedDict):
    ok: bool


class Flagged(TypedDict):
    flag: bool


class Counted(TypedDict):
    k: int
    n: int
    extra: str


class Measured(TypedDict):
    m: float


def test_a_metric_reading_a_value_its_scorer_does_not_declare_fails_at_declaration() -> None:
    with pytest.raises(ScorerContractError, match=r"'toy\.ok' reads 'ok', which Flagged does"):

        @scorer("toy", values=Flagged, metrics=[rate("ok", better="higher", description="d")])
        def renamed(ctx: ScoreContext) -> Score[Flagged]:
            return Score({"flag": True}, "renamed its value")


def test_a_fallback_value_is_part_of_the_contract_too() -> None:
    fallback = FirstKnown(Value("flag"), Positive(Value("count")))
    with pytest.raises(ScorerContractError, match="'count'"):
        scorer(
            "toy",
            values=Flagged,
            metrics=[rate("any", of=fallback, better="lower", description="d")],
        )


def test_a_scorer_returning_values_not_of_its_type_fails_loudly() -> None:
    @scorer("toy", values=Ok, metrics=[rate("ok", better="higher", description="share ok")])
    def renamed(ctx: ScoreContext) -> Score[Ok]:
        return Score({"is_ok": True}, "renamed its value")  # type: ignore[typeddict-unknown-key]

    with pytest.raises(ScorerContractError, match=r"'toy' returned values that are not a Ok:.*ok"):
        renamed(_ctx())

    @scorer("toy", values=Ok)
    def coerced(ctx: ScoreContext) -> Score[Ok]:
        return Score({"ok": 1}, "a count where a flag belongs")  # type: ignore[typeddict-item]

    with pytest.raises(ScorerContractError, match="ok: Input should be a valid boolean"):
        coerced(_ctx())


def test_a_derived_verdict_is_held_to_its_type_and_metrics() -> None:
    with pytest.raises(ScorerContractError, match="'yes'"):
        derived(
            "toy_derived",
            inputs=(),
            values=Ok,
            metrics=[rate("yes", better="higher", description="d")],
        )

    @derived(
        "toy_derived", inputs=(), values=Ok, metrics=[rate("ok", better="higher", description="d")]
    )
    def verdict(scores: Inputs) -> Score[Ok]:
        return Score({"no": False}, "wrong key")  # type: ignore[typeddict-unknown-key]

    with pytest.raises(ScorerContractError, match="not a Ok"):
        verdict({})


def test_a_scorer_writing_what_it_declares_passes_its_score_through() -> None:
    @scorer(
        "toy",
        values=Counted,
        metrics=[
            pooled(
                "p", kind="rate", numerator="k", denominator="n", better="higher", description="d"
            )
        ],
    )
    def fine(ctx: ScoreContext) -> Score[Counted]:
        return Score({"k": 1, "n": 2, "extra": "x"}, "fine")

    assert fine(_ctx()).values == {"k": 1, "n": 2, "extra": "x"}
    assert fine.metrics[0].name == "toy.p" and fine.name == "toy"


def test_the_registry_refuses_inconsistent_declarations() -> None:
    @scorer("toy", values=Measured, metrics=[mean("m", better="lower", description="d")])
    def one(ctx: ScoreContext) -> Score[Measured]:
        return Score({"m": 1}, "")

    assert list(build_registry([one], ["toy.m"])) == ["toy.m"]
    with pytest.raises(RegistryError, match="declared twice"):
        build_registry([one, one], ["toy.m"])
    with pytest.raises(RegistryError, match=r"undeclared metrics: toy\.gone"):
        build_registry([one], ["toy.m", "toy.gone"])
    with pytest.raises(RegistryError, match=r"missing from the report order: toy\.m"):
        build_registry([one], [])


def test_a_policy_naming_an_unknown_metric_is_an_error() -> None:
    from harness.policy.models import Gate

    with pytest.raises(ValueError, match=r"unknown metric 'parity\.matches'"):
        Gate.model_validate(
            {
                "metric": "parity.matches",
                "statistic": "estimate",
                "comparator": ">=",
                "threshold": 0.5,
            }
        )
