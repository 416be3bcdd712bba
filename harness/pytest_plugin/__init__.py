"""pytest plugin for shadow case suites (entry point ``pytest11: shadow``): the hooks.

It changes nothing for a test run that has no shadow suites: it recognises only YAML/TOML files
whose first bytes carry the header key ``shadow-suite``, imports nothing of the harness until it
meets one, and its options do nothing while no suite item is collected.

A suite file collects one item per (package, stage), ``cases/reconcile.yaml::<package>[reconcile]``,
marked ``shadow``, with the stage and the agent, followed by a ``gate`` item that judges the suite's
scores with the promotion policy (``items``). Each case is replayed, stored and scored as
``shadow run`` and ``shadow score`` would store and score it, into one run directory per session
(``--shadow-out``, default ``reports/runs/<run-id>``; ``session``), reported at the end of the
session. Under pytest-xdist each worker writes its own part and the controller merges the parts
into the run directory at the end (``store``); workers run no gate item: the controller judges
each gate from the scores the workers send when they finish (``gates``). The plugin's extension
points are hook specs (``hookspecs``: ``pytest_shadow_case_scored``, ``pytest_shadow_gate_judged``). ``--shadow-resume DIR`` continues an interrupted
session in its run directory without running its stored cases again (``resume``). ``options``
holds the command-line options and ``fixtures`` the ``shadow_run`` fixture.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from harness.pytest_plugin.controller import (
    LOCKED,
    OCCUPIED,
    OUT,
    RESUME_NOTES,
    XDIST,
    check_resume_dir,
    controller_out,
    holds_run,
    prepare_resume,
    relative,
)
from harness.pytest_plugin.fixtures import ShadowResult, shadow_run
from harness.pytest_plugin.gates import GATHERED, GateSpec, Gathered, judge_gathered, ship
from harness.pytest_plugin.heap import release
from harness.pytest_plugin.items import (
    CaseItem,
    GateItem,
    LoadErrorsItem,
    SuiteFile,
    looks_like_suite,
)
from harness.pytest_plugin.options import add_options
from harness.pytest_plugin.session import SESSION, ShadowUsageError, session_of
from harness.pytest_plugin.store import PARTS, merge_parts
from harness.untrusted.display import printable

__all__ = [
    "ShadowResult",
    "looks_like_suite",
    "merge_parts",
    "pytest_addhooks",
    "pytest_addoption",
    "pytest_collect_file",
    "pytest_collection_finish",
    "pytest_collection_modifyitems",
    "pytest_configure",
    "pytest_configure_node",
    "pytest_runtestloop",
    "pytest_sessionfinish",
    "pytest_terminal_summary",
    "pytest_testnodedown",
    "pytest_unconfigure",
    "shadow_run",
]


def pytest_addoption(parser: pytest.Parser) -> None:
    add_options(parser)


def pytest_addhooks(pluginmanager: pytest.PytestPluginManager) -> None:
    from harness.pytest_plugin import hookspecs

    pluginmanager.add_hookspecs(hookspecs)


def pytest_configure(config: pytest.Config) -> None:
    if getattr(config, "workerinput", None) is None:
        hold_named_run_dir(config)
    if config.getoption("shadow_resume") and getattr(config, "workerinput", None) is None:
        check_resume_dir(config)


def pytest_unconfigure(config: pytest.Config) -> None:
    lock = config.stash.get(LOCKED, None)
    if lock is not None:
        lock.release()


def hold_named_run_dir(config: pytest.Config) -> None:
    """A session writing a run directory it was given (--shadow-resume, --shadow-out) holds its
    lock from the start to the end, so a second session or ``shadow run --resume`` on the same
    directory is refused rather than running its cases twice. (A default run directory is new
    and this session's alone.)"""
    given = config.getoption("shadow_resume") or config.getoption("shadow_out")
    if not given:
        return
    from harness.runlock import RunDirBusy, RunDirLock

    run_dir = Path(str(given))
    run_dir = run_dir if run_dir.is_absolute() else config.invocation_params.dir / run_dir
    try:
        config.stash[LOCKED] = RunDirLock(run_dir, command="pytest")
    except RunDirBusy as exc:
        raise pytest.UsageError(str(exc)) from exc


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    if looks_like_suite(file_path):
        suite: SuiteFile = SuiteFile.from_parent(parent, path=file_path)
        return suite
    return None


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(
    session: pytest.Session, config: pytest.Config, items: list[pytest.Item]
) -> None:
    """Keep each gate after its suite's last selected case, whatever reordered the items: a gate
    judges the cases run before it. (Under xdist no worker runs a gate: the controller does.)"""
    gates = [i for i in items if isinstance(i, GateItem)]
    if not gates:
        return
    rest = [i for i in items if not isinstance(i, GateItem)]
    if getattr(config, "workerinput", None) is not None:
        # An xdist worker holds only its share of the cases: it leaves each gate to the
        # controller, which judges it from every worker's scores at the end (``gates``).
        session_of(config).gates = [gate.spec() for gate in gates]
        items[:] = rest
        return
    for gate in gates:
        last = max(
            (n for n, i in enumerate(rest) if isinstance(i, CaseItem) and i.parent is gate.parent),
            default=None,
        )
        rest.insert(len(rest) if last is None else last + 1, gate)
    items[:] = rest


def pytest_collection_finish(session: pytest.Session) -> None:
    cases = [i for i in session.items if isinstance(i, CaseItem)]
    shadow = session_of(session.config)
    if not cases and not any(isinstance(i, GateItem | LoadErrorsItem) for i in session.items):
        return
    shadow.collected = True
    shadow.planned = {c.key for c in cases}
    shadow.order = [(c.head.id, c.stage) for c in cases]
    shadow.ledger.plan((c.key for c in cases), _gate_keys(session, shadow.gates))
    specs = sorted({str(c.spec): c.spec for c in cases}.items())
    if len(specs) > 1:
        names = ", ".join(name for name, _ in specs)
        shadow.usage_error = (
            f"the suites of this session name different runners ({names}); one run directory holds "
            "one runner: pass --shadow-runner or run the suites separately"
        )
    elif specs:
        shadow.spec = specs[0][1]
    if shadow.worker_id is not None or session.config.option.collectonly or not cases:
        return
    if shadow.usage_error:
        raise pytest.UsageError(shadow.usage_error)
    try:
        # A runner that cannot be built, a used run directory or a bad option stops the session
        # before any case.
        shadow.runner()
        shadow.check_run_dir()
        from harness.pytest_plugin.ahead import score_workers

        score_workers(session.config)
    except ShadowUsageError as exc:
        raise pytest.UsageError(str(exc)) from exc


def _gate_keys(session: pytest.Session, shipped: Sequence[GateSpec]) -> set[tuple[str, str]]:
    """The cases the gates of this process read: its gate items' (an xdist worker has none: the
    cases of the gates it ships)."""
    keys = {k for spec in shipped for k in spec.keys}
    gated = {i.parent for i in session.items if isinstance(i, GateItem)}
    if gated:
        keys.update(i.key for i in session.items if isinstance(i, CaseItem) and i.parent in gated)
    return keys


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: Any) -> None:
    """xdist controller: every worker writes into the run directory this process chose."""
    config: pytest.Config = node.config
    if config.getoption("shadow_resume") and RESUME_NOTES not in config.stash:
        prepare_resume(config)
    out, run_id = controller_out(config)
    if OCCUPIED not in config.stash:  # first worker: nothing of this session is written yet
        config.stash[OCCUPIED] = not config.getoption("shadow_resume") and holds_run(out)
    node.workerinput["shadow_out"] = str(out)
    node.workerinput["shadow_run_id"] = run_id
    config.stash[XDIST] = True


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: object) -> None:
    """xdist controller: gather a finished worker's gates and the scores they read."""
    config: pytest.Config = node.config
    gathered = config.stash.setdefault(GATHERED, Gathered())
    gathered.add(str(node.gateway.id), getattr(node, "workeroutput", None), error)


