"""Saving from the window: failures told plainly, work kept, other writers noticed."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest
from PySide6 import QtCore, QtWidgets

from linviz.controller.commands import ReplaceStep
from linviz.controller.session import Session
from linviz.model.scenario_file import load_scenario
from linviz.views.error_hook import ErrorDialog
from linviz.views.main_window import MainWindow

#: The real question, kept before the autouse fixture replaces it for every test.
REAL_ASK_CHANGED = MainWindow.ask_changed_on_disk
SAVE = QtWidgets.QMessageBox.StandardButton.Save


@pytest.fixture
def unwritable_folder(tmp_path) -> Path:
    """A folder no file can be made in (read-only; ``/sys`` when running as root)."""
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o500)
    probe = folder / "probe"
    try:
        probe.touch()
    except PermissionError:
        yield folder
    else:  # root writes anywhere a mode allows nothing: sysfs refuses even root
        probe.unlink()
        yield Path("/sys/kernel")
    folder.chmod(0o700)


def edit(session: Session, value: list[float]) -> None:
    """A user's edit: step 1's value becomes ``value``."""
    step = session.scenario.step(1)
    session.execute(ReplaceStep(1, step.with_changes(value=value)))


def no_error_dialog() -> bool:
    return not any(
        isinstance(w, ErrorDialog) and w.isVisible()
        for w in QtWidgets.QApplication.topLevelWidgets()
    )


@pytest.fixture
def new_window(qtbot):
    """Makes a main window on a session of its own, opened on a lesson or file, shown."""

    def make(source: str | Path = "crowding-the-plane") -> MainWindow:
        session = Session()
        session.open(source)
        window = MainWindow(session)
        qtbot.addWidget(window)
        with qtbot.waitExposed(window):
            window.show()
        return window

    return make


@pytest.fixture
def shared_file(tmp_path) -> Path:
    """The crowding-the-plane lesson saved to a file, for two writers to share."""
    path = tmp_path / "shared.json"
    lesson = Session()
    lesson.open("crowding-the-plane")
    lesson.save(path)
    return path


def test_saving_into_an_unwritable_folder_says_why_and_keeps_the_work(
    qtbot, window, unwritable_folder
):
    edit(window.session, [7, 7])
    target = unwritable_folder / "mine.json"
    with qtbot.waitSignal(window.document.error) as failed:
        assert not window.save_to(target)
    title, text = failed.args
    assert title == "Could not save"
    assert text.startswith(f"Could not save {target}: permission denied")
    assert "nothing was lost" in text
    assert window.error_box.isVisible() and window.error_box.text() == text
    assert window.error_box.icon() == QtWidgets.QMessageBox.Icon.Warning
    assert no_error_dialog()
    assert window.session.is_modified and window.isWindowModified()
    np.testing.assert_array_equal(window.session.scenario.step(1).value, [7, 7])
    assert not target.exists()
    window.error_box.close()


def test_saving_under_a_file_as_if_it_were_a_folder_says_why(qtbot, window, tmp_path):
    (tmp_path / "notes.txt").write_text("not a folder")
    target = tmp_path / "notes.txt" / "mine.json"
    edit(window.session, [3, 4])
    with qtbot.waitSignal(window.document.error) as failed:
        assert not window.save_to(target)
    assert failed.args[1].startswith(f"Could not save {target}: a part of the path is not a folder")
    assert window.session.is_modified and no_error_dialog()
    assert (tmp_path / "notes.txt").read_text() == "not a folder"
    window.error_box.close()


def test_any_error_a_save_raises_is_shown_as_could_not_save(qtbot, window, tmp_path, monkeypatch):
    def broken(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(window.session, "save", broken)
    with qtbot.waitSignal(window.document.error) as failed:
        assert not window.save_to(tmp_path / "full.json")
    assert failed.args[1].startswith(f"Could not save {tmp_path / 'full.json'}: the disk is full")
    window.error_box.close()


def test_close_whose_save_fails_keeps_the_window_and_the_next_window_works(
    new_window, monkeypatch, unwritable_folder, tmp_path
):
    first = new_window()
    session = first.session
    edit(session, [5, 6])
    monkeypatch.setattr(first, "ask_unsaved", lambda: SAVE)
    target = unwritable_folder / "lesson.json"
    monkeypatch.setattr(QtWidgets.QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    assert not first.close()
    assert first.isVisible() and session.is_modified
    assert first.last_error.startswith(f"Could not save {target}")
    assert no_error_dialog()
    first.error_box.close()

    # Another window in the same process opens, edits, saves and closes as usual.
    second = new_window()
    edit(second.session, [1, 2])
    monkeypatch.setattr(second, "ask_unsaved", lambda: SAVE)
    saved = tmp_path / "second.json"
    monkeypatch.setattr(QtWidgets.QFileDialog, "getSaveFileName", lambda *a, **k: (str(saved), ""))
    assert second.close()
    np.testing.assert_array_equal(load_scenario(saved).step(1).value, [1, 2])
    # The first still holds its work, and saves it once given a place that works.
    monkeypatch.setattr(first, "ask_unsaved", lambda: QtWidgets.QMessageBox.StandardButton.Cancel)
    assert first.save_to(tmp_path / "first.json")
    np.testing.assert_array_equal(load_scenario(tmp_path / "first.json").step(1).value, [5, 6])
    assert first.close()


def test_close_with_an_error_inside_keeps_the_window_open(qtbot, window, monkeypatch):
    def bug():
        raise RuntimeError("a bug while closing")

    with monkeypatch.context() as patched, qtbot.capture_exceptions() as raised:
        patched.setattr(window.document, "close", bug)
        assert not window.close()  # Qt would have taken the event as accepted
    assert window.isVisible()
    assert [type(info[1]) for info in raised] == [RuntimeError]  # the error hook hears it


def test_two_windows_on_one_file_the_second_save_asks(
    new_window, shared_file, tmp_path, monkeypatch
):
    path = shared_file
    first, second = new_window(path), new_window(path)
    edit(first.session, [1, 1])
    assert first.save_to(path)
    edit(second.session, [2, 2])
    asked = []
    answers = iter(["cancel", "overwrite"])
    monkeypatch.setattr(second, "ask_changed_on_disk", lambda p: asked.append(p) or next(answers))
    assert not second.save_to(path)
    assert asked == [path]
    np.testing.assert_array_equal(load_scenario(path).step(1).value, [1, 1])  # first's edit kept
    assert second.session.is_modified
    assert second.save_to(path)  # asked again; overwrite
    np.testing.assert_array_equal(load_scenario(path).step(1).value, [2, 2])
    assert not second.session.is_modified and len(asked) == 2
    # Now the first is the one behind: it asks too, and Save As… keeps both versions.
    edit(first.session, [3, 3])
    monkeypatch.setattr(first, "ask_changed_on_disk", lambda p: "save_as")
    elsewhere = tmp_path / "mine.json"
    monkeypatch.setattr(
        QtWidgets.QFileDialog, "getSaveFileName", lambda *a, **k: (str(elsewhere), "")
    )
    assert first.save_to(path)
    np.testing.assert_array_equal(load_scenario(path).step(1).value, [2, 2])
    np.testing.assert_array_equal(load_scenario(elsewhere).step(1).value, [3, 3])
    assert first.session.path == elsewhere


def test_a_file_saved_by_another_process_is_not_overwritten_unasked(
    new_window, shared_file, monkeypatch
):
    path = shared_file
    window = new_window(path)
    other_process = textwrap.dedent(
        f"""
        from linviz.controller.commands import ReplaceStep
        from linviz.controller.session import Session
        session = Session()
        session.open({str(path)!r})
        step = session.scenario.step(1)
        session.execute(ReplaceStep(1, step.with_changes(value=[8, 8])))
        session.save()
        """
    )
    subprocess.run([sys.executable, "-c", other_process], check=True, timeout=120)
    edit(window.session, [9, 9])
    asked = []
    monkeypatch.setattr(window, "ask_changed_on_disk", lambda p: asked.append(p) or "cancel")
    assert not window.save_to(path)
    assert asked == [path]
    np.testing.assert_array_equal(load_scenario(path).step(1).value, [8, 8])


def test_the_changed_on_disk_question_offers_overwrite_save_as_and_cancel(qtbot, window, tmp_path):
    seen = []

    def answer(button_text: str):
        def click():
            boxes = [
                w
                for w in QtWidgets.QApplication.topLevelWidgets()
                if isinstance(w, QtWidgets.QMessageBox) and w.isVisible()
            ]
            if not boxes:
                QtCore.QTimer.singleShot(10, click)
                return
            box = boxes[0]
            texts = [b.text().replace("&", "") for b in box.buttons()]
            seen.append((box.windowTitle(), box.text(), texts))
            if button_text in texts:
                box.buttons()[texts.index(button_text)].click()
            else:
                box.reject()  # never hang: the assertions below say what was missing

        QtCore.QTimer.singleShot(0, click)

    path = tmp_path / "a.json"
    for button, choice in (("Overwrite", "overwrite"), ("Save As…", "save_as")):
        answer(button)
        assert REAL_ASK_CHANGED(window, path) == choice
    answer("Cancel")
    assert REAL_ASK_CHANGED(window, path) == "cancel"
    title, text, buttons = seen[0]
    assert title == "File changed on disk"
    assert text.startswith(f"{path} changed on disk since it was opened or last saved here")
    assert sorted(buttons) == sorted(["Overwrite", "Save As…", "Cancel"])


def test_saving_a_hard_linked_file_says_the_other_name_keeps_the_old_version(
    qtbot, window, tmp_path
):
    path, other_name = tmp_path / "a.json", tmp_path / "b.json"
    assert window.save_to(path)
    os.link(path, other_name)
    before = other_name.read_bytes()
    edit(window.session, [4, 4])
    with qtbot.waitSignal(window.document.message) as said:
        assert window.save_to(path)
    assert said.args[0] == (
        f"{path}: saved as a new file: the file had 1 other name(s) (hard links), "
        "which keep the old version"
    )
    assert window.statusBar().currentMessage() == said.args[0]
    assert other_name.read_bytes() == before
    np.testing.assert_array_equal(load_scenario(path).step(1).value, [4, 4])
    assert not path.samefile(other_name)


def test_in_french_a_failed_save_is_told_in_french(qapp, unwritable_folder):
    from linviz.views.language import set_language
    from linviz.views.shell.save_failure import save_failed_text

    target = unwritable_folder / "a.json"
    try:
        Session().save(target)
    except Exception as error:  # the controller's ScenarioError, as the window gets it
        failure = error
    set_language("fr")
    try:
        title, text = save_failed_text(target, failure)
    finally:
        set_language("en")
    assert title == "Enregistrement impossible"
    assert text == (
        f"Impossible d’enregistrer {target} : permission refusée\n"
        "Votre travail est toujours ouvert ici ; rien n’est perdu."
    )


def test_close_then_save_over_a_file_changed_on_disk_asks_and_cancel_keeps_the_window(
    new_window, shared_file, monkeypatch
):
    path = shared_file
    first, second = new_window(path), new_window(path)
    edit(first.session, [1, 1])
    assert first.save_to(path)
    edit(second.session, [2, 2])
    monkeypatch.setattr(second, "ask_unsaved", lambda: SAVE)
    answers = iter(["cancel", "overwrite"])
    monkeypatch.setattr(second, "ask_changed_on_disk", lambda p: next(answers))
    assert not second.close()  # cancelled at "changed on disk": nothing written, still open
    assert second.isVisible() and second.session.is_modified
    np.testing.assert_array_equal(load_scenario(path).step(1).value, [1, 1])
    assert second.close()  # asked again: overwrite, then it closes
    np.testing.assert_array_equal(load_scenario(path).step(1).value, [2, 2])
