"""The sandbox around a runner's child process: an allow-list view of the file system (``view``,
built by ``enter`` as PID 1 of new namespaces), a disposable workspace, opaque handles instead of
package ids (``handles``), a scrubbed environment, a uid of its own under a root harness
(``identity``), kernel limits (``limits``), no network, a trace file read without following links
(``tracefile``), and a process tree that never outlives its case (``reaper`` where there is no
PID namespace).

See ``isolation`` for what is enforced at each level, ``process`` for the run loop, ``launch`` for
how a child starts (``forkserver``: one prepared process per harness forks every case's child
under ``full``) and ``outcome`` for what a run ends with.
"""

from harness.sandbox.env import scrubbed_env
from harness.sandbox.isolation import Isolation, Level, probe, probe_soon
from harness.sandbox.outcome import ProcessOutcome, Resources, SandboxError
from harness.sandbox.process import run_process
from harness.sandbox.workspace import (
    Workspace,
    audit_workspace,
    prepare_workspace,
    safe_name,
    sweep_stale_workspaces,
    workspace_symlinks,
)

__all__ = [
    "Isolation",
    "Level",
    "ProcessOutcome",
    "Resources",
    "SandboxError",
    "Workspace",
    "audit_workspace",
    "prepare_workspace",
    "probe",
    "probe_soon",
    "run_process",
    "safe_name",
    "scrubbed_env",
    "sweep_stale_workspaces",
    "workspace_symlinks",
]
