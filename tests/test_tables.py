"""Run directories into tables, and the headline metrics with counts and intervals."""

from __future__ import annotations

import math
import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from harness import stats
from harness.schema import BoundaryEvent, Envelope, RunRecord, ScoreRecord, Stage, Usage
from harness.tables import (
    METRIC_COLUMNS,
    TableError,
    load_tables,
    metric_table,
    paired_outcomes,
    paired_table,
    scores_frame,
)
from tests.policy_helpers import clean_runs, run_records, write_scores


def _row(table: pd.DataFrame, metric: str, **where: str) -> pd.Series:
    mask = table["metric"] == metric
    for column, value in where.items():
        mask &= table[column] == value
    hit = table[mask]
    assert len(hit) == 1, hit
    return hit.iloc[0]


def _run_record(package: str, *, violations: int = 0) -> RunRecord:
    return RunRecord(
        run_id="run-1",
        package=package,
        stage=Stage.reconcile,
        agent="vojan",
        model="model-a",
        runner="reference",
        status="completed",
        envelope=Envelope(status="completed"),
        latency_s=0.5,
        usage=Usage(input_tokens=10, output_tokens=5, cost_usd=0.002),
        boundary_events=[
            BoundaryEvent(kind="forbidden_verb", detail="message.send") for _ in range(violations)
        ],
        started_at=datetime(2026, 8, 25, 14, 3, tzinfo=UTC),
    )


def test_load_tables_reads_results_and_long_scores(tmp_path: Path) -> None:
    write_scores(tmp_path, clean_runs("reconcile", 2))
    with (tmp_path / "results.jsonl").open("w") as handle:
        handle.write(_run_record("pkg-0000").model_dump_json() + "\n")
        handle.write(_run_record("pkg-0001", violations=2).model_dump_json() + "\n")
    tables = load_tables(tmp_path)
    assert list(tables.results["boundary_events"]) == [0, 2]
    assert tables.results.loc[1, "boundary_kinds"] == "forbidden_verb"
    assert tables.results["cost_usd"].sum() == pytest.approx(0.004)

    scores = tables.scores
    assert {"package", "stage", "agent", "model", "scorer", "metric", "value"} <= set(
        scores.columns
    )
    assert "label_failure_mode" in scores.columns
    match = scores[(scores["scorer"] == "parity") & (scores["metric"] == "match")]
    assert list(match["value"]) == [1.0, 1.0]
    expected = scores[(scores["scorer"] == "parity") & (scores["metric"] == "expected")]
    assert expected["value"].isna().all()
    assert set(expected["text"]) == {"contradicted"}


def test_load_tables_without_scores_says_to_score_first(tmp_path: Path) -> None:
    with pytest.raises(TableError, match="shadow score"):
        load_tables(tmp_path)


def test_a_bad_scores_line_is_named_by_file_and_line_and_the_rest_is_read(tmp_path: Path) -> None:
    path = write_scores(tmp_path, clean_runs("reconcile", 1))
    good = load_tables(tmp_path).scores
    with path.open("a") as handle:
        handle.write('{"package": "p", "stage": "nonsense"}\n')
    lines = len(path.read_text().splitlines())
    tables = load_tables(tmp_path)
    assert len(tables.errors) == 1
    assert re.search(rf"scores.jsonl:{lines}: stage", tables.errors[0])
    assert len(tables.scores) == len(good)


def test_rates_count_runs_with_an_event() -> None:
    records = clean_runs("reconcile", 8)
    records += run_records(
        "reconcile", "bad-1", invented_completion={"invented_completions": 2, "invented": True}
    )
    records += run_records(
        "reconcile", "bad-2", boundary={"violations": 3, "compliant": False, "v_forbidden_verb": 3}
    )
    table = metric_table(scores_frame(records))
    assert list(table.columns) == ["stage", "model", *METRIC_COLUMNS]
    invented = _row(table, "invented_completion.invented")
    assert (invented["n"], invented["events"], invented["estimate"]) == (10, 1.0, 0.1)
    assert (invented["lo"], invented["hi"]) == pytest.approx(stats.wilson(1, 10))
    assert invented["upper"] == pytest.approx(stats.upper_bound_rare(1, 10))
    violation = _row(table, "boundary.violation")
    assert (violation["n"], violation["events"]) == (10, 1.0)


