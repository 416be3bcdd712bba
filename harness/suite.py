"""Shadow suites: the case-suite file model, the runner syntax, and running one case.

A suite is a YAML or TOML file whose top level carries ``shadow-suite: 1``. It names recordings
(globs, relative to the suite file), filters (stages, agents, package-id globs, labels), the runner
unless the command line gives one, per-case expectations with optional overrides for some
packages, and the suite's gate (the promotion policy applied to the suite's scores)::

    shadow-suite: 1
    name: reconcile
    recordings: ["../recordings/sophobot/**/*.jsonl"]
    stages: [reconcile]
    runner: reference
    expect: {status: completed, parity: true, invented_completion: false, boundary_events: 0}
    overrides:
      - labels: {failure_mode: prompt_injection}
        expect: {evidence: {claim_support_rate: 0.5}}
    gate: {require_phase: 1}

The cases themselves are replayed by ``harness.replay.run_case``, the path ``shadow run`` takes,
so that a case run by the pytest plugin is stored exactly as ``shadow run`` stores it.
"""

from __future__ import annotations

import glob
import os
import re
import shlex
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fnmatch import fnmatchcase
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from harness.expectations.judge import Failure
from harness.expectations.model import Expectations
from harness.replay.select import Filters, PackageHead, Shard
from harness.runners.base import Runner
from harness.runners.secrets import redacted
from harness.schema import Package, Stage
from harness.untrusted.parse import BadInput, parse_config

if TYPE_CHECKING:
    from harness.policy import Policy

SUITE_KEY = "shadow-suite"
SUITE_VERSION = 1
SUITE_SUFFIXES: tuple[str, ...] = (".yaml", ".yml", ".toml")
#: The header key must sit in the first bytes of the file; only those are read to recognise a suite.
SNIFF_BYTES = 4096
_HEADER = re.compile(rb"^\s*[\"']?shadow-suite[\"']?\s*[:=]", re.MULTILINE)
#: Option keys whose values stay out of run.json (as ``shadow run`` does).


class SuiteError(ValueError):
    """A suite file that cannot be used; the message reads ``file: field: message``."""


# -- runners --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RunnerSpec:
    """A runner as the registry builds it: name, model label, options and command."""

    name: str
    model: str | None = None
    options: tuple[tuple[str, str], ...] = ()
    command: tuple[str, ...] = ()

    def __str__(self) -> str:
        text = self.name
        if self.command:
            text += ":" + shlex.join(self.command)
        elif self.model:
            text += f":{self.model}"
        elif self.name == "reference" and self.options:
            text += ":" + dict(self.options).get("profile", "careful")
        return text

    def with_options(self, extra: Mapping[str, str]) -> RunnerSpec:
        merged = {**dict(self.options), **extra}
        return RunnerSpec(self.name, self.model, tuple(sorted(merged.items())), self.command)

    def build(self) -> Runner:
        # Imported here: the registry imports every runner, which collection alone does not need.
        from harness.runners.registry import make_runner

        return make_runner(
            self.name, model=self.model, options=dict(self.options), command=self.command
        )

    def stored_config(self) -> dict[str, Any]:
        """The ``runner_config`` of run.json, secrets redacted, as ``shadow run`` stores it."""
        options = redacted(dict(self.options))
        return {
            "model": self.model,
            "options": dict(sorted(options.items())),
            "command": list(self.command),
        }


def parse_runner(text: str) -> RunnerSpec:
    """``reference``, ``reference:credulous``, ``recorded:<model>``, ``command:<argv...>``,
    ``python:<module:function>``, ``pi[:<model>]``, ``openai:<model>``."""
    name, _, rest = text.strip().partition(":")
    rest = rest.strip()
    if not name:
        raise ValueError(f"runner {text!r}: expected NAME or NAME:ARGUMENT")
    if name == "reference":
        return RunnerSpec(name, options=(("profile", rest),) if rest else ())
    if name == "command":
        argv = tuple(shlex.split(rest))
        if not argv:
            raise ValueError("runner command: give the program, e.g. command:python3 agent.py")
        return RunnerSpec(name, command=argv)
    if name == "python":
        if not rest:
            raise ValueError("runner python: give the target, e.g. python:my_agent:answer")
        return RunnerSpec(name, options=(("target", rest),))
    return RunnerSpec(name, model=rest or None)


