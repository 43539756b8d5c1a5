"""Crash recovery in the window: written after each change, offered after a crash.

Once, 21 edits and a SIGKILL left nothing anywhere. Now a real linviz
process is killed after an edit; the next start offers the edit back.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest
from PySide6 import QtWidgets

from linviz.controller import recovery
from linviz.controller.commands import ReplaceStep
from linviz.views import recovery_writer
from linviz.views.app import open_window
from linviz.views.main_window import MainWindow
from linviz.views.recovery_writer import RecoveryDialog

pytestmark = pytest.mark.qt_log_ignore(
    "This plugin does not support propagateSizeHints", "This plugin does not support raise"
)

ROOT = Path(__file__).resolve().parents[2]

#: A linviz window on a lesson that edits step 1's value once it runs, then waits.
CHILD = textwrap.dedent(
    """
    from PySide6 import QtCore

    from linviz.controller.commands import ReplaceStep
    from linviz.views.app import application, install_error_reporter, open_window

    app = application()
    install_error_reporter(app)
    window = open_window("crowding-the-plane")
    session = window.session

    def edit():
        step = session.scenario.step(1)
        session.execute(ReplaceStep(1, step.with_changes(value=[7.0, -2.5]), text="edit value"))

    QtCore.QTimer.singleShot(0, edit)
    app.exec()
    """
)


def recovery_files(folder: Path) -> list[Path]:
    return sorted(folder.glob(f"*{recovery.SUFFIX}")) if folder.is_dir() else []


def edit_value(session, value) -> None:
    step = session.scenario.step(1)
    session.execute(ReplaceStep(1, step.with_changes(value=value), text="edit value"))


@pytest.fixture
def answer(monkeypatch):
    """The start-up question answered by the test: set ``answer.choice``; ``answer.asked`` lists."""

    class Answer:
        choice = "restore"
        asked: list[list[recovery.Recoverable]] = []

    def ask(self, entries):
        Answer.asked.append(list(entries))
        return Answer.choice, entries[0]

    monkeypatch.setattr(MainWindow, "ask_recovery", ask)
    Answer.asked = []
    return Answer


def start(qtbot) -> MainWindow:
    """What ``linviz`` does at start (the window, then the offer), on the lesson."""
    window = open_window("crowding-the-plane")
    assert window is not None
    qtbot.addWidget(window)
    return window


@pytest.mark.skipif(os.name != "posix", reason="SIGKILL")
def test_a_killed_linviz_offers_its_edit_at_the_next_start(qtbot, tmp_path, answer):
    folder = recovery.recovery_folder()
    assert str(folder).startswith(str(tmp_path))  # the test's own data folder
    env = dict(
        os.environ,
        PYTHONPATH=str(ROOT),
        QT_QPA_PLATFORM="offscreen",
        XDG_CONFIG_HOME=str(tmp_path / "config"),  # its settings, not the user's
    )
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD],
        env=env,
        cwd=tmp_path,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        qtbot.waitUntil(
            lambda: bool(recovery_files(folder)) or child.poll() is not None, timeout=60_000
        )
        assert child.poll() is None, child.stderr.read().decode()
        # Written from the live process: the next start must not offer it yet.
        assert recovery.list_recoverable() == []
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
        child.stderr.close()
    assert child.returncode == -signal.SIGKILL
    (left,) = recovery_files(folder)

    window = start(qtbot)
    (asked,) = answer.asked
    assert [entry.path for entry in asked] == [left]
    assert asked[0].title == "Crowding the plane"
    session = window.session
    np.testing.assert_array_equal(session.scenario.step(1).value, [7.0, -2.5])
    assert session.is_modified and window.isWindowModified()
    # The old file is gone; this window's own file holds the work now.
    assert not left.exists()
    assert recovery_files(folder) == [window.recovery.path]
    # A clean exit removes it.
    window.close()
    assert recovery_files(folder) == []


def test_the_file_is_written_after_a_pause_and_not_during_a_drag(window, qtbot):
    writer = window.recovery
    session = window.session
    assert not writer.path.exists()
    edit_value(session, [4.0, 4.0])
    assert not writer.path.exists()  # not at once: a moment after the last change
    assert writer.timer.isActive()
    qtbot.waitUntil(writer.path.exists, timeout=5_000)
    restored = recovery.restore(writer.path)
    np.testing.assert_array_equal(restored.scenario.step(1).value, [4.0, 4.0])

    session.begin_drag(1, "value")
    session.drag_to(np.array([9.0, 9.0]))
    assert not writer.write_now()  # in the drag: waits for its end
    assert writer.timer.isActive()
    np.testing.assert_array_equal(recovery.restore(writer.path).scenario.step(1).value, [4, 4])
    session.end_drag()
    with qtbot.waitSignal(writer.written, timeout=5_000):
        pass
    np.testing.assert_array_equal(recovery.restore(writer.path).scenario.step(1).value, [9, 9])

    # Undone back to what was opened: nothing unsaved, no file.
    session.undo()
    session.undo()
    assert not session.is_modified
    assert not writer.path.exists()


def test_saving_removes_the_file(window, qtbot, tmp_path):
    edit_value(window.session, [1.0, 2.0])
    assert window.recovery.write_now()
    assert window.save_to(tmp_path / "saved.json")
    assert not window.recovery.path.exists()


def test_two_windows_keep_their_own_files(qtbot, lesson_session):
    from linviz.controller.session import Session

    first = MainWindow(lesson_session)
    other_session = Session()
    other_session.open("crowding-the-plane")
    second = MainWindow(other_session)
    for win in (first, second):
        qtbot.addWidget(win)
    edit_value(first.session, [1.0, 1.0])
    edit_value(second.session, [2.0, 2.0])
    assert first.recovery.write_now() and second.recovery.write_now()
    assert first.recovery.path != second.recovery.path
    for win, value in ((first, 1.0), (second, 2.0)):
        restored = recovery.restore(win.recovery.path)
        np.testing.assert_array_equal(restored.scenario.step(1).value, [value, value])
    assert recovery.list_recoverable() == []  # both windows are alive
    first.close()
    assert not first.recovery.path.exists() and second.recovery.path.exists()
    second.close()


def left_behind(qtbot, value) -> Path:
    """A recovery file as a window that died would leave it (its lock released)."""
    window = start(qtbot)
    edit_value(window.session, value)
    assert window.recovery.write_now()
    path = window.recovery.path
    window.recovery.file._lock.close()  # what the process's death does
    window.recovery.file._lock = None
    window.recovery._has_file = False  # so closing does not remove it
    window.close()
    assert path.exists()
    return path


def test_discard_and_later(qtbot, answer):
    path = left_behind(qtbot, [3.0, 3.0])
    answer.choice = "later"
    window = start(qtbot)
    assert path.exists() and not window.session.is_modified
    window.close()
    answer.choice = "discard"
    window = start(qtbot)
    assert not path.exists() and not window.session.is_modified
    window.close()
    answer.asked.clear()
    start(qtbot).close()
    assert answer.asked == []  # nothing left to offer


def test_the_dialog_lists_what_and_when(qtbot):
    path = left_behind(qtbot, [3.0, 3.0])
    (entry,) = recovery.list_recoverable()
    assert entry.path == path
    dialog = RecoveryDialog([entry])
    qtbot.addWidget(dialog)
    text = dialog.list.item(0).text()
    assert "Crowding the plane" in text and recovery_writer.describe(entry) == text
    dialog.discard_button.click()
    assert dialog.choice == "discard" and dialog.chosen == entry
    assert isinstance(dialog, QtWidgets.QDialog)
