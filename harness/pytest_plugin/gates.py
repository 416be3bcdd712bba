"""Suite gates, judged where every case's scores are at hand.

In one process the gate item judges the scores this process made (``GateItem.runtest``). Under
pytest-xdist a worker holds only its own cases, so no worker runs a gate: each describes the gates
it collected (``GateSpec``) and ships them with its cases' scores in ``workeroutput``; the
controller gathers them as each worker goes down (``pytest_testnodedown``) and, once the run loop
has ended, judges every gate and reports it through the ordinary report hooks, so the terminal,
junit and the exit status count it like any other item. Nothing polls another process's files.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

import pytest

if TYPE_CHECKING:
    from harness.policy import Policy
    from harness.schema import ScoreRecord

Outcome = Literal["passed", "failed", "skipped"]
Key = tuple[str, str]
#: Keys of ``workeroutput`` (plain data: execnet carries only builtins).
WIRE_GATES = "shadow_gates"
WIRE_SCORES = "shadow_scores"
SHARD_SKIP = "a shard holds part of the cases: judge the gates on the merged run (`shadow gate`)"


@dataclass(frozen=True)
class GateSpec:
    """What judging one suite's gate needs, collected by a worker, judged by the controller."""

    nodeid: str
    location: tuple[str, int | None, str]
    suite_name: str
    keys: tuple[Key, ...]
    policy: dict[str, Any]
    require_phase: int | None
    own_gates: bool

    def to_wire(self) -> dict[str, Any]:
        return {
            "nodeid": self.nodeid,
            "location": list(self.location),
            "suite_name": self.suite_name,
            "keys": [list(k) for k in self.keys],
            "policy": self.policy,
            "require_phase": self.require_phase,
            "own_gates": self.own_gates,
        }

    @classmethod
    def from_wire(cls, data: Mapping[str, Any]) -> GateSpec:
        path, line, name = data["location"]
        return cls(
            nodeid=str(data["nodeid"]),
            location=(str(path), line, str(name)),
            suite_name=str(data["suite_name"]),
            keys=tuple((str(p), str(s)) for p, s in data["keys"]),
            policy=dict(data["policy"]),
            require_phase=data["require_phase"],
            own_gates=bool(data["own_gates"]),
        )


@dataclass(frozen=True)
class GateResult:
    outcome: Outcome
    text: str


def judge(
    suite_name: str,
    keys: Sequence[Key],
    scores: Mapping[Key, Sequence[ScoreRecord]],
    policy: Policy,
    *,
    require_phase: int | None,
    own_gates: bool,
) -> GateResult:
    """A suite's gate over the scores of its selected cases (those without scores left out)."""
    from harness.expectations.gates import judge_gates

    if not keys:
        return GateResult("skipped", "no case of this suite was selected")
    found = [s for k in keys for s in scores.get(k, ())]
    if not found:
        return GateResult("skipped", "no case of this suite has a score")
    missing = [k for k in keys if k not in scores]
    verdict = judge_gates(found, policy, require_phase=require_phase, own_gates=own_gates)
    text = verdict.render(suite_name)
    if missing:
        text += (
            f"\n\n{len(missing)} selected case(s) have no score and are left out, "
            f"e.g. {missing[0][0]} [{missing[0][1]}]"
        )
    return GateResult("passed" if verdict.passed else "failed", text)


# --- xdist: workers ship, the controller judges -----------------------------------------------


def ship(output: dict[str, Any], gates: Sequence[GateSpec], scores: Iterable[ScoreRecord]) -> None:
    """A worker's share for the controller: its gate specs and the scores those gates read
    (without per-item details, which no gate reads)."""
    wanted = {k for g in gates for k in g.keys}
    output[WIRE_GATES] = [g.to_wire() for g in gates]
    output[WIRE_SCORES] = "".join(
        s.model_copy(update={"details": []}).model_dump_json() + "\n"
        for s in scores
        if (s.package, str(s.stage)) in wanted
    )


@dataclass
class Gathered:
    """What the controller has received from workers that went down."""

    gates: dict[str, GateSpec] = field(default_factory=dict)
    scores: dict[Key, list[ScoreRecord]] = field(default_factory=dict)
    lost: list[str] = field(default_factory=list)

    def add(self, worker: str, output: Mapping[str, Any] | None, error: object) -> None:
        from harness.schema import ScoreRecord

        if error is not None or output is None or WIRE_GATES not in output:
            self.lost.append(worker)
            return
        for data in output[WIRE_GATES]:
            spec = GateSpec.from_wire(data)
            # Every worker collects the same items, so each describes the same gates.
            self.gates.setdefault(spec.nodeid, spec)
        for line in str(output.get(WIRE_SCORES, "")).splitlines():
            record = ScoreRecord.model_validate_json(line)
            self.scores.setdefault((record.package, str(record.stage)), []).append(record)


GATHERED = pytest.StashKey[Gathered]()


def judge_gathered(config: pytest.Config) -> list[tuple[GateSpec, GateResult]]:
    """The controller, after the run loop: every gathered gate judged and reported."""
    gathered = config.stash.get(GATHERED, None)
    if gathered is None or not gathered.gates:
        return []
    # Imported only now: the policy brings the statistics (scipy), seconds of start-up that an
    # xdist session with no suite, or no gate, must not pay (the plugin is inert without suites).
    from harness.policy import Policy

    judged: list[tuple[GateSpec, GateResult]] = []
    for spec in gathered.gates.values():
        if config.getoption("shadow_shard"):
            result = GateResult("skipped", SHARD_SKIP)
        else:
            result = judge(
                spec.suite_name,
                spec.keys,
                gathered.scores,
                Policy.model_validate(spec.policy),
                require_phase=spec.require_phase,
                own_gates=spec.own_gates,
            )
            if gathered.lost and result.outcome != "skipped":
                result = GateResult(
                    result.outcome,
                    result.text + f"\n\nworker(s) {', '.join(gathered.lost)} went down early",
                )
        report(config, spec, result)
        config.hook.pytest_shadow_gate_judged(
            config=config, suite=spec.suite_name, outcome=result.outcome, text=result.text
        )
        judged.append((spec, result))
    return judged


def report(config: pytest.Config, spec: GateSpec, result: GateResult) -> None:
    """Report a gate the controller judged as pytest reports an item: setup, call, teardown."""
    hook = config.hook
    keywords: dict[str, Literal[1]] = {"shadow_gate": 1, "gate": 1}
    now = time.time()

    def one(
        when: Literal["setup", "call", "teardown"],
        outcome: Outcome,
        longrepr: Any = None,
        sections: Sequence[tuple[str, str]] = (),
    ) -> pytest.TestReport:
        return pytest.TestReport(
            spec.nodeid, spec.location, keywords, outcome, longrepr, when,
            sections=sections, start=now, stop=now,
        )  # fmt: skip

    hook.pytest_runtest_logstart(nodeid=spec.nodeid, location=spec.location)
    if result.outcome == "skipped":
        reports = [one("setup", "skipped", (spec.location[0], 0, f"Skipped: {result.text}"))]
    elif result.outcome == "failed":
        reports = [one("setup", "passed"), one("call", "failed", result.text)]
    else:
        # Shown with -rP, as the gate item shows it in one process.
        reports = [
            one("setup", "passed"),
            one("call", "passed", sections=[("Captured decisions call", result.text)]),
        ]
    for rep in [*reports, one("teardown", "passed")]:
        hook.pytest_runtest_logreport(report=rep)
    hook.pytest_runtest_logfinish(nodeid=spec.nodeid, location=spec.location)
