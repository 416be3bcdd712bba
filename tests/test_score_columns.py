"""The long table made from codes (``ScoreColumns``) is the frame a row-by-row reading gives: the
same rows, order, values and dtypes, whether records come in file order or case by case in any
order of cases."""

from __future__ import annotations

import math
import random
from typing import Any

import pandas as pd
import pytest

from harness.schema import ScoreRecord, Stage
from harness.tables import LABEL_PREFIX, SCORE_COLUMNS, ScoreColumns


def _reference(records: list[ScoreRecord]) -> pd.DataFrame:
    """What a list of values a column gives, as the frame was made before it held codes."""
    names = sorted({k for r in records for k in r.labels})
    columns: dict[str, list[Any]] = {n: [] for n in SCORE_COLUMNS}
    columns.update({f"{LABEL_PREFIX}{n}": [] for n in names})
    for r in records:
        for key, value in r.values.items():
            ids = (r.package, str(r.stage), r.agent, r.model, r.scorer, key)
            for name, item in zip(SCORE_COLUMNS[:6], ids, strict=True):
                columns[name].append(item)
            number = float(value) if isinstance(value, int | float) else math.nan
            columns["value"].append(number)
            columns["text"].append(str.__str__(value) if isinstance(value, str) else None)
            columns["explanation"].append(r.explanation)
            for n in names:
                columns[f"{LABEL_PREFIX}{n}"].append(r.labels.get(n))
    data = {n: pd.Series(v, dtype=float if n == "value" else None) for n, v in columns.items()}
    return pd.DataFrame(data, columns=list(columns))


def _records(seed: int) -> list[ScoreRecord]:
    rng = random.Random(seed)
    choices: list[Any] = [True, False, 0, 3, 2.5, -0.0, None, "high", "low", Stage.plan, 7]
    records = []
    for p in range(rng.randint(1, 9)):
        for stage in rng.sample(["reconcile", "plan", "draft"], rng.randint(1, 3)):
            labels = rng.choice([{}, {"origin": "handwritten"}, {"origin": "generated:x", "agent": "a"},
                                 {"failure_mode": "clean"}])  # fmt: skip
            for scorer in sorted(
                rng.sample(["boundary", "cost", "parity", "a.b"], rng.randint(1, 4))
            ):
                keys = sorted(rng.sample(["match", "count", "z", "b.c"], rng.randint(0, 4)))
                records.append(
                    ScoreRecord(
                        package=f"pkg-{p:02d}",
                        stage=Stage(stage),
                        agent=rng.choice(["a", "b"]),
                        model="m",
                        scorer=scorer,
                        labels=labels,
                        values={k: rng.choice(choices) for k in keys},
                        explanation=rng.choice(["none", "one", f"found {p}"]),
                    )
                )
    return records


@pytest.mark.parametrize("seed", range(40))
def test_the_frame_is_the_row_by_row_one_in_file_order(seed: int) -> None:
    records = _records(seed)
    columns = ScoreColumns()
    for r in records:
        columns.add(r)
    pd.testing.assert_frame_equal(columns.frame(), _reference(records), check_exact=True)


@pytest.mark.parametrize("seed", range(40))
def test_cases_in_any_order_come_out_in_file_order(seed: int) -> None:
    records = _records(seed)
    cases: dict[tuple[str, str], list[ScoreRecord]] = {}
    for r in records:
        cases.setdefault((r.package, str(r.stage)), []).append(r)
    shuffled = list(cases.values())
    random.Random(seed).shuffle(shuffled)
    columns = ScoreColumns()
    for case in shuffled:
        columns.add_case(case[::-1])
    in_file = [r for key in sorted(cases) for r in cases[key]]
    in_file = [r.model_copy(update={"values": dict(sorted(r.values.items()))}) for r in in_file]
    pd.testing.assert_frame_equal(columns.frame(), _reference(in_file), check_exact=True)


def test_no_rows_is_the_empty_frame_of_lists() -> None:
    columns = ScoreColumns()
    columns.add(ScoreRecord(package="p", stage=Stage.plan, agent="a", model="m", scorer="s",
                            labels={"origin": "x"}, values={}, explanation=""))  # fmt: skip
    pd.testing.assert_frame_equal(
        columns.frame(), _reference([]).assign(**{f"{LABEL_PREFIX}origin": pd.Series([])})
    )


@pytest.mark.parametrize("seed", range(10))
def test_key_lists_past_the_bound_are_coded_as_they_come(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    from harness.tables import columns as module

    monkeypatch.setattr(module, "_MAX_KEY_LISTS", 2)
    records = _records(seed)
    columns = ScoreColumns()
    for r in records:
        columns.add(r)
    pd.testing.assert_frame_equal(columns.frame(), _reference(records), check_exact=True)


def test_a_column_whose_rows_use_only_none_is_an_object_column() -> None:
    # A label only on a record without values, and no text value at all: every row of those
    # columns is None although their distinct values hold a string.
    records = [
        ScoreRecord(package="p", stage=Stage.plan, agent="a", model="m", scorer="s",
                    labels={"theme": "x"}, values={}, explanation="e"),
        ScoreRecord(package="p", stage=Stage.plan, agent="a", model="m", scorer="t",
                    labels={}, values={"n": 1, "ok": True}, explanation="e"),
    ]  # fmt: skip
    columns = ScoreColumns()
    for r in records:
        columns.add(r)
    frame = columns.frame()
    pd.testing.assert_frame_equal(frame, _reference(records), check_exact=True)
    assert frame[f"{LABEL_PREFIX}theme"].dtype == object and frame["text"].dtype == object
