"""A change of the session paints the window once, every plot in the same pass."""

from __future__ import annotations

import numpy as np
import shiboken6
from PySide6 import QtCore, QtWidgets

from linviz.bench.view_bench import send_mouse as mouse
from linviz.views.one_paint import paint_once_per_change
from tests.views.conftest import data_to_viewport

PLOTS = ("keys", "values", "heatmap")


class PassRecorder(QtCore.QObject):
    """Which plots paint after each UpdateRequest the window receives (application-wide,
    so before any filter of the window's own: requests held back are seen too)."""

    def __init__(self, window) -> None:
        super().__init__()
        self.window = window
        self.names = {id(window.panels[name].plot_widget.viewport()): name for name in PLOTS}
        self.passes: list[set[str]] = []

    def eventFilter(self, watched, event) -> bool:
        kind = event.type()
        if kind == QtCore.QEvent.Type.UpdateRequest and watched is self.window:
            self.passes.append(set())
        elif kind == QtCore.QEvent.Type.Paint and id(watched) in self.names and self.passes:
            self.passes[-1].add(self.names[id(watched)])
        return False

    def painting_passes(self) -> list[set[str]]:
        return [painted for painted in self.passes if painted]


def _record(qtbot, window, action) -> list[set[str]]:
    recorder = PassRecorder(window)
    app = QtWidgets.QApplication.instance()
    app.installEventFilter(recorder)
    try:
        action()
        qtbot.waitUntil(lambda: set(PLOTS) <= set().union(*recorder.passes))
        for _ in range(5):  # later turns of the loop paint nothing more of them
            QtWidgets.QApplication.processEvents()
    finally:
        app.removeEventFilter(recorder)
    return recorder.painting_passes()


def _settled(window) -> None:
    for _ in range(10):
        QtWidgets.QApplication.processEvents()
    assert not window.paint_hold.held


def test_a_drag_move_paints_every_plot_in_one_pass(qtbot, window):
    session = window.session
    session.set_options(snap_grid=False)
    session.set_cursor(len(session.scenario))  # a read: every plot shows the dragged key's effect
    panel = window.panels["keys"]
    plot = panel.plot_widget
    plot.scene().minDragTime = 0
    viewport = plot.viewport()
    session.set_cursor(1)
    _settled(window)
    tip = data_to_viewport(plot, *panel.tip_position(1))
    mouse(viewport, "move", tip, pressed=False)
    mouse(viewport, "press", tip, pressed=True)
    mouse(viewport, "move", tip + QtCore.QPoint(10, 0), pressed=True)  # starts the drag
    assert session.dragged_step == 1
    session.set_cursor(len(session.scenario))
    _settled(window)
    before = session.scenario.step(1).vector.copy()

    passes = _record(
        qtbot, window, lambda: mouse(viewport, "move", tip + QtCore.QPoint(10, -25), pressed=True)
    )

    assert not np.array_equal(session.scenario.step(1).vector, before)  # the key moved
    assert passes == [set(PLOTS)]
    mouse(viewport, "release", tip + QtCore.QPoint(10, -25), pressed=False)
    qtbot.waitUntil(lambda: not session.dragging)


def test_a_cursor_move_paints_every_plot_in_one_pass_and_nothing_is_left_unpainted(qtbot, window):
    session = window.session
    session.set_cursor(1)
    _settled(window)
    painted_before = window.paint_hold.passes

    passes = _record(qtbot, window, lambda: session.set_cursor(len(session.scenario)))

    assert passes == [set(PLOTS)]
    assert window.paint_hold.passes == painted_before + 1
    assert not window.paint_hold.held


def test_a_change_after_the_window_is_gone_is_no_error(qtbot, lesson_session):
    widget = QtWidgets.QWidget()
    hold = paint_once_per_change(lesson_session, widget)
    kept = hold  # the Python object outlives the window it held
    widget.deleteLater()
    qtbot.waitUntil(lambda: not shiboken6.isValid(kept))

    announced: list[object] = []
    lesson_session.changed.connect(announced.append)
    lesson_session.set_cursor(lesson_session.cursor + 1)  # still announced: nothing raised
    assert announced

    assert not kept.held
