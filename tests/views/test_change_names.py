"""No view compares the session's change sets with strings (a typo would stop a refresh)."""

import ast
import importlib
import pkgutil
from pathlib import Path

import linviz
from linviz.controller.changes import Change

ROOT = Path(linviz.__file__).parent


def _names(node: ast.AST) -> set[str]:
    """Every variable and attribute name used in ``node``."""
    found = set()
    for child in ast.walk(node):
        if isinstance(child, ast.Name):
            found.add(child.id)
        elif isinstance(child, ast.Attribute):
            found.add(child.attr)
    return found


def _strings(node: ast.AST) -> list[str]:
    return [
        child.value
        for child in ast.walk(node)
        if isinstance(child, ast.Constant) and isinstance(child.value, str)
    ]


def _is_change_set(name: str) -> bool:
    lowered = name.lower()
    if "changed_on_disk" in lowered:  # a file's state on disk, not a set of Change members
        return False
    return name == "listens_to" or "change" in lowered or "aspect" in lowered


def string_uses(source: str) -> list[tuple[int, str]]:
    """Lines where a change set meets a string: compared, combined, declared or emitted."""
    found = []
    for node in ast.walk(ast.parse(source)):
        operands: list[ast.AST] = []
        emitted = False
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
        elif isinstance(node, ast.BinOp):
            operands = [node.left, node.right]
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(_is_change_set(n) for t in targets for n in _names(t)) and node.value:
                operands = [targets[0], node.value]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if node.func.attr in ("_emit", "emit", "_sync") and any(
                _is_change_set(n) or n in ("changed", "_emit", "_sync") for n in _names(node.func)
            ):
                operands, emitted = [node.func, *node.args], True
        if not emitted and not any(_is_change_set(n) for o in operands for n in _names(o)):
            continue
        if node_strings := [s for o in operands for s in _strings(o)]:
            found.append((node.lineno, ", ".join(node_strings)))
    return sorted(found)


def test_the_check_finds_string_comparisons():
    source = (
        "if 'cursor' in changes: pass\n"
        "listens_to = frozenset({'scenario'})\n"
        "if changes & {'options'}: pass\n"
        "self._emit('file')\n"
        "if changes == {Change.CURSOR}: pass\n"
    )
    assert [line for line, _ in string_uses(source)] == [1, 2, 3, 4]


def test_no_module_compares_changes_with_strings():
    offenders = []
    for path in sorted((ROOT / "views").rglob("*.py")) + [ROOT / "controller" / "session.py"]:
        for line, strings in string_uses(path.read_text(encoding="utf-8")):
            offenders.append(f"{path.relative_to(ROOT.parent)}:{line}: {strings}")
    assert offenders == []


def test_every_panel_listens_to_change_members():
    import linviz.views

    for module in pkgutil.walk_packages(linviz.views.__path__, "linviz.views."):
        importlib.import_module(module.name)
    from linviz.views.panels.panel import Panel

    panels, pending = [], [Panel]
    while pending:
        cls = pending.pop()
        panels.append(cls)
        pending.extend(cls.__subclasses__())
    assert len(panels) >= 10
    for cls in panels:
        assert all(isinstance(change, Change) for change in cls.listens_to), cls