def test_a_metric_never_scored_is_nan_with_no_runs_not_zero() -> None:
    records = clean_runs("reconcile", 5)
    records = [r for r in records if r.scorer != "usefulness"]
    records += run_records("reconcile", "p-x", usefulness={"useful": None}, drop=())
    table = metric_table(scores_frame(records))
    useful = _row(table, "usefulness.useful")
    assert useful["n"] == 0
    assert math.isnan(useful["estimate"]) and math.isnan(useful["upper"])


def test_means_use_only_runs_with_a_value() -> None:
    records = clean_runs("inquire", 4)
    records += run_records(
        "inquire",
        "no-citations",
        evidence_fidelity={"citations": 0, "valid_citations": 0, "citation_precision": None},
    )
    records += run_records(
        "inquire",
        "half",
        evidence_fidelity={"citations": 4, "valid_citations": 2, "citation_precision": 0.5},
    )
    table = metric_table(scores_frame(records))
    precision = _row(table, "evidence_fidelity.citation_precision")
    assert precision["n"] == 5
    assert precision["estimate"] == pytest.approx((4 * 1.0 + 0.5) / 5)
    assert precision["lo"] <= precision["estimate"] <= precision["hi"]
    assert precision["lower"] >= precision["lo"]
    pooled = _row(table, "evidence_fidelity.citation_precision_pooled")
    assert (pooled["n"], pooled["events"]) == (4 * 3 + 4, 4 * 3 + 2)
    assert pooled["estimate"] == pytest.approx(14 / 16)
    # Citations of one run are not independent trials: the bound rests on the effective number
    # of clusters (here each package its own), weighted by their citations (3, 3, 3, 3, 4).
    n_eff = 16**2 / (4 * 3**2 + 4**2)
    assert pooled["n_eff"] == pytest.approx(n_eff)
    assert (pooled["lo"], pooled["hi"]) == pytest.approx(stats.wilson(14 / 16 * n_eff, n_eff))
    assert pooled["hi"] - pooled["lo"] > stats.wilson(14, 16)[1] - stats.wilson(14, 16)[0]


def test_repeat_check_reduction_is_pooled_and_counts_added_checks() -> None:
    records = run_records(
        "preflight", "p1", repeat_checks={"redundant_host_checks": 3, "prevented": 2, "added": 0}
    )
    records += run_records(
        "preflight", "p2", repeat_checks={"redundant_host_checks": 1, "prevented": 1, "added": 0}
    )
    # No redundant host check here, so the per-run reduction is None, but the added check counts.
    records += run_records(
        "preflight",
        "p3",
        repeat_checks={"redundant_host_checks": 0, "prevented": 0, "added": 2, "reduction": None},
    )
    table = metric_table(scores_frame(records))
    reduction = _row(table, "repeat_checks.reduction")
    assert reduction["estimate"] == pytest.approx((2 + 1 - 2) / 4)
    assert reduction["events"] == 4.0
    assert reduction["kind"] == "mean"


def test_latency_percentiles_and_cost_mean() -> None:
    records = []
    for i in range(20):
        records += run_records(
            "analyze", f"p{i}", latency={"latency_s": float(i + 1)}, cost={"cost_usd": 0.01 * i}
        )
    table = metric_table(scores_frame(records))
    latency = _row(table, "latency.latency_s")
    assert latency["p50"] == pytest.approx(10.5)
    assert latency["p95"] == pytest.approx(19.05)
    cost = _row(table, "cost.cost_usd")
    assert cost["estimate"] == pytest.approx(0.095)


