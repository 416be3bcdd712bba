"""Stored runs as pandas tables, and the headline metrics with intervals per group.

``results.jsonl`` becomes one row per run; ``scores.jsonl`` becomes one row per scorer value (long
form) (``frames``). ``metric_table`` turns the long form into per-group rates and means with counts
and intervals (``aggregate``), each metric evaluated from its declaration (``values``);
``paired_table`` compares two versions on the same packages (``paired``). A value that was not
scored stays NaN through every step: a group without data gets n == 0 and NaN estimates, never 0.
The metrics themselves are declared on their scorers and gathered in ``harness.metrics.registry``.
"""

from harness.tables.aggregate import METRIC_COLUMNS, metric_table
from harness.tables.columns import (
    LABEL_PREFIX,
    RESULT_COLUMNS,
    RUN_KEY,
    SCORE_COLUMNS,
    ResultColumns,
    ScoreColumns,
)
from harness.tables.frames import (
    PAIR_KEY,
    SCORES_FILE,
    LineIndex,
    RunTables,
    TableError,
    label_columns,
    load_tables,
    results_frame,
    run_values,
    scores_frame,
)
from harness.tables.paired import PAIRED_COLUMNS, paired_outcomes, paired_table
from harness.tables.values import extract, metric_values

__all__ = [
    "LABEL_PREFIX",
    "METRIC_COLUMNS",
    "PAIRED_COLUMNS",
    "PAIR_KEY",
    "RESULT_COLUMNS",
    "RUN_KEY",
    "SCORES_FILE",
    "SCORE_COLUMNS",
    "LineIndex",
    "ResultColumns",
    "RunTables",
    "ScoreColumns",
    "TableError",
    "extract",
    "label_columns",
    "load_tables",
    "metric_table",
    "metric_values",
    "paired_outcomes",
    "paired_table",
    "results_frame",
    "run_values",
    "scores_frame",
]
