"""The ``command`` runner: any program, one sandboxed process per invocation.

Protocol (what a program must do; any language):

1. **stdin** carries the invocation as one JSON object (the ``Invocation`` schema,
   ``shadow schema invocation``). The same JSON is in ``input/invocation.json``; each evidence
   item is also a file under ``input/evidence/`` (``index.json`` maps ids to file names).
2. **stdout** must carry exactly one JSON object: the result envelope (``Envelope`` schema:
   ``status``, ``summary``, ``result`` per the stage contract, ``claims``, ``usage``, ...).
   Logs go to stderr; only its tail is kept. ``archive_id`` names the trace (a safe file name);
   without one the harness files the trace under its own id and the boundary scorer records
   ``missing_archive_id``, as the seed asks of a stage.
3. **Trace**: the program may append trace events, one JSON object per line (``TraceEvent``:
   ``tool_call``, ``tool_result``, ``message``, ``file_read``, ``file_write``, ``error``,
   ``cancel``), to the file named by ``invocation.trace_policy.trace_file`` (an absolute path in
   the workspace). Bad lines are skipped and noted.
4. **Workspace**: the working directory is a fresh disposable folder. ``input/`` is read-only;
   declared artifacts go to ``output/``; ``tmp/`` (``$TMPDIR``) and ``home/`` (``$HOME``) are
   scratch. Writing anywhere else is refused where the kernel allows and recorded as a
   ``path_escape`` boundary event in any case.
5. **Limits**: ``invocation.limits.wall_seconds`` (then SIGTERM to the process group and, after
   ``invocation.cancel.grace_seconds``, SIGKILL), ``limits.output_bytes`` of stdout, CPU, memory
   and file-size limits, no network, an environment without the harness' variables.

Exit status 0 with a valid envelope is an answer (even one that breaks its stage contract: the
scorers judge that). Anything else - non-zero exit, no JSON, a timeout, a crash - becomes a
``failed`` / ``timed_out`` / ``interrupted`` envelope whose ``error`` says why, and the run goes on.
"""

from __future__ import annotations

import os
import re
import shutil
import threading
from collections.abc import Callable, Sequence
from pathlib import Path

from harness.runners.ahead import Ahead
from harness.runners.base import RunnerInfraError, RunnerOutput
from harness.runners.envelope_parsing import failed_envelope, parse_envelope_strict
from harness.runners.sandboxed import SandboxConfig, envelope_for_failure, prepare_child
from harness.sandbox import probe_soon, sweep_stale_workspaces
from harness.schema import Invocation


def resolve_program(program: str) -> str:
    """The program's path, or RunnerInfraError: a missing program fails at construction, not
    once per case."""
    if os.sep in program:
        path = Path(program).resolve()
        if not (path.is_file() and os.access(path, os.X_OK)):
            raise RunnerInfraError(f"program {program!r} is not an executable file")
        return str(path)
    found = shutil.which(program)
    if found is None:
        raise RunnerInfraError(f"program {program!r} not found on PATH")
    return found


_INTERPRETERS = re.compile(r"(python[0-9.]*|node|deno|bun|ruby|perl|bash|sh|uv|java)")


def default_model(command: Sequence[str]) -> str:
    """The label of a run without --model: the script, not the interpreter that runs it."""
    words = [Path(word).name for word in command if not word.startswith("-")]
    if len(words) > 1 and _INTERPRETERS.fullmatch(words[0]):
        return words[1]
    return words[0] if words else Path(command[0]).name


class CommandRunner:
    #: Its stage runs as a sandboxed child (run.json records the isolation level).
    sandboxed = True
    name = "command"
    io_bound = True

    def __init__(
        self,
        command: Sequence[str],
        *,
        model: str | None = None,
        config: SandboxConfig | None = None,
    ) -> None:
        if not command:
            raise ValueError("the command runner needs a command (--command PROGRAM [ARGS...])")
        # A script named relative to where the user stands must still be found from the workspace.
        args = [
            str(Path(a).resolve()) if not a.startswith("-") and Path(a).is_file() else a
            for a in command[1:]
        ]
        self.argv = [resolve_program(command[0]), *args]
        self.model = model or default_model(command)
        self.config = config or SandboxConfig()
        sweep_stale_workspaces(self.config.workdir)
        probe_soon()
        self._ahead = Ahead(
            lambda invocation: prepare_child(invocation, self.argv, self.config, hold=True)
        )

    def prepare_ahead(self, invocation_id: str, build: Callable[[], Invocation]) -> None:
        """Set a queued case's sandbox up before its turn (the replay offers its queued cases;
        ``build`` makes the invocation its ``run`` will get)."""
        self._ahead.offer(invocation_id, build)

    def drop_prepared(self) -> None:
        """End the cases set up ahead that will not run (the replay ended or stopped)."""
        self._ahead.drop()

    def run(self, invocation: Invocation, cancel: threading.Event) -> RunnerOutput:
        child = self._ahead.run(
            invocation, cancel, lambda inv: prepare_child(inv, self.argv, self.config)
        )
        envelope = envelope_for_failure(child.outcome)
        notes = list(child.notes)
        if envelope is None:
            parsed = parse_envelope_strict(child.outcome.stdout)
            notes += parsed.notes
            if parsed.envelope is None:
                envelope = failed_envelope(parsed.error or "unparsable envelope")
            else:
                envelope = parsed.envelope
        return RunnerOutput(
            envelope=envelope,
            trace=child.trace,
            boundary_events=child.boundary_events,
            notes=notes,
            workspace_symlinks=child.symlinks,
        )
