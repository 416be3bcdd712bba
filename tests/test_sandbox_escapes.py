"""Hostile children against the sandbox's limits and channels, at ``full`` isolation and at the
fallbacks: fork bombs, daemons that double-fork out of tree and group, socket and shared-memory
channels, /proc snooping, trace files that are FIFOs or symlinks, hangs, floods and slow drips.
Each is contained, bounded in time, and leaves no process behind."""

from __future__ import annotations

import json
import os
import socket
import sys
import threading
import time
import uuid
from pathlib import Path

import pytest

from harness.runners.command import CommandRunner
from harness.runners.sandboxed import SandboxConfig, run_child
from harness.sandbox import Isolation, ProcessOutcome, Resources, probe, run_process
from harness.sandbox.identity import child_uid
from harness.schema import Limits
from tests.runners_helpers import invocation, pids_with

FULL = probe().level == "full"
ROOT_UID = os.geteuid() == 0
NONE = Isolation("none", "sandbox: forced none for a test")


def _own_uid_available() -> bool:
    with child_uid() as uid:
        return uid is not None


#: The fallback levels need a program an unprivileged uid can reach (pyenv's lives under /root).
PYTHON = "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else sys.executable
OWN_UID = _own_uid_available() and all(
    os.stat(parent).st_mode & 0o001 for parent in Path(os.path.realpath(PYTHON)).parents
)
#: The ``full`` case of a parametrized escape test, skipped declaratively where the kernel lacks it.
FULL_LEVEL = pytest.param(
    "full", marks=pytest.mark.skipif(not FULL, reason="needs mount and PID namespaces")
)


def _py(
    code: str,
    ws: Path,
    *args: str,
    wall: float = 10,
    isolation: Isolation | None = None,
    resources: Resources | None = None,
) -> ProcessOutcome:
    return run_process(
        [PYTHON, "-c", code, *args],
        stdin=b"",
        cwd=ws,
        env={"PATH": "/usr/bin:/bin", "SHADOW_TEST_SECRET": "not-the-harness"},
        limits=Limits(wall_seconds=wall, output_bytes=100_000),
        cancel=threading.Event(),
        grace_seconds=0.2,
        writable=[ws / "out"],
        isolation=isolation,
        resources=resources,
    )


FORK_BOMB = """
import os, sys, time
made = 0
for _ in range(400):
    try:
        if os.fork() == 0:
            time.sleep(30)
            os._exit(0)
        made += 1
    except OSError:
        break
print(made, flush=True)
"""


@pytest.mark.skipif(
    ROOT_UID and not OWN_UID, reason="root needs a uid of the child's own for RLIMIT_NPROC"
)
@pytest.mark.parametrize("level", [FULL_LEVEL, "none"])
def test_a_fork_bomb_is_bounded_by_the_process_limit(ws: Path, level: str) -> None:
    marker = f"bomb-{uuid.uuid4().hex}"
    outcome = _py(
        FORK_BOMB,
        ws,
        marker,
        isolation=None if level == "full" else NONE,
        resources=Resources(extra_processes=30),
    )
    assert outcome.returncode == 0, outcome.stderr_text()
    assert int(outcome.stdout) < 30  # the kernel refused the rest, long before 400
    assert not any("RLIMIT_NPROC not applied" in note for note in outcome.notes)
    assert pids_with(marker) == []


DAEMON = """
import os, sys, time
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        os.execv(sys.executable, [sys.executable, "-c", "import time; time.sleep(60)", sys.argv[1]])
    os._exit(0)
time.sleep(0.2)
print("daemonised", flush=True)
"""


@pytest.mark.parametrize(
    "level",
    [
        FULL_LEVEL,
        pytest.param(
            "none",
            marks=pytest.mark.skipif(
                not OWN_UID,
                reason="without a PID namespace a setsid daemon is found by its uid (root only)",
            ),
        ),
    ],
)
def test_a_double_forked_daemon_does_not_outlive_the_case(ws: Path, level: str) -> None:
    marker = f"daemon-{uuid.uuid4().hex}"
    outcome = _py(DAEMON, ws, marker, isolation=None if level == "full" else NONE)
    assert outcome.ok and outcome.stdout.strip() == b"daemonised", outcome.stderr_text()
    assert pids_with(marker) == []


CHANNELS = """
import json, os, socket, sys
seen = {}
for name, address in (("file", sys.argv[1]), ("abstract", "\\0" + sys.argv[2])):
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        s.connect(address)
        s.sendall(b"leak")
        seen[name] = "connected"
    except OSError as exc:
        seen[name] = exc.strerror
shm = "/dev/shm/" + sys.argv[2]
try:
    with open(shm, "w") as handle:
        handle.write("leak")
    seen["shm"] = "written"
except OSError as exc:
    seen["shm"] = exc.strerror
seen["procs"] = sorted(int(p) for p in os.listdir("/proc") if p.isdigit())
seen["harness_environ"] = "unread"
try:
    with open("/proc/%s/environ" % sys.argv[3], "rb") as handle:
        seen["harness_environ"] = handle.read().decode(errors="replace")
except OSError:
    pass
print(json.dumps(seen))
"""


