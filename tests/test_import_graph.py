"""The shape of linviz's imports: no circle anywhere, and only the start-up knows the window.

Every ``import`` statement of every module counts, wherever it is written: at
module level, inside a function (an import deferred to first use is still a
dependency), and under ``if TYPE_CHECKING:`` (a type named from another module
ties the two just as much for a reader). Importing ``a.b.c`` also runs the
packages ``a`` and ``a.b``, so they count as imported too; ``from a.b import c``
counts ``a.b.c`` when ``c`` is a module.
"""

from __future__ import annotations

import ast
from pathlib import Path

import linviz

ROOT = Path(linviz.__file__).resolve().parent
#: The modules that may import the window: the app's start-up and the bench.
#: (``linviz export`` and ``linviz`` reach it through :func:`linviz.views.app.main_window`.)
MAY_IMPORT_MAIN_WINDOW = {"linviz.views.app", "linviz.bench.view_bench"}
MAIN_WINDOW = "linviz.views.main_window"
#: Circles this test knows of, left to the work that made them (each must still
#: exist: remove it here once it is gone). model/step_checks.py names the
#: Scenario type under TYPE_CHECKING while model/scenario.py imports the checks.
KNOWN_CIRCLES: list[list[str]] = []
MAIN_WINDOW_MAX_LINES = 600


def module_name(path: Path) -> str:
    parts = ["linviz", *path.relative_to(ROOT).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def all_modules() -> dict[str, Path]:
    return {module_name(p): p for p in ROOT.rglob("*.py")}


def _with_packages(name: str, known: set[str]) -> set[str]:
    """``name`` and the packages above it, those that are linviz's modules."""
    parts = name.split(".")
    return {".".join(parts[:i]) for i in range(1, len(parts) + 1)} & known


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """Every linviz module ``name`` imports, anywhere in its file."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                found |= _with_packages(alias.name, known)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*anchor, *([base] if base else [])])
            found |= _with_packages(base, known)
            for alias in node.names:
                if f"{base}.{alias.name}" in known:
                    found.add(f"{base}.{alias.name}")
    found.discard(name)
    # A module's own packages run before it does: importing them is no circle.
    return found - _with_packages(name, known)


def import_graph() -> dict[str, set[str]]:
    modules = all_modules()
    known = set(modules)
    return {name: imports_of(name, path, known) for name, path in modules.items()}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            part = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                part.append(member)
                if member == node:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_graph_sees_the_imports_it_should():
    graph = import_graph()
    assert len(graph) > 100
    # A module-level import, a deferred one and a TYPE_CHECKING one.
    assert "linviz.views.shell.desk" in graph[MAIN_WINDOW]
    assert MAIN_WINDOW in graph["linviz.views.app"]  # inside main_window()
    assert "linviz.views.shell.desk" in graph["linviz.views.compact_desk"]
    assert "linviz.views.classroom.baseline_panel" in graph["linviz.views.shell.desk"]


def test_a_circle_would_be_found():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circles(graph) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_no_module_of_linviz_is_in_an_import_circle():
    found = circles(import_graph())
    assert [c for c in found if c not in KNOWN_CIRCLES] == []
    assert [c for c in KNOWN_CIRCLES if c not in found] == []  # fixed: take it off the list


def test_only_the_start_up_and_the_bench_import_the_main_window():
    importers = {name for name, targets in import_graph().items() if MAIN_WINDOW in targets}
    assert importers <= MAY_IMPORT_MAIN_WINDOW, sorted(importers - MAY_IMPORT_MAIN_WINDOW)


def test_the_main_window_module_is_small():
    lines = (ROOT / "views" / "main_window.py").read_text(encoding="utf-8").count("\n")
    assert lines <= MAIN_WINDOW_MAX_LINES
