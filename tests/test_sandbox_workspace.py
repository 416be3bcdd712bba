"""The disposable workspace: what a child sees, how ids become file names, what the audit flags."""

from __future__ import annotations

import json
import os
import stat
import tempfile
from pathlib import Path
from typing import Any

import pytest

from harness.sandbox import (
    audit_workspace,
    prepare_workspace,
    safe_name,
    scrubbed_env,
    sweep_stale_workspaces,
)
from harness.sandbox import workspace as workspace_module
from tests.factories import PATRICK
from tests.runners_helpers import invocation


def test_workspace_holds_invocation_and_one_file_per_evidence_item(tmp_path: Path) -> None:
    inv = invocation()
    with prepare_workspace(inv, tmp_path) as ws:
        seen = json.loads((ws.input_dir / "invocation.json").read_text())
        assert seen["invocation_id"] == inv.invocation_id
        assert seen["trace_policy"]["trace_file"] == str(ws.trace_file)
        assert "host" not in seen and "labels" not in seen
        index = json.loads((ws.input_dir / "evidence" / "index.json").read_text())
        assert set(index) == {item["id"] for item in PATRICK["context"]}
        for evidence_id, rel in index.items():
            item = json.loads((ws.root / rel).read_text())
            assert item["id"] == evidence_id
        assert ws.output_dir.is_dir() and ws.trace_file.exists()
    assert not ws.root.exists()


def test_hostile_ids_never_become_paths(tmp_path: Path) -> None:
    hostile = ["../../etc/passwd", "/abs/path", "..", "", "a/b\\c\x00d", ".hidden"]
    names = [safe_name(evidence_id, i) for i, evidence_id in enumerate(hostile)]
    for name in names:
        assert "/" not in name and "\\" not in name and "\x00" not in name
        assert not name.startswith(".")
        assert name.endswith(".json")
    assert len(set(names)) == len(names)
    items = [
        {**PATRICK["context"][0], "id": "../../escape"},
        {**PATRICK["context"][1], "id": "receipt:deleg-77"},
    ]
    inv = invocation(context=items)
    with prepare_workspace(inv, tmp_path) as ws:
        files = sorted(p.name for p in (ws.input_dir / "evidence").iterdir())
        assert len(files) == 3  # two items and index.json
        assert not (tmp_path / "escape").exists()
        assert all(Path(rel).parent == Path("input/evidence") for rel in ws.evidence_files.values())


def test_input_is_read_only_by_mode(tmp_path: Path) -> None:
    with prepare_workspace(invocation(), tmp_path) as ws:
        for dirpath, _dirs, files in os.walk(ws.input_dir):
            assert not os.stat(dirpath).st_mode & 0o222
            for name in files:
                assert not os.stat(os.path.join(dirpath, name)).st_mode & 0o222


def test_cleanup_removes_folders_the_child_locked(tmp_path: Path) -> None:
    ws = prepare_workspace(invocation(), tmp_path)
    locked = ws.output_dir / "locked"
    locked.mkdir()
    (locked / "f").write_text("x")
    locked.chmod(0)
    ws.cleanup()
    assert not ws.root.exists()


def test_audit_flags_changes_outside_output(tmp_path: Path) -> None:
    with prepare_workspace(invocation(), tmp_path) as ws:
        assert audit_workspace(ws, max_file_bytes=100, max_total_bytes=1000) == []
        (ws.root / "stray.txt").write_text("x")
        target = ws.input_dir / "invocation.json"
        target.chmod(0o644)
        target.write_text("{}")
        (ws.output_dir / "big.bin").write_bytes(b"x" * 200)
        (ws.output_dir / "link").symlink_to("/etc/passwd")
        (ws.output_dir / "loop").symlink_to(ws.output_dir / "loop")
        events = audit_workspace(ws, max_file_bytes=100, max_total_bytes=150)
        details = [(e.kind, e.detail) for e in events]
        assert ("path_escape", "wrote 'stray.txt' outside output/") in details
        assert ("path_escape", "modified read-only input/invocation.json") in details
        assert ("path_escape", "output/link links outside output/") in details
        assert ("path_escape", "output/loop links outside output/") in details
        assert [k for k, _ in details].count("resource_limit") == 2


def test_scrubbed_env_keeps_only_the_allow_list(tmp_path: Path) -> None:
    parent = {"PATH": "/bin", "LANG": "C.UTF-8", "SECRET_TOKEN": "s3cr3t", "PROVIDER_KEY": "k"}
    with prepare_workspace(invocation(), tmp_path) as ws:
        env = scrubbed_env(ws, parent=parent)
        assert "SECRET_TOKEN" not in env and "PROVIDER_KEY" not in env
        assert "PYTHONPATH" not in env
        assert env["HOME"].startswith(str(ws.root)) and env["TMPDIR"].startswith(str(ws.root))
        allowed = scrubbed_env(ws, parent=parent, allow=["PROVIDER_KEY"], pythonpath=[tmp_path])
        assert allowed["PROVIDER_KEY"] == "k" and allowed["PYTHONPATH"] == str(tmp_path)
        assert "SECRET_TOKEN" not in allowed