class RunnerTable(BaseModel):
    """The long form of a suite's ``runner``: ``{name, model, options, command}``."""

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)

    name: str
    model: str | None = None
    options: dict[str, str] = {}
    command: list[str] = []

    def spec(self) -> RunnerSpec:
        return RunnerSpec(
            self.name, self.model, tuple(sorted(self.options.items())), tuple(self.command)
        )


# -- the suite file -------------------------------------------------------------------------------


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True, allow_inf_nan=False)


class Override(_Model):
    """Different expectations for some packages: all given id globs / labels must match."""

    packages: list[str] = []
    labels: dict[str, str] = {}
    expect: Expectations

    def applies(self, package: PackageHead) -> bool:
        if self.packages and not any(fnmatchcase(package.id, pat) for pat in self.packages):
            return False
        return all(package.labels.get(k) == v for k, v in self.labels.items())


class GateSpec(_Model):
    """The suite's aggregate gates. With ``gates`` (entries in the policy's gate format), the
    suite's cases must pass exactly those; otherwise the policy file's own phases apply, and
    ``require_phase`` asks every stage to pass the gates of phases 1..N."""

    enabled: bool = True
    policy: str | None = Field(
        default=None, description="policy file, relative to the suite; default: shipped"
    )
    require_phase: int | None = Field(default=None, ge=1, le=4)
    gates: list[dict[str, Any]] = []


class Suite(_Model):
    version: Literal[1] = Field(alias=SUITE_KEY)
    name: str | None = None
    description: str = ""
    recordings: list[str] = Field(min_length=1)
    stages: list[Stage] = []
    agents: list[str] = []
    packages: list[str] = []
    labels: dict[str, str] = {}
    runner: str | RunnerTable = "reference"
    expect: Expectations = Expectations()
    overrides: list[Override] = []
    gate: GateSpec = GateSpec()

    @field_validator("gate", mode="before")
    @classmethod
    def _gate_switch(cls, value: Any) -> Any:
        return {"enabled": value} if isinstance(value, bool) else value

    @field_validator("recordings", mode="before")
    @classmethod
    def _one_or_many(cls, value: Any) -> Any:
        return [value] if isinstance(value, str) else value

    def runner_spec(self) -> RunnerSpec:
        return parse_runner(self.runner) if isinstance(self.runner, str) else self.runner.spec()

    def filters(self, shard: Shard | None = None) -> Filters:
        return Filters(
            stages=frozenset(self.stages),
            agents=frozenset(self.agents),
            packages=tuple(self.packages),
            labels=dict(self.labels),
            shard=shard,
        )

    def gate_policy(self, base_dir: Path) -> tuple[Policy, int | None]:
        """The policy the gate item decides with, and the phase every stage must reach.

        A suite's own ``gates`` become the only gates, at phase 1, with every stage capped at
        phase 1: the decision table then reads "promote 1" exactly when the suite's bar is met.
        """
        # Imported here: the policy pulls in pandas, which recognising a suite does not need.
        from harness.policy import PolicyError, load_policy, parse_policy

        path = base_dir / self.gate.policy if self.gate.policy else None
        try:
            base = load_policy(path)
            if not self.gate.gates:
                return base, self.gate.require_phase
            data = base.model_dump(mode="json")
            # The shadow budget (phase 0) still holds: a suite's bar adds to it, never waives it.
            data["phases"] = {0: data["phases"].get("0", {}), 1: {"gates": self.gate.gates}}
            data["stages"] = {
                str(s): {**data["stages"].get(str(s), {}), "max_phase": 1, "current_phase": 0}
                for s in Stage
            }
            policy = parse_policy(data, "gate")
        except PolicyError as exc:
            raise SuiteError(str(exc).replace("gate: phases.1.gates", "gate.gates")) from exc
        return policy, self.gate.require_phase or 1

    def expectations_for(self, package: PackageHead) -> Expectations:
        """A package's expectations: ``expect`` with every override that names it (by id and
        labels: a package's head, ``replay.packages.PackageHead``, is enough)."""
        expect = self.expect
        for override in self.overrides:
            if override.applies(package):
                expect = expect.merged(override.expect)
        return expect


