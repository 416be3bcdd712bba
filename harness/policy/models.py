"""The promotion policy as typed data, read from TOML or YAML.

A policy names, per stage, the phase it is live at and the highest phase it may reach, and per
phase the gates a stage must pass to hold that phase. Phase 0 (shadow) has gates too: every stage
must meet them, whatever its phase, or ``shadow gate`` fails. Reaching a phase needs its gates and
those of every lower phase. Unknown fields are errors so that a misspelt gate never silently goes
unchecked, and a phase a stage could reach without a single gate is an error, never a promotion.
"""

from __future__ import annotations

import hashlib
import math
import tomllib
from importlib import resources
from pathlib import Path
from typing import Any, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from harness.metrics.registry import METRICS
from harness.schema import Stage
from harness.stages import PHASES, STAGE_SPECS
from harness.untrusted.parse import BadInput, parse_config

Comparator = Literal["<", "<=", ">", ">=", "=="]
#: Which column of the metric table a gate reads: one-sided bounds, the point estimate (a rate or
#: a mean), percentiles of a per-run value, or the raw event count.
Statistic = Literal["upper_bound", "lower_bound", "estimate", "mean", "p50", "p95", "events"]
BudgetName = Literal["latency_p95_s", "cost_usd_per_run"]

LIVE_PHASES: tuple[int, ...] = tuple(p for p in PHASES if p >= 1)
SHADOW_PHASE = 0
DEFAULT_POLICY_FILE = "default_policy.toml"


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)


def _known_metric(metric: str) -> str:
    if metric not in METRICS:
        raise ValueError(f"metric: unknown metric {metric!r}; known: {', '.join(METRICS)}")
    return metric


def _finite_threshold(value: float | None) -> float | None:
    if value is not None and (not math.isfinite(value) or value < 0):
        raise ValueError(f"must be a finite number >= 0, got {value!r}")
    return value


class Gate(_Model):
    """``statistic(metric) comparator threshold`` over at least ``min_n`` trials. A critical gate
    that fails on enough data at a live phase demotes the stage."""

    metric: str = Field(description="a headline metric (`shadow policy show` lists them)")
    statistic: Statistic = Field(description="which column of the metric table the gate reads")
    comparator: Comparator = Field(description="how the statistic compares with the threshold")
    threshold: float | None = Field(default=None, description="finite and >= 0")
    budget: BudgetName | None = Field(
        default=None, description="take the threshold from the stage's budget instead"
    )
    min_n: int = Field(
        default=1,
        ge=1,
        description="fewest trials the gate is judged on; for rates, the effective n (clusters)",
    )
    critical: bool = Field(
        default=False, description="failing it on enough data at a live phase demotes the stage"
    )
    stages: list[Stage] | None = Field(
        default=None, description="the stages the gate applies to; all when absent"
    )
    why: str = Field(default="", description="why the gate exists, shown beside its verdict")

    _finite = field_validator("threshold")(_finite_threshold)

    @model_validator(mode="after")
    def _check(self) -> Self:
        spec = METRICS[_known_metric(self.metric)]
        if self.statistic in {"p50", "p95"} and (spec.kind != "mean" or spec.pooled):
            raise ValueError(f"statistic: {self.statistic} needs a per-run mean metric")
        if self.statistic == "events" and spec.kind != "rate":
            raise ValueError("statistic: events needs a rate metric")
        if (self.threshold is None) == (self.budget is None):
            raise ValueError("threshold: give exactly one of threshold or budget")
        return self

    def applies_to(self, stage: Stage) -> bool:
        return self.stages is None or stage in self.stages


class RegressionGate(_Model):
    """Never significantly worse than the stage's incumbent model on the same packages."""

    metric: str = Field(description="a headline metric compared on the same packages")
    alpha: float = Field(default=0.05, gt=0, lt=1, description="significance level of the test")
    min_pairs: int = Field(default=1, ge=1, description="fewest paired runs it is judged on")
    critical: bool = Field(
        default=True, description="a regression on enough pairs demotes a live stage"
    )
    stages: list[Stage] | None = Field(
        default=None, description="the stages the gate applies to; all when absent"
    )
    why: str = Field(default="", description="why the gate exists, shown beside its verdict")

    @model_validator(mode="after")
    def _check(self) -> Self:
        _known_metric(self.metric)
        return self

    def applies_to(self, stage: Stage) -> bool:
        return self.stages is None or stage in self.stages


