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


def test_tiny_numbers_are_said_as_they_are(window):
    # A screen reader heard "key 0, 0" for a key of [1e-300, 0] and "output y = [0, 0]"
    # for a read of values near 1e-300: the residue rule took them beside 1.
    from linviz.model.scenario import Scenario, read, write

    window.session.replace_scenario(
        Scenario(
            2,
            2,
            [
                write([1e-300, 0.0], [1.0, 0.0], "k1"),
                write([1.0, 0.0], [1e-300, 2e-300], "k2"),
                read([1.0, 0.0], "r1", target="k2"),
            ],
        ),
        None,
    )
    session = window.session
    session.set_cursor(1)
    assert "key [1e−300, 0], value [1, 0]" in window.accessibility.read_words()
    session.set_cursor(3)
    words = window.accessibility.read_words()
    assert "output y = [2e−300, 2e−300]; target k2 expects [1e−300, 2e−300]" in words, words
    assert "error y − v_target [1e−300, 0]" in words, words
    assert "row 1: 2e−300, 2e−300; row 2: 0, 0" in window.accessibility.state_words()
