"""Everything the mouse does, the keyboard does: a walk through the window by keys alone."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6 import QtCore, QtWidgets
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from linviz.views.export.options_dialog import ExportOptions

# Menus opened offscreen cannot grab the keyboard; they still get every key sent to them.
pytestmark = pytest.mark.qt_log_ignore(
    "This plugin does not support propagateSizeHints",
    "This plugin does not support grabbing the keyboard",
)

MOUSE = {
    QtCore.QEvent.Type.MouseButtonPress,
    QtCore.QEvent.Type.MouseButtonRelease,
    QtCore.QEvent.Type.MouseButtonDblClick,
}


class MouseWatch(QtCore.QObject):
    """Counts every mouse button event the application delivers."""

    def __init__(self) -> None:
        super().__init__()
        self.count = 0
        QtWidgets.QApplication.instance().installEventFilter(self)

    def eventFilter(self, watched, event) -> bool:
        if event.type() in MOUSE:
            self.count += 1
        return False

    def stop(self) -> None:
        QtWidgets.QApplication.instance().removeEventFilter(self)


def key(widget, k, modifier=Qt.KeyboardModifier.NoModifier) -> None:
    QTest.keyClick(widget, k, modifier)


def focused() -> QtWidgets.QWidget | None:
    return QtWidgets.QApplication.focusWidget()


def in_panel(panel) -> bool:
    focus = focused()
    return focus is not None and (focus is panel or panel.isAncestorOf(focus))


def menu_key(qtbot, k) -> None:
    """A key to the open menu (the popup on top)."""
    qtbot.waitUntil(lambda: QtWidgets.QApplication.activePopupWidget() is not None)
    key(QtWidgets.QApplication.activePopupWidget(), k)


def target_widget():
    return focused() or QtWidgets.QApplication.activeWindow()


def test_a_lesson_stepped_nudged_undone_a_lab_and_an_export_by_keys_alone(
    qtbot, window, tmp_path, monkeypatch
):
    session = window.session
    mouse = MouseWatch()
    try:
        # Open a lesson: File ▸ Lessons ▸ 1.
        key(window, Qt.Key.Key_F, Qt.KeyboardModifier.AltModifier)
        menu_key(qtbot, Qt.Key.Key_L)
        qtbot.waitUntil(lambda: QtWidgets.QApplication.activePopupWidget() is not window.file_menu)
        menu_key(qtbot, Qt.Key.Key_1)
        qtbot.waitUntil(
            lambda: session.title.startswith("Session trace") or "trace" in session.title.lower()
        )
        assert not session.is_modified
        # Step to the first write.
        key(target_widget(), Qt.Key.Key_Home)
        while session.cursor < 1 or not session.scenario.is_write(session.cursor):
            before = session.cursor
            key(target_widget(), Qt.Key.Key_Right)
            assert session.cursor == before + 1
        number = session.cursor
        original = np.array(session.scenario.step(number).vector, dtype=float)
        # F6 reaches the key plane.
        for _ in range(len(window.keyboard.panels()) + 1):
            if in_panel(window.key_plane):
                break
            key(target_widget(), Qt.Key.Key_F6)
        assert in_panel(window.key_plane)
        first, second = session.plane_axes("key")
        # Nudge: right by 0.1, then up by 0.5 with Shift.
        key(focused(), Qt.Key.Key_Right)
        moved = original.copy()
        moved[first] += 0.1
        np.testing.assert_allclose(session.scenario.step(number).vector, moved)
        assert session.cursor == number  # the arrow moved the key, not the cursor
        key(focused(), Qt.Key.Key_Up, Qt.KeyboardModifier.ShiftModifier)
        moved[second] += 0.5
        np.testing.assert_allclose(session.scenario.step(number).vector, moved)
        # Each nudge is one undo entry.
        key(focused(), Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
        moved[second] -= 0.5
        np.testing.assert_allclose(session.scenario.step(number).vector, moved)
        key(focused(), Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
        np.testing.assert_allclose(session.scenario.step(number).vector, original)
        # A lab: Ctrl+2.
        key(target_widget(), Qt.Key.Key_2, Qt.KeyboardModifier.ControlModifier)
        assert window.labs.tabs.currentIndex() == 1
        # Export the window: File ▸ Export ▸ Export window… (the file chooser answered).
        out = tmp_path / "walk.png"
        monkeypatch.setattr(window.exporter, "_ask", lambda *args, **kwargs: (out, ExportOptions()))
        key(window, Qt.Key.Key_F, Qt.KeyboardModifier.AltModifier)
        menu_key(qtbot, Qt.Key.Key_E)
        qtbot.waitUntil(lambda: QtWidgets.QApplication.activePopupWidget() is window.exporter.menu)
        menu_key(qtbot, Qt.Key.Key_W)
        qtbot.waitUntil(out.is_file)
        assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    finally:
        mouse.stop()
    assert mouse.count == 0


def test_f6_visits_every_panel_and_shift_f6_goes_back(qtbot, window):
    panels = window.keyboard.panels()
    names = [getattr(p, "panel_name", "") for p in panels]
    assert {"heatmap", "keys", "values", "readout", "steps", "settings", "timeline"} <= set(names)
    visited = []
    for _ in panels:
        key(target_widget(), Qt.Key.Key_F6)
        visited.append(next(p for p in panels if in_panel(p)))
    assert {id(p) for p in visited} == {id(p) for p in panels}
    here = window.keyboard.current_index(panels)
    key(target_widget(), Qt.Key.Key_F6, Qt.KeyboardModifier.ShiftModifier)
    assert window.keyboard.current_index(panels) == (here - 1) % len(panels)


def test_tab_leaves_the_table_of_steps(qtbot, window):
    table = window.step_table.table
    table.setFocus(Qt.FocusReason.OtherFocusReason)
    qtbot.waitUntil(table.hasFocus)
    key(table, Qt.Key.Key_Tab)
    assert not table.hasFocus()
    assert not in_panel(window.step_table.table)


def test_add_write_add_read_and_duplicate_have_keys_window_wide(qtbot, window):
    session = window.session
    count = len(session.scenario)
    window.heatmap.setFocus()
    key(
        target_widget(),
        Qt.Key.Key_W,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    assert len(session.scenario) == count + 1
    key(
        target_widget(),
        Qt.Key.Key_R,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    assert len(session.scenario) == count + 2
    key(
        target_widget(),
        Qt.Key.Key_D,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    assert len(session.scenario) == count + 3
    for action in window.step_table.actions():
        assert "&" in action.text() or not action.shortcut().isEmpty(), action.text()


def test_every_menu_action_has_a_shortcut_or_a_mnemonic_of_its_own(read_window):
    window = read_window  # it only reads: the module's shared window
    missing, clashes = [], []
    for menu in window.menuBar().findChildren(QtWidgets.QMenu) + [window.menuBar()]:
        letters = {}
        for action in menu.actions():
            if action.isSeparator() or not action.text():
                continue
            text = action.text().replace("&&", "")
            if "&" in text:
                letter = text[text.index("&") + 1].casefold()
                if letter in letters:
                    clashes.append((menu.title(), letters[letter], action.text()))
                letters[letter] = action.text()
            elif action.shortcut().isEmpty():
                missing.append(action.text())
    assert not missing
    assert not clashes


def test_help_lists_the_shortcuts_from_the_actions(qtbot, read_window):
    window = read_window  # it only reads: the module's shared window
    dialog = window.keyboard.show_shortcuts()
    qtbot.addWidget(dialog)
    table = dialog.findChild(QtWidgets.QTableWidget)
    rows = {table.item(r, 0).text(): table.item(r, 1).text() for r in range(table.rowCount())}
    assert rows["Add write"] == "Ctrl+Shift+W"
    assert rows["Next panel"] == "F6"
    assert rows["Undo"] == "Ctrl+Z"
    assert any("Arrow keys" in keys for keys in rows.values())


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_shortcut_list_shows_both_columns_whole(qtbot, language):
    """In French the longest action took the dialog's 560 px: the keys' column was
    cut ("Touch") behind a horizontal scroll bar."""
    from linviz.views.language import set_language
    from tests.views.conftest import opened_window

    set_language(language)
    try:
        window = opened_window(qtbot, "crowding-the-plane", (1024, 768))
        dialog = window.keyboard.show_shortcuts()
        qtbot.addWidget(dialog)
        qtbot.waitExposed(dialog)
        table = dialog.findChild(QtWidgets.QTableWidget)
        assert not table.horizontalScrollBar().isVisible()
        assert table.horizontalHeader().length() <= table.viewport().width()
        dialog.close()
    finally:
        set_language("en")
