"""``run.json``: the typed, versioned record of one run (what ran, on what, how, how far it got).

Every writer goes through ``RunMeta`` (``write_run_meta`` validates), so a field renamed in one
writer and not in its readers fails at once instead of leaving a key nobody reads. Readers accept
the previous layout for one version: a run.json without ``format_version`` is layout 1, read with
the fields it lacks at their defaults.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from harness.schema import Limits

#: The layout written today. 2: ``format_version``, ``isolation``, ``policy_sha256``, ``scoring``.
#: 3: traces in one appended file per writer with an index (``harness.rundir.traces``); run.json
#: is unchanged, the number tells an older harness that it cannot find the traces.
RUN_FORMAT = 3
#: The oldest layout still read (one version back).
OLDEST_READ_FORMAT = 1

RunState = Literal["running", "finished", "interrupted", "aborted", "partial"]


class _Part(BaseModel):
    model_config = ConfigDict(extra="forbid")


class LoadErrors(_Part):
    """Packages the loader refused as the run started: how many, and the first few messages."""

    count: int = Field(ge=0)
    first: list[str] = []


class MergedInput(_Part):
    """One input of ``shadow merge``."""

    run_id: str | None
    dir: str
    shard: str | None = None
    counts: dict[str, int] | None = None


class Isolation(_Part):
    """The sandbox a run's stages ran under (``harness.sandbox.isolation.run_isolation``)."""

    level: Literal["full", "net", "none", "in_process"]
    note: str = ""
    process_limit: str = Field(default="none", description="uid, rlimit or none")
    below_full: bool = Field(description="no evidence of boundary compliance when true")


class ScorerSpec(_Part):
    """One scorer as it scored the run: its name and the settings that change its verdicts."""

    name: str
    metrics: list[str] = Field(default=[], description="the metric names it produced")
    detector: str | None = Field(
        default=None, description="the text detector behind its judgements, when it uses one"
    )
    derived_from: list[str] = Field(default=[], description="scorers a derived verdict reads")


class ScoringInfo(_Part):
    """How ``scores.jsonl`` was made: when, with which thresholds and scorers."""

    scored_at: str
    thresholds: dict[str, float]
    scorers: list[ScorerSpec]


class RunMeta(BaseModel):
    """One ``run.json``. Times are ISO 8601 strings in UTC (``...Z``), as written."""

    model_config = ConfigDict(extra="forbid")

    format_version: int = Field(default=RUN_FORMAT, ge=OLDEST_READ_FORMAT, le=RUN_FORMAT)
    run_id: str
    started_at: str | None = None
    ended_at: str | None = None
    state: RunState | None = Field(default=None, description="None: not written by a run")
    harness_version: str | None = None
    git_revision: str | None = Field(default=None, description="harness commit, +dirty if changed")
    source: Literal["pytest"] | None = Field(default=None, description="None: `shadow run`")
    suites: list[str] = Field(default=[], description="pytest suite files (source pytest)")
    runner: str | None = None
    runner_config: dict[str, Any] | None = None
    model: str | None = None
    recordings: list[str] | None = []
    recordings_sha256: str | None = None
    outputs_dir: str | None = None
    isolation: Isolation | None = Field(
        default=None, description="what fenced the run's child processes in (None: not recorded)"
    )
    policy_sha256: str | None = Field(
        default=None,
        description="sha256 of the effective policy the last report decided with "
        "(harness.policy.policy_digest); none before a report",
    )
    phase: int = 0
    filters: dict[str, Any] | None = None
    shard: str | None = None
    limits: Limits | None = None
    grace_seconds: float | None = None
    jobs: int | None = None
    counts: dict[str, int] = {}
    load_errors: LoadErrors | None = None
    resumed_at: list[str] = []
    notes: list[str] = []
    merged_from: list[MergedInput] | None = None
    merged_at: str | None = None
    scoring: ScoringInfo | None = None

    def to_json(self) -> dict[str, Any]:
        """The JSON object written to run.json (always the current layout)."""
        data = self.model_dump(mode="json")
        data["format_version"] = RUN_FORMAT
        return data


def upgrade(data: dict[str, Any]) -> dict[str, Any]:
    """A run.json object of an older layout, in today's: layout 1 had no ``format_version``."""
    if "format_version" not in data:
        return {**data, "format_version": OLDEST_READ_FORMAT}
    return data
