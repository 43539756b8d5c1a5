"""The examples in resources/examples run as a newcomer runs them, and say what they should."""

import base64
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parent.parent / "resources" / "examples"


def run_example(name, *args, cwd):
    environment = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / name), *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=environment,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_session_trace_from_arrays_is_the_bundled_lesson(tmp_path):
    from linviz.model.lessons import resolve_scenario_path
    from linviz.model.replay import Trace
    from linviz.model.scenario_file import load_scenario

    out = run_example("session_trace_from_arrays.py", "--out", str(tmp_path), cwd=tmp_path)
    assert "q = [1, 1]  -> [7, 4]  no single target" in out
    assert "q = [1, 0]  -> [11, 12]" in out
    assert "refused: step 8, field 'key': key has 3 components but S has d_k = 2 rows" in out
    made = load_scenario(tmp_path / "session-trace.json")
    lesson = load_scenario(resolve_scenario_path("session-trace"))
    assert len(made) == len(lesson)
    ours, theirs = Trace(made), Trace(lesson)
    for step in range(len(made) + 1):
        assert (ours.state(step) == theirs.state(step)).all()


def test_the_fla_example_makes_opens_and_draws_a_head(tmp_path):
    out = run_example("open_fla_npz.py", "--head", "3", "--out", str(tmp_path), cwd=tmp_path)
    assert "gated_delta" in out and "S is 64×64" in out and "256 tokens" in out
    assert (tmp_path / "state.png").read_bytes()[:4] == b"\x89PNG"
    from linviz.cli import main

    layer = str(tmp_path / "gated-deltanet-layer.npz")
    assert main(["import", layer, "--head", "3", "--out", str(tmp_path / "h.json")]) == 0


def test_the_notebook_executes_and_shows_its_figures(tmp_path):
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    pytest.importorskip("ipykernel")
    from PySide6 import QtGui

    notebook = nbformat.read(EXAMPLES / "linviz_in_a_notebook.ipynb", as_version=4)
    client = nbclient.NotebookClient(
        notebook, timeout=300, kernel_name="python3", resources={"metadata": {"path": tmp_path}}
    )
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # the kernel inherits it
    client.execute()
    images = []
    for cell in notebook.cells:
        for output in cell.get("outputs", []):
            assert output["output_type"] != "error", output
            data = output.get("data", {})
            if "image/png" in data:
                image = QtGui.QImage()
                assert image.loadFromData(base64.b64decode(data["image/png"]), "PNG")
                assert data["image/svg+xml"].count("<svg") == 1
                images.append((image.width(), image.height()))
    assert images == [(480, 360), (960, 600), (640, 320)]
    printed = "".join(
        "".join(o.get("text", "")) for c in notebook.cells for o in c.get("outputs", [])
    )
    assert "10 steps, delta (β = 0.8) S is 3×2" in printed
    assert "recall" in printed and json.dumps(notebook)  # the executed notebook stays valid
