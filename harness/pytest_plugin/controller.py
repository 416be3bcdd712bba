"""What the controlling process decides for a session, before any worker starts: the run
directory and run id every worker writes into, the lock it holds on that directory, and whether
there is a pytest run there to resume. Kept in the pytest config's stash."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from harness.pytest_plugin.resume import fold_parts, not_from_pytest, restore_run_meta

if TYPE_CHECKING:
    from harness.runlock import RunDirLock

OUT = pytest.StashKey[tuple[Path, str]]()
XDIST = pytest.StashKey[bool]()
RESUME_NOTES = pytest.StashKey[list[str]]()
#: xdist controller: the chosen --shadow-out already held another run, so this session must not
#: merge its workers' parts over it (each worker refuses the directory and fails its cases).
OCCUPIED = pytest.StashKey[bool]()
#: The lock this controlling process holds on its run directory (``harness.runlock``).
LOCKED: pytest.StashKey[RunDirLock] = pytest.StashKey()


def relative(path: Path, root: Path) -> str:
    try:
        return str(Path(path).resolve().relative_to(root.resolve()))
    except ValueError:
        return str(Path(path).resolve())


def holds_run(run_dir: Path) -> bool:
    from harness.rundir import RESULTS, RUN_META

    return (run_dir / RUN_META).exists() or (run_dir / RESULTS).exists()


def _stored_run_id(run_dir: Path) -> str | None:
    from harness.rundir import RunDirError, read_run_meta

    try:
        return str(read_run_meta(run_dir)["run_id"])
    except (RunDirError, KeyError):
        return None  # check_run_dir says what is wrong with the directory


def check_resume_dir(config: pytest.Config) -> None:
    """The controlling process, before anything runs: is there a pytest run to continue? (That
    it used this session's runner and recordings is checked once the suites are read: under
    xdist by the workers, whose cases then fail with the reason.)"""
    from harness.rundir import RunDirError, read_run_meta

    if config.getoption("shadow_out"):
        raise pytest.UsageError("give --shadow-out or --shadow-resume, not both")
    run_dir = controller_out(config)[0]
    try:
        meta = read_run_meta(run_dir)
    except RunDirError as exc:
        raise pytest.UsageError(f"--shadow-resume {run_dir}: {exc}") from exc
    foreign = not_from_pytest(meta)
    if foreign:
        raise pytest.UsageError(f"cannot resume {run_dir}: {foreign}")


def prepare_resume(config: pytest.Config) -> None:
    """xdist controller, before any worker starts: fold an interrupted session's leftovers into
    ``results.jsonl``, which every worker then reads for the stored cases."""
    from harness.rundir import RunDirError, read_run_meta

    config.stash[RESUME_NOTES] = []
    run_dir = controller_out(config)[0]
    try:
        if read_run_meta(run_dir).get("source") != "pytest":
            return  # not ours to touch: the workers' check reports it
    except RunDirError:
        return
    config.stash[RESUME_NOTES] = fold_parts(run_dir)


def controller_out(config: pytest.Config) -> tuple[Path, str]:
    """The run directory and run id of this session, chosen once by the controlling process."""
    if OUT not in config.stash:
        from harness.rundir import new_run_id

        run_id = new_run_id()
        given = config.getoption("shadow_out")
        resume = config.getoption("shadow_resume")
        if resume and not given:
            out = Path(str(resume))
            out = out if out.is_absolute() else config.invocation_params.dir / out
            restore_run_meta(out)
            # The stored run id: the run directory keeps its identity and archive ids.
            run_id = _stored_run_id(out) or run_id
        elif given:
            out = Path(str(given))
            out = out if out.is_absolute() else config.invocation_params.dir / out
        else:
            out = config.rootpath / "reports" / "runs" / run_id
        config.stash[OUT] = (out, run_id)
    return config.stash[OUT]
