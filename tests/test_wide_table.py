"""The run table made from codes (``harness.tables.wide``) is the one grouping the long table
makes (``grouped_values``): the same rows in the same order, columns, values and dtypes, on long
tables in any row order, with repeats, missing values and labels."""

from __future__ import annotations

import math
import random
from typing import Any

import pandas as pd
import pytest

from harness.tables import run_values
from harness.tables.frames import grouped_values, label_columns
from harness.tables.wide import coded_values


def _long(seed: int, *, dtype: Any = None) -> pd.DataFrame:
    rng = random.Random(seed)
    rows = []
    models = rng.sample(["m2", "m1", "m3"], rng.randint(1, 3))
    pairs = [("parity", "match"), ("a.b", "c"), ("a", "b.c"), ("cost", "usd"), ("boundary", "v")]
    for p in rng.sample(range(30), rng.randint(1, 12)):
        origin = rng.choice([None, "handwritten", "generated:x"])
        for stage in rng.sample(["plan", "draft", "reconcile"], rng.randint(1, 3)):
            for model in models:
                agent = rng.choice(["vojan", "uhdim"])
                for scorer, metric in rng.sample(pairs, rng.randint(1, len(pairs))):
                    for _ in range(rng.choice([1, 1, 1, 2])):  # a repeat: a merged copy
                        value = rng.choice([0.0, 1.0, 2.5, math.nan, -0.0])
                        rows.append((f"p{p}", stage, agent, model, scorer, metric, value,
                                     rng.choice([origin, None]), "clean"))  # fmt: skip
    rng.shuffle(rows)
    names = ["package", "stage", "agent", "model", "scorer", "metric", "value", "label_origin",
             "label_failure_mode"]  # fmt: skip
    columns = {n: [r[i] for r in rows] for i, n in enumerate(names)}
    frame = pd.DataFrame({n: pd.Series(v, dtype=float if n == "value" else dtype)
                          for n, v in columns.items()})  # fmt: skip
    frame.insert(7, "text", None)
    frame.insert(8, "explanation", "")
    return frame


@pytest.mark.parametrize("seed", range(80))
def test_codes_give_the_grouped_table(seed: int) -> None:
    scores = _long(seed)
    coded = coded_values(scores, label_columns(scores))
    assert coded is not None
    pd.testing.assert_frame_equal(coded, grouped_values(scores, label_columns(scores)))


def test_object_columns_are_grouped_as_before() -> None:
    scores = _long(7, dtype=object)
    assert coded_values(scores, label_columns(scores)) is None
    pd.testing.assert_frame_equal(run_values(scores), grouped_values(scores, label_columns(scores)))


def test_without_labels() -> None:
    scores = _long(3).drop(columns=["label_origin", "label_failure_mode"])
    pd.testing.assert_frame_equal(run_values(scores), grouped_values(scores, []))


def test_a_missing_key_is_grouped_as_before() -> None:
    scores = _long(5)
    scores.loc[0, "agent"] = None
    assert coded_values(scores, label_columns(scores)) is None
    pd.testing.assert_frame_equal(run_values(scores), grouped_values(scores, label_columns(scores)))