@pytest.mark.skipif(not FULL, reason="needs mount, PID and network namespaces")
def test_no_socket_shared_memory_or_proc_channel_leaves_the_sandbox(
    ws: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SHADOW_HARNESS_SECRET", "hunter2")
    name = f"shadow-test-{uuid.uuid4().hex}"
    path = ws.parent / f"{name}.sock"
    listeners = []
    for address in (str(path), "\0" + name):
        server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        server.bind(address)
        server.listen(1)
        server.setblocking(False)
        listeners.append(server)
    try:
        outcome = _py(CHANNELS, ws, str(path), name, str(os.getpid()))
        seen = json.loads(outcome.stdout)
        for server in listeners:
            with pytest.raises(BlockingIOError):
                server.accept()
    finally:
        for server in listeners:
            server.close()
        path.unlink(missing_ok=True)
    assert seen["file"] == "No such file or directory"
    assert seen["abstract"] == "Connection refused"
    assert seen["shm"] == "written"  # its own private /dev/shm ...
    assert not Path(f"/dev/shm/{name}").exists()  # ... which is not the host's
    assert len(seen["procs"]) <= 3  # PID 1 of the namespace, the child (and prlimit's exec)
    assert seen["harness_environ"] == "unread"


@pytest.mark.skipif(not OWN_UID, reason="a root harness protects its environment by the uid")
def test_at_the_fallback_the_harness_environment_stays_unreadable(
    ws: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SHADOW_HARNESS_SECRET", "hunter2")
    outcome = _py(CHANNELS, ws, str(ws / "none.sock"), "x", str(os.getpid()), isolation=NONE)
    seen = json.loads(outcome.stdout)
    assert seen["harness_environ"] == "unread"
    assert "sandbox: forced none for a test" in outcome.notes


def test_a_slow_drip_is_cut_at_the_wall_limit(ws: Path) -> None:
    marker = f"drip-{uuid.uuid4().hex}"
    code = "import sys, time\nwhile True:\n    print('.', end='', flush=True); time.sleep(0.05)"
    started = time.monotonic()
    outcome = _py(code, ws, marker, wall=1)
    assert outcome.timed_out and 0 < len(outcome.stdout) < 100
    assert time.monotonic() - started < 5
    assert pids_with(marker) == []


def test_a_flood_is_cut_at_the_output_cap(ws: Path) -> None:
    code = "import sys\nwhile True:\n    sys.stdout.write('x' * 65536)"
    outcome = _py(code, ws, wall=10)
    assert outcome.output_capped and len(outcome.stdout) == 100_000


TRACE_SWAP = """
import json, os, sys
trace = json.load(sys.stdin)["trace_policy"]["trace_file"]
os.unlink(trace)
if sys.argv[1] == "fifo":
    os.mkfifo(trace)
else:
    os.symlink("/etc/passwd", trace)
print(json.dumps({"status": "completed", "summary": "swapped"}))
"""


@pytest.mark.parametrize("kind", ["fifo", "symlink"])
def test_a_trace_file_swapped_for_a_fifo_or_symlink_is_refused_not_read(
    tmp_path: Path, kind: str
) -> None:
    runner = CommandRunner(
        [sys.executable, "-c", TRACE_SWAP, kind], config=SandboxConfig(workdir=tmp_path / "ws")
    )
    started = time.monotonic()
    out = runner.run(invocation(wall_seconds=10), threading.Event())
    assert time.monotonic() - started < 5  # never blocks on the FIFO
    assert out.envelope.status == "completed"
    assert out.trace == []
    details = [e.detail for e in out.boundary_events if e.kind == "path_escape"]
    assert any("trace file .harness/trace.jsonl is a" in d for d in details), details
    assert list((tmp_path / "ws").iterdir()) == []  # the workspace is gone


IN_MEMORY = """
import json, os, sys
here = os.getcwd()
with open(os.path.join(here, "input", "invocation.json")) as handle:
    seen = {"invocation": json.load(handle)["invocation_id"]}
with open(os.path.join(here, "output", "made.txt"), "w") as handle:
    handle.write("ok")
seen["cwd"] = here
seen["shm"] = sorted(os.listdir("/dev/shm"))
print(json.dumps(seen))
"""


@pytest.mark.skipif(not FULL, reason="needs mount and PID namespaces")
def test_a_workspace_on_dev_shm_is_the_childs_and_no_other_shm_file_is(tmp_path: Path) -> None:
    # The default workspace folder is /dev/shm, which the view also replaces with a private
    # tmpfs: the workspace must be bound on top of that, and nothing else of the host's shm seen.
    stranger = Path(f"/dev/shm/shadow-test-{uuid.uuid4().hex}")
    stranger.write_text("another process's shared memory")
    script = tmp_path / "child.py"
    script.write_text(IN_MEMORY)
    try:
        runner = CommandRunner(
            [PYTHON, str(script)], config=SandboxConfig(workdir=Path("/dev/shm"))
        )
        inv = invocation()
        child = run_child(inv, runner.argv, threading.Event(), runner.config)
    finally:
        stranger.unlink()
    assert child.outcome.ok, child.outcome.stderr_text()
    seen = json.loads(child.outcome.stdout)
    assert seen["cwd"] == str(child.workspace) and seen["cwd"].startswith("/dev/shm/shadow-ws-")
    assert seen["invocation"] != inv.invocation_id  # an opaque handle, as anywhere else
    assert seen["shm"] == [child.workspace.name]
    assert not child.workspace.exists()  # deleted after the run
