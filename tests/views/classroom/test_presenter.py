"""The presenter view as an instructor uses it: clicker keys, notes, swap, blank, stopwatch."""

from __future__ import annotations

import json

from PySide6 import QtGui, QtWidgets
from PySide6.QtCore import Qt

from linviz.model.lessons import bundled_lessons
from linviz.model.scenario_file import load_scenario
from tests.views.child_probe import run_probe


class FakeClock:
    def __init__(self) -> None:
        self.now = 500.0

    def __call__(self) -> float:
        return self.now


def shown(label) -> str:
    """A label's text with its no-break spaces (``k\u00a0=\u00a0[1, 0]``) as plain ones."""
    return label.text().replace("\u00a0", " ")


def lesson_steps(name="crowding-the-plane"):
    path = next(lesson.path for lesson in bundled_lessons() if lesson.name == name)
    return load_scenario(path).steps


def open_presenter(qtbot, window):
    """X on the main window brings the presenter view (one screen)."""
    qtbot.keyClick(window, Qt.Key.Key_X)
    view = window.presenter.view()
    qtbot.waitUntil(lambda: view.isVisible() and view.isActiveWindow())
    return view


def test_closing_the_window_closes_its_presenter_view(qtbot, window):
    # Where closing the window does not end the app (a notebook), the
    # instructor's view must not stay on screen with nothing to present.
    view = open_presenter(qtbot, window)
    window.close()
    qtbot.waitUntil(lambda: not window.isVisible())
    assert not view.isVisible()


def test_closing_the_window_closes_its_dialogs_too(qtbot, window):
    # The try-a-vector box, the lab notebook and an error box are the window's own.
    window.classroom.open_try_box()
    window.classroom.open_lab_notebook()
    window.show_error("Cannot open", "the file is gone")
    boxes = [w for w in window.findChildren(QtWidgets.QWidget) if w.isWindow() and w.isVisible()]
    assert len(boxes) >= 3
    window.close()
    qtbot.waitUntil(lambda: not window.isVisible())
    assert not any(box.isVisible() for box in boxes)


def test_a_cancelled_close_keeps_the_presenter_view(qtbot, window, monkeypatch):
    view = open_presenter(qtbot, window)
    monkeypatch.setattr(window.document, "close", lambda: False)  # "Cancel" to unsaved work
    window.close()
    assert window.isVisible() and view.isVisible()
    monkeypatch.undo()
    window.close()
    assert not view.isVisible()


def test_the_presenter_view_follows_the_clicker_and_shows_the_steps_notes(qtbot, window):
    session = window.session
    steps = lesson_steps()
    view = open_presenter(qtbot, window)
    session.set_cursor(0)  # the empty memory, before the first write
    assert view.count_label.text() == "Step 0 / 7"
    assert view.now.heading.text() == "Now: step 0"
    assert shown(view.next.summary) == "write k1\nk = [1, 0]\nv = [3, 1]"

    qtbot.keyClick(view, Qt.Key.Key_Right)
    assert session.cursor == 1
    assert view.count_label.text() == "Step 1 / 7"
    assert shown(view.notes_label) == session.text(steps[0].notes)
    assert view.question_label.text() == session.text(steps[0].question)
    assert view.caption_label.text().replace("\u00a0", " ") == session.caption(1).text
    # The audience view moved too: its timeline shows step 1.
    assert window.timeline.position_label.text() == "1 / 7"

    qtbot.keyClick(view, Qt.Key.Key_PageDown)
    qtbot.keyClick(view, Qt.Key.Key_PageDown)
    qtbot.keyClick(view, Qt.Key.Key_PageDown)
    qtbot.keyClick(view, Qt.Key.Key_PageDown)  # step 5: k3 squeezes in
    assert view.count_label.text() == "Step 5 / 7"
    assert shown(view.notes_label) == str(steps[4].notes)
    assert view.question_label.text() == str(steps[4].question)
    assert str(steps[4].question) == "Row 1 of S was [3, 1]. What will reading with k1 return now?"
    assert shown(view.now.summary) == "write k3\nk = [0.8, 0.6]\nv = [0, −5]"
    assert view.next.heading.text() == "Next: step 6"
    assert shown(view.next.summary) == "read r3\nq = [1, 0]\ny = [3, −3]"
    assert view.now.thumbnail.shown_matrix().tolist() == [[3, -3], [-2, 1]]
    qtbot.keyClick(view, Qt.Key.Key_Left)
    assert session.cursor == 4 and shown(view.notes_label) == str(steps[3].notes)
    qtbot.keyClick(view, Qt.Key.Key_End)
    assert view.next.summary.text() == "End of the scenario."

    # Space plays from the presenter view as from the main window.
    qtbot.keyClick(view, Qt.Key.Key_Home)
    qtbot.keyClick(view, Qt.Key.Key_Space)
    assert window.timeline.playing
    qtbot.keyClick(view, Qt.Key.Key_Space)
    assert not window.timeline.playing


