"""Guarded overrides: an error Qt's call would swallow is reported once, and a fallback drawn."""

from __future__ import annotations

import sys

import pyqtgraph as pg
import pytest
from PySide6 import QtCore, QtGui, QtWidgets

from linviz.views.guarded import guarded, guarded_paint, guarded_paint_event


@pytest.fixture
def hook(monkeypatch):
    """Every error handed to sys.excepthook, recorded (type name, message)."""
    seen: list[tuple[str, str]] = []
    monkeypatch.setattr(
        sys, "excepthook", lambda kind, error, trace: seen.append((kind.__name__, str(error)))
    )
    return seen


def grab(widget: QtWidgets.QWidget) -> QtGui.QImage:
    image = QtGui.QImage(widget.size(), QtGui.QImage.Format.Format_ARGB32)
    image.fill(QtGui.QColor("#ff00ff"))
    painter = QtGui.QPainter(image)
    try:
        widget.render(painter, QtCore.QPoint())
    finally:
        painter.end()
    return image


class Broken(QtWidgets.QWidget):
    """A widget whose paint raises after it began painting (as a real one did)."""

    @guarded_paint_event
    def paintEvent(self, event) -> None:
        painter = QtGui.QPainter(self)
        painter.fillRect(self.rect(), QtGui.QColor("#00ff00"))
        raise OverflowError("cannot convert float infinity to integer")

    @guarded(False)
    def eventFilter(self, watched, event) -> bool:
        raise IndexError("index 256 is out of bounds")

    @guarded(QtCore.QSize, factory=True)
    def sizeHint(self) -> QtCore.QSize:
        raise ValueError("no size")


def test_a_paint_event_that_raises_reports_once_and_draws_the_fallback(qtbot, hook):
    widget = Broken()
    qtbot.addWidget(widget)
    widget.resize(420, 80)
    first, second = grab(widget), grab(widget)
    assert hook == [("OverflowError", "cannot convert float infinity to integer")]
    background = widget.palette().color(QtGui.QPalette.ColorRole.Window)
    for image in (first, second):
        colours = {image.pixelColor(x, y).name() for x in range(0, 420, 7) for y in range(0, 80, 5)}
        assert background.name() in colours  # filled, not left half-painted green
        assert "#00ff00" not in colours
        assert len(colours) > 1  # the reason is written on it


def test_the_fallback_says_why(qtbot, hook, monkeypatch):
    written: list[str] = []
    original = QtGui.QPainter.drawText

    def recording(painter, *args):
        written.append(args[-1])
        return original(painter, *args)

    monkeypatch.setattr(QtGui.QPainter, "drawText", recording)
    widget = Broken()
    qtbot.addWidget(widget)
    widget.resize(420, 80)
    grab(widget)
    assert written == [
        "cannot draw this view: OverflowError: cannot convert float infinity to integer"
    ]


def test_other_overrides_return_their_default_and_report_once_per_kind(qtbot, hook):
    widget = Broken()
    qtbot.addWidget(widget)
    other = Broken()
    qtbot.addWidget(other)
    event = QtCore.QEvent(QtCore.QEvent.Type.User)
    assert widget.eventFilter(widget, event) is False
    assert widget.eventFilter(widget, event) is False
    assert widget.sizeHint() == QtCore.QSize()
    assert other.eventFilter(other, event) is False
    assert hook == [
        ("IndexError", "index 256 is out of bounds"),
        ("ValueError", "no size"),
        ("IndexError", "index 256 is out of bounds"),  # another widget: reported for it too
    ]


class BrokenItem(pg.GraphicsObject):
    def boundingRect(self) -> QtCore.QRectF:
        return QtCore.QRectF(0, 0, 1, 1)

    @guarded_paint
    def paint(self, painter, option, widget=None) -> None:
        painter.scale(1e6, 1e6)  # left behind by the failure: the guard restores it
        raise IndexError("index -9223372036854775808 is out of bounds for axis 0 with size 256")


def test_an_item_paint_that_raises_reports_once_and_leaves_the_painter_as_it_was(qtbot, hook):
    plot = pg.PlotWidget()
    qtbot.addWidget(plot)
    plot.resize(400, 300)
    plot.setRange(xRange=(0, 2), yRange=(0, 2), padding=0)
    item = BrokenItem()
    plot.addItem(item)
    plot.show()
    qtbot.waitExposed(plot)
    plot.grab()
    plot.viewport().repaint()
    assert [kind for kind, _ in hook] == ["IndexError"]
    image = plot.grab().toImage()
    inside = data_pixel(plot, 0.5, 0.5)
    background = plot.palette().color(QtGui.QPalette.ColorRole.Window)
    colours = {
        image.pixelColor(inside.x() + dx, inside.y() + dy).name()
        for dx in range(-30, 30, 3)
        for dy in range(-20, 20, 3)
    }
    assert background.name() in colours


def data_pixel(plot: pg.PlotWidget, x: float, y: float) -> QtCore.QPoint:
    scene = plot.getPlotItem().getViewBox().mapViewToScene(QtCore.QPointF(x, y))
    return plot.mapFromScene(scene)
