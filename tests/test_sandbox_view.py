"""The view's plan: which paths are bound, covered or left out, decided on path strings."""

from __future__ import annotations

from pathlib import Path

from harness.sandbox.hidden import effective_hidden
from harness.sandbox.view import ViewPaths, outermost, view_plan, within


def _directives(plan: list[str], op: str) -> list[str]:
    found = []
    for i, word in enumerate(plan):
        if word == op and i + 1 < len(plan):
            found.append(plan[i + 1])
    return found


def test_within_is_by_path_component_not_by_prefix() -> None:
    assert within("/a/b", "/a/b") and within("/a/b/c", "/a/b") and within("/x", "/")
    # Hard negatives: a common prefix is not a parent.
    assert not within("/a/bc", "/a/b")
    assert not within("/usrx", "/usr")
    assert not within("/a", "/a/b")
    assert outermost(["/w/a/b", "/w/a", "/w/ab", "/w/a"]) == ["/w/a", "/w/ab"]


def test_a_workspace_beside_a_runtime_folder_gets_its_own_bind(tmp_path: Path) -> None:
    # /usr is bound whole; a folder whose name merely starts with a runtime folder's is not
    # inside it and must be bound itself (it would be missing from the child's world).
    ws = tmp_path / "usr-ws"
    sibling = tmp_path / "usr-ws2"
    for folder in (ws, sibling, ws / "output"):
        folder.mkdir()
    plan = view_plan(
        ViewPaths(workspace=ws, writable=[ws / "output"], readable=[sibling, ws / "inner"])
    )
    assert str(ws) in _directives(plan, "ro") and str(sibling) in _directives(plan, "ro")
    assert str(ws / "output") in _directives(plan, "rw")
    assert "/usr" in _directives(plan, "ro") or "/usr" in _directives(plan, "link")
    # Called again (the system part is looked up once a process), the plan is the same.
    assert (
        view_plan(
            ViewPaths(workspace=ws, writable=[ws / "output"], readable=[sibling, ws / "inner"])
        )
        == plan
    )


def test_hidden_paths_keep_what_the_child_needs_and_only_outer_folders(tmp_path: Path) -> None:
    config = tmp_path / "config"
    hidden = [
        tmp_path / "recordings",
        tmp_path / "recordings" / "inner",  # inside a covered folder: nothing left to cover
        tmp_path / "config",  # holds a needed path: covering it would break the run
        tmp_path / "configs",  # a sibling with a common prefix stays covered
    ]
    kept = effective_hidden(hidden, [config / "agent.json", tmp_path / "ws"])
    assert kept == [tmp_path / "recordings", tmp_path / "configs"]