class PhaseGates(_Model):
    gates: list[Gate] = Field(
        default=[], description="threshold gates; a list in a file replaces the shipped list whole"
    )
    regressions: list[RegressionGate] = Field(
        default=[],
        description="paired tests against the incumbent model (`shadow gate --incumbent`)",
    )


class Budget(_Model):
    latency_p95_s: float | None = Field(
        default=None,
        gt=0,
        allow_inf_nan=False,
        description="the 95th percentile of run latency may not exceed this, in seconds",
    )
    cost_usd_per_run: float | None = Field(
        default=None,
        ge=0,
        allow_inf_nan=False,
        description="the mean cost of a run may not exceed this, in US dollars",
    )


class StagePolicy(_Model):
    current_phase: int = Field(
        default=0,
        ge=0,
        le=max(PHASES),
        description="the phase the stage is live at today (0 = shadow only)",
    )
    max_phase: int | None = Field(
        default=None, ge=0, le=max(PHASES), description="may only lower the stage's registry max"
    )
    budget: Budget = Field(default=Budget(), description="the stage's own latency and cost budgets")


class Policy(_Model):
    version: Literal[1] = Field(default=1, description="policy format version; 1")
    base: Literal["default", "none"] = Field(
        default="default",
        description="'default': this file is merged over the shipped policy; 'none': it stands alone",
    )
    confidence: float = Field(
        default=0.95,
        gt=0.5,
        lt=1,
        description="confidence level of the intervals and bounds the gates read",
    )
    budget: Budget = Field(
        default=Budget(),
        description="latency and cost budgets for every stage (a stage's own budget wins)",
    )
    stages: dict[Stage, StagePolicy] = Field(
        default={}, description="per stage: the phase it is live at, its highest phase, its budget"
    )
    phases: dict[int, PhaseGates] = Field(
        default={}, description="per phase (0-4): the gates a stage must pass to hold it"
    )

    @model_validator(mode="after")
    def _check(self) -> Self:
        for phase in self.phases:
            if phase not in PHASES:
                raise ValueError(f"phases.{phase}: gates exist only for phases {list(PHASES)}")
        for stage, sp in self.stages.items():
            ceiling = STAGE_SPECS[stage].max_phase
            if sp.max_phase is not None and sp.max_phase > ceiling:
                raise ValueError(
                    f"stages.{stage}.max_phase: {sp.max_phase} is above the stage's highest "
                    f"allowed phase {ceiling}; a policy may only lower it"
                )
            if sp.current_phase > self.max_phase(stage):
                raise ValueError(
                    f"stages.{stage}.current_phase: {sp.current_phase} is above max_phase "
                    f"{self.max_phase(stage)}"
                )
        for phase, pg in self.phases.items():
            for i, gate in enumerate(pg.gates):
                if gate.budget is None:
                    continue
                for stage in Stage:
                    if gate.applies_to(stage) and self.budget_for(stage, gate.budget) is None:
                        raise ValueError(
                            f"phases.{phase}.gates.{i}.budget: no {gate.budget} budget for "
                            f"stage {stage} (set budget.{gate.budget})"
                        )
        for stage in Stage:
            for phase in range(SHADOW_PHASE, self.max_phase(stage) + 1):
                if not self.gates_for(phase, stage) and phase == SHADOW_PHASE:
                    raise ValueError(
                        f"phases.0.gates: no gate applies to stage {stage}; the shadow budget "
                        "(phase 0) every stage is held to needs at least one gate"
                    )
                if not self.gates_for(phase, stage):
                    raise ValueError(
                        f"phases.{phase}.gates: no gate applies to stage {stage}, which may reach "
                        f"phase {phase}; a phase without gates would pass on nothing (add gates "
                        f"or lower stages.{stage}.max_phase)"
                    )
        return self

    def stage(self, stage: Stage) -> StagePolicy:
        return self.stages.get(stage, StagePolicy())

    def current_phase(self, stage: Stage) -> int:
        return self.stage(stage).current_phase

    def max_phase(self, stage: Stage) -> int:
        ceiling = STAGE_SPECS[stage].max_phase
        own = self.stage(stage).max_phase
        return ceiling if own is None else min(own, ceiling)

    def budget_for(self, stage: Stage, name: BudgetName) -> float | None:
        value: float | None = getattr(self.stage(stage).budget, name)
        return value if value is not None else getattr(self.budget, name)

    def gates(self, phase: int) -> PhaseGates:
        return self.phases.get(phase, PhaseGates())

    def gates_for(self, phase: int, stage: Stage) -> list[Gate]:
        """The threshold gates of ``phase`` that apply to ``stage`` (regressions need an
        incumbent, so they never count as the gates a phase stands on)."""
        return [g for g in self.gates(phase).gates if g.applies_to(stage)]


