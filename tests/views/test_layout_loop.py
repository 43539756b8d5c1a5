"""No layout that feeds on itself: a key plane of about 248×366 px in projector mode.

After File ▸ New in projector mode, such a plane re-laid itself out forever
(a frozen window at 100% CPU): a new range changed the tick labels' width,
the axis' width changed the plot's size, the range was fitted again.
"""

from __future__ import annotations

import pytest
from PySide6 import QtCore, QtWidgets

from linviz.model.scenario import Scenario, write
from linviz.views.panels.key_plane import KeyPlanePanel

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

#: Layout events the plots see while the queue should be idle.
_LAYOUT = (QtCore.QEvent.Type.LayoutRequest, QtCore.QEvent.Type.GraphicsSceneResize)


class LayoutCounter(QtCore.QObject):
    """Counts layout requests and scene resizes anywhere in the application."""

    def __init__(self) -> None:
        super().__init__()
        self.count = 0
        QtWidgets.QApplication.instance().installEventFilter(self)

    def eventFilter(self, watched, event) -> bool:
        if event.type() in _LAYOUT:
            self.count += 1
        return False

    def stop(self) -> None:
        QtWidgets.QApplication.instance().removeEventFilter(self)


def layout_events_when_idle(rounds: int = 60, warm_up: int = 30) -> int:
    """Layout events in ``rounds`` rounds of the event loop, after ``warm_up`` to settle."""
    app = QtWidgets.QApplication.instance()
    for _ in range(warm_up):
        app.processEvents()
    counter = LayoutCounter()
    try:
        for _ in range(rounds):
            app.processEvents()
    finally:
        counter.stop()
    return counter.count


def new_scenario() -> Scenario:
    """What File ▸ New makes."""
    return Scenario(2, 2, [write([1, 0], [1, 0], "w1")], title="Untitled")


@pytest.mark.parametrize("size", [(248, 366), (242, 363), (260, 380)])
def test_a_projector_key_plane_settles(qtbot, lesson_session, size):
    lesson_session.replace_scenario(new_scenario(), None)
    lesson_session.set_options(projector=True)
    panel = KeyPlanePanel(lesson_session)
    qtbot.addWidget(panel)
    panel.resize(*size)
    with qtbot.waitExposed(panel):
        panel.show()
    assert layout_events_when_idle() == 0


def test_a_projector_window_settles_after_new_at_any_size(window):
    window.set_projector_mode(True, full_screen=False)
    window.new_scenario()
    for width, height in ((800, 600), (1024, 768), (1280, 720), (1100, 830), (900, 700)):
        window.resize(width, height)
        assert layout_events_when_idle(rounds=40) == 0, (width, height)