def test_sweep_removes_only_old_workspaces_of_dead_owners(tmp_path: Path) -> None:
    live = prepare_workspace(invocation(), tmp_path)
    dead = prepare_workspace(invocation(), tmp_path)
    fresh_dead = prepare_workspace(invocation(), tmp_path)
    unrelated = tmp_path / "shadow-ws-not-ours"
    unrelated.mkdir()
    for ws in (dead, fresh_dead):
        (ws.root / ".owner").write_text("999999999:1")  # no such process
    old = 1_000_000_000  # 2001: long stale
    for folder in (live.root, dead.root, unrelated):
        os.utime(folder, (old, old))
    assert sweep_stale_workspaces(tmp_path) == 1
    assert not dead.root.exists()
    assert live.root.exists() and fresh_dead.root.exists() and unrelated.exists()
    live.cleanup()
    fresh_dead.cleanup()


def test_cleanup_never_changes_the_mode_of_the_folder_holding_the_workspace(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A failed removal of the root is retried after a chmod: of the root, never of its parent
    # (the shared temp folder: 0700 on /tmp would lock every other user out).
    parent = tmp_path / "shared"
    parent.mkdir()
    parent.chmod(0o1777)
    ws = prepare_workspace(invocation(), parent)
    real_rmdir = os.rmdir
    failed: list[str] = []

    def flaky_rmdir(path: Any, *args: Any, **kwargs: Any) -> None:
        if os.fspath(path) == str(ws.root) and not failed:
            failed.append(os.fspath(path))
            raise PermissionError(13, "Permission denied", os.fspath(path))
        real_rmdir(path, *args, **kwargs)

    monkeypatch.setattr(os, "rmdir", flaky_rmdir)
    ws.cleanup()
    assert failed and not ws.root.exists()
    assert stat.S_IMODE(parent.stat().st_mode) == 0o1777


def _memory_fs_with_room() -> bool:
    try:
        free = os.statvfs("/dev/shm")
    except OSError:
        return False
    with open("/proc/self/mounts") as mounts:
        tmpfs = any(line.split()[1:3] == ["/dev/shm", "tmpfs"] for line in mounts)
    return tmpfs and free.f_bavail * free.f_frsize >= 1 << 30


@pytest.mark.skipif(not _memory_fs_with_room(), reason="no /dev/shm tmpfs with 1 GiB free here")
def test_workspaces_default_to_memory_where_there_is_room() -> None:
    # On a disk each case's create and delete wait on the journal; on tmpfs they do not.
    assert workspace_module.default_parent() == Path("/dev/shm")
    with prepare_workspace(invocation()) as ws:
        assert ws.root.parent == Path("/dev/shm")
    assert not ws.root.exists()


def test_without_a_memory_file_system_workspaces_go_to_the_temp_dir(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A plain folder (not a tmpfs mount point) or a small one is passed over.
    monkeypatch.setattr(workspace_module, "MEMORY_PARENT", tmp_path)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "temp"))
    (tmp_path / "temp").mkdir()
    assert workspace_module.default_parent() == tmp_path / "temp"
    with prepare_workspace(invocation()) as ws:
        assert ws.root.parent == tmp_path / "temp"


def test_inputs_are_readable_by_others_whatever_the_umask(tmp_path: Path) -> None:
    # The child reads input/ as another uid: a harness started with umask 077 must not lock it
    # out (the files are written with their final mode, not chmodded after a walk).
    old = os.umask(0o077)
    try:
        with prepare_workspace(invocation(), tmp_path) as ws:
            files = [p for p in ws.input_dir.rglob("*") if p.is_file()]
            assert len(files) >= 3
            for path in files:
                assert stat.S_IMODE(path.stat().st_mode) == 0o444, path
            for folder in (ws.input_dir, ws.input_dir / "evidence"):
                assert stat.S_IMODE(folder.stat().st_mode) == 0o555
    finally:
        os.umask(old)


def test_evidence_data_orjson_refuses_is_still_written(tmp_path: Path) -> None:
    # Recorded data is untrusted: an integer past 64 bits must not fail the case's workspace.
    item = {**PATRICK["context"][0], "data": {"count": 2**70, "nested": [[[1]]]}}
    with prepare_workspace(invocation(context=[item, *PATRICK["context"][1:]]), tmp_path) as ws:
        rel = ws.evidence_files[item["id"]]
        written = json.loads((ws.root / rel).read_text())
        assert written["data"]["count"] == 2**70
        assert audit_workspace(ws, max_file_bytes=100, max_total_bytes=1000) == []


def test_audit_names_links_and_new_files_in_input_and_lists_links_in_order(
    tmp_path: Path,
) -> None:
    from harness.sandbox import workspace_symlinks

    with prepare_workspace(invocation(), tmp_path) as ws:
        ws.input_dir.chmod(0o755)
        # A link to a folder is no folder: it is something the run created in input/.
        (ws.input_dir / "zz-dir-link").symlink_to("/etc")
        (ws.output_dir / "b").mkdir()
        (ws.output_dir / "b" / "inside").symlink_to(ws.output_dir)
        (ws.output_dir / "a-out").symlink_to("/etc")
        (ws.tmp_dir / "t").symlink_to("../input")
        details = [e.detail for e in audit_workspace(ws, max_file_bytes=100, max_total_bytes=1000)]
        assert details == [
            "created input/zz-dir-link in read-only input/",
            "output/a-out links outside output/",
        ]
        assert list(workspace_symlinks(ws.root)) == [
            "input/zz-dir-link",
            "output/a-out",
            "output/b/inside",
            "tmp/t",
        ]
        assert workspace_symlinks(ws.root)["tmp/t"] == "../input"
