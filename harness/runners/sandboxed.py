"""One invocation through a sandboxed child: workspace in, process run, audit, trace out.

Shared by the ``command``, ``python`` and ``pi`` runners; each decides only its argv and how to
read the child's stdout.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from harness.runners.base import RunnerInfraError
from harness.runners.envelope_parsing import failed_envelope, parse_trace
from harness.sandbox import (
    ProcessOutcome,
    Resources,
    SandboxError,
    Workspace,
    audit_workspace,
    prepare_workspace,
    scrubbed_env,
    workspace_symlinks,
)
from harness.sandbox.handles import new_secret, opaque_invocation
from harness.sandbox.process import StartedProcess, start_process
from harness.sandbox.tracefile import read_trace_bytes
from harness.schema import BoundaryEvent, Cancel, Envelope, Invocation, TraceEvent

#: The ``harness`` package folder: a python worker imports it, nothing else of its checkout.
HARNESS_PACKAGE = Path(__file__).resolve().parents[1]
#: A trace larger than this is cut when read back (it is archived, not kept in memory forever).
MAX_TRACE_BYTES = 32 * 1024**2


@dataclass(frozen=True)
class SandboxConfig:
    #: Parent folder of the per-invocation workspaces (system temp dir when None).
    workdir: Path | None = None
    resources: Resources = field(default_factory=Resources)
    #: Environment variables copied from the harness by name (e.g. a provider API key).
    allow_env: tuple[str, ...] = ()
    pythonpath: tuple[Path, ...] = ()
    extra_env: Mapping[str, str] = field(default_factory=dict)
    #: Keep workspaces after the run (debugging); they are deleted by default.
    keep_workspace: bool = False
    #: Paths the child must not see (None: recordings, reports and home credential stores).
    hidden: tuple[Path, ...] | None = None
    #: Paths the child may read besides the system runtime, its program and its workspace (e.g.
    #: pi's config folder); under ``full`` isolation nothing else exists for it.
    needed: tuple[Path, ...] = ()
    #: Keys the opaque handles a child gets instead of package and invocation ids (one per
    #: runner, so per run); see ``harness.sandbox.handles``.
    handle_secret: bytes = field(default_factory=new_secret, repr=False)

    def readable(self) -> list[Path]:
        """The declared paths plus the PYTHONPATH entries; of the harness' own checkout only its
        ``harness`` package (the checkout also holds .git, recordings and run reports)."""
        paths = list(self.needed)
        for entry in self.pythonpath:
            paths.append(HARNESS_PACKAGE if entry == HARNESS_PACKAGE.parent else entry)
        return paths


@dataclass
class ChildRun:
    outcome: ProcessOutcome
    trace: list[TraceEvent]
    boundary_events: list[BoundaryEvent]
    notes: list[str]
    workspace: Path
    #: The workspace's symlinks after the run (path -> target): a read through one is judged by
    #: where it lands, not by its name.
    symlinks: dict[str, str] = field(default_factory=dict)


def run_child(
    invocation: Invocation,
    argv: Sequence[str],
    cancel: threading.Event,
    config: SandboxConfig,
    *,
    stdin: Callable[[Workspace], bytes] | None = None,
    extra_inputs: Mapping[str, bytes] | None = None,
    output_bytes: int | None = None,
    watch: Callable[[bytearray], bool] | None = None,
    setup: Callable[[Workspace], None] | None = None,
) -> ChildRun:
    """Run ``argv`` for ``invocation`` in a fresh workspace (cwd) and collect what it left.

    stdin is the invocation JSON (as in ``input/invocation.json``) unless ``stdin`` builds
    something else; ``output_bytes`` overrides the stdout cap (for event streams, whose size is
    not the answer's).
    """
    prepared = prepare_child(
        invocation, argv, config, stdin=stdin, extra_inputs=extra_inputs,
        output_bytes=output_bytes, setup=setup,
    )  # fmt: skip
    return prepared.run(cancel, watch=watch)


def prepare_child(
    invocation: Invocation,
    argv: Sequence[str],
    config: SandboxConfig,
    *,
    stdin: Callable[[Workspace], bytes] | None = None,
    extra_inputs: Mapping[str, bytes] | None = None,
    output_bytes: int | None = None,
    setup: Callable[[Workspace], None] | None = None,
    hold: bool = False,
) -> PreparedChild:
    """Everything ``run_child`` does before the command runs (arguments as there): the
    workspace written and the child started, or with ``hold`` set up to wait for its turn
    (``PreparedChild.run``). Raises ``RunnerInfraError`` when the sandbox cannot start."""
    # The child never learns the package id or the harness' invocation id, only handles.
    seen = opaque_invocation(invocation, config.handle_secret)
    try:
        ws = prepare_workspace(seen, config.workdir, extra_inputs=extra_inputs)
    except OSError as exc:
        raise RunnerInfraError(f"could not prepare a workspace: {exc}") from exc
    try:
        limits = invocation.limits
        if output_bytes is not None:
            limits = limits.model_copy(update={"output_bytes": output_bytes})
        env = scrubbed_env(
            ws,
            allow=config.allow_env,
            pythonpath=config.pythonpath or None,
            extra=config.extra_env,
        )
        if setup is not None:
            try:
                setup(ws)
            except OSError as exc:
                raise RunnerInfraError(f"could not set up the workspace: {exc}") from exc
        data = stdin(ws) if stdin is not None else ws.invocation.model_dump_json().encode()
        try:
            started = start_process(
                argv,
                cwd=ws.root,
                env=env,
                limits=limits,
                trace_path=ws.trace_file,
                resources=config.resources,
                read_only_root=ws.root,
                writable=ws.writable,
                hidden=config.hidden,
                needed=config.readable(),
                hold=hold,
            )
        except SandboxError as exc:
            raise RunnerInfraError(str(exc)) from exc
    except BaseException:
        if not config.keep_workspace:
            ws.cleanup()
        raise
    return PreparedChild(invocation, ws, started, data, config)


class PreparedChild:
    """A case's child and workspace before its turn (``prepare_child``): ``run`` runs it and
    collects what it left, ``discard`` drops a case that will not run. One of the two, once."""

    def __init__(
        self,
        invocation: Invocation,
        ws: Workspace,
        started: StartedProcess,
        stdin: bytes,
        config: SandboxConfig,
    ) -> None:
        self.invocation = invocation
        self._ws = ws
        self._started = started
        self._stdin = stdin
        self._config = config

    @property
    def workspace(self) -> Path:
        return self._ws.root

    def run(
        self, cancel: threading.Event, *, watch: Callable[[bytearray], bool] | None = None
    ) -> ChildRun:
        invocation, ws, config = self.invocation, self._ws, self._config
        try:
            try:
                outcome = self._started.run(
                    self._stdin,
                    cancel,
                    grace_seconds=invocation.cancel.grace_seconds,
                    watch=watch,
                )
            except SandboxError as exc:
                raise RunnerInfraError(str(exc)) from exc
            raw = read_trace_bytes(
                ws.root, ws.trace_file.relative_to(ws.root), max_bytes=MAX_TRACE_BYTES
            )
            trace, notes = parse_trace(raw.data, raw.size, max_bytes=MAX_TRACE_BYTES)
            events = outcome.boundary_events()
            if raw.problem is not None:
                events.append(raw.problem)
            events += audit_workspace(
                ws,
                max_file_bytes=invocation.workspace.max_file_bytes,
                max_total_bytes=invocation.workspace.max_total_bytes,
            )
            if outcome.timed_out or outcome.cancelled:
                trace.append(
                    Cancel(
                        t=outcome.duration_s,
                        reason="wall_time" if outcome.timed_out else "cancelled",
                        honoured=not outcome.killed_after_grace,
                    )
                )
            if config.keep_workspace:
                notes.append(f"sandbox: workspace kept at {ws.root}")
            try:
                links = workspace_symlinks(ws.root)
            except OSError as exc:
                links = {}
                notes.append(f"sandbox: could not list the workspace's symlinks: {exc}")
            return ChildRun(outcome, trace, events, [*outcome.notes, *notes], ws.root, links)
        finally:
            if not config.keep_workspace:
                ws.cleanup()

    def discard(self) -> None:
        try:
            self._started.discard()
        finally:
            if not self._config.keep_workspace:
                self._ws.cleanup()


def envelope_for_failure(outcome: ProcessOutcome) -> Envelope | None:
    """The envelope for a run that did not end with a readable answer, or None when it did."""
    if outcome.cancelled:
        return failed_envelope("cancelled before an answer", status="interrupted")
    if outcome.timed_out:
        return failed_envelope(outcome.reason(), status="timed_out")
    if not outcome.ok:
        return failed_envelope(outcome.reason())
    return None
