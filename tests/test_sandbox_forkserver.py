"""The fork server behind ``full`` isolation: cases it runs side by side stay apart, the command
it starts holds no privilege, and a server (or a view, or an exec) that fails is the sandbox's
error, never the model's, with the next case running on a new server."""

from __future__ import annotations

import json
import os
import selectors
import shutil
import signal
import sys
import tempfile
import threading
import uuid
from pathlib import Path

import pytest

from harness.runners.base import RunnerInfraError
from harness.runners.command import CommandRunner
from harness.runners.sandboxed import SandboxConfig
from harness.sandbox import ProcessOutcome, SandboxError, probe, run_process
from harness.sandbox.forkclient import ForkServer, shared_server
from harness.sandbox.identity import UID_BASE
from harness.schema import Limits
from tests.runners_helpers import PROGRAMS, invocation, pids_with

pytestmark = pytest.mark.skipif(
    probe().level != "full", reason="the fork server serves full isolation only"
)


def _py(
    code: str, ws: Path, *args: str, wall: float = 20, server: ForkServer | None = None
) -> ProcessOutcome:
    return run_process(
        [sys.executable, "-c", code, *args],
        stdin=b"",
        cwd=ws,
        env={"PATH": "/usr/bin:/bin"},
        limits=Limits(wall_seconds=wall, output_bytes=100_000),
        cancel=threading.Event(),
        grace_seconds=0.2,
        writable=[ws / "out"],
        server=server,
    )


def _plain(argv: list[str], ws: Path, path: str = "/usr/bin:/bin") -> ProcessOutcome:
    return run_process(argv, stdin=b"", cwd=ws, env={"PATH": path},
                       limits=Limits(wall_seconds=20), cancel=threading.Event())  # fmt: skip


HOLDER = """
import pathlib, sys, time
pathlib.Path("out/secret").write_text("the answer of case A")
print("written", flush=True)
time.sleep(float(sys.argv[1]))
"""

PEEKER = """
import json, os, sys
seen = {"procs": sorted(int(p) for p in os.listdir("/proc") if p.isdigit())}
for name, path in (("workspace", sys.argv[1]), ("secret", sys.argv[1] + "/out/secret")):
    try:
        seen[name] = os.listdir(path) if name == "workspace" else open(path).read()
    except OSError as exc:
        seen[name] = exc.strerror
seen["tmp"] = sorted(os.listdir("/tmp"))
seen["cwd"] = sorted(os.listdir("."))
print(json.dumps(seen))
"""


def test_two_cases_at_once_cannot_see_each_others_workspace(ws: Path) -> None:
    other = Path(tempfile.mkdtemp(prefix="shadow-test-"))
    (other / "out").mkdir()
    try:
        results: dict[str, ProcessOutcome] = {}
        holder = threading.Thread(target=lambda: results.update(a=_py(HOLDER, other, "3")))
        holder.start()
        deadline = threading.Event()
        for _ in range(200):  # until case A runs and has written its secret (at most ~10 s)
            if (other / "out" / "secret").exists():
                break
            deadline.wait(0.05)
        peek = _py(PEEKER, ws, str(other))
        holder.join()
    finally:
        shutil.rmtree(other, ignore_errors=True)
    assert results["a"].ok, results["a"].reason()
    assert peek.ok, peek.reason()
    seen = json.loads(peek.stdout)
    assert seen["workspace"] == "No such file or directory"
    assert seen["secret"] == "No such file or directory"
    assert other.name not in seen["tmp"]
    assert seen["cwd"] == ["out"]  # its own workspace, not the other
    assert len(seen["procs"]) <= 2  # its PID 1 and itself: none of case A's processes


