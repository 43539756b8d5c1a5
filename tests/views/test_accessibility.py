"""Screen readers find a name, a tooltip and, for S and the readout, the numbers in words."""

from __future__ import annotations

import pytest
from PySide6 import QtWidgets

from linviz.model.lessons import bundled_lessons
from linviz.views.accessibility import CONTROLS, internal

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def unnamed_controls(window) -> list[str]:
    found = []
    for widget in window.findChildren(QtWidgets.QWidget):
        if not isinstance(widget, CONTROLS) or internal(widget):
            continue
        own = widget.text() if isinstance(widget, QtWidgets.QAbstractButton) else ""
        if not (widget.accessibleName() or own) or not widget.toolTip():
            parent = widget.parentWidget()
            found.append(
                f"{type(widget).__name__} {widget.objectName()!r} in "
                f"{type(parent).__name__} {parent.objectName()!r}: "
                f"name {widget.accessibleName()!r}, tooltip {widget.toolTip()!r}"
            )
    return found


def test_every_control_of_every_lesson_and_lab_has_a_name_and_a_tooltip(qtbot, window):
    missing = []
    for lesson in bundled_lessons():
        window.session.open(lesson.name)
        for index in range(window.labs.tabs.count()):
            window.labs.tabs.setCurrentIndex(index)
            QtWidgets.QApplication.processEvents()
            missing += unnamed_controls(window)
    window.keyboard.show_shortcuts()
    missing += unnamed_controls(window)
    assert not sorted(set(missing))


def test_every_panel_has_its_title_as_accessible_name(read_window):
    window = read_window  # it only reads: the module's shared window
    for name, panel in window.panels.items():
        assert panel.accessibleName() == panel.panel_title().replace("&", ""), name


def test_the_heatmap_states_s_at_the_step_in_words(window):
    session = window.session
    session.set_cursor(1)
    text = window.heatmap.accessibleDescription()
    assert text.startswith("S after step 1, write k1")
    assert "row 1: 3, 1; row 2: 0, 0" in text
    session.set_cursor(3)
    assert "row 2: −2, 4" in window.heatmap.accessibleDescription()


def test_the_readout_states_the_output_and_the_error(window):
    session = window.session
    session.set_cursor(3)  # read r1 of k1: exact
    text = window.readout.accessibleDescription()
    assert text.startswith("Read r1: output y = [3, 1]; target k1 expects [3, 1]")
    assert "relative error 0 %" in text
    last_read = max(
        n for n in range(1, len(session.scenario) + 1) if not session.scenario.is_write(n)
    )
    session.set_cursor(last_read)
    result = session.snapshot().read
    assert f"relative error {100 * result.relative_error:.4g} %" in (
        window.readout.accessibleDescription().replace("−", "-")
    )


def test_a_dragged_key_is_described_once_the_drag_ends(window):
    session = window.session
    session.set_cursor(1)
    before = window.heatmap.accessibleDescription()
    session.begin_drag(1, "vector")
    session.drag_to(session.scenario.step(1).vector * 2)
    session.end_drag()
    after = window.heatmap.accessibleDescription()
    assert after != before and after == window.accessibility.state_words()
    session.undo()
    assert window.heatmap.accessibleDescription() == before
    session.begin_drag(1, "vector")
    session.drag_to(session.scenario.step(1).vector * 3)
    session.cancel_drag()  # back as it was: described as it was
    assert window.heatmap.accessibleDescription() == before
