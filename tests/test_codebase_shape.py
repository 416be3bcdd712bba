"""The shape a newcomer relies on: no import cycle among the harness's modules, and no module much
over 400 lines unless it is a table of data (issue 9's acceptance, kept true by a test)."""

from __future__ import annotations

import ast
from pathlib import Path

HARNESS = Path(__file__).resolve().parents[1] / "harness"
#: Modules that are tables of data (word lists, families), allowed to run long.
DATA_TABLES = {"scorers/completion/lexicon.py"}
#: "About 400 lines": a module may overrun by a docstring's worth while a split is pending.
MAX_LINES = 420


def _modules() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for path in HARNESS.rglob("*.py"):
        parts = path.relative_to(HARNESS.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


def _top_level_imports(path: Path, modules: dict[str, Path]) -> set[str]:
    """The harness modules a module imports when it is loaded (imports inside functions, which
    the code uses to defer heavy or circular-prone imports, are left out)."""
    deps: set[str] = set()
    for node in ast.parse(path.read_text()).body:
        names: list[str] = []
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [f"{node.module}.{a.name}" for a in node.names] + [node.module]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        for name in names:
            if name in modules:
                deps.add(name)
                break
    return deps


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan), iteratively."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, set())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return found


def test_no_import_cycle_among_the_harness_modules() -> None:
    modules = _modules()
    graph = {name: _top_level_imports(path, modules) - {name} for name, path in modules.items()}
    assert _cycles(graph) == []


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_no_module_much_over_400_lines_outside_data_tables() -> None:
    long = {
        str(path.relative_to(HARNESS)): n
        for path in HARNESS.rglob("*.py")
        if (n := len(path.read_text().splitlines())) > MAX_LINES
    }
    assert {k: v for k, v in long.items() if k not in DATA_TABLES} == {}