def test_many_cases_side_by_side_all_end_well(ws: Path) -> None:
    outcomes: list[ProcessOutcome] = []

    def worker() -> None:
        for _ in range(15):
            outcomes.append(
                run_process(
                    ["/bin/sh", "-c", "cat >/dev/null; echo ok"],
                    stdin=b"{}",
                    cwd=ws,
                    env={"PATH": "/usr/bin:/bin"},
                    limits=Limits(wall_seconds=20),
                    cancel=threading.Event(),
                    writable=[ws / "out"],
                )
            )

    threads = [threading.Thread(target=worker) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(outcomes) == 45
    assert [o.reason() for o in outcomes if not o.ok] == []
    assert all(o.stdout == b"ok\n" for o in outcomes)


STATUS = """
import json
fields = {}
for line in open("/proc/self/status"):
    key, _sep, value = line.partition(":")
    fields[key] = value.split()
print(json.dumps({k: fields[k] for k in ("Uid", "Gid", "Groups", "CapInh", "CapPrm", "CapEff",
                                          "CapBnd", "CapAmb", "NoNewPrivs")}))
"""


def test_the_command_holds_no_privilege(ws: Path) -> None:
    outcome = _py(STATUS, ws)
    assert outcome.ok, outcome.reason()
    status = json.loads(outcome.stdout)
    for caps in ("CapInh", "CapPrm", "CapEff", "CapBnd", "CapAmb"):
        assert int(status[caps][0], 16) == 0, (caps, status[caps])
    assert status["NoNewPrivs"] == ["1"]
    if os.geteuid() == 0:
        uid = int(status["Uid"][0])
        assert uid >= UID_BASE and status["Uid"] == [str(uid)] * 4
        assert status["Gid"] == [str(uid)] * 4 and status["Groups"] == []


def test_a_program_that_cannot_be_executed_is_the_sandbox_failing(ws: Path) -> None:
    with pytest.raises(SandboxError, match="could not start '/nonexistent/program'"):
        _plain(["/nonexistent/program"], ws)


def test_a_view_that_cannot_be_built_is_reported_as_such(ws: Path) -> None:
    spec = {"argv": ["/bin/true"], "env": {}, "plan": ["ro", "/nonexistent-" + uuid.uuid4().hex],
            "cwd": str(ws), "uid": None, "limits": {}, "network": False}  # fmt: skip
    fd = os.open(os.devnull, os.O_RDWR)
    try:
        child = shared_server().start(spec, [fd, fd, fd])
    finally:
        os.close(fd)
    try:
        assert child.wait(20)
        status, _cpu = child.finish(10)
    finally:
        child.close()
    assert child.error is not None and "could not build the view" in child.error
    assert os.waitstatus_to_exitcode(status) == 125


def test_a_server_that_dies_mid_case_is_an_infrastructure_error_and_the_next_case_runs(
    tmp_path: Path,
) -> None:
    marker = f"hang-{uuid.uuid4().hex}"
    runner = CommandRunner(
        [sys.executable, str(PROGRAMS / "hang.py"), marker],
        config=SandboxConfig(workdir=tmp_path / "ws"),
    )
    server = shared_server()

    def kill_server() -> None:
        for _ in range(200):  # once the case's command runs (at most ~10 s)
            if pids_with(marker):
                break
            threading.Event().wait(0.05)
        os.kill(server.pid, signal.SIGKILL)

    killer = threading.Thread(target=kill_server)
    killer.start()
    try:
        with pytest.raises(RunnerInfraError, match="fork server died"):
            runner.run(invocation(wall_seconds=30), threading.Event())
    finally:
        killer.join()
    for _ in range(200):  # the case's namespace dies with its server (pdeathsig)
        if not pids_with(marker):
            break
        threading.Event().wait(0.05)
    assert pids_with(marker) == []
    answer = CommandRunner(
        [sys.executable, str(PROGRAMS / "answer.py")], config=SandboxConfig(workdir=tmp_path / "ws")
    )
    out = answer.run(invocation(), threading.Event())
    assert out.envelope.status == "completed", out.envelope.error
    assert shared_server() is not server


def test_a_case_cancelled_before_it_started_ends_at_once_not_as_ignored(ws: Path) -> None:
    marker = f"hang-{uuid.uuid4().hex}"
    cancel = threading.Event()
    cancel.set()
    outcome = run_process(
        [sys.executable, str(PROGRAMS / "hang.py"), marker],
        stdin=b"",
        cwd=ws,
        env={"PATH": "/usr/bin:/bin"},
        limits=Limits(wall_seconds=20),
        cancel=cancel,
        grace_seconds=5.0,
    )
    assert outcome.cancelled and not outcome.killed_after_grace
    assert outcome.duration_s < 5.0
    assert pids_with(marker) == []


PID1_PROBE = """
import json, os, signal
seen = {}
for name in ("environ", "mem", "maps"):
    try:
        with open(f"/proc/1/{name}", "rb") as handle:
            handle.read(1)
        seen[name] = "read"
    except OSError as exc:
        seen[name] = exc.errno
try:
    os.listdir("/proc/1/fd")
    seen["fd"] = "listed"
except OSError as exc:
    seen["fd"] = exc.errno
os.kill(1, signal.SIGTERM)  # the namespace's init ignores what it has no handler for
seen["uid"], seen["pid1_uid"] = os.getuid(), os.stat("/proc/1").st_uid
limits = {}
for line in open("/proc/self/limits"):
    if line.startswith(("Max processes", "Max address space")):
        limits[line[:25].strip()] = line[25:].split()[0]
seen["limits"] = limits
print(json.dumps(seen))
"""


def test_pid1_of_the_command_s_uid_is_closed_to_it(ws: Path) -> None:
    # PID 1 takes the case's uid to spawn the command (no copy of a Python process per case):
    # the command must still not read its memory, descriptors or environment, nor end it.
    outcome = _py(PID1_PROBE, ws)
    assert outcome.ok, outcome.reason()
    seen = json.loads(outcome.stdout)
    assert seen["environ"] != "read" and seen["mem"] != "read" and seen["maps"] != "read"
    assert seen["fd"] != "listed"
    assert outcome.returncode == 0 and outcome.signal is None
    assert seen["limits"]["Max address space"] == str(2 * 1024**3)


def _sh(script: str, ws: Path, memory: int | None) -> ProcessOutcome:
    from harness.sandbox import Resources

    return run_process(
        ["/bin/sh", "-c", script],
        stdin=b"",
        cwd=ws,
        env={"PATH": "/usr/bin:/bin"},
        limits=Limits(wall_seconds=20),
        cancel=threading.Event(),
        resources=Resources(memory_bytes=memory, extra_processes=40),
    )


def test_a_memory_limit_below_what_pid1_maps_still_starts_and_binds_the_command(
    ws: Path,
) -> None:
    # Too little address space for PID 1 to take the limits itself: the command is forked and
    # limited on its own, as before, and the limit is the one asked for.
    small = 12 * 1024**2  # below the ~17 MB a forked fork server maps
    outcome = _sh("grep -E 'Max (address space|processes)' /proc/self/limits", ws, small)
    assert outcome.ok, outcome.reason()
    lines = outcome.stdout.decode().splitlines()
    assert any(line.split()[3] == str(small) for line in lines if "address" in line)
    roomy = _sh("grep -E 'Max address space' /proc/self/limits", ws, 2 * 1024**3)
    assert roomy.ok and roomy.stdout.split()[3] == str(2 * 1024**3).encode()


def test_a_program_named_without_a_path_is_found_on_the_command_s_own_path(ws: Path) -> None:
    outcome = _plain(["sh", "-c", "echo found"], ws, path="/nonexistent:/usr/bin:/bin")
    assert outcome.ok and outcome.stdout == b"found\n", outcome.reason()
    with pytest.raises(SandboxError, match="could not start 'sh': No such file or directory"):
        _plain(["sh", "-c", "echo found"], ws, path="/nonexistent")


def test_a_signal_after_the_case_ended_still_finds_its_status(ws: Path) -> None:
    # The server reaps PID 1 at its exit, sends the status and closes the case's socket: a
    # harness that signals the group after that (a timeout or cancel in the same instant) must
    # still read the status waiting for it, not take the closed socket for a dead server.
    from harness.sandbox.launch import _served
    from harness.sandbox.view import ViewPaths, view_plan

    plan = view_plan(ViewPaths(workspace=ws, writable=[], readable=[Path("/bin/true")]))
    spec = {"argv": ["/bin/true"], "env": {}, "plan": plan, "cwd": str(ws), "uid": None,
            "limits": {}, "network": False}  # fmt: skip
    fd = os.open(os.devnull, os.O_RDWR)
    try:
        child = _served(spec, [fd, fd, fd], None)
    finally:
        os.close(fd)
    try:
        with selectors.DefaultSelector() as selector:  # the status is sent, unread
            selector.register(child._served.fileno(), selectors.EVENT_READ)
            assert selector.select(20)
        threading.Event().wait(0.2)  # and the server has closed its end after it
        child.signal_group(signal.SIGTERM)
        code, _cpu = child.finish([])
    finally:
        child.close()
    assert code == 0 and child.error is None
