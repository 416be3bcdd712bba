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

    count: int = Field(ge=0, description="how many packages were refused")
    first: list[str] = Field(default=[], description="the first few messages (file, line, field)")


class MergedInput(_Part):
    """One input of ``shadow merge``."""

    run_id: str | None = Field(description="the shard run's id")
    dir: str = Field(description="its folder")
    shard: str | None = Field(default=None, description="its shard (K/N)")
    counts: dict[str, int] | None = Field(default=None, description="its counts at the merge")


class Isolation(_Part):
    """The sandbox a run's stages ran under (``harness.sandbox.isolation.run_isolation``)."""

    level: Literal["full", "net", "none", "in_process"] = Field(
        description="full, net (network only), none, or in_process"
    )
    note: str = Field(default="", description="why it is below full, in words")
    process_limit: str = Field(default="none", description="uid, rlimit or none")
    below_full: bool = Field(description="no evidence of boundary compliance when true")


class ScorerSpec(_Part):
    """One scorer as it scored the run: its name and the settings that change its verdicts."""

    name: str = Field(description="the scorer's name")
    metrics: list[str] = Field(default=[], description="the metric names it produced")
    detector: str | None = Field(
        default=None, description="the text detector behind its judgements, when it uses one"
    )
    derived_from: list[str] = Field(default=[], description="scorers a derived verdict reads")


class ScoringInfo(_Part):
    """How ``scores.jsonl`` was made: when, with which thresholds and scorers."""

    scored_at: str = Field(description="when it was scored (ISO 8601, UTC)")
    thresholds: dict[str, float] = Field(description="the scorers' thresholds by name")
    scorers: list[ScorerSpec] = Field(description="the scorers, with their settings")


class RunMeta(BaseModel):
    """One ``run.json``. Times are ISO 8601 strings in UTC (``...Z``), as written."""

    model_config = ConfigDict(extra="forbid")

    format_version: int = Field(
        default=RUN_FORMAT,
        ge=OLDEST_READ_FORMAT,
        le=RUN_FORMAT,
        description=f"layout of this run.json ({RUN_FORMAT} today; layouts down to "
        f"{OLDEST_READ_FORMAT} are still read)",
    )
    run_id: str = Field(description="the run's id, also its folder name")
    started_at: str | None = Field(default=None, description="when the run started (ISO 8601, UTC)")
    ended_at: str | None = Field(
        default=None, description="when it ended (None while running or after a crash)"
    )
    state: RunState | None = Field(default=None, description="None: not written by a run")
    harness_version: str | None = Field(
        default=None, description="version of the harness that ran it"
    )
    git_revision: str | None = Field(default=None, description="harness commit, +dirty if changed")
    source: Literal["pytest"] | None = Field(default=None, description="None: `shadow run`")
    suites: list[str] = Field(default=[], description="pytest suite files (source pytest)")
    runner: str | None = Field(
        default=None, description="the runner (reference, recorded, command, openai, pi ...)"
    )
    runner_config: dict[str, Any] | None = Field(
        default=None, description="the runner's settings (no secrets)"
    )
    model: str | None = Field(default=None, description="the model version under test")
    recordings: list[str] | None = Field(
        default=[], description="the package files or folders replayed, as given"
    )
    recordings_sha256: str | None = Field(
        default=None,
        description="digest of the packages replayed; scoring refuses changed recordings",
    )
    outputs_dir: str | None = Field(
        default=None, description="the recorded outputs replayed (recorded runner)"
    )
    isolation: Isolation | None = Field(
        default=None, description="what fenced the run's child processes in (None: not recorded)"
    )
    policy_sha256: str | None = Field(
        default=None,
        description="sha256 of the effective policy the last report decided with "
        "(harness.policy.policy_digest); none before a report",
    )
    phase: int = Field(default=0, description="the phase the stages ran at")
    filters: dict[str, Any] | None = Field(
        default=None,
        description="which packages and stages were selected (stage, agent, label, per-stage sample)",
    )
    shard: str | None = Field(
        default=None, description="this run's shard (K/N) when the corpus was split"
    )
    limits: Limits | None = Field(
        default=None, description="the per-case limits the runner was held to"
    )
    grace_seconds: float | None = Field(
        default=None, description="seconds a cancelled case had to stop"
    )
    jobs: int | None = Field(default=None, description="cases run at once")
    counts: dict[str, int] = Field(
        default={}, description="planned cases, recorded ones by status, and those pending"
    )
    load_errors: LoadErrors | None = Field(
        default=None, description="packages the loader refused as the run started"
    )
    resumed_at: list[str] = Field(
        default=[], description="when the run was resumed after an interruption, each time"
    )
    notes: list[str] = Field(
        default=[], description="sandbox fallbacks and other notes on the whole run"
    )
    merged_from: list[MergedInput] | None = Field(
        default=None, description="the shard runs `shadow merge` joined into this one"
    )
    merged_at: str | None = Field(default=None, description="when they were merged")
    scoring: ScoringInfo | None = Field(
        default=None, description="how scores.jsonl was made (None: not scored)"
    )

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
