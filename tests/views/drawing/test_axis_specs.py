"""The planes' axes draw exactly what pyqtgraph's would: same ticks, grid, labels and places."""

from __future__ import annotations

from collections.abc import Iterator

import pyqtgraph as pg
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6 import QtGui

from linviz.views.drawing.axis_specs import draw_specs, thinned
from linviz.views.items.plots import still_plot

ORIENTATIONS = ("left", "bottom", "top", "right")


def _shown_plot(qapp) -> Iterator[pg.PlotWidget]:
    """A shown plot with a grid, every axis shown, as the planes have it."""
    widget = still_plot()
    item = widget.getPlotItem()
    for name in ORIENTATIONS:
        item.showAxis(name)
    item.showGrid(x=True, y=True, alpha=0.3)
    widget.resize(420, 360)
    widget.show()
    qapp.processEvents()
    yield widget
    widget.close()
    widget.deleteLater()


@pytest.fixture(scope="module")
def plot(qapp):
    """One plot for the module's property tests (each sets the axes' state it needs)."""
    yield from _shown_plot(qapp)


@pytest.fixture
def fresh_plot(qapp):
    """A plot of its own: the ticks an axis picks depend on the text room it was left."""
    yield from _shown_plot(qapp)


def _plain(specs):
    """Specs as plain numbers (pens by colour and width), to compare."""
    if specs is None:
        return None
    (axis_pen, start, end), ticks, texts = specs

    def point(p):
        return (p.x(), p.y())

    return (
        (axis_pen.color().rgba(), point(start), point(end)),
        [(pen.color().rgba(), pen.widthF(), point(a), point(b)) for pen, a, b in ticks],
        [((r.x(), r.y(), r.width(), r.height()), int(flags), text) for r, flags, text in texts],
    )


def _both(axis: pg.AxisItem) -> tuple[object, object, tuple, tuple]:
    """pyqtgraph's specs and ours for the axis as it is, with the text room each leaves."""
    results, rooms = [], []
    for make in (pg.AxisItem.generateDrawSpecs, draw_specs):
        axis.textWidth, axis.textHeight = 30, 18  # as before either ran
        picture = QtGui.QPicture()
        painter = QtGui.QPainter(picture)
        try:
            if axis.style["tickFont"] is not None:
                painter.setFont(axis.style["tickFont"])
            results.append(_plain(make(axis, painter)))
        finally:
            painter.end()
        rooms.append((axis.textWidth, axis.textHeight))
    return results[0], results[1], rooms[0], rooms[1]


def test_the_plots_axes_are_drawn_from_these_specs(fresh_plot, qapp, monkeypatch):
    import linviz.views.items.plots as plots

    drawn = []

    def counted(axis, painter):
        specs = draw_specs(axis, painter)
        drawn.append((axis.orientation, [text for _, _, text in specs[2]]))
        return specs

    monkeypatch.setattr(plots, "draw_specs", counted)
    plot = fresh_plot
    plot.getPlotItem().setRange(xRange=(-3.5, 7.25), yRange=(10.0, 20.0), padding=0)
    plot.repaint()
    qapp.processEvents()
    labels = dict(drawn)
    assert "0" in labels["bottom"] and "5" in labels["bottom"]
    assert "15" in labels["left"]


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    orientation=st.sampled_from(ORIENTATIONS),
    low=st.floats(-1e6, 1e6, allow_nan=False),
    span=st.floats(1e-9, 1e7, allow_nan=False),
    point_size=st.sampled_from([7, 9, 12, 18, 26]),
    grid=st.sampled_from([False, 40, 255]),
    density=st.sampled_from([0.5, 1.0, 2.0]),
)
def test_the_same_specs_as_pyqtgraph(plot, orientation, low, span, point_size, grid, density):
    axis = plot.getPlotItem().getAxis(orientation)
    font = QtGui.QFont()
    font.setPointSize(point_size)
    axis.setStyle(tickFont=font)
    axis.setGrid(grid)
    axis.setTickDensity(density)
    axis.setRange(low, low + span)
    theirs, ours, their_room, our_room = _both(axis)
    assert ours == theirs
    assert our_room == their_room


