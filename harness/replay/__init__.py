"""Replay recorded packages through a runner into a run directory; resume and merge runs.

Uses the schema, the stage registry, the invocation builder, the runners and the loader; never the
scorers or the command line (a stored run is scored later, from the directory alone).
"""

from harness.replay.case import ArchiveIds, CaseContext, CaseResult, run_case
from harness.replay.engine import RunSummary, default_jobs, replay
from harness.replay.merge import MergeError, merge_runs
from harness.replay.select import Case, Filters, Shard, select_cases, shard_of
from harness.rundir import (
    RESULTS,
    RUN_META,
    TRACES,
    RunDirError,
    read_results,
    read_run_meta,
    read_trace,
)

__all__ = [
    "RESULTS",
    "RUN_META",
    "TRACES",
    "ArchiveIds",
    "Case",
    "CaseContext",
    "CaseResult",
    "Filters",
    "MergeError",
    "RunDirError",
    "RunSummary",
    "Shard",
    "default_jobs",
    "merge_runs",
    "read_results",
    "read_run_meta",
    "read_trace",
    "replay",
    "run_case",
    "select_cases",
    "shard_of",
]