def looks_like_suite(path: Path) -> bool:
    """Cheap test run on every YAML/TOML file pytest meets: is the header key near the top?"""
    if path.suffix.lower() not in SUITE_SUFFIXES:
        return False
    try:
        with path.open("rb") as handle:
            head = handle.read(SNIFF_BYTES)
    except OSError:
        return False
    return bool(_HEADER.search(head))


def _parse(path: Path, text: str) -> Any:
    return parse_config(text, "toml" if path.suffix.lower() == ".toml" else "yaml")


def read_suite(path: Path) -> Suite:
    try:
        data = _parse(path, path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise SuiteError(f"{path}: <file>: {exc.strerror or exc}") from exc
    except UnicodeDecodeError as exc:
        raise SuiteError(f"{path}: <file>: not UTF-8: {exc.reason} at byte {exc.start}") from exc
    except BadInput as exc:
        raise SuiteError(f"{path}: {exc}") from exc
    if not isinstance(data, dict) or SUITE_KEY not in data:
        raise SuiteError(
            f"{path}: {SUITE_KEY}: missing; a suite file starts with '{SUITE_KEY}: {SUITE_VERSION}'"
        )
    try:
        return Suite.model_validate(data)
    except ValidationError as exc:
        problems = []
        for err in exc.errors(include_url=False):
            where = ".".join(str(part) for part in err["loc"]) or "<file>"
            problems.append(f"{path}: {where}: {str(err['msg']).removeprefix('Value error, ')}")
        raise SuiteError("\n".join(problems)) from exc


def resolve_recordings(patterns: Sequence[str], base: Path) -> list[Path]:
    """Files and folders the patterns match, relative ones under ``base``; sorted, no repeats.

    A pattern that matches nothing is an error: a suite that silently runs no case would pass.
    """
    found: dict[Path, None] = {}
    for pattern in patterns:
        full = pattern if os.path.isabs(pattern) else str(base / pattern)
        matches = (
            sorted(glob.glob(full, recursive=True))
            if glob.has_magic(full)
            else [full]
            if os.path.exists(full)
            else []
        )
        if not matches:
            raise SuiteError(f"recordings: {pattern!r} matches no file under {base}")
        for match in matches:
            found[Path(os.path.normpath(match))] = None
    return sorted(found)


# -- judging a stored run -------------------------------------------------------------------------


def judge_run(
    suite: Suite, suite_dir: Path, run_dir: Path, packages: Sequence[Package] | None = None
) -> dict[tuple[str, str], list[Failure]]:
    """The suite's per-case verdicts over a stored, scored run (``shadow run`` + ``shadow score``),
    without pytest: (package, stage) -> unmet expectations, for every case of the suite found in
    the run. The pytest items reach the same verdicts for the same records."""
    from harness.expectations.judge import CaseView, evaluate
    from harness.loading import load_packages
    from harness.replay.select import select_cases
    from harness.rundir import TraceStore, iter_scores, read_results
    from harness.schema import ScoreRecord

    if packages is None:
        packages = load_packages(resolve_recordings(suite.recordings, suite_dir)).items
    wanted = {case.key: case.package for case in select_cases(packages, suite.filters())}
    scores: dict[tuple[str, str], dict[str, ScoreRecord]] = {}
    for score in iter_scores(run_dir):
        scores.setdefault((score.package, str(score.stage)), {})[score.scorer] = score
    verdicts: dict[tuple[str, str], list[Failure]] = {}
    with TraceStore(run_dir) as traces:
        for record in read_results(run_dir):
            package = wanted.get(record.key)
            if package is None:
                continue
            trace = traces.read(record.archive_id) if record.archive_id else []
            view = CaseView(package, record, trace, scores.get(record.key, {}))
            verdicts[record.key] = evaluate(suite.expectations_for(package), view)
    return verdicts