def test_x_swaps_the_presenter_and_the_audience_view_on_one_screen(qtbot, window):
    presenter = window.presenter
    assert presenter.show_action in window.view_menu.actions()
    assert presenter.show_action.shortcut().toString() == "X"
    assert presenter.keys_action in window.help_menu.actions()
    assert "X: presenter view" in presenter.keys_text()
    view = open_presenter(qtbot, window)
    qtbot.keyClick(view, Qt.Key.Key_X)
    qtbot.waitUntil(lambda: window.isActiveWindow() and not view.isVisible())
    window.session.set_cursor(2)
    qtbot.keyClick(window, Qt.Key.Key_Right)
    view = open_presenter(qtbot, window)
    assert view.count_label.text() == "Step 3 / 7"


def test_the_stopwatch_advances_with_the_clock_and_pauses_and_resets(qtbot, window):
    clock = FakeClock()
    window.presenter.stopwatch.clock = clock
    view = open_presenter(qtbot, window)
    assert view.clock_label.text() == "00:00" and view.start_button.text() == "Start"
    qtbot.mouseClick(view.start_button, Qt.MouseButton.LeftButton)
    assert view.start_button.text() == "Pause"
    clock.now += 65
    qtbot.waitUntil(lambda: view.clock_label.text() == "01:05")  # the display ticks by itself
    qtbot.mouseClick(view.start_button, Qt.MouseButton.LeftButton)
    clock.now += 600
    view.show_clock()
    assert view.clock_label.text() == "01:05" and view.start_button.text() == "Start"
    qtbot.mouseClick(view.reset_button, Qt.MouseButton.LeftButton)
    assert view.clock_label.text() == "00:00"