@pytest.mark.parametrize(
    "style",
    [
        {"showValues": False},
        {"tickAlpha": 0.5},
        {"tickAlpha": 80},
        {"stopAxisAtTick": (True, True)},
        {"tickLength": 8, "tickTextOffset": 9},
        {"maxTextLevel": 0},
    ],
)
@pytest.mark.parametrize("orientation", ORIENTATIONS)
def test_the_same_specs_with_other_styles(plot, orientation, style):
    axis = plot.getPlotItem().getAxis(orientation)
    kept = {name: axis.style[name] for name in style}
    axis.setStyle(**style)
    try:
        for low, high in [(-3.0, 4.5), (0.001, 0.0042), (-2e5, 9e5)]:
            axis.setRange(low, high)
            theirs, ours, their_room, our_room = _both(axis)
            assert ours == theirs
            assert our_room == their_room
    finally:
        axis.style.update(kept)


@pytest.mark.parametrize("orientation", ORIENTATIONS)
def test_the_same_specs_for_given_ticks(plot, orientation):
    axis = plot.getPlotItem().getAxis(orientation)
    axis.setRange(-1.0, 3.0)
    axis.setTicks([[(0.0, "zero"), (1.5, "1,5"), (9.0, "outside")], [(0.5, "½"), (2.0, "2")]])
    try:
        theirs, ours, their_room, our_room = _both(axis)
        assert ours == theirs
        shown = [text for _, _, text in ours[2]]
        assert shown and set(shown) <= {"zero", "1,5", "½", "2"}  # not the tick out of range
        assert our_room == their_room
    finally:
        axis.setTicks(None)


@pytest.mark.parametrize(
    "low, high",
    [(-1.7e308, 1.7e308), (5e-324, 1e-323), (1e-300, 1e300), (-1e300, -1e-300), (2.0, 2.0)],
)
def test_extreme_ranges_as_pyqtgraph(plot, low, high):
    """What pyqtgraph draws for extreme finite ranges, ours draws; what it refuses, ours does."""
    for orientation in ("left", "bottom"):
        axis = plot.getPlotItem().getAxis(orientation)
        axis.range = [low, high]  # as linkedViewChanged sets it, without the view's clamping
        try:
            theirs = ("ok", _both(axis))
        except Exception as error:  # pyqtgraph's own refusal, e.g. a range too wide
            theirs = ("raised", type(error))
        if theirs[0] == "ok":
            _, (expected, ours, their_room, our_room) = theirs
            assert ours == expected
            assert our_room == their_room
        else:
            picture = QtGui.QPicture()
            painter = QtGui.QPainter(picture)
            try:
                with pytest.raises(theirs[1]):
                    draw_specs(axis, painter)
            finally:
                painter.end()
        axis.setRange(0.0, 1.0)


def _overlapping(rects) -> bool:
    return any(a.intersects(b) for i, a in enumerate(rects) for b in rects[i + 1 :])


def test_long_labels_on_a_narrow_axis_are_thinned_keeping_zero(qapp):
    """A narrow plane at ±1e300: pyqtgraph wrote -5e+299, 0 and 5e+299 over one another."""
    widget = still_plot()
    try:
        widget.resize(180, 200)
        widget.show()
        axis = widget.getPlotItem().getAxis("bottom")
        font = QtGui.QFont()
        font.setPointSize(12)
        axis.setStyle(tickFont=font)
        widget.getPlotItem().setRange(xRange=(-1e300, 1e300), padding=0)
        qapp.processEvents()
        picture = QtGui.QPicture()
        painter = QtGui.QPainter(picture)
        try:
            theirs = draw_specs(axis, painter)
            ours = axis.generateDrawSpecs(painter)
        finally:
            painter.end()
        assert _overlapping([rect for rect, _, _ in theirs[2]])
        assert not _overlapping([rect for rect, _, _ in ours[2]])
        assert "0" in [text for _, _, text in ours[2]]
        assert len(ours[1]) == len(theirs[1])  # every tick and grid line stays
    finally:
        widget.close()


def test_labels_clear_of_one_another_are_left_as_they_are(plot):
    axis = plot.getPlotItem().getAxis("bottom")
    axis.range = [-3.5, 7.25]
    picture = QtGui.QPicture()
    painter = QtGui.QPainter(picture)
    try:
        specs = draw_specs(axis, painter)
    finally:
        painter.end()
        axis.setRange(0.0, 1.0)
    assert len(specs[2]) >= 3 and not _overlapping([rect for rect, _, _ in specs[2]])
    assert thinned(specs) is specs
