"""The model, the controller and the page writer never load Qt; nor do trace and lessons."""

import subprocess
import sys

import pytest

QT_MODULES = ("PySide6", "shiboken6", "pyqtgraph", "PyQt5", "PyQt6")


def loaded_after(code: str) -> set[str]:
    probe = f"import sys\n{code}\nprint(' '.join(sorted({{m.split('.')[0] for m in sys.modules}})))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return set(out.stdout.split())


@pytest.mark.parametrize("package", ["linviz.model", "linviz.controller", "linviz.page"])
def test_layer_imports_no_qt(package):
    import importlib
    import pkgutil

    root = importlib.import_module(package)
    modules = [f"{package}.{m.name}" for m in pkgutil.iter_modules(root.__path__)]
    assert len(modules) >= 2
    loaded = loaded_after("\n".join(f"import {m}" for m in modules))
    assert not loaded & set(QT_MODULES)


def test_trace_lessons_spotlight_and_cost_commands_import_no_qt():
    code = (
        "import io, contextlib\nfrom linviz.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    main(['lessons']); main(['trace', 'crowding-the-plane', '--json'])\n"
        "    assert main(['spotlight', 'crowding-the-plane', '--step', '7', '--json']) == 0\n"
        "    assert main(['cost', '--tokens', '10', '100', '--d', '4', '--json']) == 0"
    )
    assert not loaded_after(code) & set(QT_MODULES)


def test_memory_and_capacity_commands_import_no_qt(tmp_path):
    out = tmp_path / "recall.csv"
    code = (
        "import io, contextlib\nfrom linviz.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    assert main(['memory', '--tokens', '1000']) == 0\n"
        "    assert main(['memory', '--tokens', '1000', '--json']) == 0\n"
        "    assert main(['capacity', '--d', '8', '--n', '8', '--trials', '2']) == 0\n"
        "    assert main(['capacity', '--d', '8', '--n', '8', '--trials', '2', '--json']) == 0\n"
        f"    assert main(['capacity', '--d', '8', '--n', '8', '--out', {str(out)!r}]) == 0"
    )
    assert not loaded_after(code) & set(QT_MODULES)
    assert out.exists()


def test_import_linviz_and_the_array_api_load_no_qt():
    code = (
        "import numpy as np\nimport linviz\n"
        "s = linviz.scenario_from_arrays(q=np.eye(2), k=np.eye(2), v=np.eye(2), beta=[1, 0.5])\n"
        "assert len(s) == 4\n"
        "assert linviz.load('session-trace').d_k == 2"
    )
    assert not loaded_after(code) & set(QT_MODULES)


def test_import_and_mqar_commands_import_no_qt(tmp_path):
    import numpy as np

    arrays = tmp_path / "head.npz"
    np.savez(arrays, q=np.eye(3), k=np.eye(3), v=np.ones((3, 2)), g=np.full(3, -0.1))
    converted = tmp_path / "a.json"
    code = (
        "import io, contextlib\nfrom linviz.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    assert main(['import', {str(arrays)!r}, '--out', {str(converted)!r}]) == 0\n"
        f"    assert main(['trace', {str(arrays)!r}, '--json']) == 0\n"
        f"    assert main(['mqar', '--pairs', '4', '--d', '8', '--out', "
        f"{str(tmp_path / 'm.json')!r}]) == 0"
    )
    assert not loaded_after(code) & set(QT_MODULES)
    assert converted.exists() and (tmp_path / "m.json").exists()
