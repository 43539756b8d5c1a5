"""A cursor move repaints the steps table's scroll bar, not the dock and window behind it."""

from __future__ import annotations

import pytest
from PySide6 import QtCore, QtWidgets

from linviz.bench.workloads import random_scenario
from linviz.controller.session import Session
from tests.views.conftest import opened_window


class PaintCounter(QtCore.QObject):
    """Counts the Paint events of the watched widgets (application-wide)."""

    def __init__(self, watched: dict[str, QtWidgets.QWidget]) -> None:
        super().__init__()
        self.names = {id(widget): name for name, widget in watched.items()}
        self.counts = dict.fromkeys(watched, 0)

    def eventFilter(self, obj, event) -> bool:
        if event.type() == QtCore.QEvent.Type.Paint and id(obj) in self.names:
            self.counts[self.names[id(obj)]] += 1
        return False


def _window(qtbot):
    window = opened_window(qtbot, Session(random_scenario(300, 4)), (1280, 800))
    # Away from the first and last steps: moving between these enables no button.
    window.session.set_cursor(100)
    for _ in range(10):
        QtWidgets.QApplication.processEvents()
    return window


def test_scrubbing_repaints_the_scroll_bar_alone(qtbot):
    window = _window(qtbot)
    steps = window.panels["steps"]
    bar = steps.table.verticalScrollBar()
    dock = next(w for w in window.findChildren(QtWidgets.QDockWidget) if w.isAncestorOf(steps))
    counter = PaintCounter({"bar": bar, "dock": dock, "window": window})
    app = QtWidgets.QApplication.instance()
    app.installEventFilter(counter)
    try:
        for number in (150, 40, 260, 90):
            window.session.set_cursor(number)
            qtbot.waitUntil(lambda n=number: steps.table.currentIndex().row() == n - 1)
            for _ in range(5):
                QtWidgets.QApplication.processEvents()
    finally:
        app.removeEventFilter(counter)

    assert counter.counts["bar"] >= 4  # it moved each time, and was repainted
    assert counter.counts["dock"] == 0 and counter.counts["window"] == 0


@pytest.mark.parametrize("theme", ["light", "dark", "projector"])
def test_the_scroll_bar_looks_as_it_did(qtbot, theme):
    window = _window(qtbot)
    window.session.set_options(theme=theme)
    window.session.set_cursor(150)
    bar = window.panels["steps"].table.verticalScrollBar()
    qtbot.waitUntil(lambda: bar.value() > 0)
    area = QtCore.QRect(bar.mapTo(window, QtCore.QPoint(0, 0)), bar.size())
    filled = window.grab(area).toImage()
    bar.setAutoFillBackground(False)  # the parents' background shows through
    through = window.grab(area).toImage()
    assert filled == through