def test_group_by_stage_model_agent_and_failure_mode() -> None:
    records = clean_runs("reconcile", 3, model="m1") + clean_runs("draft", 2, model="m2")
    records += run_records(
        "draft",
        "tricky",
        model="m2",
        agent="uhdim",
        labels={"failure_mode": "premature_completion"},
        invented_completion={"invented_completions": 1, "invented": True},
    )
    frame = scores_frame(records)
    by_stage = metric_table(frame, by=("stage",), metrics=["invented_completion.invented"])
    assert list(by_stage["stage"]) == ["reconcile", "draft"]
    assert list(by_stage["n"]) == [3, 3]
    by_label = metric_table(
        frame, by=("label_failure_mode",), metrics=["invented_completion.invented"]
    )
    premature = by_label[by_label["label_failure_mode"] == "premature_completion"].iloc[0]
    assert (premature["n"], premature["estimate"]) == (1, 1.0)
    by_agent = metric_table(frame, by=("agent",), metrics=["parity.match"])
    assert dict(zip(by_agent["agent"], by_agent["n"], strict=True)) == {"uhdim": 1, "vojan": 5}
    overall = metric_table(frame, by=(), metrics=["parity.match"])
    assert overall.iloc[0]["n"] == 6


def test_grouping_by_an_unknown_column_is_an_error() -> None:
    with pytest.raises(KeyError, match="label_nope"):
        metric_table(scores_frame(clean_runs("reconcile", 1)), by=("label_nope",))


def _parity_versions(n_same: int, n_flipped: int) -> tuple[pd.DataFrame, pd.DataFrame]:
    incumbent = clean_runs("reconcile", n_same + n_flipped, model="old")
    candidate = clean_runs("reconcile", n_same, model="new")
    for i in range(n_same, n_same + n_flipped):
        candidate += run_records("reconcile", f"pkg-{i:04d}", model="new", parity={"match": False})
    return scores_frame(candidate), scores_frame(incumbent)


def test_paired_outcomes_join_on_package_and_stage() -> None:
    candidate, incumbent = _parity_versions(3, 2)
    pairs = paired_outcomes(candidate, incumbent, "parity.match")
    assert len(pairs) == 5
    assert set(pairs["model_a"]) == {"new"} and set(pairs["model_b"]) == {"old"}
    flipped = pairs[(pairs["a"] == 0) & (pairs["b"] == 1)]
    assert list(flipped["package"]) == ["pkg-0003", "pkg-0004"]


def test_paired_table_flags_a_significant_regression() -> None:
    candidate, incumbent = _parity_versions(30, 12)
    table = paired_table(candidate, incumbent, metrics=["parity.match", "latency.latency_s"])
    parity = _row(table, "parity.match", stage="reconcile")
    assert (parity["n"], parity["a_only"], parity["b_only"]) == (42, 0.0, 12.0)
    assert parity["p"] == pytest.approx(stats.mcnemar_exact(0, 12))
    assert parity["diff"] == pytest.approx(-12 / 42)
    assert parity["verdict"] == "worse"
    latency = _row(table, "latency.latency_s", stage="reconcile")
    assert latency["verdict"] == "no detectable difference"


def test_paired_table_small_differences_are_not_significant() -> None:
    candidate, incumbent = _parity_versions(30, 2)
    parity = _row(paired_table(candidate, incumbent, metrics=["parity.match"]), "parity.match")
    assert parity["p"] == pytest.approx(0.5)
    assert parity["verdict"] == "no detectable difference"


def test_pairing_refuses_two_models_on_one_side() -> None:
    mixed = scores_frame(
        clean_runs("reconcile", 2, model="a") + clean_runs("reconcile", 2, model="b")
    )
    with pytest.raises(ValueError, match="several models"):
        paired_outcomes(mixed, mixed, "parity.match")