@pytest.hookimpl(wrapper=True)
def pytest_runtestloop(session: pytest.Session) -> Any:
    """xdist controller: once every worker is done, judge the suites' gates (``gates``)."""
    result = yield
    config = session.config
    if getattr(config, "workerinput", None) is None and config.stash.get(XDIST, False):
        judge_gathered(config)
    return result


def pytest_sessionfinish(session: pytest.Session, exitstatus: int | pytest.ExitCode) -> None:
    config = session.config
    interrupted = exitstatus == pytest.ExitCode.INTERRUPTED
    if SESSION in config.stash:
        shadow = session_of(config)
        try:
            shadow.finish(interrupted)
            workeroutput: dict[str, Any] | None = getattr(config, "workeroutput", None)
            if workeroutput is not None:
                ship(workeroutput, shadow.gates, shadow.ledger.shipped())
        finally:
            if shadow.heap_frozen:
                release()
                shadow.heap_frozen = False
    if config.stash.get(XDIST, False) and getattr(config, "workerinput", None) is None:
        run_dir = controller_out(config)[0]
        if (run_dir / PARTS).is_dir() and not config.stash.get(OCCUPIED, False):
            resumed = bool(config.getoption("shadow_resume"))
            notes: list[str] = config.stash.get(RESUME_NOTES, [])
            merge_parts(run_dir, resumed=resumed, notes=notes,
                        report=not config.getoption("shadow_no_report"))  # fmt: skip


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    if getattr(config, "workerinput", None) is not None:
        return
    shadow = config.stash.get(SESSION, None)
    xdist = config.stash.get(XDIST, False)
    if not (shadow is not None and shadow.written) and not (xdist and OUT in config.stash):
        return
    from harness.rundir import RunDirError, read_run_meta

    run_dir, run_id = controller_out(config)
    try:
        meta = read_run_meta(run_dir)
    except RunDirError:
        return
    if meta.get("run_id") != run_id:
        return  # an older run in a reused --shadow-out, not this session's
    counts = meta.get("counts", {})
    shown = relative(run_dir, config.invocation_params.dir)
    report = (
        f"no report: `shadow report {shown}` writes it"
        if config.getoption("shadow_no_report")
        else f"report: {shown}/report.md"
    )
    terminalreporter.write_sep("-", "shadow run")
    terminalreporter.write_line(
        f"{counts.get('completed', 0) + counts.get('failed', 0) + counts.get('timed_out', 0) + counts.get('interrupted', 0)} "
        f"case(s) by {printable(meta.get('model'))} -> {shown} ({report})"
    )
    ahead = shadow.ahead if shadow is not None else None
    if ahead is not None and ahead.scored_beside:
        terminalreporter.write_line(
            f"{ahead.scored_beside} case(s) scored beside their items by {ahead.workers} processes"
        )
