"""A session opens arrays as it opens a file, untitled: saving asks for a scenario file's name."""

import numpy as np
import pytest

from linviz.controller.session import Session
from linviz.model.array_files import ArrayOptions
from linviz.model.arrays import scenario_from_arrays
from linviz.model.errors import ScenarioError


def two_heads(path):
    rng = np.random.default_rng(0)
    arrays = {name: rng.normal(size=(5, 2, 3)) for name in "qkv"}
    np.savez(path, **arrays)
    return arrays


def test_open_reads_the_head_asked_and_has_no_file_to_save_to(tmp_path):
    arrays = two_heads(tmp_path / "layer.npz")
    session = Session()
    session.open(tmp_path / "layer.npz", arrays=ArrayOptions(head=1))
    picked = {name: array[:, 1] for name, array in arrays.items()}
    assert session.scenario == scenario_from_arrays(**picked, title="layer.npz")
    assert session.path is None and session.cursor == 0
    with pytest.raises(ValueError, match="no file name yet"):
        session.save()
    assert session.save(tmp_path / "head1.json") == tmp_path / "head1.json"
    assert session.path == tmp_path / "head1.json"


def test_a_refused_file_keeps_what_was_open(tmp_path):
    two_heads(tmp_path / "layer.npz")
    session = Session()
    session.open("session-trace")
    before = session.scenario
    with pytest.raises(ScenarioError, match="choose one with --head"):
        session.open(tmp_path / "layer.npz")
    assert session.scenario is before
