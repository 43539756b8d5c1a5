"""A lab plot's left axis makes room for its labels before it draws them."""

from __future__ import annotations

from PySide6 import QtCore, QtGui

from linviz.views.labs.lab_plot import LabPlot
from linviz.views.theme import theme_named
from tests.views.conftest import settle


def themed_plot(qtbot) -> LabPlot:
    plot = LabPlot()
    qtbot.addWidget(plot)  # closed once, by pytest-qt (a second close fails in pyqtgraph)
    plot.apply_theme(theme_named("projector"), plot.font())
    plot.setRange(xRange=(0, 1), yRange=(0, 1), padding=0)
    plot.set_candidate_ticks("left", [(0.0, "0"), (1.0, "1")])
    plot.set_axis_title("left", "time per token (ms)")
    plot.resize(500, 400)
    plot.show()
    qtbot.waitExposed(plot)
    settle()
    return plot


def room_needed(plot: LabPlot, labels: list[str]) -> float:
    """The labels' widest box beside the axis title's height."""
    metrics = QtGui.QFontMetricsF(plot.tick_font)
    box = QtCore.QRectF(0, 0, 100, 100)
    widest = max(
        metrics.boundingRect(box, QtCore.Qt.AlignmentFlag.AlignCenter, text).width()
        for text in labels
    )
    return widest + QtGui.QFontMetricsF(plot.title_font).height() * 0.8


def test_longer_labels_widen_the_axis_before_the_next_paint(qtbot):
    plot = themed_plot(qtbot)
    axis = plot.getPlotItem().getAxis("left")
    labels = ["0", "2.5", "7.5", "12.5"]
    plot.setRange(yRange=(0, 12.5), padding=0)
    plot.set_candidate_ticks("left", [(float(text), text) for text in labels])
    # No event has run: pyqtgraph by itself would widen the axis only while painting it,
    # and Qt would lay the plot out only at its layout request, after a paint may come.
    assert axis.width() >= room_needed(plot, labels)
    settle()
    assert axis.width() >= room_needed(plot, labels)


def test_a_width_fixed_by_the_owner_stays(qtbot):
    plot = themed_plot(qtbot)
    plot.fix_axis_width("left", 140)
    plot.set_candidate_ticks("left", [(0.0, "0"), (1.0, "1,000,000.5")])
    settle()
    assert plot.getPlotItem().getAxis("left").width() == 140