def test_the_period_blanks_the_audience_screen_from_either_window(qtbot, window):
    view = open_presenter(qtbot, window)
    qtbot.keyClick(view, Qt.Key.Key_Period)
    cover = window.presenter.cover
    assert cover.isVisible() and cover.geometry() == window.rect()
    assert view.blank_label.isVisible()
    image = window.grab().toImage()
    assert image.pixelColor(image.width() // 2, image.height() // 2) == QtGui.QColor("black")
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(window, Qt.Key.Key_Period)
    assert not cover.isVisible() and not view.blank_label.isVisible()


def test_a_hidden_output_stays_hidden_on_the_presenter_until_r(qtbot, window):
    session = window.session
    qtbot.keyClick(window, Qt.Key.Key_H, Qt.KeyboardModifier.ControlModifier)
    session.set_cursor(5)
    view = open_presenter(qtbot, window)
    assert shown(view.next.summary) == "read r3\nq = [1, 0]\ny = hidden until revealed (R)"
    assert view.next.thumbnail.shown_matrix() is None
    qtbot.keyClick(view, Qt.Key.Key_Right)
    qtbot.keyClick(view, Qt.Key.Key_R)
    assert shown(view.now.summary) == "read r3\nq = [1, 0]\ny = [3, −3]"


TWO_SCREENS = {
    "synchronousWindowSystemEvents": True,
    "windowFrameMargins": False,
    "screens": [
        {"name": "laptop", "x": 0, "y": 0, "width": 1366, "height": 768, "logicalDpi": 96},
        {"name": "projector", "x": 1366, "y": 0, "width": 1024, "height": 768, "logicalDpi": 96},
    ],
}

PROBE = r"""
import json, sys
from PySide6 import QtCore, QtWidgets
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
QtCore.QSettings.setDefaultFormat(QtCore.QSettings.Format.IniFormat)
QtCore.QSettings.setPath(
    QtCore.QSettings.Format.IniFormat, QtCore.QSettings.Scope.UserScope, sys.argv[1]
)
app = QtWidgets.QApplication([])
from linviz.controller.session import Session
from linviz.views.main_window import MainWindow
session = Session()
session.open("crowding-the-plane")
window = MainWindow(session)
window.resize(1200, 700)
window.show()
QTest.qWaitForWindowExposed(window)
window.activateWindow()
session.set_cursor(0)
QTest.keyClick(window, Qt.Key.Key_Right)
QTest.keyClick(window, Qt.Key.Key_F5)
app.processEvents()
view = window.presenter.view()
report = {
    "screens": [s.name() for s in app.screens()],
    "window_screen": window.screen().name(),
    "window_full_screen": window.isFullScreen(),
    "window_geometry": window.geometry().getRect(),
    "view_visible": view.isVisible(),
    "view_screen": view.screen().name(),
    "count_before": view.count_label.text(),
    "next_before": view.next.summary.text().replace("\u00a0", " "),
    "notes_before": view.notes_label.text().replace("\u00a0", " "),
}
view.activateWindow()
QTest.keyClick(view, Qt.Key.Key_Right)
report.update(
    cursor=session.cursor,
    count_after=view.count_label.text(),
    notes_after=view.notes_label.text().replace("\u00a0", " "),
    audience_position=window.timeline.position_label.text(),
)
QTest.keyClick(view, Qt.Key.Key_X)  # swap the screens
app.processEvents()
report.update(swapped=[window.screen().name(), view.screen().name()])
QTest.keyClick(view, Qt.Key.Key_X)
app.processEvents()
QTest.keyClick(window, Qt.Key.Key_Escape)
app.processEvents()
report.update(
    after_visible=view.isVisible(),
    after_screen=window.screen().name(),
    after_left=window.geometry().left(),
    after_full_screen=window.isFullScreen(),
)
print(json.dumps(report))
window.session.undo_stack.set_clean()
"""


def test_two_screens_put_the_audience_on_the_projector_and_the_presenter_on_the_laptop(tmp_path):
    config = tmp_path / "screens.json"
    config.write_text(json.dumps(TWO_SCREENS), encoding="utf-8")
    report = run_probe(
        PROBE,
        tmp_path,
        [str(tmp_path / "settings")],
        {"QT_QPA_PLATFORM": f"offscreen:configfile={config}"},
        timeout=120,
    )
    steps = lesson_steps()
    assert report["screens"] == ["laptop", "projector"]
    assert report["window_screen"] == "projector" and report["window_full_screen"]
    assert report["window_geometry"] == [1366, 0, 1024, 768]
    assert report["view_visible"] and report["view_screen"] == "laptop"
    assert report["count_before"] == "Step 1 / 7"
    assert report["next_before"] == "write k2\nk = [0, 1]\nv = [−2, 4]"
    assert report["notes_before"] == str(steps[0].notes)  # the English of {"en", "fr"}
    # Right on the presenter view moves both windows.
    assert report["cursor"] == 2 and report["count_after"] == "Step 2 / 7"
    assert report["notes_after"] == str(steps[1].notes)
    assert report["audience_position"] == "2 / 7"
    assert report["swapped"] == ["laptop", "projector"]
    # Leaving projector mode puts the presenter view away and the window back.
    assert not report["after_visible"] and report["after_screen"] == "laptop"
    assert report["after_left"] < 1366 and not report["after_full_screen"]