class PolicyError(ValueError):
    """A policy file that cannot be used; the message names the file and the field."""


def _parse(path: Path, text: str) -> Any:
    return parse_config(text, "yaml" if path.suffix.lower() in {".yaml", ".yml"} else "toml")


def parse_policy(data: Any, source: str) -> Policy:
    if not isinstance(data, dict):
        raise PolicyError(f"{source}: <file>: expected a table of settings")
    try:
        return Policy.model_validate(data)
    except ValidationError as exc:
        problems = []
        for err in exc.errors(include_url=False):
            where = ".".join(str(part) for part in err["loc"]) or "<file>"
            message = str(err["msg"]).removeprefix("Value error, ")
            # Cross-field checks name their own field as "path: message".
            head, sep, rest = message.partition(": ")
            if sep and " " not in head:
                where = head if where == "<file>" else f"{where}.{head}"
                message = rest
            problems.append(f"{source}: {where}: {message}")
        raise PolicyError("\n".join(problems)) from exc


def _shipped_data() -> dict[str, Any]:
    text = resources.files("harness.policy").joinpath(DEFAULT_POLICY_FILE).read_text("utf-8")
    return tomllib.loads(text)


def _normalised(data: Any) -> Any:
    # YAML reads `phases: {1: ...}` with int keys, TOML with str keys; merge needs one spelling.
    if isinstance(data, dict) and isinstance(data.get("phases"), dict):
        data = {**data, "phases": {str(k): v for k, v in data["phases"].items()}}
    return data


def merge_policy(base: dict[str, Any], override: dict[str, Any]) -> dict[str, Any]:
    """``override`` over ``base``, table by table: a key of the override replaces the base's,
    a table merges key by key, and a list (a phase's gates or regressions) replaces the base's
    list whole, so that a file can drop a shipped gate by restating the list without it."""
    merged = dict(base)
    for key, value in override.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = merge_policy(merged[key], value)
        else:
            merged[key] = value
    return merged


def policy_data(path: Path | None = None) -> dict[str, Any]:
    """The effective policy settings before validation: the shipped defaults, or a file merged
    over them (unless it says ``base = "none"``)."""
    shipped = _normalised(_shipped_data())
    if path is None:
        return dict(shipped)
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise PolicyError(f"{path}: <file>: {exc.strerror or exc}") from exc
    except UnicodeDecodeError as exc:
        raise PolicyError(f"{path}: <file>: not UTF-8: {exc.reason} at byte {exc.start}") from exc
    try:
        data = _parse(path, text)
    except BadInput as exc:
        raise PolicyError(f"{path}: {exc}") from exc
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise PolicyError(f"{path}: <file>: expected a table of settings")
    data = _normalised(data)
    if data.get("base", "default") == "none":
        return dict(data)
    return merge_policy(shipped, data)


def policy_digest(policy: Policy) -> str:
    """sha256 of the effective policy (after merging over the shipped defaults): two reports
    decided with the same gates have the same digest whichever files they came from."""
    return hashlib.sha256(policy.model_dump_json().encode()).hexdigest()


def load_policy(path: Path | None = None) -> Policy:
    """Read a policy file (TOML, or YAML by suffix) merged over the shipped defaults; the
    shipped default alone when ``path`` is None."""
    source = f"harness/policy/{DEFAULT_POLICY_FILE}" if path is None else str(path)
    return parse_policy(policy_data(path), source)
