"""The main window as a user meets it: lessons, files, keys, undo, titles."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6 import QtWidgets
from PySide6.QtCore import Qt

from linviz.controller.commands import ReplaceStep
from linviz.controller.session import Session
from linviz.model.lessons import bundled_lessons
from linviz.model.scenario_file import load_scenario
from linviz.views.classroom.class_menu import Classroom
from linviz.views.export.window_exporter import WindowExporter
from linviz.views.main_window import MainWindow


def test_the_window_builds_its_parts_and_hears_every_panel(window):
    assert isinstance(window.classroom, Classroom)
    assert isinstance(window.exporter, WindowExporter)
    assert window.panels == {
        "heatmap": window.heatmap,
        "equation": window.equation,
        "keys": window.key_plane,
        "values": window.value_plane,
        "readout": window.readout,
        "caption": window.caption,
        "timeline": window.timeline,
        "steps": window.step_table,
        "settings": window.settings_panel,
    }
    window.session.pin_baseline()  # the baseline panel joins when its dock shows
    assert window.panels["baseline"] is window.baseline_panel()
    menus = [action.text() for action in window.menuBar().actions()]
    assert menus == ["&File", "&Edit", "&Go", "&View", "&Class", "&Help"]
    for name, panel in window.panels.items():
        panel.message.emit(f"a word from {name}")
        assert window.statusBar().currentMessage() == f"a word from {name}"


def test_keyboard_steps_the_cursor_and_the_views_follow(qtbot, window):
    session = window.session
    session.set_cursor(4)
    # Home goes to step 0, the empty memory; every view says so, none fails.
    qtbot.keyClick(window, Qt.Key.Key_Home)
    assert session.cursor == 0
    np.testing.assert_array_equal(window.panels["heatmap"].shown_matrix(), [[0, 0], [0, 0]])
    assert window.panels["caption"].text().startswith("Step 0 of 7 · the empty memory")
    assert window.panels["equation"].shown_parts() == []
    assert "nothing has been written yet" in window.panels["equation"].empty_label.text()
    assert window.panels["timeline"].strip.chip_rect(0).isValid()
    qtbot.keyClick(window, Qt.Key.Key_Right)
    qtbot.keyClick(window, Qt.Key.Key_Right)
    qtbot.keyClick(window, Qt.Key.Key_PageDown)
    assert session.cursor == 3
    np.testing.assert_array_equal(window.panels["heatmap"].shown_matrix(), [[3, 1], [-2, 4]])
    assert "Step 3 of 7" in window.panels["caption"].text()
    qtbot.keyClick(window, Qt.Key.Key_End)
    assert session.cursor == 7
    qtbot.keyClick(window, Qt.Key.Key_PageUp)
    qtbot.keyClick(window, Qt.Key.Key_Left)
    assert session.cursor == 5
    np.testing.assert_allclose(window.panels["heatmap"].shown_matrix(), [[3, -3], [-2, 1]])


def test_ctrl_z_undoes_an_edit_and_the_title_marks_unsaved_changes(qtbot, window):
    session = window.session
    assert not window.isWindowModified()
    step = session.scenario.step(5)
    session.execute(ReplaceStep(5, step.with_changes(vector=[0.6, 0.8])))
    assert window.isWindowModified() and "[*]" in window.windowTitle()
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    np.testing.assert_array_equal(session.scenario.step(5).vector, [0.8, 0.6])
    assert not window.isWindowModified()
    qtbot.keyClick(
        window,
        Qt.Key.Key_Z,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    np.testing.assert_array_equal(session.scenario.step(5).vector, [0.6, 0.8])


def test_a_drag_is_one_undo_entry_named_once_it_ends(qtbot, window):
    """While the mouse drags k3 the numbers follow and the Edit menu and title stay as
    they were (no edit yet: the moves are not asked about); the release names it."""
    from PySide6 import QtCore
    from PySide6.QtTest import QTest

    from tests.views.conftest import data_to_viewport, settle

    session, undo = window.session, window.registry["edit.undo"]
    session.set_cursor(5)
    settle()
    assert (undo.isEnabled(), undo.text(), window.isWindowModified()) == (False, "&Undo", False)
    panel = window.panels["keys"]
    panel.plot_widget.scene().minDragTime = 0
    viewport = panel.plot_widget.viewport()
    tip = data_to_viewport(panel.plot_widget, *panel.tip_position(5))
    QTest.mouseMove(viewport, tip)
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, tip)
    for step in range(1, 7):
        QTest.mouseMove(viewport, tip + QtCore.QPoint(-10 * step, 8 * step))
        qtbot.waitUntil(lambda: not session.drag_pending)
        assert session.dragging
        assert (undo.isEnabled(), undo.text(), window.isWindowModified()) == (False, "&Undo", False)
    assert session.scenario.step(5).vector[0] < 0.8  # the key follows the mouse
    end = tip + QtCore.QPoint(-60, 48)
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)
    qtbot.waitUntil(lambda: not session.dragging)
    assert (undo.isEnabled(), undo.text()) == (True, "&Undo move key k3")
    assert window.isWindowModified() and "[*]" in window.windowTitle()
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    np.testing.assert_array_equal(session.scenario.step(5).vector, [0.8, 0.6])
    assert (undo.isEnabled(), window.isWindowModified()) == (False, False)


def test_opening_a_bad_file_shows_the_error_and_keeps_the_scenario(qtbot, window, tmp_path):
    bad = tmp_path / "broken.json"
    bad.write_text(
        '{"format": "linviz-scenario", "version": 1, "d_k": 2, "d_v": 2, '
        '"steps": [{"op": "write", "key": [1, 0, 2], "value": [1, 1]}]}'
    )
    before = window.session.scenario.copy()
    assert not window.open_path(bad)
    assert window.session.scenario == before
    assert "broken.json" in window.last_error and "3 components" in window.last_error
    assert window.error_box.isVisible()
    assert "3 components" in window.statusBar().currentMessage()
    window.error_box.close()


def test_open_save_round_trip(qtbot, window, tmp_path):
    session = window.session
    step = session.scenario.step(5)
    session.execute(ReplaceStep(5, step.with_changes(vector=[0.6, 0.8], caption="moved")))
    path = tmp_path / "mine.json"
    assert window.save_to(path)
    assert not window.isWindowModified() and "mine.json" in window.windowTitle()
    assert load_scenario(path) == session.scenario
    window.open_path("session-trace")
    assert session.title == "The session trace"
    assert window.open_path(path)
    assert session.scenario.step(5).caption == "moved"
    assert str(path.resolve()) in window.recent_files()


def test_unsaved_changes_prompt_can_cancel_or_discard(qtbot, window, monkeypatch):
    session = window.session
    step = session.scenario.step(1)
    session.execute(ReplaceStep(1, step.with_changes(value=[9, 9])))
    answers = iter(
        [QtWidgets.QMessageBox.StandardButton.Cancel, QtWidgets.QMessageBox.StandardButton.Discard]
    )
    asked = []
    monkeypatch.setattr(window, "ask_unsaved", lambda: asked.append(1) or next(answers))
    assert not window.open_path("session-trace")
    np.testing.assert_array_equal(session.scenario.step(1).value, [9, 9])
    assert window.open_path("session-trace")
    assert session.title == "The session trace" and len(asked) == 2


def test_lessons_menu_lists_every_lesson(read_window):
    window = read_window  # it only reads: the module's shared window
    titles = [a.text() for a in window.lessons_menu.actions()]
    assert len(titles) == len(bundled_lessons())
    assert any("Crowding the plane" in t for t in titles)


@pytest.mark.parametrize("theme", ["light", "dark", "projector"])
def test_every_lesson_renders_every_step(qtbot, theme):
    session = Session()
    window = MainWindow(session)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    if theme == "projector":
        session.set_options(projector=True)
    else:
        session.set_options(theme=theme)
    with qtbot.waitExposed(window):
        window.show()
    for lesson in bundled_lessons():
        window.open_path(lesson.name)
        for number in range(0, len(session.scenario) + 1):
            session.set_cursor(number)
            image = window.grab().toImage()
            assert not image.isNull()
    # A lesson's last step leaves pixels of both heatmap signs or at least colour.
    assert image.pixelColor(10, 10).isValid()


def test_projector_mode_enlarges_text_hides_editors_and_is_remembered(qtbot, window):
    steps_font = window.panels["caption"].font().pointSizeF()
    cell_px = window.panels["heatmap"].theme.cell_label_px
    assert window.steps_dock.isVisible() and window.settings_dock.isVisible()
    legends = [window.panels[name].legend for name in ("heatmap", "keys", "values")]
    assert all(legend.isVisible() for legend in legends)
    qtbot.keyClick(window, Qt.Key.Key_F5)
    assert window.session.options.projector and window.isFullScreen()
    assert not window.steps_dock.isVisible() and not window.settings_dock.isVisible()
    # The instructor explains the marks: the room gets the plots' space instead.
    assert not any(legend.isVisible() for legend in legends)
    assert window.panels["heatmap"].theme.cell_label_px >= 1.8 * cell_px
    big = window.panels["caption"].font().pointSizeF()
    assert big >= 1.6 * steps_font, (big, steps_font)
    second = MainWindow(Session())
    qtbot.addWidget(second)
    second.restore_projector_mode()
    assert second.session.options.projector
    second.set_projector_mode(False)
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    assert not window.session.options.projector and not window.isFullScreen()
    assert window.steps_dock.isVisible() and window.settings_dock.isVisible()
    assert all(legend.isVisible() for legend in legends)


def test_theme_choice_is_remembered(qtbot, window):
    window.theme_actions["dark"].trigger()
    assert window.session.options.theme == "dark"
    second = MainWindow(Session())
    qtbot.addWidget(second)
    assert second.session.options.theme == "dark"
    second.resize(800, 600)
    with qtbot.waitExposed(second):
        second.show()
    image = second.grab().toImage()
    corner = image.pixelColor(image.width() - 5, image.height() // 2)
    assert corner.lightness() < 80, corner.name()


# -- what is on screen after live updates ---------------------------------------------------
def _on_screen(window: MainWindow):
    """The window as the screen shows it now (the backing store, not a fresh render)."""
    from PySide6 import QtGui

    return QtGui.QGuiApplication.primaryScreen().grabWindow(window.winId()).toImage()


def test_a_drag_and_cursor_moves_leave_no_trails(qtbot, window, monkeypatch):
    """The views repaint only what changed: what is left on screen after a drag
    and a few cursor moves must equal a repaint of everything."""
    from PySide6 import QtCore

    from linviz.views.drawing import static_text
    from tests.views.conftest import data_to_viewport, drag, settle

    # Texts drawn from a kept shape may differ from plain ones by a subpixel of
    # antialiasing; this test is about what gets repainted, so all are plain.
    monkeypatch.setattr(static_text, "shaped", lambda text, font, font_key=None: None)
    session = window.session
    session.set_cursor(5)
    settle()
    panel = window.panels["keys"]
    plot_widget = panel.plot_widget
    plot_widget.scene().minDragTime = 0
    tip = data_to_viewport(plot_widget, *panel.tip_position(5))
    drag(plot_widget, tip, tip + QtCore.QPoint(-60, 45), steps=8)
    qtbot.waitUntil(lambda: not session.dragging)
    for number in (7, 2, 6):
        session.set_cursor(number)
        settle()
    settle()
    shown = _on_screen(window)
    for widget in window.findChildren(QtWidgets.QWidget):
        widget.update()
    settle()
    assert _on_screen(window) == shown


def test_cached_pictures_follow_cursor_moves_and_resizes(qtbot, window, monkeypatch):
    """Axes, grids, arrow layers and blend marks are kept as pictures: after
    cursor moves and a resize, drawing every one of them anew changes nothing
    on screen (none shows what it showed before)."""
    from linviz.views.drawing import static_text
    from tests.views.conftest import settle

    monkeypatch.setattr(static_text, "shaped", lambda text, font, font_key=None: None)
    cached = [
        item
        for view in window.findChildren(QtWidgets.QGraphicsView)
        for item in view.scene().items()
        if item.cacheMode() != QtWidgets.QGraphicsItem.CacheMode.NoCache
    ]
    assert len(cached) >= 6  # the planes' axes and layers, the heatmap's axes and marks
    session = window.session
    for number, size in ((1, None), (7, (1280, 760)), (3, None), (6, (1400, 900)), (2, None)):
        if size is not None:
            window.resize(*size)
        session.set_cursor(number)
        settle()
        settle()
        shown = _on_screen(window)
        for item in cached:
            item.update()
        settle()
        assert _on_screen(window) == shown, f"a cached picture was stale at step {number}"


@pytest.mark.parametrize("made", ["arrays", "new"])
def test_the_title_of_a_window_without_a_file_says_not_saved_not_lesson(qtbot, made):
    """Arrays opened from Python and File ▸ New were titled "… — lesson (not saved)"."""
    import linviz
    from linviz.controller.session import Session
    from linviz.views.main_window import MainWindow

    session = Session()
    if made == "arrays":
        session = Session(
            linviz.scenario_from_arrays(keys=[[1, 0]], values=[[2, 3]], queries=[[1, 0]])
        )
    window = MainWindow(session)
    qtbot.addWidget(window)
    if made == "new":
        window.new_scenario()
    title = window.windowTitle()
    assert " — not saved[*] — linviz" in title and "lesson" not in title, title
    if made == "arrays":
        assert title.startswith("Arrays: 1 pair, 1 query, d_k = 2, d_v = 2 — ")