def test_only_runs_that_happened_are_counted() -> None:
    # Two stages over disjoint packages, by two models: no phantom package x stage x model runs.
    records = clean_runs("reconcile", 3, model="m1", prefix="r") + clean_runs(
        "draft", 2, model="m2", prefix="d"
    )
    frame = scores_frame(records)
    by_label = metric_table(frame, by=("label_failure_mode",), metrics=["parity.match"])
    assert list(by_label["label_failure_mode"]) == ["clean"]
    assert by_label.iloc[0]["runs"] == 5
    # One side may hold several models as long as each package and stage has one.
    pairs = paired_outcomes(frame, frame, "parity.match")
    assert len(pairs) == 5


def _generated(stage: str, template: str, n: int, **overrides: dict[str, Any]) -> list[ScoreRecord]:
    return [
        r
        for i in range(n)
        for r in run_records(
            stage,
            f"gen-{template}-{i:03d}",
            labels={"origin": f"generated:{template}", "failure_mode": "clean"},
            **overrides,
        )
    ]


def test_copies_of_one_template_count_as_one_cluster() -> None:
    # 300 clean runs from three templates are three independent observations, not 300: the rare
    # event bound stays wide and the gate's effective n says so.
    records = [r for t in ("a", "b", "c") for r in _generated("reconcile", t, 100)]
    row = _row(metric_table(scores_frame(records), n_boot=200), "invented_completion.invented")
    assert (row["n"], row["clusters"], row["n_eff"]) == (300, 3, pytest.approx(3.0))
    assert row["upper"] == pytest.approx(stats.upper_bound_rare(0, 3))
    # The same 300 runs as hand-written packages of distinct families are 300 clusters.
    distinct = [
        r
        for i in range(300)
        for r in run_records(
            "reconcile", f"hw-{i}", labels={"origin": "handwritten", "family": f"f{i}"}
        )
    ]
    row = _row(metric_table(scores_frame(distinct), n_boot=200), "invented_completion.invented")
    assert (row["clusters"], row["n_eff"]) == (300, pytest.approx(300.0))
    assert row["upper"] == pytest.approx(stats.upper_bound_rare(0, 300))


def test_handwritten_packages_cluster_by_agent_and_failure_mode() -> None:
    records = []
    for i, (agent, mode) in enumerate(
        [("uhdim", "cooldown"), ("uhdim", "cooldown"), ("vojan", "cooldown"), ("uhdim", "clean")]
    ):
        records += run_records(
            "reconcile",
            f"hw-{i}",
            agent=agent,
            labels={"origin": "handwritten", "failure_mode": mode},
        )
    row = _row(metric_table(scores_frame(records), n_boot=200), "parity.match")
    # Clusters of sizes 2, 1, 1: Kish's effective number is 4^2 / (4 + 1 + 1).
    assert (row["clusters"], row["n_eff"]) == (3, pytest.approx(16 / 6))


def test_wide_table_has_one_column_per_scorer_metric_key_and_the_last_value_wins() -> None:
    from harness.tables.frames import run_values

    rows = [
        # package, stage, scorer, metric, value: a repeat of a run (a merged copy) keeps the last
        ("p1", "reconcile", "parity", "match", 0.0),
        ("p1", "reconcile", "parity", "match", 1.0),
        ("p1", "reconcile", "a.b", "c", 2.0),
        ("p2", "reconcile", "a", "b.c", 3.0),
        ("p2", "reconcile", "parity", "match", 0.5),
    ]
    scores = pd.DataFrame(
        {
            "package": [r[0] for r in rows], "stage": [r[1] for r in rows],
            "agent": ["vojan"] * 5, "model": ["m"] * 5, "scorer": [r[2] for r in rows],
            "metric": [r[3] for r in rows], "value": [r[4] for r in rows],
            "text": [None] * 5, "explanation": [""] * 5,
        }
    )  # fmt: skip
    wide = run_values(scores)
    assert list(wide["package"]) == ["p1", "p2"]
    # two (scorer, metric) pairs that spell the same key are one column, as the key is read
    assert sorted(c for c in wide.columns if "." in c) == ["a.b.c", "parity.match"]
    assert list(wide["parity.match"]) == [1.0, 0.5]
    assert list(wide["a.b.c"]) == [2.0, 3.0]
