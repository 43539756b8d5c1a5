"""File ▸ Import arrays…: the head chosen in the dialog opens; a bad file keeps the scenario."""

import numpy as np
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from linviz.model.arrays import scenario_from_arrays
from linviz.views.import_arrays import import_arrays


def save_layer(path):
    rng = np.random.default_rng(0)
    arrays = {
        "q": rng.normal(size=(2, 6, 3, 4)),
        "k": rng.normal(size=(2, 6, 3, 4)),
        "v": rng.normal(size=(2, 6, 3, 2)),
        "g": -rng.uniform(size=(2, 6, 3)),
    }
    np.savez(path, **arrays)
    return arrays


def test_the_dialog_offers_the_files_heads_and_opens_the_one_chosen(window, tmp_path):
    arrays = save_layer(tmp_path / "layer.npz")
    seen = []

    def answer(dialog):
        seen.append((dialog.batch_spin.maximum(), dialog.head_spin.maximum()))
        dialog.batch_spin.setValue(1)
        dialog.head_spin.setFocus()
        QTest.keyClick(dialog.head_spin, Qt.Key.Key_Up)
        QTest.keyClick(dialog.head_spin, Qt.Key.Key_Up)
        dialog.rule_combo.setCurrentIndex(dialog.rule_combo.findData("additive"))
        dialog.fla_scale.setChecked(True)
        return True

    assert import_arrays(window.document, tmp_path / "layer.npz", ask=answer)
    assert seen == [(1, 2)]
    picked = {name: array[1, :, 2] for name, array in arrays.items() if name != "g"}
    expected = scenario_from_arrays(**picked, rule="additive", scale="fla", title="layer.npz")
    assert window.session.scenario == expected
    assert window.session.path is None  # Save asks for a .json name
    assert "layer.npz" in window.statusBar().currentMessage()
    assert window.import_arrays_action in window.file_menu.actions()


def test_a_cancelled_dialog_or_a_bad_file_keeps_the_scenario(window, tmp_path):
    save_layer(tmp_path / "layer.npz")
    before = window.session.scenario
    assert not import_arrays(window.document, tmp_path / "layer.npz", ask=lambda dialog: False)
    (tmp_path / "bad.npz").write_bytes(b"not a zip")
    assert not import_arrays(window.document, tmp_path / "bad.npz", ask=lambda dialog: True)
    assert "not a NumPy file that can be read" in window.last_error
    np.savez(tmp_path / "objects.npz", q=np.array([None], dtype=object))
    assert not import_arrays(window.document, tmp_path / "objects.npz", ask=lambda dialog: True)
    assert "never unpickles" in window.last_error
    assert window.session.scenario is before
