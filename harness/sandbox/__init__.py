"""The sandbox around a runner's child process: a disposable workspace, a scrubbed environment,
kernel resource limits, no network, and a process group that never outlives its run.

See ``isolation`` for what is enforced at each level and ``process`` for the run loop.
"""

from harness.sandbox.env import scrubbed_env
from harness.sandbox.isolation import Isolation, Level, probe
from harness.sandbox.process import ProcessOutcome, Resources, SandboxError, run_process
from harness.sandbox.workspace import (
    Workspace,
    audit_workspace,
    prepare_workspace,
    safe_name,
    sweep_stale_workspaces,
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
    "run_process",
    "safe_name",
    "scrubbed_env",
    "sweep_stale_workspaces",
]
