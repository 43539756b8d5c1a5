"""Scenario archives (.npz) in the window: File ▸ Open, Save and Save As keep the format."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6 import QtWidgets

from linviz.controller.commands import ReplaceStep
from linviz.controller.session import Session
from linviz.model.lessons import bundled_lessons
from linviz.model.scenario_file import load_scenario, save_scenario
from linviz.views.main_window import MainWindow
from tests.views.conftest import opened_window


@pytest.fixture
def empty_window(qtbot):
    """A shown window on the first lesson (a bundled lesson: saving asks for a name)."""
    return opened_window(qtbot, bundled_lessons()[0].name, (1400, 900))


@pytest.fixture
def archive(tmp_path):
    """crowding-the-plane saved as a scenario archive."""
    path = tmp_path / "crowding.npz"
    save_scenario(load_scenario(bundled_lessons()[1].path), path)
    return path


def file_menu_action(window: MainWindow, action_id: str):
    return window.registry[action_id]


def edit_step_1(session: Session) -> None:
    step = session.scenario.step(1)
    session.execute(ReplaceStep(1, step.with_changes(value=[4.0, -2.0])))


def test_file_open_offers_archives_and_opens_one(qtbot, empty_window, archive, monkeypatch):
    asked = []

    def choose(parent, caption, folder, filters):
        asked.append(filters)
        return str(archive), filters.split(";;")[0]

    monkeypatch.setattr(QtWidgets.QFileDialog, "getOpenFileName", choose)
    file_menu_action(empty_window, "file.open").trigger()
    session = empty_window.session
    assert "*.npz" in asked[0].split(";;")[0] and "*.json" in asked[0].split(";;")[0]
    assert session.path == archive and not session.is_modified
    assert session.scenario == load_scenario(bundled_lessons()[1].path)
    assert empty_window.document.recent_files()[0] == str(archive.resolve())
    # The window shows it: the table lists its steps, the title names it.
    assert empty_window.step_table.model.rowCount() == len(session.scenario)
    assert "crowding" in empty_window.windowTitle().lower()


def test_save_writes_an_opened_archive_back_as_an_archive(qtbot, empty_window, archive):
    document, session = empty_window.document, empty_window.session
    assert document.open_path(archive)
    edit_step_1(session)
    with qtbot.waitSignal(document.message):
        file_menu_action(empty_window, "file.save").trigger()
    assert archive.read_bytes()[:4] == b"PK\x03\x04"
    with np.load(archive, allow_pickle=False) as saved:
        np.testing.assert_array_equal(saved["values"][0], [4.0, -2.0])
    assert load_scenario(archive) == session.scenario
    assert not session.is_modified and not session.changed_on_disk()


def test_save_as_offers_both_formats_the_opened_one_first(
    qtbot, empty_window, archive, monkeypatch
):
    document, session = empty_window.document, empty_window.session
    assert document.open_path(archive)
    asked = []

    def answer(parent, caption, start, filters, selected):
        asked.append((start, filters.split(";;"), selected))
        # The user types a name without an ending and picks JSON.
        return str(archive.with_name("copy")), filters.split(";;")[0]

    monkeypatch.setattr(QtWidgets.QFileDialog, "getSaveFileName", answer)
    assert document.save_as_dialog()
    start, filters, selected = asked[0]
    assert start == str(archive) and "*.npz" in selected  # an archive stays one unless chosen
    assert [f for f in filters if "*.json" in f] and [f for f in filters if "*.npz" in f]
    saved = archive.with_name("copy.json")
    assert session.path == saved and saved.read_text(encoding="utf-8").startswith("{")
    assert load_scenario(saved) == load_scenario(archive)
    # Saved as JSON it stays JSON: a name without an ending gets .json from now on.
    monkeypatch.setattr(
        QtWidgets.QFileDialog,
        "getSaveFileName",
        lambda parent, caption, start, filters, selected: (str(archive.with_name("again")), ""),
    )
    assert document.save_as_dialog()
    assert session.path == archive.with_name("again.json")


def test_a_json_scenario_can_be_saved_as_an_archive(qtbot, empty_window, tmp_path, monkeypatch):
    document, session = empty_window.document, empty_window.session
    path = tmp_path / "lesson.json"
    save_scenario(load_scenario(bundled_lessons()[1].path), path)
    assert document.open_path(path)
    picked = []

    def answer(parent, caption, start, filters, selected):
        picked.append(selected)
        archive_filter = next(f for f in filters.split(";;") if "*.npz" in f)
        return str(tmp_path / "as-archive"), archive_filter

    monkeypatch.setattr(QtWidgets.QFileDialog, "getSaveFileName", answer)
    assert document.save_as_dialog()
    assert "*.json" in picked[0]  # JSON was offered first: it was opened from JSON
    assert session.path == tmp_path / "as-archive.npz"
    assert (tmp_path / "as-archive.npz").read_bytes()[:2] == b"PK"
    assert load_scenario(tmp_path / "as-archive.npz") == load_scenario(path)


@pytest.mark.parametrize("damage", ["cut", "nan", "objects"])
def test_a_malformed_archive_is_refused_and_the_work_is_kept(qtbot, empty_window, archive, damage):
    document, session = empty_window.document, empty_window.session
    edit_step_1(session)  # unsaved work that must survive the refused open
    kept = session.scenario.copy()
    if damage == "cut":
        archive.write_bytes(archive.read_bytes()[:300])
    else:
        with np.load(archive, allow_pickle=False) as opened:
            members = {name: opened[name] for name in opened.files}
        if damage == "nan":
            members["queries"] = members["queries"].copy()
            members["queries"][0, 1] = np.nan
        else:
            members["values"] = np.array([object()], dtype=object)
        np.savez(archive, **members)
    document.ask_unsaved = lambda: QtWidgets.QMessageBox.StandardButton.Discard
    with qtbot.waitSignal(document.error) as refused:
        assert not document.open_path(archive)
    title, text = refused.args
    assert text.startswith(str(archive))
    if damage == "nan":
        assert "step 3, field 'query'" in text
    assert session.scenario == kept and session.is_modified
    assert session.path is None
    # The window goes on working: a step forward moves the cursor as before.
    session.set_cursor(2)
    assert session.cursor == 2
    empty_window.error_box.close()


def test_save_as_offers_json_in_columns_and_a_big_import_chooses_it_first(
    qtbot, empty_window, tmp_path, monkeypatch
):
    from linviz.model.arrays import scenario_from_arrays

    document, session = empty_window.document, empty_window.session
    asked = []

    def pick(kind: str):
        def answer(parent, caption, start, filters, selected):
            asked.append((filters.split(";;"), selected))
            choice = next(f for f in filters.split(";;") if kind in f)
            return str(tmp_path / f"saved-{len(asked)}"), choice

        return answer

    # A lesson (steps layout): the first JSON choice is offered; "in columns" picked.
    monkeypatch.setattr(QtWidgets.QFileDialog, "getSaveFileName", pick("columns"))
    assert document.save_as_dialog()
    filters, selected = asked[0]
    assert len([f for f in filters if "*.json" in f]) == 2 and "columns" not in selected
    saved = tmp_path / "saved-1.json"
    assert session.path == saved and '"layout": "columns"' in saved.read_text("utf-8")[:400]
    assert load_scenario(saved) == session.scenario
    session.save()  # Save keeps the layout chosen
    assert '"layout": "columns"' in saved.read_text("utf-8")[:400]
    # A scenario of 10,000 steps from arrays: in columns unless the user chooses otherwise.
    rng = np.random.default_rng(6)
    arrays = {name: rng.standard_normal((5_000, 3)) for name in "qkv"}
    session.replace_scenario(scenario_from_arrays(**arrays), None)
    monkeypatch.setattr(QtWidgets.QFileDialog, "getSaveFileName", pick("(*.json)"))
    assert document.save_as_dialog()
    filters, selected = asked[1]
    assert "columns" in selected  # offered first
    plain = tmp_path / "saved-2.json"  # the user picked the first JSON: a step an object
    assert session.path == plain and '"layout"' not in plain.read_text("utf-8")[:400]
    assert load_scenario(plain) == session.scenario
