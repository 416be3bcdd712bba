"""What a suite file collects: one case item per selected (package, stage), an item for
recordings that do not load, and the suite's gate item."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from harness.pytest_plugin.controller import relative
from harness.pytest_plugin.ledger import load_package
from harness.pytest_plugin.session import ShadowUsageError, session_of

if TYPE_CHECKING:
    from harness.expectations.model import Expectations
    from harness.policy import Policy
    from harness.pytest_plugin.gates import GateSpec
    from harness.replay.packages import PackageFiles, PackageHead
    from harness.schema import Stage
    from harness.suite import RunnerSpec, Suite

SUFFIXES = (".yaml", ".yml", ".toml")
#: Read to recognise a suite: the header key must sit in the first bytes of the file.
SNIFF_BYTES = 4096
_HEADER = re.compile(rb"^\s*[\"']?shadow-suite[\"']?\s*[:=]", re.MULTILINE)
#: Markers an agent name may become (it comes from recordings: only plain words qualify).
_MARKER_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]{0,63}$")


def looks_like_suite(path: Path) -> bool:
    """The cheap test pytest runs on every YAML/TOML file: is the suite header near the top?
    (``harness.suite`` has the same test; this one keeps collection free of the harness imports.)"""
    if path.suffix.lower() not in SUFFIXES:
        return False
    try:
        with path.open("rb") as handle:
            return bool(_HEADER.search(handle.read(SNIFF_BYTES)))
    except OSError:
        return False


def _register_markers(config: pytest.Config, names: Sequence[str], what: str) -> None:
    known = {line.split(":", 1)[0].split("(", 1)[0].strip() for line in config.getini("markers")}
    for name in names:
        if name not in known and _MARKER_NAME.match(name):
            config.addinivalue_line("markers", f"{name}: shadow case {what}")


class SuiteFile(pytest.File):
    """One suite file: a case item per selected (package, stage), then the suite's gate item."""

    suite: Suite
    suite_name: str
    gate_policy: tuple[Policy, int | None]
    corpus: PackageFiles

    def collect(self) -> Iterator[pytest.Item]:
        from harness.replay.select import select_pairs
        from harness.schema import STAGES
        from harness.suite import SuiteError, read_suite, resolve_recordings

        session = session_of(self.config)
        try:
            self.suite = read_suite(self.path)
        except SuiteError as exc:
            raise self.CollectError(str(exc)) from exc
        try:
            files = session.override_recordings() or resolve_recordings(
                self.suite.recordings, self.path.parent
            )
            spec = session.runner_spec(self.suite)
            filters = self.suite.filters(session.shard)
        except ValueError as exc:  # SuiteError included
            raise self.CollectError(f"{self.path}: {exc}") from exc
        self.suite_name = self.suite.name or self.path.stem
        if self.suite.gate.enabled:
            try:
                self.gate_policy = self.suite.gate_policy(self.path.parent)
            except SuiteError as exc:
                raise self.CollectError(f"{self.path}: {exc}") from exc
        self.corpus = corpus = session.corpus(files)
        try:
            # Heads only (id, agent, labels, stages): each item's package is read again when its
            # case runs, so the session never holds the corpus (``session.PackageFiles``).
            pairs = select_pairs(corpus.heads, filters)
        except ValueError as exc:
            raise self.CollectError(f"{self.path}: recordings: {exc}") from exc
        session.suites.append(self.path)
        session.recordings.extend(f for f in files if f not in session.recordings)
        session.load_errors.extend(
            str(e) for e in corpus.errors if str(e) not in session.load_errors
        )
        _register_markers(self.config, ["shadow", "shadow_gate"], "(any)")
        _register_markers(self.config, [str(s) for s in STAGES], "stage")
        _register_markers(self.config, sorted({head.agent for head, _ in pairs}), "agent")
        for head, stage in pairs:
            item: CaseItem = CaseItem.from_parent(
                self, name=f"{head.id}[{stage}]", head=head, stage=stage,
                expect=self.suite.expectations_for(head), spec=spec,
            )  # fmt: skip
            yield item
        if corpus.errors:
            yield LoadErrorsItem.from_parent(
                self, name="load-errors", errors=[str(e) for e in corpus.errors]
            )
        if self.suite.gate.enabled:
            yield GateItem.from_parent(self, name="gate")


class CaseFailed(Exception):
    """A case that does not meet its suite's expectations; the message is the finding."""


