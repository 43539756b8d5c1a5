"""An exception no code caught: shown in one dialog, logged, and the window goes on."""

from __future__ import annotations

import pytest
from PySide6 import QtCore, QtWidgets
from PySide6.QtCore import Qt

from linviz.controller import signals
from linviz.views import error_hook
from linviz.views.error_hook import ErrorDialog, ErrorReporter

pytestmark = pytest.mark.qt_log_ignore(
    "This plugin does not support propagateSizeHints", "This plugin does not support raise"
)


@pytest.fixture
def reporter(tmp_path):
    hook = ErrorReporter(tmp_path / "logs").install()
    yield hook
    hook.uninstall()


def dialogs() -> list[ErrorDialog]:
    return [
        widget
        for widget in QtWidgets.QApplication.topLevelWidgets()
        if isinstance(widget, ErrorDialog) and widget.isVisible()
    ]


def back_to(window, qtbot) -> None:
    """Click back into the window (the dialog is not modal)."""
    window.activateWindow()
    qtbot.waitUntil(lambda: QtWidgets.QApplication.activeWindow() is window)


def test_a_failing_view_is_reported_and_the_window_still_responds(window, reporter, qtbot):
    session = window.session
    qtbot.keyClick(window, Qt.Key.Key_Home)
    start = session.cursor  # the first step (or step 0, the empty memory)

    def broken_view(changes):
        raise RuntimeError("a view broke <b>here</b>")

    session.changed.connect(broken_view)
    qtbot.keyClick(window, Qt.Key.Key_Right)  # the session tells every view; one raises
    assert session.cursor == start + 1
    qtbot.waitUntil(lambda: len(dialogs()) == 1)
    dialog = dialogs()[0]
    assert "RuntimeError: a view broke <b>here</b>" in dialog.summary.text()
    assert dialog.summary.textFormat() == Qt.TextFormat.PlainText
    assert "broken_view" in dialog.details.toPlainText()
    assert "Traceback" in dialog.details.toPlainText()
    log = reporter.log_path.read_text(encoding="utf-8")
    assert "RuntimeError: a view broke <b>here</b>" in log and "broken_view" in log
    # The other views still follow: the timeline shows the new step.
    assert window.timeline.slider.value() == window.timeline.slider.minimum() + 1

    # Repeated errors are counted in the one dialog, not stacked.
    back_to(window, qtbot)
    qtbot.keyClick(window, Qt.Key.Key_Right)
    qtbot.keyClick(window, Qt.Key.Key_Right)
    assert session.cursor == start + 3
    assert len(dialogs()) == 1
    assert dialog.count_label.isVisible()
    assert "3 times" in dialog.count_label.text()
    assert reporter.log_path.read_text(encoding="utf-8").count("RuntimeError: a view broke") == 3

    dialog.copy_button.click()
    copied = QtWidgets.QApplication.clipboard().text()
    assert "a view broke" in copied and "Traceback" in copied

    session.changed.disconnect(broken_view)
    dialog.close_button.click()
    assert not dialogs()
    qtbot.keyClick(window, Qt.Key.Key_End)
    assert session.cursor == len(session.scenario)
    assert not dialogs()


def test_an_exception_in_a_qt_slot_reaches_the_hook(window, reporter, qtbot):
    def broken_slot():
        raise ValueError("a timer's slot failed")

    QtCore.QTimer.singleShot(0, broken_slot)
    qtbot.waitUntil(lambda: len(dialogs()) == 1)
    assert "ValueError: a timer's slot failed" in dialogs()[0].summary.text()
    assert "broken_slot" in reporter.log_path.read_text(encoding="utf-8")
    # The dialog does not block the window: back in it, the keys work.
    back_to(window, qtbot)
    qtbot.keyClick(window, Qt.Key.Key_Home)
    start = window.session.cursor
    qtbot.keyClick(window, Qt.Key.Key_Right)

    assert window.session.cursor == start + 1
    dialogs()[0].close()


def test_install_and_uninstall_put_the_hooks_back(tmp_path):
    import sys

    before_hook, before_handler = sys.excepthook, signals.error_handler()
    hook = ErrorReporter(tmp_path).install()
    assert sys.excepthook == hook.excepthook
    assert signals.error_handler() == hook.slot_failed
    hook.uninstall()
    assert sys.excepthook == before_hook
    assert signals.error_handler() == before_handler


def test_the_log_is_bounded(tmp_path, monkeypatch, qapp):
    monkeypatch.setattr(error_hook, "LOG_BYTES", 4_000)
    hook = ErrorReporter(tmp_path)
    monkeypatch.setattr(hook, "_show", lambda *args: None)
    for number in range(200):
        try:
            raise KeyError(f"error number {number}")
        except KeyError as error:
            hook.report((KeyError, error, error.__traceback__))
    hook.uninstall()
    files = sorted(path.name for path in tmp_path.iterdir())
    assert files == [error_hook.LOG_NAME, f"{error_hook.LOG_NAME}.1"]
    assert all((tmp_path / name).stat().st_size <= 4_000 + 2_000 for name in files)
    assert "error number 199" in (tmp_path / error_hook.LOG_NAME).read_text(encoding="utf-8")
