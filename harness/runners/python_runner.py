"""The ``python`` runner: a ``module:function`` called in a sandboxed worker process.

The function takes the invocation as a dict and returns the envelope as a dict (optionally with a
``"trace"`` list); see ``python_worker``. It runs under the same sandbox and protocol as the
``command`` runner, so a function that hangs, crashes or prints garbage costs one case, not the run.
"""

from __future__ import annotations

import dataclasses
import sys
import tempfile
import threading
from collections.abc import Callable, Sequence
from pathlib import Path

from harness.runners import python_worker
from harness.runners.base import RunnerInfraError, RunnerOutput
from harness.runners.command import CommandRunner
from harness.runners.sandboxed import SandboxConfig
from harness.sandbox import SandboxError, run_process
from harness.schema import Invocation, Limits

#: The folder holding the ``harness`` package: the worker must import it.
HARNESS_ROOT = Path(__file__).resolve().parents[2]


def target_module_files(module: str, pythonpath: Sequence[Path]) -> list[Path]:
    """The files the worker imports the target from: the module (or package folder) and the
    ``__init__.py`` of each parent package - not the folders around them, which may be a whole
    checkout (``tests.helpers:fn`` found through the checkout on PYTHONPATH)."""
    parts = module.split(".")
    for root in pythonpath:
        base = root.joinpath(*parts)
        found = [base] if base.is_dir() else [base.with_suffix(".py")]
        if not found[0].exists():
            continue
        inits = [root.joinpath(*parts[:i], "__init__.py") for i in range(1, len(parts))]
        return [*found, *(p for p in inits if p.is_file())]
    return []


class PythonRunner:
    #: Its stage runs as a sandboxed child (run.json records the isolation level).
    sandboxed = True
    name = "python"
    io_bound = True

    def __init__(
        self,
        target: str,
        *,
        model: str | None = None,
        python: str = sys.executable,
        pythonpath: Sequence[Path] = (),
        config: SandboxConfig | None = None,
    ) -> None:
        if ":" not in target:
            raise ValueError(f"the python runner needs module:function, got {target!r}")
        base = config or SandboxConfig()
        paths = (HARNESS_ROOT, *(Path(p).resolve() for p in pythonpath), *base.pythonpath)
        pythonpath = tuple(dict.fromkeys(paths))
        module_files = target_module_files(target.partition(":")[0], pythonpath)
        self.config = dataclasses.replace(
            base, pythonpath=pythonpath, needed=(*base.needed, *module_files)
        )
        argv = [python, "-m", "harness.runners.python_worker", target]
        self._command = CommandRunner(argv, model=model or target, config=self.config)
        self.model = self._command.model
        self.target = target
        self._check(argv)

    def _check(self, argv: list[str]) -> None:
        # Load the target once in the sandbox: a typo in module:function fails here, at
        # construction, instead of as one failed case per package.
        with tempfile.TemporaryDirectory(prefix="shadow-pycheck-") as tmp:
            root = Path(tmp)
            (root / "tmp").mkdir()
            env = {
                "PATH": "/usr/local/bin:/usr/bin:/bin",
                "HOME": str(root / "tmp"),
                "TMPDIR": str(root / "tmp"),
                "PYTHONDONTWRITEBYTECODE": "1",
                "PYTHONPATH": ":".join(str(p) for p in self.config.pythonpath),
            }
            try:
                outcome = run_process(
                    [*self._command.argv, "--check"],
                    stdin=b"",
                    cwd=root,
                    env=env,
                    limits=Limits(wall_seconds=60),
                    cancel=threading.Event(),
                    resources=self.config.resources,
                    writable=[root / "tmp"],
                    hidden=self.config.hidden,
                    needed=self.config.readable(),
                )
            except SandboxError as exc:
                raise RunnerInfraError(str(exc)) from exc
        if outcome.returncode != 0:
            detail = outcome.stderr_text() or outcome.reason()
            if outcome.returncode == python_worker.EXIT_LOAD:
                raise RunnerInfraError(f"python runner: {detail}")
            raise RunnerInfraError(f"python runner: worker check failed: {detail}")

    def prepare_ahead(self, invocation_id: str, build: Callable[[], Invocation]) -> None:
        """Set a queued case's sandbox up before its turn (see ``runners.ahead``)."""
        self._command.prepare_ahead(invocation_id, build)

    def drop_prepared(self) -> None:
        self._command.drop_prepared()

    def run(self, invocation: Invocation, cancel: threading.Event) -> RunnerOutput:
        return self._command.run(invocation, cancel)