class CaseItem(pytest.Item):
    """One (package, stage). It holds the package's head, not the package: the package is read
    again from its line when the case runs, and nothing of the case stays with the item after
    its report (``session.ShadowSession.case``)."""

    def __init__(
        self,
        *,
        head: PackageHead,
        stage: Stage,
        expect: Expectations,
        spec: RunnerSpec,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.head = head
        self.stage = stage
        self.expect = expect
        self.spec = spec
        self.add_marker("shadow")
        self.add_marker(str(stage))
        if _MARKER_NAME.match(head.agent):
            self.add_marker(head.agent)
        # -k can select by label value, e.g. -k premature_completion.
        self.extra_keyword_matches.update(str(v) for v in head.labels.values())

    @property
    def key(self) -> tuple[str, str]:
        return (self.head.id, str(self.stage))

    def runtest(self) -> None:
        from harness.expectations.judge import CaseView, evaluate, render_case

        session = session_of(self.config)
        suite_file = self.parent
        assert isinstance(suite_file, SuiteFile)
        package = load_package(suite_file.corpus, self.head.id)
        outcome = session.case(package, self.stage, item=True)
        self.config.hook.pytest_shadow_case_scored(
            item=self, record=outcome.record, scores=list(outcome.scores)
        )
        view = CaseView(package, outcome.record, outcome.trace, outcome.by_scorer)
        failures = evaluate(self.expect, view)
        self.user_properties.append(("status", outcome.record.status))
        self.user_properties.append(("model", outcome.record.model))
        if failures:
            self.user_properties.append(("failed", ",".join(f.check for f in failures)))
            where = f"{relative(session.run_dir, self.config.rootpath)}/"
            raise CaseFailed(render_case(view, failures, where=where))

    def repr_failure(
        self,
        excinfo: pytest.ExceptionInfo[BaseException],
        style: Any = None,
    ) -> str | Any:
        from harness.replay.packages import PackageChanged

        # A package whose line changed since collection: the message names its file.
        if isinstance(excinfo.value, CaseFailed | ShadowUsageError | LookupError | PackageChanged):
            return str(excinfo.value)
        return super().repr_failure(excinfo, style=style)

    def reportinfo(self) -> tuple[Path, int | None, str]:
        return self.path, None, f"{self.head.id} [{self.stage}]"


class LoadErrorsItem(pytest.Item):
    def __init__(self, *, errors: list[str], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.errors = errors

    def runtest(self) -> None:
        from harness.untrusted.display import clean

        shown = [f"  {clean(e, 400)}" for e in self.errors[:20]]
        more = [f"  ... and {len(self.errors) - 20} more"] if len(self.errors) > 20 else []
        raise CaseFailed(
            "\n".join(
                [
                    f"{len(self.errors)} load error(s) in the recordings; those packages are left out:",
                    *shown,
                    *more,
                ]
            )
        )

    def repr_failure(
        self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None
    ) -> str | Any:
        return (
            str(excinfo.value)
            if isinstance(excinfo.value, CaseFailed)
            else super().repr_failure(excinfo, style=style)
        )

    def reportinfo(self) -> tuple[Path, int | None, str]:
        return self.path, None, "recordings that do not load"


class GateFailed(Exception):
    pass


class GateItem(pytest.Item):
    """The suite's aggregate gates: the promotion policy over the scores of its selected cases."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_marker("shadow_gate")

    def spec(self) -> GateSpec:
        """This gate as plain data, for the xdist controller to judge (``gates``)."""
        from harness.pytest_plugin.gates import GateSpec

        suite_file = self.parent
        assert isinstance(suite_file, SuiteFile)
        policy, require_phase = suite_file.gate_policy
        path, line, name = self.location
        return GateSpec(
            nodeid=self.nodeid,
            location=(str(path), line, name),
            suite_name=suite_file.suite_name,
            keys=tuple(self.case_keys()),
            policy=policy.model_dump(mode="json"),
            require_phase=require_phase,
            own_gates=bool(suite_file.suite.gate.gates),
        )

    def case_keys(self) -> list[tuple[str, str]]:
        return [
            i.key for i in self.session.items if isinstance(i, CaseItem) and i.parent is self.parent
        ]

    def runtest(self) -> None:
        from harness.pytest_plugin.gates import SHARD_SKIP, judge

        session = session_of(self.config)
        if session.shard is not None:
            pytest.skip(SHARD_SKIP)
        suite_file = self.parent
        assert isinstance(suite_file, SuiteFile)
        policy, require_phase = suite_file.gate_policy
        keys = self.case_keys()
        scores = session.ledger.scores_of(keys)
        result = judge(suite_file.suite_name, keys, scores, policy, require_phase=require_phase,
                       own_gates=bool(suite_file.suite.gate.gates))  # fmt: skip
        self.config.hook.pytest_shadow_gate_judged(
            config=self.config,
            suite=suite_file.suite_name,
            outcome=result.outcome,
            text=result.text,
        )
        if result.outcome == "skipped":
            pytest.skip(result.text)
        if result.outcome == "failed":
            raise GateFailed(result.text)
        # Shown with -rP: the decision table of a passing gate is worth reading too.
        self.add_report_section("call", "decisions", result.text)

    def repr_failure(
        self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None
    ) -> str | Any:
        if isinstance(excinfo.value, GateFailed | ShadowUsageError):
            return str(excinfo.value)
        return super().repr_failure(excinfo, style=style)

    def reportinfo(self) -> tuple[Path, int | None, str]:
        return self.path, None, "suite gates"
